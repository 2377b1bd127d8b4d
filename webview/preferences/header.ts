/** The panel's header (subscriber, connection, Refresh), the notice banner and the precedence note. */
import type { Notice, PreferencesPanelState } from '../../src/protocol/preferences';
import { actionButton, h, icon, setChildren } from '../common/dom';
import { refreshButton } from '../common/refreshButton';
import { errorText } from '../common/vscode';
import type { PanelContext } from './context';

type Loaded = Extract<PreferencesPanelState, { kind: 'loaded' }>;

export const READ_FALLBACK_TEXT = 'This server has no GET for preferences; they were read through PATCH with an empty body.';

export class Header {
  readonly el: HTMLElement;
  private readonly who: HTMLElement;
  private readonly connection: HTMLElement;
  private readonly fallback: HTMLElement;
  private sig = '';

  constructor(ctx: PanelContext) {
    const refresh = refreshButton(ctx, { class: 'nx-button nx-secondary px-refresh', title: 'Read the preferences again' });
    this.who = h('div', 'px-who');
    this.connection = h('span', 'px-connection');
    this.fallback = h('p', 'px-fallback', icon('info'), h('span', null, READ_FALLBACK_TEXT));
    this.fallback.hidden = true;
    const title = h('h1', { class: 'px-title', attrs: { tabindex: -1, 'data-focus-key': 'title' } }, 'Preferences');
    this.el = h(
      'header',
      'px-header',
      h('div', 'px-header-top', h('div', 'px-heading', title, this.who), h('div', 'px-header-side', this.connection, refresh)),
      this.fallback,
    );
  }

  update(state: Loaded): void {
    const sig = JSON.stringify([state.subscriberName, state.subscriberId, state.connectionName, state.readFallback]);
    if (sig === this.sig) return;
    this.sig = sig;
    setChildren(
      this.who,
      icon('account', 'px-who-icon'),
      state.subscriberName ? h('span', 'px-subscriber-name', state.subscriberName) : h('span', 'px-subscriber-name px-muted', 'Unnamed subscriber'),
      h('code', { class: 'px-mono px-subscriber-id', title: 'Subscriber ID' }, state.subscriberId),
    );
    setChildren(this.connection, icon('plug'), h('span', 'px-connection-name', state.connectionName));
    this.connection.title = `Connection: ${state.connectionName}`;
    this.fallback.hidden = !state.readFallback;
  }
}

/** The dismissible banner of the host's notice (an error of the last change, or information). */
export function renderNotice(ctx: PanelContext, notice: Notice): HTMLElement {
  const kind = notice.kind === 'error' ? 'error' : 'info';
  const body = h('div', 'px-notice-body', h('p', 'px-notice-text', notice.text));
  if (notice.details.length > 0) {
    const list = h('ul', 'px-notice-details');
    for (const line of notice.details) list.appendChild(h('li', null, line));
    body.appendChild(list);
  }
  if (notice.fieldErrors && Object.keys(notice.fieldErrors).length > 0) {
    body.appendChild(h('p', 'px-notice-fields', 'The fields concerned are marked in the weekly schedule below.'));
  }
  if (notice.errorId) {
    body.appendChild(h('p', 'px-notice-id', h('span', 'px-muted', 'Error ID: '), h('code', 'px-mono px-selectable', notice.errorId)));
  }
  const dismiss = actionButton({
    label: 'Dismiss',
    icon: 'close',
    iconOnly: true,
    class: 'nx-button px-notice-dismiss',
    attrs: { 'data-focus-key': 'dismiss-notice' },
    action: () => ctx.request({ method: 'dismissNotice' }),
    onError: (error) => ctx.notify(`Could not dismiss the message: ${errorText(error)}`, 'error'),
  });
  return h(
    'div',
    { class: `px-notice px-notice-${kind}`, attrs: { role: kind === 'error' ? 'alert' : 'status', 'data-kind': kind } },
    icon(kind === 'error' ? 'error' : 'info', 'px-notice-icon'),
    body,
    dismiss,
  );
}

/** Always visible: which setting wins, and what the schedule does not hold back. */
export function renderPrecedence(): HTMLElement {
  return h(
    'aside',
    { class: 'px-precedence', attrs: { 'aria-label': 'What applies' } },
    icon('layers', 'px-precedence-icon'),
    h(
      'p',
      null,
      h('strong', null, 'What applies: '),
      "a workflow's own channel settings win over the subscriber's global preferences, which win over the subscriber's per-workflow choices. ",
      'Critical workflows ignore subscriber preferences. In-app and critical messages are delivered outside the schedule.',
    ),
  );
}
