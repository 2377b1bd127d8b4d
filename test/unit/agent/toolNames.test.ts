/** The agent's tools are registered by the names package.json declares (src/agent/register.ts reads the manifest): they must be toolNames.ts's, each once. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AGENT_TOOLS } from '../../../src/agent/toolNames';

const ROOT = resolve(__dirname, '..', '..', '..', '..');

describe('the agent’s tool names', () => {
  it('are the manifest’s, each once, and toolNames.ts names every one', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { languageModelTools: { name: string }[] } };
    const declared = manifest.contributes.languageModelTools.map((t) => t.name);
    assert.equal(new Set(declared).size, declared.length, 'each tool once');
    assert.deepEqual([...declared].sort(), Object.values(AGENT_TOOLS).sort());
  });
});
