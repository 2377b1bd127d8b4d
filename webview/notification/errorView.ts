/** The panel's error state: what happened, details, the error id, and what to do next. */
import type { PanelAction, PanelError } from '../../src/protocol/common';
import { actionButton, h, icon } from '../shared/dom';
import { errorText } from '../shared/vscode';
import { copyButton, type PanelContext } from './context';

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
  const view = h('section', { class: 'nx-error', attrs: { role: 'alert', 'aria-labelledby': 'nx-error-title' } });
  view.appendChild(h('div', 'nx-error-head', icon('error', 'nx-error-icon'), h('h1', { class: 'nx-error-title', attrs: { id: 'nx-error-title' } }, error.title)));
  if (error.message) view.appendChild(h('p', 'nx-error-message', error.message));
  if (error.details.length > 0) {
    const list = h('ul', 'nx-error-details');
    for (const line of error.details) list.appendChild(h('li', null, line));
    view.appendChild(list);
  }
  if (error.errorId) {
    view.appendChild(
      h('div', 'nx-error-id', h('span', 'nx-muted', 'Error ID: '), h('code', 'nx-mono nx-error-id-value', error.errorId), copyButton(ctx, error.errorId, 'Error ID', 'copy-error-id')),
    );
  }
  const actions = error.actions.filter((a): a is PanelAction => a in ACTION_LABELS);
  if (actions.length > 0) {
    const bar = h('div', 'nx-error-actions');
    actions.forEach((action, i) => {
      bar.appendChild(
        actionButton({
          label: ACTION_LABELS[action],
          icon: ACTION_ICONS[action],
          class: `nx-button nx-error-action${i === 0 ? '' : ' nx-secondary'}`,
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

export function renderLoading(id: string): HTMLElement {
  const bars = h('div', { class: 'nx-skeleton', attrs: { 'aria-hidden': 'true' } });
  for (const width of ['w60', 'w40', 'w80', 'w90', 'w70', 'w90', 'w50']) bars.appendChild(h('div', `nx-skeleton-bar nx-${width}`));
  return h(
    'div',
    { class: 'nx-loading', attrs: { 'aria-busy': 'true' } },
    h('p', 'nx-loading-text', icon('loading', 'codicon-modifier-spin'), h('span', null, `Loading notification ${id}…`)),
    bars,
  );
}
