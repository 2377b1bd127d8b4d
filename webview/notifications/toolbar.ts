/**
 * The bar under the header: Refresh, Open as JSON, Send Again…, Why Didn't They Get It?, Cancel Pending Steps (only while
 * steps wait), the live indicator and the connection name; and under it, the runs this one was sent
 * again as or from.
 */
import { l10n } from '../../src/l10n';
import type { LiveState, RelatedRuns } from '../../src/notifications/protocol';
import { actionButton, button, h, icon, setChildren } from '../common/dom';
import { refreshButton } from '../common/refreshButton';
import { errorText } from '../common/vscode';
import type { PanelContext } from './context';

export class Toolbar {
  readonly el: HTMLElement;
  private readonly live: HTMLElement;
  private readonly liveText: HTMLElement;
  private readonly connection: HTMLElement;
  private readonly sendAgain: HTMLButtonElement;
  private readonly cancelPending: HTMLButtonElement;
  private readonly openInbox: HTMLButtonElement;
  private readonly topicReach: HTMLButtonElement;
  /** "Sent again as …" / "Sent again from …": shown under the bar when there are any. */
  readonly related: HTMLElement;
  private relatedSig = '';
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
    // The panel only opens the review: sending needs Send in the review and a confirmation.
    this.sendAgain = actionButton({
      label: l10n.t('Send Again…'),
      icon: 'send',
      class: 'nx-button nx-secondary nx-send-again',
      title: l10n.t('Review the trigger that sends this notification again, then send it'),
      attrs: { 'data-focus-key': 'send-again' },
      action: () => this.ctx.request({ method: 'sendAgain' }),
      onError: (error) => this.ctx.notify(l10n.t('Could not prepare the trigger: {0}', errorText(error)), 'error'),
    });
    this.cancelPending = actionButton({
      label: l10n.t('Cancel Pending Steps'),
      icon: 'circle-slash',
      class: 'nx-button nx-secondary nx-cancel-pending',
      title: l10n.t('Stop the delays and digests of this transaction that have not been sent yet (asks first)'),
      attrs: { 'data-focus-key': 'cancel-pending' },
      action: () => this.ctx.request({ method: 'cancelPending' }),
      onError: (error) => this.ctx.notify(l10n.t('Could not cancel: {0}', errorText(error)), 'error'),
    });
    const diagnose = actionButton({
      label: l10n.t('Why Didn’t They Get It?'),
      icon: 'question',
      class: 'nx-button nx-secondary nx-diagnose',
      title: l10n.t('Follow the delivery chain for this subscriber, workflow and channel: the cause, its proof and the fix'),
      attrs: { 'data-focus-key': 'diagnose' },
      action: () => this.ctx.request({ method: 'diagnose' }),
      onError: (error) => this.ctx.notify(l10n.t('Could not open the diagnosis: {0}', errorText(error)), 'error'),
    });
    const saveTestCase = actionButton({
      label: l10n.t('Save as Test Case…'),
      icon: 'beaker',
      class: 'nx-button nx-secondary nx-save-test-case',
      title: l10n.t('Keep this run’s payload and subscriber as a test case of its workflow, in a file of your repository'),
      attrs: { 'data-focus-key': 'save-test-case' },
      action: () => this.ctx.request({ method: 'saveTestCase' }),
      onError: (error) => this.ctx.notify(l10n.t('Could not save the test case: {0}', errorText(error)), 'error'),
    });
    this.openInbox = actionButton({
      label: l10n.t('In the Inbox'),
      icon: 'bell',
      class: 'nx-button nx-secondary nx-open-inbox',
      title: l10n.t('The subscriber’s Inbox as the service holds it, read in this run’s context, on this run’s message'),
      attrs: { 'data-focus-key': 'open-inbox' },
      action: () => this.ctx.request({ method: 'openInbox' }),
      onError: (error) => this.ctx.notify(l10n.t('Could not open the Inbox: {0}', errorText(error)), 'error'),
    });
    this.topicReach = actionButton({
      label: l10n.t('Who Did the Topic Send Reach?'),
      icon: 'organization',
      class: 'nx-button nx-secondary nx-topic-reach',
      title: l10n.t('Every subscription of the topic: who got a run from this send, and why each other one got nothing'),
      attrs: { 'data-focus-key': 'topic-reach' },
      action: () => this.ctx.request({ method: 'topicReach' }),
      onError: (error) => this.ctx.notify(l10n.t('Could not work out the reach: {0}', errorText(error)), 'error'),
    });
    this.related = h('div', { class: 'nx-related', attrs: { role: 'group', 'aria-label': l10n.t('Sent again') } });
    this.related.hidden = true;
    this.liveText = h('span', 'nx-live-text');
    // The countdown changes every second: never announce it.
    this.live = h('span', { class: 'nx-live', attrs: { 'aria-live': 'off' } }, h('span', { class: 'nx-live-dot', attrs: { 'aria-hidden': 'true' } }), this.liveText);
    this.connection = h('span', 'nx-connection');
    this.el = h('div', { class: 'nx-toolbar', attrs: { role: 'toolbar', 'aria-label': l10n.t('Notification actions') } }, refresh, openJson, this.sendAgain, diagnose, this.openInbox, this.topicReach, saveTestCase, this.cancelPending, this.live, h('span', 'nx-spacer'), this.connection);
  }

  update(live: LiveState, connectionName: string, related: RelatedRuns, hasPending: boolean, header: { channels: string[]; topics: string[]; subscriber?: { subscriberId?: string } }): void {
    this.sendAgain.hidden = !related.canSendAgain;
    this.openInbox.hidden = !header.channels.includes('in_app') || !header.subscriber?.subscriberId;
    this.topicReach.hidden = header.topics.length === 0;
    this.cancelPending.hidden = !hasPending;
    this.updateRelated(related);
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

  private updateRelated(related: RelatedRuns): void {
    const sig = JSON.stringify([related.sentAgainFrom, related.sentAgainAs]);
    if (sig === this.relatedSig) return;
    this.relatedSig = sig;
    const link = (id: string, key: string) =>
      button({
        label: id,
        icon: 'link',
        class: 'nx-link nx-mono nx-related-link',
        title: l10n.t('Open notification {0}', id),
        attrs: { 'data-focus-key': key, 'data-notification-id': id },
        onClick: () => {
          this.ctx.request({ method: 'openNotification', notificationId: id }).catch((error: unknown) => this.ctx.notify(l10n.t('Could not open the notification: {0}', errorText(error)), 'error'));
        },
      });
    const parts: HTMLElement[] = [];
    if (related.sentAgainFrom) parts.push(h('span', 'nx-related-item nx-sent-from', icon('reply'), h('span', 'nx-muted', l10n.t('Sent again from')), link(related.sentAgainFrom, 'sent-from')));
    if (related.sentAgainAs.length > 0) {
      parts.push(h('span', 'nx-related-item nx-sent-as', icon('send'), h('span', 'nx-muted', l10n.t('Sent again as')), ...related.sentAgainAs.slice(0, 5).map((id, i) => link(id, `sent-as-${i}`)), related.sentAgainAs.length > 5 ? h('span', 'nx-muted', l10n.t('and {0} more', related.sentAgainAs.length - 5)) : null));
    }
    setChildren(this.related, ...parts);
    this.related.hidden = parts.length === 0;
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
