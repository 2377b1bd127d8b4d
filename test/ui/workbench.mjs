/* global document, HTMLElement, getComputedStyle -- used inside the workbench page (page.evaluate) */
// Drives the real VS Code workbench (code-server + headless Chromium) as a person would, for the
// UI tests: open the Novu container, run palette commands, answer quick inputs, take screenshots.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openWorkbench, startCodeServer, waitForWorkbench } from '../vscode/codeServer.mjs';
import { ensureVSCode } from '../vscode/setup.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const require = createRequire(import.meta.url);

let axeScript;
/** axe-core's own script, the one @axe-core/playwright injects, read once. */
function axeSource() {
  axeScript ??= readFileSync(createRequire(require.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');
  return axeScript;
}

/** The project's sandbox (built by esbuild into dist/), for tests that need their own service. */
export function startSandbox(options = {}) {
  const { startSandbox: start } = require(join(ROOT, 'dist', 'sandboxServer.js'));
  return start(options);
}

export const THEMES = { dark: 'Default Dark Modern', light: 'Default Light Modern', hc: 'Default High Contrast' };
const THEME_CLASSES = { dark: 'vs-dark', light: 'vs', hc: 'hc-black' };
/** How the color theme pick names them (VS Code 1.100 and 1.139 alike). */
const THEME_LABELS = { dark: 'Dark Modern', light: 'Light Modern', hc: 'Dark High Contrast' };
/** The class VS Code gives a webview's body in each theme. */
const WEBVIEW_THEME_CLASSES = { dark: 'vscode-dark', light: 'vscode-light', hc: 'vscode-high-contrast' };

/**
 * Starts code-server with the extension under development and opens the workbench.
 * @param {{ theme?: 'dark' | 'light' | 'hc', env?: Record<string, string>, settings?: Record<string, unknown> }} [options]
 */
/** `extraExtensions`: more extension folders, installed beside ours (the bench's empty panel). */
/** `folder`: a folder to open as the workspace (the demo app). */
export async function launch({ theme = 'dark', env = {}, settings = {}, extraExtensions = [], folder, openFile } = {}) {
  await ensureVSCode();
  const server = await startCodeServer({ env, settings: { 'workbench.colorTheme': THEMES[theme], ...settings }, extensions: extraExtensions });
  let workbench;
  let consoleLines;
  try {
    workbench = await openWorkbench({ server, extensionDevelopmentPath: ROOT, colorScheme: theme === 'light' ? 'light' : 'dark', ...(folder ? { folder } : {}), ...(openFile ? { openFile } : {}) });
    consoleLines = watchConsole(workbench.page);
    await waitForWorkbench(workbench.page);
    // A file the window opens with takes the focus once its editor has loaded (a few seconds in),
    // closing any pick open by then: the theme is chosen after it.
    if (openFile) await workbench.page.locator('.monaco-editor.focused').first().waitFor({ timeout: 60_000 });
    // The web workbench starts in its built-in theme whatever settings.json says: choose it as a person would.
    await setTheme(workbench.page, theme);
  } catch (error) {
    await workbench?.close();
    await server.close();
    throw error;
  }
  const { page } = workbench;
  return {
    page,
    /** The workbench's and its frames' console lines so far (the last 300), for a failure's report. */
    consoleLines,
    /** code-server's own output (its last 20,000 characters). */
    serverOutput: () => server.output(),
    async close() {
      await workbench.close();
      await server.close();
    },
  };
}

/**
 * Keeps the last `max` console lines and page errors of the workbench and of every frame in it
 * (the webviews' outer and inner documents), each with the frame it came from: what a failure's
 * report needs to say why a panel stayed blank (a service worker that did not answer, a script error).
 */
function watchConsole(page, max = 300) {
  const lines = [];
  const started = Date.now();
  const push = (line) => {
    lines.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    if (lines.length > max) lines.shift();
  };
  // The context's console: the page's frames and its workers (the webviews' service worker too).
  page.context().on('console', (message) => {
    let where = '';
    try {
      const worker = message.worker();
      where = worker ? `worker ${frameName(worker.url())}` : frameName(message.location()?.url);
    } catch {
      /* no location */
    }
    push(`[${message.type()}] ${where ? `${where}: ` : ''}${message.text().slice(0, 500)}`);
  });
  page.on('pageerror', (error) => push(`[pageerror] ${String(error?.stack ?? error).slice(0, 500)}`));
  // Requests under way (the workbench's, its frames' and its service workers'): a report lists those
  // that never ended, and the webviews' service worker scripts are logged as they come and go.
  const inFlight = new Map();
  const isWorkerScript = (url) => /\/service-?worker\.js/i.test(url);
  page.context().on('request', (request) => {
    inFlight.set(request, Date.now());
    if (isWorkerScript(request.url())) push(`[request] ${frameName(request.url())}${request.serviceWorker() ? ' (by a service worker)' : ''}`);
  });
  const ended = (how) => (request) => {
    inFlight.delete(request);
    if (isWorkerScript(request.url())) push(`[request ${how}] ${frameName(request.url())}${how === 'failed' ? `: ${request.failure()?.errorText}` : ''}`);
  };
  page.context().on('requestfinished', ended('finished'));
  page.context().on('requestfailed', ended('failed'));
  // The service workers' lifecycle as Chromium sees it (a webview's document waits for its worker
  // to control it before it draws anything): each version's status and running state as they change.
  void page
    .context()
    .newCDPSession(page)
    .then(async (cdp) => {
      const seen = new Map();
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        for (const v of versions) {
          const said = `${v.status}/${v.runningStatus}${v.controlledClients?.length ? ` controls ${v.controlledClients.length}` : ''}`;
          if (seen.get(v.versionId) === said) continue;
          seen.set(v.versionId, said);
          push(`[service worker ${v.versionId}] ${frameName(v.scriptURL)}: ${said}`);
        }
      });
      cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage: e }) => push(`[service worker error] ${e.errorMessage} (${frameName(e.sourceURL)}:${e.lineNumber})`));
      await cdp.send('ServiceWorker.enable');
    })
    .catch((error) => push(`(no service worker events: ${error.message})`));
  page.on('frameattached', (frame) => push(`[frame attached] ${frameName(frame.url()) || '(no URL yet)'}`));
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) push(`[frame navigated] ${frameName(frame.url())}`);
  });
  page.on('framedetached', (frame) => push(`[frame detached] ${frameName(frame.url())}`));
  const lines_ = () => [...lines];
  /** Requests started more than `olderThanMs` ago that have not ended. */
  lines_.pending = (olderThanMs = 1000) =>
    [...inFlight]
      .filter(([, at]) => Date.now() - at > olderThanMs)
      .map(([request, at]) => `${request.method()} ${request.url().slice(0, 200)} (for ${Math.round((Date.now() - at) / 1000)} s${request.serviceWorker() ? ', by a service worker' : ''})`);
  return lines_;
}

