/**
 * novu-explorer-test's reports (issue 46, §7): the run's view (counts, exit code, the one line), the
 * text report (statuses, messages, expected and actual, places, warnings, unset keys) and the JUnit
 * XML, read back by a strict XML 1.0 parser (saxes) with counts equal to the run's, and hostile
 * names (markup, `]]>`, direction controls, control characters) shown as text everywhere.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SaxesParser } from 'saxes';
import { jsonReport } from '../../../src/cli/jsonReport';
import { junitReport, xmlAttribute, xmlText } from '../../../src/cli/junitReport';
import { buildRunView, terminalText } from '../../../src/cli/runView';
import { lineDiff, textReport } from '../../../src/cli/textReport';
import { readCaseFile } from '../../../src/testing/caseFile';
import { htmlLines, snapshotText } from '../../../src/testing/snapshots';
import type { CaseResult, FileReport, RunReport, StepResult } from '../../../src/testing/runCases';

const HOSTILE = 'Ada <script>alert(1)</script> ]]> & "q" \'a\' \u202Egnp.exe\u2066 \u0001\u0008\u000b\u001b[31mred \ud800 end';

const WELCOME = `{
  "workflow": "account-welcome",
  "cases": [
    { "name": "greets by name", "payload": { "plan": "team" } },
    { "name": ${JSON.stringify(HOSTILE)}, "expect": { "welcome-sms": { "text": { "contains": "14-day trial" } } } },
    { "name": "snapshot", "snapshot": true },
    { "name": "no phone" }
  ]
}
`;
const BROKEN = '{ "workflow": "order-shipped", "cases": [ { "name": "x", } ] }';

/** `line:column` (1-based) of the first `needle` in `text`, counted here apart from the code under test. */
function placeOf(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle)).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

function step(stepId: string, more: Partial<StepResult> = {}): StepResult {
  return { stepId, type: 'sms', status: 'passed', durationMs: 3, findings: [], failures: [], ...more };
}

function caseResult(name: string, index: number, more: Partial<CaseResult> = {}): CaseResult {
  return { name, index, status: 'passed', durationMs: 12, unset: [], steps: [], problems: [], ...more };
}

/** A run of two files: four cases of account-welcome (passed, failed, failed by a snapshot, skipped), and a file that is not JSON. */
function sampleReport(): RunReport {
  const welcome = readCaseFile(WELCOME);
  const containsAt = WELCOME.indexOf('"contains": "14-day trial"');
  const files: FileReport[] = [
    {
      path: '/work/app/novu-tests/welcome.novu-test.json',
      file: welcome,
      cases: [
        caseResult('greets by name', 0, {
          unset: ['companyName', 'ctaUrl'],
          steps: [step('welcome-email', { type: 'email', findings: [{ id: 'image-alt', level: 'warning', step: 'welcome-email', where: { kind: 'image', index: 0 }, message: 'An image has no alt text: https://cdn.example.com/a.png' }] })],
        }),
        caseResult(HOSTILE, 1, {
          status: 'failed',
          steps: [
            step('welcome-sms', {
              status: 'failed',
              failures: [
                { kind: 'expectation', message: 'The text does not contain 14-day trial.', expected: '14-day trial', actual: `Hi ${HOSTILE}, welcome!`, place: { offset: containsAt, length: 10 } },
                { kind: 'threw', message: '`welcome-sms` threw: boom', frame: { file: '/work/app/src/novu/welcome.ts', line: 83, column: 11 } },
              ],
            }),
          ],
        }),
        caseResult('snapshot', 2, {
          status: 'failed',
          steps: [
            step('welcome-in-app', {
              status: 'failed',
              snapshot: { kind: 'changed', expected: '{\n  "body": "Your team workspace",\n  "subject": "Welcome, Ada"\n}', actual: '{\n  "body": "Your team workspace",\n  "subject": "Welcome, Grace"\n}' },
              failures: [{ kind: 'snapshot', message: 'What `welcome-in-app` sends differs from its snapshot.', expected: '{\n  "body": "Your team workspace",\n  "subject": "Welcome, Ada"\n}', actual: '{\n  "body": "Your team workspace",\n  "subject": "Welcome, Grace"\n}', place: { offset: WELCOME.indexOf('"snapshot"'), length: 1 } }],
            }),
          ],
        }),
        caseResult('no phone', 3, { status: 'skipped', steps: [step('welcome-sms', { status: 'skipped', skipped: 'the subscriber has no phone number' })] }),
      ],
      snapshotWrite: { text: '{}', written: 1, updated: 0 },
    },
    { path: '/work/app/novu-tests/broken.novu-test.json', file: readCaseFile(BROKEN), cases: [] },
  ];
  return { files, counts: { passed: 1, failed: 2, errored: 0, skipped: 1 }, durationMs: 420 };
}

