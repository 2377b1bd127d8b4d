/**
 * The host's end of a panel's protocol: validates every message from the webview with the panel's
 * schema (anything else is ignored and logged), answers `ready` with the current state (or lets the
 * panel's host decide whether its document's state is still current), and turns
 * each request into exactly one reply carrying its result or a short error.
 */
import type * as vscode from 'vscode';
import type * as z from 'zod/mini';
import type { Log } from '../log';
import type { Reply } from './protocol';
import { describeError } from '../ui/errors';

type Message<Body> = { type: 'ready' } | { type: 'request'; requestId: number; body: Body };

export class WebviewChannel<Body, State> implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly webview: vscode.Webview,
    schema: z.ZodMiniType<Message<Body>>,
    private readonly handlers: { state(): State; request(body: Body): Promise<unknown>; ready?(): void },
    log: Log,
    panelName: string,
  ) {
    this.subscription = webview.onDidReceiveMessage(async (message: unknown) => {
      const parsed = schema.safeParse(message);
      if (!parsed.success) {
        log.warn(`Ignored a malformed message from the ${panelName}.`);
        return;
      }
      if (parsed.data.type === 'ready') {
        if (handlers.ready) handlers.ready();
        else this.postState();
        return;
      }
      const { requestId, body } = parsed.data;
      let reply: Reply;
      try {
        reply = { type: 'reply', requestId, ok: true, result: (await handlers.request(body)) ?? null };
      } catch (error) {
        reply = { type: 'reply', requestId, ok: false, error: describeError(error).message };
      }
      void this.webview.postMessage(reply);
    });
  }

  postState(): void {
    this.post({ type: 'state', state: this.handlers.state() });
  }

  post(message: object): void {
    void this.webview.postMessage(message);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
