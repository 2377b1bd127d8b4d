/**
 * The checks thread's own code (dist/checksWorker.js, started by checksWorker.ts): the checks of a
 * rendered email, with caniemail's data, off the extension host's thread (issue 51, E2). One ask at
 * a time, answered with its id; the findings' words in the host's language (its l10n bundle, handed
 * over at the start). Pure: no vscode.
 * The same file is the extension's one copy of caniemail's data (750 KB): on the host's thread it
 * only exports it (`bundle(context, 'checksWorker')`), for the checks made there and the tests' runs.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { checkStep } from '../checks';
import { l10n, type L10nBundle } from '../l10n';
import type { ChecksAnswer, ChecksAsk } from './checksWorker';

export { doIUseEmail };

if (!isMainThread && parentPort) {
  const port = parentPort;
  l10n.config((workerData as { l10n?: L10nBundle } | undefined)?.l10n);
  port.on('message', ({ id, step, settings }: ChecksAsk) => {
    let answer: ChecksAnswer;
    try {
      answer = { id, findings: checkStep(step, settings, doIUseEmail) };
    } catch (error) {
      answer = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
}
