// Starts a real VS Code (code-server 4.100.3 = VS Code 1.100.3, or with host 'latest' code-server
// 4.139.1 = VS Code 1.139.1 on Node 24) on 127.0.0.1 and opens its web workbench in Debian's
// Chromium through playwright-core. Used by runTests.mjs, demo.mjs and any Playwright-style UI test.
// Run `node test/vscode/setup.mjs [--latest]` (or ensureVSCode({ host })) first.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHROMIUM_PATH, vscodePaths } from './setup.mjs';

/** Settings every test instance starts with; the caller's `settings` are merged over them. */
export const DEFAULT_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'update.mode': 'none',
  'update.showReleaseNotes': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.commandCenter.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
};

/**
 * Added for the newest VS Code (host 'latest'), whose first start opens a Chat view in the
 * secondary side bar (the right). Only what closes it: AI features are not turned off, so the
 * language model API (vscode.lm, which the agent tools use) stays as people have it.
 */
export const LATEST_SETTINGS = {
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.welcomePage.experimentalOnboarding': false,
};

/** What of the project goes into the extensions folder: the .vsix's allow-list (.vscodeignore). */
export const EXTENSION_FILES = ['package.json', 'package.nls.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist', 'media', 'l10n'];

/**
 * Installs extension folders into `extensionsDir` as `<publisher>.<name>-<version>` (a copy of
 * `files` when given, else of the whole folder) and lists them in the folder's `extensions.json`,
 * in the format VS Code 1.139 writes itself for `--install-extension <vsix>`. The workbench finds
 * them when it starts, as installed (production) extensions.
 * @param {string} extensionsDir
 * @param {(string | { folder: string, files?: string[] })[]} extensions
 */
export function installExtensionFolders(extensionsDir, extensions) {
  const manifestFile = join(extensionsDir, 'extensions.json');
  let listed = [];
  try {
    listed = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    /* none yet */
  }
  for (const entry of extensions) {
    const { folder, files } = typeof entry === 'string' ? { folder: entry } : entry;
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const id = `${manifest.publisher}.${manifest.name}`;
    const relativeLocation = `${id}-${manifest.version}`;
    const target = join(extensionsDir, relativeLocation);
    rmSync(target, { recursive: true, force: true });
    if (files) {
      mkdirSync(target, { recursive: true });
      for (const f of files) if (existsSync(join(folder, f))) cpSync(join(folder, f), join(target, f), { recursive: true });
    } else {
      cpSync(folder, target, { recursive: true });
    }
    listed = listed.filter((e) => e.identifier?.id?.toLowerCase() !== id.toLowerCase());
    listed.push({
      identifier: { id },
      version: manifest.version,
      location: { $mid: 1, fsPath: target, external: `file://${target}`, path: target, scheme: 'file' },
      relativeLocation,
      metadata: { installedTimestamp: Date.now(), pinned: true, source: 'vsix' },
    });
  }
  writeFileSync(manifestFile, JSON.stringify(listed));
}

/** The flags the doc found to make Debian's Chromium behave headless in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** A port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/** The launcher's environment minus variables of a VS Code the launcher itself may run inside. */
function inheritedEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(VSCODE_|ELECTRON_)/.test(key)) delete env[key];
  }
  return env;
}

function isGroupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * Starts code-server in its own process group with its own data folders.
 *
 * @param {object} [options]
 * @param {Record<string,string>} [options.env] extra environment; it reaches the extension host.
 * @param {Record<string,unknown>} [options.settings] user settings merged over DEFAULT_SETTINGS.
 * @param {number} [options.port] default: a free port.
 * @param {string} [options.dataDir] keep state here (created if needed, not deleted by close());
 *   default: a fresh temp folder that close() removes.
 * @param {boolean} [options.verbose] copy code-server's output to stderr (also VSCODE_TEST_VERBOSE=1).
 * @param {number} [options.startTimeoutMs] how long to wait for /healthz (default 60 s).
 * @param {string[]} [options.extensions] extension folders to install (copied into the extensions folder).
 * @param {(string | { folder: string, files?: string[] })[]} [options.installed] extension folders
 *   installed as a person's installed extensions are, with an `extensions.json` entry (see
 *   installExtensionFolders); the way to run the project as an installed extension on 1.139.
 * @param {'floor'|'latest'} [options.host] which VS Code: 'floor' (1.100.3, default) or 'latest' (1.139.1).
 * @param {boolean} [options.extensionDevelopment] make the workbench honour extensionDevelopmentPath
 *   and extensionTestsPath in its URL payload. 1.100.3 always does; 1.139's built web workbench
 *   only when the server runs with `enable-smoke-test-driver` (passed through code-server's
 *   `--vscode-option`), which also keeps notification toasts from showing: so only for test runs.
 * @param {string[]} [options.vscodeOptions] more `--vscode-option` values (VS Code server flags).
 * @returns {Promise<{ url: string, port: number, dataDir: string, pid: number, host: string,
 *   exited: Promise<{ code: number|null, signal: string|null }>, output: () => string,
 *   close: () => Promise<void> }>}
 */
