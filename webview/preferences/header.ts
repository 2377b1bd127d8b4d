/** The panel's header (subscriber, connection, Refresh), the banner and the precedence note. */
import { l10n } from '../../src/l10n';
import type { PanelError } from '../../src/panels/protocol';
import type { PreferencesPanelState } from '../../src/preferences/protocol';
import { h, icon, setChildren } from '../common/dom';
import { actionBar, messageAfterTitle } from '../common/errorView';
import { refreshButton } from '../common/refreshButton';
import type { PanelContext } from './context';

type Loaded = Extract<PreferencesPanelState, { kind: 'loaded' }>;

export class Header {
  readonly el: HTMLElement;
  private readonly who: HTMLElement;
  private readonly connection: HTMLElement;
  private readonly fallback: HTMLElement;
  private sig = '';

  constructor(ctx: PanelContext) {
    const refresh = refreshButton(ctx, { class: 'nx-button nx-secondary nx-refresh', title: l10n.t('Read the preferences again') });
    this.who = h('div', 'nx-who');
    this.connection = h('span', 'nx-connection');
    this.fallback = h('p', 'nx-fallback', icon('info'), h('span', null, l10n.t('This server has no GET for preferences; they were read through PATCH with an empty body.')));
    this.fallback.hidden = true;
    const title = h('h1', { class: 'nx-title', attrs: { tabindex: -1, 'data-focus-key': 'title' } }, l10n.t('Preferences'));
    this.el = h(
      'header',
      'nx-header',
      h('div', 'nx-header-top', h('div', 'nx-heading', title, this.who), h('div', 'nx-header-side', this.connection, refresh)),
      this.fallback,
    );
  }

  update(state: Loaded): void {
    const sig = JSON.stringify([state.subscriberName, state.subscriberId, state.connectionName, state.readFallback]);
    if (sig === this.sig) return;
    this.sig = sig;
    setChildren(
      this.who,
      icon('account', 'nx-who-icon'),
      state.subscriberName ? h('span', 'nx-subscriber-name', state.subscriberName) : h('span', 'nx-subscriber-name nx-muted', l10n.t('Unnamed subscriber')),
      h('code', { class: 'nx-mono nx-subscriber-id', title: l10n.t('Subscriber ID') }, state.subscriberId),
    );
    setChildren(this.connection, icon('plug'), h('span', 'nx-connection-name', state.connectionName));
    this.connection.title = l10n.t('Connection: {0}', state.connectionName);
    this.fallback.hidden = !state.readFallback;
  }
}

/** A failure of the whole panel while it shows data (rejected key, unreachable service), with what to do next. */
export function renderBanner(ctx: PanelContext, error: PanelError): HTMLElement {
  const body = h('div', 'nx-notice-body', h('p', 'nx-notice-text', h('strong', null, `${error.title}: `), messageAfterTitle(error)));
  if (error.errorId) body.appendChild(h('p', 'nx-notice-id', h('span', 'nx-muted', `${l10n.t('Error ID:')} `), h('code', 'nx-mono nx-selectable', error.errorId)));
  body.appendChild(actionBar(ctx, error.actions, { barClass: 'nx-notice-actions', focusPrefix: 'banner' }));
  return h('div', { class: 'nx-notice nx-notice-error', attrs: { role: 'alert', 'data-kind': 'error' } }, icon('error', 'nx-notice-icon'), body);
}

/** Always visible: which setting wins, and what the schedule does not hold back. */
export function renderPrecedence(): HTMLElement {
  return h(
    'aside',
    { class: 'nx-precedence', attrs: { 'aria-label': l10n.t('What applies') } },
    icon('layers', 'nx-precedence-icon'),
    h(
      'p',
      null,
      h('strong', null, `${l10n.t('What applies:')} `),
      l10n.t("a workflow's own channel settings win over the subscriber's global preferences, which win over the subscriber's per-workflow choices."),
      ' ',
      l10n.t('Critical workflows ignore subscriber preferences. In-app and critical messages are delivered outside the schedule.'),
    ),
  );
}
