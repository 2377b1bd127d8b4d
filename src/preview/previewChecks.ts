/**
 * The Checks strip's part on the host (issue 46, §5): the findings of what the panel shows (a
 * render, or the failure in its place), made by the one set of checks (src/checks/) with the
 * settings as ../checksSettings.ts reads them (the Test Explorer's too), counted by level.
 * Computed again only when what they read changed (the model, the failure, the payload, the
 * schema, the settings).
 *
 * An email of more than 16 KB is checked off the host's thread (issue 51, E2: caniemail takes
 * 1.6 s on 1 MB): the render is shown at once, the strip says "checking…" (`checking`), and `done`
 * is called when the findings are in. A newer ask makes the older one's findings go unused: its
 * answer is dropped, and if it was still waiting for the thread, it is never checked. A smaller
 * email, the other steps and a failure are checked at once; with every check off there is nothing
 * to find. Pure: no vscode.
 */
import { checkStep, DEFAULT_CHECKS_SETTINGS, type CanIEmail, type ChecksSettings, type Finding, type StepToCheck } from '../checks';
import { isSchemaVisible } from '../bridge/discoverSchema';
import type { PreviewChecksView, PreviewView } from './protocol';

/**
 * An email up to this much HTML is checked at once on the host (a few milliseconds; 20 to 40 on a
 * busy machine): its strip comes with its render, and no thread is started for it (the thread's
 * start competes with the first render's webview for two cores). Above it, in the thread.
 */
const CHECK_HERE_UP_TO = 16 * 1024;

/** Checks an email off the host's thread (checksWorker.ts); rejected when `signal` aborts first. */
export type OffThreadChecks = (step: StepToCheck, settings: ChecksSettings, signal: AbortSignal) => Promise<Finding[]>;

/** The strip's state for what is shown: its checks, or that they are under way (`checking`); neither while nothing is shown. */
export interface ChecksNow {
  checks?: PreviewChecksView;
  checking?: true;
}

export class PreviewChecks {
  private memo: { reads: readonly unknown[]; now: ChecksNow } | undefined;
  private asked: AbortController | undefined;
  settings: ChecksSettings = DEFAULT_CHECKS_SETTINGS;

  /**
   * `offThread`: where a large email is checked (with caniemail's data there); `done`: the findings
   * of the last ask are in (the panel shows them). `canIEmail` checks a small email here; and when
   * the thread cannot check, `failed` is told (the log) and the email is checked here too: slow on
   * a large email, but the strip never says "checking…" for ever.
   */
  constructor(
    private readonly offThread: OffThreadChecks,
    private readonly done: () => void,
    private readonly inHost: { canIEmail?: CanIEmail; failed(error: Error): void },
  ) {}

  /** The strip of what `view` shows, for `payload` and the workflow's payload `schema`. */
  of(view: Omit<PreviewView, 'renderer' | 'checks' | 'checking'>, payload: Record<string, unknown>, schema: unknown): ChecksNow {
    const shown = view.status === 'failed' ? view.failure : view.model;
    const reads = [view.stepId, shown, payload, schema, this.settings];
    if (this.memo && reads.every((read, i) => read === this.memo!.reads[i])) return this.memo.now;
    // A render under way still shows the last one: its strip stays as it is (its checks, or their
    // ask, go on) until the new render comes; asking again for the old model with the new payload
    // would keep the thread from the new one.
    if (this.memo && view.status === 'rendering' && shown !== undefined && shown === this.memo.reads[1]) return this.memo.now;
    this.asked?.abort();
    this.asked = undefined;
    let now: ChecksNow = {};
    if (shown) {
      const result: StepToCheck['result'] = view.status === 'failed' && view.failure ? { failure: view.failure } : { model: view.model! };
      const step: StepToCheck = { stepId: view.stepId, result, payload, ...(isSchemaVisible(schema) ? { payloadSchema: schema } : {}) };
      if (Object.values(this.settings.levels).every((level) => level === 'off')) now = { checks: counted([]) };
      else if ('model' in result && result.model.kind === 'email' && result.model.html.length > CHECK_HERE_UP_TO) {
        now = { checking: true };
        this.ask(step, reads);
      } else now = { checks: counted(checkStep(step, this.settings, this.inHost.canIEmail)) };
    }
    this.memo = { reads, now };
    return now;
  }

  /** Stops waiting for an email's checks (the panel closed). */
  dispose(): void {
    this.asked?.abort();
  }

  private ask(step: StepToCheck, reads: readonly unknown[]): void {
    const asked = new AbortController();
    this.asked = asked;
    const settings = this.settings;
    const answered = (findings: Finding[]) => {
      // A newer ask (a newer render, payload or setting) made this one stale: its findings go unused.
      if (this.asked !== asked || asked.signal.aborted) return;
      this.asked = undefined;
      this.memo = { reads, now: { checks: counted(findings) } };
      this.done();
    };
    // Asked once the render is on its way to the webview: the copy of the email for the thread is not on the render's path.
    setTimeout(() => {
      if (asked.signal.aborted) return;
      this.offThread(step, settings, asked.signal).then(answered, (error: unknown) => {
        if (asked.signal.aborted) return;
        this.inHost.failed(error instanceof Error ? error : new Error(String(error)));
        answered(checkStep(step, settings, this.inHost.canIEmail));
      });
    }, 0);
  }
}

function counted(findings: Finding[]): PreviewChecksView {
  return { errors: findings.filter((f) => f.level === 'error').length, warnings: findings.filter((f) => f.level === 'warning').length, findings };
}
