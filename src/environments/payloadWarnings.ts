/**
 * A comparison's warnings in the user's code (issue 52, §3): a trigger call whose payload, written
 * as an object literal, does not name a key that the target's schema requires gets a warning at its
 * line, with what the target will answer. Only where the target checks the payload: a workflow with
 * `validatePayload` (every trigger answers 400 PAYLOAD_VALIDATION_ERROR) or a code-first one (the
 * app's own payload check fails each run). A literal with a spread says nothing of its keys, and a
 * key with a `default` is filled by the service. Kept while the comparison is shown; an edited file
 * is checked again as it is typed.
 */
import * as vscode from 'vscode';
import type { Comparison } from '../compare/comparison';
import type { Json } from '../compare/normalize';
import { type LiteralKeys, literalLacks } from '../compare/schemaDiff';
import type { SideSnapshot } from '../compare/snapshot';

/** A trigger call in the user's code, as the code scanner finds it. */
export interface TriggerCall {
  identifier: string;
  location: vscode.Location;
  /** The payload's keys, when the call writes it as an object literal. */
  payload?: LiteralKeys;
}

interface Check {
  schema: Json;
  /** `validatePayload`: the service answers 400; otherwise a code workflow, whose app fails the run. */
  validates: boolean;
}

export const PAYLOAD_DIAGNOSTIC_CODE = 'payload-lacks-required';
// l10n-ignore: the extension's name, as the Problems view shows every diagnostic of it
const DIAGNOSTIC_SOURCE = 'Novu Explorer';

export class PayloadWarnings implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('novuExplorer.compare');
  private checks = new Map<string, Check>();
  private target = '';
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly triggersIn: (document: vscode.TextDocument) => Promise<TriggerCall[]>) {
    const changed = vscode.workspace.onDidChangeTextDocument(({ document }) => {
      if (this.checks.size === 0 || document.uri.scheme !== 'file') return;
      const key = document.uri.toString();
      clearTimeout(this.timers.get(key));
      this.timers.set(key, setTimeout(() => {
        this.timers.delete(key);
        void this.triggersIn(document).then((calls) => {
          if (!document.isClosed && this.checks.size > 0) this.collection.set(document.uri, this.diagnostics(calls));
        }, () => undefined);
      }, 400));
    });
    const deleted = vscode.workspace.onDidDeleteFiles(({ files }) => {
      for (const uri of files) this.collection.delete(uri);
    });
    this.subscriptions = [changed, deleted];
  }

  /** The checks of a comparison's target; `calls`, every trigger call of the workspace. */
  show(comparison: Comparison, target: SideSnapshot, calls: readonly TriggerCall[]): void {
    this.checks = new Map();
    this.target = comparison.target.environmentName;
    for (const [workflowId, workflow] of target.workflows) {
      const schema = workflow['payloadSchema'];
      const validates = workflow['validatePayload'] === true;
      if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || !(validates || workflow['origin'] === 'external')) continue;
      this.checks.set(workflowId, { schema: schema as Json, validates });
    }
    this.collection.clear();
    const byFile = new Map<string, { uri: vscode.Uri; calls: TriggerCall[] }>();
    for (const call of calls) {
      const key = call.location.uri.toString();
      const entry = byFile.get(key) ?? { uri: call.location.uri, calls: [] };
      entry.calls.push(call);
      byFile.set(key, entry);
    }
    for (const { uri, calls: inFile } of byFile.values()) {
      const found = this.diagnostics(inFile);
      if (found.length > 0) this.collection.set(uri, found);
    }
  }

  clear(): void {
    this.checks = new Map();
    this.collection.clear();
  }

  private diagnostics(calls: readonly TriggerCall[]): vscode.Diagnostic[] {
    const out: vscode.Diagnostic[] = [];
    for (const call of calls) {
      const check = this.checks.get(call.identifier);
      if (!check || !call.payload) continue;
      const lacking = literalLacks(check.schema, call.payload);
      if (lacking.length === 0) continue;
      const fields = lacking.map((f) => `"${f}"`).join(', ');
      const message = check.validates
        ? vscode.l10n.t('{0} requires {1} in the payload of "{2}", which this trigger does not send: in {0} it answers 400 PAYLOAD_VALIDATION_ERROR (Compare Environments).', this.target, fields, call.identifier)
        : vscode.l10n.t('{0} requires {1} in the payload of "{2}", which this trigger does not send: in {0} the app’s payload check fails each run (Compare Environments).', this.target, fields, call.identifier);
      const d = new vscode.Diagnostic(call.location.range, message, vscode.DiagnosticSeverity.Warning);
      d.source = DIAGNOSTIC_SOURCE;
      d.code = PAYLOAD_DIAGNOSTIC_CODE;
      out.push(d);
    }
    return out;
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const s of this.subscriptions) s.dispose();
    this.collection.dispose();
  }
}
