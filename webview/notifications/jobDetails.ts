/** A job's expanded details: execution details (with raw provider responses), digest, step, overrides, payload. */
import { l10n } from '../../src/l10n';
import type { ExecutionDetailView, JobDetails } from '../../src/notifications/protocol';
import { actionButton, badge, disclosure, h, pre, time, type Child } from '../common/dom';
import { errorText } from '../common/vscode';
import type { PanelContext } from './context';

function section(title: string, className: string, ...children: Child[]): HTMLElement {
  return h('section', `nx-detail-section ${className}`, h('h3', 'nx-detail-title', title), ...children);
}

function lines(items: string[], className: string): HTMLElement {
  const list = h('ul', `nx-lines ${className}`);
  for (const item of items) list.appendChild(h('li', null, item));
  return list;
}

function rawBlock(ctx: PanelContext, jobId: string, detail: ExecutionDetailView, open: boolean): HTMLElement | null {
  const raw = detail.raw;
  if (!raw) return null;
  const block = disclosure({
    key: `raw:${jobId}:${detail.id}`,
    openKeys: ctx.openKeys,
    defaultOpen: open,
    class: 'nx-block nx-raw',
    summary: [h('span', 'nx-raw-title', l10n.t('Provider response')), raw.json ? h('span', { class: 'nx-tag', title: l10n.t('Pretty-printed JSON') }, 'JSON') : null],
    build: () => {
      const body = h('div', 'nx-raw-body');
      if (raw.truncated) body.appendChild(h('p', 'nx-raw-note', l10n.t('(truncated for display)')));
      body.appendChild(pre(raw.text, `nx-raw-text${raw.json ? ' nx-json' : ''}`));
      return body;
    },
  });
  const copy = actionButton({
    label: l10n.t('Copy provider response'),
    title: raw.truncated ? l10n.t('Copy the whole provider response (not only what is shown)') : l10n.t('Copy provider response'),
    icon: 'copy',
    doneIcon: 'check',
    iconOnly: true,
    class: 'nx-button nx-copy nx-raw-copy',
    attrs: { 'data-focus-key': `copy-raw:${jobId}:${detail.id}` },
    action: () => ctx.request({ method: 'copyRaw', jobId, detailId: detail.id }),
    onError: (error) => ctx.notify(l10n.t('Could not copy the provider response: {0}', errorText(error)), 'error'),
  });
  return h('div', 'nx-raw-wrap', block, copy);
}

function executionDetails(ctx: PanelContext, jobId: string, details: ExecutionDetailView[]): HTMLElement {
  const title = details.length > 0 ? l10n.t('Execution details ({0})', details.length) : l10n.t('Execution details');
  if (details.length === 0) return section(title, 'nx-exec-section', h('p', 'nx-muted', l10n.t('No execution details yet.')));
  // The last failure's response is what one came for: open it.
  let openRaw = -1;
  details.forEach((d, i) => {
    if (d.raw && d.tone === 'failure') openRaw = i;
  });
  const list = h('ol', 'nx-exec');
  details.forEach((d, i) => {
    const flags: Child[] = [];
    if (d.isRetry) flags.push(h('span', { class: 'nx-flag nx-flag-retry', title: l10n.t('A retry') }, l10n.t({ message: 'retry', comment: 'flag: this delivery attempt is a retry' })));
    if (d.isTest) flags.push(h('span', { class: 'nx-flag nx-flag-test', title: l10n.t('A test delivery') }, l10n.t({ message: 'test', comment: 'flag: this is a test delivery' })));
    const meta = h(
      'span',
      'nx-exec-meta',
      d.source ? h('span', { class: 'nx-exec-source', title: l10n.t('Source') }, d.source) : null,
      d.provider ? h('span', { class: 'nx-exec-provider', title: l10n.t('Provider') }, d.provider) : null,
      ...flags,
    );
    list.appendChild(
      h(
        'li',
        { class: `nx-exec-row`, attrs: { 'data-detail-id': d.id, 'data-tone': d.tone, 'data-status': d.status } },
        h(
          'div',
          'nx-exec-line',
          time(d.timeLocal, d.timeUtc, 'nx-exec-time') ?? h('span', 'nx-exec-time'),
          badge(d.status, d.tone, 'nx-exec-status'),
          h('span', 'nx-exec-text', d.detail || '—'),
          meta,
        ),
        rawBlock(ctx, jobId, d, i === openRaw),
      ),
    );
  });
  return section(title, 'nx-exec-section', list);
}

