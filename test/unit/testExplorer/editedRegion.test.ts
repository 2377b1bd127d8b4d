/**
 * Where a document changed since its last save (run on save, issue 46): one region in its offsets
 * now, over edits that insert, delete and replace before, inside and after it, several at once; and
 * the one definition whose call holds it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { afterEdit, holding, type Change, type Region } from '../../../src/testExplorer/editedRegion';

/** Applies `changes` (offsets before the edit, as VS Code gives them) to `text`. */
function apply(text: string, changes: readonly (Change & { text: string })[]): string {
  return [...changes].sort((a, b) => b.rangeOffset - a.rangeOffset).reduce((t, c) => t.slice(0, c.rangeOffset) + c.text + t.slice(c.rangeOffset + c.rangeLength), text);
}

const change = (rangeOffset: number, rangeLength: number, text: string) => ({ rangeOffset, rangeLength, text, textLength: text.length });

describe('the region of a document edited since its save', () => {
  it('is each edit’s new text, and reaches every edit after it, before it and inside it', () => {
    let text = 'aaaa bbbb cccc dddd';
    let region: Region | undefined;
    const edit = (...changes: ReturnType<typeof change>[]) => {
      text = apply(text, changes);
      region = afterEdit(region, changes);
      return text.slice(region!.start, region!.end);
    };
    assert.equal(edit(change(5, 4, 'BB')), 'BB');
    // Typed after it: the region reaches it.
    assert.equal(edit(change(11, 0, 'x')), 'BB cccx');
    // Deleted before it: the region reaches back to where the text was, and moves with the rest.
    assert.equal(edit(change(0, 2, '')), 'aa BB cccx');
    // A replace inside it keeps its ends.
    assert.equal(edit(change(4, 1, 'ZZZ')), 'aa BZZZ cccx');
    assert.equal(text, 'aa BZZZ cccxc dddd');
  });

  it('takes an edit of several changes (several cursors) as one region', () => {
    const text = '0123456789';
    const changes = [change(7, 1, 'XY'), change(2, 2, '')];
    const region = afterEdit(undefined, changes)!;
    const after = apply(text, changes);
    assert.equal(after, '0145 6XY89'.replace(' ', ''));
    assert.equal(after.slice(region.start, region.end), '456XY');
    assert.equal(afterEdit(region, []), region);
  });

  it('is held by the one definition whose span holds all of it, and by none when it reaches outside', () => {
    const defs = [{ id: 'a', span: { start: 10, end: 50 } }, { id: 'b', span: { start: 60, end: 90 } }, { id: 'c' }];
    assert.deepEqual(holding(defs, { start: 20, end: 30 }).map((d) => d.id), ['a']);
    assert.deepEqual(holding(defs, { start: 10, end: 50 }).map((d) => d.id), ['a']);
    assert.deepEqual(holding(defs, { start: 45, end: 65 }), [], 'between two calls');
    assert.deepEqual(holding(defs, { start: 0, end: 5 }), [], 'before every call (an import)');
  });
});
