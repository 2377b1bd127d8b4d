/**
 * The notification tests' Debug profile (issue 46, §3): the cases render in the user's app with VS
 * Code's JavaScript debugger attached to it, so that a breakpoint in a step's code stops its render.
 * - The app's process is the one that serves the bridge URL on this machine (bridge/appProcess.ts).
 *   A debug session of this window already attached to it (the user's own: Run and Debug, a
 *   JavaScript Debug Terminal, Auto Attach) is used as it is; else the debugger attaches to it for
 *   the run (js-debug's attach by process id, which opens Node's inspector on its default port) and
 *   detaches when the run ends: the app keeps running.
 * - Only a Node.js process of this machine is attached to (the signal that opens Node's inspector
 *   ends most other programs), never VS Code's own; otherwise the run says why, once, and runs none.
 * - While debugging, a render waits as long as a breakpoint holds it (no time limit; Cancel or the
 *   debugger's Stop ends the run), and the steps render one at a time, in the order of the cases.
 */
import * as vscode from 'vscode';
import { servingProcess, type OsProcess } from '../bridge/appProcess';
import { BridgeClient } from '../bridge/bridgeClient';

/** VS Code's JavaScript debugger (js-debug) by the types its Node.js sessions have. */
const NODE_DEBUG_TYPES = ['pwa-node', 'node', 'node-terminal'];
/** How long a session is asked which process it debugs, and how long an attach may take. */
const ASK_MS = 1500;
const ATTACH_MS = 20_000;

/** A debugger at the app, for one run. */
export interface DebugTarget {
  /** A bridge client without a time limit: a breakpoint holds a render as long as the user looks. */
  client: BridgeClient;
  /** Said first in the run's output. */
  said: string;
  /** Ends what the run started: detaches a debugger it attached (the app keeps running). */
  end(): Promise<void>;
}

