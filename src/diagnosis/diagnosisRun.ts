/**
 * Asks the service what the diagnosis needs, in parallel, and reports each answer as it arrives
 * (issue 24.7). First round, together: the subscriber, the workflow, the subscriber's latest runs
 * (50, in the time range), its preferences and the active integrations. A second round only when
 * needed: the same subscriber in every other saved connection (it is not here); the runs of the
 * workflow by its `_id` (the subscriber's 50 latest hold none of it); the newest subscribers, for
 * the ID a trigger mistyped (the subscriber looks created by its own first run); the other
 * connections' active integrations (the subscriber's push or chat provider has none here, and the
 * organization's list does not say where it is). No request is repeated.
 * vscode-free: the caller hands in the clients and the preferences read.
 */
import * as z from 'zod/mini';
import { findInboxMessage } from '../api/inbox';
import { readTopicSends } from './topicSends';
import { environmentIdentifier, inAppHmac, type InboxCodeFact, type InboxCodeSite } from './inboxCode';
import { NovuApiError, isAbortError, type Integration, type Notification, type NovuClient, type Preferences, type Subscriber, type Workflow, type WorkflowPreference } from '../api';
import { l10n } from '../l10n';
import { describeError, workflowsUnavailable } from '../ui/errors';
import { didYouMean } from '../format/didYouMean';
import { createdByTrigger, providersWithoutIntegration } from './deliveryFacts';
import type { Channel, DiagnosisInput, ElsewhereResult, Fact, IntegrationsElsewhere } from './diagnosisTypes';

export const RUNS_PAGE = 50;
const anyBody = z.unknown();
export const DEFAULT_RANGE_MS = 24 * 3_600_000;

export interface DiagnosisRequest {
  subscriberId: string;
  workflowRef?: string | undefined;
  channel?: Channel | undefined;
  /** Default: the last 24 hours. */
  sinceMs?: number | undefined;
}

export interface OtherConnection {
  id: string;
  name: string;
  region: string;
  /** The environment it was seen in, if it was. */
  environmentId?: string | undefined;
  /** Undefined: no key for it. */
  client: () => Promise<NovuClient | undefined>;
}

export interface DiagnosisDeps {
  client: NovuClient;
  connection: { id: string; name: string; region: string; environmentId?: string | undefined };
  others: () => readonly OtherConnection[];
  readPreferences: (client: NovuClient, subscriberId: string, signal: AbortSignal) => Promise<{ preferences: Preferences; critical: readonly WorkflowPreference[] }>;
  /** Subscriber IDs already held (the Subscribers view's rows): candidates for "did you mean" without a request. */
  knownSubscriberIds?: () => readonly string[];
  /** The Inbox set-ups of the workspace's code (code awareness), read from disk, never sent. */
  inboxSetups?: (signal: AbortSignal) => Promise<InboxCodeSite[]>;
  now: () => number;
}

/** How many of the newest subscribers are read to find the one a mistyped ID meant. */
export const SIMILAR_PAGE = 100;

const is404 = (error: unknown): error is NovuApiError => error instanceof NovuApiError && error.status === 404;

function failed(error: unknown): Fact<never> {
  return { state: 'failed', error: describeError(error) };
}

/**
 * A failed workflow read: not found, or could not be checked (a server without the route, or one
 * that closes workflows to API keys: `workflowsUnavailable`); neither means that the workflow is
 * missing, nor that the key is rejected.
 */
export function workflowFailure(error: unknown): Fact<never> {
  const unavailable = workflowsUnavailable(error);
  if (unavailable) return { state: 'failed', error: unavailable };
  return is404(error) ? { state: 'notFound', message: error.message } : failed(error);
}

