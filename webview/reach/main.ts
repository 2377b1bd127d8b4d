/**
 * The reach panel's webview script: a dry run (or a past send) of a topic send. First what it is
 * (nothing sent), the counts, what the result rests on, then a table of subscriptions, those that
 * get nothing first, each with its reason. Service text goes in as text nodes only (dom.ts).
 */
import { l10n } from '../../src/l10n';
import type { ReachOutcome, ReachPanelState, ReachRequests, ReachRowView, ReachView } from '../../src/topics/reachProtocol';
import { actionButton, button, h, icon, setChildren } from '../common/dom';
import { renderLoading, showLoadingOrError, type ErrorViewOptions } from '../common/errorView';
import { createPanel } from '../common/panel';
import { errorText } from '../common/vscode';

const panel = createPanel<ReachRequests, never>({ statusMs: 8000, persist: [] });
const { app, ctx } = panel;
const ERROR_VIEW: ErrorViewOptions = { idTag: 'p', idClass: 'nx-selectable' };

type Show = 'all' | 'missed' | 'reached';
let show: Show = 'all';
let last: ReachPanelState | undefined;

const OUTCOME_ICONS: Record<ReachOutcome, { icon: string; tone: string }> = {
  reached: { icon: 'pass-filled', tone: 'nx-tone-ok' },
  got: { icon: 'pass-filled', tone: 'nx-tone-ok' },
  direct: { icon: 'arrow-right', tone: 'nx-muted' },
  filtered: { icon: 'circle-slash', tone: 'nx-tone-warn' },
  missed: { icon: 'error', tone: 'nx-tone-bad' },
};

const misses = (o: ReachOutcome) => o === 'filtered' || o === 'missed';

function counts(view: ReachView): HTMLElement {
  const c = view.counts;
  const item = (label: string, value: number, tone: string) => h('div', `nx-count ${tone}`, h('span', 'nx-count-value', String(value)), h('span', 'nx-count-label', label));
  return h(
    'div',
    { class: 'nx-counts', attrs: { role: 'group', 'aria-label': l10n.t('Counts') } },
    item(view.mode === 'past' ? l10n.t('got a run') : l10n.t('reached'), c.reached, 'nx-tone-ok'),
    item(view.mode === 'past' ? l10n.t('got nothing') : l10n.t('filtered out'), c.filtered, c.filtered > 0 ? 'nx-tone-warn' : 'nx-muted'),
    view.mode === 'dryRun' && c.direct > 0 ? item(l10n.t('named directly'), c.direct, 'nx-muted') : null,
    item(l10n.t('subscriptions'), c.subscriptions, 'nx-muted'),
  );
}

function filters(view: ReachView): HTMLElement {
  const choice = (value: Show, label: string) =>
    button({ label, class: `nx-button nx-secondary nx-filter${show === value ? ' nx-selected' : ''}`, attrs: { 'aria-pressed': show === value ? 'true' : 'false', 'data-show': value }, onClick: () => ((show = value), last && render(last)) });
  return h(
    'div',
    { class: 'nx-filters', attrs: { role: 'group', 'aria-label': l10n.t('Show') } },
    choice('all', l10n.t('All')),
    choice('missed', view.mode === 'past' ? l10n.t('Got nothing') : l10n.t('Filtered out')),
    choice('reached', view.mode === 'past' ? l10n.t('Got a run') : l10n.t('Reached')),
  );
}

function row(r: ReachRowView): HTMLElement {
  const look = OUTCOME_ICONS[r.outcome];
  return h(
    'tr',
    { class: `nx-row nx-row-${r.outcome}`, attrs: { role: 'row', 'data-outcome': r.outcome, 'data-subscriber': r.subscriberId ?? '' } },
    // Each cell names its column (data-label): a narrow panel shows a row as a card with those names.
    h('td', { class: 'nx-cell-who', attrs: { role: 'cell', 'data-label': l10n.t('Subscriber') } }, h('span', 'nx-bidi', r.subscriber), r.subscriberId && r.subscriberId !== r.subscriber ? h('span', 'nx-muted nx-bidi nx-id', r.subscriberId) : null),
    h('td', { class: 'nx-bidi nx-key', attrs: { role: 'cell', 'data-label': l10n.t('Topic') } }, r.topic),
    h('td', { class: 'nx-bidi nx-key', attrs: { role: 'cell', 'data-label': l10n.t('Context') } }, r.context),
    h('td', { class: 'nx-cell-outcome', attrs: { role: 'cell', 'data-label': l10n.t('Outcome') } }, icon(look.icon, look.tone), h('span', null, r.label)),
    h(
      'td',
      { class: 'nx-cell-why', attrs: { role: 'cell', 'data-label': l10n.t('Why') } },
      h('span', 'nx-bidi', r.why),
      r.runId
        ? actionButton({ label: l10n.t('Open Run'), icon: 'bell', class: 'nx-button nx-secondary nx-inline', action: () => ctx.request({ method: 'openRun', runId: r.runId! }), onError: (e) => ctx.notify(errorText(e), 'error') })
        : null,
    ),
  );
}

