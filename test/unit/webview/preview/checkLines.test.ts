/** The Checks strip's words and where each finding leads (issue 46, §5). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHECK_IDS, DEFAULT_EMAIL_CLIENTS, DEFAULT_LEVELS, DEFAULT_SMS_MAX_SEGMENTS } from '../../../../src/checks';
import { checksHeading, revealTarget, whereWords } from '../../../../webview/preview/checkLines';

describe('the Checks strip', () => {
  it('counts by level, one and many', () => {
    assert.equal(checksHeading({ errors: 0, warnings: 0 }), 'Checks: nothing found');
    assert.equal(checksHeading({ errors: 1, warnings: 0 }), 'Checks: 1 error');
    assert.equal(checksHeading({ errors: 2, warnings: 1 }), 'Checks: 2 errors, 1 warning');
    assert.equal(checksHeading({ errors: 0, warnings: 3 }), 'Checks: 3 warnings');
  });

  it('leads each finding where it applies: the link in the email’s list, the image, the key in the payload’s editor', () => {
    assert.deepEqual(revealTarget({ kind: 'link', index: 2 }), { selector: '[data-link-index="2"]', open: 'links' });
    assert.deepEqual(revealTarget({ kind: 'image', index: 0 }), { selector: '[data-image-index="0"]', open: 'images' });
    assert.deepEqual(revealTarget({ kind: 'payload', key: 'lines.0.sku' }), { payloadKey: 'lines.0.sku' });
    assert.deepEqual(revealTarget({ kind: 'field', field: 'subject' }), { selector: '[data-field="subject"]' });
    assert.deepEqual(revealTarget({ kind: 'button', button: 'primary' }), { selector: '[data-button="primary"]' });
    assert.deepEqual(revealTarget({ kind: 'step' }), { selector: '[data-shown]' });
    assert.equal(whereWords({ kind: 'link', index: 2 }), 'Link 3');
    assert.equal(whereWords({ kind: 'payload', key: 'a\u202eb' }), 'Payload: a\\u202Eb', 'a key’s direction controls as escapes');
  });

  it('contributes the settings with the defaults the checks use', () => {
    const manifest = JSON.parse(readFileSync(resolve(__dirname, '..', '..', '..', '..', '..', 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default: unknown; properties?: Record<string, { default: unknown }> }> } } };
    const properties = manifest.contributes.configuration.properties;
    const levels = properties['novuExplorer.checks.levels']!.properties!;
    assert.deepEqual(Object.keys(levels), [...CHECK_IDS]);
    for (const id of CHECK_IDS) assert.equal(levels[id]!.default, DEFAULT_LEVELS[id], id);
    assert.deepEqual(properties['novuExplorer.checks.emailClients']!.default, DEFAULT_EMAIL_CLIENTS);
    assert.equal(properties['novuExplorer.checks.smsMaxSegments']!.default, DEFAULT_SMS_MAX_SEGMENTS);
  });
});
