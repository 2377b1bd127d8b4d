/** An in-app link as the preview panel shows it: the address with its controls visible, its target, why it is not safe (issue 37). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPreviewModel, type InAppModel } from '../../../../src/rendered/previewModel';
import { linkLine, warningText } from '../../../../webview/preview/linkLines';

describe('in-app links as shown', () => {
  const model = buildPreviewModel('in_app', {
    body: 'x',
    avatar: 'javascript:alert(1)',
    primaryAction: { label: 'Go', redirect: { url: '/team', target: '_parent' } },
    redirect: { url: 'https://app.example.com\u202e/moc.live', target: '_blank' },
  }) as InAppModel;

  it('flags a javascript: avatar in words', () => {
    const avatar = linkLine(model.avatar!);
    assert.equal(avatar.shown, 'javascript:alert(1)');
    assert.deepEqual(avatar.warnings, ['runs a script or opens inline data']);
    assert.equal(warningText(avatar.warnings), 'Not safe: runs a script or opens inline data');
  });

  it('shows a _parent target, flagged', () => {
    const primary = linkLine({ url: model.primary!.url!, target: model.primary!.target!, reasons: model.primary!.reasons });
    assert.equal(primary.target, 'target _parent');
    assert.deepEqual(primary.warnings, ['replaces the whole page (_top or _parent)']);
  });

  it('shows a right-to-left override as its escape, never as the spoofed text, flagged', () => {
    const redirect = linkLine({ url: model.redirect!.url!, target: model.redirect!.target!, reasons: model.redirect!.reasons });
    assert.equal(redirect.shown, 'https://app.example.com\\u202E/moc.live');
    assert.ok(!redirect.shown.includes('\u202e'));
    assert.equal(redirect.url, 'https://app.example.com\u202e/moc.live', 'what is opened is the address itself');
    assert.equal(redirect.target, 'target _blank');
    assert.deepEqual(redirect.warnings, ['hides its real order with direction controls (shown as \\u…)']);
  });
});