export async function startCodeServer({
  env = {},
  settings = {},
  port,
  dataDir,
  verbose = !!process.env.VSCODE_TEST_VERBOSE,
  startTimeoutMs = 60_000,
  extensions = [],
  installed = [],
  host = 'floor',
  extensionDevelopment = false,
  vscodeOptions = [],
} = {}) {
  const paths = vscodePaths(host);
  if (!existsSync(paths.entry) || !existsSync(paths.node)) {
    throw new Error(
      `code-server ${paths.codeServerVersion} is not installed (${paths.entry}); run: node test/vscode/setup.mjs${host === 'floor' ? '' : ` --${host}`}`,
    );
  }
  port ??= await freePort();
  const keepDataDir = !!dataDir;
  dataDir = dataDir ? resolve(dataDir) : mkdtempSync(join(tmpdir(), 'novu-vscode-'));
  const userDataDir = join(dataDir, 'user-data');
  const extensionsDir = join(dataDir, 'extensions');
  const tmp = join(dataDir, 'tmp');
  for (const d of [join(userDataDir, 'User'), extensionsDir, tmp, join(dataDir, 'xdg-data'), join(dataDir, 'xdg-config')]) {
    mkdirSync(d, { recursive: true });
  }
  // Extra extensions (folders with a package.json) are installed by copying them in, as
  // `<publisher>.<name>-<version>`: the workbench finds them when it scans the folder.
  for (const folder of extensions) {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    cpSync(folder, join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), { recursive: true });
  }
  if (installed.length > 0) installExtensionFolders(extensionsDir, installed);
  const settingsFile = join(userDataDir, 'User', 'settings.json');
  let previous = {};
  if (keepDataDir && existsSync(settingsFile)) {
    try {
      previous = JSON.parse(readFileSync(settingsFile, 'utf8'));
    } catch {
      /* keep going with defaults */
    }
  }
  const hostSettings = host === 'floor' ? {} : LATEST_SETTINGS;
  writeFileSync(settingsFile, JSON.stringify({ ...previous, ...DEFAULT_SETTINGS, ...hostSettings, ...settings }, null, 2));
  const configFile = join(dataDir, 'config.yaml');
  writeFileSync(configFile, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);

  const args = [
    paths.entry,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--config', configFile,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--ignore-last-opened',
  ];
  const passThrough = [...(extensionDevelopment && host !== 'floor' ? ['enable-smoke-test-driver'] : []), ...vscodeOptions];
  for (const option of passThrough) args.push('--vscode-option', option);
  // The floor runs on this Node (the one running the tests); 'latest' on the Node 24 setup installed.
  const child = spawn(paths.node, args, {
    cwd: dataDir,
    detached: true, // own process group: close() kills the server and everything it started
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inheritedEnv(),
      ...env,
      EXTENSIONS_GALLERY: '{}', // no marketplace look-ups
      XDG_DATA_HOME: join(dataDir, 'xdg-data'),
      XDG_CONFIG_HOME: join(dataDir, 'xdg-config'),
      TMPDIR: tmp,
    },
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (verbose) process.stderr.write(`[code-server] ${chunk}`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let running = true;
  const exited = new Promise((resolveExit) => {
    child.on('exit', (code, signal) => {
      running = false;
      resolveExit({ code, signal });
    });
    child.on('error', (err) => {
      output += `\n${err.stack}`;
      running = false;
      resolveExit({ code: null, signal: 'spawn-error' });
    });
  });

  let closed;
  const close = () =>
    (closed ??= (async () => {
      const pid = child.pid;
      if (pid && !keepDataDir && isGroupAlive(pid)) {
        // A profile that is thrown away has nothing to save: the whole group is killed at once and
        // only the server's own exit awaited (code-server takes about 2 s to end on SIGTERM, and its
        // killed children linger a second as zombies here; 20 times a UI run). A kept one is asked first.
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      } else if (pid && isGroupAlive(pid)) {
        try {
          process.kill(-pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
        for (let i = 0; i < 50 && isGroupAlive(pid); i++) await sleep(100);
        if (isGroupAlive(pid)) {
          try {
            process.kill(-pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
          for (let i = 0; i < 20 && isGroupAlive(pid); i++) await sleep(100);
        }
      }
      if (running) await Promise.race([exited, sleep(2000, undefined, { ref: false })]);
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    })());

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (!running) {
      await close();
      throw new Error(`code-server exited during start-up:\n${output.slice(-4000)}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`code-server did not answer ${url}/healthz within ${startTimeoutMs} ms:\n${output.slice(-4000)}`);
    }
    await sleep(100);
  }
  return { url, port, dataDir, pid: child.pid, host, exited, output: () => output, close };
}

/** `vscode-remote://` URI of a path on the code-server machine, as the workbench expects it. */
export function remoteUri(server, path) {
  return `vscode-remote://127.0.0.1:${server.port}${resolve(path)}`;
}

/**
 * The workbench URL: `http://127.0.0.1:PORT/?folder=<path>&payload=<json>`.
 * @param {{ port: number }} server the result of startCodeServer (only `port` is used)
 * @param {{ folder?: string, extensionDevelopmentPath?: string|string[], extensionTestsPath?: string,
 *   skipWelcome?: boolean }} [options]
 */
export function workbenchUrl(server, { folder, extensionDevelopmentPath, extensionTestsPath, openFile, skipWelcome = true } = {}) {
  const payload = [];
  // A file the workbench opens with the window itself (its payload's `openFile`), before any extension runs.
  if (openFile) payload.push(['openFile', remoteUri(server, resolve(openFile))]);
  const devPaths = extensionDevelopmentPath == null ? [] : [].concat(extensionDevelopmentPath);
  for (const p of devPaths) payload.push(['extensionDevelopmentPath', remoteUri(server, p)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remoteUri(server, extensionTestsPath)]);
  if (skipWelcome) payload.push(['skipWelcome', 'true']);
  const query = new URLSearchParams();
  if (folder) query.set('folder', resolve(folder));
  if (payload.length > 0) query.set('payload', JSON.stringify(payload));
  const qs = query.toString();
  return `http://127.0.0.1:${server.port}/${qs ? `?${qs}` : ''}`;
}

/**
 * Opens the workbench of `server` in headless Chromium.
 *
 * @param {object} options
 * @param {{ port: number }} options.server the result of startCodeServer
 * @param {string|string[]} [options.extensionDevelopmentPath] folder(s) of the extension under development
 * @param {string} [options.extensionTestsPath] compiled test index exporting run(); the run's
 *   outcome arrives through onExit
 * @param {string} [options.folder] workspace folder to open
 * @param {string} [options.openFile] a file the workbench opens with the window
 * @param {'light'|'dark'|'no-preference'} [options.colorScheme]
 * @param {{ width: number, height: number }} [options.viewport] default 1440x900
 * @param {(type: string, args: unknown[]) => void} [options.onLog] workbench log lines
 *   (codeAutomationLog); while tests run this includes the extension host's console output
 * @param {(code: number) => void} [options.onExit] codeAutomationExit: the tests' exit code
 * @param {boolean} [options.headless] default true (false needs a display)
 * @param {string[]} [options.args] extra Chromium flags
 * @returns {Promise<{ browser: import('playwright-core').Browser,
 *   context: import('playwright-core').BrowserContext, page: import('playwright-core').Page,
 *   url: string, close: () => Promise<void> }>}
 */
export async function openWorkbench({
  server,
  extensionDevelopmentPath,
  extensionTestsPath,
  folder,
  openFile,
  colorScheme,
  viewport = { width: 1440, height: 900 },
  onLog = () => {},
  onExit = () => {},
  headless = true,
  args = [],
}) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless,
    args: [...CHROMIUM_ARGS, ...args],
  });
  let closed;
  const close = () =>
    (closed ??= (async () => {
      try {
        await Promise.race([browser.close(), sleep(10_000, undefined, { ref: false })]);
      } catch {
        /* already gone */
      }
      const proc = browser.process?.();
      if (proc && proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    })());
  try {
    const context = await browser.newContext({ viewport, colorScheme });
    const page = await context.newPage();
    // Both must exist before the workbench script runs.
    await page.exposeFunction('codeAutomationLog', (type, logArgs) => onLog(type, logArgs));
    await page.exposeFunction('codeAutomationExit', (code) => onExit(code));
    const url = workbenchUrl(server, { folder, extensionDevelopmentPath, extensionTestsPath, openFile });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    return { browser, context, page, url, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Resolves when the workbench has rendered its activity bar (the UI is usable). */
export async function waitForWorkbench(page, timeoutMs = 60_000) {
  await page.locator('.monaco-workbench .part.activitybar').first().waitFor({ state: 'visible', timeout: timeoutMs });
}
