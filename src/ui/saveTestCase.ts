/**
 * Save as Test Case… (issue 46, §2): what the user has on screen (the Preview's payload, subscriber
 * and controls, or a past run's payload and subscriber) becomes a case at the end of the workflow's
 * case file, which is created when missing and then shown with the new case selected.
 *
 * - The case file is the one of the workflow among the files `novuExplorer.tests.files` finds (a
 *   pick when there are several); else `novu-tests/<workflow>.novu-test.json` in the workspace folder.
 * - Two questions: the case's name (checked as it is typed: not empty, not taken in that file), and,
 *   when the subscriber has an e-mail address or a phone number, whose data the case keeps. E-mail
 *   and phone are copied only when the user picks that, in that question.
 * - The user's file is only added to: a file that is not readable JSON is left as it is, said.
 */
import * as vscode from 'vscode';
import { DEFAULT_CASE_GLOB, readCaseFile } from '../testing/caseFile';
import { lineIndex, parseJsonTree, nodeAt } from '../testing/jsonTree';
import { addCase, caseNameProblem, caseSubscriber, type SubscriberCopy } from '../testing/saveCase';
import { isBack, type Prompter } from './prompter';

export interface CaseSource {
  workflowId: string;
  payload: Record<string, unknown>;
  /** The subscriber's fields as the render or the run had them (`subscriberId` among them). */
  subscriber?: Record<string, unknown>;
  controls?: Record<string, Record<string, unknown>>;
  /** The run's context by its keys (`{ tenant: "acme" }`). */
  context?: Record<string, string>;
  /** The name offered first (the user may change it). */
  name?: string;
  description?: string;
}

const decoder = new TextDecoder();

/** A file's text as the user has it: an editor's unsaved text, else the disk's; undefined when it cannot be read. */
export async function readText(uri: vscode.Uri): Promise<string | undefined> {
  // An editor's unsaved text is what the user sees; else the file on disk (an open document may
  // not have caught up with a change on disk yet).
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open?.isDirty) return open.getText();
  try {
    return decoder.decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** The workflow's case files in the workspace (by their `workflow`), at most 200 files looked at. */
async function caseFilesOf(workflowId: string): Promise<vscode.Uri[]> {
  const glob = vscode.workspace.getConfiguration('novuExplorer.tests').get<string>('files') || DEFAULT_CASE_GLOB;
  const uris = await vscode.workspace.findFiles(glob, '**/node_modules/**', 200);
  const found: vscode.Uri[] = [];
  for (const uri of uris) {
    const text = await readText(uri);
    if (text !== undefined && readCaseFile(text).workflowId === workflowId) found.push(uri);
  }
  return found.sort((a, b) => a.fsPath.localeCompare(b.fsPath));
}

/** Asks, writes and shows; the case file's URI, or undefined when the user stopped or it could not be written (said). */
export async function saveAsTestCase(prompter: Prompter, source: CaseSource): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const files = await caseFilesOf(source.workflowId);
  let uri: vscode.Uri | undefined;
  if (files.length > 1) {
    uri = await prompter.pick({
      title: vscode.l10n.t('Save as Test Case: which case file of {0}?', source.workflowId),
      items: files.map((f) => ({ label: vscode.workspace.asRelativePath(f), value: f })),
    });
    if (!uri || isBack(uri)) return undefined;
  } else {
    uri = files[0] ?? (folder ? vscode.Uri.joinPath(folder.uri, 'novu-tests', `${source.workflowId}.novu-test.json`) : undefined);
  }
  if (!uri) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Open a folder first: test cases are files of your repository.'));
    return undefined;
  }
  const existing = await readText(uri);
  if (existing !== undefined && existing.trim() !== '' && !parseJsonTree(existing).ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} is not JSON: fix it first; nothing was written.', vscode.workspace.asRelativePath(uri)));
    return undefined;
  }
  const personal = source.subscriber && ['email', 'phone'].some((k) => typeof source.subscriber![k] === 'string' && source.subscriber![k] !== '');
  const totalSteps = personal ? 2 : 1;
  let name = source.name ?? '';
  for (;;) {
    const typed = await prompter.input({
      title: vscode.l10n.t('Save as Test Case of {0}', source.workflowId),
      prompt: existing === undefined ? vscode.l10n.t('The case’s name. It goes into {0}, a new file.', vscode.workspace.asRelativePath(uri)) : vscode.l10n.t('The case’s name. It goes at the end of {0}.', vscode.workspace.asRelativePath(uri)),
      value: name,
      placeholder: vscode.l10n.t('e.g. greets a subscriber without a first name'),
      step: 1,
      totalSteps,
      validate: (value) => caseNameProblem(value, existing),
    });
    if (typed === undefined || isBack(typed)) return undefined;
    name = typed;
    let copy: SubscriberCopy = 'fields';
    if (personal) {
      const picked = await prompter.pick<SubscriberCopy>({
        title: vscode.l10n.t('Save as Test Case of {0}', source.workflowId),
        placeholder: vscode.l10n.t('The subscriber has an e-mail address or a phone number: what does the case keep?'),
        step: 2,
        totalSteps,
        back: true,
        items: [
          { label: vscode.l10n.t('Their fields, without e-mail and phone'), description: vscode.l10n.t('recommended: no personal data in the repository'), value: 'fields' },
          ...(typeof source.subscriber?.['subscriberId'] === 'string' ? [{ label: vscode.l10n.t('Their subscriber ID only'), description: vscode.l10n.t('read from the active connection when the case runs'), value: 'id' as const }] : []),
          { label: vscode.l10n.t('Every field, e-mail and phone included'), description: vscode.l10n.t('personal data goes into the file'), value: 'all' },
        ],
      });
      if (picked === undefined) return undefined;
      if (isBack(picked)) continue;
      copy = picked;
    }
    const subscriber = caseSubscriber(source.subscriber, copy);
    const result = addCase(existing, source.workflowId, {
      name,
      payload: source.payload,
      ...(subscriber ? { subscriber } : {}),
      ...(source.controls ? { controls: source.controls } : {}),
      ...(source.context ? { context: source.context } : {}),
      ...(source.description ? { description: source.description } : {}),
    });
    if ('problem' in result) {
      void vscode.window.showErrorMessage(result.problem);
      return undefined;
    }
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open?.isDirty) {
      // Unsaved changes in an editor: the case is added through the editor, then saved.
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), result.text);
      await vscode.workspace.applyEdit(edit);
      await open.save();
    } else {
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(result.text));
    }
    await reveal(uri, result.text, name);
    return uri;
  }
}

/** Opens the case file with the new case's name selected. */
async function reveal(uri: vscode.Uri, text: string, name: string): Promise<void> {
  const file = readCaseFile(text);
  const index = file.cases.findIndex((c) => c.name === name);
  const parsed = parseJsonTree(text);
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  if (index < 0 || !parsed.ok) return;
  const node = nodeAt(parsed.root, ['cases', index, 'name']).node;
  const at = lineIndex(text);
  const start = at(node.offset);
  const end = at(node.offset + node.length);
  const range = new vscode.Range(start.line, start.character, end.line, end.character);
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
