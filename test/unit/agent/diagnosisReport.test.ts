/**
 * Issue 37: #novuDiagnose's verdict line names the kind of cause in our own words, for every cause
 * the diagnosis knows (each step cause of contract §8.6, each thing a link sees), through the real
 * model, with the subscriber, workflow and provider named with markup: their names stay in the data.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification, Workflow } from '../../../src/api';
import { causeInWords } from '../../../src/agent/causeWords';
import { diagnosisReport } from '../../../src/agent/diagnosisReport';
import type { Where } from '../../../src/agent/agentReports';
import { diagnose } from '../../../src/diagnosis/diagnosisModel';
import { LINK_CAUSES, type Channel, type DiagnosisCause, type DiagnosisInput, type Fact } from '../../../src/diagnosis/diagnosisTypes';
import { CAUSE_KINDS } from '../../../src/format/stepCause';
import { SANDBOX_FIXTURES as F } from '../../../src/sandbox/fixtures';
import type { DescribedError } from '../../../src/ui/errors';
import { buildExecutionDetail, buildIntegration, buildJob, buildNotification, buildPreferences, buildSubscriber } from '../../fixtures/builders';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const where: Where = { name: 'Staging', region: 'EU', environmentId: 'env0000000000000000000001' };
const PROVIDER_SAID = 'Rejected <script>alert(1)</script> by [policy](https://evil.example)';
const FRAGMENTS = ['<script', '<b>', 'evil.example', '$(alert)', F.markupWorkflowName, F.markupFirstName, F.markupLastName, PROVIDER_SAID, 'SendGrid', 'sendgrid', 'Microsoft Teams', 'msteams', 'ada@example.com'];
const ok = <T,>(value: T): Fact<T> => ({ state: 'ok', value });
const failed = (kind: DescribedError['kind']): Fact<never> => ({ state: 'failed', error: { kind, message: PROVIDER_SAID, details: [], retryable: false } });

const subscriber = buildSubscriber({ subscriberId: 'sbx-markup', firstName: F.markupFirstName, lastName: F.markupLastName, email: 'ada@example.com', phone: '+15555550100', createdAt: '2026-01-01T00:00:00Z' });
const workflow = (steps: Channel[] = ['email', 'sms', 'push', 'chat', 'in_app']): Workflow => ({
  _id: '6615c0ffee00000000f10001', workflowId: 'markup-workflow', name: F.markupWorkflowName, status: 'ACTIVE', active: true,
  preferences: { user: null, default: { all: { enabled: true, readOnly: false }, channels: {} } },
  steps: steps.map((type) => ({ stepId: `${type}-step`, type, controlValues: {} })),
});

function run(type: Channel, status: string, detail: string, detailStatus = 'Failed', raw?: string, source?: string): Notification {
  return buildNotification({
    _id: '6650c0ffee000000000000a1',
    createdAt: '2026-11-24T09:00:00Z',
    subscriber: { subscriberId: 'sbx-markup', firstName: F.markupFirstName, lastName: F.markupLastName } as never,
    template: { _id: '6615c0ffee00000000f10001', name: F.markupWorkflowName, triggers: [{ identifier: 'markup-workflow', type: 'event', variables: [] }] } as never,
    jobs: [
      buildJob({ type: 'trigger', status: 'completed' }, 1),
      buildJob({ type, status, providerId: 'sendgrid', executionDetails: [buildExecutionDetail({ status: 'Pending', detail: 'Step queued' }), buildExecutionDetail({ status: detailStatus, detail, providerId: 'sendgrid', ...(raw ? { raw } : {}), ...(source ? { source } : {}) })] } as never),
    ],
  });
}

function input(overrides: Partial<DiagnosisInput> = {}): DiagnosisInput {
  const channel = overrides.channel ?? 'email';
  return {
    connection: { id: 'c1', name: 'Staging', region: 'EU', environmentId: 'env0000000000000000000001' },
    subscriberId: 'sbx-markup',
    workflowRef: 'markup-workflow',
    channel,
    sinceMs: NOW - 24 * 3_600_000,
    nowMs: NOW,
    subscriber: ok(subscriber),
    elsewhere: { state: 'skipped' },
    workflow: ok(workflow()),
    runs: ok([]),
    preferences: ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: true, sms: true, push: true, chat: true, in_app: true } }, workflows: [] }), critical: [] }),
    integrations: ok(['email', 'sms', 'push', 'chat', 'in_app'].map((c) => buildIntegration({ channel: c, providerId: c === 'email' ? 'sendgrid' : c === 'push' ? 'fcm' : c === 'chat' ? 'slack' : 'twilio', identifier: `${c}-main`, primary: true }))),
    ...overrides,
  };
}

/** The verdict line (the lead's second line) and the tool's own words; the names must not be in them. */
function verdictOf(i: DiagnosisInput): { line: string; prose: string; cause: DiagnosisCause | undefined } {
  const diagnosis = diagnose(i);
  const text = diagnosisReport(where, diagnosis);
  const lines = text.split('\n');
  const prose = lines.slice(0, lines.findIndex((l) => l.startsWith('```json '))).join('\n');
  for (const fragment of FRAGMENTS) assert.ok(!prose.includes(fragment), `${JSON.stringify(fragment)} is in the tool's own words:\n${prose}`);
  return { line: lines[1]!, prose, cause: diagnosis.verdict.cause };
}