/** A workflow reference as the runs filter takes it: only a 24-hex `_id` (contract §6). */
const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The runs of this workflow among a page: by `_id`, trigger identifier or name. */
export function runsOfWorkflow(runs: readonly Notification[], ref: string | undefined, workflow: Workflow | undefined): Notification[] {
  if (!ref && !workflow) return [...runs];
  const keys = new Set([ref, workflow?._id, workflow?.workflowId, workflow?.name].filter((v): v is string => !!v).map((v) => v.toLowerCase()));
  return runs.filter((n) => [n._templateId, n.template?._id, n.template?.triggers?.[0]?.identifier, n.template?.name].some((v) => !!v && keys.has(v.toLowerCase())));
}

export async function runDiagnosis(request: DiagnosisRequest, deps: DiagnosisDeps, onUpdate: (input: DiagnosisInput) => void, signal: AbortSignal): Promise<DiagnosisInput> {
  const nowMs = deps.now();
  const sinceMs = request.sinceMs ?? nowMs - DEFAULT_RANGE_MS;
  const others = deps.others();
  const state: DiagnosisInput = {
    connection: deps.connection,
    others: others.map((o) => ({ connectionId: o.id, connectionName: o.name, region: o.region, environmentId: o.environmentId })),
    subscriberId: request.subscriberId,
    workflowRef: request.workflowRef,
    channel: request.channel,
    sinceMs,
    nowMs,
    subscriber: { state: 'pending' },
    elsewhere: { state: 'skipped' },
    workflow: request.workflowRef ? { state: 'pending' } : { state: 'skipped' },
    runs: { state: 'pending' },
    preferences: { state: 'pending' },
    integrations: { state: 'pending' },
  };
  const update = (patch: Partial<DiagnosisInput>) => {
    Object.assign(state, patch);
    if (!signal.aborted) onUpdate({ ...state });
  };
  const opts = { signal };
  const { client } = deps;
  // An abort rejects every read of the round; the run stops at the first one it awaits, so the
  // others are marked handled here (awaiting them still sees the rejection): an aborted diagnosis
  // left up to four unhandled rejections in the extension host.
  const guard = <T,>(work: Promise<T>, onOk: (value: T) => void, onError: (error: unknown) => void) => {
    const guarded = work.then(onOk, (error: unknown) => {
      if (isAbortError(error)) throw error;
      onError(error);
    });
    guarded.catch(() => undefined);
    return guarded;
  };

  let subscriberMissing = false;
  const subscriber = guard(
    client.getSubscriber(request.subscriberId, opts),
    // The subscriber says which environment the key is for: the organization's integration list is read in it.
    (value: Subscriber) => update({ subscriber: { state: 'ok', value }, ...(!state.connection.environmentId && value._environmentId ? { connection: { ...state.connection, environmentId: value._environmentId } } : {}) }),
    (error) => {
      if (is404(error)) {
        subscriberMissing = true;
        update({ subscriber: { state: 'notFound', message: error.message }, elsewhere: { state: 'pending' } });
      } else update({ subscriber: failed(error) });
    },
  );
  let workflow: Workflow | undefined;
  const workflowRead = request.workflowRef
    ? guard(
        client.getWorkflow(request.workflowRef, opts),
        (value: Workflow) => {
          workflow = value;
          update({ workflow: { state: 'ok', value } });
        },
        (error) => update({ workflow: workflowFailure(error) }),
      )
    : Promise.resolve();
  let subscriberRuns: Notification[] | undefined;
  let runsFull = false;
  const runsQuery = { subscriberIds: [request.subscriberId], after: new Date(sinceMs).toISOString(), ...(request.workflowRef && OBJECT_ID.test(request.workflowRef) ? { templates: [request.workflowRef] } : {}) };
  const runs = guard(
    client.listNotifications({ ...runsQuery, page: 0, limit: RUNS_PAGE }, opts),
    (page) => {
      subscriberRuns = page.data;
      runsFull = page.data.length >= RUNS_PAGE;
    },
    (error) => update({ runs: failed(error) }),
  );
  const preferences = guard(
    deps.readPreferences(client, request.subscriberId, signal),
    (value) => update({ preferences: { state: 'ok', value } }),
    (error) => update({ preferences: is404(error) ? { state: 'skipped' } : failed(error) }),
  );
  const integrations = guard(
    client.listActiveIntegrations(opts),
    (value: Integration[]) => update({ integrations: { state: 'ok', value } }),
    (error) => update({ integrations: failed(error) }),
  );

  // The runs are shown once the workflow they are filtered by is known.
  await Promise.all([workflowRead, runs]);
  if (subscriberRuns !== undefined) {
    const ofWorkflow = runsOfWorkflow(subscriberRuns, request.workflowRef, workflow);
    // None of this workflow among a full page of the subscriber's latest: ask by the workflow's _id.
    if (ofWorkflow.length === 0 && runsFull && workflow && !OBJECT_ID.test(request.workflowRef ?? '')) {
      await guard(
        client.listNotifications({ ...runsQuery, templates: [workflow._id], page: 0, limit: RUNS_PAGE }, opts),
        (page) => update({ runs: { state: 'ok', value: page.data } }),
        (error) => update({ runs: failed(error) }),
      );
    } else update({ runs: { state: 'ok', value: ofWorkflow } });
  } else if (state.runs.state === 'pending') update({ runs: { state: 'skipped' } });

  await subscriber;
  const secondRound: Promise<unknown>[] = [];
  // A subscriber a trigger created with nothing but its ID: look for the one it meant.
  if (state.subscriber.state === 'ok' && state.runs.state === 'ok' && createdByTrigger(state.subscriber.value, state.runs.value)) {
    update({ similar: { state: 'pending' } });
    const typed = request.subscriberId;
    secondRound.push(
      guard(
        client.searchSubscribers({ limit: SIMILAR_PAGE }, opts),
        (page) => update({ similar: { state: 'ok', value: didYouMean(typed, [...new Set([...page.data.map((s) => s.subscriberId), ...(deps.knownSubscriberIds?.() ?? [])])]) } }),
        (error) => update({ similar: failed(error) }),
      ),
    );
  }
  // The subscriber's push or chat provider with no active integration here: where is it active?
  const integrationsElsewhere = (async () => {
    await integrations;
    if (state.subscriber.state !== 'ok' || state.integrations.state !== 'ok' || others.length === 0) return;
    const env = state.connection.environmentId;
    const missing = providersWithoutIntegration(state.subscriber.value, state.integrations.value, env);
    // The organization's list (servers since 0.17.0) names the other environments' integrations
    // itself; a list scoped to the key's environment (newer servers) does not: ask the others.
    const listedElsewhere = state.integrations.value.some((i) => i.active !== false && !!i._environmentId && i._environmentId !== env && missing.includes(i.providerId ?? ''));
    if (missing.length === 0 || listedElsewhere) return;
    update({ integrationsElsewhere: { state: 'pending' } });
    const value = await Promise.all(
      others.map(async (other): Promise<IntegrationsElsewhere> => {
        const base = { connectionId: other.id, connectionName: other.name, region: other.region, environmentId: other.environmentId };
        try {
          const otherClient = await other.client();
          if (!otherClient) return { ...base, providerIds: [], problem: l10n.t('not asked: no API key') };
          const list = await otherClient.listActiveIntegrations(opts);
          const there = list.filter((i) => i.active !== false && (!other.environmentId || !i._environmentId || i._environmentId === other.environmentId));
          return { ...base, providerIds: [...new Set(there.map((i) => i.providerId).filter((p): p is string => !!p))] };
        } catch (error) {
          if (isAbortError(error)) throw error;
          return { ...base, providerIds: [], problem: describeError(error).message };
        }
      }),
    );
    update({ integrationsElsewhere: { state: 'ok', value } });
  })();
  // Awaited below; marked handled here so that an abort while another read is awaited is not unhandled.
  integrationsElsewhere.catch(() => undefined);
  secondRound.push(integrationsElsewhere);
  if (subscriberMissing) {
    update({ runs: { state: 'skipped' }, preferences: { state: 'skipped' } });
    const results: ElsewhereResult[] = await Promise.all(
      others.map(async (other): Promise<ElsewhereResult> => {
        const base = { connectionId: other.id, connectionName: other.name, region: other.region };
        try {
          const otherClient = await other.client();
          if (!otherClient) return { ...base, found: false, problem: l10n.t('not asked: no API key') };
          await otherClient.getSubscriber(request.subscriberId, opts);
          return { ...base, found: true };
        } catch (error) {
          if (isAbortError(error)) throw error;
          return is404(error) ? { ...base, found: false } : { ...base, found: false, problem: describeError(error).message };
        }
      }),
    );
    update({ elsewhere: { state: 'ok', value: results } });
  }
  // No run of the workflow: did a send of it to one of the subscriber's topics leave them out?
  if (state.runs.state === 'ok' && state.runs.value.length === 0 && request.workflowRef && state.subscriber.state === 'ok') {
    update({ topics: { state: 'pending' } });
    secondRound.push(
      guard(
        readTopicSends(client, request.subscriberId, request.workflowRef, workflow, new Date(sinceMs).toISOString(), signal),
        (value) => update({ topics: { state: 'ok', value } }),
        // A server without topics (404 on the route) has no topic send to explain.
        (error) => update({ topics: is404(error) ? { state: 'skipped' } : failed(error) }),
      ),
    );
  }
  // The latest run's in-app step completed: is its message in the Inbox, and in which state and context?
  const latest = state.runs.state === 'ok' ? state.runs.value[0] : undefined;
  const inApp = latest?.jobs?.find((j) => j.type === 'in_app' && j.status === 'completed');
  if (latest?.transactionId && inApp && (request.channel ?? 'in_app') === 'in_app') {
    const transactionId = latest.transactionId;
    const contextKeys = [...(latest.contextKeys ?? [])].sort();
    update({ inbox: { state: 'pending' } });
    secondRound.push(
      guard(
        findInboxMessage(client, request.subscriberId, transactionId, opts),
        (found) => update({ inbox: { state: 'ok', value: { transactionId, contextKeys, ...found } } }),
        (error) => update({ inbox: failed(error) }),
      ),
    );
    // The workspace's Inbox code: what a session of each set-up would not match.
    const inboxSetups = deps.inboxSetups;
    if (inboxSetups) {
      update({ inboxCode: { state: 'pending' } });
      secondRound.push(
        guard(
          readInboxCode(client, inboxSetups, () => state.connection.environmentId, integrations.then(() => (state.integrations.state === 'ok' ? state.integrations.value : undefined)), signal),
          (value) => update({ inboxCode: value ? { state: 'ok', value } : { state: 'skipped' } }),
          (error) => update({ inboxCode: failed(error) }),
        ),
      );
    }
  }
  await Promise.all([preferences, ...secondRound]);
  return { ...state };
}

/**
 * The workspace's Inbox set-ups, with the environment's application identifier (`GET
 * /v1/environments`, asked only when a set-up writes one as a literal) and whether its in-app
 * integration has HMAC on (from the integrations already read). Undefined: the code has none.
 */
async function readInboxCode(client: NovuClient, inboxSetups: (signal: AbortSignal) => Promise<InboxCodeSite[]>, environmentId: () => string | undefined, integrations: Promise<readonly Integration[] | undefined>, signal: AbortSignal): Promise<InboxCodeFact | undefined> {
  const sites = await inboxSetups(signal);
  if (sites.length === 0) return undefined;
  const fact: InboxCodeFact = { sites };
  if (sites.some((s) => s.setup.applicationIdentifier?.kind === 'literal')) {
    const identifier = environmentIdentifier(await client.call({ method: 'get', path: 'v1/environments', schema: anyBody, options: { signal } }), environmentId());
    if (identifier !== undefined) fact.environmentIdentifier = identifier;
  }
  const list = await integrations;
  const hmac = list ? inAppHmac(list, environmentId()) : undefined;
  if (hmac !== undefined) fact.hmac = hmac;
  return fact;
}
