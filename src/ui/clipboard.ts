/** Copying for a row action or a panel's button: one way to copy, and to say so. */
import * as vscode from 'vscode';

/** Copies `text` and says `said` (what was copied, in words) in the status bar for 3 seconds. */
export async function copyAndSay(text: string, said: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(copy) ${said}`, 3000);
}
