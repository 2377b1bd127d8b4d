/** The Inbox panel's view (contract §13): tabs, actions offered, answers applied, snooze times, context keys, questions. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { InboxItem } from '../../../src/api/inbox';
import {
  actionsOf,
  applyAnswer,
  belongsToTab,
  confirmation,
  contextChoices,
  contextFromRequest,
  focusNote,
  itemName,
  itemUrl,
  itemView,
  parseContextKeys,
  sameContext,
  snoozeUntil,
} from '../../../src/inbox/inboxView';

const NOW = Date.parse('2026-12-07T12:00:00.000Z');

function item(id: string, extra: Partial<InboxItem> = {}): InboxItem {
  return { id, transactionId: `tx-${id}`, subject: `Subject ${id}`, body: `Body ${id}`, isRead: false, isSeen: false, isArchived: false, isSnoozed: false, createdAt: '2026-12-07T11:00:00.000Z', ...extra };
}

describe('Inbox tabs', () => {
  it('follows the tab filters of Novu\'s Inbox', () => {
    const unread = item('a');
    const read = item('b', { isRead: true });
    const archived = item('c', { isArchived: true, isRead: true });
    const snoozed = item('d', { isSnoozed: true, snoozedUntil: '2026-12-08T09:00:00.000Z' });
    assert.deepEqual([unread, read, archived, snoozed].map((i) => belongsToTab(i, 'all')), [true, true, false, false]);
    assert.deepEqual([unread, read, archived, snoozed].map((i) => belongsToTab(i, 'unread')), [true, false, false, false]);
    assert.deepEqual([unread, read, archived, snoozed].map((i) => belongsToTab(i, 'archived')), [false, false, true, false]);
    assert.deepEqual([unread, read, archived, snoozed].map((i) => belongsToTab(i, 'snoozed')), [false, false, false, true]);
  });

  it('replaces the item with the answer, or drops it when it left the tab or was deleted', () => {
    const items = [item('a'), item('b'), item('c')];
    const read = item('b', { isRead: true });
    assert.deepEqual(applyAnswer(items, 'b', read, 'all').map((i) => [i.id, i.isRead]), [['a', false], ['b', true], ['c', false]]);
    assert.deepEqual(applyAnswer(items, 'b', read, 'unread').map((i) => i.id), ['a', 'c']);
    assert.deepEqual(applyAnswer(items, 'b', item('b', { isArchived: true }), 'all').map((i) => i.id), ['a', 'c']);
    assert.deepEqual(applyAnswer(items, 'c', undefined, 'all').map((i) => i.id), ['a', 'b']);
  });
});

describe('Inbox actions', () => {
  it('offers the toggles that fit the item, its buttons, and Delete', () => {
    assert.deepEqual(actionsOf(item('a')).map((a) => a.action), ['read', 'archive', 'snooze', 'delete']);
    assert.deepEqual(
      actionsOf(item('b', { isRead: true, isSnoozed: true, primaryAction: { label: 'Accept', isCompleted: true }, secondaryAction: { label: 'Decline', isCompleted: false } })).map((a) => a.action),
      ['unread', 'archive', 'unsnooze', 'revertPrimary', 'completeSecondary', 'delete'],
    );
    assert.deepEqual(actionsOf(item('c', { isArchived: true })).map((a) => a.action), ['read', 'unarchive', 'delete']);
    assert.equal(actionsOf(item('d', { primaryAction: { label: 'Accept' } })).find((a) => a.action === 'completePrimary')?.label, 'Complete "Accept"');
  });

  it('asks before a write, naming the subscriber and the connection', () => {
    const q = confirmation('archive', item('a', { subject: 'Hi\u202Eevil' }), { subscriberId: 'sub-1', connectionName: 'Production' });
    assert.match(q.text, /Archive "Hi\\u202Eevil" in the Inbox of sub-1 on "Production"\?/);
    assert.match(q.detail, /REAL Inbox of sub-1 on "Production"/);
    assert.equal(q.button, 'Archive');
    const del = confirmation('delete', item('a'), { subscriberId: 'sub-1', connectionName: 'Production' });
    assert.match(del.detail, /cannot be undone/);
    assert.match(confirmation('snooze', item('a'), { subscriberId: 's', connectionName: 'c' }, 'tomorrow 9:00').text, /on "c" until tomorrow 9:00\?/);
  });

  it('names an item by its subject, its body, or its id', () => {
    assert.equal(itemName(item('a')), 'Subject a');
    assert.equal(itemName(item('a', { subject: null, body: 'line one\nline two' })), 'line one line two');
    assert.equal(itemName(item('a', { subject: '', body: '' })), 'a');
    assert.equal(itemName(item('a', { subject: 'x'.repeat(100) })).length, 60);
  });
});

describe('Snooze', () => {
  it('ends an hour from now, tomorrow at 9:00 local time, or when picked', () => {
    assert.deepEqual(snoozeUntil({ kind: 'hour' }, NOW), { iso: '2026-12-07T13:00:00.000Z' });
    const tomorrow = snoozeUntil({ kind: 'tomorrow' }, NOW);
    assert.ok('iso' in tomorrow);
    const d = new Date(tomorrow.iso);
    const expected = new Date(NOW);
    expected.setDate(expected.getDate() + 1);
    assert.deepEqual([d.getDate(), d.getHours(), d.getMinutes()], [expected.getDate(), 9, 0]);
    assert.deepEqual(snoozeUntil({ kind: 'until', at: '2026-12-07T12:05:00.000Z' }, NOW), { iso: '2026-12-07T12:05:00.000Z' });
  });

  it('refuses a moment less than a minute ahead, or no moment', () => {
    assert.ok('problem' in snoozeUntil({ kind: 'until', at: '2026-12-07T12:00:30.000Z' }, NOW));
    assert.ok('problem' in snoozeUntil({ kind: 'until', at: '2026-12-07T11:00:00.000Z' }, NOW));
    assert.ok('problem' in snoozeUntil({ kind: 'until', at: 'tomorrow' }, NOW));
    assert.ok('iso' in snoozeUntil({ kind: 'until', at: '2026-12-07T12:01:00.000Z' }, NOW));
  });
});

describe('Context keys', () => {
  it('reads typed keys: sorted, each once, spaces allowed', () => {
    assert.deepEqual(parseContextKeys('tenant:acme, app:web,tenant:acme'), { keys: ['app:web', 'tenant:acme'] });
    assert.deepEqual(contextFromRequest({ kind: 'keys', text: 'tenant:acme' }), { kind: 'keys', keys: ['tenant:acme'] });
    assert.deepEqual(contextFromRequest({ kind: 'none' }), { kind: 'none' });
    assert.deepEqual(contextFromRequest({ kind: 'any' }), { kind: 'any' });
  });

  it('refuses what is not a key, nothing, or more than five', () => {
    assert.ok('problem' in parseContextKeys(''));
    assert.ok('problem' in parseContextKeys('tenant'));
    assert.ok('problem' in parseContextKeys('tenant:'));
    assert.ok('problem' in parseContextKeys('ten ant:acme:x'));
    assert.ok('problem' in parseContextKeys('a:1,b:1,c:1,d:1,e:1,f:1'));
    assert.ok('problem' in parseContextKeys('tenant:<script>'));
  });

  it('offers every context, none, the one now and each listed key once', () => {
    const choices = contextChoices(['tenant:acme', 'tenant:beta'], { kind: 'keys', keys: ['tenant:acme'] });
    assert.deepEqual(choices.map((c) => c.value), [{ kind: 'any' }, { kind: 'none' }, { kind: 'keys', text: 'tenant:acme' }, { kind: 'keys', text: 'tenant:beta' }]);
    assert.equal(choices[0]?.label, 'Every context (no filter)');
    assert.equal(choices[1]?.label, 'No context');
    assert.equal(contextChoices([], { kind: 'keys', keys: ['b:1', 'a:1'] })[2]?.label, 'a:1, b:1');
  });

  it('compares contexts whatever the order of their keys', () => {
    assert.ok(sameContext({ kind: 'keys', keys: ['b:1', 'a:1'] }, { kind: 'keys', keys: ['a:1', 'b:1'] }));
    assert.ok(!sameContext({ kind: 'keys', keys: ['a:1'] }, { kind: 'none' }));
    assert.ok(sameContext({ kind: 'any' }, { kind: 'any' }));
  });
});

describe('Item view', () => {
  it('says states, buttons, addresses and data as text', () => {
    const view = itemView(
      item('a', {
        isRead: true,
        isSnoozed: true,
        snoozedUntil: '2026-12-08T09:00:00.000Z',
        primaryAction: { label: 'Accept', isCompleted: true, redirect: { url: 'https://x.example/\u202Egood' } },
        redirect: { url: 'javascript:alert(1)' },
        tags: ['billing'],
        severity: 'high',
        data: { a: 1 },
        workflow: { name: 'Welcome', identifier: 'welcome', critical: true },
      }),
      { nowMs: NOW, locale: 'en-US', focusedTransactionId: 'tx-a' },
    );
    assert.equal(view.focused, true);
    assert.equal(view.workflow, 'Welcome (welcome)');
    assert.equal(view.critical, true);
    assert.deepEqual(view.tags, ['billing']);
    assert.equal(view.severity, 'high');
    assert.equal(view.created?.relative, '1 h ago');
    assert.deepEqual(view.stateWords.slice(0, 2), ['read', 'not seen']);
    assert.match(view.stateWords[2] ?? '', /^snoozed until /);
    assert.deepEqual(view.buttons, [{ slot: 'primary', label: 'Accept', completed: true, redirect: 'https://x.example/\\u202Egood' }]);
    assert.equal(view.redirect, 'javascript:alert(1)');
    assert.equal(view.data, '{\n  "a": 1\n}');
    assert.equal(itemView(item('b'), { nowMs: NOW }).focused, false);
  });

  it('gives the raw address to open, by which link', () => {
    const i = item('a', { redirect: { url: 'https://a.example' }, secondaryAction: { label: 'No', redirect: { url: 'https://b.example' } } });
    assert.equal(itemUrl(i, 'redirect'), 'https://a.example');
    assert.equal(itemUrl(i, 'secondary'), 'https://b.example');
    assert.equal(itemUrl(i, 'primary'), undefined);
  });
});

describe('A run\'s message that is not shown', () => {
  it('says where it is, or the likely reasons', () => {
    assert.match(focusNote({ kind: 'otherTab', tab: 'archived' }), /it is in Archived/);
    assert.match(focusNote({ kind: 'otherContext', context: { kind: 'none' } }), /not in the context No context/);
    assert.match(focusNote({ kind: 'nowhere', context: { kind: 'keys', keys: ['tenant:acme'] } }), /another context, deleted, or the run had no in-app step/);
    assert.match(focusNote({ kind: 'notAmongNewest', count: 100 }), /newest 100/);
  });
});
