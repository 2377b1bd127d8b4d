/**
 * The workflow files (issue 56, §4): every file in .github/workflows, and action.yml at the root
 * when there is one, keeps the rules of workflowRules.ts (parsed by a real YAML parser; every `run:`
 * names a script, file or pinned package that exists; actions pinned to a version or a commit; no
 * secret outside `env:` or printed). A bad workflow shows each rule firing. Then what ci.yml and
 * release.yml must do: the README's test command on Node 20 and 22, the release's steps and its
 * permissions, job by job.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { type Problem, workflowProblems } from './workflowRules';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const WORKFLOWS = join(ROOT, '.github', 'workflows');

type Step = { run?: string; uses?: string; with?: Record<string, unknown>; env?: Record<string, string>; if?: string };
type Job = { 'runs-on'?: string; 'timeout-minutes'?: number; permissions?: Record<string, string>; needs?: string | string[]; steps: Step[]; strategy?: { matrix?: { node?: number[] } } };
type Workflow = { on: Record<string, unknown>; permissions?: Record<string, string>; jobs: Record<string, Job> };
const workflow = (name: string): Workflow => parse(readFileSync(join(WORKFLOWS, name), 'utf8')) as Workflow;
const shown = (problems: Problem[]): string => problems.map((p) => `${p.rule} at ${p.where}: ${p.message}`).join('\n');

describe('the workflow files', () => {
  it('each keeps the rules: YAML, scripts that exist, pinned actions, secrets only in env', () => {
    const files = readdirSync(WORKFLOWS).sort();
    assert.ok(files.includes('ci.yml') && files.includes('release.yml'), files.join(', '));
    for (const name of files) {
      assert.match(name, /\.ya?ml$/, `${name}: only workflows in .github/workflows`);
      const problems = workflowProblems(readFileSync(join(WORKFLOWS, name), 'utf8'), 'workflow', ROOT);
      assert.equal(shown(problems), '', name);
    }
  });

  it('action.yml, when the repository has one, keeps them too', (t) => {
    const file = ['action.yml', 'action.yaml'].map((name) => join(ROOT, name)).find((f) => existsSync(f));
    if (!file) {
      t.skip('no action.yml yet');
      return;
    }
    assert.equal(shown(workflowProblems(readFileSync(file, 'utf8'), 'action', ROOT)), '');
  });

  it('a bad workflow breaks each rule, and each is said', () => {
    const bad = [
      'on: push',
      'env:',
      '  VSCE_PAT: ${{ secrets.VSCE_PAT }}',
      'jobs:',
      '  build:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@main',
      '      - uses: actions/setup-node',
      '      - uses: actions/cache@v4',
      '      - uses: actions/upload-artifact@0123456789abcdef0123456789abcdef01234567',
      '      - run: npm run no-such-script && npm test',
      '      - run: node tools/noSuchFile.mjs "$GITHUB_REF_NAME"',
      '      - run: npx left-pad',
      '      - run: npx -y ovsx@latest publish',
      '      - run: npx ovsx@1.4.0 publish',
      '      - run: npx -y ovsx@1.4.0 publish && npx vsce ls',
      '      - run: vsce publish -p ${{ secrets.VSCE_PAT }}',
      '      - run: echo "token is $VSCE_PAT"',
      '      - run: |',
      '          set -x',
      '          printenv',
      '      - uses: actions/setup-node@v4',
      '        with:',
      '          token: ${{ secrets.NPM_TOKEN }}',
      '      - run: npm frobnicate',
      '      - run: npm publish ./packages/no-such-package',
    ].join('\n');
    const problems = workflowProblems(bad, 'workflow', ROOT);
    const of = (rule: string, where: string): string[] => problems.filter((p) => p.rule === rule && p.where === where).map((p) => p.message);
    // Actions: a branch, no version at all; a tag and a commit are fine.
    assert.match(of('uses', 'jobs.build.steps[0].uses').join(), /actions\/checkout@main is pinned to "main", which looks like a branch/);
    assert.match(of('uses', 'jobs.build.steps[1].uses').join(), /actions\/setup-node names no version/);
    assert.deepEqual([...of('uses', 'jobs.build.steps[2].uses'), ...of('uses', 'jobs.build.steps[3].uses')], []);
    // run: a missing script (npm test is there), a missing file, an npx nobody provides, a floating version, no -y.
    assert.deepEqual(of('run', 'jobs.build.steps[4].run'), ['"npm run no-such-script": package.json has no script "no-such-script".']);
    assert.deepEqual(of('run', 'jobs.build.steps[5].run'), ['"node tools/noSuchFile.mjs $GITHUB_REF_NAME": tools/noSuchFile.mjs does not exist.']);
    assert.match(of('run', 'jobs.build.steps[6].run').join(), /no dev dependency provides "left-pad"/);
    assert.match(of('run', 'jobs.build.steps[7].run').join(), /not pinned to an exact version \(ovsx@latest\)/);
    assert.match(of('run', 'jobs.build.steps[8].run').join(), /say -y/);
    assert.deepEqual(of('run', 'jobs.build.steps[9].run'), [], 'a pinned package and a dev dependency’s bin (vsce)');
    assert.match(of('run', 'jobs.build.steps[14].run').join(), /"frobnicate" is neither npm's own command/);
    assert.match(of('run', 'jobs.build.steps[15].run').join(), /\.\/packages\/no-such-package is no package folder/);
    // Secrets: inside a run, inside a with, printed by echo, by set -x and by printenv; the env map is fine.
    assert.match(of('secret', 'jobs.build.steps[10].run').join(), /a secret is used outside `env:` \(\$\{\{ secrets\.VSCE_PAT \}\}\)/);
    assert.match(of('secret', 'jobs.build.steps[13].with.token').join(), /a secret is used outside `env:`/);
    assert.deepEqual(of('secret', 'jobs.build.steps[11].run'), ['"echo "token is $VSCE_PAT"" prints VSCE_PAT, which holds a secret.']);
    assert.match(of('secret', 'jobs.build.steps[12].run').join('\n'), /set -x" traces every command[\s\S]*printenv" prints the whole environment/);
    assert.deepEqual(of('secret', 'env.VSCE_PAT'), []);
    // Nothing else was found: each message above is the whole story.
    const expected = 2 + 7 + 5; // uses, run, secret
    assert.equal(problems.length, expected, shown(problems));
  });

  it('a file that is not YAML, or not a workflow, is said', () => {
    const duplicate = workflowProblems('on: push\non: pull_request\njobs: {}\n', 'workflow', ROOT);
    assert.equal(duplicate[0]?.rule, 'yaml');
    assert.match(duplicate[0]!.message, /unique/i);
    const broken = workflowProblems('jobs:\n  a: [unclosed\n', 'workflow', ROOT);
    assert.equal(broken[0]?.rule, 'yaml');
    assert.deepEqual(workflowProblems('name: x\n', 'workflow', ROOT).map((p) => p.message), ['a workflow needs `on:`.', 'a workflow needs `jobs:`.']);
    assert.deepEqual(workflowProblems('name: x\n', 'action', ROOT).map((p) => p.message), ['an action needs `runs.using`.']);
  });

  it('an action’s steps are checked where its files are: the action’s own folder', () => {
    const action = [
      'name: a',
      'runs:',
      '  using: composite',
      '  steps:',
      '    - shell: bash',
      '      run: node "${{ github.action_path }}/tools/releaseVersion.mjs" && node "$GITHUB_ACTION_PATH/tools/nope.mjs"',
      '    - shell: bash',
      '      run: npx --yes "novu-explorer-test@${VERSION}" --help && npx --yes "left-pad@${VERSION}"',
    ].join('\n');
    assert.deepEqual(workflowProblems(action, 'action', ROOT).map((p) => p.message), [
      '"node $GITHUB_ACTION_PATH/tools/nope.mjs": tools/nope.mjs does not exist.',
      '"npx --yes left-pad@${VERSION}" is not pinned to an exact version (left-pad@${VERSION}).',
    ]);
  });
});

describe('ci.yml', () => {
  const ci = workflow('ci.yml');
  it('runs on pull requests and on main', () => {
    assert.ok('pull_request' in ci.on);
    assert.deepEqual((ci.on.push as { branches: string[] }).branches, ['main']);
  });

  it('runs the README’s test command under xvfb on Node 20 and 22, with npm’s cache', () => {
    const [job, ...others] = Object.values(ci.jobs);
    assert.equal(others.length, 0);
    assert.equal(job!['runs-on'], 'ubuntu-latest');
    assert.deepEqual(job!.strategy?.matrix?.node, [20, 22]);
    const node = job!.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    assert.equal(node?.with?.cache, 'npm');
    assert.equal(node?.with?.['node-version'], '${{ matrix.node }}');
    const runs = job!.steps.filter((s) => s.run !== undefined).map((s) => s.run!.trim());
    assert.deepEqual(runs, ['npm ci --no-audit --no-fund', 'xvfb-run -a npm test']);
    assert.ok((job!['timeout-minutes'] ?? 0) > 0 && (job!['timeout-minutes'] ?? 0) <= 90);
    const upload = job!.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    assert.equal(upload?.if, 'failure()');
    assert.deepEqual(ci.permissions, { contents: 'read' });
  });
});

describe('release.yml', () => {
  const release = workflow('release.yml');
  const steps = (): Step[] => Object.values(release.jobs).flatMap((j) => j.steps);
  const jobRunning = (pattern: RegExp): [string, Job] => {
    const found = Object.entries(release.jobs).find(([, j]) => j.steps.some((s) => s.run !== undefined && pattern.test(s.run)));
    assert.ok(found, `a job runs ${pattern}`);
    return found;
  };

  it('runs on a version tag, and checks it against both packages before the tests', () => {
    assert.deepEqual((release.on.push as { tags: string[] }).tags, ['v*']);
    const [id, job] = jobRunning(/xvfb-run -a npm test/);
    const runs = job.steps.map((s) => s.run ?? '');
    const check = runs.findIndex((r) => r.includes('node tools/releaseVersion.mjs "$GITHUB_REF_NAME"'));
    assert.ok(check >= 0 && check < runs.findIndex((r) => r.includes('npm test')), runs.join(' | '));
    // Everything that publishes waits for the tests.
    const needs = (name: string): string[] => [release.jobs[name]!.needs ?? []].flat();
    const upstream = (name: string): string[] => needs(name).flatMap((n) => [n, ...upstream(n)]);
    for (const [name] of Object.entries(release.jobs).filter(([n]) => n !== id)) assert.ok(upstream(name).includes(id), `${name} waits for ${id}`);
  });

  it('packages with vsce, publishes to the Marketplace, Open VSX and npm, and makes a GitHub release', () => {
    const runs = steps().map((s) => s.run ?? '');
    assert.ok(runs.includes('npm run package'));
    const [, marketplace] = jobRunning(/^npx vsce publish --packagePath /);
    assert.equal(marketplace.steps.find((s) => s.run?.startsWith('npx vsce publish'))?.env?.VSCE_PAT, '${{ secrets.VSCE_PAT }}');
    const [, openVsx] = jobRunning(/^npx -y ovsx@\d+\.\d+\.\d+ publish --packagePath /);
    assert.equal(openVsx.steps.find((s) => s.run?.includes('ovsx@'))?.env?.OVSX_PAT, '${{ secrets.OVSX_PAT }}');
    const [, npm] = jobRunning(/^npm publish \.\/packages\/novu-explorer-test --provenance --access public$/);
    assert.equal(npm.steps.find((s) => s.run?.startsWith('npm publish'))?.env?.NODE_AUTH_TOKEN, '${{ secrets.NPM_TOKEN }}');
    assert.equal(npm.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with?.['registry-url'], 'https://registry.npmjs.org');
    const [, github] = jobRunning(/^gh release create "\$GITHUB_REF_NAME" novu-explorer-\*\.vsix .*--notes-file/);
    assert.ok(github.steps.some((s) => s.run?.startsWith('node tools/changelogSection.mjs "$GITHUB_REF_NAME" >')));
  });

  it('grants each job only what it needs', () => {
    assert.deepEqual(release.permissions, {}, 'nothing by default');
    for (const [name, job] of Object.entries(release.jobs)) {
      const permissions = job.permissions ?? {};
      assert.ok(job.permissions !== undefined, `${name} says its permissions`);
      const runs = job.steps.map((s) => s.run ?? '').join('\n');
      assert.equal(permissions['id-token'], runs.includes('--provenance') ? 'write' : undefined, `${name}: id-token`);
      assert.equal(permissions.contents === 'write', runs.includes('gh release create'), `${name}: contents`);
      assert.ok(Object.keys(permissions).every((k) => k === 'contents' || k === 'id-token'), `${name}: ${Object.keys(permissions).join(', ')}`);
      assert.ok((job['timeout-minutes'] ?? 0) > 0, `${name} has a timeout`);
    }
  });
});
