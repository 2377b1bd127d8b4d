/**
 * The checks of a rendered email in a worker thread (issue 51, E2): caniemail's check of a 1 MB
 * email takes 1.6 s, which on the extension host's thread held the Preview's render back and
 * every other extension with it. One thread for all panels (dist/checksWorker.js, its code in
 * checksWorkerMain.ts), started at the first ask and kept until disposed. It checks one email at a
 * time; asks wait here, not in the thread, so that an ask a newer render made stale (its signal
 * aborted) is dropped before it costs anything. The host's own work per ask is a post of the
 * model and the answer's read. Pure: no vscode (the unit tests start it in plain Node).
 */
import { Worker } from 'node:worker_threads';
import type { ChecksSettings, Finding, StepToCheck } from '../checks';
import type { L10nBundle } from '../l10n';

export interface ChecksAsk {
  id: number;
  step: StepToCheck;
  settings: ChecksSettings;
}

export type ChecksAnswer = { id: number; findings: Finding[] } | { id: number; error: string };

interface Waiting extends ChecksAsk {
  resolve(findings: Finding[]): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
}

export class ChecksWorker {
  private worker: Worker | undefined;
  private next = 0;
  /** The ask the thread is working on. */
  private running: Waiting | undefined;
  private readonly queue: Waiting[] = [];
  private disposed = false;

  /** `script`: dist/checksWorker.js; `l10nBundle`: the host's (vscode.l10n.bundle), so that findings read in its language. */
  constructor(
    private readonly script: string,
    private readonly l10nBundle: L10nBundle | undefined,
  ) {}

  /** The findings of `step`; rejected with an AbortError when `signal` aborts before the thread starts on it. */
  check(step: StepToCheck, settings: ChecksSettings, signal?: AbortSignal): Promise<Finding[]> {
    // l10n-ignore: a rejection the panel only logs
    if (this.disposed) return Promise.reject(new Error('The checks thread is closed.'));
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise<Finding[]>((resolve, reject) => {
      const waiting: Waiting = { id: ++this.next, step, settings, resolve, reject, signal };
      signal?.addEventListener('abort', () => {
        const at = this.queue.indexOf(waiting);
        if (at < 0) return;
        this.queue.splice(at, 1);
        reject(abortError());
      }, { once: true });
      this.queue.push(waiting);
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const waiting = this.queue.shift()!;
    this.running = waiting;
    const ask: ChecksAsk = { id: waiting.id, step: waiting.step, settings: waiting.settings };
    this.thread().postMessage(ask);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, { workerData: { l10n: this.l10nBundle } });
    worker.on('message', (answer: ChecksAnswer) => {
      const waiting = this.running;
      if (!waiting || waiting.id !== answer.id) return;
      this.running = undefined;
      if ('findings' in answer) waiting.resolve(answer.findings);
      else waiting.reject(new Error(answer.error));
      this.pump();
    });
    const ended = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      // What was asked fails with it; a later ask starts a new thread.
      const failed = [...(this.running ? [this.running] : []), ...this.queue.splice(0)];
      this.running = undefined;
      for (const waiting of failed) waiting.reject(error);
    };
    worker.on('error', ended);
    // l10n-ignore: a rejection the panel only logs
    worker.on('exit', (code) => ended(new Error(`The checks thread stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }

  dispose(): void {
    this.disposed = true;
    const worker = this.worker;
    this.worker = undefined;
    for (const waiting of [...(this.running ? [this.running] : []), ...this.queue.splice(0)]) waiting.reject(abortError());
    this.running = undefined;
    void worker?.terminate();
  }
}

function abortError(): Error {
  // l10n-ignore: an abort, never shown
  const error = new Error('The checks were not needed any more.');
  error.name = 'AbortError';
  return error;
}
