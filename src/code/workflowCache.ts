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
  private readonly lists: KeptAnswers<WorkflowIndex>;
  private readonly runs: KeptAnswers<RecentRuns>;
  private readonly details: KeptAnswers<Workflow>;

  constructor(now: () => number = Date.now) {
    this.lists = new KeptAnswers(LIST_TTL_MS, now);
    this.runs = new KeptAnswers(RUNS_TTL_MS, now);
    this.details = new KeptAnswers(RUNS_TTL_MS, now);
  }

  /** The connection's workflows, read once (every page) and kept. */
  list(connectionId: string, client: NovuClient): Promise<WorkflowIndex> {
    return this.lists.get(connectionId, () => readAll(client));
  }

  /** The index if it was read already (and is still fresh): typing never sends a request. */
  peek(connectionId: string): Promise<WorkflowIndex | undefined> {
    return this.lists.peek(connectionId);
  }

  recentRuns(connectionId: string, client: NovuClient, workflowId: string): Promise<RecentRuns> {
    return this.runs.get(`${connectionId}:${workflowId}`, () => client.listNotifications({ templates: [workflowId], page: 0, limit: RUNS_LIMIT }).then((page) => summarize(page.data)));
  }

  /** The recent runs if they were read already (and are still fresh). */
  peekRuns(connectionId: string, workflowId: string): Promise<RecentRuns | undefined> {
    return this.runs.peek(`${connectionId}:${workflowId}`);
  }

  /** The whole workflow (§8.2, for a hover: critical, payload schema), read once and kept for 60 s. */
  detail(connectionId: string, client: NovuClient, workflowId: string): Promise<Workflow> {
    return this.details.get(`${connectionId}:${workflowId}`, () => client.getWorkflow(workflowId));
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

/** Answers kept by key for `ttlMs`: concurrent asks share one request; a failure is not kept, so the next ask tries again. */
export class KeptAnswers<T> {
  private readonly held = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const held = this.fresh(key);
    if (held) return held.value;
    const value = read().catch((error: unknown) => {
      this.held.delete(key);
      throw error;
    });
    this.held.set(key, { at: this.now(), value });
    return value;
  }

  /** The answer if it was read already and is still fresh; undefined (never a request) otherwise, or when the read failed. */
  async peek(key: string): Promise<T | undefined> {
    return this.fresh(key)?.value.catch(() => undefined);
  }

  delete(key: string): boolean {
    return this.held.delete(key);
  }

  clear(): void {
    this.held.clear();
  }

  private fresh(key: string): { at: number; value: Promise<T> } | undefined {
    const held = this.held.get(key);
    return held && this.now() - held.at < this.ttlMs ? held : undefined;
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
