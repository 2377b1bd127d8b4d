/** The failures panel's protocol and what it renders: types only (the host validates with protocolSchemas.ts). */
import type { CommonRequests, PanelError, RequestBody } from '../panels/protocol';

export const FAILURE_RANGES = ['lastHour', 'last24Hours', 'last7Days'] as const;
export type FailureRange = (typeof FAILURE_RANGES)[number];

/** One run of a group, as its list shows it. */
export interface RunView {
  notificationId: string;
  subscriberId: string;
  workflow: string;
  /** Local time. */
  at: string;
}

/** A bar of a group's chart: failures in one slice of the window. */
export interface BarView {
  count: number;
  /** The slice's start and end, local time, for the table that reads the chart out. */
  from: string;
  to: string;
}

export interface GroupView {
  key: string;
  /** In our words: the channel, the provider, the cause (with what tells it apart from another group: no two share a title). */
  title: string;
  channel: string;
  channelLabel: string;
  provider?: string;
  /** The provider's own message, masked (ids, addresses, numbers), as text. */
  message?: string;
  /** The provider's own error code (the group is one cause however it was worded), and the HTTP status it came with. */
  code?: string;
  httpStatus?: number;
  runs: number;
  subscribers: number;
  workflows: string[];
  firstSeen: string;
  lastSeen: string;
  bars: BarView[];
  /** The newest runs (at most 50), to open one. */
  examples: RunView[];
}

export interface ReadView {
  runs: number;
  estimatedTotal?: number;
  elapsedSeconds: number;
  /** Reading, done, or stopped by the user. */
  state: 'reading' | 'done' | 'stopped';
  /** The read failed part way (the groups hold what was read). */
  error?: string;
}

/** A re-send's two ways: one per subscriber and workflow (the newest failed run), or every failed run. */
export type ResendChoiceView = 'newestPerPair' | 'everyRun';

/** Runs a re-send leaves out for one reason. */
export interface ExclusionView {
  reason: string;
  /** The reason in words, with its count. */
  label: string;
  /** The first runs (at most 50), each with the schema's words when its payload is refused. */
  runs: (RunView & { detail?: string })[];
  /** Runs past those listed. */
  more: number;
}

/** "Send Again to These…": the review, the sending, then the follow of the new runs. */
export interface ResendView {
  key: string;
  groupTitle: string;
  stage: 'preparing' | 'review' | 'sending' | 'following' | 'done';
  choice: ResendChoiceView;
  /** How many runs each choice sends. */
  counts: Record<ResendChoiceView, number>;
  /** Whom each choice sends to: its subscribers, and its runs to a subscriber and workflow this action already sent again. */
  reach: Record<ResendChoiceView, { subscribers: number; alreadyReached: number }>;
  /** The look for later sends from each failure up to now: its list requests, and whether it read all (not stopped at its limit). */
  laterChecked?: { requests: number; complete: boolean };
  runs: number;
  subscribers: number;
  workflows: string[];
  excluded: ExclusionView[];
  connectionName: string;
  production: boolean;
  /** Why the review could not be made, or the sending stopped. */
  error?: string;
  /** The sending in one line, and the events the service refused, each with its reason. */
  sent?: { line: string; refused: (RunView & { detail: string })[]; notSent: number };
  /** The new runs followed: one line, and whether it is over. */
  follow?: {
    line: string;
    settled: boolean;
    over: boolean;
    /** Judged on the group's step (its channel): sent, failed again with its cause or another, skipped on purpose, pending. */
    counts: { total: number; sent: number; failedSame: number; failedOther: number; skipped: number; pending: number };
    /** The new runs whose step did not go out (at most 50 of each, newest first), each openable; another cause is named in `detail`. */
    failedAgain: { same: (RunView & { detail?: string })[]; other: (RunView & { detail?: string })[]; skipped: (RunView & { detail?: string })[] };
  };
}

export interface FailuresView {
  connectionName: string;
  production: boolean;
  /** A preset window, or a custom range (its words in rangeLabel). */
  range: FailureRange | 'custom';
  rangeLabel: string;
  /** The Activity filter's other fields, in words, when it narrows the read. */
  filter?: string;
  read: ReadView;
  /** Undelivered steps in all (a run can fail on several). */
  failedSteps: number;
  groups: GroupView[];
  resend?: ResendView;
}

export type FailuresPanelState =
  | { kind: 'loading'; connectionId: string }
  | { kind: 'loaded'; view: FailuresView }
  | { kind: 'error'; connectionId: string; error: PanelError };

export type FailuresRequests = CommonRequests & {
  stop: { body: object; reply: null };
  readAgain: { body: { range?: FailureRange | 'custom' }; reply: null };
  openRun: { body: { notificationId: string }; reply: null };
  saveTestCase: { body: { notificationId: string }; reply: null };
  diagnoseOne: { body: { key: string }; reply: null };
  reviewResend: { body: { key: string }; reply: null };
  chooseResend: { body: { choice: ResendChoiceView }; reply: null };
  sendResend: { body: object; reply: null };
  closeResend: { body: object; reply: null };
};

export type FailuresRequestBody = RequestBody<FailuresRequests>;
