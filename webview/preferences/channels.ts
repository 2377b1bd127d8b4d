/** The global channel switches and the per-workflow cards with their filter. */
import { l10n } from '../../src/l10n';
import type { ChangeError, ChangeScope, ChannelToggle, PreferencesViewModel, WorkflowCard } from '../../src/preferences/protocol';
import { h, icon, setChildren, time } from '../common/dom';
import { ChangeErrorSlot, bringIntoView, renderChangeError } from './changeError';
import { channelKey, channelSwitch } from './switch';

export type ToggleHandler = (toggle: ChannelToggle, workflowId: string | undefined, enabled: boolean, input: HTMLInputElement) => void;

function channelList(
  channels: ChannelToggle[],
  workflowId: string | undefined,
  inFlight: ReadonlySet<string>,
  onToggle: ToggleHandler,
  label: string,
  describedBy?: (toggle: ChannelToggle) => string | undefined,
  /** A switch's name with where it applies: "Email globally", "Email for Welcome". */
  switchName?: (toggle: ChannelToggle) => string,
): HTMLElement {
  if (channels.length === 0) return h('p', 'nx-empty', l10n.t('No channels.'));
  const list = h('ul', { class: 'nx-channels', attrs: { 'aria-label': label } });
  for (const toggle of channels) {
    const sw = channelSwitch(toggle, workflowId, inFlight, (t, enabled, input) => onToggle(t, workflowId, enabled, input));
    // Each switch names its channel and where it applies ("Email for Welcome"), so that it is
    // told apart from the same channel's switch in every other card.
    if (switchName) sw.input.setAttribute('aria-label', switchName(toggle));
    const described = describedBy?.(toggle);
    if (described) sw.input.setAttribute('aria-describedby', described);
    list.appendChild(h('li', { class: 'nx-channel', attrs: { 'data-channel': toggle.channel } }, sw.root));
  }
  return list;
}

function inFlightSig(inFlight: ReadonlySet<string>, channels: ChannelToggle[], workflowId?: string): string[] {
  return channels.map((c) => channelKey(c.channel, workflowId)).filter((k) => inFlight.has(k));
}

/** The global preferences: enabled state and one switch per channel. */
export class GlobalChannels {
  readonly el: HTMLElement;
  private readonly stateLine: HTMLElement;
  private readonly listSlot: HTMLElement;
  private readonly error = new ChangeErrorSlot();
  private sig = '';

  constructor(private readonly onToggle: ToggleHandler) {
    this.stateLine = h('p', 'nx-global-state');
    this.listSlot = h('div', 'nx-channels-slot');
    this.el = h(
      'div',
      { class: 'nx-card nx-global-channels', attrs: { role: 'group', 'aria-labelledby': 'nx-global-channels-title' } },
      h(
        'div',
        'nx-card-head',
        h('h3', { class: 'nx-card-title', attrs: { id: 'nx-global-channels-title' } }, icon('settings'), h('span', null, l10n.t('Channels'))),
        this.stateLine,
      ),
      this.listSlot,
      this.error.el,
    );
  }

  update(global: PreferencesViewModel['global'], inFlight: ReadonlySet<string>, force: boolean, error: ChangeError | undefined): void {
    this.error.update(error);
    const sig = JSON.stringify([global.enabled, global.channels, inFlightSig(inFlight, global.channels)]);
    if (sig === this.sig && !force) return;
    this.sig = sig;
    setChildren(
      this.stateLine,
      h('span', { class: `nx-dot ${global.enabled ? 'nx-dot-on' : 'nx-dot-off'}`, attrs: { 'aria-hidden': 'true' } }),
      h('span', null, global.enabled ? l10n.t('Notifications enabled') : l10n.t('Notifications disabled')),
    );
    const switchName = (toggle: ChannelToggle) => (toggle.sourceLabel ? l10n.t('{0} globally ({1})', toggle.label, toggle.sourceLabel) : l10n.t('{0} globally', toggle.label));
    setChildren(this.listSlot, channelList(global.channels, undefined, inFlight, this.onToggle, l10n.t('Global channels'), undefined, switchName));
  }
}