function within<T>(promise: Thenable<T>, ms: number): Promise<T | undefined> {
  return Promise.race([Promise.resolve(promise), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

/** The process a session debugs, by its own answer (undefined: one without a process, as a JavaScript Debug Terminal's). */
async function pidOf(session: vscode.DebugSession): Promise<number | undefined> {
  try {
    const answer = (await within(session.customRequest('evaluate', { expression: 'process.pid', context: 'repl' }), ASK_MS)) as { result?: unknown } | undefined;
    const pid = Number(answer?.result);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The Node.js debug sessions of this window, and when each one's adapter is configured (its breakpoints set). */
export class DebugSessions implements vscode.Disposable {
  private readonly sessions = new Set<vscode.DebugSession>();
  private readonly configured = new Map<string, () => void>();
  private readonly configuredIds = new Set<string>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    const active = vscode.debug.activeDebugSession;
    if (active) this.sessions.add(active);
    this.subscriptions = [
      vscode.debug.onDidStartDebugSession((session) => this.sessions.add(session)),
      vscode.debug.onDidTerminateDebugSession((session) => {
        this.sessions.delete(session);
        this.configuredIds.delete(session.id);
        this.configured.delete(session.id);
      }),
      ...NODE_DEBUG_TYPES.map((type) =>
        vscode.debug.registerDebugAdapterTrackerFactory(type, {
          createDebugAdapterTracker: (session) => ({
            onDidSendMessage: (message: { type?: string; command?: string; success?: boolean }) => {
              if (message.type !== 'response' || message.command !== 'configurationDone') return;
              this.configuredIds.add(session.id);
              this.configured.get(session.id)?.();
              this.configured.delete(session.id);
            },
          }),
        }),
      ),
    ];
  }

  /** A Node.js session of this window that debugs process `pid`. */
  async debugging(pid: number): Promise<vscode.DebugSession | undefined> {
    // js-debug's process sessions are children of the one the user started (a launch, an attach, a
    // JavaScript Debug Terminal), which debugs no process itself and never answers an evaluate (it
    // logs "Unknown request"): a top-level session with children is not asked. A process session
    // with children of its own (a cluster's primary, a dev server's front) is.
    const parents = new Set([...this.sessions].flatMap((s) => (s.parentSession ? [s.parentSession.id] : [])));
    const candidates = [...this.sessions].filter((s) => NODE_DEBUG_TYPES.includes(s.type) && !(s.parentSession === undefined && parents.has(s.id)));
    const pids = await Promise.all(candidates.map(pidOf));
    return candidates.find((_, i) => pids[i] === pid);
  }

  /** Resolves once the session's adapter has its configuration (breakpoints) from VS Code. */
  whenConfigured(session: vscode.DebugSession): Promise<void> {
    if (this.configuredIds.has(session.id)) return Promise.resolve();
    return new Promise((resolve) => this.configured.set(session.id, resolve));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The last part of a path, of either system's separators. */
const lastPart = (path: string) => path.replace(/\\/g, '/').split('/').pop() ?? '';

/** A process in words: its id, its program and its script, never the rest of its command line (which may hold a secret). */
function processWords(app: OsProcess): string {
  const script = app.command.split(/\s+/).slice(1).find((arg) => arg !== '' && !arg.startsWith('-'));
  const program = lastPart(app.exe) || 'node';
  return vscode.l10n.t('process {0}, {1}', app.pid, script ? `${program} ${lastPart(script)}` : program);
}

/**
 * The debugger at the app that serves `url` for a run: the session already attached to it, or one
 * attached now; or why there can be none.
 */
export async function debugTarget(url: string, sessions: DebugSessions, folder: vscode.WorkspaceFolder | undefined, testRun: vscode.TestRun): Promise<DebugTarget | { problem: string }> {
  const found = await servingProcess(url).catch(() => ({ kind: 'unsupported' as const }));
  const client = new BridgeClient({ timeoutMs: Number.POSITIVE_INFINITY });
  const startIt = vscode.l10n.t('Start your app under VS Code’s debugger (Run and Debug, or a JavaScript Debug Terminal) on this machine, then Debug again.');
  switch (found.kind) {
    case 'elsewhere':
      return { problem: vscode.l10n.t('Debug attaches VS Code’s debugger to your app on this machine, and the bridge URL {0} is not on it. {1}', new URL(url).origin, startIt) };
    case 'unsupported':
      return { problem: vscode.l10n.t('Debug cannot see this system’s processes to find your app. {0}', startIt) };
    case 'none':
      return { problem: vscode.l10n.t('No process that Novu Explorer can see listens at port {0} (your app is not running, or it runs in a container or as another user). {1}', found.port, startIt) };
  }
  const app = found.process;
  if (!found.node) return { problem: vscode.l10n.t('The process at port {0} ({1}) is not Node.js: Debug attaches VS Code’s JavaScript debugger, which needs a Node.js app.', found.port, processWords(app)) };
  if (found.own) return { problem: vscode.l10n.t('The process at the bridge URL ({0}) is VS Code’s own, or one VS Code runs in: start your app in a process of its own to debug it.', processWords(app)) };
  const via = found.forwardedBy ? vscode.l10n.t(' (the process at the bridge URL, {0}, hands it the requests)', found.forwardedBy.pid) : '';
  const own = await sessions.debugging(app.pid);
  if (own) {
    // The process's session is js-debug's child of the one the user started: said by the user's name for it.
    const named = own.parentSession && NODE_DEBUG_TYPES.includes(own.parentSession.type) ? own.parentSession : own;
    return { client, said: vscode.l10n.t('Debugging in "{0}", attached to your app ({1}){2}: a breakpoint in a step stops its render.', named.name, processWords(app), via), end: async () => undefined };
  }
  // A session of our own, attached for this run: its name says what it is in the debug toolbar. The
  // process's own session (js-debug's child of it) has the breakpoints once it is configured.
  const name = vscode.l10n.t('Novu tests: your app (process {0})', app.pid);
  let session: vscode.DebugSession | undefined;
  let listener: vscode.Disposable | undefined;
  const attached = new Promise<vscode.DebugSession>((resolve) => {
    listener = vscode.debug.onDidStartDebugSession((started) => {
      if (!started.parentSession && started.name === name) session = started;
      else if (session && started.parentSession?.id === session.id) void sessions.whenConfigured(started).then(() => resolve(started));
    });
  });
  const ok = await vscode.debug.startDebugging(
    folder,
    // The inspector that the signal opens listens on 127.0.0.1 (js-debug's "localhost" may be ::1 first, as on
    // Node 24). Source maps wherever the app's code was built (an attach reads only the workspace's by default), never node_modules'.
    {
      type: 'node',
      request: 'attach',
      name,
      processId: String(app.pid),
      address: '127.0.0.1',
      skipFiles: ['<node_internals>/**'],
      resolveSourceMapLocations: ['**', '!**/node_modules/**'],
      continueOnAttach: true,
    },
    { testRun, suppressSaveBeforeStart: true },
  );
  const ready = ok ? await within(attached, ATTACH_MS) : undefined;
  listener?.dispose();
  if (!ready) {
    if (session) await vscode.debug.stopDebugging(session);
    return { problem: vscode.l10n.t('VS Code’s debugger could not attach to your app ({0}). {1}', processWords(app), startIt) };
  }
  return {
    client,
    said: vscode.l10n.t('Debugging: VS Code’s debugger is attached to your app ({0}){1} for this run: a breakpoint in a step stops its render.', processWords(app), via),
    end: async () => {
      await vscode.debug.stopDebugging(session);
    },
  };
}
