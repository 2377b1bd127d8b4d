/**
 * The delivery diagnosis as pure logic (issue 24): each link of the chain, the verdict's ranking (a
 * cause proven by the latest run outranks one inferred from settings), the fixes offered, the
 * cross-connection lookup, "?" for what could not be checked, and no secret value anywhere.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification, Workflow } from '../../../src/api';
import { diagnose, type DiagnosisInput, type Fact } from '../../../src/diagnosis/diagnosisModel';
import type { DescribedError } from '../../../src/ui/errors';
import { buildExecutionDetail, buildIntegration, buildJob, buildNotification, buildPreferences, buildSubscriber } from '../../fixtures/builders';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const ok = <T,>(value: T): Fact<T> => ({ state: 'ok', value });
const failed = (message: string, kind: DescribedError['kind'] = 'server'): Fact<never> => ({ state: 'failed', error: { kind, message, details: [], retryable: true } });

const ada = buildSubscriber({ subscriberId: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', timezone: 'Europe/Paris', createdAt: '2026-01-01T00:00:00Z' });
const welcome: Workflow = {
  _id: '6615c0ffee00000000f10001', workflowId: 'welcome', name: 'Welcome', status: 'ACTIVE', active: true,
  preferences: { user: null, default: { all: { enabled: true, readOnly: false }, channels: { email: { enabled: true } } } },
  steps: [{ stepId: 'email-step', type: 'email', controlValues: {} }, { stepId: 'in-app-step', type: 'in_app', controlValues: {} }],
};

function run(status: string, detail: string, extra: Partial<Notification> = {}, detailStatus = 'Success'): Notification {
  return buildNotification({
    _id: '6650c0ffee000000000000a1',
    createdAt: '2026-11-24T09:00:00Z',
    subscriber: { subscriberId: 'ada', firstName: 'Ada', lastName: 'Lovelace' } as never,
    template: { _id: welcome._id, name: 'Welcome', triggers: [{ identifier: 'welcome', type: 'event', variables: [] }] } as never,
    jobs: [buildJob({ type: 'trigger', status: 'completed' }, 1), buildJob({ type: 'email', status, providerId: 'sendgrid', executionDetails: [buildExecutionDetail({ status: 'Pending', detail: 'Step queued' }), buildExecutionDetail({ status: detailStatus, detail, providerId: 'sendgrid' })] } as never)],
    ...extra,
  });
}

function input(overrides: Partial<DiagnosisInput> = {}): DiagnosisInput {
  return {
    connection: { id: 'c1', name: 'Development', region: 'EU', environmentId: 'env0000000000000000000001' },
    subscriberId: 'ada',
    workflowRef: 'welcome',
    channel: 'email',
    sinceMs: NOW - 24 * 3_600_000,
    nowMs: NOW,
    subscriber: ok(ada),
    elsewhere: { state: 'skipped' },
    workflow: ok(welcome),
    runs: ok([]),
    preferences: ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: true, in_app: true } }, workflows: [] }), critical: [] }),
    integrations: ok([buildIntegration()]),
    ...overrides,
  };
}

const link = (d: ReturnType<typeof diagnose>, id: string) => d.links.find((l) => l.id === id)!;

describe('the delivery diagnosis', () => {
  it('a cause proven by the latest run: the verdict names it, its proof and the fix (the preference)', () => {
    const off = buildPreferences({ global: { enabled: true, channels: { email: true } }, workflows: [{ enabled: true, channels: { email: false }, overrides: [], workflow: { identifier: 'welcome', name: 'Welcome' } }] });
    const d = diagnose(input({ preferences: ok({ preferences: off, critical: [] }), runs: ok([run('canceled', 'Step filtered by subscriber workflow preferences')]) }));
    assert.equal(d.verdict.proven, true);
    assert.equal(d.verdict.text, 'Email to Ada: Skipped: Ada turned email off for Welcome. Proof: the latest run (2026-11-24T09:00:00Z) says "Step filtered by subscriber workflow preferences".');
    assert.deepEqual(d.verdict.fix, { kind: 'turnOn', channel: 'email', workflowIdentifier: 'welcome' });
    assert.equal(link(d, 'runs').state, 'broken');
  });

  it('a cause whose setting is fixed since: the verdict says so and offers Send Again', () => {
    const d = diagnose(input({ runs: ok([run('canceled', 'Step filtered by subscriber workflow preferences')]) }));
    assert.equal(d.verdict.state, 'warning');
    assert.match(d.verdict.text, /Preferences is fine now: send it again to deliver it\.$/);
    assert.deepEqual(d.verdict.fix, { kind: 'sendAgain', notificationId: '6650c0ffee000000000000a1' });
  });

  it('outranks what the settings say: a run that proves the address outranks a preference now off', () => {
    const prefsOff = ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: false } }, workflows: [] }), critical: [] });
    const d = diagnose(input({ subscriber: ok({ ...ada, email: null }), preferences: prefsOff, runs: ok([run('canceled', 'Subscriber missing email address', {}, 'Failed')]) }));
    assert.match(d.verdict.text, /Skipped: no email address/);
    assert.deepEqual(d.verdict.fix, { kind: 'editSubscriber', field: 'email' });
    assert.equal(link(d, 'preferences').state, 'broken', 'the link still says what it sees');
  });

  it('sent is said as sent with the provider, never as delivered', () => {
    const d = diagnose(input({ runs: ok([run('completed', 'Message sent')]) }));
    assert.equal(d.verdict.state, 'ok');
    assert.match(d.verdict.text, /^Email to Ada was sent through sendgrid in the latest run/);
    assert.match(d.verdict.text, /Sent is not delivered/);
  });

  it('no run: said exactly, with what a refused trigger means, and the search in other connections offered', () => {
    const d = diagnose(input());
    const runs = link(d, 'runs');
    assert.equal(runs.state, 'broken');
    assert.equal(runs.summary, 'No run of Welcome for ada in Development in the last 24 h. A trigger the service refused (unknown workflow, invalid payload) leaves no run: look at the response your code got.');
    assert.deepEqual(runs.fix, { kind: 'searchElsewhere' });
    assert.equal(d.verdict.proven, false);
  });

  it('a subscriber only in another connection: Switch Connection', () => {
    const d = diagnose(input({
      subscriber: { state: 'notFound', message: 'Subscriber: ada was not found' },
      elsewhere: ok([{ connectionId: 'c2', connectionName: 'Production', region: 'US', found: true }, { connectionId: 'c3', connectionName: 'Staging', region: 'EU', found: false }]),
      runs: { state: 'skipped' },
      preferences: { state: 'skipped' },
    }));
    const s = link(d, 'subscriber');
    assert.equal(s.state, 'broken');
    assert.equal(s.summary, 'Not in Development (EU); found in Production (US). The code may send to the other environment, or with its key.');
    assert.deepEqual(s.fix, { kind: 'switchConnection', connectionId: 'c2', connectionName: 'Production' });
    assert.deepEqual(d.verdict.fix, s.fix);
    assert.ok(s.evidence.some((e) => e.label === 'The service said' && e.value === 'Subscriber: ada was not found'));
  });

  it('a subscriber a trigger just created with nothing but its id: likely a typo', () => {
    const bare = buildSubscriber({ subscriberId: 'adaa', firstName: null, lastName: null, email: null, createdAt: '2026-11-24T08:59:58Z' });
    const d = diagnose(input({ subscriber: ok(bare), runs: ok([run('canceled', 'Subscriber missing email address', {}, 'Failed')]) }));
    assert.equal(link(d, 'subscriber').state, 'warning');
    assert.match(link(d, 'subscriber').summary, /likely a typo/);
  });

  it('the workflow: inactive, no step for the channel, an integration issue, a condition, critical', () => {
    assert.match(diagnose(input({ workflow: ok({ ...welcome, active: false, status: 'INACTIVE' }) })).verdict.text, /^Workflow: Welcome is not active/);
    assert.match(link(diagnose(input({ channel: 'sms' })), 'workflow').summary, /has no SMS step/);
    const issues = { ...welcome, steps: [{ stepId: 'email-step', type: 'email', issues: { integration: { email: [{ issueType: 'MISSING_INTEGRATION', message: 'Missing active primary integration provider' }] } } }] };
    assert.match(link(diagnose(input({ workflow: ok(issues) })), 'workflow').summary, /Missing active primary integration provider/);
    const condition = { ...welcome, steps: [{ stepId: 'email-step', type: 'email', controlValues: { skip: { '==': [{ var: 'payload.vip' }, true] } } }] };
    assert.equal(link(diagnose(input({ workflow: ok(condition) })), 'workflow').state, 'warning');
    const critical = { ...welcome, preferences: { user: null, default: { all: { enabled: true, readOnly: true }, channels: {} } } };
    const d = diagnose(input({ workflow: ok(critical), preferences: ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: false } }, workflows: [] }), critical: [] }) }));
    assert.equal(link(d, 'preferences').state, 'ok', 'a critical workflow ignores preferences');
    assert.match(link(d, 'preferences').summary, /critical workflow/);
  });

  it('inferred from settings when no run proves anything: preference off globally, then for the workflow', () => {
    const global = diagnose(input({ runs: ok([]), preferences: ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: false } }, workflows: [] }), critical: [] }) }));
    assert.deepEqual(link(global, 'preferences').fix, { kind: 'turnOn', channel: 'email' });
    const own = buildPreferences({ global: { enabled: true, channels: { email: true } }, workflows: [{ enabled: true, channels: { email: false }, overrides: [], workflow: { identifier: 'welcome', name: 'Welcome' } }] });
    const d = diagnose(input({ preferences: ok({ preferences: own, critical: [] }) }));
    assert.equal(link(d, 'preferences').summary, 'Email is turned off for Welcome.');
    assert.deepEqual(link(d, 'preferences').fix, { kind: 'turnOn', channel: 'email', workflowIdentifier: 'welcome' });
  });

  it('the schedule: closed now, and when it opens, in the subscriber’s zone', () => {
    const schedule = { isEnabled: true, weeklySchedule: { monday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] } } };
    const prefs = buildPreferences({ global: { enabled: true, channels: { email: true }, schedule }, workflows: [] });
    const d = diagnose(input({ preferences: ok({ preferences: prefs, critical: [] }) }));
    const p = link(d, 'preferences');
    assert.equal(p.state, 'warning');
    assert.ok(p.evidence.some((e) => e.value === 'closed now; opens Monday 09:00 (Europe/Paris)'), JSON.stringify(p.evidence));
  });

  it('addresses: no email is broken with Edit Subscriber; push tokens and chat webhooks only as counts', () => {
    const noEmail = diagnose(input({ subscriber: ok({ ...ada, email: null }) }));
    assert.deepEqual(link(noEmail, 'addresses').fix, { kind: 'editSubscriber', field: 'email' });
    const withSecrets = { ...ada, channels: [{ providerId: 'fcm', credentials: { deviceTokens: ['tok-SECRET-1', 'tok-SECRET-2'] } }, { providerId: 'slack', credentials: { webhookUrl: 'https://hooks.slack.example/SECRET-HOOK' } }] };
    const d = diagnose(input({ channel: 'push', subscriber: ok(withSecrets) }));
    const text = JSON.stringify(d);
    assert.ok(!text.includes('SECRET'), 'no token or webhook value anywhere in the diagnosis');
    assert.ok(link(d, 'addresses').evidence.some((e) => e.value === '2 device tokens'));
    assert.ok(link(d, 'addresses').evidence.some((e) => e.value === '1 set'));
  });

  it('integrations: none active for the channel in this environment, or no primary among several', () => {
    const none = diagnose(input({ integrations: ok([buildIntegration({ _environmentId: 'env-other-000000000000000', channel: 'email' })]) }));
    assert.equal(link(none, 'integrations').state, 'broken');
    assert.match(link(none, 'integrations').summary, /No active Email integration in this environment/);
    const noPrimary = diagnose(input({ integrations: ok([buildIntegration({ primary: false }), buildIntegration({ primary: false, name: 'Mailgun' })]) }));
    assert.match(link(noPrimary, 'integrations').summary, /No primary Email integration/);
  });

  it('what could not be checked is "?" with its reason, never ✓; a rejected key offers Set API Key', () => {
    const d = diagnose(input({ integrations: failed('The service refused access: Forbidden. (HTTP 403)', 'forbidden'), preferences: failed('The API key was rejected (HTTP 401)', 'unauthorized') }));
    assert.equal(link(d, 'integrations').state, 'unknown');
    assert.match(link(d, 'integrations').summary, /^Could not be checked: The service refused access/);
    assert.deepEqual(link(d, 'preferences').fix, { kind: 'setApiKey' });
    const pending = diagnose(input({ runs: { state: 'pending' } }));
    assert.equal(link(pending, 'runs').state, 'pending');
    assert.equal(pending.verdict.state, 'pending');
  });

  it('a provider refusal proven by the run: failed at the provider in its own words, Open Notification', () => {
    const refused = run('failed', 'Unexpected provider error', {}, 'Failed');
    refused.jobs![1]!.executionDetails![1]!.raw = JSON.stringify({ message: 'The mailbox is unavailable' });
    const d = diagnose(input({ runs: ok([refused]) }));
    assert.match(d.verdict.text, /Failed at SendGrid: The mailbox is unavailable/);
    assert.deepEqual(d.verdict.fix, { kind: 'openNotification', notificationId: refused._id });
  });
});
