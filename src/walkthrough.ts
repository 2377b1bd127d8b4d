/**
 * "Get started with Novu Explorer": the walkthrough's steps are completed by doing them. Each
 * step's completion event is a context key, set here when the thing really happened (the Sandbox
 * answered, an own connection answered, a failed delivery was opened, a preference was saved),
 * not when a command merely started.
 */
import * as vscode from 'vscode';

import { WALKTHROUGH_ID, WALKTHROUGH_STEPS, type WalkthroughStep } from './walkthroughSteps';

export class Walkthrough {
  private readonly doneSteps = new Set<WalkthroughStep>();

  /** The steps done in this window (tests look at them; VS Code keeps the completion itself). */
  get done(): ReadonlySet<WalkthroughStep> {
    return this.doneSteps;
  }

  complete(step: WalkthroughStep): void {
    if (this.doneSteps.has(step)) return;
    this.doneSteps.add(step);
    void vscode.commands.executeCommand('setContext', WALKTHROUGH_STEPS[step], true);
  }

  /** Forgets the steps done in this window (tests start from none). */
  reset(): void {
    for (const step of this.doneSteps) void vscode.commands.executeCommand('setContext', WALKTHROUGH_STEPS[step], false);
    this.doneSteps.clear();
  }

  open(): Thenable<unknown> {
    return vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
  }
}
