/**
 * action.yml, the GitHub Action at the repository's root (issue 56, §3), read with a real YAML
 * parser: it runs novu-explorer-test at the action's own version, which is the CLI package's and the
 * extension's (one version, one CHANGELOG); every action it uses is pinned to a major version or a
 * commit; no `${{ }}` inside a `run:` (the runner would paste the value into the script: inputs reach
 * the shell through `env:` only); no input carries a secret (secrets come by env); every input is
 * described and used; every output is the run step's. The usage examples in the docs name only the
 * action's inputs and no secret in `with:`. test/package/action.test.mjs runs its steps.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const ROOT = resolve(__dirname, '..', '..', '..');
const USES = 'novuexplorer/novu-explorer@';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  if?: string;
  env?: Record<string, unknown>;
  with?: Record<string, unknown>;
}
interface Action {
  name?: string;
  description?: string;
  inputs?: Record<string, { description?: string; default?: unknown; required?: boolean }>;
  outputs?: Record<string, { description?: string; value?: string }>;
  runs?: { using?: string; steps?: Step[] };
}

const action = (): Action => parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;
const steps = (): Step[] => action().runs?.steps ?? [];
const runStep = (): Step => {
  const step = steps().find((s) => s.run !== undefined);
  assert.ok(step, 'a run step');
  return step;
};
const versionOf = (file: string): string => (JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { version: string }).version;

describe('action.yml', () => {
  it('is a composite action with a name and a description', () => {
    const a = action();
    assert.equal(a.runs?.using, 'composite');
    assert.ok(a.name && a.description);
  });

  it("runs novu-explorer-test at the action's version: the CLI package's and the extension's", () => {
    const pinned = runStep().env?.['NOVU_EXPLORER_TEST_VERSION'];
    assert.equal(typeof pinned, 'string', 'the version is a YAML string (0.1 would be a number)');
    assert.equal(pinned, versionOf('packages/novu-explorer-test/package.json'));
    assert.equal(pinned, versionOf('package.json'));
    assert.match(runStep().run ?? '', /\bexec npx --yes "novu-explorer-test@\$NOVU_EXPLORER_TEST_VERSION" "\$\{args\[@\]\}"\n/);
    assert.doesNotMatch(runStep().run ?? '', /\bnpm (ci|install)\b|\bgit clone\b/, 'nothing of this repository is cloned or installed');
  });

  it('pins every action it uses to a major version or a commit', () => {
    const used = steps().flatMap((s) => (s.uses === undefined ? [] : [s.uses]));
    assert.ok(used.length > 0);
    for (const uses of used) assert.match(uses, /^[\w.-]+\/[\w.-]+@(v\d+|[0-9a-f]{40})$/, uses);
  });

  it('has no ${{ }} inside a run: (inputs reach the shell through env: only)', () => {
    for (const step of steps()) if (step.run !== undefined) assert.ok(!step.run.includes('${{'), step.name);
    assert.equal(runStep().shell, 'bash');
  });

  it('takes no secret as an input: keys come by env', () => {
    for (const name of Object.keys(action().inputs ?? {})) assert.doesNotMatch(name, /key|secret|token|password/i, name);
    const run = runStep().run ?? '';
    for (const secret of ['NOVU_SECRET_KEY', 'NOVU_API_KEY', 'NOVU_SOURCE_API_KEY', 'NOVU_TARGET_API_KEY']) {
      assert.ok(!run.includes(secret), `${secret} is the CLI's to read from the environment, not the script's`);
    }
  });

  it('describes and uses every input: each one reaches the run step as INPUT_<NAME> (or sets up Node.js)', () => {
    const inputs = action().inputs ?? {};
    const env = runStep().env ?? {};
    const run = runStep().run ?? '';
    const setUp = JSON.stringify(steps().filter((s) => s.uses !== undefined));
    for (const [name, spec] of Object.entries(inputs)) {
      assert.ok(spec.description, `${name} has a description`);
      const variable = `INPUT_${name.toUpperCase().replace(/-/g, '_')}`;
      if (env[variable] !== undefined) {
        assert.equal(env[variable], `\${{ inputs.${name} }}`, variable);
        assert.ok(run.includes(`$${variable}`) || run.includes('${!variable}'), `the script reads ${variable}`);
      } else assert.ok(setUp.includes(`inputs.${name}`), `${name} is used`);
    }
    for (const name of Object.keys(env)) if (name.startsWith('INPUT_')) assert.ok(Object.keys(inputs).some((i) => `INPUT_${i.toUpperCase().replace(/-/g, '_')}` === name), `${name} is an input's`);
  });

  it("maps each output from the run step's GITHUB_OUTPUT values", () => {
    const outputs = action().outputs ?? {};
    assert.deepEqual(Object.keys(outputs).sort(), ['blocking', 'errored', 'failed', 'passed', 'skipped', 'warnings']);
    assert.equal(runStep().id, 'run');
    for (const [name, spec] of Object.entries(outputs)) assert.equal(spec.value, `\${{ steps.run.outputs.${name} }}`);
  });

  it('is used in the docs with its own inputs only, and no secret in with:', () => {
    const inputs = new Set(Object.keys(action().inputs ?? {}));
    let examples = 0;
    for (const file of ['README.md', 'docs/tests.md', 'packages/novu-explorer-test/README.md']) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, block] of text.matchAll(/```ya?ml\n([\s\S]*?)```/g)) {
        if (!block!.includes(USES)) continue;
        const workflow = parse(block!) as { jobs?: Record<string, { steps?: Step[] }> } | Step[];
        const all = Array.isArray(workflow) ? workflow : Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []);
        for (const step of all.filter((s) => s.uses?.startsWith(USES))) {
          examples++;
          assert.match(step.uses!, /@v\d+$/, `${file}: ${step.uses}`);
          for (const [name, value] of Object.entries(step.with ?? {})) {
            assert.ok(inputs.has(name), `${file}: with: ${name} is not an input of action.yml`);
            assert.doesNotMatch(String(value), /secrets\./, `${file}: with: ${name} takes a secret; secrets go in env:`);
          }
        }
      }
    }
    assert.ok(examples >= 2, `${examples} usage examples in the docs`);
  });
});
