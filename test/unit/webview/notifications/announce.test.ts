/** What screen readers hear when a refresh finds the jobs moved on. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jobAnnouncement } from '../../../../webview/notifications/announce';
import type { JobSummary } from '../../../../src/notifications/protocol';

const job = (id: string, status: string, name = `${id}-step`): JobSummary =>
  ({ id, index: 0, type: 'email', typeLabel: 'Email', icon: 'mail', name, status, statusLabel: status.charAt(0).toUpperCase() + status.slice(1), tone: 'unknown', summary: '', detailCount: 0 }) as JobSummary;

describe('job announcements', () => {
  it('names the jobs that changed, at most three, and counts new ones', () => {
    assert.equal(jobAnnouncement(undefined, [job('a', 'pending')]), undefined, 'nothing on the first load');
    assert.equal(jobAnnouncement([job('a', 'pending')], [job('a', 'pending')]), undefined);
    assert.equal(jobAnnouncement([job('a', 'pending')], [job('a', 'failed')]), 'Updated: a-step is now Failed.');
    const before = ['a', 'b', 'c', 'd', 'e'].map((id) => job(id, 'pending'));
    const after = [...['a', 'b', 'c', 'd', 'e'].map((id) => job(id, 'completed')), job('f', 'queued')];
    assert.equal(jobAnnouncement(before, after), 'Updated: a-step is now Completed, b-step is now Completed, c-step is now Completed, 2 more changed, 1 new job.');
  });
});
