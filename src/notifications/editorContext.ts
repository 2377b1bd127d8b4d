/**
 * Keeps the `novuExplorer.editorHasNotificationRef` context up to date, so that the editor's menu
 * offers "Open Notification" only when the selection or the word under the cursor looks like an id.
 */
import * as vscode from 'vscode';
import { editorReference } from './notificationCommands';
import { parseNotificationRef } from './notificationRefs';

export class NotificationEditorContext implements vscode.Disposable {
  private hasRef: boolean | undefined;
  private readonly subscriptions = [
    vscode.window.onDidChangeTextEditorSelection((e) => this.update(e.textEditor)),
    vscode.window.onDidChangeActiveTextEditor((editor) => this.update(editor)),
  ];

  constructor() {
    this.update(vscode.window.activeTextEditor);
  }

  private update(editor: vscode.TextEditor | undefined): void {
    const has = parseNotificationRef(editorReference(editor) ?? '') !== undefined;
    if (has === this.hasRef) return;
    this.hasRef = has;
    void vscode.commands.executeCommand('setContext', 'novuExplorer.editorHasNotificationRef', has);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
