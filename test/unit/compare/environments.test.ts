/** Which environment a key is for (contract §10.1), and the keys that must never get past the parse. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkPair, environmentKinds, ownEnvironment, pairCheckText, parseEnvironmentList, parseMe, sideName } from '../../../src/compare/environments';
import { parseIntegrations } from '../../../src/compare/snapshot';

const CANARY = 'canary-key-7f3a9c21-do-not-show';
const dev = { _id: 'd'.repeat(24), name: 'Development', _organizationId: 'org', identifier: 'app-dev', type: 'dev', apiKeys: [{ key: CANARY, _userId: 'u', hash: 'h' }], color: '#f00', widget: { notificationCenterEncryption: false }, dns: {}, slug: 'dev_1', bridge: { url: 'https://app.example/api/novu' } };
const prod = { _id: 'p'.repeat(24), name: 'Production', _organizationId: 'org', identifier: 'app-prod', _parentId: 'd'.repeat(24), type: 'dev', apiKeys: [] };

describe('environments', () => {
  it('drops apiKeys and every field not on the allow-list at parse time', () => {
    const list = parseEnvironmentList([dev, prod]);
    assert.ok(!JSON.stringify(list).includes(CANARY));
    assert.ok(!JSON.stringify(list).includes('apiKeys'));
    assert.deepEqual(list[0], { _id: dev._id, name: 'Development', _organizationId: 'org', identifier: 'app-dev', type: 'dev', bridgeUrl: 'https://app.example/api/novu', holdsCallersKey: true });
    const me = parseMe({ ...dev });
    assert.ok(!JSON.stringify(me).includes(CANARY));
  });

  it("falls back to the list when an old server's /me answers an array, and finds the own entry by the keys it holds", () => {
    assert.equal(parseMe([dev, prod]), 'list');
    assert.equal(ownEnvironment('list', parseEnvironmentList([dev, prod]))?._id, dev._id);
    assert.equal(ownEnvironment(parseMe(prod), parseEnvironmentList([dev, prod]))?._id, prod._id);
    assert.equal(ownEnvironment('list', parseEnvironmentList([{ ...dev, apiKeys: [] }, prod])), undefined);
    assert.throws(() => parseMe({ name: 'no id' }), /GET \/v1\/environments\/me/);
  });

  it('tells Development from Production by the first rule that decides', () => {
    const kinds = (list: object[]) => [...environmentKinds(parseEnvironmentList(list)).values()];
    assert.deepEqual(kinds([{ ...dev, type: 'dev' }, { ...prod, type: 'prod', name: 'Live' }]), ['development', 'production'], 'type "prod" wins over names');
    assert.deepEqual(kinds([dev, prod]), ['development', 'production'], 'every type "dev" decides nothing: _parentId does');
    const custom = { _id: 'c'.repeat(24), name: 'Staging', _organizationId: 'org', _parentId: dev._id, type: 'dev' };
    assert.deepEqual(kinds([dev, prod, custom]), ['development', 'production', 'other'], 'a custom child is never Production');
    assert.deepEqual(kinds([{ ...dev, _parentId: undefined }, { ...custom, _parentId: undefined }, { ...prod, _parentId: undefined, name: 'Production' }]), ['development', 'other', 'production'], 'names last');
  });

  it('refuses the same environment twice and warns about another organization or region', () => {
    const a = { baseUrl: 'https://api.novu.co', environment: { _id: '1', name: 'Development', _organizationId: 'o1' } };
    assert.deepEqual(checkPair(a, { ...a, baseUrl: 'https://api.novu.co/' }), { kind: 'sameEnvironment', environmentName: 'Development' });
    assert.equal(pairCheckText(checkPair(a, a)), 'Both connections use the same environment (Development): nothing to compare.');
    assert.deepEqual(checkPair(a, { baseUrl: 'https://api.novu.co', environment: { _id: '2', name: 'Production', _organizationId: 'o2' } }), { kind: 'differentOrganizations', sourceRegion: 'US', targetRegion: 'US' });
    const eu = checkPair(a, { baseUrl: 'https://eu.api.novu.co', environment: { _id: '1', name: 'Production' } });
    assert.deepEqual(eu, { kind: 'differentOrganizations', sourceRegion: 'US', targetRegion: 'EU' });
    assert.match(pairCheckText(eu)!, /different Novu organizations \(US, EU\)\. The comparison shows differences, but Novu cannot publish between them\./);
    assert.doesNotMatch(pairCheckText(eu)!, /promote/i);
    assert.deepEqual(checkPair(a, { baseUrl: 'https://api.novu.co', environment: { _id: '2', name: 'Production', _organizationId: 'o1' } }), { kind: 'compare' });
    assert.equal(sideName({ baseUrl: 'https://novu.internal.example:3000', environment: { _id: '1', name: '<b>Prod</b>' } }), '<b>Prod</b> (novu.internal.example:3000)');
  });
});

describe('integrations', () => {
  it('drops credentials and the inbound webhook signing key at parse time, keeps only the own environment and no agents', () => {
    const items = [
      { _id: 'i1', _environmentId: 'e1', name: 'SendGrid', identifier: 'sg', providerId: 'sendgrid', channel: 'email', active: true, primary: true, credentials: { apiKey: CANARY, secretKey: CANARY }, configurations: { inboundWebhookSigningKey: CANARY, inboundWebhookEnabled: true } },
      { _id: 'i2', _environmentId: 'e2', name: 'Other env', providerId: 'twilio', channel: 'sms', active: true, primary: true, credentials: {} },
      { _id: 'i3', _environmentId: 'e1', name: 'Agent', providerId: 'anthropic', kind: 'agent', active: true, primary: false },
      { _id: 'i4', _environmentId: 'e1', name: 'Off', providerId: 'twilio', channel: 'sms', active: false, primary: false, credentials: {} },
    ];
    const parsed = parseIntegrations(items, 'e1');
    assert.ok(!JSON.stringify(parsed).includes(CANARY));
    assert.deepEqual(parsed.map((i) => [i.providerId, i.channel, i.active, i.primary, i.credentialsSet]), [['sendgrid', 'email', true, true, true], ['twilio', 'sms', false, false, false]]);
  });
});
