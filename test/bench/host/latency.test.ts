/**
 * Issue 14's latency stage, inside the real VS Code extension host: the sandbox
 * (BENCH_LATENCY_URL / _KEY) sits behind a proxy that holds every answer back by 100 ms, then
 * 250 ms, as a real service 50 to 300 ms away would. Each user action is timed from the moment it
 * is taken to the moment its result is handed to VS Code (the tree's rows loaded, the panel's
 * state posted), with the requests it made and how many of them ran one after another. Results
 * go to BENCH_LATENCY_OUT as JSON.
 */
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../../src/extensionApi';
import { SANDBOX_FIXTURES as F } from '../../../src/sandbox/fixtures';
import { criticalPathMs, sequentialRoundTrips, startLatencyProxy, type LatencyProxy } from '../latencyProxy';
import { round } from '../stats';

const EXTENSION_ID = 'novuexplorer.novu-explorer';
const DELAYS = [100, 250];
const RUNS = 5;

export interface LatencyResult {
  ms: number;
  requests: number;
  roundTrips: number;
  /** Time over (sequential round trips × the delay): 1 is the floor. */
  ratio: number;
  /**
   * What the extension adds beyond its round trips: the action's time less the service side's time
   * on the critical path (from each request's arrival at the proxy to its answer leaving it, the
   * injected delay included). The sandbox's own work is the service's, not ours.
   */
  overheadMs: number;
  /** Of that: from the action to the first request's arrival, and from the last answer to the result. */
  beforeMs: number;
  afterMs: number;
  /** The service side's time on the critical path beyond the injected delays (the sandbox's work). */
  serviceMs: number;
  /** Requests the extension gave up on (a newer action of the same kind superseded them). */
  aborted: number;
  /** Requests that left after the action ended, within its settle time (a view asking twice). */
  late?: number;
  /** Each request, ms after the action: `GET /v1/notifications?… +12 → +113` (or `aborted`). */
  timeline?: string[];
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Resolves when the panel's next change has been accepted by the service. */
function nextSave(panel: { onDidSave: vscode.Event<void> }): Promise<void> {
  return new Promise((resolve) => {
    const listener = panel.onDidSave(() => {
      listener.dispose();
      resolve();
    });
  });
}

describe('latency: every user action at 100 ms and 250 ms from the service', () => {
  let api: NovuExplorerApi;
  let proxy: LatencyProxy;
  const results: Record<string, Record<string, LatencyResult>> = {};

  before(async () => {
    const url = process.env.BENCH_LATENCY_URL;
    const key = process.env.BENCH_LATENCY_KEY;
    assert.ok(url && key && process.env.BENCH_LATENCY_OUT, 'BENCH_LATENCY_URL, _KEY and _OUT are set');
    api = (await vscode.extensions.getExtension<NovuExplorerApi | undefined>(EXTENSION_ID)!.activate())!;
    proxy = await startLatencyProxy(url, DELAYS[0]!);
    await vscode.commands.executeCommand('novuExplorer.subscribers.focus');
    await api.activity.setFollow(false);
  });

  after(async () => {
    writeFileSync(process.env.BENCH_LATENCY_OUT!, JSON.stringify(results, null, 2));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await proxy.close();
  });

  /** Times one action `RUNS` times (after `prepare`, untimed) and keeps the median run. */
  async function measure(delay: number, name: string, action: () => Promise<void>, prepare: () => Promise<void> = async () => {}, options: { settleMs?: number } = {}): Promise<void> {
    const runs: LatencyResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      await prepare();
      await new Promise((r) => setTimeout(r, 50));
      proxy.clear();
      const start = performance.now();
      await action();
      const ms = performance.now() - start;
      // Watched a while longer when asked: a request that leaves after the rows are shown (a view
      // asking twice) is not on the action's path, but it is a wasted round trip all the same.
      if (options.settleMs) await new Promise((r) => setTimeout(r, options.settleMs));
      const timeline = options.settleMs
        ? proxy.requests.map((r) => `${r.method} ${r.path.split('&')[0]} +${round(r.startMs - start)} → ${r.aborted ? 'aborted' : Number.isNaN(r.endMs) ? 'no answer yet' : `+${round(r.endMs - start)}`}`)
        : undefined;
      const late = options.settleMs ? proxy.requests.filter((r) => r.startMs > start + ms).length : undefined;
      // Requests that started during the action (a view's own refresh after it is not the action's).
      const requests = proxy.requests.filter((r) => r.startMs <= start + ms);
      // The answers the action waited for: a request still out when it ended (the Activity view's
      // first page while the two views are timed) is not on its path.
      const answered = requests.filter((r) => !r.aborted && r.endMs <= start + ms);
      const roundTrips = sequentialRoundTrips(answered);
      const service = criticalPathMs(answered);
      runs.push({
        ms: round(ms),
        requests: requests.length,
        roundTrips,
        ratio: roundTrips ? round(ms / (roundTrips * delay), 2) : 0,
        overheadMs: round(ms - service),
        beforeMs: answered.length ? round(Math.min(...answered.map((r) => r.startMs)) - start) : round(ms),
        afterMs: answered.length ? round(start + ms - Math.max(...answered.map((r) => r.endMs))) : 0,
        serviceMs: round(service - roundTrips * delay),
        aborted: requests.filter((r) => r.aborted).length,
        ...(late !== undefined ? { late } : {}),
        ...(timeline ? { timeline } : {}),
      });
    }
    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    (results[`${delay} ms`] ??= {})[name] = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`    ${delay} ms · ${name}: ${JSON.stringify(sorted[Math.floor(sorted.length / 2)])}`);
  }

