/** The panel's loading and error states. */
import type { PanelAction, PanelError } from '../../src/protocol/common';
import { actionButton, h, icon } from '../shared/dom';
import { errorText } from '../shared/vscode';
import type { PanelContext } from './context';

export const ACTION_LABELS: Record<PanelAction, string> = {
  retry: 'Retry',
  setApiKey: 'Set API Key',
  showLog: 'Show Log',
  switchConnection: 'Switch Connection',
};

const ACTION_ICONS: Record<PanelAction, string> = {
  retry: 'refresh',
  setApiKey: 'key',
  showLog: 'output',
  switchConnection: 'plug',
};

export function renderError(ctx: PanelContext, error: PanelError): HTMLElement {
  const view = h('section', { class: 'px-error', attrs: { role: 'alert', 'aria-labelledby': 'px-error-title' } });
  view.appendChild(h('div', 'px-error-head', icon('error', 'px-error-icon'), h('h1', { class: 'px-error-title', attrs: { id: 'px-error-title' } }, error.title)));
  if (error.message) view.appendChild(h('p', 'px-error-message', error.message));
  if (error.details.length > 0) {
    const list = h('ul', 'px-error-details');
    for (const line of error.details) list.appendChild(h('li', null, line));
    view.appendChild(list);
  }
  if (error.errorId) {
    view.appendChild(h('p', 'px-error-id', h('span', 'px-muted', 'Error ID: '), h('code', 'px-mono px-selectable', error.errorId)));
  }
  const actions = error.actions.filter((a): a is PanelAction => a in ACTION_LABELS);
  if (actions.length > 0) {
    const bar = h('div', 'px-error-actions');
    actions.forEach((action, i) => {
      bar.appendChild(
        actionButton({
          label: ACTION_LABELS[action],
          icon: ACTION_ICONS[action],
          class: `nx-button px-error-action${i === 0 ? '' : ' nx-secondary'}`,
          attrs: { 'data-action': action, 'data-focus-key': `action-${action}` },
          action: () => ctx.request({ method: 'action', action }),
          onError: (e) => ctx.notify(`${ACTION_LABELS[action]} failed: ${errorText(e)}`, 'error'),
        }),
      );
    });
    view.appendChild(bar);
  }
  return view;
}

export function renderLoading(subscriberId: string): HTMLElement {
  const bars = h('div', { class: 'px-skeleton', attrs: { 'aria-hidden': 'true' } });
  for (const width of ['w40', 'w90', 'w60', 'w80', 'w70', 'w90', 'w50']) bars.appendChild(h('div', `px-skeleton-bar px-${width}`));
  return h(
    'div',
    { class: 'px-loading', attrs: { 'aria-busy': 'true' } },
    h('p', 'px-loading-text', icon('loading', 'codicon-modifier-spin'), h('span', null, `Loading preferences of ${subscriberId}…`)),
    bars,
  );
}
