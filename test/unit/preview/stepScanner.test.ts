import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { frameworkWorkflows } from '../../../src/preview/stepScanner';

describe('the steps of framework workflows in code', () => {
  it('finds each workflow of @novu/framework and its steps, with their types and offsets', () => {
    const text = [
      "import { workflow } from '@novu/framework';",
      "export const a = workflow('account-welcome', async ({ step, payload }) => {",
      "  await step.email('welcome-email', async () => ({ subject: 'x', body: 'y' }));",
      "  // await step.sms('commented-out', async () => ({ body: '' }));",
      "  await step.inApp(\"welcome-in-app\", async () => ({ body: 'z' }));",
      '});',
      "export const b = workflow('team-digest', async ({ step }) => {",
      "  const events = await step.digest('collect', async () => ({ amount: 1, unit: 'days' }));",
      "  await step.push(`push-1`, async () => ({ subject: 's', body: 'b' }));",
      '});',
    ].join('\n');
    const found = frameworkWorkflows(text);
    assert.deepEqual(
      found.map((w) => [w.workflowId, w.steps.map((s) => `${s.stepId}:${s.type}`)]),
      [
        ['account-welcome', ['welcome-email:email', 'welcome-in-app:in_app']],
        ['team-digest', ['collect:digest', 'push-1:push']],
      ],
    );
    const step = found[0]!.steps[0]!;
    assert.equal(text.slice(step.start, step.end), 'welcome-email');
    assert.equal(text.slice(found[1]!.start, found[1]!.end), 'team-digest');
  });

  it('finds nothing in a file whose workflow() is not the framework’s', () => {
    const text = "import { workflow } from './scheduler';\nworkflow('nightly', async ({ step }) => { await step.email('x', async () => ({})); });";
    assert.deepEqual(frameworkWorkflows(text), []);
  });
});
