/** The dry run of a topic send (contract §11), held to cases worked out by hand. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Subscription } from '../../../src/api/topics';
import { conditionText } from '../../../src/audience/conditionText';
import { pastTopicSend } from '../../../src/audience/pastTopicSend';
import { outcomeSentence } from '../../../src/audience/reachWords';
import { looksContextScoped, needsSubscriberRecords, topicReach, type ReachSend } from '../../../src/audience/topicReach';
import type { Notification } from '../../../src/api/schemas';

const WORKFLOW = { _id: 'wf1', workflowId: 'system-maintenance', tags: ['ops'] };

function subscription(subscriberId: string, extra: Partial<Subscription> = {}): Subscription {
  return { identifier: `tk=t:si=${subscriberId}`, subscriber: { subscriberId }, contextKeys: [], preferences: [], createdAt: '2026-12-01T00:00:00.000Z', ...extra };
}
const pref = (condition: unknown, enabled = true, workflow: Record<string, string> = { id: 'wf1', identifier: 'system-maintenance' }) => ({ workflow, enabled, condition });

const SUBSCRIPTIONS: Subscription[] = [
  subscription('alice'),
  subscription('zoe', { preferences: [pref({ '==': [{ var: 'payload.region' }, 'eu'] })] }),
  subscription('sam', { preferences: [pref({ '==': [{ var: 'subscriber.data.plan' }, 'enterprise'] })] }),
  subscription('noname', { preferences: [pref(undefined, false)] }),
  subscription('html', { contextKeys: ['tenant:acme'] }),
  subscription('bob'),
  subscription('carol'),
  subscription('dave', { preferences: [pref({ in: ['ops', { var: 'payload.teams' }] }, true, { id: 'other-workflow' })] }),
];
const DATA: Record<string, Record<string, unknown>> = { alice: { data: { plan: 'enterprise' } }, sam: { data: {} } };
const lookups = { subscriber: (id: string) => DATA[id] };

function reasons(send: Partial<ReachSend>): Record<string, string> {
  const result = topicReach(SUBSCRIPTIONS, { workflow: WORKFLOW, payload: {}, contextScoped: true, ...send }, lookups);
  return Object.fromEntries(result.rows.map((r) => [r.subscriberId, r.outcome.kind === 'filtered' ? r.outcome.reason : r.outcome.kind]));
}

describe('who a topic send reaches (dry run)', () => {
  it('a send with payload region us, no actor, no context, nobody excluded', () => {
    // By hand: zoe's condition reads payload.region ("us" ≠ "eu"), sam has no plan, noname is off,
    // html is subscribed in tenant:acme (the send has no context), dave's condition is for another workflow.
    assert.deepEqual(reasons({ payload: { region: 'us' } }), {
      alice: 'reached', zoe: 'condition', sam: 'condition', noname: 'disabled', html: 'context', bob: 'reached', carol: 'reached', dave: 'reached',
    });
  });

  it('region eu reaches zoe; excluded, actor and a direct recipient each say their reason', () => {
    assert.deepEqual(reasons({ payload: { region: 'eu' }, exclude: ['bob'], actor: { subscriberId: 'carol' }, direct: ['alice'] }), {
      alice: 'direct', zoe: 'reached', sam: 'condition', noname: 'disabled', html: 'context', bob: 'excluded', carol: 'actor', dave: 'reached',
    });
  });

  it('a send in tenant:acme reaches only the subscription in tenant:acme, where context counts; without scoping, context is ignored', () => {
    const scoped = reasons({ payload: { region: 'eu' }, context: { tenant: { id: 'acme', data: { plan: 'x' } } } });
    assert.equal(scoped['html'], 'reached');
    assert.equal(scoped['alice'], 'context');
    const unscoped = reasons({ payload: { region: 'eu' }, context: { tenant: 'acme' }, contextScoped: false });
    assert.equal(unscoped['html'], 'reached');
    assert.equal(unscoped['alice'], 'reached');
  });

  it('reads subscriber data, actor and context variables as the worker lays them out', () => {
    const subs = [
      subscription('a', { preferences: [pref({ '==': [{ var: 'context.tenant.data.region' }, 'eu'] })] }),
      subscription('b', { preferences: [pref({ '==': [{ var: 'actor.subscriberId' }, 'boss'] })] }),
      subscription('c', { preferences: [pref({ '==': [{ var: 'subscriber.email' }, 'c@x.example'] })] }),
    ];
    const result = topicReach(subs, { workflow: WORKFLOW, payload: {}, actor: 'boss', context: { tenant: 'acme' }, contextScoped: false }, {
      subscriber: (id) => (id === 'c' ? { email: 'c@x.example' } : undefined),
      contextData: (key) => (key === 'tenant:acme' ? { region: 'eu' } : undefined),
    });
    assert.deepEqual(result.reached.sort(), ['a', 'b', 'c']);
    // The trigger's own data wins over the stored data.
    const over = topicReach(subs.slice(0, 1), { workflow: WORKFLOW, payload: {}, context: { tenant: { id: 'acme', data: { region: 'us' } } }, contextScoped: false }, { subscriber: () => undefined, contextData: () => ({ region: 'eu' }) });
    assert.deepEqual(over.reached, []);
  });

  it('only true passes: a truthy number or a throwing rule filters, as in the worker', () => {
    const subs = [
      subscription('one', { preferences: [pref({ '+': [1, 1] })] }),
      subscription('throws', { preferences: [pref({ no_such_operator: [1] })] }),
    ];
    const result = topicReach(subs, { workflow: WORKFLOW, payload: {}, contextScoped: false }, { subscriber: () => undefined });
    assert.deepEqual(result.rows.map((r) => (r.outcome.kind === 'filtered' ? r.outcome.reason : r.outcome.kind)), ['condition', 'conditionError']);
  });

  it('a subscriber with two subscriptions is reached once if either passes', () => {
    const subs = [subscription('x', { contextKeys: ['tenant:acme'] }), subscription('x')];
    const result = topicReach(subs, { workflow: WORKFLOW, payload: {}, contextScoped: true }, { subscriber: () => undefined });
    assert.deepEqual(result.reached, ['x']);
    assert.deepEqual(result.filtered, []);
  });

  it('preferences match by a filter of workflow ids or tags', () => {
    const subs = [
      subscription('byTag', { preferences: [{ filter: { tags: ['ops'] }, enabled: false }] }),
      subscription('byId', { preferences: [{ filter: { workflowIds: ['system-maintenance'] }, enabled: false }] }),
      subscription('otherTag', { preferences: [{ filter: { tags: ['billing'] }, enabled: false }] }),
    ];
    const result = topicReach(subs, { workflow: WORKFLOW, payload: {}, contextScoped: false }, { subscriber: () => undefined });
    assert.deepEqual(result.reached, ['otherTag']);
  });

  it('says a condition with the values it read', () => {
    const row = topicReach([SUBSCRIPTIONS[1]!], { workflow: WORKFLOW, payload: { region: 'us' }, contextScoped: true }, lookups).rows[0]!;
    assert.equal(outcomeSentence(row.outcome, []), 'Its condition payload.region == "eu" is false (payload.region is "us").');
  });

  it('knows when subscriber records must be read, and when subscriptions show context scoping', () => {
    assert.equal(needsSubscriberRecords(SUBSCRIPTIONS, WORKFLOW), true);
    assert.equal(needsSubscriberRecords(SUBSCRIPTIONS.slice(0, 2), WORKFLOW), false);
    assert.equal(looksContextScoped(SUBSCRIPTIONS), true);
    assert.equal(looksContextScoped(SUBSCRIPTIONS.slice(0, 2)), false);
  });

  // Its time is the benchmark's (test/bench/audienceBench.ts, `npm run bench`), not a timed test:
  // beside the other tests on two cores it took from 30 ms to more than a second.
  it('works out 10,000 subscriptions with conditions, each by its own condition', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => subscription(`s${i}`, { preferences: [pref({ and: [{ '==': [{ var: 'payload.region' }, i % 2 ? 'eu' : 'us'] }, { '>=': [{ var: 'subscriber.data.seats' }, 10] }] })] }));
    const result = topicReach(many, { workflow: WORKFLOW, payload: { region: 'eu' }, contextScoped: false }, { subscriber: () => ({ data: { seats: 12 } }) });
    assert.equal(result.reached.length, 5_000);
    assert.ok(result.reached.every((id) => Number(id.slice(1)) % 2 === 1), 'the odd ones, whose condition asks for eu');
  });
});

describe('conditions in words', () => {
  it('writes JSON Logic as a person reads it, values as JSON', () => {
    assert.equal(conditionText({ and: [{ '==': [{ var: 'payload.region' }, 'eu'] }, { in: [{ var: 'subscriber.data.plan' }, ['pro', 'enterprise']] }] }), 'payload.region == "eu" and subscriber.data.plan in ["pro", "enterprise"]');
    assert.equal(conditionText({ '!': { var: 'payload.muted' } }), 'not payload.muted');
    assert.equal(conditionText({ or: [{ and: [true, false] }, { '<': [1, { var: 'x' }, 3] }] }), '(true and false) or 1 < x < 3');
    assert.equal(conditionText({ some: [{ var: 'payload.items' }, { '>': [{ var: 'qty' }, 2] }] }), 'some(payload.items, qty > 2)');
    assert.equal(conditionText({ '==': [{ var: 'payload.name' }, '<img src=x onerror=alert(1)>'] }), 'payload.name == "<img src=x onerror=alert(1)>"');
  });
});

describe('a past topic send against the subscriptions now', () => {
  it('names who got nothing and why', () => {
    const send = { _id: 'n1', transactionId: 'txn-1', createdAt: '2026-12-02T00:00:00.000Z', payload: { region: 'us' }, contextKeys: [], subscriber: { subscriberId: 'alice' } } as unknown as Notification;
    const runs = ['alice', 'bob', 'carol', 'dave', 'gone'].map((id, i) => ({ _id: `n${i}`, subscriber: { subscriberId: id } }) as unknown as Notification);
    const subs = [...SUBSCRIPTIONS, subscription('late', { createdAt: '2026-12-03T00:00:00.000Z' })];
    const past = pastTopicSend(send, runs, 't', subs, WORKFLOW, lookups, true);
    assert.deepEqual(past.reachedNotSubscribed, ['gone']);
    const why = Object.fromEntries(past.missed.map((r) => [r.subscriberId, r.why?.kind === 'rule' ? r.why.outcome.reason : r.why?.kind]));
    assert.deepEqual(why, { zoe: 'condition', sam: 'condition', noname: 'disabled', html: 'context', late: 'subscribedLater' });
  });
});
