/** Save as Test Case's text (issue 46, §2): a case added at the end, the user's text kept as written; personal data only when asked. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readCaseFile } from '../../../src/testing/caseFile';
import { addCase, caseNameProblem, caseSubscriber } from '../../../src/testing/saveCase';

const ada = { subscriberId: 'ada-l', firstName: 'Ada', lastName: null, email: 'ada@example.com', phone: '+15005550006', locale: 'en' };

describe('saving a test case', () => {
  it('keeps the subscriber as the user chose: fields without e-mail and phone, the ID, or everything', () => {
    assert.deepEqual(caseSubscriber(ada, 'fields'), { firstName: 'Ada', locale: 'en' });
    assert.deepEqual(caseSubscriber(ada, 'id'), { subscriberId: 'ada-l' });
    assert.deepEqual(caseSubscriber(ada, 'all'), { firstName: 'Ada', email: 'ada@example.com', phone: '+15005550006', locale: 'en' });
    assert.equal(caseSubscriber({}, 'all'), undefined);
    assert.equal(caseSubscriber(undefined, 'fields'), undefined);
  });

  it('writes a new file for the workflow, which reads back without a problem', () => {
    const made = addCase(undefined, 'w', { name: 'first', payload: { a: 1 }, subscriber: { firstName: 'Ada' } });
    assert.ok('text' in made);
    const file = readCaseFile(made.text);
    assert.deepEqual(file.problems, []);
    assert.deepEqual(file.cases.map((c) => [c.name, c.payload, c.subscriber]), [['first', { a: 1 }, { firstName: 'Ada' }]]);
  });

  it('adds at the end, indented as the file is, and changes nothing else', () => {
    const own = '{\n\t"workflow": "w",\n\t"cases": [\n\t\t{ "name": "a" } // not JSON\n\t]\n}';
    assert.ok('problem' in addCase(own, 'w', { name: 'b', payload: {} }), 'a file that is not JSON is refused');
    const tabs = '{\n\t"workflow": "w",\n\t"cases": [\n\t\t{ "name": "a" }\n\t]\n}\n';
    const added = addCase(tabs, 'w', { name: 'b', payload: { x: '<b>' } });
    assert.ok('text' in added);
    assert.equal(added.text, '{\n\t"workflow": "w",\n\t"cases": [\n\t\t{ "name": "a" },\n\t\t{\n\t\t\t"name": "b",\n\t\t\t"payload": {\n\t\t\t\t"x": "<b>"\n\t\t\t}\n\t\t}\n\t]\n}\n');
    const empty = addCase('{ "workflow": "w", "cases": [] }', 'w', { name: 'b', payload: {} });
    assert.ok('text' in empty);
    assert.deepEqual(readCaseFile(empty.text).cases.map((c) => c.name), ['b']);
    assert.match((addCase(tabs, 'other', { name: 'b', payload: {} }) as { problem: string }).problem, /is for "w", not "other"/);
  });

  it('says a name that is empty or taken before anything is written', () => {
    const text = '{ "workflow": "w", "cases": [ { "name": "a" } ] }';
    assert.equal(caseNameProblem('a', text), 'This file already has a case named "a".');
    assert.equal(caseNameProblem('  ', text), 'A case needs a name.');
    assert.equal(caseNameProblem('b', text), undefined);
    assert.equal(caseNameProblem('a', undefined), undefined);
  });
});
