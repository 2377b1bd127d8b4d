/**
 * Which process of this machine serves a bridge URL: the Test Explorer's Debug attaches VS Code's
 * JavaScript debugger to it (issue 46, §3). It is the process that listens at the URL's port; when
 * that process forwards to a Node.js child process that listens itself (a dev server that keeps the
 * port and runs the app in a child, as the demo's runner does), it is that child, the newest when
 * there are several. Nothing is sent to any process here: the caller decides (only a Node.js
 * process may be attached to: the signal that opens Node's inspector ends most other programs).
 *
 * The system is read without privileges: /proc on Linux; lsof and ps on macOS; netstat and
 * PowerShell on Windows. A process of another user (or in a container) is not seen. Pure of vscode.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { isThisMachine } from './addressRule';

export interface OsProcess {
  pid: number;
  ppid: number;
  /** The executable's path, or its name where only that is known. */
  exe: string;
  /** The command line, its arguments joined with spaces. */
  command: string;
  /** When it started, in the table's own unit: only ever compared with another process's. */
  started: number;
}

/** What a lookup reads of the system (tests give their own). */
export interface ProcessTable {
  /** Each process that holds a listening TCP socket, with the ports it listens on. */
  listening(): Promise<Map<number, Set<number>>>;
  processes(): Promise<OsProcess[]>;
}

export type ServingProcess =
  /**
   * `forwardedBy`: the process at the port, which hands the requests to this one. `own`: the
   * process is the caller's, or one it runs in (VS Code's own, never to be attached to).
   */
  | { kind: 'found'; port: number; process: OsProcess; node: boolean; forwardedBy?: OsProcess; own?: true }
  /** The URL's host is not this machine. */
  | { kind: 'elsewhere' }
  /** Nothing this user can see listens at the port. */
  | { kind: 'none'; port: number }
  /** This system's processes cannot be read. */
  | { kind: 'unsupported' };

/** Whether an executable is Node.js by its name (`node`, `nodejs`, `node20`, `node.exe`). */
export function isNodeExecutable(exe: string): boolean {
  const name = exe.replace(/\\/g, '/').split('/').pop() ?? '';
  return /^(?:node|nodejs)(?:\d+(?:\.\d+)*)?(?:\.exe)?$/i.test(name);
}

/** The URL's port (its scheme's when none is written). */
function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/**
 * The process that serves `url`. `self` is the caller's process: neither it nor a process it runs
 * in (its parents) is ever taken for a front's app, and when one of them is at the port, it is said.
 */
export async function servingProcess(url: string, table: ProcessTable | null = systemTable(), self: number = process.pid): Promise<ServingProcess> {
  if (!isThisMachine(url)) return { kind: 'elsewhere' };
  if (!table) return { kind: 'unsupported' };
  const port = portOf(new URL(url.trim()));
  const [listening, processes] = await Promise.all([table.listening(), table.processes()]);
  const byPid = new Map(processes.map((p) => [p.pid, p]));
  const mine = new Set<number>([self]);
  for (let p = byPid.get(self); p && !mine.has(p.ppid) && p.ppid > 0; p = byPid.get(p.ppid)) mine.add(p.ppid);
  const own = (p: OsProcess) => (mine.has(p.pid) ? { own: true as const } : {});
  const listeners = [...listening].filter(([, ports]) => ports.has(port)).flatMap(([pid]) => byPid.get(pid) ?? []);
  const listener = listeners.find((p) => isNodeExecutable(p.exe)) ?? listeners[0];
  if (!listener) return { kind: 'none', port };
  if (!isNodeExecutable(listener.exe)) return { kind: 'found', port, process: listener, node: false, ...own(listener) };
  const app = processes.filter((p) => p.ppid === listener.pid && !mine.has(p.pid) && listening.has(p.pid) && isNodeExecutable(p.exe)).sort((a, b) => b.started - a.started)[0];
  return app ? { kind: 'found', port, process: app, node: true, forwardedBy: listener } : { kind: 'found', port, process: listener, node: true, ...own(listener) };
}

/** The system's table, or null where its processes cannot be read. */
export function systemTable(platform: NodeJS.Platform = process.platform): ProcessTable | null {
  if (platform === 'linux') return linuxTable();
  if (platform === 'darwin') return commandTable(['lsof', ['-nP', '-iTCP', '-sTCP:LISTEN', '-F', 'pn']], readLsof, ['ps', ['-A', '-ww', '-o', 'pid=,ppid=,etime=,args=']], readPs);
  if (platform === 'win32') {
    const processes = "Get-CimInstance Win32_Process | ForEach-Object { '{0}|{1}|{2}|{3}|{4}' -f $_.ProcessId,$_.ParentProcessId,$_.ExecutablePath,$_.CreationDate.Ticks,$_.CommandLine }";
    return commandTable(['netstat', ['-ano', '-p', 'TCP']], readNetstat, ['powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', processes]], readCimProcesses, ['netstat', ['-ano', '-p', 'TCPv6']]);
  }
  return null;
}

// --- Linux: /proc -------------------------------------------------------------------------------

