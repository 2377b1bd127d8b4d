/** The bar under the header: Refresh, Open as JSON, the live indicator and the connection name. */
import { l10n } from '../../src/l10n';
import type { LiveState } from '../../src/notifications/protocol';
import { button, h, icon, setChildren } from '../common/dom';
import { refreshButton } from '../common/refreshButton';
import { errorText } from '../common/vscode';
import type { PanelContext } from './context';

export class Toolbar {
  readonly el: HTMLElement;
  private readonly live: HTMLElement;
  private readonly liveText: HTMLElement;
  private readonly connection: HTMLElement;
  private timer: ReturnType<typeof setInterval> | undefined;
  private remaining = 0;

  constructor(private readonly ctx: PanelContext) {
    const refresh = refreshButton(ctx, { class: 'nx-button nx-refresh', title: l10n.t('Fetch the notification again') });
    const openJson = button({
      label: l10n.t('Open as JSON'),
      icon: 'json',
      class: 'nx-button nx-secondary nx-open-json',
      title: l10n.t('Open the notification as the service returned it in a JSON editor'),
      attrs: { 'data-focus-key': 'open-json' },
      onClick: () => {
        this.ctx.request({ method: 'openJson' }).catch((error: unknown) => this.ctx.notify(l10n.t('Could not open the JSON: {0}', errorText(error)), 'error'));
      },
    });
    this.liveText = h('span', 'nx-live-text');
    // The countdown changes every second: never announce it.
    this.live = h('span', { class: 'nx-live', attrs: { 'aria-live': 'off' } }, h('span', { class: 'nx-live-dot', attrs: { 'aria-hidden': 'true' } }), this.liveText);
    this.connection = h('span', 'nx-connection');
    this.el = h('div', { class: 'nx-toolbar', attrs: { 'aria-label': l10n.t('Notification actions') } }, refresh, openJson, this.live, h('span', 'nx-spacer'), this.connection);
  }

  update(live: LiveState, connectionName: string): void {
    setChildren(this.connection, icon('plug'), h('span', 'nx-connection-name', connectionName));
    this.connection.title = l10n.t('Connection: {0}', connectionName);
    this.stopCountdown();
    this.live.classList.toggle('nx-live-active', live.active);
    if (live.active) {
      this.remaining = Math.max(0, Math.round(live.nextInSeconds ?? 0));
      this.showCountdown();
      this.timer = setInterval(() => {
        this.remaining = Math.max(0, this.remaining - 1);
        this.showCountdown();
        if (this.remaining === 0) this.stopCountdown();
      }, 1000);
    } else {
      this.liveText.textContent = live.lastUpdatedLocal ? l10n.t('Last updated {0}', live.lastUpdatedLocal) : '';
    }
    this.live.title = live.active ? l10n.t('The notification still has jobs in progress: the panel refreshes by itself') : '';
  }

  /** Stops the countdown (the view is going away). */
  dispose(): void {
    this.stopCountdown();
  }

  private showCountdown(): void {
    this.liveText.textContent = this.remaining > 0 ? l10n.t('Live: updating in {0} s', this.remaining) : l10n.t('Live: updating…');
  }

  private stopCountdown(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