const seen = new Set<DiagnosisCause>();

/** A completed in-app run whose message the Inbox holds with `item`'s state, or not at all. */
function inboxCase(item: Record<string, unknown> | undefined): Partial<DiagnosisInput> {
  const latest = { ...run('in_app', 'completed', 'Message created', 'Success'), transactionId: 'txn-1' };
  return { channel: 'in_app', runs: ok([latest]), inbox: ok({ transactionId: 'txn-1', contextKeys: [], item: item ? ({ id: 'm1', transactionId: 'txn-1', ...item } as never) : undefined, searched: 3, complete: true }) };
}

/** Each step cause of §8.6: the detail that names it, on a step of the channel it is about, and the words that must say it. */
const STEP_CAUSES: Record<(typeof CAUSE_KINDS)[number], { channel: Channel; detail: string; status?: string; detailStatus?: string; raw?: string; source?: string; words: RegExp }> = {
  preferenceGlobal: { channel: 'email', detail: 'Step filtered by subscriber global preferences', detailStatus: 'Success', status: 'canceled', words: /turned email off for every workflow/ },
  preferenceWorkflow: { channel: 'email', detail: 'Step filtered by subscriber workflow preferences', detailStatus: 'Success', status: 'canceled', words: /turned email off for this workflow/ },
  workflowDefault: { channel: 'email', detail: 'Step filtered by workflow preferences', detailStatus: 'Success', status: 'canceled', words: /the workflow has email off by default/ },
  workflowDashboard: { channel: 'email', detail: 'Step filtered by user preferences', detailStatus: 'Success', status: 'canceled', words: /set in the dashboard, turn email off/ },
  condition: { channel: 'email', detail: 'Bridge execution skipped', status: 'canceled', words: /the step's condition was false/ },
  legacyCondition: { channel: 'email', detail: 'Step was filtered based on steps filters', status: 'canceled', words: /conditions \(filters\) did not match/ },
  schedule: { channel: 'email', detail: "The step was skipped as it fell outside the subscriber's schedule", detailStatus: 'Success', status: 'canceled', words: /outside the subscriber's delivery schedule/ },
  missingEmail: { channel: 'email', detail: 'Subscriber missing email address', status: 'canceled', words: /no email address/ },
  missingPhone: { channel: 'sms', detail: 'Subscriber missing phone number', status: 'canceled', words: /no phone number/ },
  missingAddress: { channel: 'email', detail: 'Subscriber missing recipient details', status: 'failed', words: /no email address/ },
  missingWebhook: { channel: 'chat', detail: 'Webhook URL for the chat channel is missing', status: 'canceled', words: /no webhook URL for chat/ },
  noChannel: { channel: 'push', detail: 'Subscriber does not have a configured channel', detailStatus: 'Warning', status: 'canceled', words: /no push channel set up/ },
  noSenderNumber: { channel: 'sms', detail: 'Subscriber does not have a configured channel', status: 'failed', words: /SMS integration has no sender number/ },
  missingPushToken: { channel: 'push', detail: 'Subscriber credentials is missing the tokens for sending a push notification message', status: 'canceled', words: /no push device token/ },
  noUsableChannel: { channel: 'push', detail: 'Some push channels skipped to send the message', detailStatus: 'Warning', status: 'canceled', words: /none of the subscriber's push channels could be used/ },
  noIntegration: { channel: 'email', detail: 'Subscriber does not have an active integration', status: 'failed', words: /no active email integration/ },
  providerError: { channel: 'email', detail: 'Unexpected provider error', status: 'failed', raw: JSON.stringify({ message: PROVIDER_SAID }), words: /the provider refused the message/ },
  providerEvent: { channel: 'email', detail: `${PROVIDER_SAID} - (bounced)`, status: 'failed', source: 'Webhook', words: /reported it failed \(bounced/ },
  allChannelsFailed: { channel: 'chat', detail: 'All chat channels failed to send the message', status: 'failed', words: /every chat channel of the subscriber failed/ },
  contentFailed: { channel: 'email', detail: 'Message content could not be generated', status: 'failed', words: /content could not be rendered/ },
  bridgeFailed: { channel: 'email', detail: 'Bridge execution failed', status: 'failed', words: /bridge endpoint failed/ },
  demoProviderLimit: { channel: 'email', detail: "Novu's provider limit has been reached", status: 'failed', words: /built-in demo provider/ },
  previousStepFailed: { channel: 'email', detail: 'Step was canceled because a previous step failed', status: 'canceled', words: /an earlier step failed/ },
  throttled: { channel: 'email', detail: 'Throttle limit exceeded for the given window', detailStatus: 'Success', status: 'skipped', words: /throttle limit/ },
};

describe('the diagnosis verdict names the cause in our own words (issue 37)', () => {
  it('names every step cause the latest run proves, with the service’s names only in the data', () => {
    for (const [kind, c] of Object.entries(STEP_CAUSES)) {
      // Without the address (or webhook, token) the cause is about, so that it still holds now.
      const bare = buildSubscriber({ ...subscriber, email: null, phone: null, channels: [] });
      const latest = run(c.channel, c.status ?? 'failed', c.detail, c.detailStatus, c.raw, c.source);
      const settings = ['preferenceGlobal', 'preferenceWorkflow', 'noIntegration'].includes(kind);
      const v = verdictOf(input({ channel: c.channel, subscriber: ok(settings ? subscriber : bare), runs: ok([latest]), ...(kind === 'noIntegration' ? { integrations: ok([]) } : {}) }));
      assert.equal(v.cause, kind, `${kind}: ${v.line}`);
      assert.match(v.line, /^Verdict \(proven by the latest run\): its \w+ step did not reach the subscriber: /, kind);
      assert.match(v.line, c.words, `${kind}: ${v.line}`);
      assert.doesNotMatch(v.line, /the run says why/);
      seen.add(v.cause!);
    }
  });

  it('names what each link sees in the settings, and a subscriber not found as not found, with the id asked, in the first lines', () => {
    const bare = buildSubscriber({ subscriberId: 'sbx-markup', firstName: null, lastName: null, email: null, phone: null, channels: [], createdAt: '2026-11-24T08:59:30Z' });
    const pending = { ...run('email', 'pending', 'Step queued', 'Pending') };
    const cases: [DiagnosisCause, Partial<DiagnosisInput>, RegExp][] = [
      ['keyRefused', { subscriber: failed('unauthorized') }, /refused this connection's API key/],
      ['subscriberNotFound', { subscriber: { state: 'notFound', message: PROVIDER_SAID }, elsewhere: ok([]), runs: { state: 'skipped' }, preferences: { state: 'skipped' } }, /subscriber "sbx-markup" was not found in this connection/],
      ['subscriberElsewhere', { subscriber: { state: 'notFound', message: PROVIDER_SAID }, elsewhere: ok([{ connectionId: 'c2', connectionName: 'Production', region: 'US', found: true }]), runs: { state: 'skipped' }, preferences: { state: 'skipped' } }, /subscriber "sbx-markup" was not found in this connection; it exists in another/],
      ['mistypedId', { subscriber: ok(bare), similar: ok(['sbx-markupp']), runs: ok([run('email', 'canceled', 'Subscriber missing email address')]) }, /likely mistyped/],
      ['createdByTrigger', { channel: 'in_app', subscriber: ok(bare), similar: ok([]), runs: ok([{ ...pending, jobs: [buildJob({ type: 'in_app', status: 'pending' }, 1)] }]) }, /created by a trigger with nothing but its ID/],
      ['workflowNotFound', { workflow: { state: 'notFound', message: PROVIDER_SAID } }, /the workflow asked about was not found/],
      ['workflowInactive', { workflow: ok({ ...workflow(), active: false, status: 'INACTIVE' }) }, /the workflow is inactive/],
      ['noChannelStep', { workflow: ok(workflow(['in_app'])) }, /the workflow has no email step/],
      ['stepIntegrationIssue', { runs: ok([pending]), workflow: ok({ ...workflow(), steps: [{ stepId: 'e', type: 'email', controlValues: {}, issues: { integration: { email: [{ issueType: 'x', message: PROVIDER_SAID }] } } }] }) }, /the service says the email step has no integration to send with/],
      ['workflowError', { runs: ok([pending]), workflow: ok({ ...workflow(), status: 'ERROR' }) }, /invalid controls/],
      ['hasCondition', { runs: ok([pending]), workflow: ok({ ...workflow(), steps: [{ stepId: 'e', type: 'email', controlValues: { skip: { '==': [1, 1] } } }] }) }, /the email step has a condition/],
      ['noRuns', { runs: ok([]) }, /no run for this subscriber was found/],
      ['noStepInRun', { channel: 'sms', runs: ok([run('email', 'completed', 'Message sent', 'Success')]) }, /the latest run has no sms step/],
      ['failedNoCause', { runs: ok([run('email', 'failed', PROVIDER_SAID)]) }, /the email step failed, with a detail that names no known cause/],
      ['canceledNoCause', { runs: ok([run('email', 'canceled', PROVIDER_SAID)]) }, /the email step was canceled, and no detail says why/],
      ['stillMoving', { runs: ok([pending]) }, /still moving/],
      ['missingEmail', { subscriber: ok({ ...subscriber, email: null }) }, /the subscriber has no email address/],
      ['missingPhone', { channel: 'sms', subscriber: ok({ ...subscriber, phone: null }) }, /the subscriber has no phone number/],
      ['missingPushToken', { channel: 'push' }, /no push device token/],
      ['preferenceGlobal', { preferences: ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: false } }, workflows: [] }), critical: [] }) }, /turned email off for every workflow/],
      ['preferenceWorkflow', { preferences: ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: true } }, workflows: [{ enabled: true, channels: { email: false }, overrides: [], workflow: { identifier: 'markup-workflow', name: F.markupWorkflowName } }] }), critical: [] }) }, /turned email off for this workflow/],
      // A link's warning that a run always outranks: said by the link, in the same words.
      ['scheduleClosed', { runs: ok([pending]), preferences: ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: true }, schedule: { isEnabled: true, weeklySchedule: {} } }, workflows: [] }), critical: [] }) }, /delivery schedule is closed now/],
      ['noIntegration', { integrations: ok([]) }, /no active email integration/],
      ['noPrimary', { integrations: ok([buildIntegration({ primary: false }), buildIntegration({ primary: false, identifier: 'other' })]) }, /none primary/],
      ['providerNotActive', { channel: 'chat', subscriber: ok({ ...subscriber, channels: [{ providerId: 'msteams', credentials: { webhookUrl: 'https://teams.example/hook' } }] }) }, /the subscriber's own chat provider has no active integration/],
      // The same: a warning of the integrations link.
      ['channelsUncovered', { channel: undefined, workflowRef: undefined, workflow: { state: 'skipped' }, runs: ok([]), integrations: ok([buildIntegration()]) }, /some channels have no active integration/],
      ['notChecked', { integrations: failed('server'), runs: ok([pending]) }, /not everything could be checked, first the link "runs"|not everything could be checked/],
      ['sent', { runs: ok([run('email', 'completed', 'Message sent', 'Success')]) }, /its email step was sent/],
      // Past "sent" for in-app: the run's message as the Inbox holds it (issue 55).
      ['inboxArchived', inboxCase({ isArchived: true }), /archived in the Inbox/],
      ['inboxSnoozed', inboxCase({ isSnoozed: true, snoozedUntil: '2026-12-01T09:00:00Z' }), /snoozed in the Inbox/],
      ['inboxMissing', inboxCase(undefined), /no longer in the Inbox/],
      ['topicFiltered', { runs: ok([]), topics: ok([{ topicKey: 'product-updates', send: { notificationId: 'n1', transactionId: 'txn-9', createdAt: '2026-11-24T08:00:00Z' }, reached: false, why: 'Its condition payload.region == "eu" is false (payload.region: "us").' }]) }, /a send to a topic the subscriber is subscribed to left them out/],
    ];
    for (const [cause, overrides, words] of cases) {
      // A run still moving unless the case says otherwise: the settings decide.
      const i = input({ runs: ok([pending]), ...overrides });
      if (cause === 'scheduleClosed' || cause === 'channelsUncovered') {
        assert.ok(diagnose(i).links.some((l) => l.cause === cause), `a link sees ${cause}`);
        assert.match(causeInWords(cause, 'email', i.subscriberId), words);
        seen.add(cause);
        continue;
      }
      const v = verdictOf(i);
      assert.equal(v.cause, cause, `${cause}: ${v.line}`);
      assert.match(v.line, new RegExp(words.source, 'i'), `${cause}: ${v.line}`);
      assert.doesNotMatch(v.line, /the chain breaks at the link|the run says why/);
      seen.add(cause);
    }
  });

  it('says a cause fixed since, and what still stops the next run, each by its kind', () => {
    // The latest run: no email; now she has one, but email is off for every workflow.
    const v = verdictOf(input({
      runs: ok([run('email', 'canceled', 'Subscriber missing email address')]),
      preferences: ok({ preferences: buildPreferences({ global: { enabled: true, channels: { email: false } }, workflows: [] }), critical: [] }),
    }));
    assert.equal(v.cause, 'preferenceGlobal');
    assert.match(v.line, /because the subscriber has no email address; that is fixed now, but the next run would still not go out: the subscriber turned email off for every workflow/);
  });

  it('has words for every cause the diagnosis knows', () => {
    for (const cause of [...CAUSE_KINDS, ...LINK_CAUSES]) assert.ok(seen.has(cause), `${cause} is not said by any case above`);
  });
});
