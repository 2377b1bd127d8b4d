/**
 * "Get started with Novu Explorer": the walkthrough's steps are completed by doing them. Each
 * step's completion event is a context key, set here when the thing really happened (the Sandbox
 * answered, an own connection answered, a failed delivery was opened, a preference was saved),
 * not when a command merely started.
 *
 * VS Code reads the walkthroughs only when something first asks for them (the Welcome page, or
 * opening a walkthrough). A context key that is already true then is taken as "seen" without
 * ticking its step, so a user whose startup editor is not the Welcome page (or who did the step
 * before ever opening it) would never see the tick. The step is therefore also marked done
 * through VS Code's own `welcome.markStepComplete`, which records it at once and for good.
 */
import * as vscode from 'vscode';

import { SANDBOX_CONNECTION_ID } from './connections/connection';
import type { ConnectionManager } from './connections/connectionManager';
import type { DiagnosisPanels } from './diagnosis/diagnosisPanels';
import type { NotificationPanels } from './notifications/notificationPanels';
import type { PreferencesPanels } from './preferences/preferencesPanels';
import { WALKTHROUGH_ID, WALKTHROUGH_STEPS, qualifiedStepId, type WalkthroughStep } from './walkthroughSteps';

export class Walkthrough {
  private readonly doneSteps = new Set<WalkthroughStep>();

  /** The steps done in this window (tests look at them; VS Code keeps the completion itself). */
  get done(): ReadonlySet<WalkthroughStep> {
    return this.doneSteps;
  }

  complete(step: WalkthroughStep): void {
    if (this.doneSteps.has(step)) return;
    this.doneSteps.add(step);
    void vscode.commands.executeCommand('setContext', WALKTHROUGH_STEPS[step].context, true);
    // Before the walkthrough is read VS Code records the step and then reports it unknown: ignored.
    void Promise.resolve(vscode.commands.executeCommand('welcome.markStepComplete', qualifiedStepId(step))).catch(() => undefined);
  }

  /**
   * Completes the steps as they are done: a view loaded from the Sandbox or from an own connection,
   * a failed delivery opened or diagnosed to its verdict, a preference saved (a lens shown in code
   * is code awareness's to say).
   */
  watch(parts: {
    manager: ConnectionManager;
    views: readonly { onDidLoad: vscode.Event<unknown>; readonly status: string }[];
    notificationPanels: NotificationPanels;
    preferencesPanels: PreferencesPanels;
    diagnosisPanels: DiagnosisPanels;
  }): vscode.Disposable[] {
    const { manager } = parts;
    return [
      ...parts.views.map((view) =>
        view.onDidLoad(() => view.status === 'loaded' && manager.active && this.complete(manager.active.id === SANDBOX_CONNECTION_ID ? 'triedSandbox' : 'connected')),
      ),
      parts.notificationPanels.onDidOpen((panel) =>
        panel.onDidLoad((state) => state.kind === 'loaded' && state.model.jobs.some((job) => job.status === 'failed') && this.complete('debuggedFailure')),
      ),
      parts.preferencesPanels.onDidOpen((panel) => panel.onDidSave(() => this.complete('editedPreferences'))),
      parts.diagnosisPanels.onDidOpen((panel) =>
        panel.onDidChangeState((state) => state.kind === 'loaded' && !state.busy && state.view.verdict.state !== 'pending' && this.complete('debuggedFailure')),
      ),
    ];
  }

  /** Forgets every step, here and in VS Code's record (tests start from none). */
  reset(): void {
    for (const step of Object.keys(WALKTHROUGH_STEPS) as WalkthroughStep[]) {
      void vscode.commands.executeCommand('setContext', WALKTHROUGH_STEPS[step].context, false);
      void Promise.resolve(vscode.commands.executeCommand('welcome.markStepIncomplete', qualifiedStepId(step))).catch(() => undefined);
    }
    this.doneSteps.clear();
  }

  open(): Thenable<unknown> {
    return vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
  }
}
