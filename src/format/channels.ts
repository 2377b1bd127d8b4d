/** The delivery channels as every screen names them: label, codicon, and order (the contract's). */
import { CHANNEL_TYPES } from '../api/constants';

export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const CHANNELS: Readonly<Record<ChannelType, { label: string; icon: string }>> = {
  in_app: { label: 'In-app', icon: 'bell' },
  email: { label: 'Email', icon: 'mail' },
  sms: { label: 'SMS', icon: 'comment' },
  chat: { label: 'Chat', icon: 'comment-discussion' },
  push: { label: 'Push', icon: 'device-mobile' },
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
