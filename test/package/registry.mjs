// A local npm registry for the package tests (issue 56, §1): Verdaccio 6.8.0 (the newest that runs on
// Node 20), in a child process, on a free port of 127.0.0.1, with its storage and configuration in a
// temporary folder. It has no uplinks: nothing is ever fetched from or sent to the internet, and a
// package it does not hold is a 404. A user is created through the registry's own adduser endpoint,
// and its token written to a temporary npm user config (`--userconfig`): ~/.npmrc is never read or
// written. `npmEnv()` points npm, npx and npm publish at it, with an empty cache of their own, so
// that an install really comes from this registry (and npx never reuses a package cached by an
// earlier run). stop() ends the child by its PID.
//
//   const registry = await startRegistry(dir);
//   spawnSync('npm', ['publish', folder], { env: registry.npmEnv() });
//   await registry.stop();
//
// Run as a program (`node registry.mjs --serve config.json`) it is that child: it serves the
// configuration and writes its port as the first line of its stdout.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const HERE = import.meta.filename;

/**
 * The environment of an npm command run as a user would, but against `url`: without the `npm_…`
 * variables of an `npm test` around this one (its `npm_config_local_prefix` is the repository), with
 * the user config, cache and global config in `dir`, and no audit, fund or update notice (each
 * would ask the registry for what it does not have).
 */
export function registryEnv(url, dir, base = process.env) {
  return {
    ...Object.fromEntries(Object.entries(base).filter(([name]) => !/^npm_/i.test(name))),
    npm_config_registry: url,
    npm_config_userconfig: join(dir, 'npmrc'),
    npm_config_globalconfig: join(dir, 'global-npmrc'),
    npm_config_cache: join(dir, 'npm-cache'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

/**
 * Starts Verdaccio with its storage in `dir`, creates a user and writes `dir/npmrc` with its token.
 * @param {string} dir an empty temporary folder of the caller's, removed by the caller
 * @returns {Promise<{ url: string, pid: number, npmEnv: (base?: NodeJS.ProcessEnv) => NodeJS.ProcessEnv, stop: () => Promise<void> }>}
 */
export async function startRegistry(dir) {
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const config = {
    storage: join(dir, 'storage'),
    auth: { htpasswd: { file: join(dir, 'htpasswd'), max_users: 1 } },
    uplinks: {},
    packages: { '**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated' } },
    web: { enable: false },
    log: { type: 'stdout', format: 'pretty', level: 'error' },
  };
  // JSON is YAML: Verdaccio reads it as its config.yaml.
  const configFile = join(dir, 'config.yaml');
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  const child = spawn(process.execPath, [HERE, '--serve', configFile], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    let first = '';
    const timer = setTimeout(() => reject(new Error(`Verdaccio did not start within 30 s:\n${output}`)), 30_000);
    child.stdout.on('data', (d) => {
      first += d;
      const line = /^\{"port":(\d+)\}$/m.exec(first);
      if (line) {
        clearTimeout(timer);
        resolve(Number(line[1]));
      } else output += d;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Verdaccio ended (${signal ?? `exit code ${code}`}) before it listened:\n${output}${first}`));
    });
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGTERM');
    await exited;
  };
  try {
    // npm adduser's request: the answer holds the token npm would write to the user config.
    const name = 'novu-explorer-test-publisher';
    const response = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _id: `org.couchdb.user:${name}`, name, password: randomBytes(18).toString('base64url'), type: 'user', roles: [], date: new Date().toISOString() }),
    });
    const body = await response.json();
    if (response.status !== 201 || typeof body.token !== 'string') throw new Error(`Verdaccio refused the new user: HTTP ${response.status} ${body.error ?? ''}`);
    writeFileSync(join(dir, 'npmrc'), `registry=${url}\n//127.0.0.1:${port}/:_authToken=${body.token}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'global-npmrc'), '');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, npmEnv: (base) => registryEnv(url, dir, base), stop };
}

/**
 * `npm publish <folder> --json` with `env` (a registry's npmEnv()): what npm packed and published,
 * { name, version, size, unpackedSize, files: [{ path, size }] }; throws with npm's output when it fails.
 */
export function publish(folder, env, cwd) {
  const result = spawnSync('npm', ['publish', folder, '--json'], { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm publish ${folder} failed (${result.error?.message ?? result.signal ?? `exit code ${result.status}`}):\n${result.stdout}\n${result.stderr}`);
  const json = JSON.parse(result.stdout);
  // npm 11 keys it by the package's name; npm 10 printed it alone.
  return typeof json.id === 'string' ? json : Object.values(json)[0];
}

if (process.argv[1] === HERE && process.argv[2] === '--serve') {
  const { runServer } = createRequire(HERE)('verdaccio');
  const server = await runServer(process.argv[3]);
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
