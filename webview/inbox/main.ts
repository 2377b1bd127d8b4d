/**
 * The Inbox panel's webview script: one subscriber's in-app feed as the server holds it (contract
 * §13). Header with the unread count, the context picker, the tabs of Novu's Inbox, then the items
 * with their states and actions. Service text goes in as text nodes only (dom.ts); every write is
 * asked on the host, in a modal question.
 */
import { l10n } from '../../src/l10n';
import type { InboxAction, InboxTab } from '../../src/api/inbox';
import type { InboxContextRequest, InboxItemView, InboxLinkKind, InboxPanelState, InboxRequests, InboxView, SnoozeChoice } from '../../src/inbox/inboxProtocol';
import type { PanelError } from '../../src/panels/protocol';
import { actionButton, button, chip, disclosure, h, icon, pre, setChildren, captureFocus, restoreFocus } from '../common/dom';
import { actionBar, messageAfterTitle, renderLoading, showLoadingOrError, type ErrorViewOptions } from '../common/errorView';
import { createPanel } from '../common/panel';
import { refreshButton } from '../common/refreshButton';
import { errorText } from '../common/vscode';

const panel = createPanel<InboxRequests, 'subscriberId' | 'connectionId'>({ statusMs: 8000, persist: ['subscriberId', 'connectionId'] });
const { app, ctx } = panel;
const ERROR_VIEW: ErrorViewOptions = { idTag: 'p', idClass: 'nx-selectable' };

const TABS: readonly InboxTab[] = ['all', 'unread', 'archived', 'snoozed'];
const tabLabel = (tab: InboxTab): string => ({ all: () => l10n.t('All'), unread: () => l10n.t('Unread'), archived: () => l10n.t('Archived'), snoozed: () => l10n.t('Snoozed') })[tab]();

/** What the webview keeps across renders: open blocks, the snooze form, what is typed in the context field. */
const openKeys = new Set<string>();
let snoozeFor: string | undefined;
let contextDraft: string | undefined;
let contextProblem: string | undefined;
let scrolledFocus = -1;
let last: InboxPanelState | undefined;

const rerender = () => last && render(last);

/** The focus key of an action's button: by its place, so that Mark as read stays focused as Mark as unread. */
function actionSlot(action: InboxAction): string {
  switch (action) {
    case 'read':
    case 'unread': return 'read';
    case 'archive':
    case 'unarchive': return 'archive';
    case 'snooze':
    case 'unsnooze': return 'snooze';
    case 'completePrimary':
    case 'revertPrimary': return 'primary';
    case 'completeSecondary':
    case 'revertSecondary': return 'secondary';
    case 'delete': return 'delete';
  }
}

const ACTION_ICONS: Record<InboxAction, string> = {
  read: 'mail-read',
  unread: 'mail',
  archive: 'archive',
  unarchive: 'inbox',
  snooze: 'clock',
  unsnooze: 'bell',
  completePrimary: 'check',
  revertPrimary: 'discard',
  completeSecondary: 'check',
  revertSecondary: 'discard',
  delete: 'trash',
};

/** After an action, focus stays on the item (or, when it left the list, on the one now in its place). */
function focusAfter(itemId: string, index: number): void {
  if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body && app.contains(document.activeElement)) return;
  const items = [...app.querySelectorAll<HTMLElement>('.nx-inbox-item')];
  const target = items.find((el) => el.dataset.itemId === itemId) ?? items[Math.min(index, items.length - 1)] ?? app.querySelector<HTMLElement>('#nx-inbox-list');
  target?.focus();
}

async function act(item: InboxItemView, action: InboxAction, index: number, snooze?: SnoozeChoice): Promise<void> {
  const reply = await ctx.request({ method: 'act', itemId: item.id, action, ...(snooze ? { snooze } : {}) });
  if (reply.outcome !== 'declined' && snoozeFor === item.id) {
    snoozeFor = undefined;
    rerender();
  }
  if (reply.message) {
    ctx.announce(reply.message);
    if (reply.outcome === 'failed') ctx.notify(reply.message, 'error');
  }
  focusAfter(item.id, index);
}

const onError = (e: unknown) => ctx.notify(errorText(e), 'error');

