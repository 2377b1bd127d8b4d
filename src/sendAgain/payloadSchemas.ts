/**
 * The JSON schema VS Code checks a review document's `payload` with (issue 25): package.json ties
 * `*.novu-trigger.json` to `novu-explorer-schema://schemas/payload.json` (VS Code wants an absolute URL there), served from here. It holds, for
 * each workflow under review, "when `name` is this workflow, `payload` follows its payloadSchema".
 * The schema is the service's (untrusted): references and ids are dropped, so VS Code never fetches
 * anything it names.
 */
import * as vscode from 'vscode';
import { requiredAfterDefaults } from '../format/payloadSchema';

export const PAYLOAD_SCHEMA_SCHEME = 'novu-explorer-schema';
export const PAYLOAD_SCHEMA_URI = vscode.Uri.from({ scheme: PAYLOAD_SCHEMA_SCHEME, authority: 'schemas', path: '/payload.json' });

export class PayloadSchemas implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly byWorkflow = new Map<string, unknown>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(PAYLOAD_SCHEMA_SCHEME, this);

  /**
   * The workflow's payload schema from now on (none: nothing is checked for it). VS Code does not
   * fill defaults, so it gets the schema as a payload meets it after they are filled, as Send checks.
   */
  set(workflow: string, schema: unknown): void {
    const safe = schema && typeof schema === 'object' && !Array.isArray(schema) ? withoutReferences(requiredAfterDefaults(schema)) : undefined;
    if (safe === undefined) this.byWorkflow.delete(workflow);
    else this.byWorkflow.set(workflow, safe);
    this.changed.fire(PAYLOAD_SCHEMA_URI);
  }

  provideTextDocumentContent(): string {
    const allOf = [...this.byWorkflow].map(([workflow, schema]) => ({
      if: { properties: { name: { const: workflow } }, required: ['name'] },
      then: { properties: { payload: schema } },
    }));
    return JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', allOf });
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}

const DROPPED = ['$ref', '$id', '$schema', '$dynamicRef', '$recursiveRef'];

/** A deep copy without reference or id keywords, at most 32 levels deep. */
function withoutReferences(value: unknown, depth = 0): unknown {
  if (depth > 32) return {};
  if (Array.isArray(value)) return value.map((v) => withoutReferences(v, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !DROPPED.includes(key))
      .map(([key, v]) => [key, withoutReferences(v, depth + 1)]),
  );
}
