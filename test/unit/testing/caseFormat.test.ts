/**
 * Every documented key of the case format works as documented (issue 51, §B): every JSON example
 * of docs/tests.md and of the CLI's README is read as a case file without a problem, and agrees with
 * the JSON Schema VS Code checks the files with; a file's `checks` may name any subset of the
 * checks; each bad value, in every key, is said in the format's own words (never zod's "Invalid
 * input") at its key's line; an unknown key is offered its nearest known one, at every level; a
 * regular expression JavaScript refuses says JavaScript's error.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHECK_IDS } from '../../../src/checks/checkLevels';
import { readCaseFile, type CaseFile } from '../../../src/testing/caseFile';
import { lineIndex } from '../../../src/testing/jsonTree';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const DOC_PAGES = ['docs/tests.md', 'packages/novu-explorer-test/README.md'];
const SCHEMA = JSON.parse(readFileSync(join(ROOT, 'media', 'novu-test.schema.json'), 'utf8')) as JsonSchema;
/** zod's own words, in English: none may reach a user. */
const ZOD_WORDS = /Invalid input|Invalid (?:string|enum|type|option|key|element)|Expected [a-z]+, received|Unrecognized key|Too (?:big|small)|Required\b|expected (?:string|number|boolean|object|array|record) to have/;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
}

/** The rules of media/novu-test.schema.json this file uses, enough to say whether a value passes them. */
function schemaErrors(schema: JsonSchema, value: unknown, path = ''): string[] {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (schema.anyOf) return schema.anyOf.some((s) => schemaErrors(s, value, path).length === 0) ? [] : [`${path}: none of anyOf`];
  if (schema.const !== undefined && value !== schema.const) return [`${path}: not the const`];
  if (schema.enum && !schema.enum.includes(value)) return [`${path}: not in the enum`];
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return [`${path}: not ${types.join('|')}`];
  }
  const errors: string[] = [];
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) errors.push(`${path}: too short`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) errors.push(`${path}: too long`);
  }
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => errors.push(...schemaErrors(schema.items!, v, `${path}.${i}`)));
  if (kind === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) errors.push(`${path}: no ${key}`);
    for (const [key, v] of Object.entries(record)) {
      const own = schema.properties?.[key];
      if (own) errors.push(...schemaErrors(own, v, `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unknown ${key}`);
      else if (typeof schema.additionalProperties === 'object') errors.push(...schemaErrors(schema.additionalProperties, v, `${path}.${key}`));
    }
  }
  return errors;
}

const allProblems = (file: CaseFile) => [...file.problems, ...file.cases.flatMap((c) => c.problems)];

