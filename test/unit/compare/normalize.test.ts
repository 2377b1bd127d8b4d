/** The comparer held to contract §10.5's equality and normalizer. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { differingPaths, isEqual, normalizeLayout, normalizeWorkflow, stableJson } from '../../../src/compare/normalize';

describe('§10.5 equality', () => {
  it('ignores key order', () => {
    assert.ok(isEqual({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 }));
  });

  it('compares arrays index by index', () => {
    assert.deepEqual(differingPaths({ tags: ['a', 'b'] }, { tags: ['b', 'a'] }), ['tags.0', 'tags.1']);
    assert.deepEqual(differingPaths({ tags: ['a', 'b'] }, { tags: ['a'] }), ['tags.1']);
    assert.ok(isEqual({ tags: ['a', 'b'] }, { tags: ['a', 'b'] }));
  });

  it('tells null, absent and "" apart, false from absent, and never coerces', () => {
    assert.deepEqual(differingPaths({ d: null }, {}), ['d']);
    assert.deepEqual(differingPaths({ d: null }, { d: '' }), ['d']);
    assert.deepEqual(differingPaths({ d: '' }, {}), ['d']);
    assert.deepEqual(differingPaths({ v: false }, {}), ['v']);
    assert.deepEqual(differingPaths({ n: 1 }, { n: '1' }), ['n']);
    assert.deepEqual(differingPaths({ n: 0 }, { n: false }), ['n']);
    assert.deepEqual(differingPaths({ o: {} }, { o: null }), ['o']);
  });

  it('names differences leaf by leaf', () => {
    const a = { preferences: { default: { all: { enabled: true, readOnly: false }, channels: { email: { enabled: true } } } } };
    const b = { preferences: { default: { all: { enabled: true, readOnly: true }, channels: { email: { enabled: true }, sms: { enabled: true } } } } };
    assert.deepEqual(differingPaths(a, b), ['preferences.default.all.readOnly', 'preferences.default.channels.sms']);
  });
});

describe('§10.2 and §10.3 normalizers', () => {
  const workflow = {
    _id: 'a'.repeat(24), slug: 'x_wf_1', createdAt: 't1', updatedAt: 't2', updatedBy: 'u', lastPublishedAt: 't', lastPublishedBy: 'u',
    status: 'ERROR', issues: { x: 1 }, lastTriggeredAt: 't3', payloadExample: { random: 42 }, origin: 'novu-cloud', stepTypeOverviews: ['email'],
    workflowId: 'w', name: 'W', tags: ['t'], active: true, severity: 'none',
    steps: [
      { _id: 's1', stepId: 'email-step', name: 'Email', type: 'email', slug: 'e_st_1', origin: 'novu-cloud', workflowId: 'w', workflowDatabaseId: 'a', controlValues: { subject: 'Hi' }, controls: { dataSchema: { big: true } }, variables: { big: true }, issues: { controls: {} } },
      { _id: 's2', name: 'no id', type: 'sms', controlValues: {} },
    ],
  };

  it('leaves out every ignored field, keeps the compared ones, and skips a step without stepId', () => {
    assert.deepEqual(normalizeWorkflow(workflow), {
      workflowId: 'w', name: 'W', tags: ['t'], active: true, severity: 'none', payloadSchema: null,
      steps: [{ stepId: 'email-step', name: 'Email', type: 'email', controlValues: { subject: 'Hi' } }],
    });
  });

  it('treats an absent payloadSchema as null, and keeps a given null', () => {
    assert.equal(normalizeWorkflow({ workflowId: 'w' })['payloadSchema'], null);
    assert.ok(isEqual(normalizeWorkflow({ workflowId: 'w' }), normalizeWorkflow({ workflowId: 'w', payloadSchema: null })));
  });

  it("makes two workflows that differ only in ignored fields equal", () => {
    const other = { ...workflow, _id: 'b'.repeat(24), slug: 'y', updatedAt: 'later', status: 'ACTIVE', payloadExample: { random: 7 }, origin: 'external', issues: undefined };
    assert.ok(isEqual(normalizeWorkflow(workflow), normalizeWorkflow(other)));
  });

  it("ignores a layout's isDefault, ids, slug, origin, type, variables and times", () => {
    const a = { _id: '1', layoutId: 'l', slug: 's', name: 'L', isDefault: true, origin: 'novu-cloud', type: 'email', variables: { x: 1 }, createdAt: 'a', updatedAt: 'b', updatedBy: 'u', controls: { values: { email: { body: '<p/>', editorType: 'html' } } } };
    const b = { ...a, _id: '2', slug: 't', isDefault: false, variables: {}, updatedAt: 'c' };
    assert.ok(isEqual(normalizeLayout(a), normalizeLayout(b)));
    assert.deepEqual(differingPaths(normalizeLayout(a), normalizeLayout({ ...b, controls: { values: { email: { body: '<p>x</p>', editorType: 'html' } } } })), ['controls.values.email.body']);
  });

  it('writes a document with sorted keys, so two sides line up', () => {
    assert.equal(stableJson({ b: 1, a: { d: 2, c: [{ f: 1, e: 2 }] } }), stableJson({ a: { c: [{ e: 2, f: 1 }], d: 2 }, b: 1 }));
    assert.ok(stableJson({ b: 1, a: 2 }).indexOf('"a"') < stableJson({ b: 1, a: 2 }).indexOf('"b"'));
  });
});
