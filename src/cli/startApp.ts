/**
 * `--start "<command>"` (issue 46, §7): the user's app is started by a shell in a process group of
 * its own, the bridge's health-check (unsigned, contract §9.1) is asked until it answers, and when
 * the run ends the whole group is stopped by its id: SIGTERM, then SIGKILL after a grace period.
 * The app's output is kept (the last lines) for when it does not answer, never mixed into the
 * report. Before it starts, nothing may answer at the URL: an app left running there would be tested
 * instead, while the one started fails with EADDRINUSE (issue 51). A first answer that is an HTTP
 * 404 not from a bridge (a wrong path) ends the wait at once. Pure Node: no vscode.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { BridgeClient, BridgeFailure } from '../bridge/bridgeClient';

const POLL_MS = 100;
const STOP_GRACE_MS = 5_000;
const KEPT_LINES = 30;

export interface StartedApp {
  /** Stops every process of the app's group and waits until they are gone (at most about 7 s). */
  stop(): Promise<void>;
  /** How the command ended, once it has (before stop(): on its own); undefined while it runs. */
  ended(): { code: number | null; signal: string | null } | undefined;
  /** Its last lines of output. */
  lines(): string[];
  /** Resolves when the command has ended, or after `ms` (a crash is seen by the run a moment before its exit). */
  settle(ms: number): Promise<void>;
}

export type StartOutcome =
  | { kind: 'ready'; app: StartedApp }
  /** Something already answers at the URL: nothing was started. */
  | { kind: 'occupied'; output: string[] }
  /** The app answers, but 404 and not as a bridge: the path is wrong; the app is stopped. */
  | { kind: 'notBridge'; last: BridgeFailure; output: string[] }
  /** The command failed (or was killed) before the bridge answered. */
  | { kind: 'exited'; code: number | null; signal: string | null; output: string[] }
  /** The bridge did not answer within the time; the app is stopped. `last`: its last answer. */
  | { kind: 'timeout'; last?: BridgeFailure; output: string[] };

export interface StartOptions {
  command: string;
  url: string;
  timeoutMs: number;
  cwd: string;
  /** The command's environment. */
  env: Readonly<Record<string, string | undefined>>;
  client: Pick<BridgeClient, 'healthCheck'>;
  signal?: AbortSignal;
}

/** Starts `command` and waits until the bridge at `url` answers its health-check. */
export async function startApp(options: StartOptions): Promise<StartOutcome> {
  // Refused, or no such host: free. Any answer, or a connection that never answers, holds the port.
  const before = await options.client.healthCheck(options.url, options.signal);
  if (before.kind !== 'unreachable' || before.cause === 'timeout') return { kind: 'occupied', output: [] };
  const windows = process.platform === 'win32';
  const child = spawn(options.command, {
    shell: true,
    cwd: options.cwd,
    env: { ...options.env },
    // Its own process group (POSIX): stopped as one, children of the command included.
    detached: !windows,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const output: string[] = [];
  let partial = '';
  const keep = (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split(/\r?\n/);
    partial = lines.pop() ?? '';
    output.push(...lines);
    if (output.length > KEPT_LINES) output.splice(0, output.length - KEPT_LINES);
    if (partial.length > 4_000) partial = partial.slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exit: { code: number | null; signal: string | null } | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    });
    child.once('error', () => {
      exit ??= { code: null, signal: null };
      resolve();
    });
  });
  const lines = () => (partial ? [...output, partial] : [...output]);
  // The group must not outlive this process, however it ends.
  const lastResort = () => killGroup(child, 'SIGKILL');
  process.once('exit', lastResort);
  const app: StartedApp = {
    async stop() {
      process.removeListener('exit', lastResort);
      await stopGroup(child, exited);
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
    ended: () => exit,
    lines,
    settle: (ms) => delay(ms, undefined, exited),
  };

  const deadline = Date.now() + options.timeoutMs;
  let last: BridgeFailure | undefined;
  for (;;) {
    // A command that ends well may have started the app in the background (`docker compose up -d`):
    // its bridge is still waited for. One that fails, or is killed, will not answer.
    if (exit && exit.code !== 0) {
      await app.stop();
      return { kind: 'exited', code: exit.code, signal: exit.signal, output: lines() };
    }
    if (options.signal?.aborted) {
      await app.stop();
      throw abortError();
    }
    const left = deadline - Date.now();
    if (left <= 0) break;
    let answer;
    try {
      answer = await options.client.healthCheck(options.url, options.signal);
    } catch (error) {
      await app.stop();
      throw error;
    }
    if (answer.kind === 'health') return { kind: 'ready', app };
    if (answer.kind === 'notBridge' && answer.status === 404) {
      await app.stop();
      return { kind: 'notBridge', last: answer, output: lines() };
    }
    last = answer;
    await delay(Math.min(POLL_MS, Math.max(0, deadline - Date.now())), options.signal, exit ? undefined : exited);
  }
  await app.stop();
  return { kind: 'timeout', ...(last ? { last } : {}), output: lines() };
}

/**
 * Waits `ms`, or less when `until` settles or `signal` aborts first; the timer is cleared either way,
 * so that no timer left behind keeps the process from ending when the run is done.
 */
function delay(ms: number, signal?: AbortSignal, until?: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
    void until?.then(done, done);
  });
}

function abortError(): Error {
  const error = new Error('aborted');
  error.name = 'AbortError';
  return error;
}

/**
 * True while a process of the child's group is alive (POSIX), or the child itself (Windows). On
 * Linux a process that has ended but is not yet reaped by its parent (a zombie: the command's
 * children, whose parent is now the system's init) no longer counts: it holds nothing.
 */
function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  if (process.platform === 'linux') {
    const alive = linuxGroupAlive(child.pid);
    if (alive !== undefined) return alive;
  }
  try {
    process.kill(process.platform === 'win32' ? child.pid : -child.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a process of group `pgid` runs and is not a zombie, from /proc; undefined when /proc cannot be read. */
function linuxGroupAlive(pgid: number): boolean | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // `pid (comm) state ppid pgrp …`: the name may hold spaces and parentheses, so read after the last `)`.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  if (process.platform === 'win32') {
    // No process groups: taskkill ends the tree below the shell.
    spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.pid === undefined || !groupAlive(child)) return;
  killGroup(child, 'SIGTERM');
  const until = Date.now() + STOP_GRACE_MS;
  while (groupAlive(child) && Date.now() < until) await delay(50);
  if (groupAlive(child)) {
    killGroup(child, 'SIGKILL');
    const hard = Date.now() + 2_000;
    while (groupAlive(child) && Date.now() < hard) await delay(50);
  }
  await delay(500, undefined, exited);
}
