/** Service text shown as typed: the escapes for quick picks, notifications and hovers, and plain tooltips. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fieldTooltip, markdownText, noIcons, noLinks } from '../../../src/ui/text';
import { SANDBOX_FIXTURES as F } from '../../../src/sandbox/fixtures';

describe('service text as typed', () => {
  it('escapes icon syntax the way VS Code does, once, and leaves everything else alone', () => {
    assert.equal(noIcons('$(alert) hi $(loading~spin)'), '\\$(alert) hi \\$(loading~spin)');
    assert.equal(noIcons('\\$(alert) already'), '\\$(alert) already');
    assert.equal(noIcons('$ (not) an icon, $5, (x)'), '$ (not) an icon, $5, (x)');
    assert.equal(noIcons(F.markupLastName), F.markupLastName, 'markdown, emoji and RTL text are not touched');
  });

  it('breaks only the link syntax that a notification would turn into a link, invisibly', () => {
    const broken = noLinks('see [docs](https://evil.example) or [run](command:workbench.action.quit) and [x] (y)');
    assert.equal(broken.replace(/\u2060/g, ''), 'see [docs](https://evil.example) or [run](command:workbench.action.quit) and [x] (y)', 'the same text once the invisible joiner is taken out');
    assert.doesNotMatch(broken, /\]\((https?:|command:)/);
    assert.equal(noLinks(F.markupFirstName), F.markupFirstName, 'no link syntax, no change');
  });

  it('builds plain-text tooltips: values as typed, empty ones left out', () => {
    const tooltip = fieldTooltip([
      ['Name', `${F.markupFirstName} ${F.markupLastName}`],
      ['Email', undefined],
      ['Phone', ''],
      ['Locale', null],
      ['ID', 'a_b*c'],
    ]);
    assert.equal(tooltip, `Name: ${F.markupFirstName} ${F.markupLastName}\nID: a_b*c`);
    assert.doesNotMatch(tooltip, /&lt;|&amp;|\\-|\\\(/, 'no hand-made escapes');
  });

  it('makes Markdown of a hover that reads as typed: every sign escaped, no entity, spaces kept', () => {
    const hostile = `${F.markupWorkflowName} www.evil.example a@b.example &nbsp; &#x41; \\g`;
    const md = markdownText(hostile);
    // Every ASCII punctuation sign is escaped: no link, autolink, tag, entity, emphasis or code can start.
    assert.doesNotMatch(md.replace(/\\[!-/:-@[-`{-~]/g, ''), /[!-/:-@[-`{-~]/);
    assert.doesNotMatch(md, /&nbsp;/, 'spaces are not turned into entities');
    // Undone, the escapes give the text back.
    assert.equal(md.replace(/\\([!-/:-@[-`{-~])/g, '$1'), hostile);
    assert.equal(markdownText('a  b'), 'a \u00a0b', 'a run of spaces keeps its width');
    assert.equal(markdownText('one\ntwo'), 'one\\\ntwo', 'a line break stays one');
  });
});
