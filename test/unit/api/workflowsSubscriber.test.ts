/**
 * Contract §8.1 to §8.3 through NovuClient: workflows listed and read (with the 16-character
 * identifier fallback), one subscriber read and patched; against the sandbox over real HTTP, and
 * the fallback against a purpose-built server that misreads identifiers as the service does.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NovuApiError, NovuClient, NovuValidationError, isMisreadIdentifier } from '../../../src/api';
import { SANDBOX_FIXTURES as F, startSandbox, type Sandbox } from '../../../src/sandbox';
import { sendJson, startTestServer } from '../../fixtures/testServer';

describe('workflows and one subscriber (contract §8.1 to §8.3)', () => {
  let sandbox: Sandbox;
  let client: NovuClient;

  before(async () => {
    sandbox = await startSandbox({ apiKey: 'workflows-key' });
    client = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  });
  after(() => sandbox.close());

  it('lists workflows with status, origin and step types, newest first, with a query and a status filter', async () => {
    const all = await client.listWorkflows();
    assert.equal(all.totalCount, sandbox.state.workflows.length);
    const inactive = all.workflows.find((w) => w.workflowId === 'marketing-newsletter');
    assert.equal(inactive?.status, 'INACTIVE');
    assert.ok(all.workflows.every((w) => (w.steps ?? []).every((s) => typeof s.type === 'string')));
    const found = await client.listWorkflows({ query: 'WELCOME' });
    assert.deepEqual(found.workflows.map((w) => w.workflowId), [F.workflowIdentifier]);
    const onlyInactive = await client.listWorkflows({ status: ['INACTIVE'] });
    assert.ok(onlyInactive.workflows.length >= 1 && onlyInactive.workflows.every((w) => w.status === 'INACTIVE'));
    const paged = await client.listWorkflows({ limit: 2, offset: 1 });
    assert.deepEqual(paged.workflows.map((w) => w._id), all.workflows.slice(1, 3).map((w) => w._id));
    await assert.rejects(() => client.listWorkflows({ status: ['BROKEN'] }), (e: unknown) => e instanceof NovuApiError && e.status === 422);
  });

  it('reads one workflow by identifier, _id and slug: active, critical, preferences, steps with their issues', async () => {
    const byIdentifier = await client.getWorkflow(F.criticalWorkflowIdentifier);
    assert.equal(byIdentifier.preferences?.default?.all?.readOnly, true, 'critical');
    assert.equal(byIdentifier.active, true);
    assert.ok((byIdentifier.steps ?? []).every((s) => s.stepId && s.type));
    const byId = await client.getWorkflow(byIdentifier._id);
    assert.equal(byId.workflowId, F.criticalWorkflowIdentifier);
    assert.equal((await client.getWorkflow(byIdentifier.slug!))._id, byIdentifier._id);
    await assert.rejects(() => client.getWorkflow('no-such-workflow'), (e: unknown) => e instanceof NovuApiError && e.status === 404 && e.message === 'Workflow cannot be found');
    await assert.rejects(() => client.getWorkflow(' '), (e: unknown) => e instanceof NovuValidationError);
  });

  it('reads one subscriber and patches one field, with an idempotency key; bad values at the field, before any request', async () => {
    const before = await client.getSubscriber(F.notificationSubscriberId);
    assert.equal(before.subscriberId, F.notificationSubscriberId);
    sandbox.clearRequests();
    const after = await client.updateSubscriber(F.notificationSubscriberId, { phone: '+15551234567' }, { idempotencyKey: 'fix-phone-1' });
    assert.equal(after.phone, '+15551234567');
    assert.equal(after.email, before.email, 'only the key sent changes');
    const patch = sandbox.requests.find((r) => r.method === 'PATCH');
    assert.deepEqual(patch?.body, { phone: '+15551234567' });
    assert.equal(patch?.idempotencyKey, 'fix-phone-1');
    sandbox.clearRequests();
    await assert.rejects(() => client.updateSubscriber(F.notificationSubscriberId, { email: 'not an email' }), (e: unknown) => e instanceof NovuValidationError && 'email' in e.fieldErrors);
    await assert.rejects(() => client.updateSubscriber(F.notificationSubscriberId, {}), (e: unknown) => e instanceof NovuValidationError);
    await assert.rejects(() => client.updateSubscriber(F.notificationSubscriberId, { phone: 'call me' }), (e: unknown) => e instanceof NovuValidationError && 'phone' in e.fieldErrors);
    assert.equal(sandbox.requests.length, 0, 'nothing sent');
    await assert.rejects(() => client.getSubscriber('nobody-here'), (e: unknown) => e instanceof NovuApiError && e.status === 404 && /nobody-here was not found/.test(e.message));
  });
});

describe('the 16-character identifier pitfall (contract §8.2)', () => {
  it('knows which identifiers the service misreads', () => {
    for (const risky of ['passwordResetReq', 'welcomeNotification', 'orderConfirmationEmail']) assert.ok(isMisreadIdentifier(risky), risky);
    for (const safe of ['welcome', 'order-shipped', 'password-reset-request', 'welcome_notification', '6615c0ffee00000000f10001', 'shortOne']) assert.ok(!isMisreadIdentifier(safe), safe);
  });

  it('reads a misread identifier through the list: one 404, the search, then the _id', async () => {
    const workflow = { _id: '6615c0ffee00000000f1abcd', workflowId: 'passwordResetReq', name: 'Password reset request', status: 'ACTIVE', active: true, steps: [] };
    const server = await startTestServer((req, res) => {
      const path = req.url.split('?')[0];
      if (path === '/v2/workflows/passwordResetReq') return sendJson(res, 404, { statusCode: 404, message: 'Workflow cannot be found', workflowId: '0000000000000000deadbeef' });
      if (path === '/v2/workflows') return sendJson(res, 200, { data: { workflows: [{ ...workflow, workflowId: 'passwordResetRequest' }, workflow], totalCount: 2 } });
      if (path === `/v2/workflows/${workflow._id}`) return sendJson(res, 200, { data: workflow });
      return sendJson(res, 500, { message: 'unexpected' });
    });
    try {
      const client = new NovuClient({ baseUrl: server.url, apiKey: 'k-123456', retries: 0 });
      const read = await client.getWorkflow('passwordResetReq');
      assert.equal(read._id, workflow._id);
      assert.deepEqual(server.requests.map((r) => r.url), ['/v2/workflows/passwordResetReq', '/v2/workflows?query=passwordResetReq&limit=100', `/v2/workflows/${workflow._id}`]);
      // A safe identifier that is not found is not looked for again.
      server.requests.length = 0;
      await assert.rejects(() => client.getWorkflow('welcome'), (e: unknown) => e instanceof NovuApiError && e.status === 500);
      assert.equal(server.requests.length, 1);
    } finally {
      await server.close();
    }
  });
});
