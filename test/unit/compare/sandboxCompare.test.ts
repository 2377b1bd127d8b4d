/**
 * The Sandbox's two environments read with their own keys and compared (issue 52): the result
 * equals the planned differences exactly; the wire is GETs only, §10.2's count per side, at most
 * four in flight per side; a canary key in `apiKeys` and in credentials appears nowhere; a 401 names
 * its side and compares nothing; a workflow's 500 is "could not read (errorId …)" and the rest is
 * compared; a 429 waits Retry-After and reads again; Compare again reads only what changed.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type Comparison, compareSides, translationRowText, translationsNotComparedText, unreadText } from '../../../src/compare/comparison';
import { MAX_IN_FLIGHT, type ReadEvent, SideReadError, readSide } from '../../../src/compare/readSide';
import type { SideSnapshot } from '../../../src/compare/snapshot';
import { SANDBOX_FIXTURES as F, type Sandbox, type SandboxTraffic, startSandbox } from '../../../src/sandbox';
import { PLANNED_CHANNELS, PLANNED_COUNTS, PLANNED_FINDINGS, PLANNED_LAYOUTS, PLANNED_TRANSLATIONS, PLANNED_TRANSLATION_GROUPS, PLANNED_WORKFLOWS, plannedRequests } from './sandboxPlan';

const DEV_CANARY = 'canary-dev-key-4b1d7e-never-shown';
const PROD_CANARY = 'canary-prod-key-9c2e5a-never-shown';

function maxInFlight(traffic: readonly SandboxTraffic[]): number {
  const edges = traffic.flatMap((t) => [{ at: t.startedAtMs, d: 1 }, { at: t.endedAtMs ?? Infinity, d: -1 }]).sort((a, b) => a.at - b.at || a.d - b.d);
  let now = 0;
  let peak = 0;
  for (const e of edges) peak = Math.max(peak, (now += e.d));
  return peak;
}

function plain(c: Comparison) {
  return {
    workflows: Object.fromEntries(c.workflows.map((w) => [w.workflowId, [w.mark, w.kind, w.fields, w.steps.map((s) => `${s.stepId} ${s.action} ${s.newIndex ?? '-'}→${s.previousIndex ?? '-'} [${s.controlValues.join(',')}]`)]])),
    layouts: Object.fromEntries(c.layouts.map((l) => [l.layoutId, [l.mark, l.fields]])),
    counts: c.counts,
    channels: Object.fromEntries(c.integrations.map((ch) => [ch.channel, [ch.source, ch.target].map((side) => side.map((i) => `${i.providerId} ${i.active ? 'on' : 'off'}${i.primary ? ' primary' : ''}`))])),
    differing: c.integrations.filter((ch) => ch.differs).map((ch) => ch.channel),
    translations: c.translations.kind === 'compared' ? Object.fromEntries(c.translations.workflows.map((t) => [t.workflowId, [t.source, t.target, t.lacking, t.outdated, t.differs]])) : c.translations.kind,
    findings: c.findings.map((f) => {
      const where = f.workflowId ? `${f.workflowId}${f.stepId ? `/${f.stepId}` : ''}` : (f.layoutId ?? f.channel);
      const failure = [f.failure.status, f.failure.text ?? f.failure.effect, f.failure.field].filter((x) => x !== undefined).join(' ');
      const fix = f.fix.kind === 'dashboard' ? `${f.fix.page}:${'channel' in f.fix ? f.fix.channel : 'layoutId' in f.fix ? f.fix.layoutId : f.fix.workflowId}` : f.fix.kind;
      return `${f.id} ${f.level} ${where} ${failure} ${fix}`;
    }),
  };
}

describe('comparing the Sandbox’s Development and Production', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ apiKey: DEV_CANARY, productionApiKey: PROD_CANARY, subscriberCount: 10, activityCount: 0, faults: { latencyMs: 15 } });
  });
  after(() => sandbox.close());

  const read = (side: 'dev' | 'prod', extra: { previous?: SideSnapshot; onItem?: (e: ReadEvent) => void; apiKey?: string } = {}) =>
    readSide({ baseUrl: sandbox.url, apiKey: extra.apiKey ?? (side === 'dev' ? DEV_CANARY : PROD_CANARY), connectionName: side === 'dev' ? 'Sandbox' : 'Sandbox Production', ...(extra.previous ? { previous: extra.previous } : {}), ...(extra.onItem ? { onItem: extra.onItem } : {}) });

  it('finds exactly the planned differences, over GETs only, at most four in flight and §10.2’s count per side', async () => {
    sandbox.clearRequests();
    const events: string[] = [];
    const [dev, prod] = await Promise.all([read('dev', { onItem: (e) => events.push(e.kind) }), read('prod')]);
    const result = compareSides(dev, prod);
    assert.equal(result.pair.kind, 'compare');
    assert.deepEqual([result.source.name, result.target.name], [`Development (${new URL(sandbox.url).host})`, `Production (${new URL(sandbox.url).host})`]);
    const got = plain(result);
    assert.deepEqual(got.workflows, PLANNED_WORKFLOWS);
    assert.deepEqual(got.layouts, PLANNED_LAYOUTS);
    assert.deepEqual(got.counts, PLANNED_COUNTS);
    assert.deepEqual(got.channels, PLANNED_CHANNELS);
    assert.deepEqual(got.differing, ['email', 'sms', 'push', 'chat']);
    assert.deepEqual(got.findings, PLANNED_FINDINGS);
    assert.deepEqual(got.translations, PLANNED_TRANSLATIONS);
    assert.deepEqual(result.unread, []);

    assert.deepEqual([...new Set(sandbox.requests.map((r) => r.method))], ['GET']);
    for (const [environment, w] of [['development', 11], ['production', 11]] as const) {
      const traffic = sandbox.traffic.filter((t) => t.environment === environment);
      assert.equal(traffic.length, plannedRequests(w, 2, PLANNED_TRANSLATION_GROUPS[environment]), `${environment}: ${traffic.map((t) => t.path).join(' ')}`);
      const peak = maxInFlight(traffic);
      assert.ok(peak <= MAX_IN_FLIGHT && peak >= 2, `${environment}: ${peak} in flight at most`);
    }
    assert.ok(maxInFlight(sandbox.traffic) > MAX_IN_FLIGHT, 'the two sides are read at once');
    assert.equal(events[0], 'environment');
    assert.equal(events.filter((e) => e === 'workflow').length, 11, 'each workflow handed on as it arrived');

    const everything = JSON.stringify({ result, dev: { ...dev, workflows: [...dev.workflows], layouts: [...dev.layouts] }, prod: { ...prod, workflows: [...prod.workflows], layouts: [...prod.layouts] } });
    for (const secret of [DEV_CANARY, PROD_CANARY, 'pm_live_8f2c1d9e4b7a6053f1e2d3c4b5a69788', 'sk_sandbox_3b9f7e1a2c4d6e8f0a1b2c3d4e5f6a7b', 'Sandbox-Pa55word!']) {
      assert.ok(!everything.includes(secret), `a secret reached the result: ${secret.slice(0, 8)}…`);
    }
    assert.ok(dev.integrations.some((i) => i.credentialsSet), 'the old-style credentials were there to drop');
    assert.equal(dev.environment._id, F.developmentEnvironmentId);
    assert.equal(prod.environment._id, F.productionEnvironmentId);
  });

  it('names the side whose key is rejected (401), and compares nothing', async () => {
    await assert.rejects(read('prod', { apiKey: 'not-a-key' }), (error: unknown) => {
      assert.ok(error instanceof SideReadError);
      assert.equal(error.status, 401);
      assert.match(error.message, /^Sandbox Production: the API key was rejected \(API Key not found\)/);
      assert.ok(!error.message.includes('not-a-key'));
      return true;
    });
  });

  it('says "could not read (errorId …)" for a workflow answering 500, and compares the rest', async () => {
    const prodId = sandbox.state.workflows.find((w) => w.identifier === 'weekly-digest')!._id.replace(/^6615c0ffee00000000f1/, '6615c0ffee00000000f3');
    sandbox.setFaults({ respond: { status: 500, message: 'Internal server error', pathIncludes: `/v2/workflows/${prodId}` } });
    try {
      const [dev, prod] = await Promise.all([read('dev'), read('prod')]);
      const result = compareSides(dev, prod);
      const digest = result.workflows.find((w) => w.workflowId === 'weekly-digest')!;
      assert.equal(digest.mark, 'notRead');
      assert.equal(digest.unread![0]!.side, 'target');
      assert.match(unreadText(digest.unread![0]!.item), /^could not read \(errorId [0-9a-f-]{36}\)$/);
      assert.equal(result.counts.notRead, 1);
      assert.equal(result.workflows.find((w) => w.workflowId === 'trial-ending')!.mark, 'differs', 'the rest compared');
      assert.ok(!result.findings.some((f) => f.workflowId === 'weekly-digest'));
    } finally {
      sandbox.setFaults({});
    }
  });

  it('says translations were not compared when their routes answer 402 (a plan without the module), and compares the rest', async () => {
    sandbox.clearRequests();
    sandbox.setFaults({ respond: { status: 402, message: 'Payment Required', pathIncludes: '/v2/translations/' } });
    try {
      const [dev, prod] = await Promise.all([read('dev'), read('prod')]);
      const result = compareSides(dev, prod);
      assert.deepEqual(result.translations, { kind: 'unavailable', side: 'source', status: 402, message: 'Payment Required' });
      assert.equal(translationsNotComparedText(result.translations, (side) => (side === 'source' ? result.source.name : result.target.name)), `not compared: not available for this plan or server (${result.source.name} answered 402: Payment Required)`);
      assert.deepEqual(result.unread, [], 'a plan without translations is not a read that failed');
      assert.deepEqual(plain(result).counts, PLANNED_COUNTS);
      // isTranslationEnabled differing needs no group: still found; the locales are not.
      assert.deepEqual(result.findings.filter((f) => f.id === 'R12').map((f) => f.workflowId), ['weekly-digest']);
      // The first refusal stops the side asking: Development has two such workflows, one is asked.
      assert.ok(sandbox.requests.filter((r) => r.path.startsWith('/v2/translations/') && r.status === 402).length <= 1 + 2 * MAX_IN_FLIGHT);
    } finally {
      sandbox.setFaults({});
    }
  });

  it('lists a translation group answering 500 as not read, with its errorId, and compares the rest', async () => {
    sandbox.setFaults({ respond: { status: 500, message: 'Internal server error', pathIncludes: '/v2/translations/group/workflow/password-reset' } });
    try {
      const [dev, prod] = await Promise.all([read('dev'), read('prod')]);
      const result = compareSides(dev, prod);
      assert.deepEqual(result.unread.map((u) => [u.side, u.item.kind, u.item.id]), [['source', 'translations', 'password-reset'], ['target', 'translations', 'password-reset']]);
      assert.match(unreadText(result.unread[0]!.item), /^could not read \(errorId [0-9a-f-]{36}\)$/);
      assert.equal(result.workflows.find((w) => w.workflowId === 'password-reset')!.mark, 'same', 'the workflow itself was read and compared');
      assert.ok(result.translations.kind === 'compared');
      const row = result.translations.workflows.find((t) => t.workflowId === 'password-reset')!;
      assert.deepEqual([row.unread, row.differs], [['source', 'target'], false]);
      assert.equal(translationRowText(row, { source: 'Development', target: 'Production' }), 'Development: could not read → Production: could not read');
    } finally {
      sandbox.setFaults({});
    }
  });

  it('drops a workflow deleted between list and read (404) from its side', async () => {
    const prodId = sandbox.state.workflows.find((w) => w.identifier === 'order-shipped')!._id.replace(/^6615c0ffee00000000f1/, '6615c0ffee00000000f3');
    sandbox.setFaults({ respond: { status: 404, message: 'Workflow cannot be found', pathIncludes: `/v2/workflows/${prodId}` } });
    try {
      const [dev, prod] = await Promise.all([read('dev'), read('prod')]);
      assert.ok(!prod.workflowList.some((w) => w.workflowId === 'order-shipped'));
      assert.deepEqual(prod.unread, []);
      const result = compareSides(dev, prod);
      assert.equal(result.workflows.find((w) => w.workflowId === 'order-shipped')!.mark, 'notInTarget');
      assert.ok(result.findings.some((f) => f.id === 'R1' && f.workflowId === 'order-shipped' && f.fix.kind === 'sync'));
    } finally {
      sandbox.setFaults({});
    }
  });

  it('waits Retry-After on a 429 and reads the same workflow again', async () => {
    const prodId = '6615c0ffee00000000f30101';
    sandbox.clearRequests();
    sandbox.setFaults({ rejectNext: { method: 'GET', pathSuffix: `/v2/workflows/${prodId}`, status: 429, message: 'API rate limit exceeded', headers: { 'Retry-After': '1' } } });
    const started = performance.now();
    const prod = await read('prod');
    const reads = sandbox.requests.filter((r) => r.path === `/v2/workflows/${prodId}`);
    assert.deepEqual(reads.map((r) => r.status), [429, 200]);
    assert.ok(performance.now() - started >= 1000, 'waited the second it was told');
    assert.ok(prod.workflows.has('holiday-promo'));
    assert.deepEqual(prod.unread, []);
  });

  it('pauses while RateLimit-Remaining is 0 until RateLimit-Reset, so that a small bucket still reads everything', async () => {
    sandbox.clearRequests();
    sandbox.setFaults({ rateLimitPerSecond: 8 });
    try {
      const prod = await read('prod');
      assert.deepEqual(prod.unread, []);
      assert.equal(prod.workflows.size, 11);
      const refused = sandbox.requests.filter((r) => r.status === 429).length;
      // Those already in flight when the bucket emptied may be refused; after that the pause holds the rest back.
      assert.ok(refused <= 2 * MAX_IN_FLIGHT, `${refused} answered 429`);
      assert.ok(sandbox.requests.length < 2 * plannedRequests(11, 2), `${sandbox.requests.length} requests`);
    } finally {
      sandbox.setFaults({});
    }
  });

  it('compares again reading the lists and only what changed (and the translation groups, whose edits leave updatedAt as it was)', async () => {
    const dev = await read('dev');
    sandbox.clearRequests();
    const again = await read('dev', { previous: dev });
    assert.deepEqual(sandbox.requests.map((r) => r.path).sort(), ['/v1/environments', '/v1/environments/me', '/v1/integrations', '/v2/layouts', '/v2/translations/group/workflow/password-reset', '/v2/translations/group/workflow/weekly-digest', '/v2/workflows']);
    assert.deepEqual([...again.translations!.keys()].sort(), ['password-reset', 'weekly-digest']);
    assert.deepEqual([...again.workflows.keys()].sort(), [...dev.workflows.keys()].sort());
  });
});