function sampleView(report = sampleReport(), problem?: string) {
  return buildRunView({
    report,
    files: [
      { shown: 'novu-tests/welcome.novu-test.json', text: WELCOME, snapshotPath: 'novu-tests/welcome.novu-test.snap.json' },
      { shown: 'novu-tests/broken.novu-test.json', text: BROKEN, snapshotPath: 'novu-tests/broken.novu-test.snap.json' },
    ],
    cwd: '/work/app',
    ...(problem !== undefined ? { problem } : {}),
  });
}

interface ParsedXml {
  elements: { name: string; attributes: Record<string, string>; text: string }[];
}

/** Parses with saxes, a conformant XML 1.0 parser: any error (a forbidden character, `]]>` in text, bad markup) throws. */
function parseXml(xml: string): ParsedXml {
  const parser = new SaxesParser();
  const elements: ParsedXml['elements'] = [];
  const open: ParsedXml['elements'] = [];
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const element = { name: tag.name, attributes: Object.fromEntries(Object.entries(tag.attributes).map(([k, v]) => [k, String(v)])), text: '' };
    elements.push(element);
    open.push(element);
  });
  parser.on('text', (text) => {
    const current = open[open.length - 1];
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    open.pop();
  });
  parser.write(xml).close();
  if (failure) throw failure;
  return { elements };
}

describe('novu-explorer-test: the run view', () => {
  it('counts a file no case can be read from as one errored test, and exits 2 for it', () => {
    const view = sampleView();
    assert.deepEqual(view.counts, { passed: 1, failed: 2, errored: 1, skipped: 1 });
    assert.equal(view.exitCode, 2);
    assert.match(view.headline, /^novu-explorer-test: 1 passed, 2 failed, 1 errored, 1 skipped \(2 files, 0\.4 s\): 1 case file has problems; 1 new snapshot written$/);
    const broken = view.files[1]!;
    assert.equal(broken.cases.length, 1);
    assert.equal(broken.cases[0]!.status, 'errored');
    assert.equal(`${broken.problems[0]!.place!.line}:${broken.problems[0]!.place!.column}`, placeOf(BROKEN, '} ]'));
  });

  it('exits 1 when a case failed and every file could be read, 0 when all passed', () => {
    const report = sampleReport();
    report.files.pop();
    assert.equal(sampleView(report).exitCode, 1);
    report.files[0]!.cases = report.files[0]!.cases.filter((c) => c.status !== 'failed');
    const passing = sampleView(report);
    assert.equal(passing.exitCode, 0);
    assert.match(passing.headline, /^novu-explorer-test: 1 passed, 1 skipped \(1 file, 0\.4 s\); 1 new snapshot written$/);
  });

  it('lists obsolete snapshots in the outcome line and under their file, and says those removed (issue 51, §16)', () => {
    const report = sampleReport();
    report.files.pop();
    report.files[0]!.obsoleteSnapshots = ['old name', 'renamed'];
    const view = sampleView(report);
    assert.match(view.headline, /; 1 new snapshot written; 2 obsolete snapshots \(--update-snapshots removes them\)$/);
    assert.equal(view.exitCode, 1, 'listed, not failed');
    assert.match(textReport(view), /\n {2}obsolete snapshots \(no case of that name now; --update-snapshots removes them\): old name, renamed\n/);
    delete report.files[0]!.obsoleteSnapshots;
    report.files[0]!.snapshotWrite = { text: '{}', written: 0, updated: 0, removed: 2 };
    const removed = sampleView(report);
    assert.match(removed.headline, /; 2 obsolete snapshots removed$/);
    assert.match(textReport(removed), /snapshots written to novu-tests\/welcome\.novu-test\.snap\.json: 0 new, 0 updated, 2 obsolete removed/);
  });

  it("says the run's problem once, in the headline, and not on every case", () => {
    const report = sampleReport();
    report.files.pop();
    const problem = 'No app answers at 127.0.0.1:4000 (connection refused).';
    report.problem = problem;
    report.files[0]!.cases = report.files[0]!.cases.map((c) => ({ ...c, status: 'errored', steps: [], message: problem }));
    const view = sampleView(report);
    assert.equal(view.exitCode, 2);
    assert.match(view.headline, /: 4 errored \(1 file, 0\.4 s\): No app answers at 127\.0\.0\.1:4000 \(connection refused\)\./);
    const text = textReport(view);
    assert.equal(text.split(problem).length - 1, 1, text);
  });
});

