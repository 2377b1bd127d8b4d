/**
 * The Checks strip's part on the host (issue 46, §5): the settings `novuExplorer.checks.*` as the
 * checks read them, and the findings of what the panel shows (a render, or the failure in its place),
 * made by the one set of checks (src/checks/), counted by level. Computed again only when what
 * they read changed (the model, the failure, the payload, the schema, the settings).
 */
import * as vscode from 'vscode';
import { checkStep, readChecksSettings, type CanIEmail, type ChecksSettings } from '../checks';
import { isSchemaVisible } from '../bridge/discoverSchema';
import type { PreviewChecksView, PreviewView } from './protocol';

export const CHECKS_SECTION = 'novuExplorer.checks';

/** The settings now (a user's settings.json may hold anything: readChecksSettings takes care). */
export function checksSettingsNow(): ChecksSettings {
  const config = vscode.workspace.getConfiguration(CHECKS_SECTION);
  return readChecksSettings({ levels: config.get('levels'), emailClients: config.get('emailClients'), smsMaxSegments: config.get('smsMaxSegments') });
}

export class PreviewChecks {
  private memo: { reads: readonly unknown[]; checks: PreviewChecksView | undefined } | undefined;
  settings: ChecksSettings = checksSettingsNow();

  /** `canIEmail`: caniemail's data for the email clients' support (src/checks/clientSupport.ts); without it that check does not run. */
  constructor(private readonly canIEmail: CanIEmail | undefined) {}

  /** The findings of what `view` shows, for `payload` and the workflow's payload `schema`; none while nothing is shown. */
  of(view: Omit<PreviewView, 'renderer' | 'checks'>, payload: Record<string, unknown>, schema: unknown): PreviewChecksView | undefined {
    const shown = view.status === 'failed' ? view.failure : view.model;
    const reads = [view.stepId, shown, payload, schema, this.settings];
    if (this.memo && reads.every((read, i) => read === this.memo!.reads[i])) return this.memo.checks;
    let checks: PreviewChecksView | undefined;
    if (shown) {
      const result = view.status === 'failed' && view.failure ? { failure: view.failure } : { model: view.model! };
      const findings = checkStep({ stepId: view.stepId, result, payload, ...(isSchemaVisible(schema) ? { payloadSchema: schema } : {}) }, this.settings, this.canIEmail);
      checks = { errors: findings.filter((f) => f.level === 'error').length, warnings: findings.filter((f) => f.level === 'warning').length, findings };
    }
    this.memo = { reads, checks };
    return checks;
  }
}
