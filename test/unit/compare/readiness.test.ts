/** Contract §10.6's findings, each with a case that finds it and one that does not. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareLayouts } from '../../../src/compare/compareLayouts';
import { type Finding, readinessFindings } from '../../../src/compare/readiness';
import { ALL_CHANNELS, type SideInput, side, step } from './sides';

type W = Record<string, unknown>;
const wf = (workflowId: string, extra: W = {}): W => ({ workflowId, name: workflowId, origin: 'novu-cloud', active: true, steps: [step('in-app', 'in_app')], ...extra });
const prodOf = (input: SideInput) => side({ integrations: ALL_CHANNELS, ...input, environment: { name: 'Production' } });
const devOf = (input: SideInput) => side({ integrations: ALL_CHANNELS, ...input });

function findings(source: SideInput, target: SideInput): Finding[] {
  const a = devOf(source);
  const b = prodOf(target);
  return readinessFindings(a, b, compareLayouts(a, b));
}
const ids = (list: Finding[]) => list.map((f) => `${f.id}:${f.level}:${f.workflowId ?? f.layoutId ?? f.channel}`);

describe('readiness findings', () => {
  it('R1: a workflow the target lacks, 422 workflow_not_found; sync for code, publish for the dashboard; not checked further', () => {
    const list = findings({ workflows: [wf('dash', { steps: [step('s', 'sms')] }), wf('code', { origin: 'external' })] }, { workflows: [], integrations: [] });
    assert.deepEqual(ids(list.filter((f) => f.workflowId)), ['R1:blocking:dash', 'R1:blocking:code']);
    assert.deepEqual(list[0]!.failure, { status: 422, text: 'workflow_not_found' });
    assert.deepEqual([list[0]!.fix, list[1]!.fix], [{ kind: 'publish', workflowId: 'dash' }, { kind: 'sync', workflowId: 'code' }]);
    assert.deepEqual(list[0]!.evidence.map((e) => [e.side, e.route, e.value]), [['source', 'GET /v2/workflows', 'dash'], ['target', 'GET /v2/workflows', null]]);
    assert.deepEqual(ids(findings({ workflows: [wf('a')] }, { workflows: [wf('a')] })), []);
  });

  it('R2: inactive in the target, trigger_not_active; not for a workflow only in the target', () => {
    const list = findings({ workflows: [wf('a')] }, { workflows: [wf('a', { active: false, status: 'INACTIVE' }), wf('only-prod', { active: false })] });
    assert.deepEqual(ids(list), ['R2:blocking:a']);
    assert.equal(list[0]!.failure.text, 'trigger_not_active');
    assert.deepEqual(list[0]!.evidence.map((e) => [e.side, e.field, e.value]), [['source', 'active', true], ['target', 'active', false]]);
    assert.deepEqual(ids(findings({ workflows: [wf('a', { active: false })] }, { workflows: [wf('a', { active: false })] })), [], 'inactive on both sides');
  });

  it('R3: no steps in the target', () => {
    assert.deepEqual(ids(findings({ workflows: [wf('a')] }, { workflows: [wf('a', { steps: [] })] })), ['R3:blocking:a']);
    assert.deepEqual(ids(findings({ workflows: [wf('a', { steps: [] })] }, { workflows: [wf('a')] })), []);
  });

  it('R4: a channel step without a usable integration: blocking for email, SMS, in-app; a warning for push and chat', () => {
    const steps = [step('e', 'email'), step('s', 'sms'), step('p', 'push'), step('c', 'chat'), step('d', 'digest')];
    const target = { workflows: [wf('a', { steps })], integrations: [{ channel: 'email', providerId: 'ses', primary: false }, { channel: 'sms', providerId: 'twilio', active: false }, { channel: 'in_app', providerId: 'novu' }] };
    const list = findings({ workflows: [wf('a', { steps })] }, target);
    assert.deepEqual(list.map((f) => `${f.id}:${f.level}:${f.stepId}`), ['R4:blocking:e', 'R4:blocking:s', 'R4:warning:p', 'R4:warning:c']);
    assert.equal(list[0]!.failure.text, 'Subscriber does not have an active integration');
    assert.deepEqual(list[1]!.fix, { kind: 'dashboard', page: 'integrations', channel: 'sms' });
    const sms = list[1]!.evidence.find((e) => e.side === 'target' && e.route === 'GET /v1/integrations');
    assert.deepEqual(sms!.value, [{ providerId: 'twilio', name: 'twilio', active: false, primary: true }], 'names the provider that exists but is off');
    assert.deepEqual(ids(findings({ workflows: [wf('a', { steps })] }, { workflows: [wf('a', { steps })] })), []);
  });

  it("R4: the target's own step issue counts even when the list has an integration", () => {
    const issue = { integration: { sms: [{ issueType: 'MISSING_INTEGRATION', message: 'Missing active primary integration provider' }] } };
    const list = findings({ workflows: [wf('a', { steps: [step('s', 'sms')] })] }, { workflows: [wf('a', { steps: [step('s', 'sms', {}, { issues: issue })] })] });
    assert.deepEqual(ids(list), ['R4:blocking:a']);
    assert.equal(list[0]!.evidence[0]!.field, 'steps.0.issues.integration.sms');
  });

  it("R5: an email step's layout the target lacks, Layout not found; not for a workflow only in the target", () => {
    const email = [step('e', 'email', { layoutId: 'brand' })];
    const list = findings({ workflows: [wf('a', { steps: email })], layouts: [{ layoutId: 'brand', name: 'Brand' }] }, { workflows: [wf('a', { steps: email }), wf('b', { steps: email })] });
    assert.deepEqual(list.map((f) => `${f.id}:${f.workflowId}:${f.layoutId}`), ['R5:a:brand']);
    assert.equal(list[0]!.failure.text, 'Layout not found');
    assert.deepEqual(list[0]!.fix, { kind: 'dashboard', page: 'layouts', layoutId: 'brand' });
    assert.deepEqual(ids(findings({ workflows: [wf('a', { steps: [step('e', 'email', { layoutId: null })] })] }, { workflows: [wf('a', { steps: [step('e', 'email', { layoutId: '' })] })] })), []);
  });

  it('R6: a layout that differs is a warning', () => {
    const layout = (body: string) => ({ layoutId: 'brand', name: 'Brand', controls: { values: { email: { body, editorType: 'html' } } } });
    const list = findings({ layouts: [layout('<p>new</p>')] }, { layouts: [layout('<p>old</p>')] });
    assert.deepEqual(ids(list), ['R6:warning:brand']);
    assert.deepEqual(list[0]!.evidence.map((e) => [e.side, e.field, e.value]), [['source', 'controls.values.email.body', '<p>new</p>'], ['target', 'controls.values.email.body', '<p>old</p>']]);
    assert.deepEqual(ids(findings({ layouts: [layout('x')] }, { layouts: [{ ...layout('x'), isDefault: true }] })), []);
  });

  it('R7 and R8: a stricter target schema, 400 PAYLOAD_VALIDATION_ERROR with the field', () => {
    const loose = { type: 'object', properties: { orderId: { type: 'string' } }, required: [] };
    const strict = { type: 'object', properties: { orderId: { type: 'string' }, locale: { type: 'string' } }, required: ['orderId', 'locale'] };
    const list = findings({ workflows: [wf('a', { validatePayload: true, payloadSchema: loose })] }, { workflows: [wf('a', { validatePayload: true, payloadSchema: strict })] });
    assert.deepEqual(ids(list), ['R7:warning:a']);
    assert.deepEqual(list[0]!.failure, { status: 400, type: 'PAYLOAD_VALIDATION_ERROR', text: 'Payload validation failed', field: 'root.orderId' });
    assert.deepEqual(list[0]!.refusals!.map((r) => r.field), ['root.orderId', 'root.locale']);
    assert.deepEqual(ids(findings({ workflows: [wf('a', { validatePayload: false, payloadSchema: strict })] }, { workflows: [wf('a', { validatePayload: false, payloadSchema: strict })] })), [], 'no validation in the target: no R7');
    assert.deepEqual(ids(findings({ workflows: [wf('a')] }, { workflows: [wf('a', { validatePayload: true, payloadSchema: loose })] })), ['R8:warning:a']);
  });

  it('R9: a code workflow whose schemas differ', () => {
    const code = (schema: unknown) => wf('a', { origin: 'external', payloadSchema: schema });
    assert.deepEqual(ids(findings({ workflows: [code({ type: 'object', required: ['x'] })] }, { workflows: [code({ type: 'object' })] })), ['R9:warning:a']);
    assert.deepEqual(ids(findings({ workflows: [code({ type: 'object' })] }, { workflows: [code({ type: 'object' })] })), []);
  });

  it('R10: invalid step content in the target', () => {
    const bad = [step('in-app', 'in_app', {}, { issues: { controls: { subject: [{ issueType: 'MISSING_VALUE' }] } } })];
    assert.deepEqual(ids(findings({ workflows: [wf('a')] }, { workflows: [wf('a', { status: 'ERROR', steps: bad })] })), ['R10:warning:a']);
    assert.deepEqual(ids(findings({ workflows: [wf('a', { status: 'ERROR', steps: bad })] }, { workflows: [wf('a')] })), []);
  });

  it('R11: effective preferences differ (user ?? default)', () => {
    const prefs = (readOnly: boolean, user: unknown = null) => ({ preferences: { user, default: { all: { enabled: true, readOnly }, channels: {} } } });
    const list = findings({ workflows: [wf('a', prefs(true))] }, { workflows: [wf('a', prefs(false))] });
    assert.deepEqual(ids(list), ['R11:warning:a']);
    assert.equal(list[0]!.failure.effect, 'criticalDiffers');
    assert.deepEqual(ids(findings({ workflows: [wf('a', prefs(true, { all: { enabled: true, readOnly: false }, channels: {} }))] }, { workflows: [wf('a', prefs(false))] })), [], 'user wins over default');
  });

  it('R12: translations enabled on one side, or a locale the target lacks', () => {
    assert.deepEqual(ids(findings({ workflows: [wf('a', { isTranslationEnabled: true })] }, { workflows: [wf('a')] })), ['R12:warning:a']);
    const a = devOf({ workflows: [wf('a', { isTranslationEnabled: true })] });
    const b = prodOf({ workflows: [wf('a', { isTranslationEnabled: true })] });
    assert.deepEqual(ids(readinessFindings(a, b)), []);
    a.translations = new Map([['a', { locales: ['en_US', 'fr_FR'] }]]);
    b.translations = new Map([['a', { locales: ['en_US'] }]]);
    assert.deepEqual(ids(readinessFindings(a, b)), ['R12:warning:a']);
  });

  it("R13: the target's only usable email or SMS provider is Novu's demo one", () => {
    const integrations = [{ channel: 'email', providerId: 'novu-email' }, { channel: 'sms', providerId: 'twilio' }, { channel: 'in_app', providerId: 'novu' }];
    assert.deepEqual(ids(findings({}, { integrations })), ['R13:warning:email']);
    assert.deepEqual(ids(findings({}, { integrations: [...integrations, { channel: 'email', providerId: 'ses' }] })), []);
  });

  it('puts blocking findings first', () => {
    const list = findings({ workflows: [wf('a', { isTranslationEnabled: true }), wf('b')] }, { workflows: [wf('a')] });
    assert.deepEqual(ids(list), ['R1:blocking:b', 'R12:warning:a']);
  });
});
