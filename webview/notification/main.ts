/**
 * The notification panel's webview script: renders the host's view-model and talks back over the
 * typed protocol in src/protocol/notification.ts (types only: no zod in this bundle).
 */
import type { HostToNotificationWebview, NotificationPanelState, NotificationRequestBody, NotificationViewModel } from '../../src/protocol/notification';
import { captureFocus, disclosure, h, pre, restoreFocus, setChildren } from '../shared/dom';
import { createRpc } from '../shared/vscode';
import type { PanelContext } from './context';
import { renderError, renderLoading } from './errorView';
import { renderHeader } from './header';
import { Timeline } from './timeline';
import { Toolbar } from './toolbar';

performance.mark('nx-script-start');

interface PersistedState {
  notificationId: string;
  connectionId: string;
}

const api = acquireVsCodeApi<PersistedState>();
const notificationId = document.body.dataset.notificationId ?? '';
const connectionId = document.body.dataset.connectionId ?? '';
api.setState({ notificationId, connectionId });

const rpc = createRpc<NotificationRequestBody>(api);
const app = document.getElementById('app') ?? document.body.appendChild(h('main', { attrs: { id: 'app' } }));

const status = h('div', { class: 'nx-status', attrs: { role: 'status', 'aria-live': 'polite' } });
status.hidden = true;
document.body.appendChild(status);
let statusTimer: ReturnType<typeof setTimeout> | undefined;

const ctx: PanelContext = {
  request: <Result>(body: NotificationRequestBody) => rpc.request<Result>(body),
  notify(message, kind = 'info') {
    status.textContent = message;
    status.classList.toggle('nx-status-error', kind === 'error');
    status.hidden = false;
    clearTimeout(statusTimer);
    statusTimer = setTimeout(() => (status.hidden = true), 6000);
  },
  openKeys: new Set<string>(),
};

/** The loaded view's parts, kept across states so that re-renders update rather than replace. */
interface LoadedView {
  root: HTMLElement;
  headerSlot: HTMLElement;
  headerSig: string;
  toolbar: Toolbar;
  dataSlot: HTMLElement;
  dataSig: string;
}

const timeline = new Timeline(ctx);
let firstRowsMeasured = false;
timeline.onRowsPainted = (rows) => {
  if (firstRowsMeasured || rows === 0) return;
  firstRowsMeasured = true;
  performance.mark('nx-rows-painted');
};
let loaded: LoadedView | undefined;
let shownKind: NotificationPanelState['kind'] | undefined;

function renderData(model: NotificationViewModel): HTMLElement | null {
  const sources: [title: string, text: string | undefined, className: string][] = [
    ['Payload', model.payload, 'nx-payload'],
    ['To', model.to, 'nx-to'],
    ['Controls', model.controls, 'nx-controls'],
  ];
  const blocks: HTMLElement[] = [];
  for (const [title, text, className] of sources) {
    if (typeof text !== 'string') continue;
    blocks.push(disclosure({ key: `data:${title}`, openKeys: ctx.openKeys, class: `nx-block ${className}`, summary: [title], build: () => pre(text, 'nx-json') }));
  }
  if (blocks.length === 0) return null;
  return h('section', { class: 'nx-data-section', attrs: { 'aria-labelledby': 'nx-data-title' } }, h('h2', { class: 'nx-section-title', attrs: { id: 'nx-data-title' } }, 'Notification data'), ...blocks);
}

function showLoaded(state: Extract<NotificationPanelState, { kind: 'loaded' }>): void {
  if (!loaded) {
    const headerSlot = h('div', 'nx-header-slot');
    const toolbar = new Toolbar(ctx);
    const dataSlot = h('div', 'nx-data-slot');
    const root = h('div', 'nx-view', headerSlot, toolbar.el, timeline.el, dataSlot);
    loaded = { root, headerSlot, headerSig: '', toolbar, dataSlot, dataSig: '' };
  }
  const view = loaded;
  if (view.root.parentNode !== app) setChildren(app, view.root);
  const headerSig = JSON.stringify(state.model.header);
  if (headerSig !== view.headerSig) {
    view.headerSig = headerSig;
    setChildren(view.headerSlot, renderHeader(ctx, state.model.header));
  }
  view.toolbar.update(state.live, state.connectionName);
  timeline.update(state.model.jobs);
  const dataSig = JSON.stringify([state.model.payload, state.model.to, state.model.controls]);
  if (dataSig !== view.dataSig) {
    view.dataSig = dataSig;
    setChildren(view.dataSlot, renderData(state.model));
  }
}

function render(state: NotificationPanelState): void {
  const focusKey = captureFocus();
  if (state.kind !== 'loaded') loaded?.toolbar.dispose();
  app.setAttribute('aria-busy', String(state.kind === 'loading'));
  switch (state.kind) {
    case 'loading':
      setChildren(app, renderLoading(state.id || notificationId));
      break;
    case 'error':
      setChildren(app, renderError(ctx, state.error));
      break;
    case 'loaded':
      showLoaded(state);
      if (shownKind !== 'loaded' && performance.getEntriesByName('nx-first-render').length === 0) performance.mark('nx-first-render');
      break;
    default:
      return;
  }
  // Scroll stays put by itself: unchanged parts are kept, and the browser's scroll anchoring
  // holds the rows in view when something above them changes height.
  shownKind = state.kind;
  restoreFocus(app, focusKey);
}

function isStateMessage(message: unknown): message is Extract<HostToNotificationWebview, { type: 'state' }> {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; state?: { kind?: unknown } };
  return m.type === 'state' && typeof m.state === 'object' && m.state !== null && ['loading', 'loaded', 'error'].includes(m.state.kind as string);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (rpc.handleMessage(message)) return;
  if (isStateMessage(message)) render(message.state);
});

setChildren(app, renderLoading(notificationId));
app.setAttribute('aria-busy', 'true');
api.postMessage({ type: 'ready' });
