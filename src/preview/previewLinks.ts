/**
 * What a click in the preview opens: a link of the email or an in-app button (only after asking,
 * with the address shown in full and any direction control made visible, §9.6), and the file where
 * a step threw (by its absolute path; the panel says it relative to the workspace).
 */
import * as vscode from 'vscode';
import type { Prompter } from '../ui/prompter';
import type { StackFrame } from '../bridge/bridgeClient';
import { hasBidiControls, showControls } from '../rendered/linkSafety';

/** A link of the preview: opened in the browser only after asking, with the address shown as it is. */
export async function openPreviewLink(url: string, prompter: Prompter): Promise<void> {
  let parsed: vscode.Uri | undefined;
  try {
    parsed = /^https?:\/\//i.test(url) ? vscode.Uri.parse(url, true) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed) {
    await prompter.message('warning', vscode.l10n.t('Not opened: {0} is not an http(s) address.', showControls(url.slice(0, 300))));
    return;
  }
  const open = vscode.l10n.t('Open in Browser');
  const shown = showControls(url.slice(0, 500));
  const answer = hasBidiControls(url)
    ? await prompter.message('warning', vscode.l10n.t('This address hides its real order with direction controls (shown as \\u…): it is not what it seems to read. Open it anyway? {0}', shown), open)
    : await prompter.message('info', vscode.l10n.t('Open this link of the preview? {0}', shown), open);
  if (answer === open) await vscode.env.openExternal(parsed);
}

/** Opens the user's file at the first frame of their code where the step threw. */
export async function openStackFrame(frame: StackFrame): Promise<void> {
  const uri = frame.file.startsWith('file:') ? vscode.Uri.parse(frame.file) : vscode.Uri.file(frame.file);
  const position = new vscode.Position(Math.max(0, frame.line - 1), Math.max(0, frame.column - 1));
  await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position), viewColumn: vscode.ViewColumn.One });
}
