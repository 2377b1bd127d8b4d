/**
 * The webview's side of a panel's protocol: the VS Code API handle and a request/reply helper.
 * Shared by every panel's script; imports protocol types only (no zod in a webview bundle).
 */
import type { Reply } from '../../src/panels/protocol';
import { l10n } from '../../src/l10n';

export interface VsCodeApi<S> {
  postMessage(message: unknown): void;
  getState(): S | undefined;
  setState(state: S): S;
}

declare global {
  function acquireVsCodeApi<S = unknown>(): VsCodeApi<S>;
}

/** How long a request may wait for the host's reply before it fails. */
const REQUEST_TIMEOUT_MS = 120_000;

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export interface Rpc {
  /** Posts `{ type: 'request', requestId, body }`; settles with the host's matching reply. */
  request(body: unknown): Promise<unknown>;
  /** Feeds a message from the host; true when it was a reply to one of our requests. */
  handleMessage(message: unknown): boolean;
}

function isReply(message: unknown): message is Reply {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return m.type === 'reply' && typeof m.requestId === 'number' && typeof m.ok === 'boolean';
}

export function createRpc(api: Pick<VsCodeApi<unknown>, 'postMessage'>): Rpc {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  return {
    request(body: unknown): Promise<unknown> {
      const requestId = nextId++;
      return new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          reject(new Error(l10n.t('VS Code did not answer in time.')));
        }, REQUEST_TIMEOUT_MS);
        pending.set(requestId, { resolve, reject, timer });
        api.postMessage({ type: 'request', requestId, body });
      });
    },
    handleMessage(message: unknown): boolean {
      if (!isReply(message)) return false;
      const entry = pending.get(message.requestId);
      if (!entry) return true;
      pending.delete(message.requestId);
      clearTimeout(entry.timer);
      if (message.ok) entry.resolve(message.result);
      else entry.reject(new Error(typeof message.error === 'string' && message.error ? message.error : l10n.t('The request failed.')));
      return true;
    },
  };
}

/** The message of whatever a rejected promise carried. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : l10n.t('Something went wrong.');
}
