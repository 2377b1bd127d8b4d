/** Untrusted text into a MarkdownString: markdown syntax and HTML both shown as the characters typed. */
import * as vscode from 'vscode';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function appendPlain(md: vscode.MarkdownString, text: string): vscode.MarkdownString {
  return md.appendText(escapeHtml(text));
}

/** A tooltip of "**Label:** value" rows, leaving out empty values. */
export function fieldTooltip(rows: [label: string, value: string | null | undefined][]): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  for (const [label, value] of rows) {
    if (!value) continue;
    md.appendMarkdown(`**${label}:** `);
    appendPlain(md, value);
    md.appendMarkdown('  \n');
  }
  return md;
}
