// `npm run test:quick`: the edit loop's test run (issue 45, D3). The type check, lint and every unit
// test, then the integration tests of the features that the working tree's change touches (against
// HEAD, untracked files included), on one VS Code (1.100, the floor). A change to what every
// feature rests on (the API client, the Sandbox, the panels' frame, activation) runs each
// feature's smoke test instead; a change to docs or unit tests alone runs no VS Code. The full run
// is `npm test`. What it picked is said first.
import { execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { integrationScope } from './quickScope.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
let changed = [];
try {
  changed = [...git('diff', '--name-only', 'HEAD').split('\n'), ...git('ls-files', '--others', '--exclude-standard').split('\n')].filter(Boolean);
} catch {
  changed = ['(not a git checkout)'];
}
const scope = integrationScope(changed);
console.log(`test:quick: ${changed.length} changed file${changed.length === 1 ? '' : 's'}; integration on VS Code 1.100: ${scope.length === 0 ? 'none' : scope.join(', ')}`);
const stages = ['checks', 'unit', ...(scope.length > 0 ? ['integration'] : [])];
const child = spawn(process.execPath, [resolve(ROOT, 'test', 'runAll.mjs'), ...stages], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, VSCODE_TEST_HOSTS: 'floor', NOVU_INTEGRATION_SCOPE: `files:${scope.join(',')}` },
});
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
