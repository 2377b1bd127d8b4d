/**
 * The failures panel's webview script: how far the window is read, then one card per cause, the
 * largest first, with its counts, a chart of its failures over the window (drawn in SVG, and read
 * out to screen readers as a table), its runs and Diagnose One. Everything from the service goes
 * in as text nodes (dom.ts); the host validates every request.
 */
import { l10n } from '../../src/l10n';
import type { BarView, ExclusionView, FailureRange, FailuresPanelState, FailuresRequests, FailuresView, GroupView, ResendChoiceView, ResendView, RunView } from '../../src/failures/protocol';
import { actionButton, captureFocus, disclosure, h, icon, restoreFocus, setChildren } from '../common/dom';
import { renderLoading, showLoadingOrError, type ErrorViewOptions } from '../common/errorView';
import { createPanel } from '../common/panel';
import { errorText } from '../common/vscode';
import { applyViewUpdate, type FailuresUpdate } from '../../src/failures/viewUpdate';

const panel = createPanel<FailuresRequests, 'connectionId'>({ statusMs: 8000, persist: ['connectionId'] });
const { app, ctx } = panel;
const ERROR_VIEW: ErrorViewOptions = { idTag: 'p', idClass: 'nx-selectable' };
const openKeys = new Set<string>();
const SVG = 'http://www.w3.org/2000/svg';

const count = (n: number) => n.toLocaleString(document.documentElement.lang || undefined);
/** "1 run", "12 runs": every count of runs in the panel goes through here. */
const runCount = (n: number) => (n === 1 ? l10n.t('1 run') : l10n.t('{0} runs', count(n)));
const subscriberCount = (n: number) => (n === 1 ? l10n.t('1 subscriber') : l10n.t('{0} subscribers', count(n)));

function readLine(view: FailuresView): string {
  const r = view.read;
  const of = r.estimatedTotal !== undefined && r.estimatedTotal > r.runs ? l10n.t('{0} of about {1} runs read', count(r.runs), count(r.estimatedTotal)) : r.runs === 1 ? l10n.t('1 run read') : l10n.t('{0} runs read', count(r.runs));
  const seconds = l10n.t('{0} s', r.elapsedSeconds);
  if (r.state === 'reading') return `${of}, ${seconds}…`;
  if (r.state === 'stopped') return r.error ? l10n.t('Stopped: {0}, {1}. {2}', of, seconds, r.error) : l10n.t('Stopped: {0}, {1}. The groups hold what was read.', of, seconds);
  return l10n.t('Read in full: {0}, {1}.', of, seconds);
}

/** Bars drawn in SVG (hidden from screen readers) and the same numbers as a table for them. */
function chart(group: GroupView): HTMLElement {
  const bars = group.bars;
  const max = Math.max(1, ...bars.map((b) => b.count));
  const width = 240;
  const height = 40;
  const step = width / Math.max(1, bars.length);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('class', 'nx-chart');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('preserveAspectRatio', 'none');
  const axis = document.createElementNS(SVG, 'line');
  for (const [k, v] of Object.entries({ x1: 0, y1: height - 0.5, x2: width, y2: height - 0.5, class: 'nx-chart-axis' })) axis.setAttribute(k, String(v));
  svg.appendChild(axis);
  bars.forEach((bar, i) => {
    if (bar.count === 0) return;
    const h2 = Math.max(2, Math.round((bar.count / max) * (height - 2)));
    const rect = document.createElementNS(SVG, 'rect');
    for (const [k, v] of Object.entries({ x: i * step + 0.5, y: height - 1 - h2, width: Math.max(1, step - 1), height: h2, class: 'nx-chart-bar' })) rect.setAttribute(k, String(v));
    svg.appendChild(rect);
  });
  const table = h(
    'table',
    'nx-sr-only',
    h('caption', null, l10n.t('Failures of {0} over time', group.title)),
    h('thead', null, h('tr', null, h('th', { attrs: { scope: 'col' } }, l10n.t('From')), h('th', { attrs: { scope: 'col' } }, l10n.t('To')), h('th', { attrs: { scope: 'col' } }, l10n.t('Failures')))),
    h('tbody', null, ...bars.filter((b) => b.count > 0).map((b: BarView) => h('tr', null, h('td', null, b.from), h('td', null, b.to), h('td', null, String(b.count))))),
  );
  const first = bars[0];
  const last = bars[bars.length - 1];
  return h('figure', 'nx-chart-figure', svg, table, first && last ? h('figcaption', { class: 'nx-chart-ends nx-muted', attrs: { 'aria-hidden': 'true' } }, h('span', null, first.from), h('span', null, last.to)) : null);
}