function renderLoaded(view: ReachView, busy: boolean): HTMLElement {
  const shown = view.rows.filter((r) => (show === 'all' ? true : show === 'missed' ? misses(r.outcome) : !misses(r.outcome)));
  const table = h(
    'table',
    // Roles said outright: a narrow panel lays the rows out as cards (display: block), which would drop the table's own.
    { class: 'nx-reach-table', attrs: { role: 'table', 'aria-label': l10n.t('Subscriptions and whether the send reaches them') } },
    h('thead', { attrs: { role: 'rowgroup' } }, h('tr', { attrs: { role: 'row' } }, ...[l10n.t('Subscriber'), l10n.t('Topic'), l10n.t('Context'), l10n.t('Outcome'), l10n.t('Why')].map((label) => h('th', { attrs: { scope: 'col', role: 'columnheader' } }, label)))),
    h('tbody', { attrs: { role: 'rowgroup' } }, ...shown.map(row)),
  );
  const toolbar = h(
    'div',
    'nx-toolbar',
    actionButton({ label: l10n.t('Read Again'), icon: 'refresh', class: 'nx-button nx-secondary', attrs: { ...(busy ? { 'aria-busy': 'true' } : {}) }, action: () => ctx.request({ method: 'refresh' }), onError: (e) => ctx.notify(errorText(e), 'error') }),
    h(
      'label',
      'nx-check',
      (() => {
        const box = h('input', { attrs: { type: 'checkbox', id: 'nx-scoped', ...(view.contextScoped ? { checked: true } : {}) } });
        box.addEventListener('change', () => void ctx.request({ method: 'setContextScoped', value: box.checked }).catch((e) => ctx.notify(errorText(e), 'error')));
        return box;
      })(),
      h('span', null, l10n.t('Subscriptions count only in the send\'s context')),
    ),
  );
  return h(
    'div',
    'nx-reach',
    h('header', 'nx-header', h('h1', { class: 'nx-title nx-bidi', attrs: { tabindex: -1 } }, view.title), h('p', 'nx-scope nx-muted', view.scope), toolbar),
    h('p', { class: 'nx-note', attrs: { role: 'note' } }, icon(view.mode === 'dryRun' ? 'beaker' : 'history'), h('span', null, view.note)),
    view.problems.length > 0 ? h('div', { class: 'nx-problems', attrs: { role: 'alert' } }, ...view.problems.map((p) => h('p', null, icon('error', 'nx-tone-bad'), h('span', null, p)))) : null,
    counts(view),
    view.assumptions.length > 0 ? h('ul', { class: 'nx-assumptions nx-muted', attrs: { 'aria-label': l10n.t('What this rests on') } }, ...view.assumptions.map((a) => h('li', null, a))) : null,
    filters(view),
    shown.length > 0 ? table : h('p', 'nx-muted', view.rows.length === 0 ? l10n.t('The topic has no subscriptions: a send to it reaches no one.') : l10n.t('None here.')),
    view.more > 0 ? h('p', 'nx-muted', l10n.t('{0} more subscriptions are counted above but not listed.', view.more)) : null,
  );
}

function render(state: ReachPanelState): void {
  last = state;
  if (showLoadingOrError(app, ctx, state, { loading: (s) => renderLoading(s.progress || l10n.t('Reading the topic\'s subscriptions…'), ['w60', 'w90', 'w70']), error: ERROR_VIEW })) return;
  setChildren(app, renderLoaded(state.view, state.busy));
  if (state.busy) app.setAttribute('aria-busy', 'true');
  else app.removeAttribute('aria-busy');
}

panel.start<ReachPanelState>(render, renderLoading(l10n.t('Reading the topic\'s subscriptions…'), ['w60', 'w90', 'w70']));
