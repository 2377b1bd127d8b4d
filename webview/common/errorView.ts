/** A panel's loading and error states, the same in every panel. */
import { l10n } from '../../src/l10n';
import type { CommonRequests, PanelAction, PanelError } from '../../src/panels/protocol';
import { actionButton, captureFocus, h, icon, restoreFocus, setChildren } from './dom';
import type { PanelContextBase } from './panel';
import { errorText } from './vscode';

/** Thunks: the bundle is configured after this module loads. */
const ACTION_LABELS: Record<PanelAction, () => string> = {
  retry: () => l10n.t('Retry'),
  setApiKey: () => l10n.t('Set API Key'),
  showLog: () => l10n.t('Show Log'),
  switchConnection: () => l10n.t('Switch Connection'),
};

/** The button label of a next step. */
export function actionLabel(action: PanelAction): string {
  return ACTION_LABELS[action]();
}

const ACTION_ICONS: Record<PanelAction, string> = {
  retry: 'refresh',
  setApiKey: 'key',
  showLog: 'output',
  switchConnection: 'plug',
};

export interface ErrorViewOptions {
  /** The element of the "Error ID" line. */
  idTag: 'div' | 'p';
  /** Extra class of the error id's <code>, after `nx-mono`. */
  idClass: string;
  /** What follows the error id (a copy button). */
  idExtra?: (errorId: string) => Node;
}

export function renderError(ctx: PanelContextBase<CommonRequests>, error: PanelError, options: ErrorViewOptions): HTMLElement {
  const view = h('section', { class: `nx-error`, attrs: { role: 'alert', 'aria-labelledby': `nx-error-title` } });
  view.appendChild(h('div', `nx-error-head`, icon('error', `nx-error-icon`), h('h1', { class: `nx-error-title`, attrs: { id: `nx-error-title` } }, error.title)));
  const message = messageAfterTitle(error);
  if (message) view.appendChild(h('p', `nx-error-message`, message));
  if (error.details.length > 0) {
    const list = h('ul', `nx-error-details`);
    for (const line of error.details) list.appendChild(h('li', null, line));
    view.appendChild(list);
  }
  if (error.errorId) {
    view.appendChild(
      h(options.idTag, `nx-error-id`, h('span', `nx-muted`, `${l10n.t('Error ID:')} `), h('code', `nx-mono ${options.idClass}`, error.errorId), options.idExtra?.(error.errorId)),
    );
  }
  if (error.actions.length > 0) view.appendChild(actionBar(ctx, error.actions, { barClass: `nx-error-actions`, buttonClass: `nx-error-action`, focusPrefix: 'action' }));
  return view;
}

/** The message without the title it may start with ("The API key was rejected: …" under that title). */
export function messageAfterTitle(error: PanelError): string {
  const lead = `${error.title}: `;
  return error.message.startsWith(lead) ? error.message.slice(lead.length) : error.message;
}

/** The buttons of an error's next steps, the first one primary; each asks the host to run it. */
export function actionBar(
  ctx: PanelContextBase<CommonRequests>,
  actions: readonly PanelAction[],
  options: { barClass: string; buttonClass?: string; focusPrefix: string },
): HTMLElement {
  const bar = h('div', options.barClass);
  actions
    .filter((a): a is PanelAction => a in ACTION_LABELS)
    .forEach((action, i) => {
      bar.appendChild(
        actionButton({
          label: actionLabel(action),
          icon: ACTION_ICONS[action],
          class: `nx-button${options.buttonClass ? ` ${options.buttonClass}` : ''}${i === 0 ? '' : ' nx-secondary'}`,
          attrs: { 'data-action': action, 'data-focus-key': `${options.focusPrefix}-${action}` },
          action: () => ctx.request({ method: 'action', action }),
          onError: (e) =>
            ctx.notify(l10n.t({ message: '{0} failed: {1}', args: [actionLabel(action), errorText(e)], comment: '{0} is a button (Retry, Set API Key…), {1} why it failed' }), 'error'),
        }),
      );
    });
  return bar;
}

/** Shows a failure of the whole panel in place of its content, brought into view from the top. */
export function showError(app: HTMLElement, ctx: PanelContextBase<CommonRequests>, error: PanelError, options: ErrorViewOptions): void {
  setChildren(app, renderError(ctx, error, options));
  window.scrollTo(0, 0);
}

/** The three states every panel has; `error` is the failure of the whole panel. */
type PanelStateKinds = { kind: 'loading' } | { kind: 'loaded' } | { kind: 'error'; error: PanelError };

/**
 * Shows a panel's state in `app` as every panel does: busy while loading, the failure in place of
 * the content, and the focused control focused again after the change.
 */
export function showPanelState<S extends PanelStateKinds>(
  app: HTMLElement,
  ctx: PanelContextBase<CommonRequests>,
  state: S,
  views: { loading(state: Extract<S, { kind: 'loading' }>): Node; error: ErrorViewOptions; loaded(state: Extract<S, { kind: 'loaded' }>): void },
): void {
  const focusKey = captureFocus();
  app.setAttribute('aria-busy', String(state.kind === 'loading'));
  if (!showLoadingOrError(app, ctx, state, views)) views.loaded(state as Extract<S, { kind: 'loaded' }>);
  restoreFocus(app, focusKey);
}

/**
 * The loading state (busy) or the failure in place of the content, for a panel that draws its
 * loaded state with its own focus and busy rules: true when `state` was one of them.
 */
export function showLoadingOrError<S extends PanelStateKinds>(
  app: HTMLElement,
  ctx: PanelContextBase<CommonRequests>,
  state: S,
  views: { loading(state: Extract<S, { kind: 'loading' }>): Node; error: ErrorViewOptions },
): state is Exclude<S, { kind: 'loaded' }> {
  if (state.kind === 'error') showError(app, ctx, (state as Extract<S, { kind: 'error' }>).error, views.error);
  else if (state.kind === 'loading') {
    setChildren(app, views.loading(state as Extract<S, { kind: 'loading' }>));
    app.setAttribute('aria-busy', 'true');
  } else return false;
  return true;
}

/** The loading state: a line of text and skeleton bars of the given widths (`w60` → `nx-w60`). */
export function renderLoading(text: string, widths: readonly string[]): HTMLElement {
  const bars = h('div', { class: `nx-skeleton`, attrs: { 'aria-hidden': 'true' } });
  for (const width of widths) bars.appendChild(h('div', `nx-skeleton-bar nx-${width}`));
  return h(
    'div',
    { class: `nx-loading`, attrs: { 'aria-busy': 'true' } },
    h('p', `nx-loading-text`, icon('loading', 'codicon-modifier-spin'), h('span', null, text)),
    bars,
  );
}
