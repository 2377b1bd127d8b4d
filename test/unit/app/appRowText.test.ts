/** The app row's words (issue 33), and issue 37 A8: a workflow whose schemas could not be compared is never a silent "same". */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DiscoveredWorkflow } from '../../../src/bridge/bridgeClient';
import type { AppStatus } from '../../../src/app/appState';
import { appRowText } from '../../../src/app/appRowText';
import { compareWorkflows } from '../../../src/app/drift';

const DRAFT7 = 'http://json-schema.org/draft-07/schema#';
const schema = (required: string[]) => ({ schema: { $schema: DRAFT7, type: 'object', properties: { orderId: { type: 'string' }, carrier: { type: 'string' } }, required } });
const zod4 = { schema: { $schema: DRAFT7 } };
const host = (url: string) => new URL(url).host;
const workflow = (workflowId: string, payload: { schema: unknown }) =>
  ({ workflowId, tags: [], steps: [{ stepId: 'e', type: 'email', controls: schema([]) }], payload, controls: schema([]) }) as unknown as DiscoveredWorkflow;

function running(workflows: DiscoveredWorkflow[], environment: unknown[]): AppStatus {
  return { kind: 'running', url: 'http://localhost:4000/api/novu', frameworkVersion: '2.13.2', workflows, key: { kind: 'matches' }, drift: compareWorkflows(workflows, environment), checkedAt: 0 };
}

describe('the app row', () => {
  it('says "N workflows · <connection>\'s key ✓" when every workflow was compared and none differs', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'order-shipped'];
    const mine = ids.map((id) => workflow(id, schema(['orderId'])));
    const text = appRowText(running(mine, structuredClone(mine)), 'Development', host);
    assert.equal(text.description, "localhost:4000 · framework 2.13.2 · 6 workflows · Development's key ✓");
  });

  it('with zod 4 and only the payload schema changed since the last sync: "1 not compared", never a silent ✓ alone', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const synced = [...ids.map((id) => workflow(id, schema([]))), workflow('order-shipped', schema(['orderId']))];
    // The app now requires `carrier` too, but on zod 4 its schemas read as `{ $schema }` only.
    const mine = [...ids.map((id) => workflow(id, schema([]))), workflow('order-shipped', zod4)];
    const text = appRowText(running(mine, synced), 'Development', host);
    assert.equal(text.description, "localhost:4000 · framework 2.13.2 · 6 workflows · Development's key ✓ · 1 not compared");
  });
});