  for (const delay of DELAYS) {
    it(`measures each action at ${delay} ms`, async () => {
      proxy.delayMs = delay;
      const connectionName = `Latency ${delay}`;
      const viewsLoaded = () => Promise.all([api.subscribers.getChildren(), api.integrations.getChildren()]);

      await measure(
        delay,
        'connection chosen → both views loaded',
        async () => {
          await api.manager.add({ name: `${connectionName} ${Math.random().toString(36).slice(2, 6)}`, region: 'custom', baseUrl: proxy.url }, process.env.BENCH_LATENCY_KEY!);
          await viewsLoaded();
        },
        async () => {
          if (api.manager.active) await api.manager.remove(api.manager.active);
          // The connection that takes its place loads first, so that its requests are not the action's.
          if (api.manager.active) {
            await viewsLoaded();
            await until(() => api.activity.status === 'loaded' || api.activity.status === 'failed', 'the Activity view of the connection left');
          }
        },
      );

      // Issue 23.5: the three views as the workbench loads them (no getChildren of ours, so the
      // tree's own 200 ms hold on change events counts), watched a while after the rows for a
      // request sent twice. Floor: 1 round trip, 3 requests, none late, none aborted.
      const threeLoaded = () => api.subscribers.status === 'loaded' && api.integrations.status === 'loaded' && api.activity.status === 'loaded';
      const addFresh = () => api.manager.add({ name: `${connectionName} ${Math.random().toString(36).slice(2, 6)}`, region: 'custom', baseUrl: proxy.url }, process.env.BENCH_LATENCY_KEY!);
      const leaveConnection = async () => {
        if (api.manager.active) await api.manager.remove(api.manager.active);
        // Hidden views load nothing (the window-start case hides them first): only shown ones are waited for.
        if (api.manager.active && api.subscribers.view?.visible) await until(threeLoaded, 'the views of the connection left');
      };
      await measure(
        delay,
        'Add Connection → all three views loaded by the tree',
        async () => {
          await addFresh();
          await until(threeLoaded, 'the three views');
        },
        async () => {
          await vscode.commands.executeCommand('workbench.view.extension.novuExplorer');
          await leaveConnection();
        },
        { settleMs: 3 * delay + 300 },
      );
      // A window start: the connection is there, its environment not yet known, the view hidden;
      // a click on the Novu icon shows the three views.
      await measure(
        delay,
        'Novu view shown (window start) → all three views loaded by the tree',
        async () => {
          await vscode.commands.executeCommand('workbench.view.extension.novuExplorer');
          await until(threeLoaded, 'the three views');
        },
        async () => {
          await vscode.commands.executeCommand('workbench.view.explorer');
          await leaveConnection();
          await addFresh();
          await new Promise((r) => setTimeout(r, 2 * delay));
        },
        { settleMs: 3 * delay + 300 },
      );
      await vscode.commands.executeCommand('workbench.view.extension.novuExplorer');

      await measure(delay, 'Refresh → both views loaded', async () => {
        await vscode.commands.executeCommand('novuExplorer.refresh');
        await viewsLoaded();
      });

      await measure(
        delay,
        'search by name → rows',
        async () => {
          api.subscribers.setFilter({ name: 'Alice' });
          await api.subscribers.getChildren();
        },
        async () => {
          api.subscribers.setFilter({});
          await api.subscribers.getChildren();
        },
      );

      // A second action of the same kind while the first waits: the first request is given up, and
      // the proxy (the server side) sees its connection closed.
      await measure(
        delay,
        'search typed again before the answer → the first aborted',
        async () => {
          api.subscribers.setFilter({ name: 'Alice' });
          void api.subscribers.getChildren();
          await until(() => proxy.requests.length === 1, 'the first search to reach the service');
          api.subscribers.setFilter({ name: 'Bob' });
          await api.subscribers.getChildren();
          await until(() => proxy.requests[0]!.aborted, 'the first search aborted at the server side', 2_000);
        },
        async () => {
          api.subscribers.setFilter({});
          await api.subscribers.getChildren();
        },
      );

      await measure(
        delay,
        'Load more → rows',
        async () => {
          await api.subscribers.loadMore();
        },
        async () => {
          api.subscribers.setFilter({});
          await api.subscribers.getChildren();
          await until(() => api.subscribers.status === 'loaded' && api.subscribers.hasMore, 'a first page with more after it');
        },
      );

      const closePanels = async () => {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      };
      const notificationLoaded = (id: string) => () => api.notificationPanels.all.find((p) => p.notificationId === id)?.currentState.kind === 'loaded';
      await measure(
        delay,
        'open notification by id → panel state posted',
        async () => {
          await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedNotificationId);
          await until(notificationLoaded(F.failedNotificationId), 'the notification');
        },
        closePanels,
      );
      await measure(
        delay,
        'open notification by transaction id → panel state posted',
        async () => {
          await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedTransactionId);
          await until(notificationLoaded(F.failedNotificationId), 'the notification');
        },
        closePanels,
      );

      await measure(
        delay,
        'notification Refresh twice before the answer → the first aborted',
        async () => {
          const panel = api.notificationPanels.all.find((p) => p.notificationId === F.failedNotificationId)!;
          void panel.load();
          await until(() => proxy.requests.length === 1, 'the first read to reach the service');
          await panel.load();
          await until(() => proxy.requests[0]!.aborted && notificationLoaded(F.failedNotificationId)(), 'the first read aborted at the server side', 2_000);
        },
        async () => {
          if (!api.notificationPanels.all.some((p) => p.notificationId === F.failedNotificationId)) {
            await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedNotificationId);
            await until(notificationLoaded(F.failedNotificationId), 'the notification');
          }
        },
      );
      await closePanels();