/** The listening sockets of a /proc/net/tcp or tcp6 table: socket inode → port. */
export function readProcNetTcp(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // sl local_address rem_address st …; st 0A is LISTEN; the inode is the tenth field.
    if (fields.length < 10 || fields[3] !== '0A') continue;
    const port = parseInt(fields[1]!.split(':')[1] ?? '', 16);
    if (Number.isInteger(port) && fields[9] !== '0') out.set(fields[9]!, port);
  }
  return out;
}

/** A /proc/<pid>/stat line: its parent and its start time (the command may hold spaces and parentheses). */
export function readProcStat(text: string): { ppid: number; started: number } | undefined {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ": state ppid … starttime is the 22nd field of the line, the 20th after comm.
  const ppid = Number(fields[1]);
  const started = Number(fields[19]);
  return Number.isInteger(ppid) ? { ppid, started: Number.isFinite(started) ? started : 0 } : undefined;
}

function linuxTable(): ProcessTable {
  const pids = async () => (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  return {
    async listening() {
      const sockets = new Map<string, number>();
      for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
        const text = await readFile(table, 'utf8').catch(() => '');
        for (const [inode, port] of readProcNetTcp(text)) sockets.set(inode, port);
      }
      const out = new Map<number, Set<number>>();
      if (sockets.size === 0) return out;
      await Promise.all(
        (await pids()).map(async (pid) => {
          // Another user's process: its descriptors cannot be read, and it is not seen.
          const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
          for (const fd of fds) {
            const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
            const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
            const port = inode ? sockets.get(inode) : undefined;
            if (port !== undefined) (out.get(pid) ?? out.set(pid, new Set()).get(pid)!).add(port);
          }
        }),
      );
      return out;
    },
    async processes() {
      const found = await Promise.all(
        (await pids()).map(async (pid): Promise<OsProcess | undefined> => {
          const [stat, cmdline, exe] = await Promise.all([
            readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''),
            readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
            readlink(`/proc/${pid}/exe`).catch(() => ''),
          ]);
          const read = readProcStat(stat);
          if (!read) return undefined;
          const argv = cmdline.split('\0').filter(Boolean);
          return { pid, ppid: read.ppid, exe: exe || argv[0] || '', command: argv.join(' '), started: read.started };
        }),
      );
      return found.filter((p) => p !== undefined);
    },
  };
}

// --- macOS and Windows: their commands -------------------------------------------------------------

type Command = [file: string, args: string[]];

function run([file, args]: Command): Promise<string> {
  return new Promise((resolve) => execFile(file, args, { timeout: 10_000, maxBuffer: 16 * 1024 * 1024, windowsHide: true }, (error, stdout) => resolve(error && !stdout ? '' : String(stdout))));
}

function commandTable(listen: Command, readListen: (text: string) => Map<number, Set<number>>, list: Command, readList: (text: string) => OsProcess[], listenToo?: Command): ProcessTable {
  return {
    async listening() {
      const out = readListen(await run(listen));
      if (listenToo) for (const [pid, ports] of readListen(await run(listenToo))) for (const port of ports) (out.get(pid) ?? out.set(pid, new Set()).get(pid)!).add(port);
      return out;
    },
    processes: async () => readList(await run(list)),
  };
}

/** `lsof -F pn` of listening TCP sockets: "p<pid>" lines, then "n<address>:<port>" lines of that process. */
export function readLsof(text: string): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  let pid: number | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('p')) pid = Number(line.slice(1));
    else if (line.startsWith('n') && pid !== undefined) {
      const port = Number(/:(\d+)$/.exec(line)?.[1]);
      if (Number.isInteger(port)) (out.get(pid) ?? out.set(pid, new Set()).get(pid)!).add(port);
    }
  }
  return out;
}

/** `ps -o pid=,ppid=,etime=,args=`: the elapsed time ([[dd-]hh:]mm:ss) says which started later. */
export function readPs(text: string): OsProcess[] {
  const out: OsProcess[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const elapsed = ((Number(m[3] ?? 0) * 24 + Number(m[4] ?? 0)) * 60 + Number(m[5])) * 60 + Number(m[6]);
    const command = m[7]!.trim();
    out.push({ pid: Number(m[1]), ppid: Number(m[2]), exe: command.split(/\s+/)[0] ?? '', command, started: -elapsed });
  }
  return out;
}

/** `netstat -ano -p TCP` (or TCPv6): a listening socket is one whose remote address is all zeros (in any language). */
export function readNetstat(text: string): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const line of text.split('\n')) {
    const m = /^\s*TCP\s+(\S+):(\d+)\s+(?:0\.0\.0\.0|\[::\]):0\s+\S+\s+(\d+)\s*$/i.exec(line);
    if (!m) continue;
    const pid = Number(m[3]);
    (out.get(pid) ?? out.set(pid, new Set()).get(pid)!).add(Number(m[2]));
  }
  return out;
}

/** PowerShell's "pid|ppid|executable|creation ticks|command line" lines. */
export function readCimProcesses(text: string): OsProcess[] {
  const out: OsProcess[] = [];
  for (const line of text.split(/\r?\n/)) {
    const [pid, ppid, exe, ticks, ...command] = line.split('|');
    if (!pid || !/^\d+$/.test(pid.trim())) continue;
    out.push({ pid: Number(pid), ppid: Number(ppid), exe: (exe ?? '').trim(), command: command.join('|').trim(), started: Number(ticks) || 0 });
  }
  return out;
}
