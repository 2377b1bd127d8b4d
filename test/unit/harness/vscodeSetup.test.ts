/**
 * How test/vscode/setup.mjs installs the Debian packages VS Code's tests need: as root with apt-get
 * itself (the build machines), through passwordless sudo otherwise (a GitHub Actions runner is not
 * root but has it; sudo resets the environment, so DEBIAN_FRONTEND goes through `env`), and not at
 * all without either, when the error says what to install by hand.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
type AptGet = (who: { isRoot: boolean; passwordlessSudo: boolean }) => string[] | undefined;
const load = async (): Promise<AptGet> => ((await import(pathToFileURL(join(ROOT, 'test', 'vscode', 'setup.mjs')).href)) as { aptGetCommand: AptGet }).aptGetCommand;

describe('the VS Code set-up’s apt-get', () => {
  it('runs apt-get itself as root, whether or not sudo is there', async () => {
    const aptGetCommand = await load();
    assert.deepEqual(aptGetCommand({ isRoot: true, passwordlessSudo: false }), ['apt-get']);
    assert.deepEqual(aptGetCommand({ isRoot: true, passwordlessSudo: true }), ['apt-get']);
  });

  it('goes through sudo -n, never asking for a password, when not root', async () => {
    const aptGetCommand = await load();
    assert.deepEqual(aptGetCommand({ isRoot: false, passwordlessSudo: true }), ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get']);
  });

  it('installs nothing without root or passwordless sudo', async () => {
    const aptGetCommand = await load();
    assert.equal(aptGetCommand({ isRoot: false, passwordlessSudo: false }), undefined);
  });
});