      await measure(
        delay,
        "a subscriber's Show Notifications → Activity rows",
        async () => {
          const [row] = (await api.subscribers.getChildren()).filter((n) => 'subscriber' in n);
          await vscode.commands.executeCommand('novuExplorer.showSubscriberNotifications', row);
          await until(() => api.activity.status === 'loaded' && api.activity.filter.subscriberIds?.length === 1, 'the filtered Activity view');
        },
        async () => {
          await api.activity.setFilter({});
          api.subscribers.setFilter({ subscriberId: F.notificationSubscriberId });
          await api.subscribers.getChildren();
        },
      );
      api.subscribers.setFilter({});

      await measure(
        delay,
        'Activity first load → rows',
        async () => {
          api.activity.reload();
          await until(() => api.activity.status === 'loaded', 'the Activity view');
        },
        async () => {
          await api.activity.setFilter({});
        },
      );
      await measure(delay, 'one Activity follow poll', async () => {
        await api.activity.poll();
      });
      await measure(
        delay,
        'Activity filter changed again before the answer → the first aborted',
        async () => {
          void api.activity.setFilter({ subscriberIds: [F.notificationSubscriberId] });
          await until(() => proxy.requests.length === 1, 'the first filtered load to reach the service');
          await api.activity.setFilter({});
          await until(() => api.activity.status === 'loaded' && proxy.requests[0]!.aborted, 'the unfiltered rows, the first load aborted', 5_000);
        },
        async () => {
          await api.activity.setFilter({});
          await until(() => api.activity.status === 'loaded', 'the Activity view');
        },
      );

