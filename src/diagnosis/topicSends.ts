/**
 * "Why did half the topic get nothing?" (issue 55, contract §11): for a subscriber with no run of
 * the workflow, the recent sends of that workflow to the topics they are subscribed to, and for
 * each the reason the service's rules give that this subscriber got nothing (a condition false with
 * its values, disabled, another context, subscribed later; what a run does not record, its actor
 * and exclude, said as possible). A subscription filtered out leaves no run, only a request trace,
 * which the API does not list: this is worked out again from the send's payload and context.
 */
import type { Notification, NovuClient, Workflow } from '../api';
import { listSubscriberSubscriptions, type Subscription } from '../api/topics';
import { pastTopicSend } from '../audience/pastTopicSend';
import { readLookups } from '../audience/reachRead';
import { missedSentence } from '../audience/reachWords';
import { looksContextScoped, type ReachWorkflow } from '../audience/topicReach';
import type { TopicSendFact } from './diagnosisTypes';

/** Topics looked at: a subscriber's first few (each costs one read of the Activity). */
const MAX_TOPICS = 5;

export async function readTopicSends(client: NovuClient, subscriberId: string, workflowRef: string, workflow: Workflow | undefined, sinceIso: string, signal: AbortSignal): Promise<TopicSendFact[]> {
  const opts = { signal };
  const page = await listSubscriberSubscriptions(client, subscriberId, { limit: 100 }, opts);
  const byTopic = new Map<string, Subscription[]>();
  for (const s of page.data) {
    const key = s.topic?.key;
    if (key) byTopic.set(key, [...(byTopic.get(key) ?? []), s]);
  }
  const reach: ReachWorkflow = workflow ? { _id: workflow._id, workflowId: workflow.workflowId ?? workflowRef, tags: workflow.tags ?? [] } : { workflowId: workflowRef, tags: [] };
  const topics = [...byTopic.entries()].slice(0, MAX_TOPICS);
  return Promise.all(
    topics.map(async ([topicKey, subscriptions]): Promise<TopicSendFact> => {
      // The newest send of this workflow to the topic in the window: another subscriber's run of it.
      const sends = await client.listNotifications({ topicKey, after: sinceIso, limit: 10, ...(workflow?._id ? { templates: [workflow._id] } : {}) }, opts);
      const send: Notification | undefined = sends.data.find((n) => workflowMatches(n, workflowRef, workflow));
      if (!send) return { topicKey, reached: false };
      const sentTo = { notificationId: send._id, transactionId: send.transactionId ?? '', createdAt: send.createdAt ?? '' };
      const context = Object.fromEntries((send.contextKeys ?? []).map((k) => [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)]));
      const lookups = await readLookups(client, subscriptions, { workflow: reach, context }, { signal });
      const past = pastTopicSend(send, [], topicKey, subscriptions, reach, lookups, looksContextScoped(subscriptions));
      const row = past.missed.find((r) => r.subscriberId === subscriberId);
      return { topicKey, send: sentTo, reached: !row, ...(row?.why ? { why: missedSentence(row.why, send.contextKeys ?? []) } : {}) };
    }),
  );
}

function workflowMatches(n: Notification, ref: string, workflow: Workflow | undefined): boolean {
  const id = n.template?._id ?? n._templateId;
  const identifier = n.template?.triggers?.[0]?.identifier;
  return identifier === ref || identifier === workflow?.workflowId || (!!id && (id === ref || id === workflow?._id));
}