describe('novu-explorer-test: the text report', () => {
  const text = textReport(sampleView());

  it('shows each case with its status, each failure with its message, place, expected and actual', () => {
    assert.match(text, /^novu-tests\/welcome\.novu-test\.json \(workflow account-welcome\)$/m);
    assert.match(text, /^ {2}passed {3}greets by name \(12 ms\)$/m);
    assert.match(text, /^ {2}FAILED {3}Ada /m);
    assert.match(text, /^ {2}skipped {2}no phone$/m);
    assert.ok(text.includes(`welcome-sms: The text does not contain 14-day trial.\n             at novu-tests/welcome.novu-test.json:${placeOf(WELCOME, '"contains": "14-day trial"')}\n             expected: 14-day trial\n             actual:   Hi Ada`), text);
    // A thrown step's place is the first frame of the user's code, relative to the working folder.
    assert.match(text, /welcome-sms: `welcome-sms` threw: boom\n {13}thrown at src\/novu\/welcome\.ts:83:11/);
  });

  it('shows a snapshot change as a line diff, with the lines that changed', () => {
    const at = placeOf(WELCOME, '"snapshot"');
    assert.ok(text.includes(`What \`welcome-in-app\` sends differs from its snapshot.\n             at novu-tests/welcome.novu-test.json:${at}\n             - expected  + actual\n               body: Your team workspace\n             - subject: Welcome, Ada\n             + subject: Welcome, Grace\n`), text);
    assert.deepEqual(lineDiff('a\nb\nc\nd\ne\nf', 'a\nb\nc\nD\ne\nf'), ['- expected  + actual', '  c', '- d', '+ D', '  e']);
  });

  it("shows a snapshot's HTML by its lines: an http: link changed to https: far down a long email is the diff (issue 51, §18)", () => {
    // A newsletter of 3,000 paragraphs with a long styled link at the end: one string of about 190 kB.
    const body = (scheme: string) =>
      `<!DOCTYPE html><html><head><style>p { margin: 0 } a { color: #336 }</style></head><body>${Array.from({ length: 3000 }, (_, i) => `<p>Story ${i}: something happened.</p>`).join('')}<p><a href="${scheme}://example.com/unsubscribe?list=weekly" style="color: #336; font-family: Helvetica, Arial, sans-serif; text-decoration: underline">Unsubscribe</a></p></body></html>`;
    const expected = snapshotText({ subject: 'Weekly', html: body('https'), text: 'Weekly' });
    const actual = snapshotText({ subject: 'Weekly', html: body('http'), text: 'Weekly' });
    const report = sampleReport();
    report.files.pop();
    const snapshotCase = report.files[0]!.cases[2]!;
    snapshotCase.steps = [step('weekly-email', { type: 'email', status: 'failed', failures: [{ kind: 'snapshot', message: 'What `weekly-email` sends differs from its snapshot.', expected, actual }] })];
    const shown = textReport(sampleView(report));
    assert.ok(shown.includes('- expected  + actual\n                 <a\n             -     href="https://example.com/unsubscribe?list=weekly"\n             +     href="http://example.com/unsubscribe?list=weekly"\n                   style="color'), shown);
    assert.ok(shown.length < 20_000, 'the changed lines, not the whole email');
    assert.deepEqual(htmlLines('<p>Hi <b>Ada</b></p>\n\n<style>a{color:red}b{x:y}</style>'), ['<p>', 'Hi', '<b>', 'Ada', '</b>', '</p>', '<style>', 'a{color:red}', 'b{x:y}', '</style>']);
  });

  it('lists warnings, skipped steps, the snapshots written and the keys the case did not set', () => {
    assert.match(text, /warning: welcome-email: An image has no alt text: https:\/\/cdn\.example\.com\/a\.png \(image-alt\)/);
    assert.match(text, /skipped: welcome-sms: the subscriber has no phone number/);
    assert.match(text, /keys the case did not set \(sample values from the schema were sent\): companyName, ctaUrl/);
    assert.match(text, /1 new snapshot written to novu-tests\/welcome\.novu-test\.snap\.json/);
  });

  it('says a file that is not JSON with its problem at its place', () => {
    assert.ok(text.includes(`\nnovu-tests/broken.novu-test.json\n  problem: Not JSON: A comma before a closing brace: JSON allows none.\n    at novu-tests/broken.novu-test.json:${placeOf(BROKEN, '} ]')}\n`), text);
  });

  it('shows hostile names and values as text: direction controls and terminal escapes written out', () => {
    // eslint-disable-next-line no-control-regex
    assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(text), 'no raw control character');
    assert.ok(text.includes('Ada <script>alert(1)</script> ]]> & "q" \'a\' \\u202Egnp.exe\\u2066 \\u0001\\u0008\\u000B\\u001B[31mred \\uD800 end'), text);
    assert.equal(terminalText('a\nb\u001b[2J', true), 'a\\u000Ab\\u001B[2J');
    assert.equal(terminalText('a\nb'), 'a\nb');
  });
});

