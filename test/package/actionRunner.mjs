// Runs a composite action's steps as a GitHub runner would (issue 56, §3), for test/package/action.test.mjs:
// action.yml read with a real YAML parser (`yaml`), its inputs given or defaulted, the `${{ }}`
// expressions of each step's `env`, `if` and the action's outputs evaluated, each `run` step run by
// its shell exactly as the runner runs `shell: bash` (`bash --noprofile --norc -eo pipefail FILE`),
// with the variables GitHub sets (GITHUB_ACTIONS, CI, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP,
// GITHUB_ACTION_PATH, GITHUB_WORKSPACE) and the calling step's `env` (where the secrets come from).
// A step's GITHUB_OUTPUT file is read back by GitHub's rules (`name=value`, or `name<<DELIMITER`
// lines), and the action's outputs mapped from it.
//
// Its expressions are a minimal evaluator: inputs.*, github.action_path, github.workspace,
// runner.temp, runner.os, steps.<id>.outputs.*, and `A == 'x'` / `A != 'x'` (compared ignoring case,
// as GitHub does). Any other expression throws, so that the test fails loudly instead of running
// something the runner would run otherwise. `${{ }}` inside a `run:` throws too: the runner would
// paste the value into the script (script injection), so the action must pass values by `env:`.
// A `uses:` step is not run (setting up a tool is the runner's job); it is returned as skipped,
// with whether the runner would run it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const EXPRESSION = /\$\{\{(.*?)\}\}/gs;

/** Reads action.yml (or any composite action's file) with a real YAML parser. */
export function readAction(file) {
  const action = parse(readFileSync(file, 'utf8'));
  if (action?.runs?.using !== 'composite') throw new Error(`${file}: not a composite action (runs.using is ${action?.runs?.using})`);
  return action;
}

/** One expression's value (as a string, as GitHub gives it to env), or throws for one it does not know. */
export function evaluateExpression(expression, context) {
  const text = expression.trim();
  const comparison = /^(.+?)\s*(==|!=)\s*'((?:[^']|'')*)'$/.exec(text);
  if (comparison) {
    const left = evaluateExpression(comparison[1], context).toLowerCase();
    const right = comparison[3].replace(/''/g, "'").toLowerCase();
    return String((left === right) === (comparison[2] === '=='));
  }
  let match;
  if ((match = /^inputs\.([A-Za-z0-9_-]+)$/.exec(text))) {
    if (!Object.hasOwn(context.inputs, match[1])) throw new Error(`\${{ ${text} }}: the action has no input ${match[1]}`);
    return context.inputs[match[1]];
  }
  if ((match = /^steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)$/.exec(text))) return context.steps[match[1]]?.outputs?.[match[2]] ?? '';
  const known = { 'github.action_path': context.actionPath, 'github.workspace': context.workspace, 'runner.temp': context.runnerTemp, 'runner.os': 'Linux' };
  if (Object.hasOwn(known, text)) return known[text];
  throw new Error(`\${{ ${text} }}: an expression the test's runner does not know`);
}

/** A value with its `${{ }}` expressions replaced, as the runner does for env, with and outputs. */
export function evaluate(value, context) {
  return String(value ?? '').replace(EXPRESSION, (_, expression) => evaluateExpression(expression, context));
}

/** An `if:` (with or without `${{ }}`) is true? */
function condition(text, context) {
  if (text === undefined) return true;
  const inner = /^\s*\$\{\{(.*)\}\}\s*$/s.exec(String(text))?.[1] ?? String(text);
  const value = evaluateExpression(inner, context);
  if (value !== 'true' && value !== 'false') throw new Error(`if: ${text}: the test's runner evaluates only comparisons`);
  return value === 'true';
}

/**
 * GITHUB_OUTPUT's text read by GitHub's rules: `name=value` lines, and multiline values as
 * `name<<DELIMITER`, the lines, then `DELIMITER`. Throws on a line it cannot read.
 */
export function parseOutputFile(text) {
  const outputs = {};
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      if (end < 0) throw new Error(`GITHUB_OUTPUT: ${heredoc[1]}<<${heredoc[2]} is never closed`);
      outputs[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const equals = line.indexOf('=');
    if (equals <= 0) throw new Error(`GITHUB_OUTPUT: a line that is neither name=value nor name<<DELIMITER: ${JSON.stringify(line)}`);
    outputs[line.slice(0, equals)] = line.slice(equals + 1);
  }
  return outputs;
}

