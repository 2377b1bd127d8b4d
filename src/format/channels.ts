/** The delivery channels as every screen names them: label, codicon, and order (the contract's). */
import { CHANNEL_TYPES } from '../api/constants';
import { l10n } from '../l10n';

export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Each label is a getter: it is translated when read, in the display language (never at module load). */
export const CHANNELS: Readonly<Record<ChannelType, { readonly label: string; icon: string }>> = {
  in_app: { get label() { return l10n.t('In-app'); }, icon: 'bell' },
  email: { get label() { return l10n.t('Email'); }, icon: 'mail' },
  sms: { get label() { return l10n.t('SMS'); }, icon: 'comment' },
  chat: { get label() { return l10n.t('Chat'); }, icon: 'comment-discussion' },
  push: { get label() { return l10n.t('Push'); }, icon: 'device-mobile' },
};

/** The channel's label; an unknown channel is shown as the service named it. */
export function channelLabel(channel: string): string {
  return CHANNELS[channel as ChannelType]?.label ?? channel;
}

/** Sorts channels in the contract's order, then the `after` groups in theirs, then any other by name. */
export function compareChannels(a: string, b: string, after: readonly string[] = []): number {
  const order: readonly string[] = [...CHANNEL_TYPES, ...after];
  const rank = (c: string) => {
    const i = order.indexOf(c);
    return i === -1 ? order.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
