/** Issue 30.11: code awareness starts for documents and workspaces that use an SDK, not for any TypeScript file. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { importsNovuSdk, manifestNamesNovuSdk } from '../../../src/code/novuSdk';

describe('whether code uses a Novu SDK', () => {
  it('a document that imports one (ES import, require, dynamic import, a subpath; Python novu_py and novu)', () => {
    assert.equal(importsNovuSdk('typescript', "import { Novu } from '@novu/api';\n"), true);
    assert.equal(importsNovuSdk('javascript', 'const { Novu } = require("@novu/node");'), true);
    assert.equal(importsNovuSdk('typescript', "const { serve } = await import('@novu/framework/express');"), true);
    assert.equal(importsNovuSdk('python', 'import os\nfrom novu_py import Novu\n'), true);
    assert.equal(importsNovuSdk('python', 'import novu\n'), true);
  });

  it('not a document that only mentions it, imports another package of the scope, or a look-alike', () => {
    assert.equal(importsNovuSdk('typescript', "events.trigger('welcome', { userId }); // novu\n"), false);
    assert.equal(importsNovuSdk('typescript', "import { x } from '@novu/shared';\n"), false);
    assert.equal(importsNovuSdk('typescript', "import x from 'novu-like';\n"), false);
    assert.equal(importsNovuSdk('python', 'import novutools\nfrom mynovu import x\n'), false);
  });

  it('reads only the head of a huge document', () => {
    assert.equal(importsNovuSdk('typescript', `${'x'.repeat(100_000)}\nimport { Novu } from '@novu/api';`), false);
  });

  it('a manifest that names one: package.json dependencies, pyproject, requirements', () => {
    assert.equal(manifestNamesNovuSdk('/a/package.json', '{ "dependencies": { "@novu/framework": "^2.13.0" } }'), true);
    assert.equal(manifestNamesNovuSdk('/a/package.json', '{ "name": "@novu/api-consumer", "dependencies": { "ky": "1" } }'), false);
    assert.equal(manifestNamesNovuSdk('/a/pyproject.toml', 'dependencies = ["novu-py>=1.0"]'), true);
    assert.equal(manifestNamesNovuSdk('/a/requirements.txt', 'flask==3\nnovu\n'), true);
    assert.equal(manifestNamesNovuSdk('/a/requirements.txt', 'novutools==1\n'), false);
  });
});
