// Runs the demo's framework workflows (examples/demo-app/src/novu/) as a real bridge app, the way a
// developer runs theirs: compiled with esbuild, served by Express 4 and @novu/framework (server.mjs)
// in a child process, rebuilt and restarted on the same port when a file in src/novu/ changes. The
// port is the runner's own front, which forwards to the current app; from a change seen until the
// new app listens it holds the requests that come in, and the next app is started ahead (Express and
// the framework loaded), so that a restart takes about the compile and a request after a save gets
// the new code, never a refused connection (issue 45, B3).
//
// CLI:    node examples/demo-app/bridge/run.mjs --port 0 --secret-key <key> [--no-strict] [--no-watch]
//         (the key may come from NOVU_SECRET_KEY instead). Prints one JSON line to stdout when the app
//         listens, {"url":"http://127.0.0.1:PORT/api/novu","pid":N} (N: this runner's PID; ending it
//         with SIGINT or SIGTERM stops the app), then the app's output and the runner's on stderr.
// Module: const app = await startBridgeApp({ secretKey, port: 0, strict: true, watch: true, log });
//         app.url, app.port, app.pid (the current child's), app.onRestart(cb), await app.stop().
//         spawnBridgeApp({ secretKey, … }) runs the same in a process of its own, as a developer's
//         dev server runs in a terminal: { url, pid (the runner's), stop() }.
//         For the benchmarks, an app as other dev servers run one: `hold: false` drops the requests
//         that come in while it restarts instead of holding them (as tsx watch or nodemon, which
//         restart the process), and `restartDelayMs` makes each restart take that much longer.
//
// Nothing here loads the framework into the calling process: only the child does.
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, watch as watchDir, writeFileSync } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BRIDGE_DIR = dirname(fileURLToPath(import.meta.url));
const SOURCE_DIR = resolve(BRIDGE_DIR, '..', 'src', 'novu');
const SERVER = join(BRIDGE_DIR, 'server.mjs');
// Git-ignored. The `out` level keeps the compiled copy out of the extension's code awareness, which
// leaves out node_modules, dist, out and build folders (it would else see every workflow twice).
const BUILD_ROOT = join(BRIDGE_DIR, '.build', 'out');
const ROUTE = '/api/novu';
const DEBOUNCE_MS = 100;
/**
 * The next app is started ahead (it loads Express and the framework) once the app has been idle this
 * long after a start: not while the renders that follow a save are being answered.
 */
const SPARE_DELAY_MS = 1000;
const START_TIMEOUT_MS = 30_000;
const KILL_GRACE_MS = 3_000;
/** A save of one of these files restarts the app (not editors' swap and backup files). */
const WATCHED = /^[^.].*\.(?:[cm]?[jt]sx?|json)$/;

let instances = 0;
/** Runners started and not stopped: the last to stop also ends esbuild's service process. */
let active = 0;

async function released() {
  if (--active === 0) await esbuild.stop();
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Removes the build folders of runners that are gone (each runner has its own: `<pid>-<n>`). */
function removeStaleBuilds() {
  let names = [];
  try {
    names = readdirSync(BUILD_ROOT);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isAlive(pid)) rmSync(join(BUILD_ROOT, name), { recursive: true, force: true });
  }
}

/**
 * Compiles every .ts file of src/novu/ (so that an error in any of them is reported) into `outdir`,
 * the demo's own files bundled, packages left as imports. Writes nothing when it fails.
 */
async function compile(outdir) {
  const entryPoints = readdirSync(SOURCE_DIR)
    .filter((name) => /\.(?:ts|mts|tsx)$/.test(name) && !name.endsWith('.d.ts') && !name.startsWith('.'))
    .map((name) => join(SOURCE_DIR, name));
  const result = await esbuild.build({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // With --enable-source-maps in the child, a step's stack names src/novu/*.ts and its lines.
    sourcemap: 'inline',
    sourcesContent: false,
    logLevel: 'silent',
    write: false,
  });
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
}

