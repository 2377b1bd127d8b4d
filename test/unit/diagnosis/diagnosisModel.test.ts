/**
 * The delivery diagnosis as pure logic (issue 24): each link of the chain, the verdict's ranking (a
 * cause proven by the latest run outranks one inferred from settings), the fixes offered, the
 * cross-connection lookup, "?" for what could not be checked, and no secret value anywhere.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification, Workflow } from '../../../src/api';
import { diagnose } from '../../../src/diagnosis/diagnosisModel';
import type { DiagnosisInput, Fact } from '../../../src/diagnosis/diagnosisTypes';
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
    assert.match(d.verdict.text, /^Email to Ada was sent through SendGrid in the latest run/);
    assert.match(d.verdict.text, /Sent is not delivered/);
  });

  it('a sent step quotes the provider’s answer from the run (its message id and status), and says why it went out over a preference', () => {
    const sent = run('completed', 'Message sent');
    sent.jobs![1]!.executionDetails![1]!.raw = JSON.stringify({ id: 'msg_8f2c', status: 'accepted', to: 'grace@example.com' });
    const critical = { ...welcome, preferences: { user: null, default: { all: { enabled: true, readOnly: true }, channels: {} } } };
    const off = ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: false } }, workflows: [] }), critical: [] });
    const d = diagnose(input({ workflow: ok(critical), preferences: off, runs: ok([sent]) }));
    assert.equal(d.verdict.state, 'ok');
    assert.match(d.verdict.text, /The provider answered: id msg_8f2c · status accepted\./);
    assert.match(d.verdict.text, /Email is off in Ada’s preferences, and it went out anyway: the workflow is critical\./);
    assert.ok(!d.verdict.text.includes('grace@example.com'), 'only the id and status of the answer, not what else it echoes');
    assert.ok(link(d, 'runs').evidence.some((e) => e.label === 'Provider’s answer' && e.value === 'id msg_8f2c · status accepted'));
    assert.doesNotMatch(d.verdict.text, /own answer is in the run/);
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

  describe('says a cause is gone only when the link the run named is checked now, for this subscriber', () => {
    const DEV = 'env0000000000000000000001';
    const PROD = 'env0000000000000000000002';
    const teams = { providerId: 'msteams', credentials: { webhookUrl: 'https://teams.example/SECRET' } };
    const dorothy = { ...ada, subscriberId: 'dorothy', firstName: 'Dorothy', channels: [teams] };
    const slackHere = buildIntegration({ _environmentId: DEV, name: 'Slack', providerId: 'slack', identifier: 'slack-dev', channel: 'chat', primary: true });
    const teamsInProd = buildIntegration({ _environmentId: PROD, name: 'Microsoft Teams', providerId: 'msteams', identifier: 'msteams-prod', channel: 'chat', primary: true });
    const chatWorkflow = { ...welcome, steps: [{ stepId: 'chat-step', type: 'chat', controlValues: {} }] };
    function chatRun(): Notification {
      return buildNotification({
        _id: '6650c0ffee000000000000b1',
        createdAt: '2026-11-24T09:00:00Z',
        subscriber: { subscriberId: 'dorothy', firstName: 'Dorothy' } as never,
        template: { _id: welcome._id, name: 'Welcome', triggers: [{ identifier: 'welcome', type: 'event', variables: [] }] } as never,
        jobs: [buildJob({ type: 'chat', status: 'failed', executionDetails: [buildExecutionDetail({ status: 'Failed', detail: 'Subscriber does not have an active integration' })] } as never)],
      });
    }
    const chatInput = (overrides: Partial<DiagnosisInput> = {}) =>
      input({ subscriberId: 'dorothy', channel: 'chat', subscriber: ok(dorothy), workflow: ok(chatWorkflow), runs: ok([chatRun()]), connection: { id: 'c1', name: 'Development', region: 'EU', environmentId: DEV }, ...overrides });

    it('chat through the subscriber’s own provider: an active Slack here does not make Teams fine, and the list says where Teams is active', () => {
      const d = diagnose(chatInput({ integrations: ok([slackHere, teamsInProd]), others: [{ connectionId: 'c2', connectionName: 'Production', region: 'EU', environmentId: PROD }] }));
      const integrations = link(d, 'integrations');
      assert.equal(integrations.state, 'broken');
      assert.equal(integrations.summary, 'Chat of Dorothy goes through Microsoft Teams only, and Development has no active Microsoft Teams integration (its active Chat integrations: Slack): Chat steps to Dorothy fail. It is active in Production.');
      assert.equal(d.verdict.state, 'broken', 'never "fine now: send it again"');
      assert.match(d.verdict.text, /^Chat to Dorothy: Failed: no active chat integration\. Proof: the latest run .+ Chat of Dorothy goes through Microsoft Teams only, .+ It is active in Production\.$/);
      assert.deepEqual(d.verdict.fix, { kind: 'showIntegrations' });
      assert.ok(!JSON.stringify(d).includes('SECRET'), 'the webhook URL is a secret');
    });

    it('a list scoped to this environment: the other connections asked say where it is active; an unknown environment is named by its ID', () => {
      const asked = diagnose(chatInput({ integrations: ok([slackHere]), integrationsElsewhere: ok([{ connectionId: 'c2', connectionName: 'Staging', region: 'US', providerIds: ['msteams', 'sendgrid'] }]) }));
      assert.match(link(asked, 'integrations').summary, /It is active in Staging\.$/);
      const asking = diagnose(chatInput({ integrations: ok([slackHere]), integrationsElsewhere: { state: 'pending' } }));
      assert.match(link(asking, 'integrations').summary, /Asking the other connections where it is active…$/);
      const unnamed = diagnose(chatInput({ integrations: ok([slackHere, teamsInProd]) }));
      assert.match(link(unnamed, 'integrations').summary, /It is active in another environment of the organization \(env0000000000000000000002\)\.$/);
    });

    it('the subscriber’s provider active here: fine, and the verdict may then say so', () => {
      const teamsHere = buildIntegration({ _environmentId: DEV, name: 'Microsoft Teams', providerId: 'msteams', identifier: 'msteams-dev', channel: 'chat' });
      const d = diagnose(chatInput({ integrations: ok([slackHere, teamsHere]) }));
      assert.equal(link(d, 'integrations').state, 'ok');
      assert.equal(d.verdict.state, 'warning');
      assert.match(d.verdict.text, /Integrations is fine now: send it again to deliver it\.$/);
    });

    it('the subscriber not read: which provider cannot be checked, so the verdict does not call it fixed', () => {
      const d = diagnose(chatInput({ subscriber: failed('The service did not answer within 30 s.', 'timeout'), integrations: ok([slackHere]) }));
      assert.equal(link(d, 'integrations').state, 'unknown');
      assert.equal(d.verdict.state, 'unknown');
      assert.match(d.verdict.text, /Whether it still holds could not be checked: Chat goes through the subscriber’s own provider/);
    });

    it('a preference turned on since, but something else now broken: says the next run would still not go out, with that fix', () => {
      const noIntegrations = ok([buildIntegration({ _environmentId: 'env-other-000000000000000', channel: 'email' })]);
      const d = diagnose(input({ integrations: noIntegrations, runs: ok([run('canceled', 'Step filtered by subscriber workflow preferences')]) }));
      assert.equal(d.verdict.state, 'broken');
      assert.match(d.verdict.text, /that is fixed now, but the next run would still not go out\. Integrations: No active Email integration/);
      assert.deepEqual(d.verdict.fix, { kind: 'showIntegrations' });
    });

    it('preferences that could not be read again: "?" with why, never fixed', () => {
      const d = diagnose(input({ preferences: failed('Internal server error (HTTP 500)'), runs: ok([run('canceled', 'Step filtered by subscriber workflow preferences')]) }));
      assert.equal(d.verdict.state, 'unknown');
      assert.match(d.verdict.text, /Whether it still holds could not be checked: Internal server error \(HTTP 500\)$/);
    });
  });

  describe('a mistyped subscriber ID leads the verdict', () => {
    const typo = buildSubscriber({ subscriberId: 'ada-lovelce', firstName: null, lastName: null, email: null, createdAt: '2026-11-24T08:59:59Z' });
    const missingEmail = () => run('canceled', 'Subscriber missing email address', { subscriber: { subscriberId: 'ada-lovelce' } as never }, 'Failed');

    it('created by this trigger, with a close ID that exists: "did you mean", Send Again to the other one, and the trigger in code', () => {
      const d = diagnose(input({ subscriberId: 'ada-lovelce', subscriber: ok(typo), runs: ok([missingEmail()]), similar: ok(['ada-lovelace']) }));
      assert.equal(d.verdict.state, 'broken');
      assert.equal(d.verdict.text, '"ada-lovelce" was created by this trigger (no name, no address, created with its first run); did you mean "ada-lovelace"? Correct the ID your code sends, and send it again to ada-lovelace.');
      assert.deepEqual(d.verdict.fix, { kind: 'sendAgainTo', notificationId: '6650c0ffee000000000000a1', subscriberId: 'ada-lovelace' });
      const subscriber = link(d, 'subscriber');
      assert.match(subscriber.summary, /"ada-lovelace" exists: likely a typo/);
      assert.deepEqual(subscriber.fix, { kind: 'showTrigger', workflowIdentifier: 'welcome' });
    });

    it('no close ID: the run’s own cause stays the verdict (a new subscriber may need its address)', () => {
      const d = diagnose(input({ subscriberId: 'ada-lovelce', subscriber: ok(typo), runs: ok([missingEmail()]), similar: ok([]) }));
      assert.match(d.verdict.text, /Skipped: no email address/);
      assert.equal(link(d, 'subscriber').state, 'warning');
    });

    it('a subscriber created long before its first run is not taken for a typo', () => {
      const old = { ...typo, createdAt: '2026-11-20T08:00:00Z' };
      const d = diagnose(input({ subscriberId: 'ada-lovelce', subscriber: ok(old), runs: ok([missingEmail()]), similar: ok(['ada-lovelace']) }));
      assert.match(d.verdict.text, /Skipped: no email address/);
      assert.equal(link(d, 'subscriber').state, 'ok');
    });
  });

  it('a rejected key on any question is the rejected-key state: the Connection link ✗ and the verdict offers Set API Key', () => {
    const rejected = failed('The API key was rejected: API Key not found. (HTTP 401)', 'unauthorized');
    const d = diagnose(input({ workflow: rejected, runs: rejected, subscriber: rejected, preferences: rejected, integrations: rejected }));
    const connection = link(d, 'connection');
    assert.equal(connection.state, 'broken');
    assert.match(connection.summary, /^Development \(EU\) refused the API key: The API key was rejected: API Key not found\./);
    assert.deepEqual(connection.fix, { kind: 'setApiKey' });
    assert.equal(d.verdict.state, 'broken');
    assert.deepEqual(d.verdict.fix, { kind: 'setApiKey' });
    // An older server's closed route is not the key (described as a refused route).
    const closed = diagnose(input({ workflow: failed('This server does not let API keys read workflows (servers before June 2025 answer so): API endpoint not accessible (HTTP 401)', 'forbidden') }));
    assert.equal(link(closed, 'connection').state, 'ok');
  });

  describe('past "sent" for in-app: the Inbox (issue 55)', () => {
    const inAppRun = (contextKeys?: string[]) =>
      buildNotification({
        _id: '6650c0ffee000000000000b1',
        transactionId: 'txn-inbox-1',
        createdAt: '2026-11-24T09:00:00Z',
        ...(contextKeys ? { contextKeys } : {}),
        subscriber: { subscriberId: 'ada', firstName: 'Ada', lastName: 'Lovelace' } as never,
        template: { _id: welcome._id, name: 'Welcome', triggers: [{ identifier: 'welcome', type: 'event', variables: [] }] } as never,
        jobs: [buildJob({ type: 'trigger', status: 'completed' }, 1), buildJob({ type: 'in_app', status: 'completed', executionDetails: [buildExecutionDetail({ status: 'Success', detail: 'Message created' })] } as never)],
      });
    const item = (extra: Record<string, unknown> = {}) => ({ id: 'msg1', transactionId: 'txn-inbox-1', isRead: false, isSeen: true, isArchived: false, isSnoozed: false, ...extra });
    const fact = (found: ReturnType<typeof item> | undefined, contextKeys: string[], complete = true) => ok({ transactionId: 'txn-inbox-1', contextKeys, item: found as never, searched: 12, complete });

    it('in the Inbox: the verdict says its state and the exact context a session must have', () => {
      const d = diagnose(input({ channel: 'in_app', runs: ok([inAppRun(['tenant:acme'])]), inbox: fact(item(), ['tenant:acme']) }));
      assert.equal(link(d, 'inbox').state, 'ok');
      assert.equal(d.verdict.state, 'ok');
      assert.match(d.verdict.text, /In Ada’s Inbox \(unread, seen\)\./);
      assert.match(d.verdict.text, /whose context is exactly tenant:acme/);
      assert.doesNotMatch(d.verdict.text, /provider’s own logs/, 'an in-app message is in the Inbox, not at a provider');
    });

    it('archived or snoozed: a warning that names where it shows; a run without context says so', () => {
      const archived = diagnose(input({ channel: 'in_app', runs: ok([inAppRun()]), inbox: fact(item({ isArchived: true }), []) }));
      assert.equal(archived.verdict.state, 'warning');
      assert.equal(archived.verdict.cause, 'inboxArchived');
      assert.match(archived.verdict.text, /shows under Archived/);
      assert.match(archived.verdict.text, /opened without a context/);
      const snoozed = diagnose(input({ channel: 'in_app', runs: ok([inAppRun()]), inbox: fact(item({ isSnoozed: true, snoozedUntil: '2026-11-25T09:00:00Z' }), []) }));
      assert.equal(snoozed.verdict.cause, 'inboxSnoozed');
      assert.match(snoozed.verdict.text, /snoozed until 2026-11-25T09:00:00Z/);
    });

    it('not there after a full look: deleted, proven; not there among some only: not checked', () => {
      const gone = diagnose(input({ channel: 'in_app', runs: ok([inAppRun()]), inbox: fact(undefined, []) }));
      assert.equal(gone.verdict.state, 'broken');
      assert.equal(gone.verdict.cause, 'inboxMissing');
      assert.deepEqual(gone.verdict.fix, { kind: 'openNotification', notificationId: '6650c0ffee000000000000b1' });
      const partial = diagnose(input({ channel: 'in_app', runs: ok([inAppRun()]), inbox: fact(undefined, [], false) }));
      assert.equal(link(partial, 'inbox').state, 'unknown');
      assert.equal(partial.verdict.state, 'ok', 'what was not read is not called deleted');
    });

    it('no run, and a topic send left them out: the verdict is the topic\'s rule, not "no run", and says what a filtered subscriber leaves', () => {
      const why = 'Its condition payload.region == "eu" is false (payload.region: "us").';
      const d = diagnose(input({ runs: ok([]), topics: ok([{ topicKey: 'product-updates', send: { notificationId: 'n1', transactionId: 'txn-9', createdAt: '2026-11-24T08:00:00Z' }, reached: false, why }, { topicKey: 'quiet', reached: false }]) }));
      assert.equal(d.verdict.cause, 'topicFiltered');
      assert.equal(d.verdict.link, 'topics');
      assert.ok(d.verdict.text.includes(why), d.verdict.text);
      assert.match(d.verdict.text, /Ada is subscribed to product-updates, and the send of Welcome to it \(2026-11-24T08:00:00Z, transaction txn-9\) left them out/);
      assert.match(d.verdict.text, /only a request trace/);
      assert.deepEqual(d.verdict.fix, { kind: 'openNotification', notificationId: 'n1' });
      assert.deepEqual(link(d, 'topics').evidence.map((e) => e.label), ['product-updates', 'quiet']);
      // Subscribed, no send left them out: an ok link, and the verdict stays "no run".
      const none = diagnose(input({ runs: ok([]), topics: ok([{ topicKey: 'quiet', reached: false }]) }));
      assert.equal(link(none, 'topics').state, 'ok');
      assert.equal(none.verdict.cause, 'noRuns');
    });

    it('another channel: no Inbox link', () => {
      const d = diagnose(input({ runs: ok([run('completed', 'Message sent')]), inbox: fact(item(), []) }));
      assert.equal(d.links.some((l) => l.id === 'inbox'), false);
    });
  });
});
