/** The preview panel's protocol and what it renders: types only (the host validates with protocolSchemas.ts). */
import type { CommonRequests, PanelError, RequestBody } from '../panels/protocol';
import type { Finding } from '../checks/checkLevels';
import type { PreviewModel } from '../rendered/previewModel';

export type { PreviewModel };

/** A failure of the render, said where it happened, with what the user can do next. */
export interface PreviewFailureView {
  text: string;
  more: string[];
  /** Payload or controls problems, each at its key (also diagnostics in the payload editor). */
  atKeys: { key: string; message: string }[];
  /** "welcome.ts:88:11": the first frame of the user's own code (a link: openFrame). */
  frame?: string;
  actions: ('setBridgeUrl' | 'retry' | 'editPayload' | 'switchConnection' | 'useService')[];
}

/** The Checks strip: the findings of the step on screen (src/checks/), counted by level. */
export interface PreviewChecksView {
  errors: number;
  warnings: number;
  findings: Finding[];
}

export interface PreviewStepView {
  stepId: string;
  type: string;
  /** The type in words: "Email", "In-app", "Digest". */
  typeLabel: string;
  icon: string;
}

export interface PreviewView {
  workflowId: string;
  workflowName?: string;
  steps: PreviewStepView[];
  /** The step shown (one of `steps`, or one the code has that discover did not list). */
  stepId: string;
  stepType: string;
  /** Who renders it, in words: "Rendered by your app at localhost:4000 (framework 2.13.2), signed with Development's key". */
  renderer: string;
  status: 'rendering' | 'rendered' | 'failed';
  /** The render shown is from before the last change: why (the app is restarting, retrying). */
  stale?: string;
  failure?: PreviewFailureView;
  /** What was rendered (email: its `html` replaced by `srcdoc`, the frame's document). */
  model?: PreviewModel;
  /** The email frame's document (§9.6), built by the host. */
  srcdoc?: string;
  remoteImages: boolean;
  /** Who it is for: "Ada Lovelace (ada-lovelace)" or "No subscriber". */
  subscriber: string;
  /** The payload used, as JSON text. */
  payload: string;
  /** The step's controls with their values (from discover's defaults and the user's). */
  controls: { key: string; value: string }[];
  /** Said above the render: skip conditions, the app's schema not visible. */
  notes: string[];
  /** The payload editor's text breaks its JSON or the workflow's schema (its first problem): the render shown is of the payload before. */
  payloadHeld?: string;
  /** When the shown render was made (local time). */
  renderedAt?: string;
  /** The checks of what is shown (a render, or the failure in its place); none while nothing is, or while they are under way. */
  checks?: PreviewChecksView;
  /** The checks of the email shown are under way, off the host's thread: the strip says "checking…" (issue 51, E2). */
  checking?: true;
}

export type PreviewPanelState = { kind: 'loading'; workflowId: string } | { kind: 'loaded'; view: PreviewView } | { kind: 'error'; error: PanelError };

export type PreviewRequests = CommonRequests & {
  selectStep: { body: { stepId: string }; reply: null };
  refresh: { body: Record<never, never>; reply: null };
  remoteImages: { body: { on: boolean }; reply: null };
  editPayload: { body: Record<never, never>; reply: null };
  pickSubscriber: { body: Record<never, never>; reply: null };
  /** A link of the email or an in-app button: opened only after asking, with the target shown. */
  openLink: { body: { url: string }; reply: null };
  openFrame: { body: Record<never, never>; reply: null };
  /** A finding of the Checks strip at a key of the payload: the payload's editor, at that key. */
  revealPayloadKey: { body: { key: string }; reply: null };
  setBridgeUrl: { body: Record<never, never>; reply: null };
  sendTest: { body: Record<never, never>; reply: null };
  /** Save as Test Case…: the payload, subscriber and controls on screen become a case of the workflow's case file. */
  saveTestCase: { body: Record<never, never>; reply: null };
  failureAction: { body: { action: PreviewFailureView['actions'][number] }; reply: null };
};

export type PreviewRequestBody = RequestBody<PreviewRequests>;