/** A frame's URL, short: a webview's document by its id and purpose, else the URL without its query. */
export function frameName(url) {
  if (!url) return '';
  try {
    const u = new URL(url);
    const id = u.searchParams.get('id');
    const file = u.pathname.split('/').pop();
    if (id) return `${file}#${id.slice(0, 8)}${u.searchParams.get('purpose') ? ` (${u.searchParams.get('purpose')})` : ''}`;
    if (u.searchParams.get('vscodeWebWorkerExtHostId')) return `${file} (web worker extension host)`;
    return `${u.origin}${u.pathname}`;
  } catch {
    return url.slice(0, 120);
  }
}

/**
 * What the workbench shows, for a failure's report: the editor tabs (the active one marked), the
 * webview elements VS Code has (ready or not, shown or hidden), and every frame with its parent,
 * its full URL and the start of its text.
 */
export async function describeWorkbench(page) {
  const out = [];
  const tabs = await page
    .locator('.tabs-container .tab')
    .evaluateAll((els) => els.map((el) => `${el.classList.contains('active') ? '*' : ' '} ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`))
    .catch((error) => [`(could not read the tabs: ${error.message})`]);
  out.push(`tabs (* active):\n  ${tabs.join('\n  ') || '(none)'}`);
  const webviews = await page
    .locator('iframe.webview')
    .evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        const holder = el.parentElement;
        const hidden = holder && globalThis.getComputedStyle(holder).visibility === 'hidden';
        return `class="${el.className}" ${hidden ? 'hidden' : 'shown'} ${Math.round(box.width)}x${Math.round(box.height)} src=${el.getAttribute('src')}`;
      }),
    )
    .catch((error) => [`(could not read the webview elements: ${error.message})`]);
  out.push(`webview elements:\n  ${webviews.join('\n  ') || '(none)'}`);
  const toasts = await page
    .locator('.notification-toast, .notifications-center .notification-list-item')
    .evaluateAll((els) => els.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200)))
    .catch(() => []);
  out.push(`notifications:\n  ${[...new Set(toasts)].join('\n  ') || '(none)'}`);
  const frames = page.frames();
  const lines = await Promise.all(
    frames.map(async (f, i) => {
      const parent = f.parentFrame() ? frames.indexOf(f.parentFrame()) : -1;
      const text = await f
        .evaluate(() => {
          const body = globalThis.document.body;
          if (!body) return '(no body)';
          const shown = body.checkVisibility?.() ?? true;
          return `${shown ? '' : '(not rendered) '}${(body.innerText ?? '').replace(/\s+/g, ' ').slice(0, 160)}`;
        })
        .catch((error) => `(could not read: ${error.message.split('\n')[0]})`);
      return `#${i}${parent >= 0 ? ` in #${parent}` : ''} ${frameName(f.url())}${f.name() ? ` name=${f.name()}` : ''}\n      url: ${f.url()}\n      text: ${text}`;
    }),
  );
  out.push(`frames:\n  ${lines.join('\n  ')}`);
  // What a webview's own document knows of its service worker: its controller, and the registrations.
  const workers = await Promise.all(
    frames
      .filter((f) => /\/webview\/browser\/pre\/index(-no-csp)?\.html/.test(f.url()))
      .map(async (f) => {
        const said = await f
          .evaluate(async () => {
            const sw = globalThis.navigator.serviceWorker;
            const id = (url) => (url ? (new URL(url).searchParams.get('id') ?? url).slice(0, 8) : 'none');
            const regs = await Promise.race([sw.getRegistrations(), new Promise((r) => setTimeout(() => r(undefined), 2000))]);
            return (
              `controller ${id(sw.controller?.scriptURL)} (${sw.controller?.state ?? '-'}); registrations: ` +
              (regs ?? [])
                .map((r) => `${new URL(r.scope).pathname.split('/').slice(-2).join('/')} installing ${id(r.installing?.scriptURL)} waiting ${id(r.waiting?.scriptURL)} active ${id(r.active?.scriptURL)}`)
                .join('; ') +
              (regs ? '' : '(getRegistrations did not answer in 2 s)')
            );
          })
          .catch((error) => `(could not ask: ${error.message.split('\n')[0]})`);
        return `${frameName(f.url())}: ${said}`;
      }),
  );
  out.push(`webview service workers:\n  ${workers.join('\n  ') || '(no webview document)'}`);
  return out.join('\n');
}

