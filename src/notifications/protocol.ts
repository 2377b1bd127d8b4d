/** The notification panel's protocol and the view-model it renders: types only (the host validates with protocolSchemas.ts). */
import type { CommonRequests, PanelError, RequestBody } from '../panels/protocol';

/** A 24-hex id like the service's notification ids (also what deep links accept). */
export const NOTIFICATION_ID_PATTERN = /^[a-f0-9]{24}$/i;

import type { StatusCount, StatusTone } from '../format/jobStatus';

export type { StatusCount, StatusTone };

export interface LabelledId {
  label: string;
  value: string;
}

export interface NotificationHeader {
  id: string;
  workflowName: string;
  workflowIdentifier?: string;
  overall: { label: string; tone: StatusTone };
  counts: StatusCount[];
  severity?: string;
  critical: boolean;
  createdLocal?: string;
  createdUtc?: string;
  ids: LabelledId[];
  subscriber?: { name?: string; subscriberId?: string; contacts: LabelledId[] };
  topics: string[];
  /** The run's context (`type:id` keys, sorted); [] without one. */
  contextKeys: string[];
  tags: string[];
  channels: string[];
}

export interface JobSummary {
  id: string;
  index: number;
  type: string;
  typeLabel: string;
  /** A codicon name. */
  icon: string;
  name: string;
  status: string;
  statusLabel: string;
  tone: StatusTone;
  provider?: string;
  updatedLocal?: string;
  updatedUtc?: string;
  /** One human line: "Sent", "Failed: …", "Merged into digest", "Digesting 3 events for 5 minutes". */
  summary: string;
  /** The digest notification a merged job was folded into. */
  mergedInto?: string;
  detailCount: number;
}

export interface RawText {
  text: string;
  /** The text was JSON and `text` is it pretty-printed. */
  json: boolean;
  /** Cut for display; the whole text is still copied. */
  truncated: boolean;
}

export interface ExecutionDetailView {
  id: string;
  status: string;
  tone: StatusTone;
  source?: string;
  detail: string;
  timeLocal?: string;
  timeUtc?: string;
  isRetry: boolean;
  isTest: boolean;
  provider?: string;
  raw?: RawText;
}

export interface JobDetails {
  jobId: string;
  executionDetails: ExecutionDetailView[];
  /** Readable digest settings, one line each (amount, key, backoff, timed schedule…). */
  digest: string[];
  step: { active?: boolean; filters: string[]; variants: { name: string; active?: boolean; filters: string[] }[] } | undefined;
  overrides?: string;
  payload?: string;
  /** A message step: the service can render it now with this run's payload (§9.4). */
  renderable?: boolean;
}

export interface NotificationViewModel {
  header: NotificationHeader;
  jobs: JobSummary[];
  /** Pretty JSON of the notification's payload, to and controls, when present. */
  payload?: string;
  to?: string;
  controls?: string;
  inProgress: boolean;
  /** Steps still waiting (delayed, digesting, pending) that Cancel Pending Steps could stop. */
  hasPending: boolean;
}

/** Send Again's links between runs, kept per connection (never in the payload). */
export interface RelatedRuns {
  /** Whether this notification says enough (workflow, subscriber) to be sent again. */
  canSendAgain: boolean;
  /** The runs it was sent again as, newest first. */
  sentAgainAs: string[];
  /** The notification it was sent again from. */
  sentAgainFrom?: string;
}

export interface LiveState {
  /** Refreshing by itself while jobs are still moving. */
  active: boolean;
  /** Seconds until the next refresh. */
  nextInSeconds?: number;
  lastUpdatedLocal?: string;
}

export type NotificationPanelState =
  | { kind: 'loading'; id: string }
  | { kind: 'loaded'; id: string; connectionName: string; model: NotificationViewModel; live: LiveState; related: RelatedRuns }
  | { kind: 'error'; id: string; error: PanelError };

/** What the notification panel's webview asks of the host, and what each request returns. */
export type NotificationRequests = CommonRequests & {
  refresh: { body: object; reply: null };
  /** A job's execution details, sent only when it is expanded. */
  jobDetails: { body: { jobId: string }; reply: JobDetails };
  openNotification: { body: { notificationId: string }; reply: null };
  copy: { body: { text: string; what: string }; reply: null };
  copyRaw: { body: { jobId: string; detailId: string }; reply: null };
  openJson: { body: object; reply: null };
  /** Opens the trigger that sends it again, for review (nothing is sent from the panel itself). */
  sendAgain: { body: object; reply: null };
  /** Asks for a confirmation, cancels what is pending, and reads the notification again. */
  cancelPending: { body: object; reply: null };
  /** Opens the delivery diagnosis for its subscriber, workflow and channel. */
  diagnose: { body: object; reply: null };
  /** Opens the subscriber's Inbox on this run's message, in the run's context. */
  openInbox: { body: object; reply: null };
  /** Opens who this run's topic send reached. */
  topicReach: { body: object; reply: null };
  /** Renders a message step now, through the service, with this run's payload and subscriber (never "as sent"). */
  renderStep: { body: { jobId: string }; reply: null };
  /** Save as Test Case…: the run's payload and subscriber as a case of its workflow's case file. */
  saveTestCase: { body: object; reply: null };
};

export type NotificationRequestBody = RequestBody<NotificationRequests>;
