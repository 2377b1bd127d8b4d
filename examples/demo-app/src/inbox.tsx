// @ts-nocheck -- @novu/react is not installed here (nothing in this folder is): the file is only read by the extension.
// The app's front end: the bell and its feed, from @novu/react. Two mistakes, on purpose: the
// application identifier is Production's while the connection is Development, and the Inbox
// passes no context while src/notify.ts's last trigger sends { tenant: 'acme' } (an Inbox with no
// context shows only messages sent without one).
import { Inbox } from '@novu/react';

export function NotificationBell() {
  return <Inbox applicationIdentifier="sbxProdAppId01" subscriberId="sbx-alice" />;
}
