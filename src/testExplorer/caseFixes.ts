/**
 * Quick fixes of case files' problems (issue 51, §B): a key the format does not know, or a
 * workflow nobody has, is replaced by its nearest known one ("subjet" → "subject"), as the
 * problem's "Did you mean …?" says. The Test Explorer hands each file's fixes with its diagnostics.
 */
import * as vscode from 'vscode';

interface Fix {
  range: vscode.Range;
  message: string;
  replacement: string;
}

export class CaseFixes implements vscode.CodeActionProvider, vscode.Disposable {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  private readonly fixes = new Map<string, Fix[]>();
  private readonly registration = vscode.languages.registerCodeActionsProvider([{ language: 'json' }, { language: 'jsonc' }], this, { providedCodeActionKinds: CaseFixes.kinds });

  /** A file's fixes, with the diagnostics they mend (none: the file has none). */
  set(uri: vscode.Uri, fixes: readonly Fix[]): void {
    if (fixes.length > 0) this.fixes.set(uri.toString(), [...fixes]);
    else this.fixes.delete(uri.toString());
  }

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const fixes = this.fixes.get(document.uri.toString());
    if (!fixes) return [];
    return context.diagnostics.flatMap((diagnostic) => {
      const fix = fixes.find((f) => f.message === diagnostic.message && f.range.isEqual(diagnostic.range));
      // The text changed since the diagnostic was said: no fix rather than a wrong one.
      if (!fix || document.getText(fix.range).length === 0) return [];
      const action = new vscode.CodeAction(vscode.l10n.t('Change to {0}', fix.replacement), vscode.CodeActionKind.QuickFix);
      action.edit = new vscode.WorkspaceEdit();
      action.edit.replace(document.uri, fix.range, fix.replacement);
      action.diagnostics = [diagnostic];
      action.isPreferred = true;
      return [action];
    });
  }

  dispose(): void {
    this.registration.dispose();
    this.fixes.clear();
  }
}
