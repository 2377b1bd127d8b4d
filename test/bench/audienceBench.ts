/**
 * Issue 55's figures in plain Node, side by side with their floors: a topic of 10,000 subscriptions
 * (its first page through the client beside the same request by fetch, then every page by cursor),
 * the dry run's own CPU over the 10,000 once read, and an Inbox of 1,000 items (the first page
 * beside fetch). The sandbox's conditions are real JSON Logic, so the dry run evaluates them.
 */
import { NovuClient } from '../../src/api';
import { listInbox } from '../../src/api/inbox';
import { listTopicSubscriptions } from '../../src/api/topics';
import { readAllSubscriptions } from '../../src/audience/reachRead';
import { topicReach } from '../../src/audience/topicReach';
import { SANDBOX_FIXTURES as F, startSandbox } from '../../src/sandbox';
import { compare, median, round, timeRuns } from './stats';

export async function audienceBench() {
  const sandbox = await startSandbox({ apiKey: 'bench-audience-key', subscriberCount: 10_000, topicSubscriptions: 10_000, inboxItems: 1_000 });
  try {
    const client = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const headers = { Authorization: `ApiKey ${sandbox.apiKey}`, Accept: 'application/json' };
    const topicPage = await compare(
      () => listTopicSubscriptions(client, F.loadTestTopicKey, { limit: 50 }),
      async () => (await fetch(`${sandbox.url}/v2/topics/${F.loadTestTopicKey}/subscriptions?limit=50`, { headers })).json(),
      { warmup: 5, runs: 30 },
    );
    const readStarted = performance.now();
    const subscriptions = await readAllSubscriptions(client, F.loadTestTopicKey);
    const readAllMs = performance.now() - readStarted;
    // Our own CPU once they are read: the same send worked out again (as on an edit of the review).
    const send = { workflow: { workflowId: F.topicWorkflowIdentifier, tags: [] }, payload: { region: 'us' }, contextScoped: false };
    const records = new Map<string, Record<string, unknown>>();
    const lookups = { subscriber: (id: string) => records.get(id) };
    const dryRunMs = median(await timeRuns(() => topicReach(subscriptions, send, lookups), { warmup: 2, runs: 9 }));
    const inboxPage = await compare(
      () => listInbox(client, F.notificationSubscriberId, { tab: 'all', context: { kind: 'any' } }),
      async () => (await fetch(`${sandbox.url}/v2/subscribers/${F.notificationSubscriberId}/notifications?archived=false&snoozed=false&limit=20`, { headers })).json(),
      { warmup: 5, runs: 30 },
    );
    return {
      subscriptions: subscriptions.length,
      topicFirstPage: { clientMs: round(topicPage.a), fetchMs: round(topicPage.b), overMs: round(topicPage.a - topicPage.b) },
      topicReadAllMs: Math.round(readAllMs),
      dryRunMs: round(dryRunMs),
      inboxFirstPage: { clientMs: round(inboxPage.a), fetchMs: round(inboxPage.b), overMs: round(inboxPage.a - inboxPage.b) },
    };
  } finally {
    await sandbox.close();
  }
}