function runLink(run: RunView): HTMLButtonElement {
  return actionButton({
    label: l10n.t('{0} · {1} · {2}', run.at, run.subscriberId, run.workflow),
    icon: 'link-external',
    class: 'nx-run-link',
    attrs: { 'data-run': run.notificationId, title: l10n.t('Open notification {0}', run.notificationId) },
    action: () => ctx.request({ method: 'openRun', notificationId: run.notificationId }),
    onError: (error) => ctx.notify(l10n.t('Could not open the notification: {0}', errorText(error)), 'error'),
  });
}

/** Save as Test Case… of one run, beside its link (the notification panel has the same). */
function saveRunButton(run: RunView): HTMLButtonElement {
  return actionButton({
    // Said with its run: a screen reader reads fifty of them in a row.
    label: l10n.t('Save as Test Case: the run of {0} at {1}', run.subscriberId, run.at),
    icon: 'beaker',
    iconOnly: true,
    class: 'nx-button nx-run-save',
    title: l10n.t('Save as Test Case…: keep this run’s payload and subscriber as a test case of {0}, in a file of your repository', run.workflow),
    attrs: { 'data-focus-key': `save-${run.notificationId}` },
    action: () => ctx.request({ method: 'saveTestCase', notificationId: run.notificationId }),
    onError: (error) => ctx.notify(l10n.t('Could not save the test case: {0}', errorText(error)), 'error'),
  });
}

function runsList(group: GroupView): HTMLElement {
  const list = h('ul', { class: 'nx-runs nx-runs-saveable', attrs: { 'aria-label': l10n.t('Runs of {0}', group.title) } });
  for (const run of group.examples) list.appendChild(h('li', 'nx-run', runLink(run), saveRunButton(run)));
  if (group.runs > group.examples.length) list.appendChild(h('li', 'nx-muted nx-runs-more', l10n.t('The newest {0} of {1} runs.', count(group.examples.length), count(group.runs))));
  return list;
}

/** A reason's runs left out (or refused), each openable, with the schema's or the service's words. */
function exclusionList(label: string, runs: (RunView & { detail?: string })[], more: number): HTMLElement {
  const list = h('ul', { class: 'nx-runs', attrs: { 'aria-label': label } });
  for (const run of runs) list.appendChild(h('li', null, runLink(run), run.detail ? h('span', 'nx-run-detail nx-muted nx-selectable', run.detail) : null));
  if (more > 0) list.appendChild(h('li', 'nx-muted', l10n.t('and {0} more', count(more))));
  return list;
}

const CHOICES: { choice: ResendChoiceView; label: () => string }[] = [
  { choice: 'newestPerPair', label: () => l10n.t('One per subscriber and workflow (the newest failed run)') },
  { choice: 'everyRun', label: () => l10n.t('Every failed run') },
];

