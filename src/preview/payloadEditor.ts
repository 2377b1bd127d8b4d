/**
 * The preview's payload editor (issue 32): the payload as JSON in an editor in the group beside the
 * preview panel's, so that the render stays in sight while the user types. The column is the
 * panel's own plus one, never "beside the active group": the active group may be the panel's (then
 * the editor would open as a tab over the preview, issue 37).
 *
 * The text is checked as typed (its JSON, then the workflow's schema with its defaults filled in):
 * a payload that passes is handed to the panel to render; one that does not is marked at its keys
 * and held back (the panel keeps its last render and says why). The app's own refusals of a payload
 * are marked at their keys too.
 */
import * as vscode from 'vscode';
import { fieldPath, parseJsonText, spanFor } from '../format/jsonText';
import { checkPayloadText } from '../format/payloadText';

/** How long the typing pauses before the text is checked. */
const CHECK_AFTER_MS = 400;

export interface PayloadEditorHost {
  /** The preview panel's column now (undefined when it is not shown). */
  panelColumn(): vscode.ViewColumn | undefined;
  /** The schema the text is checked with now (a save of the app's code may change it). */
  schema(): unknown;
  /** The text passed: render this payload. */
  accepted(payload: Record<string, unknown>): void;
  /** The text is held back (its first problem), or no longer is (`undefined`: the editor closed). */
  held(why: string | undefined): void;
}

/** The group beside the panel's: to its right, or to its left when it is the ninth. */
export function besideColumn(panelColumn: vscode.ViewColumn | undefined): vscode.ViewColumn {
  if (panelColumn === undefined || panelColumn < vscode.ViewColumn.One) return vscode.ViewColumn.Beside;
  return panelColumn < vscode.ViewColumn.Nine ? panelColumn + 1 : panelColumn - 1;
}

export class PayloadEditor implements vscode.Disposable {
  private document: vscode.TextDocument | undefined;
  private readonly problems = vscode.languages.createDiagnosticCollection('novu-preview-payload');
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly host: PayloadEditorHost) {
    this.subscriptions = [
      this.problems,
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        if (document === this.document) this.changed();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document !== this.document) return;
        this.problems.delete(document.uri);
        this.document = undefined;
        clearTimeout(this.timer);
        // The editor's text is gone with it: the panel no longer says it is held back.
        this.host.held(undefined);
      }),
    ];
  }

  /** An editor is open (its text is what the user means to render). */
  get isOpen(): boolean {
    return !!this.document && !this.document.isClosed;
  }

  /** Shows the editor that is open, beside the panel; false when there is none. */
  async showOpen(): Promise<boolean> {
    const document = this.document;
    if (!document || document.isClosed) return false;
    const panelColumn = this.host.panelColumn();
    // Where the user already has it (not over the preview), else beside the panel.
    const shown = vscode.window.visibleTextEditors.find((e) => e.document === document && e.viewColumn !== undefined && e.viewColumn !== panelColumn);
    await vscode.window.showTextDocument(document, { viewColumn: shown?.viewColumn ?? besideColumn(panelColumn) });
    return true;
  }

  /** Opens a new editor with `start`, beside the panel, and checks it. */
  async open(start: Record<string, unknown>): Promise<void> {
    this.document = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(start, null, 2)}\n` });
    await vscode.window.showTextDocument(this.document, { viewColumn: besideColumn(this.host.panelColumn()), preview: false });
    this.changed();
  }

  /** The app rendered the payload: its earlier refusals are gone. */
  clearRefusals(): void {
    this.problems.clear();
  }

  /**
   * Checks the editor's text (after a pause in the typing): a payload that passes goes to the panel;
   * one that does not is marked at its keys and held back.
   */
  changed(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const document = this.document;
      if (!document || document.isClosed) return;
      const checked = checkPayloadText(document.getText(), this.host.schema());
      if (!checked.ok) {
        this.problems.set(
          document.uri,
          checked.problems.map((p) => new vscode.Diagnostic(new vscode.Range(document.positionAt(p.start), document.positionAt(Math.max(p.end, p.start + 1))), p.message, vscode.DiagnosticSeverity.Error)),
        );
        this.host.held(checked.summary);
        return;
      }
      this.problems.delete(document.uri);
      this.host.accepted(checked.payload);
    }, CHECK_AFTER_MS);
  }

  /** Selects `key` (a dotted path: `lines.0.sku`; empty: the payload) in the open editor, or its nearest parent the text has. */
  reveal(key: string): void {
    const editor = vscode.window.visibleTextEditors.find((e) => e.document === this.document);
    if (!editor) return;
    const parsed = parseJsonText(editor.document.getText());
    const span = parsed.ok ? spanFor(parsed.spans, fieldPath(key)) : { start: 0, end: 0 };
    const range = new vscode.Range(editor.document.positionAt(span.start), editor.document.positionAt(span.end));
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  /** The app's refusals of the payload, each at its key in the editor (the whole payload at its first line). */
  markRefusals(atKeys: { key: string; message: string }[]): void {
    const document = this.document;
    if (!document || document.isClosed) return;
    const text = document.getText();
    this.problems.set(
      document.uri,
      atKeys.map(({ key, message }) => {
        const last = key.split(/[.[\]]/).filter(Boolean).pop();
        const at = last ? text.indexOf(`"${last}"`) : -1;
        const range = at >= 0 ? new vscode.Range(document.positionAt(at), document.positionAt(at + last!.length + 2)) : new vscode.Range(0, 0, 0, 1);
        return new vscode.Diagnostic(range, key ? `${key}: ${message}` : message, vscode.DiagnosticSeverity.Error);
      }),
    );
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
  }
}
