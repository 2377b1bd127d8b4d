/**
 * The rules every GitHub workflow file of this repository (and its action.yml) keeps, as a function
 * of a file's text (issue 56, §4), so that the test can feed it the real files and a bad one:
 *   - yaml:   it parses with a real YAML parser (duplicate keys included) into the expected shape;
 *   - run:    every `run:` names what exists: `npm run X` a script of the package.json of its
 *             working directory (npm ci/test/publish and the like are npm's own), `node <file>` a
 *             file of the repository, `npx <bin>` a bin of a dev dependency, or a package pinned to
 *             an exact version (`npx -y pkg@1.2.3`);
 *   - uses:   every action is pinned to a version tag (`@v4`, `@v4.1.2`) or a 40-hex commit, never
 *             a branch;
 *   - secret: `${{ secrets.* }}` appears only as a value of an `env:` map (or a reusable workflow's
 *             `secrets:`), never inside a `run:`, a `with:` or anywhere else; and no `run:` prints a
 *             variable that holds one (echo/printf of it, printenv, a bare env, set -x).
 * The checks read the repository (package.json scripts, files, dev dependencies' bins) from `root`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseDocument } from 'yaml';

export type Rule = 'yaml' | 'run' | 'uses' | 'secret';
export interface Problem {
  rule: Rule;
  /** Where in the file: `jobs.test.steps[2].run`. */
  where: string;
  message: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type YamlMap = { [key: string]: Json };
const isMap = (v: Json | undefined): v is YamlMap => typeof v === 'object' && v !== null && !Array.isArray(v);

