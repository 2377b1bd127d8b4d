/* global document, HTMLElement -- used inside the workbench page (page.evaluate) */
// Drives the real VS Code workbench (code-server + headless Chromium) as a person would, for the
// UI tests: open the Novu container, run palette commands, answer quick inputs, take screenshots.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { openWorkbench, startCodeServer, waitForWorkbench } from '../vscode/codeServer.mjs';
import { ensureVSCode } from '../vscode/setup.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const require = createRequire(import.meta.url);

/** The project's sandbox (built by esbuild into dist/), for tests that need their own service. */
export function startSandbox(options = {}) {
  const { startSandbox: start } = require(join(ROOT, 'dist', 'sandboxServer.js'));
  return start(options);
}

export const THEMES = { dark: 'Default Dark Modern', light: 'Default Light Modern', hc: 'Default High Contrast' };
const THEME_CLASSES = { dark: 'vs-dark', light: 'vs', hc: 'hc-black' };

/**
 * Starts code-server with the extension under development and opens the workbench.
 * @param {{ theme?: 'dark' | 'light' | 'hc', env?: Record<string, string>, settings?: Record<string, unknown> }} [options]
 */
/** `extraExtensions`: more extension folders, installed beside ours (the bench's empty panel). */
/** `folder`: a folder to open as the workspace (the demo app). */
export async function launch({ theme = 'dark', env = {}, settings = {}, extraExtensions = [], folder } = {}) {
  await ensureVSCode();
  const server = await startCodeServer({ env, settings: { 'workbench.colorTheme': THEMES[theme], ...settings }, extensions: extraExtensions });
  let workbench;
  try {
    workbench = await openWorkbench({ server, extensionDevelopmentPath: ROOT, colorScheme: theme === 'light' ? 'light' : 'dark', ...(folder ? { folder } : {}) });
    await waitForWorkbench(workbench.page);
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
    async close() {
      await workbench.close();
      await server.close();
    },
  };
}

/** Opens a file of the workspace with Quick Open, as a person would. */
export async function openFile(page, name) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).waitFor();
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
  await row.waitFor();
  await row.click();
}

/** Switches the color theme through "Preferences: Color Theme", as a person would. */
export async function setTheme(page, theme) {
  const applied = page.locator(`.monaco-workbench.${THEME_CLASSES[theme]}`);
  // The theme list filters as it is typed: Enter before it has filtered picks another theme, so
  // wait for the theme's own row to be the active one, and try again if it still did not apply.
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, 'Preferences: Color Theme');
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible' });
    await input.fill(THEMES[theme]);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: THEMES[theme] }).waitFor({ timeout: 10_000 }).catch(() => undefined);
    await page.keyboard.press('Enter');
    try {
      await applied.waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
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
  const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: label }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
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
  for (const title of ['Subscribers', 'Integrations', 'Activity', 'Workflows']) await setViewExpanded(page, title, title === only);
  return page.locator('.pane-header', { hasText: only }).first();
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Toasts ("Connected to …") would cover what the picture is for.
  await runCommand(page, 'Notifications: Clear All Notifications');
  await page.locator('.notification-toast').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  await page.mouse.move(1, 1);
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
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
 * Runs axe-core (through @axe-core/playwright) inside the webview panels' documents, with every
 * rule on (the experimental label-content-name-mismatch too), and prints the counts by impact.
 * A violation on the iframe element itself (VS Code's own `frame-title`) is the workbench's, not
 * the panel's: it is printed apart and not counted. Returns the panel's violations, one per node.
 */
export async function axeWebview(page, state) {
  // A row under the pointer is a passing state: measure what stays on screen.
  await page.mouse.move(1, 1);
  // Each panel on its own: a webview is its own document to a screen reader, and two panels side
  // by side (a notification and its new run) are not one page with its landmarks twice.
  const frames = page.locator('iframe.webview.ready');
  // No panel is no pass: a check that ran on nothing would say 0 of everything.
  if ((await frames.count()) === 0) throw new Error(`axe ${state}: no webview panel is open to check`);
  const ours = [];
  const workbench = new Set();
  const passed = new Set();
  for (let i = 0; i < (await frames.count()); i++) {
    await frames.nth(i).evaluate((el) => el.setAttribute('data-nx-axe', ''));
    try {
      const results = await new AxeBuilder({ page })
        .include('iframe.webview.ready[data-nx-axe]')
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze();
      for (const rule of results.passes) passed.add(rule.id);
      for (const violation of results.violations) {
        for (const node of violation.nodes) {
          if (node.target.length > 1) ours.push({ id: violation.id, impact: violation.impact, target: node.target.join(' > '), summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240) });
          else workbench.add(violation.id);
        }
      }
    } finally {
      await frames.nth(i).evaluate((el) => el.removeAttribute('data-nx-axe'));
    }
  }
  const count = (impact) => ours.filter((v) => v.impact === impact).length;
  console.log(
    `axe ${state}: ${count('critical')} critical, ${count('serious')} serious, ${count('moderate')} moderate, ${count('minor')} minor; ` +
      `${passed.size} rules passed` +
      (workbench.size > 0 ? ` (on VS Code's own webview frame, not counted: ${[...workbench].join(', ')})` : ''),
  );
  for (const v of ours) console.log(`  ${v.impact} ${v.id} at ${v.target}: ${v.summary}`);
  return ours;
}

/** Fails with the list when axe found anything in a panel, of any impact (the panels are at zero). */
export function assertNoViolations(violations, state) {
  if (violations.length > 0) throw new Error(`${state}: ${violations.length} accessibility violations:\n${violations.map((v) => `${v.impact} ${v.id} at ${v.target}`).join('\n')}`);
}

