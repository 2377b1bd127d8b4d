/**
 * Which process serves a bridge URL (the Test Explorer's Debug attaches to it): real processes of
 * this machine read from /proc (a Node server, a front that forwards to its Node child, a program
 * that is not Node, a port nobody listens on), the rule over a given table, and the readers of
 * every system's output (/proc, lsof, ps, netstat, PowerShell's processes).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import {
  isNodeExecutable,
  readCimProcesses,
  readLsof,
  readNetstat,
  readProcNetTcp,
  readProcStat,
  readPs,
  servingProcess,
  systemTable,
  type OsProcess,
  type ProcessTable,
} from '../../../src/bridge/appProcess';

/** Starts `command` and resolves with it and the first line it prints (a port). */
function start(command: string, args: string[]): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, line }));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const SERVER = "const s=require('node:http').createServer((q,r)=>r.end('ok'));s.listen(0,'127.0.0.1',()=>console.log(s.address().port))";
// A front at one port that starts its app in a child process listening at another, as the demo's runner does.
const FRONT = `const {spawn}=require('node:child_process');const c=spawn(process.execPath,['-e',${JSON.stringify(SERVER)}],{stdio:['ignore','pipe','inherit']});c.stdout.once('data',()=>{const s=require('node:http').createServer((q,r)=>r.end('front'));s.listen(0,'127.0.0.1',()=>console.log(s.address().port+' '+c.pid))});process.on('SIGTERM',()=>{c.kill();process.exit(0)})`;

describe('the process that serves a bridge URL, on this machine', { skip: process.platform !== 'linux' && 'reads /proc' }, () => {
  it('finds a Node.js server by its port', async () => {
    const { child, line } = await start(process.execPath, ['-e', SERVER]);
    try {
      const found = await servingProcess(`http://127.0.0.1:${line}/api/novu`);
      assert.equal(found.kind, 'found');
      assert.ok(found.kind === 'found');
      assert.equal(found.process.pid, child.pid);
      assert.equal(found.node, true);
      assert.equal(found.forwardedBy, undefined);
      assert.match(found.process.command, /createServer/);
    } finally {
      await stop(child);
    }
  });

  it('finds the Node.js child that a front forwards to, and says the front', async () => {
    const { child, line } = await start(process.execPath, ['-e', FRONT]);
    const [port, appPid] = line.split(' ').map(Number);
    try {
      const found = await servingProcess(`http://localhost:${port}/api/novu`);
      assert.ok(found.kind === 'found', JSON.stringify(found));
      assert.equal(found.process.pid, appPid);
      assert.equal(found.forwardedBy?.pid, child.pid);
    } finally {
      await stop(child);
    }
  });

  it('says a program that is not Node.js as such, and a port nobody listens on', async () => {
    const { child, line } = await start('python3', ['-u', '-c', "import socket;s=socket.socket();s.bind(('127.0.0.1',0));s.listen();print(s.getsockname()[1]);import time;time.sleep(60)"]);
    try {
      const found = await servingProcess(`http://127.0.0.1:${line}/`);
      assert.ok(found.kind === 'found');
      assert.equal(found.node, false);
      assert.match(found.process.exe, /python/);
    } finally {
      await stop(child);
    }
    const free = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    assert.deepEqual(await servingProcess(`http://127.0.0.1:${free}/api/novu`), { kind: 'none', port: free });
  });
});

describe('the process that serves a bridge URL, by the rule', () => {
  const proc = (pid: number, ppid: number, exe: string, started = pid): OsProcess => ({ pid, ppid, exe, command: exe, started });
  const table = (listening: Record<number, number[]>, processes: OsProcess[]): ProcessTable => ({
    listening: async () => new Map(Object.entries(listening).map(([pid, ports]) => [Number(pid), new Set(ports)])),
    processes: async () => processes,
  });

  it('is not asked of another machine, and says a system it cannot read', async () => {
    assert.deepEqual(await servingProcess('https://bridge.example.com/api/novu', table({}, [])), { kind: 'elsewhere' });
    assert.deepEqual(await servingProcess('http://10.0.0.5:4000/api/novu', table({}, [])), { kind: 'elsewhere' });
    assert.deepEqual(await servingProcess('http://127.0.0.1:4000/api/novu', systemTable('aix')), { kind: 'unsupported' });
  });

  it('takes the port of the scheme when none is written', async () => {
    const found = await servingProcess('http://localhost/api/novu', table({ 7: [80] }, [proc(7, 1, '/usr/bin/node')]));
    assert.ok(found.kind === 'found' && found.process.pid === 7);
  });

  it('takes the newest of a front’s listening Node.js children, and no child of a program that is not Node.js', async () => {
    const processes = [proc(10, 1, '/usr/local/bin/node'), proc(11, 10, 'node', 5), proc(12, 10, 'node', 9), proc(13, 10, 'node', 20), proc(20, 1, '/usr/bin/docker-proxy'), proc(21, 20, 'node')];
    // 13 is the newest child but does not listen (a spare waiting for its turn).
    const front = await servingProcess('http://127.0.0.1:4000/api/novu', table({ 10: [4000], 11: [39001], 12: [39002], 20: [5000], 21: [39003] }, processes));
    assert.ok(front.kind === 'found');
    assert.equal(front.process.pid, 12);
    assert.equal(front.forwardedBy?.pid, 10);
    const proxy = await servingProcess('http://127.0.0.1:5000/api/novu', table({ 10: [4000], 20: [5000], 21: [39003] }, processes));
    assert.ok(proxy.kind === 'found');
    assert.equal(proxy.process.pid, 20);
    assert.equal(proxy.node, false);
  });

  it('never takes the caller’s process, nor one it runs in, for a front’s app, and says when one of them is at the port', async () => {
    // 30 starts VS Code's server (31), which runs the extension host (32, the caller); 30 also
    // listens at the bridge URL and started the app (33) after VS Code's server.
    const processes = [proc(30, 1, 'node', 1), proc(31, 30, 'node', 5), proc(32, 31, 'node', 6), proc(33, 30, 'node', 3)];
    const front = await servingProcess('http://127.0.0.1:4000/api/novu', table({ 30: [4000], 31: [8080], 33: [39001] }, processes), 32);
    assert.ok(front.kind === 'found');
    assert.equal(front.process.pid, 33, 'the app, not VS Code’s newer server');
    assert.equal(front.own, undefined);
    const itself = await servingProcess('http://127.0.0.1:4000/api/novu', table({ 32: [4000] }, processes), 32);
    assert.ok(itself.kind === 'found' && itself.own === true && itself.process.pid === 32);
    const parent = await servingProcess('http://127.0.0.1:8080/', table({ 31: [8080] }, processes), 32);
    assert.ok(parent.kind === 'found' && parent.own === true && parent.process.pid === 31);
  });

  it('knows Node.js by its executable’s name', () => {
    for (const exe of ['node', '/usr/bin/node', '/home/a/.nvm/versions/node/v20.19.0/bin/node', 'nodejs', 'node20', 'C:\\Program Files\\nodejs\\node.exe', 'NODE.EXE']) assert.ok(isNodeExecutable(exe), exe);
    for (const exe of ['', '/usr/bin/python3', 'bun', 'deno', '/usr/bin/docker-proxy', 'nodemon', 'node_modules', '/opt/code/code']) assert.ok(!isNodeExecutable(exe), exe);
  });
});

