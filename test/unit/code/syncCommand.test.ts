/** Which terminal command lines sync the framework's workflows (code awareness reads its list again after one). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runsNovuSync } from '../../../src/code/syncCommand';

describe('a novu sync in a terminal', () => {
  it('is recognised however the CLI is run', () => {
    for (const line of ['npx novu sync --bridge-url https://x.example/api/novu --secret-key $KEY', 'npx novu@latest sync', 'pnpm dlx novu sync', 'novu sync', 'cd app && npx novu sync']) assert.ok(runsNovuSync(line), line);
  });

  it('is not another novu command, nor a word that ends in novu', () => {
    for (const line of ['npx novu dev', 'npx novu init', 'git commit -m "sync"', 'mynovu sync', 'npx novu syncer', 'npm run build']) assert.ok(!runsNovuSync(line), line);
  });
});
