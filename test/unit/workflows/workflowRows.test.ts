/**
 * The Workflows view's words (issue 25): a row's description and status, the tooltip's last
 * trigger and steps, a step's issues in the service's words, and hostile strings kept as typed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { WorkflowListItem } from '../../../src/api';
import { originText, statusText } from '../../../src/format/workflowStatus';
import { stepIssues, stepRow, stepTypes, workflowRow, workflowTooltip } from '../../../src/workflows/workflowRows';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const item = (over: Partial<WorkflowListItem> = {}): WorkflowListItem => ({
  _id: '6615c0ffee00000000f10009',
  workflowId: 'invoice-paid',
  name: 'Invoice paid',
  status: 'ACTIVE',
  origin: 'external',
  tags: ['billing', 'code'],
  steps: [{ slug: 'a', type: 'in_app' }, { slug: 'b', type: 'email' }],
  ...over,
});

describe('workflow rows', () => {
  it('says identifier, origin and tags; a status only when it is not active', () => {
    assert.equal(workflowRow(item()).description, 'invoice-paid · code · billing, code');
    assert.equal(workflowRow(item({ status: 'INACTIVE', origin: 'novu-cloud-v1', tags: [] })).description, 'invoice-paid · inactive · legacy editor');
    assert.equal(workflowRow(item({ status: 'ERROR', origin: 'novu-cloud' })).description, 'invoice-paid · active, with errors · dashboard · billing, code');
    // A status or origin this version does not know is shown as sent.
    assert.equal(statusText('PAUSED'), 'PAUSED');
    assert.equal(originText('novu-cloud-v3'), 'novu-cloud-v3');
    assert.equal(originText(undefined), undefined);
  });

  it('names a workflow without a name by its identifier, and keeps hostile names as typed', () => {
    assert.equal(workflowRow(item({ name: '  ' })).label, 'invoice-paid');
    assert.equal(workflowRow(item({ name: '  ' })).description, 'code · billing, code');
    const hostile = '<img src=x onerror=alert(1)> & `x` $(zap) [a](b)';
    assert.equal(workflowRow(item({ name: hostile })).label, hostile);
  });

  it('puts the last trigger and the steps in the tooltip', () => {
    const text = workflowTooltip(item({ lastTriggeredAt: '2026-11-24T11:48:00Z' }), NOW, 'en');
    assert.match(text, /^Invoice paid\nIdentifier: invoice-paid\nStatus: active\nOrigin: code \(synced from @novu\/framework\)\nTags: billing, code\nSteps: In-app → Email\nLast triggered: 12 min ago \(/);
    assert.match(workflowTooltip(item({ lastTriggeredAt: undefined, steps: [] }), NOW), /Steps: none\nLast triggered: never/);
    assert.match(workflowTooltip(item({ status: 'INACTIVE' }), NOW), /Status: inactive \(Triggers are answered "trigger_not_active": nothing is sent\.\)/);
  });

  it('takes the step types from stepTypeOverviews first', () => {
    assert.deepEqual(stepTypes({ steps: [{ slug: 'x', type: 'sms' }], stepTypeOverviews: ['email', 42, 'chat'] }), ['email', 'chat']);
    assert.deepEqual(stepTypes({ steps: [{ slug: 'x', type: 'sms' }, { slug: 'y' }] }), ['sms']);
  });

  it("lists a step's issues in the service's words, each once, and ignores odd shapes", () => {
    const issues = {
      integration: { email: [{ issueType: 'MISSING_INTEGRATION', message: 'Missing active primary integration provider' }] },
      controls: { subject: [{ issueType: 'MISSING_VALUE', message: 'Subject is required' }, { message: 'Subject is required' }], body: 'oops' },
      other: 5,
    };
    assert.deepEqual(stepIssues(issues), ['Missing active primary integration provider', 'Subject is required']);
    assert.deepEqual(stepIssues(null), []);
    assert.deepEqual(stepIssues('x'), []);
    const row = stepRow({ _id: 's', stepId: 'email-step', name: '', type: 'email', issues });
    assert.equal(row.label, 'email-step');
    assert.equal(row.description, 'Email · Missing active primary integration provider; Subject is required');
  });
});
