/**
 * `--reporter github`'s builders (issue 56, §2), read back by GitHub's rules (githubCommands.ts):
 * a message or a property holding `%`, line breaks, `::`, `:` or `,` comes back as it was, on one
 * line, and can never be a second command; the text report fenced by stop-commands gives the runner
 * nothing to act on; a run's annotations are on their cases' lines with the right levels; the job
 * summary escapes Markdown and HTML and folds each failed case's diff in a fence no backtick closes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { annotationLines, escapeData, escapeProperty, fenced, htmlText, markdownLine, outputLines, runAnnotations, runOutputs, runSummary, withoutCommands, workflowCommand } from '../../../src/cli/githubReport';
import type { CaseView, RunView } from '../../../src/cli/runView';
import { readCommands, readLine } from './githubCommands';

/** Random text from the characters that matter to workflow commands (and a few that do not). */
function hostile(seed: number, length: number): string {
  const alphabet = ['%', '\r', '\n', ':', ',', '=', '::', '%25', '%0A', '%3A', ' ', 'a', '0', 'A', 'D', '2', '5', 'C', '3', '\u2028', '`', '|', '<'];
  let state = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out += alphabet[state % alphabet.length];
  }
  return out;
}

function aCase(over: Partial<CaseView>): CaseView {
  return { name: 'a case', status: 'passed', durationMs: 3, failures: [], warnings: [], skippedSteps: [], snapshots: [], unset: [], steps: [], ...over };
}

/** A run as the view holds it: a failed case with a snapshot diff, a case stopped by its file's problem, warnings, a skipped case. */
function aRun(): RunView {
  return {
    files: [
      {
        path: 'novu-tests/welcome.novu-test.json',
        workflowId: 'account-welcome',
        problems: [],
        obsoleteSnapshots: ['old name'],
        cases: [
          aCase({
            name: 'says the trial length',
            status: 'failed',
            place: { line: 12, column: 7 },
            failures: [
              { kind: 'expectation', step: 'welcome-sms', message: 'The text does not contain 14-day trial.', expected: '14-day trial', actual: 'Hi Ada, welcome!\n::error::forged from the app', place: { line: 15, column: 20 } },
              { kind: 'snapshot', step: 'welcome-email', message: 'The snapshot changed.', expected: 'line one\nline ``` two\nline three', actual: 'line one\nline ````` 2\nline three' },
            ],
          }),
          aCase({ name: 'checks links', status: 'passed', place: { line: 30, column: 7 }, warnings: [{ step: 'welcome-email', id: 'insecure-url', message: 'Link 1 (http://x) is http:, not https:.' }] }),
          aCase({ name: 'nobody to send to', status: 'skipped', place: { line: 40, column: 7 }, skippedSteps: [{ step: 'welcome-sms', reason: 'the subscriber has no phone' }] }),
        ],
      },
      {
        path: 'novu-tests/broken.novu-test.json',
        workflowId: 'order-shipped',
        problems: [{ kind: 'problem', message: 'cases.0.payloda: not a key of a case.', place: { line: 4, column: 5 } }],
        cases: [aCase({ name: 'ships', status: 'errored', place: { line: 3, column: 7 }, failures: [{ kind: 'problem', message: 'cases.0.payloda: not a key of a case.', place: { line: 4, column: 5 }, ofFile: true }] })],
      },
    ],
    counts: { passed: 1, failed: 1, errored: 1, skipped: 1 },
    durationMs: 1234,
    notes: ['Your app does not check signatures, so a wrong key is not caught.'],
    exitCode: 2,
    headline: 'novu-explorer-test: 1 passed, 1 failed, 1 errored, 1 skipped (2 files, 1.2 s): 1 case file has problems',
  };
}