/** "Send Again to These…": the review, then the sending and the follow, above the groups. */
function resendSection(r: ResendView): HTMLElement {
  const titleId = 'nx-resend-title';
  const body: (Node | null)[] = [];
  const close = (label: string, iconName: string) =>
    actionButton({ label, icon: iconName, class: 'nx-button nx-secondary', attrs: { 'data-focus-key': 'resend-close' }, action: () => ctx.request({ method: 'closeResend' }), onError: (error) => ctx.notify(errorText(error), 'error') });
  const where = h('p', 'nx-scope', l10n.t('Connection: {0}', r.connectionName), r.production ? h('span', 'nx-production nx-inline', icon('warning'), l10n.t('Production: real customers receive these')) : null);
  body.push(where);
  if (r.error) body.push(h('p', { class: 'nx-resend-error nx-selectable', attrs: { role: 'alert' } }, icon('error', 'nx-bad'), r.error));
  if (r.stage === 'preparing') {
    body.push(h('p', { class: 'nx-read', attrs: { role: 'status' } }, icon('loading', 'codicon-modifier-spin'), l10n.t('Reading the runs again and the workflows as they are now…')));
    body.push(h('div', 'nx-toolbar', close(l10n.t('Cancel'), 'close')));
  } else if (r.stage === 'review') {
    const fieldset = h('fieldset', 'nx-choice', h('legend', null, l10n.t('Send')));
    for (const c of CHOICES) {
      const id = `nx-choice-${c.choice}`;
      const input = h('input', { attrs: { type: 'radio', name: 'nx-resend-choice', id, value: c.choice, 'data-focus-key': id } });
      input.checked = r.choice === c.choice;
      input.addEventListener('change', () => {
        if (input.checked) void ctx.request({ method: 'chooseResend', choice: c.choice }).catch((error: unknown) => ctx.notify(errorText(error), 'error'));
      });
      fieldset.appendChild(h('div', 'nx-choice-row', input, h('label', { attrs: { for: id } }, c.label(), h('span', 'nx-muted', ` · ${choiceSends(r, c.choice)}`))));
    }
    body.push(fieldset);
    body.push(
      h(
        'p',
        'nx-summary',
        r.runs > 0
          ? l10n.t('{0} to {1}; workflows: {2}.', runCount(r.runs), subscriberCount(r.subscribers), r.workflows.join(', '))
          : Object.values(r.counts).some((n) => n > 0)
            ? l10n.t('Nothing to send with this choice: each of its runs is left out below. The other choice says what it would send.')
            : l10n.t('Nothing to send: every run of this group is left out.'),
      ),
    );
    if (r.laterChecked) body.push(h('p', 'nx-muted nx-later', laterLine(r.laterChecked)));
    body.push(excludedPart(r.excluded));
    body.push(
      h(
        'div',
        'nx-toolbar',
        actionButton({
          label: r.production ? l10n.t('Send {0} to Production…', count(r.runs)) : l10n.t('Send {0} Again…', count(r.runs)),
          icon: 'send',
          class: 'nx-button',
          attrs: { 'data-focus-key': 'resend-send', ...(r.runs === 0 ? { disabled: '' } : {}) },
          action: () => ctx.request({ method: 'sendResend' }),
          onError: (error) => ctx.notify(l10n.t('Could not send: {0}', errorText(error)), 'error'),
        }),
        close(l10n.t('Cancel'), 'close'),
      ),
    );
  } else {
    if (r.stage === 'sending') body.push(h('p', { class: 'nx-read', attrs: { role: 'status' } }, icon('loading', 'codicon-modifier-spin'), l10n.t('Sending {0} again; the notification in the corner shows the progress and can cancel.', runCount(r.runs))));
    if (r.sent) {
      // The follow's line says the count again: the sending's own line only when it has more to say.
      if (!r.follow || r.sent.notSent > 0 || r.sent.refused.length > 0) body.push(h('p', 'nx-summary', r.sent.line));
      if (r.sent.refused.length > 0) body.push(disclosure({ key: 'resend-refused', openKeys, summary: [l10n.t('Refused by the service ({0})', count(r.sent.refused.length))], build: () => exclusionList(l10n.t('Refused by the service'), r.sent!.refused, 0) }));
    }
    if (r.follow) {
      const f = r.follow;
      body.push(
        h(
          'p',
          { class: 'nx-read nx-follow', attrs: { role: 'status' } },
          !f.over ? icon('loading', 'codicon-modifier-spin') : icon(f.counts.failedSame + f.counts.failedOther > 0 || f.counts.pending > 0 ? 'warning' : 'pass', f.counts.failedSame + f.counts.failedOther > 0 || f.counts.pending > 0 ? 'nx-warn' : 'nx-good'),
          f.line,
          !f.over ? h('span', 'nx-muted', ` · ${l10n.t('following the new runs, up to 10 minutes')}`) : null,
        ),
      );
      body.push(followBar(f.counts));
      // The runs that failed again, each openable: with this group's cause, or another (named).
      const again = [
        { key: 'same', runs: f.failedAgain.same, total: f.counts.failedSame, label: l10n.t('Failed again with the same cause ({0})', count(f.counts.failedSame)) },
        { key: 'other', runs: f.failedAgain.other, total: f.counts.failedOther, label: l10n.t('Failed with another cause ({0})', count(f.counts.failedOther)) },
        { key: 'skipped', runs: f.failedAgain.skipped, total: f.counts.skipped, label: l10n.t('Skipped ({0})', count(f.counts.skipped)) },
      ].filter((a) => a.total > 0);
      if (again.length > 0) {
        const list = h('ul', { class: 'nx-excluded', attrs: { 'aria-label': l10n.t('Failed again') } });
        for (const a of again) list.appendChild(h('li', { attrs: { 'data-again': a.key } }, disclosure({ key: `again-${a.key}`, openKeys, summary: [a.label], build: () => exclusionList(a.label, a.runs, a.total - a.runs.length) })));
        body.push(list);
      }
    }
    body.push(h('div', 'nx-toolbar', r.stage === 'following' ? close(l10n.t('Stop Following'), 'debug-stop') : r.stage === 'sending' ? null : close(l10n.t('Close'), 'close')));
  }
  return h(
    'section',
    { class: 'nx-resend', attrs: { 'aria-labelledby': titleId, 'data-resend': r.stage } },
    h('h2', { class: 'nx-resend-title', attrs: { id: titleId, tabindex: -1, 'data-focus-key': 'resend-title' } }, icon('send'), h('span', null, l10n.t('Send Again to These: {0}', r.groupTitle))),
    ...body,
  );
}

