/**
 * The notification panel's webview script: renders the host's view-model and talks back over the
 * typed protocol in src/protocol/notification.ts (types only: no zod in this bundle).
 */
import { l10n } from '../../src/l10n';
import type { JobSummary, NotificationPanelState, NotificationRequests, NotificationViewModel } from '../../src/notifications/protocol';
import { disclosure, h, pre, setChildren } from '../common/dom';
import { renderLoading, showPanelState, type ErrorViewOptions } from '../common/errorView';
import { createPanel } from '../common/panel';
import { copyButton, type PanelContext } from './context';
import { renderHeader } from './header';
import { Timeline } from './timeline';
import { Toolbar } from './toolbar';
import { jobAnnouncement } from './announce';

performance.mark('nx-script-start');

const panel = createPanel<NotificationRequests, 'notificationId' | 'connectionId'>({ statusMs: 6000, persist: ['notificationId', 'connectionId'] });
const { app } = panel;
const { notificationId } = panel.ids;
const ctx: PanelContext = { ...panel.ctx, openKeys: new Set<string>() };

/** The error id has a copy button here. */
const ERROR_VIEW: ErrorViewOptions = {
  idTag: 'div',
  idClass: 'nx-error-id-value',
  idExtra: (errorId) => copyButton(ctx, errorId, l10n.t('Error ID'), 'copy-error-id'),
};

function loadingView(id: string): HTMLElement {
  return renderLoading(l10n.t('Loading notification {0}…', id), ['w60', 'w40', 'w80', 'w90', 'w70', 'w90', 'w50']);
}

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
  const sources: [key: string, title: string, text: string | undefined, className: string][] = [
    ['payload', l10n.t('Payload'), model.payload, 'nx-payload'],
    ['to', l10n.t({ message: 'To', comment: 'the recipient data of a notification (its "to" object)' }), model.to, 'nx-to'],
    ['controls', l10n.t('Controls'), model.controls, 'nx-controls'],
  ];
  const blocks: HTMLElement[] = [];
  for (const [key, title, text, className] of sources) {
    if (typeof text !== 'string') continue;
    blocks.push(disclosure({ key: `data:${key}`, openKeys: ctx.openKeys, class: `nx-block ${className}`, summary: [title], build: () => pre(text, 'nx-json') }));
  }
  if (blocks.length === 0) return null;
  return h('section', { class: 'nx-data-section', attrs: { 'aria-labelledby': 'nx-data-title' } }, h('h2', { class: 'nx-section-title', attrs: { id: 'nx-data-title' } }, l10n.t('Notification data')), ...blocks);
}

/** The jobs last shown, to say what a live refresh changed. */
let shownJobs: readonly JobSummary[] | undefined;

function showLoaded(state: Extract<NotificationPanelState, { kind: 'loaded' }>): void {
  const said = jobAnnouncement(shownJobs, state.model.jobs);
  shownJobs = state.model.jobs;
  if (said) ctx.announce(said);
  if (!loaded) {
    const headerSlot = h('div', 'nx-header-slot');
    const toolbar = new Toolbar(ctx);
    const dataSlot = h('div', 'nx-data-slot');
    const root = h('div', 'nx-view', headerSlot, toolbar.el, toolbar.related, timeline.el, dataSlot);
    loaded = { root, headerSlot, headerSig: '', toolbar, dataSlot, dataSig: '' };
  }
  const view = loaded;
  if (view.root.parentNode !== app) setChildren(app, view.root);
  const headerSig = JSON.stringify(state.model.header);
  if (headerSig !== view.headerSig) {
    view.headerSig = headerSig;
    setChildren(view.headerSlot, renderHeader(ctx, state.model.header));
  }
  view.toolbar.update(state.live, state.connectionName, state.related, state.model.hasPending, state.model.header);
  timeline.update(state.model.jobs);
  const dataSig = JSON.stringify([state.model.payload, state.model.to, state.model.controls]);
  if (dataSig !== view.dataSig) {
    view.dataSig = dataSig;
    setChildren(view.dataSlot, renderData(state.model));
  }
}

function render(state: NotificationPanelState): void {
  if (state.kind !== 'loaded') loaded?.toolbar.dispose();
  showPanelState(app, ctx, state, {
    loading: (s) => loadingView(s.id || notificationId),
    error: ERROR_VIEW,
    loaded: (s) => {
      showLoaded(s);
      if (shownKind !== 'loaded' && performance.getEntriesByName('nx-first-render').length === 0) performance.mark('nx-first-render');
    },
  });
  // Scroll stays put by itself: unchanged parts are kept, and the browser's scroll anchoring
  // holds the rows in view when something above them changes height.
  shownKind = state.kind;
}

panel.start(render, loadingView(notificationId));