describe('novu-explorer-test --reporter github: workflow commands', () => {
  it("escapes as GitHub's toolkit does: %, CR and LF in a message; also : and , in a property", () => {
    assert.equal(escapeData('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext: a, b');
    assert.equal(escapeProperty('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext%3A a%2C b');
    assert.equal(escapeData('%0A'), '%250A', 'a text that looks escaped stays itself');
    assert.equal(workflowCommand('error', { file: 'a,b.json', line: 3, title: 'w › c: x', col: undefined, endLine: '' }, 'two\nlines'), '::error file=a%2Cb.json,line=3,title=w › c%3A x::two%0Alines');
    assert.equal(workflowCommand('warning', {}, 'plain'), '::warning::plain');
  });

  it('reads back every message and property as written, on one line, one command each, for 2,000 hostile texts', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const message = hostile(seed, 1 + (seed % 60));
      const title = hostile(seed * 31, 1 + (seed % 17));
      const file = `dir/${hostile(seed * 7, 1 + (seed % 9))}.json`;
      const line = workflowCommand('error', { file, line: seed, title }, message);
      assert.ok(!/[\r\n]/.test(line), `one line (seed ${seed})`);
      const read = readCommands(`${line}\n`);
      assert.equal(read.length, 1, `one command (seed ${seed}): ${JSON.stringify(line)}`);
      // The runner trims the properties' ends, so they are written trimmed; one left empty is left out.
      const properties: Record<string, string> = { file, line: String(seed), ...(title.trim() !== '' ? { title: title.trim() } : {}) };
      assert.deepEqual(read[0], { name: 'error', properties, message }, `seed ${seed}`);
    }
  });

  it('cannot be made to forge a second command: not by line breaks, not by ::, not by escapes in the text', () => {
    const forged = 'The text does not contain Bye.\n::error file=src/evil.ts,line=1::forged\r::add-mask::sk_live\r\n  ::warning::also forged %0A::notice::and this';
    const lines = annotationLines([
      { level: 'error', file: 'novu-tests/a,b:c.novu-test.json', line: 7, title: 'greet › ::error::x,y=z\nw', message: forged },
      { level: 'warning', title: 'novu-explorer-test', message: '%25%0A::error::x' },
    ]);
    assert.equal(lines.split('\n').length, 3, 'two lines and the final line break');
    const read = readCommands(lines);
    assert.deepEqual(read, [
      { name: 'error', properties: { file: 'novu-tests/a,b:c.novu-test.json', line: '7', title: 'greet › ::error::x,y=z\\u000Aw' }, message: forged },
      { name: 'warning', properties: { title: 'novu-explorer-test' }, message: '%25%0A::error::x' },
    ]);
  });

  it('fences a text report with stop-commands: lines of it that look like commands are not commands', () => {
    const report = 'greet.novu-test.json\n  FAILED   says bye\n    actual:\n      ::error::forged\n::add-mask::x\n';
    const shown = withoutCommands(report, () => 'token-1f2e');
    assert.ok(shown.includes(report));
    const after = annotationLines([{ level: 'error', file: 'greet.novu-test.json', line: 3, title: 'greet › says bye', message: 'real' }]);
    assert.deepEqual(readCommands(shown + after).map((c) => `${c.name}:${c.message}`), ['error:real']);
    // Without the fence, the runner would have acted on them: the test can tell.
    assert.deepEqual(readCommands(report).map((c) => c.name), ['error', 'add-mask']);
    // A token the text holds would let the text end the fence: another is taken.
    const tokens = ['token-1f2e', 'token-9a9a'];
    assert.equal(withoutCommands('has token-1f2e in it\n', () => tokens.shift()!), '::stop-commands::token-9a9a\nhas token-1f2e in it\n::token-9a9a::\n');
    assert.equal(readLine('::stop-commands::token-1f2e')?.message, 'token-1f2e');
  });
});