/**
 * A failure's report: what the workbench shows (describeWorkbench), the console's last lines and a
 * screenshot's path. `ui` is what launch() returned.
 */
export async function failureReport(ui, name) {
  const parts = [];
  try {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const path = join(SCREENSHOTS, `${name}.png`);
    await ui.page.screenshot({ path });
    parts.push(`screenshot: ${path}`);
  } catch (error) {
    parts.push(`(no screenshot: ${error.message})`);
  }
  parts.push(await describeWorkbench(ui.page));
  parts.push(`requests not ended after 1 s:\n  ${(ui.consoleLines?.pending?.() ?? []).join('\n  ') || '(none)'}`);
  parts.push(`console (last lines):\n  ${(ui.consoleLines?.() ?? []).slice(-80).join('\n  ') || '(none)'}`);
  return parts.join('\n');
}

/**
 * Waits for `locator` as locator.waitFor does; when it does not come, the error says what the
 * workbench showed instead (failureReport, with a screenshot named `name`).
 */
export async function waitOrReport(ui, locator, name, options = {}) {
  try {
    await locator.waitFor(options);
  } catch (error) {
    throw new Error(`${error.message.split('\n')[0]}\n${await failureReport(ui, name)}`, { cause: error });
  }
}

/**
 * VS Code 1.100.3's web workbench registers a service worker of its own for every webview, all in
 * one scope; in this headless Chromium a registration was seen, now and then, never to start (no
 * worker fetched, installed or waiting), the new webview's frame left controlled by another
 * webview's worker and never given its document, for the rest of the browser's life. Thrown by
 * `waitForWebview` when that is what it finds, so that a test can tell this apart from its own
 * failures (VS Code 1.139 shares one worker among all webviews).
 */
export class WebviewHostStall extends Error {}