/** npm's own commands a workflow may run (anything else: `npm run <script>`). */
const NPM_BUILTINS = new Set(['ci', 'install', 'i', 'publish', 'pack', 'view', 'config', 'whoami', 'ls', 'audit', 'version', 'dist-tag']);
/** npm commands that run a script of package.json. */
const NPM_SCRIPT_ALIASES: Record<string, string> = { test: 'test', t: 'test', start: 'start', stop: 'stop', restart: 'restart' };
/** Commands that run the command after them (with their own options first). */
const WRAPPERS = new Set(['xvfb-run', 'sudo', 'time', 'env', 'exec', 'nice', 'timeout']);
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
const PINNED_REF = /^(?:v\d+(?:\.\d+){0,2}|[0-9a-f]{40})$/;
/** `${{ … }}` expressions. */
const EXPRESSION = /\$\{\{([\s\S]*?)\}\}/g;
const SECRET_IN_EXPRESSION = /\$\{\{[^}]*\bsecrets\s*(?:\.|\[)/;

const readJson = (file: string): YamlMap | undefined => {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Json;
    return isMap(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/** The bins the root package.json's dev dependencies provide (read from their installed package.json). */
function devDependencyBins(root: string): Set<string> {
  const bins = new Set<string>();
  const devDependencies = readJson(join(root, 'package.json'))?.devDependencies;
  if (!isMap(devDependencies)) return bins;
  for (const name of Object.keys(devDependencies)) {
    const manifest = readJson(join(root, 'node_modules', name, 'package.json'));
    const bin = manifest?.bin;
    if (typeof bin === 'string') bins.add(name.replace(/^@[^/]+\//, ''));
    else if (isMap(bin)) for (const key of Object.keys(bin)) bins.add(key);
  }
  return bins;
}

/** The names of this repository's own packages (packages/<name>/package.json). */
function ownPackages(root: string): Set<string> {
  const names = new Set<string>();
  for (const dir of ['packages/novu-explorer-test']) {
    const name = readJson(join(root, dir, 'package.json'))?.name;
    if (typeof name === 'string') names.add(name);
  }
  return names;
}

/** Shell words of one simple command, quotes taken off (enough for the commands a workflow runs). */
const words = (command: string): string[] => (command.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^(["'])([\s\S]*)\1$/, '$2'));

/**
 * A script's simple commands: expressions stood in for (their `|` is not a pipe), continuation
 * lines joined, comments dropped, then split at newlines, `;`, `&&`, `||`, `|`, `$(`, backticks and
 * parentheses.
 */
function simpleCommands(script: string): string[] {
  return script
    .replace(EXPRESSION, '__EXPR__')
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .join('\n')
    .split(/\n|;|&&|\|\||\||\$\(|`|\(|\)/)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/** The command's words from its command name on: leading VAR=value and wrappers (with their options) skipped. */
function commandWords(command: string): string[] {
  let w = words(command);
  for (;;) {
    while (w.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w[0]!)) w = w.slice(1);
    if (w.length === 0 || !WRAPPERS.has(w[0]!)) return w;
    w = w.slice(1);
    while (w.length > 0 && w[0]!.startsWith('-')) w = w.slice(1);
    // timeout's duration
    if (w.length > 0 && /^\d+[smhd]?$/.test(w[0]!)) w = w.slice(1);
  }
}

interface Context {
  root: string;
  /** The folder the step runs in, relative to the repository. */
  workingDirectory: string;
  bins: Set<string>;
  own: Set<string>;
}

/** A path a step names, resolved in the repository; undefined when it depends on something unknown. */
function repoPath(path: string, ctx: Context): string | undefined {
  const actionPath = /^(?:__EXPR__|\$\{?GITHUB_ACTION_PATH\}?)\//;
  if (actionPath.test(path)) return resolve(ctx.root, path.replace(actionPath, ''));
  if (path.includes('$') || path.includes('__EXPR__')) return undefined;
  return resolve(ctx.root, ctx.workingDirectory, path);
}

function scriptsOf(dir: string): YamlMap {
  const scripts = readJson(join(dir, 'package.json'))?.scripts;
  return isMap(scripts) ? scripts : {};
}

/** What is wrong with one `npx`/`npm exec` call: its words after the command. */
function npxProblem(args: string[], ctx: Context, shown: string): string | undefined {
  let yes = false;
  let i = 0;
  let spec: string | undefined;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-y' || a === '--yes') yes = true;
    else if (a === '-p' || a === '--package') spec = args[++i];
    else if (a.startsWith('--package=')) spec = a.slice('--package='.length);
    else if (a === '--') continue;
    else if (!a.startsWith('-')) break;
  }
  spec ??= args[i];
  if (spec === undefined) return `"${shown}" names nothing to run.`;
  const at = spec.lastIndexOf('@');
  const name = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : undefined;
  if (version === undefined) {
    if (ctx.bins.has(name)) return undefined;
    return `"${shown}": no dev dependency provides "${name}"; add one, or pin it (npx -y ${name}@1.2.3).`;
  }
  if (!yes) return `"${shown}" runs a package not installed here: say -y, so that npx does not ask.`;
  if (EXACT_VERSION.test(version)) return undefined;
  // This repository's own package at a version the step computes (an action runs its own release).
  if (ctx.own.has(name) && /^(?:__EXPR__|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)$/.test(version)) return undefined;
  return `"${shown}" is not pinned to an exact version (${name}@${version}).`;
}

/** What is wrong with the commands of one `run:` script. */
function runProblems(script: string, ctx: Context): string[] {
  const problems: string[] = [];
  for (const command of simpleCommands(script)) {
    const w = commandWords(command);
    const [name, ...args] = w;
    if (name === undefined) continue;
    const shown = w.join(' ');
    if (name === 'npm') {
      const sub = args.find((a) => !a.startsWith('-'));
      const rest = sub === undefined ? [] : args.slice(args.indexOf(sub) + 1);
      const dir = resolve(ctx.root, ctx.workingDirectory);
      const where = relative(ctx.root, join(dir, 'package.json'));
      if (sub === undefined) problems.push(`"${shown}" runs npm with no command.`);
      else if (sub === 'run' || sub === 'run-script') {
        const script = rest.find((a) => !a.startsWith('-'));
        if (script === undefined) problems.push(`"${shown}" names no script.`);
        else if (!(script in scriptsOf(dir))) problems.push(`"${shown}": ${where} has no script "${script}".`);
      } else if (sub in NPM_SCRIPT_ALIASES) {
        if (!(NPM_SCRIPT_ALIASES[sub]! in scriptsOf(dir))) problems.push(`"${shown}": ${where} has no script "${NPM_SCRIPT_ALIASES[sub]}".`);
      } else if (sub === 'exec' || sub === 'x') {
        const problem = npxProblem(rest, ctx, shown);
        if (problem) problems.push(problem);
      } else if (!NPM_BUILTINS.has(sub)) {
        problems.push(`"${shown}": "${sub}" is neither npm's own command nor run through \`npm run\`.`);
      } else if (sub === 'publish' || sub === 'pack') {
        const folder = rest.find((a) => !a.startsWith('-') && /^[./]/.test(a));
        if (folder !== undefined) {
          const path = repoPath(folder, ctx);
          if (path === undefined || !existsSync(join(path, 'package.json'))) problems.push(`"${shown}": ${folder} is no package folder of the repository.`);
        }
      }
    } else if (name === 'node') {
      if (args.some((a) => /^(-e|-p|--eval|--print|--test)$/.test(a) || /^--(eval|print)=/.test(a))) continue;
      const file = args.find((a) => !a.startsWith('-'));
      if (file === undefined) {
        problems.push(`"${shown}" names no script.`);
        continue;
      }
      const path = repoPath(file, ctx);
      if (path === undefined) problems.push(`"${shown}": ${file} depends on a variable; name the file.`);
      else if (!existsSync(path) || !statSync(path).isFile()) problems.push(`"${shown}": ${relative(ctx.root, path)} does not exist.`);
    } else if (name === 'npx') {
      const problem = npxProblem(args, ctx, shown);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/** Why a `uses:` value is not pinned, or undefined. */
function usesProblem(uses: string): string | undefined {
  if (uses.startsWith('./')) return undefined;
  if (uses.startsWith('docker://')) return /@sha256:[0-9a-f]{64}$/.test(uses) ? undefined : `${uses} is not pinned to a digest.`;
  const m = /^[\w.-]+\/[\w.-]+(?:\/[^@]+)?@(.+)$/.exec(uses);
  if (!m) return `${uses} names no version: pin it to a tag (@v4) or a commit.`;
  if (!PINNED_REF.test(m[1]!)) return `${uses} is pinned to "${m[1]}", which looks like a branch: pin it to a version tag (@v4) or a 40-hex commit.`;
  return undefined;
}

/** Every string of the document with its path, to find secrets where they must not be. */
function* strings(value: Json | undefined, path: (string | number)[]): Generator<[string, (string | number)[]]> {
  if (typeof value === 'string') yield [value, path];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, [...path, i]);
  else if (isMap(value)) for (const [k, v] of Object.entries(value)) yield* strings(v, [...path, k]);
}

const shownPath = (path: (string | number)[]): string => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

/** A secret may be an env variable's value, or a reusable workflow's secret: `<…>.env.NAME`, `jobs.<id>.secrets.NAME`. */
const secretAllowedAt = (path: (string | number)[]): boolean =>
  (path.length >= 2 && path[path.length - 2] === 'env') || (path.length === 4 && path[0] === 'jobs' && path[2] === 'secrets');

/** The env variables (of any level) whose value holds a secret. */
function secretVariables(doc: Json): Set<string> {
  const names = new Set<string>(['GITHUB_TOKEN', 'GH_TOKEN', 'NODE_AUTH_TOKEN']);
  for (const [value, path] of strings(doc, [])) {
    if (SECRET_IN_EXPRESSION.test(value) && path[path.length - 2] === 'env') names.add(String(path[path.length - 1]));
  }
  return names;
}

/** Lines of a script that would print a secret variable (or the whole environment) to the log. */
function printsSecret(script: string, secrets: Set<string>): string[] {
  const found: string[] = [];
  for (const line of script.split('\n')) {
    const t = line.trim();
    if (/^(?:set\s+-[a-wyz]*x|set\s+-o\s+xtrace)\b/.test(t)) found.push(`"${t}" traces every command, secrets included.`);
    if (/(^|[;&|]\s*)(printenv|env)\s*($|[|;&>])/.test(t)) found.push(`"${t}" prints the whole environment.`);
    for (const name of secrets) {
      const variable = new RegExp(`\\$\\{?${name}\\b|\\$\\{\\{\\s*env\\.${name}\\b`);
      if (!variable.test(t)) continue;
      if (/(^|[;&|(]\s*)(echo|printf|printenv|cat)\b/.test(t) || new RegExp(`printenv\\s+${name}\\b`).test(t)) found.push(`"${t}" prints ${name}, which holds a secret.`);
      else if (/\$\{\{\s*env\./.test(t)) found.push(`"${t}" writes ${name}, which holds a secret, into the script's text.`);
    }
  }
  return found;
}

/**
 * The problems of one workflow file (`kind: 'workflow'`) or action.yml (`kind: 'action'`).
 * @param root the repository the file belongs to
 */
export function workflowProblems(text: string, kind: 'workflow' | 'action', root: string): Problem[] {
  const problems: Problem[] = [];
  const parsed = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  if (parsed.errors.length > 0) {
    return parsed.errors.map((e) => ({ rule: 'yaml' as const, where: `line ${e.linePos?.[0]?.line ?? '?'}`, message: e.message.split('\n')[0]! }));
  }
  const doc = parsed.toJS() as Json;
  if (!isMap(doc)) return [{ rule: 'yaml', where: '(top)', message: 'the file is not a YAML map.' }];
  const ctxBase = { root, bins: devDependencyBins(root), own: ownPackages(root) };

  // The steps (with their path and working directory) and the jobs that call reusable workflows.
  const steps: { step: YamlMap; path: (string | number)[]; workingDirectory: string }[] = [];
  if (kind === 'workflow') {
    if (doc.on === undefined) problems.push({ rule: 'yaml', where: '(top)', message: 'a workflow needs `on:`.' });
    if (!isMap(doc.jobs) || Object.keys(doc.jobs).length === 0) problems.push({ rule: 'yaml', where: '(top)', message: 'a workflow needs `jobs:`.' });
    const topDir = isMap(doc.defaults) && isMap(doc.defaults.run) ? doc.defaults.run['working-directory'] : undefined;
    for (const [id, job] of Object.entries(isMap(doc.jobs) ? doc.jobs : {})) {
      if (!isMap(job)) {
        problems.push({ rule: 'yaml', where: `jobs.${id}`, message: 'a job is a map.' });
        continue;
      }
      if (typeof job.uses === 'string') {
        const problem = usesProblem(job.uses);
        if (problem) problems.push({ rule: 'uses', where: `jobs.${id}.uses`, message: problem });
        continue;
      }
      if (job['runs-on'] === undefined) problems.push({ rule: 'yaml', where: `jobs.${id}`, message: 'a job needs `runs-on:`.' });
      if (!Array.isArray(job.steps)) {
        problems.push({ rule: 'yaml', where: `jobs.${id}`, message: 'a job needs `steps:`.' });
        continue;
      }
      const jobDir = isMap(job.defaults) && isMap(job.defaults.run) ? job.defaults.run['working-directory'] : undefined;
      for (const [i, step] of job.steps.entries()) {
        if (!isMap(step)) continue;
        const dir = step['working-directory'] ?? jobDir ?? topDir ?? '.';
        steps.push({ step, path: ['jobs', id, 'steps', i], workingDirectory: String(dir) });
      }
    }
  } else {
    const runs = doc.runs;
    if (!isMap(runs) || typeof runs.using !== 'string') problems.push({ rule: 'yaml', where: 'runs', message: 'an action needs `runs.using`.' });
    else if (runs.using === 'composite') {
      if (!Array.isArray(runs.steps)) problems.push({ rule: 'yaml', where: 'runs', message: 'a composite action needs `runs.steps`.' });
      else for (const [i, step] of runs.steps.entries()) if (isMap(step)) steps.push({ step, path: ['runs', 'steps', i], workingDirectory: String(step['working-directory'] ?? '.') });
    }
  }

  const secrets = secretVariables(doc);
  for (const { step, path, workingDirectory } of steps) {
    const where = shownPath(path);
    const hasRun = typeof step.run === 'string';
    const hasUses = typeof step.uses === 'string';
    if (hasRun === hasUses) problems.push({ rule: 'yaml', where, message: 'a step has either `run:` or `uses:`.' });
    if (hasUses) {
      const problem = usesProblem(step.uses as string);
      if (problem) problems.push({ rule: 'uses', where: `${where}.uses`, message: problem });
    }
    if (hasRun) {
      const script = step.run as string;
      for (const message of runProblems(script, { ...ctxBase, workingDirectory })) problems.push({ rule: 'run', where: `${where}.run`, message });
      for (const message of printsSecret(script, secrets)) problems.push({ rule: 'secret', where: `${where}.run`, message });
    }
  }
  for (const [value, path] of strings(doc, [])) {
    if (SECRET_IN_EXPRESSION.test(value) && !secretAllowedAt(path)) {
      problems.push({ rule: 'secret', where: shownPath(path), message: `a secret is used outside \`env:\` (${value.match(/\$\{\{[^}]*\}\}/)?.[0]}): pass it through an env variable.` });
    }
  }
  return problems;
}