/** An esbuild failure as readable text (file:line:column and the message, for each error). */
async function describeBuildError(error) {
  if (Array.isArray(error?.errors) && error.errors.length > 0) {
    const lines = await esbuild.formatMessages(error.errors, { kind: 'error', color: false });
    return lines.join('').trimEnd();
  }
  return String(error?.message ?? error);
}

/** The child's environment: the caller's, without what would change how Node or the framework runs. */
function childEnv({ secretKey, strict }) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('NOVU_') || key === 'NODE_OPTIONS' || key === 'NODE_TEST_CONTEXT') delete env[key];
  }
  Object.assign(env, {
    NOVU_SECRET_KEY: secretKey,
    NODE_ENV: strict ? 'production' : 'development',
    // Checks are on only for exactly "true"; any other value turns them off, whatever NODE_ENV says.
    NOVU_STRICT_AUTHENTICATION_ENABLED: strict ? 'true' : 'false',
    // A port of its own: the runner's front forwards to it (the compiled workflows come by IPC).
    PORT: '0',
  });
  // Inside Electron (a VS Code extension host), process.execPath is Electron: run it as Node.
  if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  return env;
}

/**
 * Starts the demo's bridge app and resolves once it listens.
 * @param {{ secretKey: string, port?: number, strict?: boolean, watch?: boolean, hold?: boolean, restartDelayMs?: number, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, port: number, readonly pid: number | undefined, stop(): Promise<void>, onRestart(cb: (info: { pid: number, ms: number }) => void): () => void }>}
 */
