/**
 * Issue 38.5: the seed's incident (`incident: true`): a 40-minute provider outage that ended 15
 * minutes before "now", 300 failed runs across three causes, later runs that were sent, an inactive
 * workflow, old payloads a schema refuses now; small runs; opt-in and deterministic.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INCIDENT, INCIDENT_CAUSES, INCIDENT_FAILED_TAG, INCIDENT_SENT_TAG, type Notification, type Sandbox, startSandbox } from '../../../src/sandbox';
import { call, get } from './helpers';

const MINUTE_MS = 60_000;
const tagOf = (n: Notification): string => n._id.slice(8, 14);
const failedRuns = (s: Sandbox) => s.state.notifications.filter((n) => tagOf(n) === INCIDENT_FAILED_TAG);
const sentRuns = (s: Sandbox) => s.state.notifications.filter((n) => tagOf(n) === INCIDENT_SENT_TAG);
const failedJob = (n: Notification) => n.jobs.find((j) => j.status === 'failed');
/** The cause as the panel reads it: channel, provider, last detail. */
const causeOf = (n: Notification): string => {
  const job = failedJob(n);
  return `${job?.type}/${job?.providerId}/${job?.executionDetails.at(-1)?.detail}`;
};

function countBy<T>(items: readonly T[], key: (t: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

describe('the sandbox’s incident (issue 38)', () => {
  it('is off unless asked, and leaves the rest of the seed as it was', async () => {
    const plain = await startSandbox({ apiKey: 'no-incident' });
    const withIt = await startSandbox({ apiKey: 'incident', incident: true });
    try {
      assert.equal(failedRuns(plain).length + sentRuns(plain).length, 0);
      const others = (s: Sandbox) => JSON.stringify(s.state.notifications.filter((n) => ![INCIDENT_FAILED_TAG, INCIDENT_SENT_TAG].includes(tagOf(n))));
      assert.equal(others(withIt), others(plain));
      assert.equal(withIt.state.subscribers.length, plain.state.subscribers.length);
      assert.equal(withIt.state.workflows.length, plain.state.workflows.length);
    } finally {
      await Promise.all([plain.close(), withIt.close()]);
    }
  });

  it('has 300 failed runs in three causes, within 40 minutes that ended 15 minutes before now', async () => {
    const endsAt = Date.UTC(2026, 10, 28, 6, 0, 0);
    const sandbox = await startSandbox({ apiKey: 'incident-shape', incident: true, activityEndsAtMs: endsAt });
    try {
      const failed = failedRuns(sandbox);
      assert.deepEqual(countBy(failed, causeOf), {
        'email/sendgrid/Unexpected provider error': 140,
        'sms/twilio/Unexpected provider error': 95,
        [`push/fcm/${INCIDENT_CAUSES.noActiveIntegration}`]: 65,
      });
      const times = failed.map((n) => Date.parse(n.createdAt));
      assert.ok(Math.min(...times) >= endsAt - 55 * MINUTE_MS && Math.min(...times) < endsAt - 50 * MINUTE_MS, 'starts about 55 minutes ago');
      assert.ok(Math.max(...times) <= endsAt - 15 * MINUTE_MS && Math.max(...times) > endsAt - 20 * MINUTE_MS, 'ends 15 minutes ago');
      assert.equal(INCIDENT.endMs - INCIDENT.startMs, 40 * MINUTE_MS);
      // The provider's words, with what differs per recipient inside (so grouping must mask it).
      for (const n of failed) {
        const raw = failedJob(n)?.executionDetails.at(-1)?.raw ?? '';
        if (n.channels[0] === 'email') assert.match(raw, /"code":403.*does not match a verified Sender Identity/);
        if (n.channels[0] === 'sms') assert.ok(raw.includes(`The 'To' number ${n.subscriber.phone} is not a valid phone number.`) && raw.includes('"code":21211'), raw);
      }
      assert.ok(new Set(failed.filter((n) => n.channels[0] === 'sms').map((n) => n.subscriber.phone)).size > 20, 'many numbers, one cause');
      // Small runs: the first Activity page stays light.
      for (const n of [...failed, ...sentRuns(sandbox)]) {
        assert.equal(n.jobs.length, 2);
        assert.ok(n.jobs.every((j) => j.executionDetails.length <= 2));
      }
      const page = await get<{ data: Notification[] }>(sandbox, `/v1/notifications?limit=50&after=${new Date(endsAt - 60 * MINUTE_MS).toISOString()}`);
      assert.ok(JSON.stringify(page.body).length < 200_000, 'a 50-row page of the last hour stays small');
      assert.ok(page.body.data.some((n) => tagOf(n) === INCIDENT_FAILED_TAG), 'the last hour shows it');
    } finally {
      await sandbox.close();
    }
  });

  it('has later runs that were sent, an inactive workflow and old payloads refused now', async () => {
    const sandbox = await startSandbox({ apiKey: 'incident-exclusions', incident: true });
    try {
      const failed = failedRuns(sandbox);
      const sent = sentRuns(sandbox);
      assert.ok(sent.length >= 20, `${sent.length} later runs sent`);
      for (const n of sent) {
        assert.ok(n.jobs.every((j) => j.status === 'completed'));
        const earlier = failed.filter((f) => f._templateId === n._templateId && f.subscriber.subscriberId === n.subscriber.subscriberId && f.channels[0] === n.channels[0]);
        assert.ok(earlier.length > 0 && earlier.every((f) => f.createdAt < n.createdAt), 'after a failure of the same workflow to the same subscriber');
      }
      assert.ok(sent.every((n) => n.template.triggers[0]?.identifier !== INCIDENT.inactiveWorkflow));

      const inactive = sandbox.state.workflows.find((w) => w.identifier === INCIDENT.inactiveWorkflow);
      assert.equal(inactive?.active, false);
      assert.equal(failed.filter((n) => n._templateId === inactive?._id).length, 30);

      const refusedWorkflow = sandbox.state.workflows.find((w) => w.identifier === INCIDENT.refusedPayloadWorkflow);
      const old = failed.filter((n) => n._templateId === refusedWorkflow?._id && n.payload['orderId'] === undefined);
      assert.deepEqual(countBy(old, (n) => n.channels[0] ?? ''), { sms: 18, push: 11 });
      // Sent again as they are, the service says why not, per event (§8.4).
      const event = (n: Notification) => ({ name: n.template.triggers[0]?.identifier, to: n.subscriber.subscriberId, payload: n.payload, transactionId: `again-${n._id}` });
      const anOld = old[0]!;
      const aNewsletter = failed.find((n) => n._templateId === inactive?._id)!;
      const res = await call<{ data: { status: string; error?: string[] }[] }>(sandbox, '/v1/events/trigger/bulk', { method: 'POST', body: { events: [event(anOld), event(aNewsletter)] } });
      assert.deepEqual(res.body.data.map((a) => [a.status, a.error?.[0]]), [
        ['error', 'Payload validation failed: payload.orderId: is required'],
        ['trigger_not_active', undefined],
      ]);
    } finally {
      await sandbox.close();
    }
  });

  it('is the same for the same seed, with ids that do not move with the clock', async () => {
    const a = await startSandbox({ apiKey: 'incident-a', incident: true, seed: 7 });
    const b = await startSandbox({ apiKey: 'incident-b', incident: true, seed: 7, activityEndsAtMs: Date.now() });
    const c = await startSandbox({ apiKey: 'incident-c', incident: true, seed: 8 });
    try {
      const ids = (s: Sandbox) => JSON.stringify([...failedRuns(s), ...sentRuns(s)].map((n) => [n._id, n.transactionId, n.subscriber.subscriberId]));
      assert.equal(ids(a), ids(b));
      assert.notEqual(ids(a), ids(c));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});
