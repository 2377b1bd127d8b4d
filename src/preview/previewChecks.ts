/**
 * The Checks strip's part on the host (issue 46, §5): the findings of what the panel shows (a
 * render, or the failure in its place), made by the one set of checks (src/checks/) with the
 * settings as ../checksSettings.ts reads them (the Test Explorer's too), counted by level.
 * Computed again only when what they read changed (the model, the failure, the payload, the
 * schema, the settings).
 */
import { checkStep, type CanIEmail, type ChecksSettings } from '../checks';
import { isSchemaVisible } from '../bridge/discoverSchema';
import { checksSettingsNow } from '../checksSettings';
import type { PreviewChecksView, PreviewView } from './protocol';

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
