/**
 * The jobs as a vertical timeline. Rows are keyed by job id and rebuilt only when their summary
 * changes, so a live refresh keeps what the user opened (and focus). Details are not in the DOM
 * until a row is expanded; they are fetched once and cached until the job's status or detail
 * count changes. Long timelines paint the first rows at once and the rest in animation frames.
 */
import { l10n } from '../../src/l10n';
import type { JobDetails, JobSummary } from '../../src/notifications/protocol';
import { badge, button, h, icon, setChildren, time, token } from '../common/dom';
import { errorText } from '../common/vscode';
import type { PanelContext } from './context';
import { renderJobDetails } from './jobDetails';

/** Rows put in the DOM synchronously; the rest follow in chunks, one chunk per frame. */
const FIRST_ROWS = 200;
const CHUNK_ROWS = 400;
const NOTIFICATION_ID = /^[a-f0-9]{24}$/i;

interface Row {
  job: JobSummary;
  sig: string;
  el: HTMLLIElement;
  toggle: HTMLButtonElement;
  region?: HTMLElement;
}

interface DetailEntry {
  /** The job's status and detail count when the details were asked for. */
  status: string;
  detailCount: number;
  loading: boolean;
  data?: JobDetails;
  error?: string;
}

export class Timeline {
  readonly el: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly count: HTMLElement;
  private readonly empty: HTMLElement;
  private readonly rows = new Map<string, Row>();
  private readonly expanded = new Set<string>();
  private readonly details = new Map<string, DetailEntry>();
  private readonly domIds = new Map<string, number>();
  private frame = 0;
  /** The job whose toggle is the timeline's one Tab stop (arrow keys move it); the first job by default. */
  private activeJobId: string | undefined;
  /** Called once all rows of an update are in the DOM. */
  onRowsPainted?: (rows: number) => void;

  constructor(private readonly ctx: PanelContext) {
    this.count = h('span', 'nx-section-count');
    this.list = h('ol', { class: 'nx-timeline', attrs: { 'aria-label': l10n.t('Jobs') } });
    this.empty = h('p', 'nx-muted nx-timeline-empty', l10n.t('No jobs yet.'));
    // A timeline of thousands of rows must not be read out when it appears or changes.
    this.el = h('section', { class: 'nx-timeline-section', attrs: { 'aria-labelledby': 'nx-timeline-title', 'aria-live': 'off' } }, h('h2', { class: 'nx-section-title', attrs: { id: 'nx-timeline-title' } }, `${l10n.t('Timeline')} `, this.count), this.empty, this.list);
    this.list.addEventListener('click', (event) => this.onClick(event));
    // The timeline is one list for the keyboard: Tab reaches it once, the arrow keys move between
    // jobs, Home and End go to the ends, Enter and Space (the buttons' own) expand.
    this.list.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.list.addEventListener('focusin', (event) => {
      const toggle = event.target instanceof HTMLElement && event.target.classList.contains('nx-job-toggle') ? event.target : undefined;
      const id = toggle?.closest<HTMLElement>('li.nx-job')?.dataset.jobId;
      if (toggle && id !== undefined) this.setTabStop(id);
    });
  }

  private onKeyDown(event: KeyboardEvent): void {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!target?.classList.contains('nx-job-toggle') || event.altKey || event.ctrlKey || event.metaKey) return;
    const items = [...this.list.children] as HTMLElement[];
    const current = items.indexOf(target.closest<HTMLElement>('li.nx-job')!);
    // l10n-ignore: KeyboardEvent.key values, not text
    const index =
      event.key === 'ArrowDown' ? Math.min(items.length - 1, current + 1)
      : event.key === 'ArrowUp' ? Math.max(0, current - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? items.length - 1
      : undefined;
    if (index === undefined) return;
    event.preventDefault();
    const id = items[index]?.dataset.jobId;
    const row = id === undefined ? undefined : this.rows.get(id);
    if (!row) return;
    this.setTabStop(row.job.id);
    row.toggle.focus();
  }

  /** Makes one job's toggle the list's Tab stop. */
  private setTabStop(jobId: string): void {
    if (this.activeJobId === jobId) return;
    const previous = this.activeJobId === undefined ? undefined : this.rows.get(this.activeJobId);
    if (previous) previous.toggle.tabIndex = -1;
    else this.list.querySelector<HTMLElement>('.nx-job-toggle[tabindex="0"]')?.setAttribute('tabindex', '-1');
    this.activeJobId = jobId;
    const row = this.rows.get(jobId);
    if (row) row.toggle.tabIndex = 0;
  }

  /** After rows came or went, exactly one toggle stays reachable by Tab. */
  private ensureTabStop(): void {
    if (this.activeJobId !== undefined && this.rows.has(this.activeJobId)) {
      this.rows.get(this.activeJobId)!.toggle.tabIndex = 0;
      return;
    }
    this.activeJobId = undefined;
    const first = (this.list.firstElementChild as HTMLElement | null)?.dataset.jobId;
    if (first !== undefined) this.setTabStop(first);
  }