describe('the readers of each system’s tables', () => {
  it('reads /proc/net/tcp and tcp6: the listening sockets’ inodes and ports', () => {
    const tcp = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:0FA0 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 53211 1 0000000000000000 100 0 0 10 0',
      '   1: 0100007F:0FA0 0100007F:D2F4 01 00000000:00000000 00:00000000 00000000  1000        0 53999 1 0000000000000000 20 4 30 10 -1',
      '   2: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 0 1 0000000000000000 100 0 0 10 0',
    ].join('\n');
    assert.deepEqual([...readProcNetTcp(tcp)], [['53211', 4000]]);
    const tcp6 = '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n   0: 00000000000000000000000001000000:0BB8 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 61234 1 0000000000000000 100 0 0 10 0\n';
    assert.deepEqual([...readProcNetTcp(tcp6)], [['61234', 3000]]);
  });

  it('reads /proc/<pid>/stat whatever the command’s name holds', () => {
    const line = (comm: string) => `4242 (${comm}) S 4200 4242 4200 0 -1 4194560 500 0 0 0 10 5 0 0 20 0 11 0 987654 1234567 890 18446744073709551615`;
    assert.deepEqual(readProcStat(line('node')), { ppid: 4200, started: 987654 });
    assert.deepEqual(readProcStat(line('a) (b c')), { ppid: 4200, started: 987654 });
    assert.equal(readProcStat(''), undefined);
  });

  it('reads lsof -F pn, ps -o pid=,ppid=,etime=,args=, netstat -ano in any language, and PowerShell’s processes', () => {
    assert.deepEqual([...readLsof('p512\nf22\nn*:3000\nf23\nn[::1]:3000\np640\nf9\nn127.0.0.1:4000\n')].map(([pid, ports]) => [pid, [...ports]]), [
      [512, [3000]],
      [640, [4000]],
    ]);
    const ps = readPs('  512     1   02-03:04:05 /usr/local/bin/node server.js --port 3000\n  640   512       01:30 node child.js\n  700     1    1:02:03 /bin/zsh -l\n');
    assert.deepEqual(
      ps.map((p) => [p.pid, p.ppid, p.exe, p.started]),
      [
        [512, 1, '/usr/local/bin/node', -(((2 * 24 + 3) * 60 + 4) * 60 + 5)],
        [640, 512, 'node', -90],
        [700, 1, '/bin/zsh', -3723],
      ],
    );
    const netstat = [
      '',
      'Aktive Verbindungen',
      '',
      '  Proto  Lokale Adresse         Remoteadresse          Status           PID',
      '  TCP    0.0.0.0:135            0.0.0.0:0              ABHÖREN         1000',
      '  TCP    127.0.0.1:4000         0.0.0.0:0              ABHÖREN         5120',
      '  TCP    127.0.0.1:4000         127.0.0.1:51000        HERGESTELLT     5120',
      '  TCP    [::1]:4000             [::]:0                 ABHÖREN         5120',
      '',
    ].join('\r\n');
    assert.deepEqual([...readNetstat(netstat)].map(([pid, ports]) => [pid, [...ports]]), [
      [1000, [135]],
      [5120, [4000]],
    ]);
    const cim = readCimProcesses('4|0||0|\r\n5120|5000|C:\\Program Files\\nodejs\\node.exe|638000000000000000|"node" server.js --a|b\r\nnot a line\r\n');
    assert.deepEqual(
      cim.map((p) => [p.pid, p.ppid, p.exe, p.started, p.command]),
      [
        [4, 0, '', 0, ''],
        [5120, 5000, 'C:\\Program Files\\nodejs\\node.exe', 638000000000000000, '"node" server.js --a|b'],
      ],
    );
  });
});
