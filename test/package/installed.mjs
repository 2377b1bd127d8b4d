// Builds the .vsix when it is missing or older than its inputs, installs it into a fresh profile
// of the test harness's real VS Code (code-server's own `--install-extension`), and opens the
// workbench on that profile without any extensionDevelopmentPath: what runs is the installed package.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { openWorkbench, startCodeServer, waitForWorkbench } from '../vscode/codeServer.mjs';
import { ensureVSCode, vscodePaths } from '../vscode/setup.mjs';
import { ROOT, setTheme, THEMES } from '../ui/workbench.mjs';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
export const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`.toLowerCase();
export const VSIX = join(ROOT, `${manifest.name}-${manifest.version}.vsix`);

/** What the package is made from; dist/ and media/dist/ are outputs of the build, not inputs. */
const INPUTS = ['src', 'webview', 'media', 'package.json', 'package.nls.json', 'l10n', 'esbuild.mjs', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore'];
const OUTPUTS = new Set([join(ROOT, 'media', 'dist')]);

function newestMtime(path) {
  if (OUTPUTS.has(path) || !existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** The input that is newer than the .vsix, or null when the .vsix is up to date. */
export function staleReason(vsix = VSIX) {
  if (!existsSync(vsix)) return `${relative(ROOT, vsix)} is missing`;
  const built = statSync(vsix).mtimeMs;
  const newer = INPUTS.find((p) => newestMtime(join(ROOT, p)) > built);
  return newer ? `${newer} is newer than ${relative(ROOT, vsix)}` : null;
}

/** What the .vsix's build reads, copied into a staging folder (node_modules linked). */
const BUILD_INPUTS = [...INPUTS, 'tsconfig.json', join('packages', 'novu-explorer-test', 'package.json')];

/**
 * Builds the .vsix when it is missing or stale (`npm run package`: the production build, then
 * `vsce package`), in a staging copy of its inputs, so that the project's own dist/ keeps the build
 * that the tests running beside it load; returns the reason it ran, or null.
 */
export function ensureVsix() {
  const reason = staleReason();
  if (!reason) return null;
  const stage = mkdtempSync(join(tmpdir(), 'novu-vsix-build-'));
  try {
    for (const input of BUILD_INPUTS) {
      if (!existsSync(join(ROOT, input))) continue;
      cpSync(join(ROOT, input), join(stage, input), { recursive: true, filter: (source) => !OUTPUTS.has(source) });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(stage, 'node_modules'), 'dir');
    const r = spawnSync('npm', ['run', 'package', '--', '--out', VSIX], { cwd: stage, encoding: 'utf8', timeout: 300_000 });
    if (r.status !== 0 || !existsSync(VSIX)) {
      throw new Error(`npm run package failed (${r.error?.message ?? r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
    }
    // Ready for the Marketplace (issue 56, §5): vsce packages without a single warning.
    const warnings = `${r.stdout}\n${r.stderr}`.split('\n').filter((line) => /\bWARNING\b/i.test(line));
    if (warnings.length > 0) {
      rmSync(VSIX, { force: true });
      throw new Error(`vsce package warned:\n${warnings.join('\n')}`);
    }
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  return reason;
}

/** The environment code-server's CLI gets from startCodeServer, so that nothing lands under ~. */
function cliEnv(dataDir) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^(VSCODE_|ELECTRON_)/.test(key)) delete env[key];
  return {
    ...env,
    EXTENSIONS_GALLERY: '{}',
    XDG_DATA_HOME: join(dataDir, 'xdg-data'),
    XDG_CONFIG_HOME: join(dataDir, 'xdg-config'),
    TMPDIR: join(dataDir, 'tmp'),
  };
}

/**
 * Installs `vsix` into `<dataDir>/extensions` for the profile `<dataDir>/user-data` (the layout
 * startCodeServer({ dataDir }) uses) and returns the installed extension's folder.
 */
export function installVsix(dataDir, vsix = VSIX) {
  const userDataDir = join(dataDir, 'user-data');
  const extensionsDir = join(dataDir, 'extensions');
  for (const d of [userDataDir, extensionsDir, join(dataDir, 'tmp'), join(dataDir, 'xdg-data'), join(dataDir, 'xdg-config')]) {
    mkdirSync(d, { recursive: true });
  }
  const args = [vscodePaths().entry, '--install-extension', vsix, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir];
  const r = spawnSync(process.execPath, args, { cwd: dataDir, env: cliEnv(dataDir), encoding: 'utf8', timeout: 120_000 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || !/successfully installed/i.test(output)) {
    throw new Error(`code-server --install-extension failed (${r.error?.message ?? r.status ?? r.signal}):\n${output}`);
  }
  const folder = readdirSync(extensionsDir).find((name) => name.toLowerCase() === `${EXTENSION_ID}-${manifest.version}`);
  if (!folder) throw new Error(`no ${EXTENSION_ID}-${manifest.version} in ${extensionsDir}: ${readdirSync(extensionsDir).join(', ')}`);
  return { extensionPath: join(extensionsDir, folder), output };
}

/**
 * Builds the package if needed, installs it into a fresh temp profile, starts code-server on that
 * profile and opens the workbench in headless Chromium. close() stops both and removes the profile.
 * @param {{ theme?: 'dark' | 'light', env?: Record<string, string> }} [options]
 */
export async function launchInstalled({ theme = 'dark', env = {} } = {}) {
  await ensureVSCode();
  const rebuilt = ensureVsix();
  const dataDir = mkdtempSync(join(tmpdir(), 'novu-vsix-'));
  let server;
  let workbench;
  const close = async () => {
    await workbench?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    const { extensionPath } = installVsix(dataDir);
    server = await startCodeServer({ dataDir, env, settings: { 'workbench.colorTheme': THEMES[theme] } });
    workbench = await openWorkbench({ server, colorScheme: theme });
    await waitForWorkbench(workbench.page);
    await setTheme(workbench.page, theme);
    return { page: workbench.page, extensionPath, dataDir, rebuilt, close };
  } catch (error) {
    await close();
    throw error;
  }
}
