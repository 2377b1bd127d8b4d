/** What the preview panel sends after a whole state (issue 51, E2): the view's fields that changed, so that a 1 MB email is not sent again with its findings. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPreviewModel } from '../../../src/rendered/previewModel';
import type { PreviewView } from '../../../src/preview/protocol';
import { applyViewChanges, viewChanges } from '../../../src/preview/viewChanges';
import { largeNewsletter } from './largeEmail';

describe('the preview view’s changes', () => {
  const html = largeNewsletter();
  const model = buildPreviewModel('email', { subject: 'Weekly digest', body: html });
  const checking: PreviewView = { workflowId: 'w', renderer: 'Rendered by your app', steps: [], stepId: 's', stepType: 'email', status: 'rendered', model, srcdoc: html, remoteImages: false, subscriber: '', payload: '{}', controls: [], notes: [], checking: true };

  it('sends the findings that follow a 1 MB email without the email', () => {
    const checks = { errors: 1, warnings: 0, findings: [] };
    const { checking: _gone, ...rest } = checking;
    const done: PreviewView = { ...rest, checks };
    const changes = viewChanges(checking, done);
    assert.deepEqual(changes, { set: { checks }, unset: ['checking'] });
    assert.ok(JSON.stringify(changes).length < 100, 'a few bytes, not the megabyte');
    assert.deepEqual(applyViewChanges(checking, changes), done);
  });

  it('sends a new render’s fields, and what it no longer has', () => {
    const other = buildPreviewModel('email', { subject: 'Hi', body: '<p>Hi</p>' });
    const { checking: _gone, srcdoc: _doc, ...rest } = checking;
    const next: PreviewView = { ...rest, status: 'rendering', model: other };
    const changes = viewChanges(checking, next);
    assert.deepEqual(Object.keys(changes.set).sort(), ['model', 'status']);
    assert.deepEqual(changes.unset.sort(), ['checking', 'srcdoc']);
    assert.deepEqual(applyViewChanges(checking, changes), next);
  });
});
