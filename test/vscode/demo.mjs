// Opens the extension in a VS Code to try it by hand.
//   - With a desktop `code` on PATH: `code --extensionDevelopmentPath=<dir> <folder>` with `env`.
//   - Otherwise: code-server (state kept in .vscode-test/demo) and a URL to open in a browser;
//     runs until Ctrl+C, then stops the server.
//
// CLI: node test/vscode/demo.mjs [--extensionDevelopmentPath=.] [--folder=DIR] [--open=FILE] [--port=N]
//        [--env=NAME=VALUE ...] [--setting=KEY=JSON ...] [--bridge-app]
// --open: a file of the folder that the window opens with (not later: a file opened by the extension
// once it has started took the focus, and closed a Quick Open that somebody was typing into).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCodeServer, workbenchUrl } from './codeServer.mjs';
import { parseArgs } from './runTests.mjs';
import { DEBIAN_PACKAGES, debianPackageInstalled, ensureVSCode, isMain, isUpToDate, PROJECT_ROOT } from './setup.mjs';

/** Path of a desktop `code` command, or null. */
export function findCodeCommand() {
  const r = spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
}

/**
 * @param {object} [options]
 * @param {string} [options.extensionDevelopmentPath] default: the project root
 * @param {string} [options.folder] workspace folder to open (default: the project root)
 * @param {string} [options.openFile] a file the window opens with (relative to the folder)
 * @param {Record<string,string>} [options.env] environment for VS Code / the extension host
 * @param {Record<string,unknown>} [options.settings] extra user settings (code-server only)
 * @param {number} [options.port] code-server port (default: a free one)
 * @param {string} [options.dataDir] code-server state (default .vscode-test/demo, kept)
 * @param {boolean} [options.useDesktop] default: true when `code` is on PATH
 * @returns {Promise<{ kind: 'desktop'|'code-server', url?: string, done: Promise<number>,
 *   close: () => Promise<void> }>}
 */
export async function startDemo({
  extensionDevelopmentPath = PROJECT_ROOT,
  folder = PROJECT_ROOT,
  openFile,
  env = {},
  settings = {},
  port,
  dataDir = join(PROJECT_ROOT, '.vscode-test', 'demo'),
  useDesktop = !!findCodeCommand(),
} = {}) {
  extensionDevelopmentPath = resolve(extensionDevelopmentPath);
  folder = resolve(folder);
  const fileToOpen = openFile ? resolve(folder, openFile) : undefined;

  if (useDesktop) {
    const code = findCodeCommand();
    if (!code) throw new Error('no `code` command on PATH');
    const child = spawn(code, [`--extensionDevelopmentPath=${extensionDevelopmentPath}`, folder, ...(fileToOpen ? [fileToOpen] : [])], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    const done = new Promise((r) => child.on('exit', (c) => r(c ?? 1)));
    console.log(`demo: started ${code} --extensionDevelopmentPath=${extensionDevelopmentPath} ${folder}`);
    return { kind: 'desktop', done, close: async () => void child.kill() };
  }

  // The first demo installs VS Code 1.100 (code-server) from npm: said before the wait, not after it.
  const debian = process.platform === 'linux' ? DEBIAN_PACKAGES.filter((name) => !debianPackageInstalled(name)) : [];
  if (debian.length > 0) console.log(`demo: installing ${debian.join(', ')} from Debian's packages, once`);
  if (!isUpToDate()) console.log('demo: installing VS Code 1.100 (code-server) from npm, once: about a minute');
  await ensureVSCode();
  mkdirSync(dataDir, { recursive: true });
  const server = await startCodeServer({ env, settings, port, dataDir });
  const url = workbenchUrl(server, { folder, extensionDevelopmentPath, openFile: fileToOpen });
  let finish;
  let closing = false;
  const done = new Promise((r) => (finish = r));
  const close = async (exitCode = 0) => {
    closing = true;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await server.close();
    finish(exitCode);
  };
  const onSignal = () => {
    console.log('\ndemo: stopping code-server');
    void close();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  server.exited.then(({ code, signal }) => {
    if (closing) return;
    console.error(`demo: code-server exited (code ${code}, signal ${signal})\n${server.output().slice(-2000)}`);
    void close(1);
  });
  console.log(`demo: VS Code 1.100.3 (code-server) with the extension from ${extensionDevelopmentPath}`);
  console.log(`demo: state kept in ${dataDir}`);
  console.log(`demo: open this URL in a browser (Ctrl+C to stop):\n\n  ${url}\n`);
  return { kind: 'code-server', url, server, done, close: () => close(0) };
}

if (isMain(import.meta.url)) {
  const { rest, env, settings, port, folder, open, extensionDevelopmentPath, bridgeApp } = parseArgs(process.argv.slice(2));
  let app;
  try {
    if (bridgeApp) {
      // The demo's own @novu/framework app (examples/demo-app/src/novu), with the Sandbox's key as
      // its secret and strict signatures: its previews are signed for real. It restarts on a save.
      // It runs in a process of its own, as a developer's dev server does (the Test Explorer's Debug
      // attaches VS Code's debugger to it, never to this launcher or to VS Code).
      const key = `sandbox-demo-${randomUUID()}`;
      const { spawnBridgeApp } = await import('../../examples/demo-app/bridge/run.mjs');
      app = await spawnBridgeApp({ secretKey: key, strict: true, watch: true, log: (line) => process.stdout.write(`demo app: ${line}${line.endsWith('\n') ? '' : '\n'}`) });
      env.NOVU_EXPLORER_SANDBOX_KEY = key;
      env.NOVU_EXPLORER_DEMO_BRIDGE_URL = app.url;
      console.log(`demo: the demo's framework app serves its bridge at ${app.url}`);
    }
    const demo = await startDemo({
      env,
      settings,
      port: port ? Number(port) : undefined,
      folder: folder ?? rest[0],
      openFile: open,
      extensionDevelopmentPath: extensionDevelopmentPath?.[0],
    });
    process.exitCode = await demo.done;
  } catch (e) {
    console.error(`demo: ${e.message}`);
    process.exitCode = 1;
  } finally {
    await app?.stop();
  }
}