function excludedPart(excluded: ExclusionView[]): HTMLElement {
  const total = excluded.reduce((n, e) => n + e.runs.length + e.more, 0);
  if (total === 0) return h('p', 'nx-muted', l10n.t('Nothing is left out.'));
  const list = h('ul', { class: 'nx-excluded', attrs: { 'aria-label': l10n.t('Left out') } });
  for (const e of excluded) {
    list.appendChild(h('li', { attrs: { 'data-reason': e.reason } }, disclosure({ key: `excluded-${e.reason}`, openKeys, summary: [e.label], build: () => exclusionList(e.label, e.runs, e.more) })));
  }
  return h('div', 'nx-excluded-part', h('h3', null, total === 1 ? l10n.t('Left out: 1 run') : l10n.t('Left out: {0} runs', count(total))), list);
}

/** What a choice would send: its runs and subscribers, and how many go to someone this action already sent the workflow again. */
function choiceSends(r: ResendView, choice: ResendChoiceView): string {
  const n = r.counts[choice];
  if (n === 0) return l10n.t('nothing to send');
  const { subscribers: people, alreadyReached } = r.reach[choice];
  const to = l10n.t('{0} to {1}', runCount(n), subscriberCount(people));
  if (alreadyReached === 0) return to;
  return alreadyReached === 1
    ? l10n.t('{0}, 1 of them to a subscriber this action already sent this workflow again', to)
    : l10n.t('{0}, {1} of them to subscribers this action already sent this workflow again', to, count(alreadyReached));
}

/** "Checked for later sends up to now: 3 requests." */
function laterLine(checked: { requests: number; complete: boolean }): string {
  const requests = checked.requests === 1 ? l10n.t('1 request') : l10n.t('{0} requests', count(checked.requests));
  return checked.complete
    ? l10n.t('Checked for later sends up to now: {0}.', requests)
    : l10n.t('Checked for later sends up to now: {0}, the newest runs only (the limit was reached): a run made good by an older later send may still be offered.', requests);
}

