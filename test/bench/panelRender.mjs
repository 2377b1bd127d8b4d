// The notification panel in the real webview: from choosing a 1,000-job notification (20 execution
// details each) in "Open Notification…" to the first timeline rows on screen and to all rows; and,
// in the same VS Code, an empty webview panel (test/bench/emptyPanel) from choosing its command to
// its one row on screen: the workbench's own floor, which the notification panel is a ratio to.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { activeWebview, addConnection, launch, openNovu, runCommand, startSandbox, offerNotification } from '../ui/workbench.mjs';
import { median } from './workbenchBench.mjs';

const BIG_ID = '6620bb0000000000000b0001';
const RUNS = 4;

export async function measurePanelRender(root) {
  const require = createRequire(import.meta.url);
  const { buildNotification } = require(join(root, 'out/test/fixtures/builders.js'));
  const big = buildNotification({ _id: BIG_ID }, 1000, 20);
  const sandbox = await startSandbox({ apiKey: `bench-panel-${Date.now()}`, extraNotifications: [big] });
  const ui = await launch({ theme: 'dark', extraExtensions: [join(root, 'test', 'bench', 'emptyPanel')] });
  const { SANDBOX_FIXTURES } = require(join(root, 'dist', 'sandboxServer.js'));
  const firstRows = [];
  const allRows = [];
  const inWebview = [];
  const small = [];
  const empty = [];
  try {
    await openNovu(ui.page);
    await addConnection(ui.page, sandbox, 'Bench');
    // The floor, taken between the notification runs below so that drift touches both alike.
    const emptyPanel = async () => {
      await ui.page.keyboard.press('F1');
      const input = ui.page.locator('.quick-input-widget input.input');
      await input.waitFor({ state: 'visible' });
      await input.fill('>Bench: Open Empty Panel');
      await ui.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Open Empty Panel' }).first().waitFor();
      const start = Date.now();
      await ui.page.keyboard.press('Enter');
      const view = activeWebview(ui.page);
      await view.locator('li.nx-empty-row').waitFor({ timeout: 60_000 });
      const took = Date.now() - start;
      await runCommand(ui.page, 'View: Close All Editors');
      await view.locator('li.nx-empty-row').waitFor({ state: 'detached' }).catch(() => undefined);
      return took;
    };
    await emptyPanel();
    // The same path with a 6-job notification: what opening any panel costs, whatever its size.
    for (let run = 0; run < RUNS; run++) {
      await offerNotification(ui.page, SANDBOX_FIXTURES.failedNotificationId);
      const start = Date.now();
      await ui.page.keyboard.press('Enter');
      const view = activeWebview(ui.page);
      await view.locator('li.nx-job').first().waitFor({ timeout: 60_000 });
      if (run > 0) small.push(Date.now() - start);
      await runCommand(ui.page, 'View: Close All Editors');
      await view.locator('li.nx-job').first().waitFor({ state: 'detached' }).catch(() => undefined);
    }
    for (let run = 0; run < RUNS; run++) {
      await offerNotification(ui.page, BIG_ID);
      const start = Date.now();
      await ui.page.keyboard.press('Enter');
      const view = activeWebview(ui.page);
      await view.locator('li.nx-job').first().waitFor({ timeout: 60_000 });
      const first = Date.now() - start;
      await view.locator('li.nx-job').nth(999).waitFor({ state: 'attached', timeout: 60_000 });
      const all = Date.now() - start;
      const marks = await view.locator('body').evaluate(() => {
        const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
        return { script: at('nx-script-start'), render: at('nx-first-render'), painted: at('nx-rows-painted') };
      });
      empty.push(await emptyPanel());
      if (run > 0) {
        firstRows.push(first);
        allRows.push(all);
        if (marks.render !== undefined && marks.script !== undefined) inWebview.push(marks.render - marks.script);
      }
      await runCommand(ui.page, 'View: Close All Editors');
      await view.locator('li.nx-job').first().waitFor({ state: 'detached' }).catch(() => undefined);
    }
  } finally {
    await ui.close();
    await sandbox.close();
  }
  const r = (v) => Math.round(v);
  const floor = median(empty);
  return {
    'choose → an empty webview panel\'s row (the floor)': { ms: r(floor) },
    '1,000 x 20 first rows / the empty panel': { ratio: Math.round((median(firstRows) / floor) * 100) / 100 },
    'choose → first timeline rows usable (6 jobs)': { ms: r(median(small)) },
    'choose → first timeline rows usable (1,000 x 20)': { ms: r(median(firstRows)) },
    'choose → all 1,000 rows in the DOM': { ms: r(median(allRows)) },
    'webview script start → first render': { ms: inWebview.length ? r(median(inWebview)) : -1 },
  };
}
