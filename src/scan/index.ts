/**
 * The scanners of a user's code (issue 25): where it defines and triggers Novu's workflows, and
 * where its front-end sets up the Inbox, from string literals and the file's constants only, never
 * inside a comment or a template. Shared
 * machinery, like format/: code awareness marks what they find, and the Preview lenses find the
 * framework's workflows with them. Pure: no `vscode`, no file read.
 */
import type { CodeRef } from './codeRef';
import { scanJavaScript, type ScanContext } from './javascript';
import { scanPython } from './python';

export type { CodePattern, CodeRef, CodeRefKind, DefinitionSite, InboxContextValue, InboxPattern, InboxSetup, InboxValue } from './codeRef';
export { scanInboxSetups } from './inbox';
export { scanJavaScript, type ScanContext } from './javascript';
export { jsModule, type JsModule } from './jsModule';
export { ModuleMap, moduleCandidates, type ModuleLookup } from './modules';
export { scanPython } from './python';

export const JS_LANGUAGES = ['typescript', 'javascript', 'typescriptreact', 'javascriptreact'];

/** The scanner for a document's language, or undefined for a language not read. */
export function scannerFor(languageId: string): ((text: string, context?: ScanContext) => CodeRef[]) | undefined {
  if (JS_LANGUAGES.includes(languageId)) return scanJavaScript;
  if (languageId === 'python') return scanPython;
  return undefined;
}
