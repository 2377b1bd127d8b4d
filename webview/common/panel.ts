/**
 * What every panel's script does the same way: the VS Code API handle with the panel's identity
 * saved as its state, the request helper, the status line, and the start (state messages → render,
 * the loading view, then `ready` to the host).
 */
import type { ReplyTo, RequestBody, RequestMap } from '../../src/panels/protocol';
import { h, setChildren } from './dom';
import { configureL10n } from './l10n';
import { createRpc, type VsCodeApi } from './vscode';

/** What a panel's views need from the script around them. */
export interface PanelContextBase<M extends RequestMap> {
  /** Asks the host; resolves with the reply of that method (typed by the panel's request map). */
  request<B extends RequestBody<M>>(body: B): Promise<ReplyTo<M, B>>;
  /** A short message in the panel's status line (failed requests, copy…). */
  notify(message: string, kind?: 'info' | 'error'): void;
  /** Says something to screen readers only (a polite live region, not shown): saved, updated. */
  announce(message: string): void;
}

export interface PanelOptions<Key extends string> {
  /** How long a status message stays. */
  statusMs: number;
  /** data-* attributes of <body> (camelCase) that identify the panel; saved as the webview state. */
  persist: readonly Key[];
}

export interface Panel<M extends RequestMap, Key extends string> {
  api: VsCodeApi<Record<Key, string>>;
  /** The persisted attributes, '' when missing. */
  ids: Record<Key, string>;
  /** The element the views render into. */
  app: HTMLElement;
  ctx: PanelContextBase<M>;
  /**
   * Renders the document's state or every state the host sends, shows `loading` meanwhile and tells
   * the host the script is ready. A panel whose host sends updates (what changed) gives `apply`,
   * which brings the state held up to date (undefined when the update does not fit it).
   */
  start<State extends { kind: string }, Update = never>(render: (state: State) => void, loading: Node, apply?: (held: State, update: Update) => State | undefined): void;
}

function isState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && ['loading', 'loaded', 'error'].includes((state as { kind?: unknown }).kind as string);
}

function isStateMessage<State>(message: unknown): message is { type: 'state'; seq?: number; state: State } {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; state?: unknown };
  return m.type === 'state' && isState(m.state);
}

function isUpdateMessage<Update>(message: unknown): message is { type: 'update'; seq: number; base: number; update: Update } {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; seq?: unknown; base?: unknown; update?: unknown };
  return m.type === 'update' && typeof m.seq === 'number' && typeof m.base === 'number' && typeof m.update === 'object' && m.update !== null;
}

/** The state the host wrote into the document (what the panel shows, when it was known already), if any. */
function documentState<State>(): State | undefined {
  const text = document.body.dataset.state;
  if (!text) return undefined;
  try {
    const state: unknown = JSON.parse(text);
    return isState(state) ? (state as State) : undefined;
  } catch {
    return undefined;
  }
}

export function createPanel<M extends RequestMap, Key extends string>(options: PanelOptions<Key>): Panel<M, Key> {
  configureL10n(document.body.dataset.l10n);
  const api = acquireVsCodeApi<Record<Key, string>>();
  const ids = Object.fromEntries(options.persist.map((key) => [key, document.body.dataset[key] ?? ''])) as Record<Key, string>;
  api.setState(ids);

  const rpc = createRpc(api);
  const app = document.getElementById('app') ?? document.body.appendChild(h('main', { attrs: { id: 'app' } }));

  const status = h('div', { class: 'nx-status', attrs: { role: 'status', 'aria-live': 'polite' } });
  status.hidden = true;
  document.body.appendChild(status);
  let statusTimer: ReturnType<typeof setTimeout> | undefined;
  const announcer = h('div', { class: 'nx-sr-only', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  document.body.appendChild(announcer);

  const ctx: PanelContextBase<M> = {
    // The host answers each method with that method's reply type (checked on the host's side).
    request: <B extends RequestBody<M>>(body: B) => rpc.request(body) as Promise<ReplyTo<M, B>>,
    notify(message, kind = 'info') {
      status.textContent = message;
      status.classList.toggle('nx-status-error', kind === 'error');
      status.hidden = false;
      clearTimeout(statusTimer);
      statusTimer = setTimeout(() => (status.hidden = true), options.statusMs);
    },
    announce(message) {
      // The same words twice in a row are still said: clear first, then set on the next frame.
      announcer.textContent = '';
      requestAnimationFrame(() => (announcer.textContent = message));
    },
  };

  return {
    api,
    ids,
    app,
    ctx,
    start<State extends { kind: string }, Update = never>(render: (state: State) => void, loading: Node, apply?: (held: State, update: Update) => State | undefined) {
      // The state drawn, and its number: an update applies to that state only (one made for another, posted before this script said ready, waits for the whole state that follows).
      let held: State | undefined;
      let seq = -1;
      const show = (state: State, number: number) => {
        held = state;
        seq = number;
        render(state);
      };
      window.addEventListener('message', (event: MessageEvent<unknown>) => {
        const message = event.data;
        if (rpc.handleMessage(message)) return;
        if (isStateMessage<State>(message)) show(message.state, message.seq ?? -1);
        else if (apply && held && isUpdateMessage<Update>(message) && message.base === seq) {
          const next = apply(held, message.update);
          if (next) show(next, message.seq);
        }
      });
      // Drawn at once from the document when the host wrote it there; the host sends it again only if it changed since.
      const initial = documentState<State>();
      if (initial) show(initial, Number(document.body.dataset.stateSeq ?? -1));
      else {
        setChildren(app, loading);
        app.setAttribute('aria-busy', 'true');
      }
      api.postMessage({ type: 'ready' });
    },
  };
}
