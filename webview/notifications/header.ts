/** The notification's header: name, status, counts, ids, subscriber, routing. */
import { l10n } from '../../src/l10n';
import type { LabelledId, NotificationHeader } from '../../src/notifications/protocol';
import { badge, chip, h, icon, time, type Child } from '../common/dom';
import { copyButton, type PanelContext } from './context';

function card(title: string, className: string, ...children: Child[]): HTMLElement {
  return h('section', { class: `nx-card ${className}`, attrs: { 'aria-label': title } }, h('h2', 'nx-card-title', title), ...children);
}

function idList(ctx: PanelContext, ids: LabelledId[]): HTMLElement {
  const list = h('dl', 'nx-ids');
  ids.forEach((id, i) => {
    list.appendChild(h('dt', 'nx-id-label', id.label));
    list.appendChild(h('dd', 'nx-id-value', h('code', { class: 'nx-mono', title: id.value }, id.value), id.value ? copyButton(ctx, id.value, id.label, `copy-id-${i}`) : null));
  });
  return list;
}

function pairs(items: LabelledId[], className: string): HTMLElement | null {
  if (items.length === 0) return null;
  const list = h('dl', `nx-pairs ${className}`);
  for (const item of items) {
    list.appendChild(h('dt', null, item.label));
    list.appendChild(h('dd', null, item.value));
  }
  return list;
}

function chipRow(label: string, values: string[], className: string, chipClass?: string): HTMLElement | null {
  if (values.length === 0) return null;
  const row = h('div', `nx-chip-row ${className}`, h('span', 'nx-chip-row-label', label));
  const list = h('ul', { class: 'nx-chips', attrs: { 'aria-label': label } });
  for (const value of values) list.appendChild(h('li', null, chip(value, chipClass)));
  row.appendChild(list);
  return row;
}

export function renderHeader(ctx: PanelContext, header: NotificationHeader): HTMLElement {
  const title = h(
    'h1',
    { class: 'nx-title', attrs: { 'data-focus-key': 'title', tabindex: -1 } },
    h('span', 'nx-title-name', header.workflowName),
    header.workflowIdentifier ? h('span', { class: 'nx-title-identifier nx-mono', title: l10n.t('Workflow trigger identifier') }, header.workflowIdentifier) : null,
  );

  const badges = h('div', 'nx-badges');
  badges.appendChild(badge(header.overall.label, header.overall.tone, 'nx-overall'));
  if (header.severity && header.severity !== 'none') {
    badges.appendChild(h('span', { class: 'nx-flag nx-severity', title: l10n.t('Severity') }, icon('warning'), l10n.t('Severity: {0}', header.severity)));
  }
  if (header.critical) {
    badges.appendChild(h('span', { class: 'nx-flag nx-critical', title: l10n.t('Critical notification') }, icon('error'), l10n.t({ message: 'critical', comment: 'flag of a critical notification' })));
  }
  if (header.counts.length > 0) {
    const counts = h('ul', { class: 'nx-counts', attrs: { 'aria-label': l10n.t('Jobs by status') } });
    for (const c of header.counts) {
      counts.appendChild(h('li', { attrs: { 'data-status': c.status } }, badge(`${c.count} ${c.status}`, c.tone, 'nx-count')));
    }
    badges.appendChild(counts);
  }

  const created = header.createdLocal
    ? h('div', 'nx-created', icon('clock'), h('span', 'nx-muted', `${l10n.t({ message: 'Created', comment: 'before the date and time the notification was created' })} `), time(header.createdLocal, header.createdUtc))
    : null;

  const top = h('div', 'nx-header-top', h('div', 'nx-heading', title, badges), created);

  const grid = h('div', 'nx-header-grid');
  if (header.ids.length > 0) grid.appendChild(card(l10n.t('Identifiers'), 'nx-ids-card', idList(ctx, header.ids)));

  const sub = header.subscriber;
  if (sub) {
    grid.appendChild(
      card(
        l10n.t('Subscriber'),
        'nx-subscriber',
        h(
          'div',
          'nx-subscriber-who',
          icon('account'),
          h('span', 'nx-subscriber-name', sub.name ?? l10n.t('Unnamed subscriber')),
          sub.subscriberId ? h('code', { class: 'nx-mono nx-subscriber-id', title: l10n.t('Subscriber ID') }, sub.subscriberId) : null,
        ),
        pairs(sub.contacts, 'nx-contacts'),
      ),
    );
  }

  const routing = [
    chipRow(l10n.t('Channels'), header.channels, 'nx-channels'),
    chipRow(l10n.t('Topics'), header.topics, 'nx-topics', 'nx-mono'),
    chipRow(l10n.t('Context'), header.contextKeys, 'nx-context', 'nx-mono'),
    chipRow(l10n.t('Tags'), header.tags, 'nx-tags'),
  ].filter((x): x is HTMLElement => x !== null);
  if (routing.length > 0) grid.appendChild(card(l10n.t('Routing'), 'nx-routing', ...routing));

  return h('header', 'nx-header', top, grid.childElementCount > 0 ? grid : null);
}