  update(jobs: JobSummary[]): void {
    cancelAnimationFrame(this.frame);
    this.count.textContent = jobs.length === 1 ? l10n.t('1 job') : l10n.t('{0} jobs', jobs.length);
    this.empty.hidden = jobs.length > 0;
    const seen = new Set<string>();
    for (const job of jobs) seen.add(job.id);
    for (const id of [...this.rows.keys()]) {
      if (!seen.has(id)) {
        this.rows.delete(id);
        this.expanded.delete(id);
        this.details.delete(id);
      }
    }

    if (this.list.childElementCount === 0 && jobs.length > FIRST_ROWS) {
      this.fillChunked(jobs);
      return;
    }
    const els = jobs.map((job) => this.rowFor(job).el);
    const wanted = new Set<Element>(els);
    for (const child of [...this.list.children]) if (!wanted.has(child)) child.remove();
    let cursor = this.list.firstElementChild;
    for (const el of els) {
      if (cursor === el) {
        cursor = cursor.nextElementSibling;
        continue;
      }
      this.list.insertBefore(el, cursor);
    }
    this.ensureTabStop();
    this.onRowsPainted?.(els.length);
  }

  /** The row of a job: the existing one when the job did not change, else a new one (keeping open details). */
  private rowFor(job: JobSummary): Row {
    const sig = JSON.stringify(job);
    let row = this.rows.get(job.id);
    if (!row || row.sig !== sig) {
      const next = this.buildRow(job, sig);
      if (row?.region) {
        next.region = row.region;
        next.el.querySelector('.nx-job-body')?.appendChild(row.region);
      }
      row = next;
      this.rows.set(job.id, row);
    }
    this.refreshDetailsIfStale(row);
    return row;
  }

  /** An empty list filled with many rows: the first ones now, the rest one chunk per frame. */
  private fillChunked(jobs: JobSummary[]): void {
    let next = 0;
    const fill = (count: number) => {
      const fragment = document.createDocumentFragment();
      const end = Math.min(jobs.length, next + count);
      for (; next < end; next++) fragment.appendChild(this.rowFor(jobs[next]!).el);
      this.list.appendChild(fragment);
    };
    fill(FIRST_ROWS);
    this.ensureTabStop();
    const step = () => {
      fill(CHUNK_ROWS);
      if (next < jobs.length) this.frame = requestAnimationFrame(step);
      else this.onRowsPainted?.(jobs.length);
    };
    this.frame = requestAnimationFrame(step);
  }

  private domId(jobId: string): string {
    let n = this.domIds.get(jobId);
    if (n === undefined) {
      n = this.domIds.size + 1;
      this.domIds.set(jobId, n);
    }
    return `nx-job-${n}`;
  }

  private buildRow(job: JobSummary, sig: string): Row {
    const tone = token(job.tone, 'unknown');
    const open = this.expanded.has(job.id);
    const regionId = `${this.domId(job.id)}-details`;
    const toggle = h(
      'button',
      {
        class: 'nx-job-toggle',
        title: open ? l10n.t('Hide details') : l10n.t('Show details'),
        attrs: {
          type: 'button',
          tabindex: job.id === this.activeJobId ? '0' : '-1',
          'aria-expanded': String(open),
          'aria-controls': regionId,
          // l10n-ignore: key names as ARIA defines them, not text
          'aria-keyshortcuts': 'ArrowUp ArrowDown Home End',
          'data-act': 'toggle',
          'data-focus-key': `job:${job.id}`,
        },
      },
      icon(open ? 'chevron-down' : 'chevron-right', 'nx-job-chevron'),
      h('span', 'nx-job-name', job.name),
      job.typeLabel && job.typeLabel !== job.name ? h('span', 'nx-job-type', job.typeLabel) : null,
      badge(job.statusLabel, tone, 'nx-job-status'),
      job.provider ? h('span', { class: 'nx-job-provider', title: l10n.t('Provider') }, job.provider) : null,
      time(job.updatedLocal, job.updatedUtc, 'nx-job-time'),
    );
    const summary = h('div', 'nx-job-summary', h('span', 'nx-job-summary-text', job.summary));
    if (job.mergedInto) {
      if (NOTIFICATION_ID.test(job.mergedInto)) {
        summary.appendChild(
          button({
            label: l10n.t('Open digest notification'),
            icon: 'link-external',
            class: 'nx-link nx-merged-link',
            title: l10n.t('Open notification {0}, which this job was merged into', job.mergedInto),
            attrs: { 'data-act': 'merged', 'data-notification-id': job.mergedInto, 'data-focus-key': `merged:${job.id}` },
          }),
        );
      } else {
        summary.appendChild(h('span', 'nx-muted nx-mono', `(${job.mergedInto})`));
      }
    }
    const el = h(
      'li',
      { class: `nx-job nx-tone-${tone}${open ? ' nx-expanded' : ''}`, attrs: { 'data-job-id': job.id, 'data-status': job.status, 'data-tone': tone } },
      h('span', { class: 'nx-job-node', title: job.typeLabel, attrs: { 'aria-hidden': 'true' } }, icon(job.icon)),
      h('div', 'nx-job-body', toggle, summary),
    );
    return { job, sig, el, toggle };
  }