function stepSection(step: NonNullable<JobDetails['step']>): HTMLElement {
  // The class keeps the English word; the text is the reader's.
  const yesNo = (v: boolean | undefined) => (v === undefined ? 'unknown' : v ? 'yes' : 'no');
  const yesNoText = (v: boolean | undefined) => (v === undefined ? l10n.t('unknown') : v ? l10n.t('yes') : l10n.t('no'));
  const body = h('dl', 'nx-pairs nx-step');
  body.appendChild(h('dt', null, l10n.t('Active')));
  body.appendChild(h('dd', null, h('span', `nx-flag nx-active-${yesNo(step.active)}`, yesNoText(step.active))));
  body.appendChild(h('dt', null, l10n.t('Filters')));
  body.appendChild(h('dd', null, step.filters.length > 0 ? lines(step.filters, 'nx-filters nx-mono') : h('span', 'nx-muted', l10n.t({ message: 'none', comment: 'no filters' }))));
  if (step.variants.length > 0) {
    const variants = h('ul', 'nx-variants');
    for (const v of step.variants) {
      variants.appendChild(
        h(
          'li',
          'nx-variant',
          h('div', 'nx-variant-head', h('span', 'nx-variant-name', v.name), h('span', `nx-flag nx-active-${yesNo(v.active)}`, l10n.t('active: {0}', yesNoText(v.active)))),
          v.filters.length > 0 ? lines(v.filters, 'nx-filters nx-mono') : h('span', 'nx-muted', l10n.t('No filters')),
        ),
      );
    }
    body.appendChild(h('dt', null, l10n.t('Variants')));
    body.appendChild(h('dd', null, variants));
  }
  return section(l10n.t('Step'), 'nx-step-section', body);
}

export function renderJobDetails(ctx: PanelContext, jobId: string, details: JobDetails): HTMLElement {
  const root = h('div', 'nx-details-body');
  root.appendChild(executionDetails(ctx, jobId, details.executionDetails));
  if (details.digest.length > 0) root.appendChild(section(l10n.t('Digest'), 'nx-digest-section', lines(details.digest, 'nx-digest')));
  if (details.step) root.appendChild(stepSection(details.step));
  const json: Child[] = [];
  if (details.overrides !== undefined) {
    const text = details.overrides;
    json.push(disclosure({ key: `overrides:${jobId}`, openKeys: ctx.openKeys, class: 'nx-block nx-overrides', summary: [l10n.t('Overrides')], build: () => pre(text, 'nx-json') }));
  }
  if (details.payload !== undefined) {
    const text = details.payload;
    json.push(disclosure({ key: `payload:${jobId}`, openKeys: ctx.openKeys, class: 'nx-block nx-job-payload', summary: [l10n.t('Job payload')], build: () => pre(text, 'nx-json') }));
  }
  if (json.length > 0) root.appendChild(h('div', 'nx-detail-blocks', ...json));
  if (details.renderable) {
    root.appendChild(
      h(
        'div',
        'nx-render-step',
        actionButton({
          label: l10n.t('Render with This Run’s Payload'),
          icon: 'open-preview',
          class: 'nx-button nx-secondary',
          attrs: { 'data-focus-key': `render:${jobId}` },
          action: () => ctx.request({ method: 'renderStep', jobId }),
        }),
        h('span', 'nx-muted', l10n.t("Rendered now from today's template: not the message as it was sent.")),
      ),
    );
  }
  return root;
}