/** The webview frames whose document never came because their registration never started (see WebviewHostStall). */
export async function stalledWebviews(page) {
  const stalled = [];
  for (const frame of page.frames()) {
    const id = /\/webview\/browser\/pre\/index\.html\?id=([0-9a-f-]+)/.exec(frame.url())?.[1];
    if (!id) continue;
    const seen = await frame
      .evaluate(async () => {
        const sw = globalThis.navigator.serviceWorker;
        const registration = await sw.getRegistration();
        return { controller: sw.controller?.scriptURL ?? '', starting: !!(registration?.installing || registration?.waiting), content: !!globalThis.document.querySelector('iframe#active-frame') };
      })
      .catch(() => undefined);
    if (seen && !seen.content && !seen.starting && seen.controller !== '' && !seen.controller.includes(`id=${id}`)) stalled.push(id);
  }
  return stalled;
}

/**
 * Waits for `locator` in a webview that has just been opened; when it does not come, says why:
 * WebviewHostStall when the webview's registration never started, else the workbench's report.
 */
export async function waitForWebview(ui, locator, name, options = {}) {
  try {
    await locator.waitFor(options);
  } catch (error) {
    const stalled = await stalledWebviews(ui.page);
    const report = await failureReport(ui, name);
    const first = error.message.split('\n')[0];
    if (stalled.length > 0) throw new WebviewHostStall(`the webview ${stalled.join(', ')} never got its service worker (VS Code 1.100.3's web host): ${first}\n${report}`, { cause: error });
    throw new Error(`${first}\n${report}`, { cause: error });
  }
}

/** Opens a file of the workspace with Quick Open, as a person would. */
export async function openFile(page, name) {
  const input = page.locator('.quick-input-widget input.input');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    await input.waitFor({ state: 'visible' });
    await input.fill(name);
    try {
      await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: attempt === 1 ? 10_000 : 30_000 });
      break;
    } catch (error) {
      // A file written a moment before was once not listed in 30 s (the file search of that
      // Quick Open had run without it): close it and search afresh, once.
      if (attempt >= 2) throw error;
    }
  }
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).waitFor();
}

/**
 * Puts the active editor's cursor at the start of `line` with Go to Line (Ctrl+G), and waits for the
 * status bar to say so. Typed before the Go to Line box opened, the number would go into the file
 * (and a key pressed next, F9, into the box): seen on CI.
 */
export async function goToLine(page, line) {
  const input = page.locator('.quick-input-widget input.input');
  await page.keyboard.press('Control+G');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
  await page.locator('.statusbar-item', { hasText: new RegExp(`Ln ${line}, Col`) }).first().waitFor({ timeout: 10_000 });
}

/** Clicks the Novu icon in the activity bar and waits for both views' headers. */
export async function openNovu(page) {
  await page.getByRole('tab', { name: /^Novu/ }).first().click();
  await page.locator('.pane-header', { hasText: 'Subscribers' }).first().waitFor({ timeout: 30_000 });
  await page.locator('.pane-header', { hasText: 'Integrations' }).first().waitFor({ timeout: 30_000 });
}

/** Runs a command from the palette by its title, as typed after F1. */
export async function runCommand(page, title) {
  const input = page.locator('.quick-input-widget input.input');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    try {
      await input.waitFor({ state: 'visible', timeout: attempt < 3 ? 3000 : 30_000 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      // F1 went to a frame that keeps the focus and swallows it (a webview closing, as on a CI
      // run): give the focus back to the workbench, then press it again.
      await page.evaluate(() => {
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      });
    }
  }
  try {
    await input.fill(`>${title}`, { timeout: 5000 });
  } catch {
    // The palette closed as it opened (a view or panel took the focus as a connection came in, seen
    // on a CI-like run): open it again, once, with the usual patience.
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill(`>${title}`);
  }
  const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: exact }) }).first();
  try {
    await row.waitFor({ timeout: 10_000 });
  } catch {
    // The command was never listed (seen once on VS Code 1.139 in CI, the palette open on the text
    // typed): open the palette afresh and type it again, once, with the usual patience.
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill(`>${title}`);
    await row.waitFor({ timeout: 30_000 });
  }
  await row.click();
}

