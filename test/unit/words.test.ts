/**
 * Texts chosen by a key from a table (src/words.ts): a key the table has gives its text, translated
 * when asked; any other key, an inherited name such as `constructor` included, gives nothing, so a
 * status the service sends is shown as it sent it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { l10n } from '../../src/l10n';
import { wordFor, type Words } from '../../src/words';
import { statusCountText, statusLabel, statusTone } from '../../src/format/jobStatus';
import { originText } from '../../src/format/workflowStatus';
import { sourceLabel } from '../../src/preferences/preferencesModel';

describe('texts chosen by a key', () => {
  it('gives the text of a key the table has, translated when it is asked for', () => {
    const words: Words<'on'> = { on: () => l10n.t('Completed') };
    assert.equal(wordFor(words, 'on'), 'Completed');
    l10n.config({ Completed: 'Terminé' });
    try {
      assert.equal(wordFor(words, 'on'), 'Terminé');
      assert.equal(statusLabel('completed'), 'Terminé');
    } finally {
      l10n.config(undefined);
    }
  });

  it('gives nothing for a key it does not have, an inherited name included', () => {
    const words: Words = { on: () => 'on' };
    for (const key of ['off', '', null, undefined, 'constructor', 'toString', '__proto__', 'hasOwnProperty']) assert.equal(wordFor(words, key), undefined, String(key));
  });

  it('shows a status, origin or source named like an inherited member as the service sent it', () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      assert.equal(statusLabel(name), name);
      assert.equal(statusTone(name), 'unknown');
      assert.equal(statusCountText(name, 2), `2 ${name}`);
      assert.equal(originText(name), name);
      assert.equal(sourceLabel(name), name);
    }
    assert.equal(statusLabel(''), 'unknown');
    assert.equal(statusTone('failed'), 'failure');
    assert.equal(statusLabel('merged'), 'Merged');
    assert.equal(statusCountText('failed', 3), '3 failed');
    assert.equal(originText('external'), 'code');
    assert.equal(originText(''), undefined);
    assert.equal(originText(null), undefined);
    assert.equal(sourceLabel('workflowOverride'), 'Forced by the workflow');
  });
});
