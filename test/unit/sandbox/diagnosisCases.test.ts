/** The sandbox's diagnosis cases (issue 24.8): each cause ends as current servers end it (contract §8.6). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DIAGNOSIS_CASES as C, startSandbox, type Notification } from '../../../src/sandbox';

describe('the sandbox’s diagnosis cases', () => {
  it('runs one case per cause, each step ending with its §8.6 detail', async () => {
    const sandbox = await startSandbox({ apiKey: 'cases-key', activityEndsAtMs: Date.now(), diagnosisCases: true });
    try {
      const runsOf = (id: string): Notification[] => sandbox.state.notifications.filter((n) => n.subscriber?.subscriberId === id && n.transactionId.startsWith('txn-diag-'));
      const moving = () => Object.values(C).some((id) => runsOf(id).some((n) => n.jobs.some((j) => ['pending', 'queued', 'running', 'delayed'].includes(j.status))));
      const deadline = Date.now() + 15_000;
      while (moving() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const step = (id: string, type: string, workflow = 'Welcome onboarding') => {
        const job = runsOf(id).find((n) => n.template.name === workflow)?.jobs.find((j) => j.type === type);
        return `${job?.status}: ${job?.executionDetails.at(-1)?.detail}`;
      };
      assert.equal(step(C.workflowPreferenceOff, 'email'), 'canceled: Step filtered by subscriber workflow preferences');
      assert.equal(step(C.globalPreferenceOff, 'email'), 'canceled: Step filtered by subscriber global preferences');
      assert.match(step(C.globalPreferenceOff, 'email', 'Password reset'), /^completed/, 'a critical workflow reaches her anyway');
      assert.equal(step(C.noEmail, 'email'), 'canceled: Subscriber missing email address');
      assert.equal(step(C.noPhone, 'sms', 'Order shipped'), 'canceled: Subscriber missing phone number');
      assert.equal(step(C.noPushToken, 'push', 'Order shipped'), 'canceled: Subscriber credentials is missing the tokens for sending a push notification message');
      assert.equal(step(C.outsideSchedule, 'email'), "canceled: The step was skipped as it fell outside the subscriber's schedule");
      assert.equal(step(C.providerError, 'email'), 'failed: Unexpected provider error');
      assert.equal(step(C.mistypedId, 'email'), 'canceled: Subscriber missing email address');
      assert.equal(sandbox.state.subscriber(C.mistypedId)?.email, undefined, 'created with nothing but its id');
      // Her Teams webhook has no active Microsoft Teams integration here; Development's Slack does not send to it.
      assert.equal(step(C.chatProviderInactive, 'chat', 'Comment mention'), 'failed: Subscriber does not have an active integration');
    } finally {
      await sandbox.close();
    }
  });

  it('is off unless asked: the other tests keep their data', async () => {
    const sandbox = await startSandbox({ apiKey: 'no-cases-key' });
    try {
      assert.equal(sandbox.state.subscriber(C.workflowPreferenceOff), undefined);
    } finally {
      await sandbox.close();
    }
  });
});
