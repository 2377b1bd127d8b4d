import { l10n } from '../../src/l10n';
import type { NotificationRequests } from '../../src/notifications/protocol';
import { actionButton } from '../common/dom';
import type { PanelContextBase } from '../common/panel';

/** What the notification panel's views need from the script around them. */
export interface PanelContext extends PanelContextBase<NotificationRequests> {
  /** Open `<details>` blocks by key, kept across re-renders. */
  openKeys: Set<string>;
}

/** An icon button that asks the host to copy `text` (it shows "Copied <what>"). */
export function copyButton(ctx: PanelContext, text: string, what: string, focusKey?: string): HTMLButtonElement {
  const label = what.slice(0, 60);
  return actionButton({
    label: l10n.t('Copy {0}', label),
    icon: 'copy',
    doneIcon: 'check',
    iconOnly: true,
    class: 'nx-button nx-copy',
    attrs: { 'data-focus-key': focusKey },
    action: () => ctx.request({ method: 'copy', text, what: label }),
    onError: (error) => ctx.notify(l10n.t('Could not copy {0}: {1}', label, error instanceof Error ? error.message : String(error)), 'error'),
  });
}
