// Installs what the VS Code integration tests need, and nothing when it is already there:
//   - Debian packages: chromium (the browser Playwright drives), libkrb5-dev (code-server's
//     `kerberos` addon compiles against it), ripgrep (stands in for @vscode/ripgrep's download);
//   - code-server 4.100.3 (= VS Code 1.100.3, server + web workbench) from test/vscode's lockfile,
//     into .vscode-test/code-server, skipped when a stamp file says that copy matches the lockfile.
//
// Usage:  node test/vscode/setup.mjs [--force]      (or: import { ensureVSCode } from './setup.mjs')
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

const log = (msg) => console.log(`[vscode-setup] ${msg}`);

/** Paths of the installed test host (whether or not it is installed yet). */
export function vscodePaths() {
  const installDir = join(PROJECT_ROOT, '.vscode-test', 'code-server');
  const codeServerDir = join(installDir, 'node_modules', 'code-server');
  return {
    projectRoot: PROJECT_ROOT,
    installDir,
    codeServerDir,
    /** `node <entry> ...` starts code-server. */
    entry: join(codeServerDir, 'out', 'node', 'entry.js'),
    vscodeDir: join(codeServerDir, 'lib', 'vscode'),
    chromium: CHROMIUM_PATH,
    stampFile: join(installDir, '.install-stamp'),
    logFile: join(PROJECT_ROOT, '.vscode-test', 'code-server-install.log'),
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

/** Installs missing Debian packages (root only); throws a clear error otherwise. */
export function ensureDebianPackages(packages = DEBIAN_PACKAGES) {
  const missing = packages.filter((p) => !debianPackageInstalled(p));
  if (missing.length === 0) return [];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `missing Debian packages: ${missing.join(' ')}. Install them as root: ` +
        `apt-get update && apt-get install -y ${missing.join(' ')}`,
    );
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for a concurrent apt/dpkg run rather than failing on its lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  run('apt-get', [...lock, 'update'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  // With recommends, as on the machines where the tests were run (fonts for readable screenshots).
  run('apt-get', [...lock, 'install', '-y', ...missing], { env });
  const still = missing.filter((p) => !debianPackageInstalled(p));
  if (still.length > 0) throw new Error(`apt-get did not install: ${still.join(' ')}`);
  return missing;
}

/** What the installed copy must match: our package.json + lockfile, the procedure, Node's ABI. */
function wantedStamp() {
  const h = createHash('sha256');
  h.update(readFileSync(join(HERE, 'package.json')));
  h.update(readFileSync(join(HERE, 'package-lock.json')));
  h.update(`setup:${SETUP_REVISION} abi:${process.versions.modules} arch:${process.arch}`);
  return h.digest('hex');
}

/** Files whose absence means a broken install even if the stamp matches. */
function essentialFiles(p) {
  const nm = join(p.vscodeDir, 'node_modules');
  return [
    p.entry,
    join(nm, '@vscode', 'ripgrep', 'bin', 'rg'),
    join(nm, 'node-pty', 'build', 'Release', 'pty.node'),
    join(nm, 'kerberos', 'build', 'Release', 'kerberos.node'),
  ];
}

export function isUpToDate(p = vscodePaths()) {
  try {
    if (readFileSync(p.stampFile, 'utf8').trim() !== wantedStamp()) return false;
  } catch {
    return false;
  }
  return essentialFiles(p).every((f) => existsSync(f));
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
function seedRipgrepCache(tmp) {
  const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim() || '/usr/bin/rg';
  const cacheDir = join(tmp, `vscode-ripgrep-cache-${VSCODE_RIPGREP_VERSION}`);
  mkdirSync(cacheDir, { recursive: true });
  // The postinstall runs `tar xvf <tarball> -C bin` and then expects bin/rg: rg at the top level.
  const tarball = join(cacheDir, `ripgrep-${RIPGREP_RELEASE}-${ripgrepTarget()}.tar.gz`);
  run('tar', ['-czf', tarball, '-C', dirname(realpathSync(rg)), 'rg'], { stdio: 'ignore' });
}

/** Lets the nested installs of code-server's postinstall run the install scripts they need. */
function writeNestedNpmrcs(p) {
  const rc =
    '# written by test/vscode/setup.mjs for code-server\'s postinstall\n' +
    `allow-scripts=${NESTED_ALLOW_SCRIPTS.join(',')}\n` +
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

async function installCodeServer(p) {
  rmSync(p.installDir, { recursive: true, force: true });
  mkdirSync(p.installDir, { recursive: true });
  copyFileSync(join(HERE, 'package.json'), join(p.installDir, 'package.json'));
  copyFileSync(join(HERE, 'package-lock.json'), join(p.installDir, 'package-lock.json'));
  const tmp = mkdtempSync(join(tmpdir(), 'novu-vscode-setup-'));
  try {
    seedRipgrepCache(tmp);
    writeFileSync(p.logFile, `code-server install ${new Date().toISOString()}\n`);
    const env = {
      ...process.env,
      TMPDIR: tmp, // @vscode/ripgrep looks for its cached tarball under os.tmpdir()
      npm_config_yes: 'true', // node-pty's postinstall runs `npx node-gyp`
      npm_config_foreground_scripts: 'true', // script output goes to the log as it happens
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      npm_config_update_notifier: 'false',
    };
    log(`npm ci code-server into ${p.installDir} (log: ${p.logFile})`);
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
          npm_config_user_agent: `npm/${npmVersion} node/${process.version} ${process.platform} ${process.arch}`,
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
    writeFileSync(p.stampFile, wantedStamp() + '\n');
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
 * @param {{ force?: boolean }} [options] force: reinstall code-server even when up to date.
 * @returns {Promise<ReturnType<typeof vscodePaths> & { installed: boolean }>}
 */
export async function ensureVSCode({ force = false } = {}) {
  const p = vscodePaths();
  ensureDebianPackages();
  if (!force && isUpToDate(p)) return { ...p, installed: false };
  return withLock(join(PROJECT_ROOT, '.vscode-test', '.setup-lock'), async () => {
    if (!force && isUpToDate(p)) return { ...p, installed: false }; // done by the run we waited for
    const started = Date.now();
    await installCodeServer(p);
    log(`code-server installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { ...p, installed: true };
  });
}

function isMain() {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const started = Date.now();
  try {
    const p = await ensureVSCode({ force: process.argv.includes('--force') });
    const version = JSON.parse(readFileSync(join(p.codeServerDir, 'package.json'), 'utf8')).version;
    log(
      `${p.installed ? 'ready' : 'up to date'}: code-server ${version} in ${p.codeServerDir} ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } catch (e) {
    console.error(`[vscode-setup] ${e.message}`);
    process.exitCode = 1;
  }
}

