/**
 * What code awareness knows of a connection's workflows (issue 25): the whole list (contract §8.1,
 * read in pages of 100), one read per connection, kept for five minutes or until Refresh; and a
 * workflow's recent runs (`GET /v1/notifications?templates[]=<_id>&limit=50`, contract §6), one
 * read per workflow, kept for 60 s. Concurrent asks share one request. Pure (no `vscode`): the
 * caller gives the client.
 */
import type { Notification, NovuClient, Workflow, WorkflowListItem } from '../api';

export const LIST_TTL_MS = 5 * 60_000;
export const RUNS_TTL_MS = 60_000;
const PAGE = 100;
const MAX_PAGES = 20;
export const RUNS_LIMIT = 50;

export interface WorkflowIndex {
  workflows: WorkflowListItem[];
  byIdentifier: Map<string, WorkflowListItem>;
}

export interface RecentRuns {
  total: number;
  failed: number;
  lastAt?: string | undefined;
}

export class WorkflowCache {
  private readonly lists = new Map<string, { at: number; value: Promise<WorkflowIndex> }>();
  private readonly runs = new Map<string, { at: number; value: Promise<RecentRuns> }>();
  private readonly details = new Map<string, { at: number; value: Promise<Workflow> }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The connection's workflows, read once (every page) and kept. */
  list(connectionId: string, client: NovuClient): Promise<WorkflowIndex> {
    const held = this.lists.get(connectionId);
    if (held && this.now() - held.at < LIST_TTL_MS) return held.value;
    const value = readAll(client).catch((error: unknown) => {
      // A failure is not kept: the next ask tries again.
      this.lists.delete(connectionId);
      throw error;
    });
    this.lists.set(connectionId, { at: this.now(), value });
    return value;
  }

  /** The index if it was read already (and is still fresh): typing never sends a request. */
  async peek(connectionId: string): Promise<WorkflowIndex | undefined> {
    const held = this.lists.get(connectionId);
    if (!held || this.now() - held.at >= LIST_TTL_MS) return undefined;
    return held.value.catch(() => undefined);
  }

  recentRuns(connectionId: string, client: NovuClient, workflowId: string): Promise<RecentRuns> {
    const key = `${connectionId}:${workflowId}`;
    const held = this.runs.get(key);
    if (held && this.now() - held.at < RUNS_TTL_MS) return held.value;
    const value = client.listNotifications({ templates: [workflowId], page: 0, limit: RUNS_LIMIT }).then(
      (page) => summarize(page.data),
      (error: unknown) => {
        this.runs.delete(key);
        throw error;
      },
    );
    this.runs.set(key, { at: this.now(), value });
    return value;
  }

  /** The recent runs if they were read already (and are still fresh). */
  async peekRuns(connectionId: string, workflowId: string): Promise<RecentRuns | undefined> {
    const held = this.runs.get(`${connectionId}:${workflowId}`);
    if (!held || this.now() - held.at >= RUNS_TTL_MS) return undefined;
    return held.value.catch(() => undefined);
  }

  /** The whole workflow (§8.2, for a hover: critical, payload schema), read once and kept for 60 s. */
  detail(connectionId: string, client: NovuClient, workflowId: string): Promise<Workflow> {
    const key = `${connectionId}:${workflowId}`;
    const held = this.details.get(key);
    if (held && this.now() - held.at < RUNS_TTL_MS) return held.value;
    const value = client.getWorkflow(workflowId).catch((error: unknown) => {
      this.details.delete(key);
      throw error;
    });
    this.details.set(key, { at: this.now(), value });
    return value;
  }

  /** Forgets a workflow's recent runs (a new one was seen); true when some were held. */
  forgetRuns(connectionId: string, workflowId: string): boolean {
    return this.runs.delete(`${connectionId}:${workflowId}`);
  }

  /** Forgets everything (Refresh, another connection, a new key). */
  clear(): void {
    this.lists.clear();
    this.runs.clear();
    this.details.clear();
  }
}

async function readAll(client: NovuClient): Promise<WorkflowIndex> {
  const workflows: WorkflowListItem[] = [];
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.listWorkflows({ limit: PAGE, offset: page * PAGE });
    for (const w of answer.workflows) {
      // A workflow created while paging shifts the rows: each is kept once.
      if (seen.has(w._id)) continue;
      seen.add(w._id);
      workflows.push(w);
    }
    if (answer.workflows.length < PAGE || (answer.totalCount !== undefined && answer.totalCount !== null && (page + 1) * PAGE >= answer.totalCount)) break;
  }
  const byIdentifier = new Map(workflows.filter((w) => w.workflowId).map((w) => [w.workflowId!, w]));
  return { workflows, byIdentifier };
}

export function summarize(runs: readonly Notification[]): RecentRuns {
  const failed = runs.filter((n) => (n.jobs ?? []).some((j) => j.status === 'failed')).length;
  return { total: runs.length, failed, lastAt: runs[0]?.createdAt ?? undefined };
}