/** The follow's counts as one stacked bar in SVG (hidden from screen readers: the line above says them). */
function followBar(c: { total: number; sent: number; failedSame: number; failedOther: number; skipped: number; pending: number }): SVGSVGElement {
  const width = 240;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} 8`);
  svg.setAttribute('class', 'nx-follow-bar');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('preserveAspectRatio', 'none');
  let x = 0;
  // Each part with the panels' shared tone where it has one (media/panel.css).
  for (const [part, n, tone] of [['sent', c.sent, ' nx-tone-ok'], ['same', c.failedSame, ' nx-tone-bad'], ['other', c.failedOther, ' nx-tone-warn'], ['skipped', c.skipped, ''], ['pending', c.pending, '']] as const) {
    if (n === 0) continue;
    const w = (n / Math.max(1, c.total)) * width;
    const rect = document.createElementNS(SVG, 'rect');
    for (const [k, v] of Object.entries({ x, y: 0, width: w, height: 8, class: `nx-follow-${part}${tone}` })) rect.setAttribute(k, String(v));
    svg.appendChild(rect);
    x += w;
  }
  return svg;
}

function groupCard(group: GroupView, index: number): HTMLElement {
  const titleId = `nx-group-${index}`;
  const stats = h('dl', 'nx-stats');
  const stat = (label: string, value: string) => {
    stats.appendChild(h('dt', null, label));
    stats.appendChild(h('dd', null, value));
  };
  stat(l10n.t('Runs'), count(group.runs));
  if (group.code) stat(l10n.t('Provider’s error code'), group.code);
  if (group.httpStatus) stat(l10n.t('Status code'), String(group.httpStatus));
  stat(l10n.t('Subscribers'), count(group.subscribers));
  stat(l10n.t('Workflows'), group.workflows.join(', '));
  stat(l10n.t('First seen'), group.firstSeen);
  stat(l10n.t('Last seen'), group.lastSeen);
  return h(
    'li',
    { class: 'nx-group', attrs: { 'aria-labelledby': titleId, 'data-group': group.key } },
    h('h2', { class: 'nx-group-title', attrs: { id: titleId } }, icon('error', 'nx-bad'), h('span', null, group.title), h('span', 'nx-group-count', runCount(group.runs))),
    group.message ? h('p', 'nx-group-message nx-selectable', h('span', 'nx-muted', l10n.t('The provider said: ')), h('code', null, group.message)) : null,
    stats,
    chart(group),
    h(
      'div',
      'nx-toolbar',
      actionButton({
        label: l10n.t('Diagnose One'),
        icon: 'question',
        class: 'nx-button nx-secondary',
        attrs: { 'data-focus-key': `diagnose-${group.key}`, title: l10n.t('Why didn’t the newest run of this group get through, and the fix') },
        action: () => ctx.request({ method: 'diagnoseOne', key: group.key }),
        onError: (error) => ctx.notify(l10n.t('Could not diagnose: {0}', errorText(error)), 'error'),
      }),
      actionButton({
        label: l10n.t('Send Again to These…'),
        icon: 'send',
        class: 'nx-button nx-secondary',
        attrs: { 'data-focus-key': `resend-${group.key}`, title: l10n.t('Review what would be sent again and what is left out, before anything is sent') },
        action: () => ctx.request({ method: 'reviewResend', key: group.key }),
        onError: (error) => ctx.notify(l10n.t('Could not open the review: {0}', errorText(error)), 'error'),
      }),
    ),
    disclosure({ key: `runs-${group.key}`, openKeys, summary: [l10n.t('Runs ({0})', count(group.runs))], build: () => runsList(group) }),
  );
}

const RANGES: { range: FailureRange | 'custom'; label: () => string; title?: () => string }[] = [
  { range: 'lastHour', label: () => l10n.t('Last Hour') },
  { range: 'last24Hours', label: () => l10n.t('Last 24 Hours') },
  { range: 'last7Days', label: () => l10n.t('Last 7 Days') },
  // Asked in VS Code's input boxes: a start and an end, each checked as it is typed.
  { range: 'custom', label: () => l10n.t('Custom Range…'), title: () => l10n.t('Type a start and an end: a date and time, or a duration back from now') },
];

function renderLoaded(view: FailuresView): HTMLElement {
  const reading = view.read.state === 'reading';
  const scope = [l10n.t('Connection: {0}', view.connectionName), l10n.t('Runs of {0}', view.rangeLabel), view.filter ? l10n.t('Activity filter: {0}', view.filter) : ''].filter(Boolean).join(' · ');
  const ranges = h('div', { class: 'nx-segmented', attrs: { role: 'group', 'aria-label': l10n.t('Time window') } });
  for (const r of RANGES) {
    ranges.appendChild(
      actionButton({
        label: r.label(),
        icon: r.range === view.range ? 'pass-filled' : 'circle-large-outline',
        class: r.range === view.range ? 'nx-button' : 'nx-button nx-secondary',
        attrs: { 'aria-pressed': r.range === view.range ? 'true' : 'false', 'data-focus-key': `range-${r.range}`, ...(r.title ? { title: r.title() } : {}) },
        action: () => ctx.request({ method: 'readAgain', range: r.range }),
        onError: (error) => ctx.notify(errorText(error), 'error'),
      }),
    );
  }
  const toolbar = h(
    'div',
    'nx-toolbar',
    ranges,
    reading
      ? actionButton({ label: l10n.t('Stop'), icon: 'debug-stop', class: 'nx-button nx-secondary', attrs: { 'data-focus-key': 'stop' }, action: () => ctx.request({ method: 'stop' }), onError: (error) => ctx.notify(errorText(error), 'error') })
      : actionButton({ label: l10n.t('Read Again'), icon: 'refresh', class: 'nx-button nx-secondary', attrs: { 'data-focus-key': 'read-again' }, action: () => ctx.request({ method: 'readAgain' }), onError: (error) => ctx.notify(errorText(error), 'error') }),
  );
  const progress = h('p', { class: 'nx-read', attrs: { role: 'status' } }, reading ? icon('loading', 'codicon-modifier-spin') : null, readLine(view));
  const groups = view.groups;
  const summary =
    groups.length === 0
      ? h('p', 'nx-empty', reading ? l10n.t('No failure among the runs read so far.') : l10n.t('No run of this window failed to deliver a step.'))
      : h(
          'p',
          'nx-summary',
          groups.length > 1
            ? l10n.t('{0} undelivered steps, {1} causes, the largest first.', count(view.failedSteps), count(groups.length))
            : view.failedSteps === 1
              ? l10n.t('1 undelivered step, 1 cause.')
              : l10n.t('{0} undelivered steps, 1 cause.', count(view.failedSteps)),
        );
  const list = h('ol', { class: 'nx-groups', attrs: { 'aria-label': l10n.t('Causes') } });
  groups.forEach((g, i) => list.appendChild(groupCard(g, i)));
  return h(
    'div',
    'nx-failures',
    h('header', 'nx-header', h('h1', { class: 'nx-title', attrs: { 'data-focus-key': 'title', tabindex: -1 } }, l10n.t('Failures by Cause')), h('p', 'nx-scope nx-muted', scope), view.production ? h('p', 'nx-production', icon('warning'), l10n.t('Production')) : null, toolbar, progress),
    view.resend ? resendSection(view.resend) : null,
    summary,
    groups.length > 0 ? list : null,
  );
}

let lastSaid = '';
let lastResend = '';

function render(state: FailuresPanelState): void {
  if (showLoadingOrError(app, ctx, state, { loading: () => renderLoading(l10n.t('Reading the window…'), ['w60', 'w90', 'w70']), error: ERROR_VIEW })) return;
  const focus = captureFocus();
  setChildren(app, renderLoaded(state.view));
  // A re-send that opened or moved on (review, sending, following, done) comes into view with the
  // focus on its heading (the button pressed is gone); otherwise the focus stays where it was.
  const r = state.view.resend;
  const resend = r ? `${r.key}\u0000${r.stage}` : '';
  const moved = resend !== '' && resend !== lastResend;
  lastResend = resend;
  restoreFocus(app, moved ? 'resend-title' : focus);
  if (moved) app.querySelector('.nx-resend')?.scrollIntoView({ block: 'start' });
  if (moved && r?.stage === 'done') ctx.announce(r.follow?.line ?? r.sent?.line ?? r.error ?? '');
  const reading = state.view.read.state === 'reading';
  if (reading) app.setAttribute('aria-busy', 'true');
  else app.removeAttribute('aria-busy');
  if (!reading) {
    const said = readLine(state.view);
    if (said !== lastSaid) {
      lastSaid = said;
      ctx.announce(said);
    }
  }
}

// After the first whole state the host sends what changed (viewUpdate.ts).
panel.start<FailuresPanelState, FailuresUpdate>(render, renderLoading(l10n.t('Reading the window…'), ['w60', 'w90', 'w70']), (held, update) => {
  const view = held.kind === 'loaded' ? applyViewUpdate(held.view, update) : undefined;
  return view ? { kind: 'loaded', view } : undefined;
});