function banner(error: PanelError): HTMLElement {
  const body = h('div', 'nx-notice-body', h('p', 'nx-notice-text', h('strong', null, `${error.title}: `), messageAfterTitle(error)));
  if (error.details.length > 0) body.appendChild(h('ul', 'nx-error-details', ...error.details.map((d) => h('li', null, d))));
  if (error.errorId) body.appendChild(h('p', 'nx-notice-id', h('span', 'nx-muted', `${l10n.t('Error ID:')} `), h('code', 'nx-mono nx-selectable', error.errorId)));
  body.appendChild(actionBar(ctx, error.actions, { barClass: 'nx-notice-actions', focusPrefix: 'banner' }));
  return h('div', { class: 'nx-notice nx-notice-error', attrs: { role: 'alert' } }, icon('error', 'nx-notice-icon'), body);
}

function header(view: InboxView): HTMLElement {
  const count =
    view.unread !== undefined
      ? h('span', { class: 'nx-unread', attrs: { 'data-unread': view.unread } }, icon('bell'), h('span', null, l10n.t('{0} unread', view.unread)))
      : h('span', { class: 'nx-unread nx-tone-warn', title: view.unreadProblem ?? '' }, icon('warning'), h('span', null, l10n.t('Unread count unknown')));
  return h(
    'header',
    'nx-header',
    h(
      'div',
      'nx-header-top',
      h(
        'div',
        'nx-heading',
        h('h1', { class: 'nx-title', attrs: { tabindex: -1, 'data-focus-key': 'title' } }, l10n.t('Inbox')),
        h('div', 'nx-who', icon('account'), h('code', { class: 'nx-mono nx-bidi nx-selectable', title: l10n.t('Subscriber ID') }, view.subscriberId)),
      ),
      h('div', 'nx-header-side', h('span', { class: 'nx-connection', title: l10n.t('Connection: {0}', view.connectionName) }, icon('plug'), h('span', 'nx-connection-name', view.connectionName)), count, refreshButton(ctx, { class: 'nx-button nx-secondary', title: l10n.t('Read the Inbox again') })),
    ),
    view.unread === undefined && view.unreadProblem ? h('p', 'nx-muted nx-small', view.unreadProblem) : null,
    h('p', 'nx-muted nx-small', l10n.t('What the server holds for this subscriber, read {0}. Actions here change the real Inbox.', view.readAt)),
  );
}

function setContext(context: InboxContextRequest): Promise<void> {
  return ctx.request({ method: 'setContext', context }).then(
    () => {
      contextProblem = undefined;
      contextDraft = undefined;
      rerender();
    },
    (e: unknown) => {
      contextProblem = errorText(e);
      rerender();
      app.querySelector<HTMLInputElement>('#nx-context-keys')?.focus();
    },
  );
}

function contextPicker(view: InboxView): HTMLElement {
  const select = h('select', { attrs: { id: 'nx-context', 'data-focus-key': 'context' } });
  const currentIndex = view.contextChoices.findIndex((c) => c.value.kind === view.context.kind && (c.value.kind !== 'keys' || c.value.text === view.contextText));
  view.contextChoices.forEach((choice, i) => {
    const option = h('option', { attrs: { value: String(i) } }, choice.label);
    if (i === currentIndex) option.selected = true;
    select.appendChild(option);
  });
  select.addEventListener('change', () => {
    const choice = view.contextChoices[Number(select.value)];
    if (choice) void setContext(choice.value);
  });
  const input = h('input', {
    attrs: { id: 'nx-context-keys', type: 'text', spellcheck: 'false', placeholder: l10n.t('type:id,type:id'), 'data-focus-key': 'context-keys', 'aria-describedby': 'nx-context-help', ...(contextProblem ? { 'aria-invalid': 'true' } : {}) },
  });
  input.value = contextDraft ?? view.contextText;
  input.addEventListener('input', () => (contextDraft = input.value));
  const apply = () => void setContext({ kind: 'keys', text: input.value });
  input.addEventListener('keydown', (e) => {
    // l10n-ignore: KeyboardEvent.key values, not text
    if (e.key === 'Enter') apply();
  });
  return h(
    'section',
    { class: 'nx-context', attrs: { 'aria-label': l10n.t('Context') } },
    h(
      'div',
      'nx-context-row',
      h('label', { attrs: { for: 'nx-context' } }, l10n.t('Context')),
      select,
      h('label', { attrs: { for: 'nx-context-keys' } }, l10n.t('or keys')),
      input,
      button({ label: l10n.t('Apply'), class: 'nx-button nx-secondary', attrs: { 'data-focus-key': 'context-apply' }, onClick: apply }),
    ),
    contextProblem ? h('p', { class: 'nx-problem', attrs: { role: 'alert' } }, icon('error', 'nx-tone-bad'), h('span', null, contextProblem)) : null,
    h('p', { class: 'nx-muted nx-small', attrs: { id: 'nx-context-help' } }, l10n.t('An Inbox shows a message only when its context keys match the session\'s exactly: "No context" is what an Inbox without a context shows.')),
    view.contextsNote ? h('p', 'nx-muted nx-small', view.contextsNote) : null,
  );
}