      // Issue 24: the diagnosis asks everything in one parallel round (floor 1 sequential round trip);
      // a subscriber that is not here asks the other connections in a second (none here).
      const verdictShown = (subscriberId: string) => () => {
        const panel = api.diagnosisPanels.all.find((p) => p.request.subscriberId === subscriberId);
        return panel?.state.kind === 'loaded' && !panel.state.busy && panel.current?.verdict.state !== 'pending';
      };
      for (const [name, request] of [
        ['Diagnose Delivery → the verdict', { subscriberId: F.notificationSubscriberId, workflowRef: 'order-shipped', channel: 'email' as const }],
        ['Diagnose Delivery, no such subscriber → the verdict', { subscriberId: 'nobody-at-all' }],
      ] as const) {
        await measure(
          delay,
          name,
          async () => {
            await api.diagnose({ kind: 'request', request });
            await until(verdictShown(request.subscriberId), 'the verdict');
          },
          closePanels,
        );
      }
      const prefsLoaded = () => api.preferencesPanels.all.find((p) => p.subscriberId === F.preferencesSubscriberId)?.state.kind === 'loaded';
      await measure(
        delay,
        'open preferences → panel state posted',
        async () => {
          api.preferencesPanels.open(F.preferencesSubscriberId, api.manager.active!, { name: 'Sam Schedule', timezone: 'Europe/London' });
          await until(prefsLoaded, 'the preferences');
        },
        closePanels,
      );
      api.preferencesPanels.open(F.preferencesSubscriberId, api.manager.active!, { name: 'Sam Schedule', timezone: 'Europe/London' });
      await until(prefsLoaded, 'the preferences');
      const panel = api.preferencesPanels.all.find((p) => p.subscriberId === F.preferencesSubscriberId)!;
      await measure(delay, 'one preference toggle → the service answered', async () => {
        const state = panel.state;
        assert.equal(state.kind, 'loaded');
        const sms = state.kind === 'loaded' ? state.model.global.channels.find((c) => c.channel === 'sms')! : undefined;
        const saved = nextSave(panel);
        panel.setChannel('sms', !sms!.enabled);
        await saved;
      });
      await measure(delay, 'schedule save → the service answered', async () => {
        const state = panel.state;
        const schedule = state.kind === 'loaded' ? state.model.global.schedule : undefined;
        assert.ok(schedule);
        const saved = nextSave(panel);
        panel.saveSchedule(schedule);
        await saved;
      });
      await closePanels();

      let created = 0;
      // The row is in the view's rows (our part) before VS Code reveals and selects it (the
      // workbench's part: its tree takes changes in batches, and reveal waits for the batch).
      let pending: Thenable<unknown> | undefined;
      for (const end of ['the row in the view', 'the row revealed'] as const) {
        await measure(
          delay,
          `Create Subscriber: the last Enter → ${end}`,
          async () => {
            const id = `latency-${delay}-${created++}-${Date.now()}`;
            // Answered at once: what is timed is the request and the row, as after the last Enter.
            api.setPrompter({
              input: async (o: { value?: string; step?: number }) => (o.step === 1 ? id : (o.value ?? '')),
              pick: async () => 'create',
              search: async () => undefined,
              pickMany: async () => undefined,
              message: async () => undefined,
              confirm: async () => false,
            } as unknown as Parameters<NovuExplorerApi['setPrompter']>[0]);
            pending = vscode.commands.executeCommand('novuExplorer.createSubscriber');
            if (end === 'the row revealed') await pending;
            await until(() => api.subscribers.subscribers.some((s) => s.subscriberId === id), 'the new row');
          },
          async () => {
            await pending;
            api.setPrompter(undefined);
          },
        );
      }
      await pending;
      api.setPrompter(undefined);
    });
  }
});
