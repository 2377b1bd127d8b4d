/**
 * The preferences panel's webview script: renders the host's view-model and talks back over the
 * typed protocol in src/protocol/preferences.ts (types only: no zod in this bundle).
 */
import type { ChannelKey, ChannelToggle, HostToPreferencesWebview, PreferencesPanelState, PreferencesRequestBody } from '../../src/protocol/preferences';
import { captureFocus, h, restoreFocus, setChildren } from '../shared/dom';
import { createRpc, errorText } from '../shared/vscode';
import { GlobalChannels, Workflows } from './channels';
import type { PanelContext } from './context';
import { renderError, renderLoading } from './errorView';
import { Header, renderNotice, renderPrecedence } from './header';
import { ScheduleEditor } from './schedule';
import { channelKey, setSwitchBusy } from './switch';

interface PersistedState {
  subscriberId: string;
  connectionId: string;
}

const api = acquireVsCodeApi<PersistedState>();
const subscriberId = document.body.dataset.subscriberId ?? '';
const connectionId = document.body.dataset.connectionId ?? '';
api.setState({ subscriberId, connectionId });

const rpc = createRpc<PreferencesRequestBody>(api);
const app = document.getElementById('app') ?? document.body.appendChild(h('main', { attrs: { id: 'app' } }));

const status = h('div', { class: 'px-status', attrs: { role: 'status', 'aria-live': 'polite' } });
status.hidden = true;
document.body.appendChild(status);
let statusTimer: ReturnType<typeof setTimeout> | undefined;

const ctx: PanelContext = {
  request: <Result>(body: PreferencesRequestBody) => rpc.request<Result>(body),
  notify(message, kind = 'info') {
    status.textContent = message;
    status.classList.toggle('px-status-error', kind === 'error');
    status.hidden = false;
    clearTimeout(statusTimer);
    statusTimer = setTimeout(() => (status.hidden = true), 8000);
  },
};

type Loaded = Extract<PreferencesPanelState, { kind: 'loaded' }>;

/** Channel switches clicked whose request has not been answered yet. */
const inFlight = new Set<string>();
let lastState: PreferencesPanelState | undefined;

function toggleChannel(toggle: ChannelToggle, workflowId: string | undefined, enabled: boolean, input: HTMLInputElement): void {
  const key = channelKey(toggle.channel, workflowId);
  if (inFlight.has(key)) return;
  inFlight.add(key);
  if (input.parentElement) setSwitchBusy(input.parentElement, input, true);
  const body: PreferencesRequestBody = { method: 'setChannel', channel: toggle.channel as ChannelKey, enabled, ...(workflowId ? { workflowId } : {}) };
  let failed = false;
  ctx
    .request(body)
    .catch((error: unknown) => {
      failed = true;
      ctx.notify(`Could not change ${toggle.label}: ${errorText(error)}`, 'error');
    })
    .finally(() => {
      inFlight.delete(key);
      // The switches show the host's last state again (on failure: the value before the click).
      if (lastState) render(lastState, failed);
    });
}

/** The loaded view's parts, kept across states so that re-renders update rather than replace. */
interface LoadedView {
  root: HTMLElement;
  header: Header;
  noticeSlot: HTMLElement;
  noticeSig: string;
  global: GlobalChannels;
  schedule: ScheduleEditor;
  workflows: Workflows;
}

let loaded: LoadedView | undefined;

function loadedView(): LoadedView {
  if (loaded) return loaded;
  const header = new Header(ctx);
  const noticeSlot = h('div', 'px-notice-slot');
  const global = new GlobalChannels(toggleChannel);
  const schedule = new ScheduleEditor(ctx);
  const workflows = new Workflows(toggleChannel);
  const globalSection = h(
    'section',
    { class: 'px-section px-global', attrs: { 'aria-labelledby': 'px-global-title' } },
    h('h2', { class: 'px-section-title', attrs: { id: 'px-global-title' } }, h('span', null, 'Global')),
    h('p', 'px-section-desc', 'What the subscriber gets from every workflow.'),
    h('div', 'px-global-grid', global.el, schedule.el),
  );
  const root = h('div', 'px-view', header.el, noticeSlot, renderPrecedence(), globalSection, workflows.el);
  loaded = { root, header, noticeSlot, noticeSig: '', global, schedule, workflows };
  return loaded;
}

function showLoaded(state: Loaded, force: boolean): void {
  const view = loadedView();
  if (view.root.parentNode !== app) setChildren(app, view.root);
  view.header.update(state);
  const noticeSig = JSON.stringify(state.notice ?? null);
  if (noticeSig !== view.noticeSig) {
    view.noticeSig = noticeSig;
    setChildren(view.noticeSlot, state.notice ? renderNotice(ctx, state.notice) : null);
  }
  const model = state.model;
  view.global.update(model.global, inFlight, force);
  view.schedule.update(model.global.schedule, model.global.scheduleSaving, state.notice?.fieldErrors);
  view.workflows.update(model.workflows, inFlight, force);
}

function render(state: PreferencesPanelState, force = false): void {
  lastState = state;
  const focusKey = captureFocus();
  app.setAttribute('aria-busy', String(state.kind === 'loading'));
  switch (state.kind) {
    case 'loading':
      setChildren(app, renderLoading(state.subscriberId || subscriberId));
      break;
    case 'error':
      setChildren(app, renderError(ctx, state.error));
      break;
    case 'loaded':
      showLoaded(state, force);
      break;
    default:
      return;
  }
  restoreFocus(app, focusKey);
}

function isStateMessage(message: unknown): message is Extract<HostToPreferencesWebview, { type: 'state' }> {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; state?: { kind?: unknown } };
  return m.type === 'state' && typeof m.state === 'object' && m.state !== null && ['loading', 'loaded', 'error'].includes(m.state.kind as string);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (rpc.handleMessage(message)) return;
  if (isStateMessage(message)) render(message.state);
});

setChildren(app, renderLoading(subscriberId));
app.setAttribute('aria-busy', 'true');
api.postMessage({ type: 'ready' });
