/**
 * The Preview lenses on `workflow('id'` and each `step.<channel>('stepId'` of a framework definition
 * (TypeScript and JavaScript), from when code awareness starts; they also tell when the workspace
 * defines workflows in code (the app's row is wanted then).
 */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import type { PreviewTarget } from './previewTarget';
import { firstMessageStep, frameworkWorkflows } from './stepScanner';

const LANGUAGES = ['typescript', 'javascript', 'typescriptreact', 'javascriptreact'];

export class PreviewLenses implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private registration: vscode.Disposable | undefined;

  /** `definitionsSeen`: a document of the workspace defines workflows with the framework. */
  constructor(private readonly definitionsSeen: () => void) {}

  start(): void {
    this.registration ??= vscode.languages.registerCodeLensProvider(
      LANGUAGES.map((language) => ({ language })),
      { onDidChangeCodeLenses: this.changed.event, provideCodeLenses: (document) => this.provide(document) },
    );
  }

  private provide(document: vscode.TextDocument): vscode.CodeLens[] {
    const text = document.getText();
    if (!text.includes('@novu/framework') && !/\bworkflow\s*\(/.test(text)) return [];
    const lenses: vscode.CodeLens[] = [];
    const defined = frameworkWorkflows(text, { path: document.uri.path });
    // The workspace defines workflows in code: the Workflows view shows the app's row from now on.
    if (defined.length > 0) this.definitionsSeen();
    for (const workflow of defined) {
      const codeSteps = workflow.steps.map((s) => ({ stepId: s.stepId, type: s.type }));
      const first = firstMessageStep(workflow.steps);
      const lens = (offset: number, stepId: string, tooltip: string) => {
        const at = document.positionAt(offset);
        const target: PreviewTarget = { workflowId: workflow.workflowId, stepId, codeSteps };
        return new vscode.CodeLens(new vscode.Range(at, at), { title: vscode.l10n.t('$(open-preview) Preview'), tooltip, command: Commands.previewStep, arguments: [target] });
      };
      if (first) lenses.push(lens(workflow.start, first.stepId, vscode.l10n.t('Preview {0} as your running app renders it, from its first message step ({1})', workflow.workflowId, first.stepId)));
      for (const step of workflow.steps) lenses.push(lens(step.start, step.stepId, vscode.l10n.t('Preview {0} of {1} as your running app renders it', step.stepId, workflow.workflowId)));
    }
    return lenses;
  }

  dispose(): void {
    this.registration?.dispose();
    this.changed.dispose();
  }
}
