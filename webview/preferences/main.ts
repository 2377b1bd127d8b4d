/**
 * The preferences panel's webview script: renders the host's view-model and talks back over the
 * typed protocol in src/protocol/preferences.ts (types only: no zod in this bundle).
 */
import { l10n } from '../../src/l10n';
import type { ChannelKey, ChannelToggle, PreferencesPanelState, PreferencesRequestBody, PreferencesRequests } from '../../src/preferences/protocol';
import { h, setChildren } from '../common/dom';
import { renderLoading, showPanelState, type ErrorViewOptions } from '../common/errorView';
import { createPanel } from '../common/panel';
import { errorText } from '../common/vscode';
import { GlobalChannels, Workflows } from './channels';
import type { PanelContext } from './context';
import { Header, renderBanner, renderPrecedence } from './header';
import { ScheduleEditor } from './schedule';
import { channelKey, setSwitchBusy } from './switch';
import { preferenceAnnouncements } from './announce';

const panel = createPanel<PreferencesRequests, 'subscriberId' | 'connectionId'>({ statusMs: 8000, persist: ['subscriberId', 'connectionId'] });
const { app } = panel;
const { subscriberId } = panel.ids;
const ctx: PanelContext = panel.ctx;

const ERROR_VIEW: ErrorViewOptions = { idTag: 'p', idClass: 'nx-selectable' };

function loadingView(id: string): HTMLElement {
  return renderLoading(l10n.t('Loading preferences of {0}…', id), ['w40', 'w90', 'w60', 'w80', 'w70', 'w90', 'w50']);
}

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
      ctx.notify(l10n.t('Could not change {0}: {1}', toggle.label, errorText(error)), 'error');
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
  bannerSlot: HTMLElement;
  bannerSig: string;
  global: GlobalChannels;
  schedule: ScheduleEditor;
  workflows: Workflows;
}

let loaded: LoadedView | undefined;

function loadedView(): LoadedView {
  if (loaded) return loaded;
  const header = new Header(ctx);
  const bannerSlot = h('div', 'nx-notice-slot');
  const global = new GlobalChannels(toggleChannel);
  const schedule = new ScheduleEditor(ctx);
  const workflows = new Workflows(toggleChannel);
  const globalSection = h(
    'section',
    { class: 'nx-section nx-global', attrs: { 'aria-labelledby': 'nx-global-title' } },
    h('h2', { class: 'nx-section-title', attrs: { id: 'nx-global-title' } }, h('span', null, l10n.t('Global'))),
    h('p', 'nx-section-desc', l10n.t('What the subscriber gets from every workflow.')),
    h('div', 'nx-global-grid', global.el, schedule.el),
  );
  const root = h('div', 'nx-view', header.el, bannerSlot, renderPrecedence(), globalSection, workflows.el);
  loaded = { root, header, bannerSlot, bannerSig: '', global, schedule, workflows };
  return loaded;
}

let lastLoaded: Loaded | undefined;

function showLoaded(state: Loaded, force: boolean): void {
  const said = preferenceAnnouncements(lastLoaded, state);
  lastLoaded = state;
  if (said.length > 0) ctx.announce(said.join(' '));
  const view = loadedView();
  if (view.root.parentNode !== app) setChildren(app, view.root);
  view.header.update(state);
  const bannerSig = JSON.stringify(state.banner ?? null);
  if (bannerSig !== view.bannerSig) {
    view.bannerSig = bannerSig;
    setChildren(view.bannerSlot, state.banner ? renderBanner(ctx, state.banner) : null);
    // A failure of the whole panel is brought into view, wherever the user had scrolled to.
    if (state.banner) view.bannerSlot.scrollIntoView({ block: 'nearest' });
  }
  const model = state.model;
  const errors = state.changeErrors;
  view.global.update(model.global, inFlight, force, errors.global);
  view.schedule.update(model.global.schedule, model.global.scheduleSaving, errors.schedule, state.timeZone);
  view.workflows.update(model.workflows, inFlight, force, errors);
}

function render(state: PreferencesPanelState, force = false): void {
  lastState = state;
  showPanelState(app, ctx, state, {
    loading: (s) => loadingView(s.subscriberId || subscriberId),
    error: ERROR_VIEW,
    loaded: (s) => showLoaded(s, force),
  });
}

panel.start((state: PreferencesPanelState) => render(state), loadingView(subscriberId));