/** The visible reasons of the card's locked switches, one line each, with the id of each reason. */
function lockedLines(card: WorkflowCard, idPrefix: string): { lines: HTMLElement[]; idOf: (toggle: ChannelToggle) => string | undefined } {
  if (card.critical) {
    const reason = card.channels.find((c) => c.lockedReason)?.lockedReason ?? l10n.t('Critical workflow: always delivered, whatever the subscriber prefers.');
    const id = `${idPrefix}-locked-0`;
    return { lines: [h('p', { class: 'nx-locked', attrs: { id } }, icon('lock'), h('span', null, reason))], idOf: (t) => (t.locked ? id : undefined) };
  }
  const fallback = l10n.t('The subscriber cannot change this channel here.');
  const byReason = new Map<string, string[]>();
  for (const c of card.channels) {
    if (!c.locked) continue;
    const reason = c.lockedReason ?? fallback;
    byReason.set(reason, [...(byReason.get(reason) ?? []), c.label]);
  }
  const reasons = [...byReason.keys()];
  return {
    lines: [...byReason].map(([reason, labels], i) =>
      h('p', { class: 'nx-locked', attrs: { id: `${idPrefix}-locked-${i}` } }, icon('lock'), h('span', null, h('span', 'nx-locked-channels', `${labels.join(', ')}: `), reason)),
    ),
    idOf: (t) => {
      const index = t.locked ? reasons.indexOf(t.lockedReason ?? fallback) : -1;
      return index === -1 ? undefined : `${idPrefix}-locked-${index}`;
    },
  };
}

let nextCardId = 1;

function renderCard(card: WorkflowCard, inFlight: ReadonlySet<string>, onToggle: ToggleHandler, error: ChangeError | undefined): HTMLElement {
  const idPrefix = `nx-wf-${nextCardId++}`;
  const titleId = `${idPrefix}-title`;
  const locked = lockedLines(card, idPrefix);
  const flags = h('span', 'nx-flags');
  if (card.critical) {
    flags.appendChild(
      h('span', { class: 'nx-flag nx-critical', title: l10n.t('Critical workflow: subscriber preferences do not apply') }, icon('shield'), l10n.t({ message: 'critical', comment: 'flag of a critical workflow' })),
    );
  }
  if (!card.enabled) {
    flags.appendChild(h('span', { class: 'nx-flag', title: l10n.t('This workflow is turned off for the subscriber') }, icon('circle-slash'), l10n.t({ message: 'off', comment: 'flag of a workflow turned off' })));
  }
  const updated = time(card.updatedLocal, undefined, 'nx-updated');
  if (updated && card.updatedUtc) updated.title = card.updatedUtc;
  return h(
    'section',
    { class: `nx-workflow${card.critical ? ' nx-workflow-critical' : ''}`, attrs: { 'data-workflow-id': card.id, 'aria-labelledby': titleId } },
    h(
      'div',
      'nx-workflow-head',
      h('h3', { class: 'nx-workflow-name', attrs: { id: titleId } }, card.name),
      flags.childElementCount > 0 ? flags : null,
    ),
    h(
      'div',
      'nx-workflow-meta',
      h('code', { class: 'nx-mono nx-workflow-identifier', title: l10n.t('Workflow identifier') }, card.identifier),
      updated ? h('span', 'nx-meta-sep', '·') : null,
      updated ? h('span', 'nx-updated-wrap', h('span', 'nx-muted', `${l10n.t({ message: 'Updated', comment: 'before the date and time the preference was last updated' })} `), updated) : null,
    ),
    ...locked.lines,
    channelList(card.channels, card.id, inFlight, onToggle, l10n.t('{0} channels', card.name), locked.idOf, (toggle) =>
      toggle.sourceLabel ? l10n.t('{0} for {1} ({2})', toggle.label, card.name, toggle.sourceLabel) : l10n.t('{0} for {1}', toggle.label, card.name),
    ),
    error ? renderChangeError(error) : null,
  );
}