/** Switches the color theme through "Preferences: Color Theme", as a person would. */
export async function setTheme(page, theme) {
  const applied = page.locator(`.monaco-workbench.${THEME_CLASSES[theme]}`);
  // The pick shows each theme by its label, not the id that settings.json takes.
  const label = new RegExp(`^\\s*${THEME_LABELS[theme]}\\s*$`);
  // The theme list filters as it is typed: the theme's own row is clicked once it is shown, and
  // the pick asked again if the theme still did not apply.
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, 'Preferences: Color Theme');
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible' });
    await input.fill(THEME_LABELS[theme]);
    // The theme's own row, clicked (the focused row may be another that the filter kept, as
    // "… High Contrast Light"); never Enter, which, the pick not open yet or closed, would reach the
    // editor behind it and type a line into the user's file.
    const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
    const shown = await row.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
    if (!shown) {
      if (attempt >= 3) throw new Error(`the color theme pick did not offer ${THEMES[theme]}`);
      await page.keyboard.press('Escape');
      continue;
    }
    await row.click();
    try {
      await applied.waitFor({ timeout: 10_000 });
      await themeColorsDrawn(page, theme);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Waits (at most 5 s, then goes on) until the workbench's own colours are the theme's: its class
 * can change a moment before its colours do, and a picture taken between showed dark side bars
 * around a light panel. Read from the activity bar's background, light in the light theme.
 */
async function themeColorsDrawn(page, theme) {
  await page
    .waitForFunction(
      (light) => {
        const bar = document.querySelector('.monaco-workbench .part.activitybar');
        const rgb = bar ? getComputedStyle(bar).backgroundColor.match(/\d+(\.\d+)?/g)?.map(Number) : undefined;
        if (!rgb || rgb.length < 3) return true;
        const luminance = (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255;
        return light ? luminance > 0.5 : luminance < 0.5;
      },
      theme === 'light',
      { timeout: 5_000 },
    )
    .catch(() => {});
}

/** Waits for the quick input to ask `prompt` (title or prompt text), then types `text` and presses Enter. */
export async function answerInput(page, text, { expect } = {}) {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  if (expect) await page.locator('.quick-input-widget', { hasText: expect }).waitFor();
  await input.fill(text);
  await page.keyboard.press('Enter');
}

/** Picks the quick pick row whose label contains `label`. */
export async function pickItem(page, label) {
  const widget = page.locator('.quick-input-widget');
  const row = widget.locator('.quick-input-list .monaco-list-row', { hasText: label }).first();
  await row.waitFor({ state: 'visible' });
  const title = await page.evaluate(() => document.querySelector('.quick-input-widget .quick-input-title')?.textContent ?? '');
  await row.click();
  // Until the pick is gone or the next one (another title) is up: a two-step pick's next call
  // otherwise finds its label in this list still on screen (a step's name is in its workflow's
  // detail line) and clicks here again, and the second pick waits for ever: the likely cause of a CI
  // run's Preview failure (its step pick never answered). Sampled here: the workflow list was still
  // on screen 12 ms after its click in one of five tries.
  await page
    .waitForFunction((before) => {
      const w = document.querySelector('.quick-input-widget');
      if (!w || getComputedStyle(w).display === 'none') return true;
      return (w.querySelector('.quick-input-title')?.textContent ?? '') !== before;
    }, title, { timeout: 10_000 })
    .catch(() => console.warn(`pickItem(${JSON.stringify(label)}): the pick "${title}" still showed 10 s after the click`));
}

/** The tree rows of a view, by its title. */
export function treeRows(page, viewTitle) {
  return page.locator('.pane', { has: page.locator('.pane-header', { hasText: viewTitle }) }).locator('.monaco-list-row');
}

/**
 * Folds or unfolds the view titled `title` (by its title: the middle of a header can be one of
 * its actions), and waits until the views have their new heights. VS Code animates the change
 * for 150 ms: a row found meanwhile is where the animation had it, and a click on it can land on
 * another row once the list settles (a CI run's "Load more" click did).
 */
export async function setViewExpanded(page, title, expanded) {
  const header = page.locator('.pane-header', { hasText: title }).first();
  await header.waitFor();
  if (((await header.getAttribute('aria-expanded')) === 'true') !== expanded) await header.locator('.title').click();
  await page.locator(`.pane-header[aria-expanded="${expanded}"]`, { hasText: title }).first().waitFor();
  await viewsSettled(page);
  return header;
}

/** Waits until no view is changing its height (VS Code's fold and unfold animation). */
export async function viewsSettled(page) {
  await page.locator('.monaco-pane-view.animated').first().waitFor({ state: 'detached', timeout: 5000 });
}

/** Expands the view titled `only` and collapses the other Novu views, so that it has the room. Returns its header. */
export async function showOnlyView(page, only) {
  for (const title of ['Subscribers', 'Integrations', 'Activity', 'Workflows', 'Topics', 'Contexts']) {
    // Topics and Contexts start collapsed: only what is asked for is opened.
    if (title === only || !['Topics', 'Contexts'].includes(title)) await setViewExpanded(page, title, title === only);
  }
  return page.locator('.pane-header', { hasText: only }).first();
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Toasts ("Connected to …") would cover what the picture is for (the palette only when one shows:
  // it was a second's work at each of 150 pictures).
  if ((await page.locator('.notification-toast').count()) > 0) {
    await runCommand(page, 'Notifications: Clear All Notifications');
    await page.locator('.notification-toast').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  }
  await page.mouse.move(1, 1);
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * What is on screen, in each of `themes`: a walk that checks behaviour runs once, and at each state
 * worth a picture this shoots `${name}-${theme}.png` in the theme shown, then switches to the other
 * themes through the palette, as a person would, and shoots each (running axe on the panels when
 * `axe` names the state). A theme needs its picture and its axe, not the whole walk again (issue 45,
 * D2: the walks repeated per theme were 1,200 of the UI tests' 1,470 s). The walk goes on in the
 * last theme shot: no test reads the theme, and switching back was a hundred switches a run.
 * `options.raw`: a plain page screenshot, for a state that a cleared notification would end.
 * @param {{ axe?: string, themes?: ('dark' | 'light' | 'hc')[], raw?: boolean }} [options]
 */
export async function shootThemes(page, name, { axe, themes = ['dark', 'light'], raw = false } = {}) {
  const current = await currentTheme(page);
  const order = [current, ...themes.filter((t) => t !== current)].filter((t) => themes.includes(t));
  for (const theme of order) {
    if (theme !== (await currentTheme(page))) await setTheme(page, theme);
    await webviewsThemed(page, theme);
    if (axe) assertNoViolations(await axeWebview(page, `${axe} (${theme})`), axe);
    if (raw) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.mouse.move(1, 1);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${theme}.png`) });
    } else {
      await screenshot(page, `${name}-${theme}`);
    }
  }
}

/** The workbench's theme now: 'dark', 'light' or 'hc'. */
async function currentTheme(page) {
  const classes = ` ${(await page.locator('.monaco-workbench').first().getAttribute('class')) ?? ''} `;
  return Object.keys(THEME_CLASSES).find((t) => classes.includes(` ${THEME_CLASSES[t]} `)) ?? 'dark';
}

/** Waits until every shown webview panel has been told the theme (its body's class), so that a picture is of the new colours. */
async function webviewsThemed(page, theme) {
  const frames = page.locator('iframe.webview.ready');
  const count = await frames.count();
  for (let i = 0; i < count; i++) {
    if (!(await frames.nth(i).isVisible())) continue;
    await page.frameLocator('iframe.webview.ready').nth(i).frameLocator('iframe#active-frame').locator(`body.${WEBVIEW_THEME_CLASSES[theme]}`).waitFor({ timeout: 10_000 });
  }
}

/** Adds a connection to `sandbox` through the real Add Connection quick inputs. */
export async function addConnection(page, sandbox, name) {
  await runCommand(page, 'Novu: Add Connection…');
  await pickItem(page, 'Self-hosted…');
  await answerInput(page, sandbox.url, { expect: 'Base URL' });
  await answerInput(page, sandbox.apiKey, { expect: 'API key' });
  await answerInput(page, name, { expect: 'Name the connection' });
  await page.locator('.statusbar-item', { hasText: `Novu: ${name}` }).waitFor({ timeout: 15_000 });
}

/** Waits for the first code lens of `scope` (the page, or one editor) that reads `text`, and clicks it. */
export async function clickLens(scope, text, timeout = 30_000) {
  const lens = scope.locator('.codelens-decoration a', { hasText: text }).first();
  await lens.waitFor({ timeout });
  await lens.click();
}

/** Opens the Novu view and waits for its welcome (no connection yet) and its Try the Sandbox button; returns the welcome's text. */
export async function welcomeText(page) {
  await openNovu(page);
  const welcome = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Subscribers' }) }).locator('.welcome-view-content');
  await welcome.waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Try the Sandbox' }).first().waitFor();
  return welcome.innerText();
}

/** Open Notification… from the palette with `id` typed, once the pick offers to open it (Enter opens it). */
export async function offerNotification(page, id) {
  await runCommand(page, 'Novu: Open Notification…');
  await page.locator('.quick-input-widget input.input').fill(id);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Open notification' }).first().waitFor();
}

/** Opens the notification `id` (or transaction) from the palette, as a person would. */
export async function openNotificationById(page, id) {
  await offerNotification(page, id);
  await page.keyboard.press('Enter');
}

/**
 * Closes each of `started` in order (a workbench before the servers it talks to), skipping what
 * never started; the demo's bridge app, which has no close, is stopped.
 */
export async function closeAll(...started) {
  for (const thing of started) await (thing?.close ?? thing?.stop)?.call(thing);
}

/** A workbench as a user has it after connecting: launched with `options`, the Novu view open, `sandbox` added as `name`. */
export async function launchConnected(sandbox, name, options) {
  const ui = await launch(options);
  await openNovu(ui.page);
  await addConnection(ui.page, sandbox, name);
  return ui;
}

/** Searches the Subscribers view for `id:<subscriberId>` from its title and returns the row, once shown. */
export async function findSubscriberRow(page, subscriberId) {
  const header = page.locator('.pane-header', { hasText: 'Subscribers' });
  await header.hover();
  await header.getByRole('button', { name: 'Search Subscribers…' }).click();
  await page.locator('.quick-input-widget input.input').fill(`id:${subscriberId}`);
  await page.keyboard.press('Enter');
  const row = treeRows(page, 'Subscribers').filter({ hasText: subscriberId }).first();
  await row.waitFor({ timeout: 15_000 });
  return row;
}

/** The document of the active webview panel (VS Code nests it in two iframes). */
export function activeWebview(page) {
  return page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame');
}

/**
 * Runs axe-core (the script @axe-core/playwright injects) inside each webview panel's own document,
 * with every rule on (the experimental label-content-name-mismatch too), and prints the counts by
 * impact. VS Code's frames around the panel are the workbench's, not checked. Returns the panels'
 * violations, one per node.
 */
export async function axeWebview(page, state) {
  // A row under the pointer is a passing state: measure what stays on screen.
  await page.mouse.move(1, 1);
  // Each panel on its own: a webview is its own document to a screen reader, and two panels side
  // by side (a notification and its new run) are not one page with its landmarks twice. axe runs
  // in each panel's own document (the inner frame VS Code gives the extension's HTML), not over
  // the whole workbench: its DOM is thousands of nodes that are VS Code's, not ours, and axe
  // spent most of its two seconds a state there.
  const frames = page.locator('iframe.webview.ready');
  // No panel is no pass: a check that ran on nothing would say 0 of everything.
  if ((await frames.count()) === 0) throw new Error(`axe ${state}: no webview panel is open to check`);
  const ours = [];
  const passed = new Set();
  for (const element of await frames.elementHandles()) {
    const outer = await element.contentFrame();
    const inner = await (await outer?.$('iframe#active-frame'))?.contentFrame();
    if (!inner) throw new Error(`axe ${state}: a webview panel has no document to check`);
    if (!(await inner.evaluate(() => 'axe' in globalThis))) await inner.evaluate(axeSource());
    const results = await inner.evaluate(
      (options) => globalThis.axe.run(globalThis.document, options),
      { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } },
    );
    for (const rule of results.passes) passed.add(rule.id);
    for (const violation of results.violations) {
      for (const node of violation.nodes) ours.push({ id: violation.id, impact: violation.impact, target: node.target.join(' > '), summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240) });
    }
  }
  const count = (impact) => ours.filter((v) => v.impact === impact).length;
  console.log(
    `axe ${state}: ${count('critical')} critical, ${count('serious')} serious, ${count('moderate')} moderate, ${count('minor')} minor; ` +
      `${passed.size} rules passed`,
  );
  for (const v of ours) console.log(`  ${v.impact} ${v.id} at ${v.target}: ${v.summary}`);
  return ours;
}

/** Fails with the list when axe found anything in a panel, of any impact (the panels are at zero). */
export function assertNoViolations(violations, state) {
  if (violations.length > 0) throw new Error(`${state}: ${violations.length} accessibility violations:\n${violations.map((v) => `${v.impact} ${v.id} at ${v.target}`).join('\n')}`);
}