  private onClick(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-act]') : null;
    if (!target || !this.list.contains(target)) return;
    const id = target.closest<HTMLElement>('li.nx-job')?.dataset.jobId;
    const row = id === undefined ? undefined : this.rows.get(id);
    if (!row) return;
    if (target.dataset.act === 'toggle') this.toggle(row);
    else if (target.dataset.act === 'merged' && row.job.mergedInto) {
      this.ctx
        .request({ method: 'openNotification', notificationId: row.job.mergedInto })
        .catch((error: unknown) => this.ctx.notify(l10n.t('Could not open the digest notification: {0}', errorText(error)), 'error'));
    }
  }

  private toggle(row: Row): void {
    const open = !this.expanded.has(row.job.id);
    if (open) this.expanded.add(row.job.id);
    else this.expanded.delete(row.job.id);
    row.toggle.setAttribute('aria-expanded', String(open));
    row.toggle.title = open ? l10n.t('Hide details') : l10n.t('Show details');
    row.toggle.querySelector('.nx-job-chevron')!.className = `codicon codicon-${open ? 'chevron-down' : 'chevron-right'} nx-job-chevron`;
    row.el.classList.toggle('nx-expanded', open);
    if (!open) {
      row.region?.remove();
      row.region = undefined;
      return;
    }
    const entry = this.details.get(row.job.id);
    if (!entry || (!entry.loading && !entry.data)) this.load(row.job);
    else this.paint(row.job.id);
  }

  /** Asks again for the details of an open job whose status or detail count moved; forgets them for a closed one. */
  private refreshDetailsIfStale(row: Row): void {
    const entry = this.details.get(row.job.id);
    if (!entry || (entry.status === row.job.status && entry.detailCount === row.job.detailCount)) return;
    if (this.expanded.has(row.job.id)) this.load(row.job);
    else this.details.delete(row.job.id);
  }

  private load(job: JobSummary): void {
    const previous = this.details.get(job.id);
    const entry: DetailEntry = { status: job.status, detailCount: job.detailCount, loading: true, ...(previous?.data ? { data: previous.data } : {}) };
    this.details.set(job.id, entry);
    this.paint(job.id);
    this.ctx.request({ method: 'jobDetails', jobId: job.id }).then(
      (data) => {
        if (this.details.get(job.id) !== entry) return;
        entry.loading = false;
        entry.data = data;
        entry.error = undefined;
        this.paint(job.id);
      },
      (error: unknown) => {
        if (this.details.get(job.id) !== entry) return;
        entry.loading = false;
        entry.error = errorText(error);
        this.paint(job.id);
      },
    );
  }

  /** Draws an open row's details area from the cache. */
  private paint(jobId: string): void {
    const row = this.rows.get(jobId);
    const entry = this.details.get(jobId);
    if (!row || !entry || !this.expanded.has(jobId)) return;
    if (!row.region) {
      row.region = h('div', { class: 'nx-job-details', attrs: { id: row.toggle.getAttribute('aria-controls'), role: 'region', 'aria-label': l10n.t('Details of {0}', row.job.name) } });
      row.el.querySelector('.nx-job-body')!.appendChild(row.region);
    }
    const region = row.region;
    region.setAttribute('aria-busy', String(entry.loading));
    const parts: Node[] = [];
    if (entry.loading) {
      parts.push(h('p', 'nx-details-loading', icon('loading', 'codicon-modifier-spin'), h('span', null, entry.data ? l10n.t('Updating details…') : l10n.t('Loading details…'))));
    }
    if (entry.error) {
      const retry = button({
        label: l10n.t('Retry'),
        icon: 'refresh',
        class: 'nx-button nx-secondary nx-details-retry',
        attrs: { 'data-focus-key': `retry:${jobId}` },
        onClick: () => {
          const current = this.rows.get(jobId);
          if (current) this.load(current.job);
        },
      });
      parts.push(h('div', { class: 'nx-details-error', attrs: { role: 'alert' } }, icon('error'), h('span', 'nx-details-error-text', l10n.t('Could not load the details: {0}', entry.error)), retry));
    }
    if (entry.data) parts.push(renderJobDetails(this.ctx, jobId, entry.data));
    const focusKey = document.activeElement instanceof HTMLElement && region.contains(document.activeElement) ? document.activeElement.dataset.focusKey : undefined;
    setChildren(region, ...parts);
    if (focusKey) region.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
  }
}