interface CardEntry {
  sig: string;
  /** The card's refusal as last drawn, to tell a new one from one drawn again. */
  errorSig: string;
  el: HTMLElement;
  card: WorkflowCard;
}

/** The cards of every workflow, with a filter by name or identifier. */
export class Workflows {
  readonly el: HTMLElement;
  private readonly filter: HTMLInputElement;
  private readonly count: HTMLElement;
  private readonly headCount: HTMLElement;
  private readonly list: HTMLElement;
  private readonly empty: HTMLElement;
  private cards = new Map<string, CardEntry>();
  private order: string[] = [];

  constructor(private readonly onToggle: ToggleHandler) {
    this.filter = h('input', {
      class: 'nx-filter',
      attrs: { type: 'search', placeholder: l10n.t('Filter workflows'), 'aria-label': l10n.t('Filter workflows by name or identifier'), 'data-focus-key': 'filter', spellcheck: 'false', autocomplete: 'off' },
    });
    this.filter.addEventListener('input', () => this.applyFilter());
    this.count = h('span', { class: 'nx-filter-count', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.headCount = h('span', 'nx-section-count');
    this.list = h('div', 'nx-workflow-list');
    this.empty = h('p', 'nx-empty');
    this.empty.hidden = true;
    this.el = h(
      'section',
      { class: 'nx-section nx-workflows', attrs: { 'aria-labelledby': 'nx-workflows-title' } },
      h('h2', { class: 'nx-section-title', attrs: { id: 'nx-workflows-title' } }, h('span', null, l10n.t('Per workflow')), this.headCount),
      h('p', 'nx-section-desc', l10n.t("The subscriber's choice for each workflow, where the workflow lets them choose.")),
      h('div', 'nx-filter-row', h('span', 'nx-filter-box', icon('filter', 'nx-filter-icon'), this.filter), this.count),
      this.list,
      this.empty,
    );
  }

  update(workflows: WorkflowCard[], inFlight: ReadonlySet<string>, force: boolean, errors: Partial<Record<ChangeScope, ChangeError>>): void {
    const next = new Map<string, CardEntry>();
    for (const card of workflows) {
      if (next.has(card.id)) continue;
      const error = errors[`workflow:${card.id}`];
      const errorSig = JSON.stringify(error ?? null);
      const sig = JSON.stringify([card, inFlightSig(inFlight, card.channels, card.id), errorSig]);
      const old = this.cards.get(card.id);
      if (old && old.sig === sig && !force) next.set(card.id, old);
      else {
        const el = renderCard(card, inFlight, this.onToggle, error);
        next.set(card.id, { sig, errorSig, el, card });
        // A refusal that is new on this card is scrolled to, so it is read where the switch was.
        const shown = el.querySelector('.nx-change-error');
        if (shown && old?.errorSig !== errorSig) bringIntoView(shown);
      }
    }
    const order = [...next.keys()];
    const same = order.length === this.order.length && order.every((id, i) => id === this.order[i] && next.get(id) === this.cards.get(id));
    this.cards = next;
    this.order = order;
    if (!same) setChildren(this.list, ...order.map((id) => next.get(id)!.el));
    this.applyFilter();
  }

  private applyFilter(): void {
    const query = this.filter.value.trim().toLowerCase();
    let shown = 0;
    for (const { el, card } of this.cards.values()) {
      const match = !query || card.name.toLowerCase().includes(query) || card.identifier.toLowerCase().includes(query);
      el.hidden = !match;
      if (match) shown++;
    }
    const total = this.cards.size;
    this.headCount.textContent = String(total);
    this.count.textContent = total === 1 ? l10n.t('{0} of 1 workflow', shown) : l10n.t('{0} of {1} workflows', shown, total);
    this.empty.hidden = shown > 0;
    this.empty.textContent = total === 0 ? l10n.t('The subscriber has no workflow preferences.') : l10n.t('No workflow matches “{0}”.', this.filter.value.trim());
  }
}
