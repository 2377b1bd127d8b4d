/** The diagnosis panel's protocol and what it renders: types only (the host validates with protocolSchemas.ts). */
import type { CommonRequests, PanelError, RequestBody } from '../panels/protocol';
import type { Evidence, Fix, LinkId, LinkState } from './diagnosisTypes';

export type { Evidence, Fix, LinkId, LinkState };

/** A fix as the panel offers it: its button's words (the host knows what it does). */
export interface FixOffer {
  label: string;
  /** Says what the button will do before it does it (the preference, the field, the connection). */
  hint: string;
}

export interface LinkView {
  id: LinkId;
  state: LinkState;
  /** ✓ fine, ✗ broken, ! warning, ? not checked, … asking: said in words too. */
  stateLabel: string;
  title: string;
  summary: string;
  evidence: Evidence[];
  fix?: FixOffer;
}

export interface DiagnosisView {
  subscriberId: string;
  workflow?: string;
  channel?: string;
  channelLabel?: string;
  connectionName: string;
  range: string;
  verdict: { state: LinkState; text: string; proven: boolean; fix?: FixOffer };
  links: LinkView[];
  /** Checked at (local time). */
  checkedAt: string;
  /** A fix was applied or a run sent: what the panel is waiting for, said in words. */
  following?: string;
  /** The last fix that failed or was refused, with the service's words. */
  fixError?: string;
}

export type DiagnosisPanelState =
  | { kind: 'loading'; subscriberId: string }
  | { kind: 'loaded'; view: DiagnosisView; busy: boolean }
  | { kind: 'error'; subscriberId: string; error: PanelError };

/** What the webview asks of the host. `fix` names where the offer was: the verdict or a link. */
export type DiagnosisRequests = CommonRequests & {
  checkAgain: { body: object; reply: null };
  fix: { body: { target: 'verdict' | LinkId }; reply: null };
};

export type DiagnosisRequestBody = RequestBody<DiagnosisRequests>;
