/** The reach panel's protocol and what it renders: types only (the host validates with reachSchemas.ts). */
import type { CommonRequests, PanelError, RequestBody } from '../panels/protocol';

export type ReachOutcome = 'reached' | 'filtered' | 'direct' | 'got' | 'missed';

export interface ReachRowView {
  /** The subscriber's name, or their ID. */
  subscriber: string;
  subscriberId?: string;
  /** The topic of the subscription (a send may name several). */
  topic: string;
  /** The subscription's context keys in words ("no context"). */
  context: string;
  outcome: ReachOutcome;
  /** A few words: "filtered: condition false". */
  label: string;
  /** The reason in a sentence, with the condition and the values it read. */
  why: string;
  /** A past send's run of this subscriber. */
  runId?: string;
}

export interface ReachView {
  mode: 'dryRun' | 'past';
  title: string;
  /** Where it was read, and when. */
  scope: string;
  /** Said first: a dry run sends nothing; a past send is read against the subscriptions now. */
  note: string;
  counts: { reached: number; filtered: number; direct: number; subscriptions: number };
  /** What the result rests on: context scoping, records that could not be read, a missing workflow. */
  assumptions: string[];
  contextScoped: boolean;
  /** A problem with the review's body: the dry run waits for it to be fixed. */
  problems: string[];
  rows: ReachRowView[];
  /** Rows left out (only the first ones are sent to the panel). */
  more: number;
}

export type ReachPanelState =
  | { kind: 'loading'; title: string; progress: string }
  | { kind: 'loaded'; view: ReachView; busy: boolean }
  | { kind: 'error'; title: string; error: PanelError };

export type ReachRequests = CommonRequests & {
  refresh: { body: object; reply: null };
  setContextScoped: { body: { value: boolean }; reply: null };
  openRun: { body: { runId: string }; reply: null };
};

export type ReachRequestBody = RequestBody<ReachRequests>;