function tabs(view: InboxView): HTMLElement {
  const list = h('div', { class: 'nx-tabs', attrs: { role: 'tablist', 'aria-label': l10n.t('Inbox tabs') } });
  const select = (tab: InboxTab) => {
    if (tab === view.tab) return;
    ctx.request({ method: 'setTab', tab }).catch(onError);
  };
  for (const tab of TABS) {
    const selected = tab === view.tab;
    list.appendChild(
      button({
        label: tabLabel(tab),
        class: `nx-tab${selected ? ' nx-selected' : ''}`,
        attrs: { role: 'tab', id: `nx-tab-${tab}`, 'aria-selected': selected ? 'true' : 'false', 'aria-controls': 'nx-inbox-list', tabindex: selected ? 0 : -1, 'data-focus-key': `tab-${tab}`, 'data-tab': tab },
        onClick: () => select(tab),
      }),
    );
  }
  list.addEventListener('keydown', (e) => {
    const at = TABS.indexOf(view.tab);
    // l10n-ignore: KeyboardEvent.key values, not text
    const next = e.key === 'ArrowRight' ? TABS[(at + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(at + TABS.length - 1) % TABS.length] : e.key === 'Home' ? TABS[0] : e.key === 'End' ? TABS[TABS.length - 1] : undefined;
    if (!next) return;
    e.preventDefault();
    list.querySelector<HTMLElement>(`#nx-tab-${next}`)?.focus();
    select(next);
  });
  return list;
}

function focusNote(view: InboxView): HTMLElement | null {
  const focus = view.focus;
  if (!focus || focus.found || !focus.note) return null;
  const other = focus.otherTab;
  return h(
    'div',
    { class: 'nx-note nx-focus-note', attrs: { role: 'note' } },
    icon('search'),
    h('div', null, h('p', null, focus.note), h('p', 'nx-muted nx-small', l10n.t('Transaction: {0}', focus.transactionId))),
    other
      ? button({ label: l10n.t('Show {0}', tabLabel(other)), class: 'nx-button nx-secondary', attrs: { 'data-focus-key': 'focus-tab' }, onClick: () => void ctx.request({ method: 'setTab', tab: other }).catch(onError) })
      : null,
  );
}

function link(item: InboxItemView, which: InboxLinkKind, url: string): HTMLElement {
  return h(
    'span',
    'nx-url',
    h('code', 'nx-mono nx-bidi nx-selectable', url),
    actionButton({ label: l10n.t('Open…'), icon: 'link-external', class: 'nx-button nx-secondary nx-inline', title: l10n.t('Open this address in the browser (asks first)'), action: () => ctx.request({ method: 'openLink', itemId: item.id, which }), onError }),
  );
}

function snoozeForm(item: InboxItemView, index: number): HTMLElement {
  const id = `nx-snooze-${index}`;
  const custom = h('input', { attrs: { id, type: 'datetime-local', 'data-focus-key': `snooze-at-${item.id}` } });
  const soon = new Date(Date.now() + 2 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  custom.min = `${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())}T${pad(soon.getHours())}:${pad(soon.getMinutes())}`;
  const go = (choice: SnoozeChoice) => act(item, 'snooze', index, choice);
  return h(
    'fieldset',
    'nx-snooze',
    h('legend', null, l10n.t('Snooze until')),
    actionButton({ label: l10n.t('1 hour'), icon: 'clock', class: 'nx-button nx-secondary', attrs: { 'data-focus-key': `snooze-hour-${item.id}` }, action: () => go({ kind: 'hour' }), onError }),
    actionButton({ label: l10n.t('Tomorrow, 9:00'), icon: 'calendar', class: 'nx-button nx-secondary', attrs: { 'data-focus-key': `snooze-tomorrow-${item.id}` }, action: () => go({ kind: 'tomorrow' }), onError }),
    h('label', { attrs: { for: id } }, l10n.t('or at')),
    custom,
    actionButton({
      label: l10n.t('Snooze'),
      icon: 'check',
      class: 'nx-button',
      action: () => {
        const at = new Date(custom.value);
        if (!custom.value || Number.isNaN(at.getTime())) return Promise.reject(new Error(l10n.t('Pick a date and time at least a minute from now.')));
        return go({ kind: 'until', at: at.toISOString() });
      },
      onError,
    }),
    button({
      label: l10n.t('Cancel'),
      class: 'nx-button nx-secondary',
      onClick: () => {
        snoozeFor = undefined;
        rerender();
        app.querySelector<HTMLElement>(`[data-focus-key="act-${item.id}-snooze"]`)?.focus();
      },
    }),
  );
}

function itemActions(item: InboxItemView, index: number): HTMLElement {
  const bar = h('div', { class: 'nx-item-actions', attrs: { role: 'group', 'aria-label': l10n.t('Actions') } });
  for (const a of item.actions) {
    const key = `act-${item.id}-${actionSlot(a.action)}`;
    const attrs = { 'data-focus-key': key, 'data-action': a.action, ...(item.pending ? { disabled: true } : {}) };
    const cls = `nx-button nx-secondary nx-inline${a.action === 'delete' ? ' nx-danger' : ''}`;
    if (a.action === 'snooze') {
      bar.appendChild(
        button({
          label: a.label,
          icon: ACTION_ICONS.snooze,
          class: cls,
          attrs: { ...attrs, 'aria-expanded': snoozeFor === item.id ? 'true' : 'false' },
          onClick: () => {
            snoozeFor = snoozeFor === item.id ? undefined : item.id;
            rerender();
            app.querySelector<HTMLElement>(`[data-focus-key="snooze-hour-${item.id}"]`)?.focus();
          },
        }),
      );
    } else bar.appendChild(actionButton({ label: a.label, icon: ACTION_ICONS[a.action], class: cls, attrs, action: () => act(item, a.action, index), onError }));
  }
  return bar;
}

function itemView(item: InboxItemView, index: number): HTMLElement {
  const title = item.subject ?? (item.body ? item.body.split('\n')[0] : item.id);
  const headingId = `nx-item-title-${index}`;
  const states = h('span', 'nx-states', ...item.stateWords.map((w) => chip(w, 'nx-state')));
  const meta = h(
    'p',
    'nx-item-meta nx-muted',
    item.created ? h('span', { class: 'nx-time', title: item.created.utc ? `${item.created.local} · ${item.created.utc}` : item.created.local }, item.created.relative) : null,
    item.workflow ? h('span', 'nx-bidi', icon('symbol-event'), ` ${item.workflow}`) : null,
    item.critical ? chip(l10n.t('critical'), 'nx-critical') : null,
    item.severity ? chip(l10n.t('severity: {0}', item.severity), `nx-severity`) : null,
    item.channel ? h('span', null, item.channel) : null,
    ...item.tags.map((t) => chip(t, 'nx-tag')),
  );
  return h(
    'article',
    {
      class: `nx-inbox-item${item.focused ? ' nx-focused' : ''}${item.read ? ' nx-read' : ' nx-unread-item'}`,
      attrs: { tabindex: -1, 'data-item-id': item.id, 'data-focus-key': `item-${item.id}`, 'aria-labelledby': headingId, ...(item.focused ? { 'aria-current': 'true' } : {}), ...(item.pending ? { 'aria-busy': 'true' } : {}) },
    },
    h('div', 'nx-item-head', h('h2', { class: 'nx-item-title nx-bidi', attrs: { id: headingId } }, item.read ? null : h('span', { class: 'nx-dot', attrs: { 'aria-hidden': 'true' } }), title), states),
    item.focused ? h('p', 'nx-focus-label', icon('target'), h('span', null, l10n.t('The run this panel was opened on'))) : null,
    item.subject && item.body ? h('p', 'nx-item-body nx-bidi', item.body) : null,
    meta,
    item.buttons.length > 0
      ? h(
          'ul',
          { class: 'nx-buttons', attrs: { 'aria-label': l10n.t('Buttons of the message') } },
          ...item.buttons.map((b) =>
            h(
              'li',
              null,
              h('span', 'nx-muted', b.slot === 'primary' ? l10n.t('Primary:') : l10n.t('Secondary:')),
              ' ',
              h('strong', 'nx-bidi', b.label),
              ' ',
              chip(b.completed ? l10n.t('completed') : l10n.t('not completed'), b.completed ? 'nx-tone-ok' : ''),
              b.redirect ? link(item, b.slot, b.redirect) : null,
            ),
          ),
        )
      : null,
    item.redirect ? h('p', 'nx-redirect', h('span', 'nx-muted', l10n.t('Redirect:')), ' ', link(item, 'redirect', item.redirect)) : null,
    item.data ? disclosure({ key: `data-${item.id}`, openKeys, summary: [h('span', null, l10n.t('data'))], build: () => pre(item.data ?? '', 'nx-json') }) : null,
    h(
      'div',
      'nx-item-foot',
      item.transactionId
        ? actionButton({ label: l10n.t('Open Run'), icon: 'bell', class: 'nx-button nx-secondary nx-inline', attrs: { 'data-focus-key': `run-${item.id}` }, action: () => ctx.request({ method: 'openRun', transactionId: item.transactionId! }), onError })
        : null,
      itemActions(item, index),
    ),
    snoozeFor === item.id && !item.snoozed ? snoozeForm(item, index) : null,
    item.pending ? h('p', { class: 'nx-pending nx-muted' }, icon('loading', 'codicon-modifier-spin'), h('span', null, item.pending)) : null,
    item.error
      ? h(
          'div',
          { class: 'nx-item-error', attrs: { role: 'alert' } },
          h('p', null, icon('error', 'nx-tone-bad'), h('span', 'nx-bidi', item.error.message)),
          ...item.error.details.map((d) => h('p', 'nx-muted', d)),
          item.error.errorId ? h('p', null, h('span', 'nx-muted', `${l10n.t('Error ID:')} `), h('code', 'nx-mono nx-selectable', item.error.errorId)) : null,
        )
      : null,
  );
}

function renderLoaded(view: InboxView): HTMLElement {
  const list = h(
    'section',
    { class: 'nx-inbox-list', attrs: { id: 'nx-inbox-list', role: 'tabpanel', tabindex: -1, 'aria-labelledby': `nx-tab-${view.tab}`, ...(view.busy ? { 'aria-busy': 'true' } : {}) } },
    view.items.length > 0
      ? h('div', 'nx-items', ...view.items.map(itemView))
      : h('p', 'nx-muted nx-empty', view.busy ? l10n.t('Reading…') : l10n.t('Nothing in {0}, in {1}.', tabLabel(view.tab), view.contextLabel)),
    view.hasMore
      ? actionButton({ label: view.loadingMore ? l10n.t('Loading…') : l10n.t('Load more'), icon: 'chevron-down', class: 'nx-button nx-secondary nx-more', attrs: { 'data-focus-key': 'more' }, action: () => ctx.request({ method: 'loadMore' }), onError })
      : null,
  );
  return h('div', 'nx-inbox', header(view), view.banner ? banner(view.banner) : null, contextPicker(view), focusNote(view), tabs(view), list);
}

function render(state: InboxPanelState): void {
  last = state;
  if (showLoadingOrError(app, ctx, state, { loading: (s) => renderLoading(l10n.t('Reading the Inbox of {0}…', s.subscriberId), ['w60', 'w90', 'w70', 'w80']), error: ERROR_VIEW })) return;
  const focusKey = captureFocus();
  setChildren(app, renderLoaded(state.view));
  if (state.view.busy) app.setAttribute('aria-busy', 'true');
  else app.removeAttribute('aria-busy');
  restoreFocus(app, focusKey);
  const focus = state.view.focus;
  if (focus && focus.found && focus.seq !== scrolledFocus && !state.view.busy) {
    scrolledFocus = focus.seq;
    app.querySelector<HTMLElement>('.nx-inbox-item.nx-focused')?.scrollIntoView({ block: 'center' });
  }
}

panel.start<InboxPanelState>(render, renderLoading(l10n.t('Reading the Inbox…'), ['w60', 'w90', 'w70', 'w80']));
