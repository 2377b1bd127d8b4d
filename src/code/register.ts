/**
 * Code awareness starts where the code is (issue 30.11): for the first document that imports one
 * of the SDKs or of the Inbox's packages (issue 55), or in a workspace whose manifests name an SDK
 * (read once, after start-up, off the user's path). Its bundle is never loaded for any other workspace.
 */
import * as vscode from 'vscode';
import { type Shared } from '../features';
import type { CodeAwareness, CodeAwarenessDeps } from './codeAwareness';
import { CODE_LANGUAGES } from './languages';
import { MANIFEST_EXCLUDE, MANIFEST_GLOB, importsNovuInbox, importsNovuSdk, manifestNamesNovuSdk } from './novuSdk';

/** Whether a manifest of the workspace (package.json, pyproject.toml, requirements) names one of the SDKs. */
async function novuInManifests(): Promise<boolean> {
  if (!vscode.workspace.workspaceFolders?.length) return false;
  const files = await vscode.workspace.findFiles(MANIFEST_GLOB, MANIFEST_EXCLUDE, 200);
  const named = await Promise.all(
    files.map((uri) => vscode.workspace.fs.readFile(uri).then((bytes) => manifestNamesNovuSdk(uri.path, new TextDecoder().decode(bytes)), () => false)),
  );
  return named.includes(true);
}

export function registerCode(
  { context, manager, log }: Shared,
  code: () => { CodeAwareness: typeof CodeAwareness },
  { onStart, ...links }: Omit<CodeAwarenessDeps, 'manager' | 'log'> & { /** What else starts with it (the Preview lenses). */ onStart?(): void },
) {
  let instance: CodeAwareness | undefined;
  const start = (): CodeAwareness => {
    opened.dispose();
    typed.dispose();
    if (!instance) onStart?.();
    return (instance ??= new (code().CodeAwareness)({ manager, log, ...links }));
  };
  // An SDK, or a front end that sets up the Inbox (`@novu/react`, `@novu/nextjs`, `@novu/js`).
  const importsNovu = (languageId: string, text: string) => importsNovuSdk(languageId, text) || importsNovuInbox(languageId, text);
  const usesNovu = (document: vscode.TextDocument) => CODE_LANGUAGES.includes(document.languageId) && importsNovu(document.languageId, document.getText());
  const opened = vscode.workspace.onDidOpenTextDocument((document) => {
    if (!instance && usesNovu(document)) start();
  });
  // An import typed (key by key) or pasted into a document: only the lines an edit touched are read.
  const typed = vscode.workspace.onDidChangeTextDocument(({ document, contentChanges }) => {
    if (instance || !CODE_LANGUAGES.includes(document.languageId)) return;
    const touched = contentChanges.flatMap((c) => {
      const first = Math.min(c.range.start.line, document.lineCount - 1);
      const last = Math.min(first + c.text.split('\n').length - 1, document.lineCount - 1);
      return Array.from({ length: last - first + 1 }, (_, i) => document.lineAt(first + i).text);
    });
    if (importsNovu(document.languageId, touched.join('\n'))) start();
  });
  context.subscriptions.push({ dispose: () => instance?.dispose() }, opened, typed);
  if (vscode.workspace.textDocuments.some(usesNovu)) start();
  else void novuInManifests().then((found) => found && !instance && start(), (error: unknown) => log.warn(`Could not read the workspace's manifests: ${String(error)}`));
  return {
    start,
    /** Code awareness, once started (undefined before). */
    get current(): CodeAwareness | undefined {
      return instance;
    },
  };
}
