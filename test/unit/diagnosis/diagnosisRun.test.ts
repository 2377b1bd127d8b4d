/**
 * The diagnosis's one parallel round when it is aborted (a new question, a closed panel, a key
 * rejected mid-way): the run stops with the abort, and none of the other reads of the round is
 * left as an unhandled rejection in the extension host.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isAbortError, type NovuClient } from '../../../src/api';
import { runDiagnosis } from '../../../src/diagnosis/diagnosisRun';

/** A read that never answers, and rejects as fetch does when its signal aborts. */
function hang(options?: { signal?: AbortSignal }): Promise<never> {
  return new Promise((_resolve, reject) => {
    options?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })));
  });
}

describe('an aborted diagnosis', () => {
  it('stops with the abort and leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const client = {
        getSubscriber: (_id: string, options?: { signal?: AbortSignal }) => hang(options),
        getWorkflow: (_id: string, options?: { signal?: AbortSignal }) => hang(options),
        listNotifications: (_query: unknown, options?: { signal?: AbortSignal }) => hang(options),
        listActiveIntegrations: (options?: { signal?: AbortSignal }) => hang(options),
      } as unknown as NovuClient;
      const controller = new AbortController();
      const run = runDiagnosis(
        { subscriberId: 'ada', workflowRef: 'welcome-onboarding' },
        { client, connection: { id: 'c', name: 'Dev', region: 'eu' }, others: () => [], readPreferences: (_c, _id, signal) => hang({ signal }), now: () => Date.parse('2026-11-24T10:00:00Z') },
        () => undefined,
        controller.signal,
      );
      controller.abort();
      await assert.rejects(run, (error: unknown) => isAbortError(error));
      // Unhandled rejections are reported after the microtask queue drains.
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
