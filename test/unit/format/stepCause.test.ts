/**
 * Every execution-detail string of contract §8.6 (current and older servers) to its cause, as the
 * timeline, Activity's job rows and the agent's explain say it (issue 24.1).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { causeContextOf, providerMessage, rawAnswer, stepCause } from '../../../src/format/stepCause';
import { providerAnswer } from '../../../src/diagnosis/deliveryFacts';
import { summarizeJob } from '../../../src/notifications/viewModel';
import { buildJobRow, activityTooltip } from '../../../src/activity/activityRows';
import { buildExecutionDetail, buildJob, buildNotification } from '../../fixtures/builders';

const context = { subscriber: 'Ada', workflow: 'Welcome', timezone: 'Europe/Paris' };

function job(type: string, status: string, detail: string, extra: Record<string, unknown> = {}) {
  return buildJob({
    type,
    status,
    providerId: (extra['providerId'] as string | undefined) ?? null,
    executionDetails: [buildExecutionDetail({ status: 'Pending', detail: 'Step queued' }), buildExecutionDetail({ status: (extra['status'] as string | undefined) ?? 'Failed', detail, providerId: (extra['providerId'] as string | undefined) ?? null, ...(extra['raw'] !== undefined ? { raw: extra['raw'] as string } : {}), ...(extra['source'] ? { source: extra['source'] as string } : {}) })],
  } as never);
}

describe('step causes (contract §8.6)', () => {
  const cases: [type: string, status: string, detail: string, kind: string, text: string][] = [
    ['email', 'canceled', 'Step filtered by subscriber global preferences', 'preferenceGlobal', 'Skipped: Ada turned email off for every workflow'],
    ['email', 'canceled', 'Step filtered by subscriber workflow preferences', 'preferenceWorkflow', 'Skipped: Ada turned email off for Welcome'],
    ['sms', 'canceled', 'Step filtered by workflow preferences', 'workflowDefault', 'Skipped: Welcome has sms off by default'],
    ['push', 'canceled', 'Step filtered by user preferences', 'workflowDashboard', 'Skipped: Welcome has push turned off in the dashboard'],
    ['email', 'canceled', 'Bridge execution skipped', 'condition', "Skipped: the step's condition was false"],
    ['chat', 'canceled', 'Step was skipped based on steps conditions', 'legacyCondition', "Skipped: the step's conditions did not match"],
    ['chat', 'skipped', 'Step was filtered based on steps filters', 'legacyCondition', "Skipped: the step's conditions did not match"],
    ['email', 'canceled', "The step was skipped as it fell outside the subscriber's schedule", 'schedule', "Skipped: outside Ada's delivery schedule (Europe/Paris)"],
    ['email', 'canceled', 'Subscriber missing email address', 'missingEmail', 'Skipped: no email address'],
    ['sms', 'canceled', 'Subscriber missing phone number', 'missingPhone', 'Skipped: no phone number'],
    ['chat', 'canceled', 'Subscriber is missing a phone number', 'missingPhone', 'Skipped: no phone number'],
    ['email', 'failed', 'Subscriber missing recipient details', 'missingAddress', 'Failed: no email address for the subscriber'],
    ['chat', 'canceled', 'Webhook URL for the chat channel is missing', 'missingWebhook', 'Skipped: no webhook URL for chat'],
    ['push', 'canceled', 'Subscriber does not have a configured channel', 'noChannel', 'Skipped: no push channel set up for the subscriber'],
    ['push', 'canceled', 'Subscriber credentials is missing the tokens for sending a push notification message', 'missingPushToken', 'Skipped: no device token for push'],
    ['push', 'canceled', 'Some push channels skipped to send the message', 'noUsableChannel', 'Skipped: no push channel could be used'],
    ['chat', 'canceled', 'Some chat channels skipped to send the message', 'noUsableChannel', 'Skipped: no chat channel could be used'],
    ['email', 'failed', 'Subscriber does not have an active integration', 'noIntegration', 'Failed: no active email integration'],
    ['push', 'failed', 'There was one or more errors when trying to execute the notification', 'allChannelsFailed', 'Failed: every push channel failed'],
    ['chat', 'failed', 'All chat channels failed to send the message', 'allChannelsFailed', 'Failed: every chat channel failed'],
    ['email', 'failed', 'Message content could not be generated', 'contentFailed', 'Failed: the message content could not be rendered'],
    ['email', 'failed', 'Bridge execution failed', 'bridgeFailed', 'Failed: the step could not be rendered (a code workflow: its bridge endpoint failed or was unreachable)'],
    ['email', 'failed', "Novu's provider limit has been reached", 'demoProviderLimit', "Failed: a limit of Novu's built-in demo provider"],
    ['email', 'failed', 'Test provider can only be used to send emails to current logged in user', 'demoProviderLimit', "Failed: a limit of Novu's built-in demo provider"],
    ['sms', 'canceled', 'Step was canceled because a previous step failed', 'previousStepFailed', 'Canceled: an earlier step failed'],
    ['in_app', 'skipped', 'Throttle limit exceeded for the given window', 'throttled', 'Skipped: throttled (the limit for the window was reached)'],
  ];
  for (const [type, status, detail, kind, text] of cases) {
    it(`"${detail}" on a ${status} ${type} step: ${kind}`, () => {
      const cause = stepCause(job(type, status, detail), context);
      assert.equal(cause?.kind, kind);
      assert.equal(cause?.text, text);
      assert.equal(cause?.detail, detail);
    });
  }

  it('matches trimmed strings, and the newest detail that names a cause', () => {
    assert.equal(stepCause(job('email', 'canceled', '  Subscriber missing email address '), context)?.kind, 'missingEmail');
    const later = buildJob({ type: 'email', status: 'canceled', executionDetails: [buildExecutionDetail({ detail: 'Subscriber missing email address' }), buildExecutionDetail({ detail: 'Step filtered by subscriber global preferences' }), buildExecutionDetail({ detail: 'Something new the service added' })] } as never);
    assert.equal(stepCause(later, context)?.kind, 'preferenceGlobal');
  });

  it('a provider refusal says the provider and its own words from raw', () => {
    const cause = stepCause(job('email', 'failed', 'Unexpected provider error', { providerId: 'sendgrid', raw: JSON.stringify({ errors: [{ message: 'The mailbox is unavailable' }] }) }), context);
    assert.equal(cause?.text, 'Failed at SendGrid: The mailbox is unavailable');
    assert.equal(stepCause(job('sms', 'failed', 'Unexpected provider error', { providerId: 'acme-sms', raw: 'plain words' }), context)?.text, 'Failed at acme-sms: plain words');
    assert.equal(stepCause(job('sms', 'failed', 'Unexpected provider error', { raw: '' }), context)?.text, 'Failed at the provider: it refused the message');
    assert.equal(providerMessage('{"message":{"message":"deep"}}'), 'deep');
    assert.equal(providerMessage('{"error":"x"}'), 'x');
    // SendGrid's client: "Forbidden" on top, the reason in the answer's body (issue 38).
    const sendGrid = { code: 403, message: 'Forbidden', response: { headers: { date: 'x' }, body: { errors: [{ message: 'The from address does not match a verified Sender Identity.', field: 'from' }] } } };
    assert.equal(providerMessage(JSON.stringify(sendGrid)), 'The from address does not match a verified Sender Identity.');
    assert.equal(providerMessage('{"message":"Forbidden"}'), 'Forbidden');
  });

  it('reads a raw answer once for the refusal and the acceptance: JSON (as text or as sent), else its text', () => {
    assert.deepEqual(rawAnswer('{"id":"m1"}'), { json: { id: 'm1' } });
    assert.deepEqual(rawAnswer({ id: 'm1' }), { json: { id: 'm1' } });
    assert.deepEqual(rawAnswer('not json'), { text: 'not json' });
    for (const none of [undefined, null, '']) assert.equal(rawAnswer(none), undefined);
    assert.equal(providerMessage('  '), undefined);
    const sent = (raw: unknown) => providerAnswer({ executionDetails: [buildExecutionDetail({ detail: 'Message sent', raw } as never)] });
    assert.equal(sent(JSON.stringify([{ sid: 'SM1', status: 'queued', to: '+15551234567' }])), 'sid SM1 · status queued');
    assert.equal(sent({ messageId: 'abc' }), 'messageId abc');
    // Text that is not JSON says no id: nothing is shown (it may echo an address).
    assert.equal(sent('accepted for grace@example.com'), undefined);
    assert.equal(sent(''), undefined);
  });

  it('a provider webhook that bounced is a failure at the provider, with its event', () => {
    const cause = stepCause(job('email', 'failed', '550 mailbox full - (bounced)', { providerId: 'mailgun', source: 'Webhook' }), context);
    assert.equal(cause?.text, 'Failed at Mailgun: 550 mailbox full (bounced)');
    assert.equal(stepCause(job('email', 'failed', 'ok - (delivered)', { source: 'Webhook' }), context), undefined);
  });

  it('SMS with no configured channel as a failure: the integration has no sender number', () => {
    assert.equal(stepCause(job('sms', 'failed', 'Subscriber does not have a configured channel'), context)?.text, 'Failed: the SMS integration has no sender number');
  });

  it('says nothing it does not know: no cause for a detail it does not know, or for a step that went out', () => {
    assert.equal(stepCause(job('email', 'canceled', 'Step canceled'), context), undefined);
    assert.equal(stepCause(job('email', 'completed', 'Subscriber missing email address'), context), undefined);
    assert.equal(stepCause(job('email', 'pending', 'Bridge execution skipped'), context), undefined);
  });

  it('words without a name, a workflow or a time zone when the notification has none', () => {
    assert.equal(stepCause(job('email', 'canceled', 'Step filtered by subscriber workflow preferences'), {})?.text, 'Skipped: the subscriber turned email off for this workflow');
    assert.equal(stepCause(job('email', 'canceled', "The step was skipped as it fell outside the subscriber's schedule"), { subscriber: 'Ada' })?.text, "Skipped: outside Ada's delivery schedule");
  });

  it('the timeline, the Activity job row and its tooltip say the cause, and "Canceled" only when nothing says why', () => {
    const n = buildNotification({
      subscriber: { subscriberId: 'ada', firstName: 'Ada', lastName: 'Lovelace' } as never,
      template: { _id: 'w1', name: 'Welcome', triggers: [{ identifier: 'welcome', type: 'event', variables: [] }] } as never,
      jobs: [job('email', 'canceled', 'Step filtered by subscriber workflow preferences', { status: 'Success' }), job('sms', 'canceled', 'Step canceled')],
    });
    assert.deepEqual(causeContextOf(n), { subscriber: 'Ada', workflow: 'Welcome', timezone: undefined });
    assert.equal(summarizeJob(n.jobs![0]!, n), 'Skipped: Ada turned email off for Welcome');
    assert.equal(summarizeJob(n.jobs![1]!, n), 'Canceled');
    assert.equal(buildJobRow(n.jobs![0]!, causeContextOf(n)).description, 'Email · Skipped: Ada turned email off for Welcome');
    assert.match(activityTooltip(n), /Email: Skipped: Ada turned email off for Welcome/);
  });
});
