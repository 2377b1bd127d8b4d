/** The Refresh button of a panel: asks the host to read again, with a spinner until it answers. */
import { l10n } from '../../src/l10n';
import { button, setBusy } from './dom';
import type { PanelContextBase } from './panel';
import type { RequestMap } from '../../src/panels/protocol';
import { errorText } from './vscode';

export function refreshButton(ctx: PanelContextBase<RequestMap & { refresh: { body: object; reply: null } }>, options: { class: string; title: string }): HTMLButtonElement {
  let refreshing = false;
  const el = button({
    label: l10n.t('Refresh'),
    icon: 'refresh',
    class: options.class,
    title: options.title,
    attrs: { 'data-focus-key': 'refresh' },
    onClick: () => {
      if (refreshing) return;
      refreshing = true;
      setBusy(el, true, 'refresh');
      ctx
        .request({ method: 'refresh' })
        .catch((error: unknown) => ctx.notify(l10n.t('Could not refresh: {0}', errorText(error)), 'error'))
        .finally(() => {
          refreshing = false;
          setBusy(el, false, 'refresh');
        });
    },
  });
  return el;
}
