/** Workflows and steps matched and marked as contract §10.5 says. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareWorkflow, compareWorkflows } from '../../../src/compare/compareWorkflows';
import { compareSides, markLabel, noDifferences } from '../../../src/compare/comparison';
import { side, step } from './sides';

const wf = (steps: unknown[], extra: Record<string, unknown> = {}) => ({ _id: 'x', workflowId: 'w', name: 'W', origin: 'novu-cloud', active: true, steps, ...extra });

describe('steps by stepId', () => {
  it('says added with newIndex and deleted with previousIndex', () => {
    const changes = compareWorkflow('w', wf([step('a', 'in_app'), step('b', 'email')]), wf([step('a', 'in_app'), step('c', 'sms')])).steps;
    assert.deepEqual(changes.map((c) => [c.stepId, c.action, c.newIndex, c.previousIndex]), [['b', 'added', 1, undefined], ['c', 'deleted', undefined, 1]]);
  });

  it('tells moved (same content) from modified (content, a move folded in)', () => {
    const moved = compareWorkflow('w', wf([step('b', 'email'), step('a', 'in_app')]), wf([step('a', 'in_app'), step('b', 'email')]));
    assert.deepEqual(moved.steps.map((c) => [c.stepId, c.action, c.newIndex, c.previousIndex]), [['b', 'moved', 0, 1], ['a', 'moved', 1, 0]]);
    assert.equal(moved.mark, 'stepOrder');
    const changed = compareWorkflow('w', wf([step('b', 'email', { subject: 'New' }), step('a', 'in_app')]), wf([step('a', 'in_app'), step('b', 'email', { subject: 'Old' })]));
    assert.deepEqual(changed.steps.map((c) => [c.stepId, c.action, c.newIndex, c.previousIndex, c.controlValues]), [['b', 'modified', 0, 1, ['subject']], ['a', 'moved', 1, 0, []]]);
    assert.equal(changed.mark, 'differs');
  });

  it('lists the changed control-value keys and step fields, a key on one side only included', () => {
    const [c] = compareWorkflow('w', wf([step('e', 'email', { subject: 'S', body: 'B', layoutId: 'l1' })]), wf([{ ...step('e', 'email', { subject: 'S', body: 'B2' }), name: 'Renamed' }])).steps;
    assert.deepEqual([c!.action, c!.fields, c!.controlValues], ['modified', ['name'], ['body', 'layoutId']]);
  });

  it('skips a step without stepId on either side', () => {
    const result = compareWorkflow('w', wf([step(undefined, 'sms'), step('a', 'in_app')]), wf([step('a', 'in_app')]));
    assert.deepEqual(result.steps, []);
    assert.equal(result.mark, 'same');
  });
});

describe('workflows by workflowId', () => {
  it('marks each workflow from source towards target, the workflow fields by path', () => {
    const source = side({ workflows: [wf([], { workflowId: 'only-dev', _id: 'same-id' }), wf([], { workflowId: 'both', tags: ['a', 'b'] }), wf([], { workflowId: 'equal' })] });
    const target = side({ environment: { name: 'Production' }, workflows: [wf([], { workflowId: 'both', tags: ['b', 'a'] }), wf([], { workflowId: 'equal', _id: 'other', updatedAt: 'later' }), wf([], { workflowId: 'only-prod', _id: 'same-id' })] });
    const result = compareWorkflows(source, target);
    assert.deepEqual(result.map((r) => [r.workflowId, r.mark, r.fields]), [['only-dev', 'notInTarget', []], ['both', 'differs', ['tags.0', 'tags.1']], ['equal', 'same', []], ['only-prod', 'onlyInTarget', []]]);
    assert.deepEqual(['notInTarget', 'onlyInTarget', 'differs', 'stepOrder', 'same'].map((m) => markLabel(m as never, 'Production')), ['Not in Production', 'Only in Production', 'Differs', 'Step order differs', 'Same']);
  });

  it('compares code-first workflows by the same rules, plus their control schemas where both have one, and marks them', () => {
    const code = (schema: unknown, subject: string) => wf([step('e', 'email', { subject }, { controls: { dataSchema: schema } })], { origin: 'external' });
    const result = compareWorkflow('w', code({ type: 'object', properties: { a: {} } }, 'S'), code({ type: 'object', properties: { b: {} } }, 'S'));
    assert.deepEqual([result.kind, result.mark, result.steps[0]!.dataSchema, result.steps[0]!.action], ['code', 'differs', true, 'modified']);
    assert.equal(compareWorkflow('w', code({}, 'S'), code({ type: 'object' }, 'S')).mark, 'same', 'an empty control schema on one side is not compared');
    assert.equal(compareWorkflow('w', wf([step('e', 'email', {}, { controls: { dataSchema: { a: 1 } } })]), wf([step('e', 'email', {}, { controls: { dataSchema: { a: 2 } } })])).mark, 'same', 'a dashboard step’s control schema is ignored');
  });

  it('compares legacy workflows by presence and active only', () => {
    const legacy = (active: boolean, name: string) => wf([step('a', 'email', { subject: name })], { origin: 'novu-cloud-v1', active, name });
    const same = compareWorkflow('w', legacy(true, 'A'), legacy(true, 'B'));
    assert.deepEqual([same.kind, same.mark], ['legacy', 'same']);
    assert.deepEqual(compareWorkflow('w', legacy(true, 'A'), legacy(false, 'A')).fields, ['active']);
  });

  it('never shows a partial read as no differences: a workflow not read is listed with its errorId', () => {
    const source = side({ workflows: [wf([], { workflowId: 'a' }), wf([], { workflowId: 'b' })] });
    const target = side({ workflows: [wf([], { workflowId: 'a' }), wf([], { workflowId: 'b' })] });
    target.workflows.delete('b');
    target.unread.push({ kind: 'workflow', id: 'b', status: 500, errorId: 'e-1', message: 'Internal server error' });
    const result = compareSides(source, target);
    assert.deepEqual(result.workflows.map((w) => [w.workflowId, w.mark]), [['a', 'same'], ['b', 'notRead']]);
    assert.equal(result.workflows[1]!.unread![0]!.item.errorId, 'e-1');
    assert.equal(noDifferences(result), false);
    target.unread.length = 0;
    target.workflows.set('b', source.workflows.get('b')!);
    assert.equal(noDifferences(compareSides(source, target)), true);
  });

  it('keeps hostile names as data, unchanged', () => {
    const name = '<img src=x onerror=alert(1)> **b** [l](command:x) $(bell)';
    const result = compareWorkflows(side({ workflows: [wf([{ ...step('s', 'email'), name }], { name })] }), side({ workflows: [wf([], { name })] }));
    assert.equal(result[0]!.name, name);
    assert.equal(result[0]!.steps[0]!.name, name);
  });

  it('refuses the same environment twice and compares nothing', () => {
    const a = side({ workflows: [wf([], { workflowId: 'a' })] });
    const b = { ...side({ workflows: [] }), environment: a.environment };
    const result = compareSides(a, b);
    assert.equal(result.pair.kind, 'sameEnvironment');
    assert.deepEqual([result.workflows, result.findings], [[], []]);
  });
});
