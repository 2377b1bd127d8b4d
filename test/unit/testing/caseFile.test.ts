/**
 * Case files (issue 46, §1): read with every problem at its place, never thrown, never rewritten;
 * a bad case does not stop the others; what only the app and the connection know is said once
 * they answer. The JSON reader keeps offsets and agrees with JSON.parse.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { payloadKeyPlace, readCaseFile, resolveCaseFile, snapshotPathOf } from '../../../src/testing/caseFile';
import { jsonValue, lineIndex, parseJsonTree } from '../../../src/testing/jsonTree';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const at = (text: string, offset: number) => lineIndex(text)(offset);

describe('the JSON reader of case files', () => {
  it('agrees with JSON.parse on values, and keeps each value’s place', () => {
    const text = '{\n  "a": [1, -2.5e3, true, null],\n  "b": { "c": "x\\u00e9\\n\\"" },\n  "__proto__": 1\n}';
    const parsed = parseJsonTree(text);
    assert.ok(parsed.ok);
    assert.deepEqual(jsonValue(parsed.root), JSON.parse(text));
    assert.ok(Object.prototype.hasOwnProperty.call(jsonValue(parsed.root), '__proto__'), '__proto__ stays a key');
    if (parsed.root.type !== 'object') throw new Error('object expected');
    const b = parsed.root.properties[1]!;
    assert.deepEqual(at(text, b.keyOffset), { line: 2, character: 2 });
  });

  it('says where a syntax error is, in words, for what people write by mistake', () => {
    for (const [text, line, words] of [
      ['{\n  "a": 1,\n}', 2, /comma before a closing brace/],
      ['{\n  // note\n  "a": 1\n}', 1, /key in double quotes/],
      ["{ 'a': 1 }", 0, /key in double quotes/],
      ['{ "a": [1, 2,] }', 0, /comma before a closing bracket/],
      ['{ "a": 1 } x', 0, /follows the end/],
      ['{ "a": "open', 0, /not closed/],
      ['', 0, /ends where a value/],
    ] as const) {
      const parsed = parseJsonTree(text);
      assert.equal(parsed.ok, false, text);
      if (parsed.ok) continue;
      assert.equal(at(text, parsed.offset).line, line, text);
      assert.match(parsed.message, words, text);
    }
  });

  it('reads deep nesting up to its bound, and refuses deeper without a stack overflow', () => {
    assert.ok(parseJsonTree('['.repeat(60) + ']'.repeat(60)).ok);
    const deep = parseJsonTree('['.repeat(100_000) + ']'.repeat(100_000));
    assert.equal(deep.ok, false);
  });
});

describe('case files', () => {
  it('reads the demo’s case files without a problem', () => {
    for (const name of ['account-welcome', 'order-shipped']) {
      const file = readCaseFile(readFileSync(join(ROOT, 'examples', 'demo-app', 'novu-tests', `${name}.novu-test.json`), 'utf8'));
      assert.deepEqual(file.problems, [], name);
      assert.equal(file.workflowId, name);
      assert.ok(file.cases.length >= 2);
      for (const c of file.cases) assert.deepEqual(c.problems, [], c.name);
    }
  });

  it('says bad JSON at its line, and reads no case', () => {
    const text = '{\n  "workflow": "w",\n  "cases": [\n    { "name": "a", },\n  ]\n}';
    const file = readCaseFile(text);
    assert.equal(file.cases.length, 0);
    assert.equal(file.problems.length, 1);
    assert.equal(at(text, file.problems[0]!.offset).line, 3);
    assert.match(file.problems[0]!.message, /^Not JSON: A comma before a closing brace/);
  });

  it('says an unknown key at the key, a wrong type at the value, and only that case does not run', () => {
    const text = JSON.stringify(
      {
        workflow: 'account-welcome',
        cases: [
          { name: 'good', payload: { plan: 'team' } },
          { name: 'typo', payloads: { plan: 'team' }, expect: { 'welcome-email': { subject: { contain: 'x' } } } },
          { name: 'wrong type', payload: 'plan=team', snapshot: 'yes' },
          { name: 'bad regex', expect: { s: { body: { matches: '(' } } } },
        ],
      },
      null,
      2,
    );
    const file = readCaseFile(text);
    assert.deepEqual(file.problems, []);
    assert.deepEqual(
      file.cases.map((c) => [c.name, c.problems.length]),
      [['good', 0], ['typo', 2], ['wrong type', 2], ['bad regex', 1]],
    );
    const [payloads, contain] = file.cases[1]!.problems;
    assert.equal(text.slice(payloads!.offset, payloads!.offset + payloads!.length), '"payloads"');
    assert.match(payloads!.message, /the key "payloads" is not one the case format knows/);
    assert.equal(text.slice(contain!.offset, contain!.offset + contain!.length), '"contain"');
    assert.match(contain!.message, /^cases\.1\.expect\.welcome-email\.subject: the key "contain"/);
    const wrong = file.cases[2]!.problems.map((p) => text.slice(p.offset, p.offset + p.length));
    assert.deepEqual(wrong, ['"plan=team"', '"yes"']);
    assert.match(file.cases[3]!.problems[0]!.message, /regular expression/);
  });

  it('says a file without a workflow, a second case of one name, and keeps the text as written', () => {
    const text = '{ "cases": [ { "name": "a" }, { "name": "a" } ] }';
    const file = readCaseFile(text);
    assert.ok(file.problems.some((p) => /workflow/.test(p.message)));
    assert.match(file.cases[1]!.problems[0]!.message, /Another case of this file is named "a"/);
    assert.equal(text, '{ "cases": [ { "name": "a" }, { "name": "a" } ] }');
  });

  it('says an unknown workflow at its id, an unknown step at its key, and a subscriber the connection lacks', () => {
    const text = JSON.stringify({ workflow: 'account-welcome', cases: [{ name: 'a', subscriber: { subscriberId: 'nobody' }, expect: { 'welcome-mail': {} }, controls: { 'welcome-email': {} } }] }, null, 2);
    const file = readCaseFile(text);
    const missing = resolveCaseFile(file, undefined);
    assert.match(missing.problems[0]!.message, /Your app has no workflow "account-welcome"/);
    assert.equal(text.slice(missing.problems[0]!.offset, missing.problems[0]!.offset + missing.problems[0]!.length), '"account-welcome"');
    const resolved = resolveCaseFile(file, { steps: ['welcome-email', 'welcome-sms'] }, (id) => id !== 'nobody');
    const messages = resolved.cases[0]!.problems.map((p) => [text.slice(p.offset, p.offset + p.length), p.message]);
    assert.deepEqual(messages, [
      ['"welcome-mail"', '"account-welcome" has no step "welcome-mail" (its steps: welcome-email, welcome-sms).'],
      ['"nobody"', 'The connection has no subscriber "nobody".'],
    ]);
    assert.deepEqual(resolveCaseFile(file, { steps: ['welcome-email', 'welcome-mail'] }, () => undefined).cases[0]!.problems, [], 'a subscriber that cannot be asked for is no problem');
  });

  it('places a payload key of a case, or the payload when the key is missing', () => {
    const text = JSON.stringify({ workflow: 'w', cases: [{ name: 'a', payload: { plan: 'gold', lines: [{ sku: 1 }] } }] }, null, 2);
    const file = readCaseFile(text);
    const show = (key: string) => {
      const p = payloadKeyPlace(file, 0, key);
      return text.slice(p.offset, p.offset + p.length);
    };
    assert.equal(show('plan'), '"plan"');
    assert.equal(show('lines.0.sku'), '"sku"');
    assert.equal(show('seats'), '"payload"');
  });

  it('takes a context in the trigger\'s shape, resolved as the steps get it, and says a bad one at its key (issue 55)', () => {
    const text = JSON.stringify({ workflow: 'w', cases: [
      { name: 'ok', context: { tenant: 'acme', app: { id: 'web', data: { plan: 'pro' } } } },
      { name: 'bad id', context: { tenant: 'acme corp' } },
      { name: 'six', context: { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' } },
    ] }, null, 2);
    const file = readCaseFile(text);
    assert.deepEqual(file.cases[0]!.context, { tenant: { id: 'acme', data: {} }, app: { id: 'web', data: { plan: 'pro' } } });
    assert.deepEqual(file.cases[0]!.problems, []);
    const [bad] = file.cases[1]!.problems;
    assert.match(bad!.message, /^cases\.1\.context\.tenant: Use letters, digits, _ and - only\.$/);
    assert.equal(text.slice(bad!.offset, bad!.offset + bad!.length), '"acme corp"', 'said at the value');
    assert.match(file.cases[2]!.problems[0]!.message, /At most 5 context keys \(this one has 6\)/);
    assert.deepEqual(readCaseFile(JSON.stringify({ workflow: 'w', cases: [{ name: 'none' }] })).cases[0]!.context, {});
  });

  it('names the snapshot file beside the case file', () => {
    assert.equal(snapshotPathOf('/repo/tests/welcome.novu-test.json'), '/repo/tests/welcome.novu-test.snap.json');
  });
});
