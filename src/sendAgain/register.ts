/** Send Again: the review of a trigger, its Send and Cancel, and the runs it started (linked to the notification they came from). */
import type * as vscode from 'vscode';
import type { Notification } from '../api';
import { Commands } from '../commands';
import { type Handlers, type Shared } from '../features';
import type { SendAgain, SendAgainDeps } from './sendAgain';
import { SentAgainLinks } from './sendAgainLinks';
import type { sendAgainProblem } from '../format/triggerBody';

export type SendAgainLinks = Pick<SendAgainDeps, 'openPanel' | 'onTriggered'>;

export function registerSendAgain(shared: Shared, code: () => { SendAgain: typeof SendAgain; sendAgainProblem: typeof sendAgainProblem }, links: SendAgainLinks) {
  const sentAgain = new SentAgainLinks(shared.context.globalState);
  // Made (from the panels' bundle) the first time it is needed. The new run opens where its review
  // was, beside the notification it was sent again from.
  let instance: SendAgain | undefined;
  const sendAgain = (): SendAgain => (instance ??= new (code().SendAgain)({ manager: shared.manager, prompter: shared.prompter, links: sentAgain, ...links }));
  shared.context.subscriptions.push(sentAgain, { dispose: () => instance?.dispose() });
  const handlers = {
    [Commands.sendReviewedTrigger]: (uri?: vscode.Uri) => sendAgain().send(uri),
    [Commands.discardTriggerReview]: (uri?: vscode.Uri) => sendAgain().discard(uri),
  } satisfies Partial<Handlers>;
  return {
    sendAgain,
    handlers,
    canSendAgain: (notification: Notification) => code().sendAgainProblem(notification) === undefined,
    related: (connectionId: string, notificationId: string) => sentAgain.relations(connectionId, notificationId),
    onDidChangeRelated: sentAgain.onDidChange,
  };
}