export async function startBridgeApp({ secretKey, port = 0, strict = true, watch = true, hold = true, restartDelayMs = 0, log } = {}) {
  if (typeof secretKey !== 'string' || secretKey === '') throw new Error('startBridgeApp: a secretKey is required (the bridge does not start without one)');
  const say = (line) => {
    if (log) log(line);
  };
  removeStaleBuilds();
  const outdir = join(BUILD_ROOT, `${process.pid}-${++instances}`);
  const bundle = join(outdir, 'index.mjs');
  const listeners = new Set();
  /** The app serving now, and the next one, started ahead with Express and the framework loaded. */
  let child;
  let spare;
  let spareTimer;
  let stopped = false;
  let timer;
  let queue = Promise.resolve();
  let watcher;
  /** From a change seen until its restart ends: requests wait for the app with that change in it. */
  let held;
  let release;

  // The port the app is known by is this front's: it forwards to the current app, so that a restart
  // never refuses a connection, and a request sent after a save waits for the app that has it (the
  // old app, or a refused connection and the preview's retry a second later, was what came before).
  let busy = 0;
  let lastRequestAt = 0;
  const front = createServer(async (request, response) => {
    busy++;
    lastRequestAt = Date.now();
    response.once('close', () => {
      busy--;
      lastRequestAt = Date.now();
    });
    if (held) {
      if (!hold) return void request.socket.destroy();
      await held;
    }
    const port = child?.appPort;
    if (!port || stopped) return void request.socket.destroy();
    const upstream = forward({ host: '127.0.0.1', port, method: request.method, path: request.url, headers: { ...request.headers, connection: 'close' }, agent: false }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => request.socket.destroy());
    request.pipe(upstream);
  });
  await new Promise((resolveListen, reject) => {
    front.once('error', reject);
    front.listen(port, '127.0.0.1', resolveListen);
  });
  const chosenPort = front.address().port;
  const url = `http://127.0.0.1:${chosenPort}${ROUTE}`;
  const closeFront = () => new Promise((resolveClosed) => {
    front.close(() => resolveClosed());
    front.closeAllConnections();
  });

  /** Spawns an app that loads Express and the framework, then waits to be told its workflows. */
  function startChild() {
    const proc = spawn(process.execPath, ['--enable-source-maps', SERVER], {
      cwd: BRIDGE_DIR,
      env: childEnv({ secretKey, strict }),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    proc.tail = [];
    for (const stream of [proc.stdout, proc.stderr]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        proc.tail.push(line);
        if (proc.tail.length > 20) proc.tail.shift();
        say(line);
      });
    }
    proc.on('error', () => {});
    proc.once('exit', (code, signal) => {
      if (proc === child && !stopped) {
        child = undefined;
        say(`bridge: the app exited (${signal ?? `code ${code}`}); save a file in src/novu/ to start it again`);
      }
    });
    return proc;
  }

  /** Gives `proc` the compiled workflows and resolves with it once it listens; rejects (it ended) when it cannot. */
  function loadChild(proc) {
    return new Promise((resolveChild, reject) => {
      let settled = false;
      const fail = (error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timeout);
        killChild(proc).finally(() => reject(error));
      };
      const timeout = setTimeout(() => fail(new Error(`the bridge app did not listen within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      proc.on('message', (message) => {
        if (settled || message?.type !== 'listening') return;
        settled = true;
        clearTimeout(timeout);
        proc.appPort = message.port;
        resolveChild(proc);
      });
      proc.once('error', fail);
      // Let the last lines of output arrive before quoting them.
      proc.once('exit', (code, signal) => setImmediate(() => fail(new Error(`the bridge app exited (${signal ?? `code ${code}`}) before listening:\n${proc.tail.join('\n')}`))));
      if (proc.exitCode !== null || proc.signalCode !== null || !proc.connected) return fail(new Error(`the bridge app exited before listening:\n${proc.tail.join('\n')}`));
      proc.send({ bundle });
    });
  }

  /** The next app: the one started ahead when it is still there, else a new one. */
  function nextChild() {
    clearTimeout(spareTimer);
    const ready = spare;
    spare = undefined;
    return ready && ready.exitCode === null && ready.signalCode === null && ready.connected ? ready : startChild();
  }

  /** Starts the next app ahead once the app has been idle a while after a start (not on the way of the renders after a save). */
  function prepareSpare(delay = SPARE_DELAY_MS) {
    if (!watch || stopped) return;
    clearTimeout(spareTimer);
    spareTimer = setTimeout(() => {
      if (stopped || spare) return;
      // Still answering (or just did): later, so that the spare's start takes no time from the answers.
      const idleFor = Date.now() - lastRequestAt;
      if (busy > 0 || idleFor < SPARE_DELAY_MS) return prepareSpare(busy > 0 ? SPARE_DELAY_MS : SPARE_DELAY_MS - idleFor);
      spare = startChild();
    }, delay);
  }

  async function restart() {
    if (stopped) return;
    const started = Date.now();
    try {
      await compile(outdir);
    } catch (error) {
      say(`bridge: compile error, the running app is unchanged:\n${await describeBuildError(error)}`);
      return;
    }
    if (restartDelayMs > 0) await new Promise((resolveDelay) => setTimeout(resolveDelay, restartDelayMs));
    if (stopped) return;
    let next;
    try {
      next = await loadChild(nextChild());
    } catch (error) {
      say(`bridge: the app did not start: ${error.message}`);
      prepareSpare();
      return;
    }
    if (stopped) {
      await killChild(next);
      return;
    }
    // The front turns to the new app at once; the old one ends off the way.
    const old = child;
    child = next;
    if (old) void killChild(old);
    prepareSpare();
    const info = { pid: child.pid, ms: Date.now() - started };
    say(`bridge: rebuilt and restarted in ${info.ms} ms (pid ${info.pid})`);
    for (const listener of listeners) {
      try {
        listener(info);
      } catch (error) {
        say(`bridge: an onRestart listener threw: ${error?.message ?? error}`);
      }
    }
  }

  active++;
  try {
    try {
      await compile(outdir);
    } catch (error) {
      throw new Error(`the demo's workflows do not compile:\n${await describeBuildError(error)}`);
    }
    child = await loadChild(startChild());
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    await closeFront();
    await released();
    throw error;
  }
  prepareSpare();

  if (watch) {
    watcher = watchDir(SOURCE_DIR, (_event, filename) => {
      if (filename && !WATCHED.test(String(filename))) return;
      held ??= new Promise((resolveHeld) => (release = resolveHeld));
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        queue = queue.then(restart).then(() => {
          // Released when no newer change waits for its own restart.
          if (timer || !held) return;
          held = undefined;
          release();
        });
      }, DEBOUNCE_MS);
    });
    watcher.on('error', (error) => say(`bridge: watching ${SOURCE_DIR} failed: ${error.message}`));
  }

  return {
    url,
    port: chosenPort,
    get pid() {
      return child?.pid;
    },
    onRestart(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      clearTimeout(spareTimer);
      watcher?.close();
      await queue;
      held = undefined;
      release?.();
      await Promise.all([child, spare].filter(Boolean).map(killChild));
      child = undefined;
      spare = undefined;
      await closeFront();
      rmSync(outdir, { recursive: true, force: true });
      await released();
    },
  };
}

/**
 * Starts the runner in a process of its own (its CLI, the key in its environment, never in its
 * command line) and resolves once the app listens.
 * @param {{ secretKey: string, port?: number, strict?: boolean, watch?: boolean, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>}
 */
export function spawnBridgeApp({ secretKey, port = 0, strict = true, watch = true, log } = {}) {
  if (typeof secretKey !== 'string' || secretKey === '') throw new Error('spawnBridgeApp: a secretKey is required');
  const env = { ...process.env, NOVU_SECRET_KEY: secretKey };
  delete env.NODE_OPTIONS;
  // Inside Electron (a VS Code extension host), process.execPath is Electron: run it as Node.
  if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  const args = [fileURLToPath(import.meta.url), '--port', String(port), ...(strict ? [] : ['--no-strict']), ...(watch ? [] : ['--no-watch'])];
  const proc = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  createInterface({ input: proc.stderr, crlfDelay: Infinity }).on('line', (line) => {
    tail.push(line);
    if (tail.length > 20) tail.shift();
    log?.(line);
  });
  return new Promise((resolveStarted, reject) => {
    proc.once('error', reject);
    proc.once('exit', (code, signal) => setImmediate(() => reject(new Error(`the bridge app exited (${signal ?? `code ${code}`}) before listening:\n${tail.join('\n')}`))));
    createInterface({ input: proc.stdout, crlfDelay: Infinity }).once('line', (line) => {
      const { url, pid } = JSON.parse(line);
      resolveStarted({ url, pid, stop: () => killChild(proc) });
    });
  });
}

/** Ends a child by its PID (SIGTERM, then SIGKILL after a grace period) and waits for its exit. */
function killChild(proc) {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolveKilled) => {
    const force = setTimeout(() => {
      try {
        process.kill(proc.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, KILL_GRACE_MS);
    proc.once('exit', () => {
      clearTimeout(force);
      resolveKilled();
    });
    try {
      process.kill(proc.pid, 'SIGTERM');
    } catch {
      clearTimeout(force);
      resolveKilled();
    }
  });
}

function parseArgs(argv) {
  const options = { port: 0, strict: true, watch: true, secretKey: process.env.NOVU_SECRET_KEY };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (name === '--port') options.port = Number(value());
    else if (name === '--secret-key') options.secretKey = value();
    else if (name === '--no-strict') options.strict = false;
    else if (name === '--no-watch') options.watch = false;
    else if (name === '--help' || name === '-h') options.help = true;
    else throw new Error(`unknown option ${arg}`);
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) throw new Error('--port takes a port number (0: a free one)');
  return options;
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  if (options.help || !options.secretKey) {
    process.stderr.write('usage: node examples/demo-app/bridge/run.mjs [--port 0] --secret-key <key> [--no-strict] [--no-watch]\n(or the key in NOVU_SECRET_KEY)\n');
    process.exit(options.help ? 0 : 2);
  }
  const app = await startBridgeApp({ ...options, log: (line) => process.stderr.write(`${line}\n`) }).catch((error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  process.stdout.write(`${JSON.stringify({ url: app.url, pid: process.pid })}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    app.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