describe('novu-explorer-test --reporter github: a run', () => {
  it('annotates each failed case on its line, a problem of the file on its own line, then warnings; errors first', () => {
    const annotations = runAnnotations(aRun(), (file) => `app/${file.path}`);
    assert.deepEqual(
      annotations.map((a) => `${a.level} ${a.file ?? '-'}:${a.line ?? '-'} ${a.title}`),
      [
        'error app/novu-tests/welcome.novu-test.json:12 account-welcome › says the trial length',
        'error app/novu-tests/broken.novu-test.json:4 order-shipped',
        'warning app/novu-tests/welcome.novu-test.json:- account-welcome',
        'warning app/novu-tests/welcome.novu-test.json:30 account-welcome › checks links',
        'warning app/novu-tests/welcome.novu-test.json:40 account-welcome › nobody to send to',
        'warning -:- novu-explorer-test',
      ],
    );
    const failed = annotations[0]!;
    assert.match(failed.message, /^welcome-sms: The text does not contain 14-day trial\.\n {2}at novu-tests\/welcome\.novu-test\.json:15:20\n {2}expected: 14-day trial\n {2}actual:\n {4}Hi Ada, welcome!\n {4}::error::forged from the app\nwelcome-email: The snapshot changed\./);
    assert.match(failed.message, /- expected {2}\+ actual/);
    assert.match(annotations[2]!.message, /obsolete snapshots .*: old name/);
    assert.match(annotations[3]!.message, /^warning: welcome-email: Link 1 \(http:\/\/x\) is http:, not https:\. \(insecure-url\)$/);
    assert.match(annotations[4]!.message, /^skipped: welcome-sms: the subscriber has no phone$/);

    // As the runner reads them: six commands, the app's "::error::forged" inside a message only.
    const read = readCommands(annotationLines(annotations));
    assert.deepEqual(read.map((c) => c.name), ['error', 'error', 'warning', 'warning', 'warning', 'warning']);
    assert.deepEqual(read[0]!.properties, { file: 'app/novu-tests/welcome.novu-test.json', line: '12', title: 'account-welcome › says the trial length' });
    assert.match(read[0]!.message, /\n {4}::error::forged from the app\n/);
  });

  it("the run's problem is one error with no file; cases errored only by it are not repeated", () => {
    const view: RunView = { ...aRun(), problem: 'No app answers at 127.0.0.1:4000.', files: [{ path: 'a.novu-test.json', workflowId: 'greet', problems: [], cases: [aCase({ status: 'errored', place: { line: 2, column: 1 } }), aCase({ name: 'b', status: 'errored', place: { line: 9, column: 1 } })] }], notes: [] };
    assert.deepEqual(runAnnotations(view), [{ level: 'error', title: 'novu-explorer-test', message: 'The run could not be made: No app answers at 127.0.0.1:4000.' }]);
  });

  it('writes the outputs as name=value lines', () => {
    assert.equal(outputLines(runOutputs(aRun())), 'passed=1\nfailed=1\nerrored=1\nskipped=1\n');
  });

  it('summarises: the outcome, the counts, each failed case folded with its diff, the warnings; Markdown and HTML escaped', () => {
    const view = aRun();
    view.files[0]!.cases[0]!.name = 'says <b>bold</b> | **not** [a](link)';
    const summary = runSummary(view);
    assert.ok(summary.startsWith('### novu\\-explorer\\-test\\: 1 passed\\, 1 failed\\, 1 errored\\, 1 skipped \\(2 files\\, 1\\.2 s\\)\\: 1 case file has problems\n'), summary.slice(0, 200));
    assert.match(summary, /\n\| passed \| failed \| errored \| skipped \|\n\|---:\|---:\|---:\|---:\|\n\| 1 \| 1 \| 1 \| 1 \|\n/);
    assert.match(summary, /<details><summary>failed: account-welcome › says &lt;b&gt;bold&lt;\/b&gt; \| \*\*not\*\* \[a\]\(link\) \(novu-tests\/welcome\.novu-test\.json:12\)<\/summary>\n\n``````text\n/);
    assert.match(summary, /\n#### Failed and errored cases \\\(2\\\)\n/);
    assert.match(summary, /<details><summary>errored: order-shipped › ships \(novu-tests\/broken\.novu-test\.json:3\)<\/summary>/);
    // The fence is longer than the longest run of backticks in the diff (five): nothing inside closes it.
    const body = summary.slice(summary.indexOf('``````text\n') + 11, summary.indexOf('\n``````\n'));
    assert.match(body, /^welcome-sms: The text does not contain 14-day trial\./);
    assert.match(body, /\+ line ````` 2/);
    assert.ok(!body.split('\n').some((l) => /^\s*``````/.test(l)));
    assert.match(summary, /#### Warnings \\\(3\\\)\n\n- novu\\-tests\\\/welcome\\\.novu\\-test\\\.json account\\-welcome\\: obsolete snapshots/);
    assert.match(summary, /\n- Your app does not check signatures\\, so a wrong key is not caught\\\.\n/);
  });

  it('escapes untrusted text for Markdown and HTML', () => {
    assert.equal(markdownLine('a | b\n<img src=x onerror=1> `c` @d'), 'a \\| b \\<img src\\=x onerror\\=1\\> \\`c\\` \\@d');
    assert.equal(htmlText('</summary><script>"\'&'), '&lt;/summary&gt;&lt;script&gt;&quot;&#39;&amp;');
    assert.equal(fenced(['plain']), '```text\nplain\n```');
    assert.equal(fenced(['has ```` four'], 'diff'), '`````diff\nhas ```` four\n`````');
  });
});