/** The runner's `shell: bash`: bash --noprofile --norc -eo pipefail on the script's file. */
function runBash(script, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code: code ?? signal, stdout, stderr }));
  });
}

/**
 * Runs the composite action at `actionPath` (the folder of its action.yml) with `inputs` (given by
 * their names; an unknown one throws, as a runner warns), the calling step's `env`, in `workspace`.
 * `baseEnv` is the process environment the runner has (PATH, npm's registry, …).
 * @returns {Promise<{ code: number | string, stdout: string, stderr: string, outputs: Record<string, string>,
 *   steps: Array<{ id?: string, name?: string, uses?: string, skipped?: string, code?: number | string, outputs?: Record<string, string> }>,
 *   summary: string }>} the first failing step's code, or 0; outputs: the action's
 */
export async function runAction({ actionPath, inputs = {}, env = {}, workspace, baseEnv, action = readAction(join(actionPath, 'action.yml')) }) {
  const declared = action.inputs ?? {};
  for (const name of Object.keys(inputs)) if (!Object.hasOwn(declared, name)) throw new Error(`the action has no input ${name}`);
  const values = {};
  for (const [name, spec] of Object.entries(declared)) {
    if (Object.hasOwn(inputs, name)) values[name] = String(inputs[name]);
    else if (spec?.required && spec.default === undefined) throw new Error(`the input ${name} is required`);
    else values[name] = spec?.default === undefined ? '' : String(spec.default);
  }
  const runnerTemp = mkdtempSync(join(workspace, '..', 'runner-temp-'));
  const summaryFile = join(runnerTemp, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const context = { inputs: values, actionPath, workspace, runnerTemp, steps: {} };
  const runner = {
    ...baseEnv,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    RUNNER_TEMP: runnerTemp,
    RUNNER_OS: 'Linux',
    GITHUB_WORKSPACE: workspace,
    GITHUB_ACTION_PATH: actionPath,
    GITHUB_STEP_SUMMARY: summaryFile,
  };
  const steps = [];
  let code = 0;
  let stdout = '';
  let stderr = '';
  for (const [index, step] of (action.runs.steps ?? []).entries()) {
    if (step.uses !== undefined) {
      steps.push({ id: step.id, name: step.name, uses: step.uses, skipped: condition(step.if, context) ? 'the runner would run it' : 'its if is false' });
      continue;
    }
    if (typeof step.run !== 'string') throw new Error(`step ${index + 1}: neither run nor uses`);
    if (step.shell !== 'bash') throw new Error(`step ${index + 1}: shell ${step.shell}: the test's runner runs bash only`);
    if (step.run.includes('${{')) throw new Error(`step ${index + 1}: \${{ }} inside run: (script injection): pass the value through env:`);
    if (!condition(step.if, context)) {
      steps.push({ id: step.id, name: step.name, skipped: 'its if is false' });
      continue;
    }
    for (const key of Object.keys(step)) if (!['id', 'name', 'shell', 'env', 'run', 'if'].includes(key)) throw new Error(`step ${index + 1}: ${key}: a key the test's runner does not know`);
    const folder = join(runnerTemp, `step-${index + 1}`);
    mkdirSync(folder);
    const outputFile = join(folder, 'output');
    writeFileSync(outputFile, '');
    const script = join(folder, 'script.sh');
    writeFileSync(script, step.run);
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(value, context)]));
    const result = await runBash(script, { cwd: workspace, env: { ...runner, ...env, ...stepEnv, GITHUB_OUTPUT: outputFile } });
    const outputs = parseOutputFile(readFileSync(outputFile, 'utf8'));
    if (step.id) context.steps[step.id] = { outputs };
    steps.push({ id: step.id, name: step.name, code: result.code, outputs });
    stdout += result.stdout;
    stderr += result.stderr;
    if (result.code !== 0) {
      code = result.code;
      break;
    }
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([name, spec]) => [name, evaluate(spec?.value, context)]));
  return { code, stdout, stderr, outputs, steps, summary: readFileSync(summaryFile, 'utf8') };
}
