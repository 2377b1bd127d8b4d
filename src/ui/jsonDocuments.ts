/**
 * Read-only JSON documents (`novu-json:` URIs) for "Open as JSON": the record as the service sent
 * it, pretty-printed. Content is kept in memory while a document is open and dropped when it closes.
 */
import * as vscode from 'vscode';

export const JSON_SCHEME = 'novu-json';

export class JsonDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.workspace.registerTextDocumentContentProvider(JSON_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === JSON_SCHEME) this.contents.delete(doc.uri.toString());
      }),
    ];
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? `// ${vscode.l10n.t('This document is no longer available: open it again from the Novu view.')}`;
  }

  /** Opens `value` as a read-only JSON document named `<kind>/<name>.json`. */
  async open(kind: string, name: string, value: unknown): Promise<vscode.TextEditor> {
    const safeName = name.replace(/[^\w.@:-]+/g, '_').slice(0, 80) || 'record';
    const uri = vscode.Uri.from({ scheme: JSON_SCHEME, path: `/${kind}/${safeName}.json` });
    this.contents.set(uri.toString(), `${JSON.stringify(value, null, 2)}\n`);
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(doc, 'json');
    return vscode.window.showTextDocument(doc, { preview: true });
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