/** The ```json blocks of a page that are case files (they name a workflow), with their line. */
function jsonBlocks(page: string): { line: number; text: string }[] {
  const lines = readFileSync(join(ROOT, page), 'utf8').split('\n');
  const blocks: { line: number; text: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*```json\s*$/.test(lines[i]!)) continue;
    const end = lines.findIndex((l, j) => j > i && /^\s*```\s*$/.test(l));
    blocks.push({ line: i + 1, text: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

/**
 * The fragments of a page's key table (`| \`cases[].controls\` | … \`{ … }\` |`): each JSON object
 * in inline code on a key's row, put at that key of a minimal case file.
 */
function keyTableFragments(page: string): { line: number; key: string; text: string }[] {
  const out: { line: number; key: string; text: string }[] = [];
  readFileSync(join(ROOT, page), 'utf8')
    .split('\n')
    .forEach((row, i) => {
      const key = /^\| `((?:cases\[\]\.)?[a-zA-Z$]+)` \|/.exec(row)?.[1];
      if (!key) return;
      for (const [, code] of row.matchAll(/`(\{[^`]*\})`/g)) {
        const value: unknown = JSON.parse(code!);
        const file: Record<string, unknown> = { workflow: 'account-welcome', cases: [{ name: 'a' }] };
        if (key.startsWith('cases[].')) (file['cases'] as Record<string, unknown>[])[0]![key.slice('cases[].'.length)] = value;
        else file[key] = value;
        out.push({ line: i + 1, key, text: JSON.stringify(file, null, 2) });
      }
    });
  return out;
}

describe('the case format, as documented', () => {
  it('reads every JSON example of docs/tests.md and the CLI’s README as a case file, with no problem, and the JSON Schema agrees', () => {
    let examples = 0;
    for (const page of DOC_PAGES) {
      const texts = [...jsonBlocks(page).filter((b) => /"workflow"\s*:/.test(b.text)), ...keyTableFragments(page)];
      for (const { line, text } of texts) {
        examples++;
        const file = readCaseFile(text);
        assert.deepEqual(allProblems(file).map((p) => p.message), [], `${page}:${line}`);
        assert.ok(file.cases.length > 0, `${page}:${line} has a case`);
        assert.deepEqual(schemaErrors(SCHEMA, JSON.parse(text)), [], `${page}:${line} against media/novu-test.schema.json`);
      }
    }
    // The case file's example and the key table's two fragments (checks, controls) at least.
    assert.ok(examples >= 3, `${examples} examples found`);
  });

  it('takes a file-level checks map of any subset of the checks, the docs’ own example first', () => {
    const read = (checks: unknown) => readCaseFile(JSON.stringify({ workflow: 'w', checks, cases: [{ name: 'a' }] }));
    const docs = read({ 'client-support': 'off' });
    assert.deepEqual(allProblems(docs), []);
    assert.deepEqual(docs.levels, { 'client-support': 'off' });
    assert.deepEqual(allProblems(read({})), []);
    for (const id of CHECK_IDS) assert.deepEqual(allProblems(read({ [id]: 'warning' })), [], id);
    assert.deepEqual(read(Object.fromEntries(CHECK_IDS.map((id) => [id, 'error']))).levels, Object.fromEntries(CHECK_IDS.map((id) => [id, 'error'])));
    const wrong = read({ 'image-alt': 'loud', 'client-suport': 'off' });
    assert.deepEqual(allProblems(wrong).map((p) => p.message).sort(), [
      'checks.image-alt: one of "error", "warning", "off" is expected.',
      'checks: the key "client-suport" is not one the case format knows. Did you mean "client-support"?',
    ]);
  });

  it('offers the nearest known key for an unknown one, at every level, with its replacement', () => {
    const text = JSON.stringify(
      {
        workflow: 'w',
        chekcs: {},
        cases: [{ name: 'a', paylod: {}, subscriber: { emial: 'a@example.com' }, expect: { s: { subjet: {}, title: { contain: 'x' }, targets: { notContain: 'y' } } } }],
      },
      null,
      2,
    );
    const file = readCaseFile(text);
    const said = allProblems(file).map((p) => [text.slice(p.offset, p.offset + p.length), p.message, p.replacement]);
    assert.deepEqual(said, [
      ['"chekcs"', 'the file: the key "chekcs" is not one the case format knows. Did you mean "checks"?', '"checks"'],
      ['"paylod"', 'cases.0: the key "paylod" is not one the case format knows. Did you mean "payload"?', '"payload"'],
      ['"emial"', 'cases.0.subscriber: the key "emial" is not one the case format knows. Did you mean "email"?', '"email"'],
      ['"subjet"', 'cases.0.expect.s: the key "subjet" is not one the case format knows. Did you mean "subject"?', '"subject"'],
      ['"contain"', 'cases.0.expect.s.title: the key "contain" is not one the case format knows. Did you mean "contains"?', '"contains"'],
      ['"notContain"', 'cases.0.expect.s.targets: the key "notContain" is not one the case format knows. Did you mean "notContains"?', '"notContains"'],
    ]);
    // Nothing near: no guess, and no replacement.
    const far = readCaseFile(JSON.stringify({ workflow: 'w', cases: [{ name: 'a', zebra: 1 }] }));
    assert.equal(far.cases[0]!.problems[0]!.message, 'cases.0: the key "zebra" is not one the case format knows.');
    assert.equal(far.cases[0]!.problems[0]!.replacement, undefined);
  });

  it('says JavaScript’s own error for a bad regular expression, and the length only when it is the cause', () => {
    const read = (matches: string) => readCaseFile(JSON.stringify({ workflow: 'w', cases: [{ name: 'a', expect: { s: { body: { matches } } } }] })).cases[0]!.problems.map((p) => p.message);
    let javascript = '';
    try {
      // eslint-disable-next-line no-invalid-regexp -- JavaScript's own error is the point
      new RegExp('(', 'u');
    } catch (error) {
      javascript = (error as Error).message;
    }
    assert.deepEqual(read('('), [`cases.0.expect.s.body.matches: ${javascript}`]);
    assert.match(javascript, /^Invalid regular expression: \/\(\/u: Unterminated group$/);
    assert.doesNotMatch(read('(')[0]!, /500/);
    assert.deepEqual(read('a'.repeat(501)), ['cases.0.expect.s.body.matches: a regular expression of at most 500 characters is expected (this one has 501).']);
    assert.deepEqual(read('a'.repeat(500)), []);
  });

  it('says each limit in words: a case name over 200 characters, an empty name or workflow', () => {
    const read = (value: Record<string, unknown>) => allProblems(readCaseFile(JSON.stringify(value))).map((p) => p.message);
    assert.deepEqual(read({ workflow: 'w', cases: [{ name: 'n'.repeat(201) }] }), ['cases.0.name: at most 200 characters (this one has 201).']);
    assert.deepEqual(read({ workflow: 'w', cases: [{ name: 'n'.repeat(200) }] }), []);
    assert.deepEqual(read({ workflow: 'w', cases: [{ name: '' }] }), ['cases.0.name: must not be empty.']);
    assert.deepEqual(read({ workflow: '', cases: [] }), ['workflow: must not be empty.']);
    assert.deepEqual(read({ workflow: 'w', cases: [{}] }), ['cases.0.name: missing; a text is expected.']);
  });

  it('says no zod default anywhere: every key given a wrong type, too long, empty or a wrong value, at its key’s line', () => {
    const good = {
      $schema: '../node_modules/novu-explorer/novu-test.schema.json',
      workflow: 'account-welcome',
      description: 'd',
      checks: { 'client-support': 'off', rendered: 'error' },
      cases: [
        {
          name: 'a case',
          description: 'd',
          payload: { plan: 'team' },
          subscriber: { subscriberId: 's', firstName: 'Ada', lastName: 'L', email: 'a@example.com', phone: '+1', locale: 'en', timezone: 'UTC', avatar: 'https://example.com/a.png', data: { k: 1 } },
          controls: { 'welcome-email': { subject: 'x' } },
          expect: {
            'welcome-email': {
              subject: { contains: 'a', notContains: ['b'], matches: '^a' },
              body: { contains: ['a'] },
              text: { notContains: 'z' },
              title: { matches: 'x' },
              targets: { contains: 'https://example.com', notContains: ['http://example.com'] },
              skipped: false,
            },
            'welcome-sms': { throws: true },
          },
          snapshot: true,
        },
      ],
    };
    assert.deepEqual(allProblems(readCaseFile(JSON.stringify(good, null, 2))), []);
    assert.deepEqual(schemaErrors(SCHEMA, good), []);
    // Every key's path in the good file.
    const paths: (string | number)[][] = [];
    const walk = (value: unknown, path: (string | number)[]) => {
      if (path.length > 0) paths.push(path);
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
      else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    };
    walk(good, []);
    const bad: unknown[] = [7, 'x', '', 'x'.repeat(5000), true, null, [], [7], {}, { zzz: 1 }, 'loud'];
    let tried = 0;
    let refused = 0;
    for (const path of paths) {
      for (const value of bad) {
        const file = structuredClone(good) as Record<string, unknown>;
        let holder: Record<string | number, unknown> = file;
        for (const part of path.slice(0, -1)) holder = holder[part] as Record<string | number, unknown>;
        holder[path[path.length - 1]!] = value;
        const text = JSON.stringify(file, null, 2);
        // The lines of the key changed and its value (an array item: its value's).
        const [keyLine, lastLine] = linesOfPath(text, path);
        const problems = allProblems(readCaseFile(text));
        const where = `${path.join('.')} = ${JSON.stringify(value).slice(0, 20)}`;
        tried++;
        // What the JSON Schema refuses, the reader refuses too, and the other way round (a regular
        // expression JavaScript cannot read is the reader's alone).
        const schemaSays = schemaErrors(SCHEMA, file).length > 0;
        const regex = path[path.length - 1] === 'matches' && typeof value === 'string' && value.length <= 500;
        if (!regex) assert.equal(problems.length > 0, schemaSays, `${where}: the reader says ${JSON.stringify(problems.map((p) => p.message))}, the schema ${schemaErrors(SCHEMA, file).join('; ')}`);
        if (problems.length > 0) refused++;
        const at = lineIndex(text);
        for (const p of problems) {
          assert.doesNotMatch(p.message, ZOD_WORDS, where);
          // Said at the key changed, or within its value (a key the format does not know in it).
          const line = at(p.offset).line;
          assert.ok(line >= keyLine && line <= lastLine, `${where}: "${p.message}" on line ${line + 1}, the key on ${keyLine + 1}`);
          if (typeof value !== 'object' || value === null) assert.equal(line, keyLine, `${where}: "${p.message}"`);
        }
      }
    }
    assert.ok(tried > 400 && refused > 200, `${tried} tried, ${refused} refused`);
  });
});

/** The lines (0-based) of the key at `path` in `text` (an array item: its value's start) and of its value's end, found through the reader's tree. */
function linesOfPath(text: string, path: readonly (string | number)[]): [number, number] {
  let node = readCaseFile(text).root!;
  let offset = node.offset;
  for (const part of path) {
    if (node.type === 'object') {
      const property = node.properties.find((p) => p.key === String(part))!;
      offset = property.keyOffset;
      node = property.value;
    } else if (node.type === 'array') {
      node = node.items[part as number]!;
      offset = node.offset;
    }
  }
  const at = lineIndex(text);
  return [at(offset).line, at(node.offset + node.length - 1).line];
}