describe('novu-explorer-test: the JUnit report', () => {
  const view = sampleView();
  const xml = junitReport(view, new Date('2026-11-29T10:00:00.000Z'));
  const { elements } = parseXml(xml);
  const all = (name: string) => elements.filter((e) => e.name === name);

  it('is XML 1.0 a strict parser reads, with counts equal to the run', () => {
    const [root] = all('testsuites');
    assert.deepEqual(
      { tests: root!.attributes['tests'], failures: root!.attributes['failures'], errors: root!.attributes['errors'], skipped: root!.attributes['skipped'] },
      { tests: '5', failures: String(view.counts.failed), errors: String(view.counts.errored), skipped: String(view.counts.skipped) },
    );
    assert.equal(all('testcase').length, 5);
    assert.equal(all('failure').length, view.counts.failed);
    assert.equal(all('error').length, view.counts.errored);
    assert.equal(all('skipped').length, view.counts.skipped);
    const suites = all('testsuite');
    assert.deepEqual(suites.map((s) => [s.attributes['name'], s.attributes['tests'], s.attributes['failures'], s.attributes['errors'], s.attributes['skipped']]), [
      ['novu-tests/welcome.novu-test.json', '4', '2', '0', '1'],
      ['novu-tests/broken.novu-test.json', '1', '0', '1', '0'],
    ]);
    assert.equal(suites[0]!.attributes['timestamp'], '2026-11-29T10:00:00');
    assert.ok(all('testcase').every((t) => /^\d+\.\d{3}$/.test(t.attributes['time']!)));
  });

  it("gives each suite its cases' wall time, first start to last end, not a sum (issue 51, §15)", () => {
    const report = sampleReport();
    report.files.pop();
    const [a, b, c, d] = report.files[0]!.cases;
    Object.assign(a!, { startedAt: 1_000_000, durationMs: 500 });
    Object.assign(b!, { startedAt: 1_000_100, durationMs: 600 });
    Object.assign(c!, { startedAt: 1_000_050, durationMs: 100 });
    Object.assign(d!, { startedAt: 1_000_020, durationMs: 30 });
    const timed = parseXml(junitReport(sampleView(report))).elements.find((e) => e.name === 'testsuite')!;
    assert.equal(timed.attributes['time'], '0.700');
    // Without the cases' starts: the longest case, the least the wall time can be (here all 12 ms; summed, 0.048).
    assert.equal(all('testsuite')[0]!.attributes['time'], '0.012');
  });

  it('counts a case that cannot run with these options as an error, and says so in the outcome line', () => {
    const report = sampleReport();
    report.files.pop();
    const message = 'Its subscriberId cannot be looked up without --api-url.';
    report.files[0]!.cases[0] = caseResult('by id', 0, { status: 'errored', message });
    const view = buildRunView({ report, files: [{ shown: 'novu-tests/welcome.novu-test.json', text: WELCOME, snapshotPath: 'novu-tests/welcome.novu-test.snap.json' }], cwd: '/work/app', cannotRun: message });
    assert.equal(view.exitCode, 2);
    assert.match(view.headline, /^novu-explorer-test: 2 failed, 1 errored, 1 skipped \(1 file, 0\.4 s\): 1 case cannot run with these options; 1 new snapshot written$/);
    const { elements } = parseXml(junitReport(view));
    assert.equal(elements.find((e) => e.name === 'testsuites')!.attributes['errors'], '1');
    assert.equal(elements.find((e) => e.name === 'error')!.attributes['message'], message);
  });

  it('names each case with its workflow as classname, its file and line', () => {
    const first = all('testcase')[0]!;
    assert.deepEqual(first.attributes, { name: 'greets by name', classname: 'account-welcome', file: 'novu-tests/welcome.novu-test.json', line: '4', time: '0.012' });
    const failure = all('failure')[0]!;
    assert.equal(failure.attributes['type'], 'expectation');
    assert.match(failure.text, /expected: 14-day trial/);
  });

  it('keeps hostile names as text: markup and ]]> escaped, controls XML 1.0 forbids and direction controls written as escapes', () => {
    const hostile = all('testcase')[1]!;
    assert.equal(hostile.attributes['name'], 'Ada <script>alert(1)</script> ]]> & "q" \'a\' \\u202Egnp.exe\\u2066 \\u0001\\u0008\\u000B\\u001B[31mred \\uD800 end');
    assert.ok(!xml.includes('<script>'));
    assert.ok(!xml.includes(']]>'));
    // eslint-disable-next-line no-control-regex
    assert.ok(!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/.test(xml), 'no forbidden or direction control character in the document');
    assert.equal(xmlText('a]]>b<c&'), 'a]]&gt;b&lt;c&amp;');
    assert.equal(xmlAttribute('x"y\'\n\tz\u0000'), 'x&quot;y&apos;&#10;&#9;z\\u0000');
    // A pair of surrogates (an emoji) is one character XML holds as is.
    assert.equal(xmlText('ok \ud83d\ude00'), 'ok \ud83d\ude00');
  });
});

describe('novu-explorer-test: the JSON report', () => {
  it('is the view as data, without parsed trees', () => {
    const view = sampleView();
    const data = JSON.parse(jsonReport(view, '0.1.0')) as { exitCode: number; counts: unknown; files: { path: string; cases: { name: string; status: string; place?: unknown }[] }[] };
    assert.equal(data.exitCode, 2);
    assert.deepEqual(data.counts, view.counts);
    assert.deepEqual(data.files[0]!.cases.map((c) => c.status), ['passed', 'failed', 'failed', 'skipped']);
    assert.deepEqual(data.files[0]!.cases[0]!.place, { line: 4, column: 15 });
    assert.deepEqual((data.files[0]!.cases[2] as unknown as { steps: unknown }).steps, [{ stepId: 'welcome-in-app', type: 'sms', status: 'failed', durationMs: 3, snapshot: 'changed' }]);
    assert.ok(!jsonReport(view, '0.1.0').includes('"root"'));
  });
});
