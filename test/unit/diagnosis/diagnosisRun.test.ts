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

describe('the second round, only when needed', () => {
  const NOW = Date.parse('2026-11-24T10:00:00Z');
  const DEV = 'env0000000000000000000001';
  const run = (subscriberId: string, type: string, detail: string) => ({
    _id: '6650c0ffee000000000000c1', createdAt: '2026-11-24T09:00:00Z', transactionId: 't', _templateId: 'wf',
    subscriber: { subscriberId }, template: { _id: 'wf', name: 'Mention', triggers: [{ identifier: 'mention' }] },
    jobs: [{ _id: 'j', type, status: 'failed', executionDetails: [{ detail, status: 'Failed' }] }],
  });
  /** A client that answers from the given values and records each call. */
  function clientOf(values: { subscriber: object; runs: object[]; integrations: object[]; page?: object[] }, calls: string[]): NovuClient {
    return {
      getSubscriber: async (id: string) => (calls.push(`subscriber ${id}`), values.subscriber),
      getWorkflow: async () => { throw new Error('not asked'); },
      listNotifications: async () => (calls.push('runs'), { data: values.runs, hasMore: false }),
      listActiveIntegrations: async () => (calls.push('integrations'), values.integrations),
      searchSubscribers: async (query: object) => (calls.push(`search ${JSON.stringify(query)}`), { data: values.page ?? [] }),
    } as unknown as NovuClient;
  }
  const readPreferences = async () => ({ preferences: { global: { enabled: true, channels: {} }, workflows: [] }, critical: [] }) as never;

  it('asks the other connections’ integrations only when the subscriber’s chat provider has none here and the list does not say where', async () => {
    const dorothy = { subscriberId: 'dorothy', firstName: 'Dorothy', email: 'd@example.com', createdAt: '2026-01-01T00:00:00Z', _environmentId: DEV, channels: [{ providerId: 'msteams', credentials: { webhookUrl: 'https://x' } }] };
    const slack = { _id: 'i1', _environmentId: DEV, providerId: 'slack', channel: 'chat', active: true, identifier: 'slack' };
    const calls: string[] = [];
    const otherCalls: string[] = [];
    const other = { id: 'c2', name: 'Production', region: 'EU', client: async () => clientOf({ subscriber: {}, runs: [], integrations: [{ _id: 'i9', providerId: 'msteams', channel: 'chat', active: true }] }, otherCalls) };
    const facts = await runDiagnosis(
      { subscriberId: 'dorothy', channel: 'chat' },
      { client: clientOf({ subscriber: dorothy, runs: [run('dorothy', 'chat', 'Subscriber does not have an active integration')], integrations: [slack] }, calls), connection: { id: 'c1', name: 'Dev', region: 'EU' }, others: () => [other], readPreferences, now: () => NOW },
      () => undefined,
      new AbortController().signal,
    );
    assert.deepEqual(otherCalls, ['integrations'], 'one request to the other connection');
    assert.deepEqual(facts.integrationsElsewhere, { state: 'ok', value: [{ connectionId: 'c2', connectionName: 'Production', region: 'EU', environmentId: undefined, providerIds: ['msteams'] }] });
    assert.equal(facts.connection.environmentId, DEV, 'the environment is taken from the subscriber');
    assert.ok(!calls.some((c) => c.startsWith('search')), 'no subscriber search: not created by a trigger');

    // The organization's list names Teams in another environment: nobody else is asked.
    const quiet: string[] = [];
    const prodTeams = { _id: 'i2', _environmentId: 'env0000000000000000000002', providerId: 'msteams', channel: 'chat', active: true, identifier: 'teams' };
    await runDiagnosis(
      { subscriberId: 'dorothy', channel: 'chat' },
      { client: clientOf({ subscriber: dorothy, runs: [], integrations: [slack, prodTeams] }, []), connection: { id: 'c1', name: 'Dev', region: 'EU', environmentId: DEV }, others: () => [{ ...other, client: async () => clientOf({ subscriber: {}, runs: [], integrations: [] }, quiet) }], readPreferences, now: () => NOW },
      () => undefined,
      new AbortController().signal,
    );
    assert.deepEqual(quiet, []);
  });

  it('looks for the ID a trigger mistyped (one page of the newest, and the IDs held), only for a subscriber the trigger created', async () => {
    const typo = { subscriberId: 'ada-lovelce', createdAt: '2026-11-24T08:59:59Z', _environmentId: DEV };
    const calls: string[] = [];
    const facts = await runDiagnosis(
      { subscriberId: 'ada-lovelce' },
      {
        client: clientOf({ subscriber: typo, runs: [run('ada-lovelce', 'email', 'Subscriber missing email address')], integrations: [], page: [{ subscriberId: 'grace' }, { subscriberId: 'ada-lovelace' }] }, calls),
        connection: { id: 'c1', name: 'Dev', region: 'EU' },
        others: () => [],
        readPreferences,
        knownSubscriberIds: () => ['ada-lovelace', 'ada-lovelcee'],
        now: () => NOW,
      },
      () => undefined,
      new AbortController().signal,
    );
    assert.deepEqual(calls.filter((c) => c.startsWith('search')), ['search {"limit":100}']);
    assert.deepEqual(facts.similar, { state: 'ok', value: ['ada-lovelace', 'ada-lovelcee'] });
  });
});
