/**
 * The workspace's Inbox code held against a run (issue 55, 16): each set-up whose session would
 * not show the run's message, named by file and line (context keys missing or extra, another
 * environment's application identifier, no subscriber hash with HMAC on, another subscriber).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { environmentIdentifier, inAppHmac, inboxCodeEvidence, inboxCodeProblems, type InboxCodeSite } from '../../../src/diagnosis/inboxCode';
import { scanInboxSetups } from '../../../src/scan';
import type { Integration } from '../../../src/api';

/** The set-up of one line of JSX, as the scanner reads it. */
function site(jsx: string, where = 'src/inbox.tsx:9'): InboxCodeSite {
  const [setup] = scanInboxSetups(`import { Inbox } from '@novu/react';\nexport const Bell = () => ${jsx};\n`);
  assert.ok(setup, jsx);
  return { where, setup };
}
const run = { contextKeys: ['tenant:acme'], subscriberId: 'sbx-alice' };

describe('the Inbox code against a run', () => {
  it('says a missing context, and which keys are missing or extra', () => {
    assert.deepEqual(inboxCodeProblems(site('<Inbox applicationIdentifier="dev" subscriberId="sbx-alice" />'), {}, run), [
      'This Inbox has no context, so it shows only messages sent without one; the run was sent with tenant:acme.',
    ]);
    assert.deepEqual(inboxCodeProblems(site(`<Inbox subscriberId="sbx-alice" context={{ app: 'web' }} />`), {}, run), [
      'This Inbox’s context lacks tenant:acme, which the run was sent with: the context must be exactly the same keys.',
      'This Inbox’s context has app:web, which the run was not sent with: the context must be exactly the same keys.',
    ]);
    assert.deepEqual(inboxCodeProblems(site(`<Inbox subscriberId="sbx-alice" context={{ tenant: 'acme' }} />`), {}, run), []);
    // A spread may bring the missing key: only the extra one is sure.
    assert.deepEqual(inboxCodeProblems(site(`<Inbox subscriberId="sbx-alice" context={{ app: 'web', ...more }} />`), {}, run), [
      'This Inbox’s context has app:web, which the run was not sent with: the context must be exactly the same keys.',
    ]);
    assert.deepEqual(inboxCodeProblems(site('<Inbox subscriberId="sbx-alice" />'), {}, { ...run, contextKeys: [] }), [], 'no context on either side');
  });

  it('says another environment’s application identifier, a missing hash with HMAC on, another subscriber', () => {
    const code = site('<Inbox applicationIdentifier="sbxProdAppId01" subscriberId="sbx-bob" context={{ tenant: "acme" }} />');
    assert.deepEqual(inboxCodeProblems(code, { environmentIdentifier: 'sbxDevAppId001', hmac: true }, run), [
      'This Inbox’s applicationIdentifier is "sbxProdAppId01", and this environment’s is "sbxDevAppId001": its session belongs to another environment.',
      'This Inbox’s subscriber is "sbx-bob", not sbx-alice.',
    ]);
    assert.deepEqual(inboxCodeProblems(site('<Inbox applicationIdentifier="sbxProdAppId01" subscriberId="sbx-alice" context={{ tenant: "acme" }} />'), { environmentIdentifier: 'sbxProdAppId01', hmac: true }, run), [
      'HMAC is on in this environment’s Novu in-app integration, and this Inbox passes no subscriberHash: its session is refused.',
    ]);
    assert.deepEqual(inboxCodeProblems(site('<Inbox applicationIdentifier={process.env.APP} subscriberId={user.id} subscriberHash={hash} context={{ tenant: "acme" }} />'), { environmentIdentifier: 'x', hmac: true }, run), [], 'nothing known is not a problem');
  });

  it('gives one evidence line per set-up and the problems with their places', () => {
    const fact = { sites: [site('<Inbox applicationIdentifier="sbxProdAppId01" subscriberId="sbx-alice" />', 'src/inbox.tsx:9'), site('<Inbox applicationIdentifier="sbxDevAppId001" subscriberId="sbx-alice" context={{ tenant: "acme" }} />', 'src/other.tsx:3')], environmentIdentifier: 'sbxDevAppId001' };
    assert.deepEqual(inboxCodeEvidence(fact, run), {
      evidence: [
        { label: 'Inbox code, src/inbox.tsx:9', value: 'This Inbox has no context, so it shows only messages sent without one; the run was sent with tenant:acme. This Inbox’s applicationIdentifier is "sbxProdAppId01", and this environment’s is "sbxDevAppId001": its session belongs to another environment.' },
        { label: 'Inbox code, src/other.tsx:3', value: 'matches what was checked' },
      ],
      problems: [
        'src/inbox.tsx:9: This Inbox has no context, so it shows only messages sent without one; the run was sent with tenant:acme.',
        'src/inbox.tsx:9: This Inbox’s applicationIdentifier is "sbxProdAppId01", and this environment’s is "sbxDevAppId001": its session belongs to another environment.',
      ],
    });
  });

  it('reads the environment’s identifier and whether its Novu in-app integration has HMAC on, nothing else', () => {
    const body = [
      { _id: 'dev', name: 'Development', identifier: 'sbxDevAppId001', apiKeys: [{ key: 'secret' }] },
      { _id: 'prod', name: 'Production', identifier: 'sbxProdAppId01', apiKeys: [] },
    ];
    assert.equal(environmentIdentifier(body, 'prod'), 'sbxProdAppId01');
    assert.equal(environmentIdentifier(body, undefined), 'sbxDevAppId001', 'the one holding the caller’s key');
    const integrations = [
      { providerId: 'novu', channel: 'in_app', _environmentId: 'prod', active: true, credentials: { hmac: true, apiKey: 'never read' } },
      { providerId: 'novu', channel: 'in_app', _environmentId: 'dev', active: true, credentials: {} },
      { providerId: 'sendgrid', channel: 'email', _environmentId: 'dev', active: true, credentials: { hmac: true } },
    ] as Integration[];
    assert.equal(inAppHmac(integrations, 'prod'), true);
    assert.equal(inAppHmac(integrations, 'dev'), false);
    assert.equal(inAppHmac(integrations, 'other'), undefined);
  });
});
