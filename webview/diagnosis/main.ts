/**
 * The diagnosis panel's webview script: the verdict first, then the chain, one row per link with
 * its state in an icon and in words, its evidence (the service's values, as text), and its fix.
 * Everything from the service goes in as text nodes (dom.ts); the host validates every request.
 */
import { l10n } from '../../src/l10n';
import type { DiagnosisPanelState, DiagnosisRequests, DiagnosisView, FixOffer, LinkId, LinkState, LinkView } from '../../src/diagnosis/protocol';
import { actionButton, captureFocus, h, icon, restoreFocus, setChildren } from '../common/dom';
import { renderLoading, showLoadingOrError, type ErrorViewOptions } from '../common/errorView';
import { createPanel } from '../common/panel';
import { errorText } from '../common/vscode';

const panel = createPanel<DiagnosisRequests, 'subscriberId' | 'connectionId' | 'workflow' | 'channel'>({ statusMs: 8000, persist: ['subscriberId', 'connectionId', 'workflow', 'channel'] });
const { app, ctx } = panel;
const ERROR_VIEW: ErrorViewOptions = { idTag: 'p', idClass: 'nx-selectable' };

const STATE_ICONS: Record<LinkState, string> = { ok: 'pass-filled', broken: 'error', warning: 'warning', unknown: 'question', pending: 'loading' };
/** The panels' shared tones (media/panel.css) of the states that have one. */
const STATE_TONES: Partial<Record<LinkState, string>> = { ok: 'nx-tone-ok', broken: 'nx-tone-bad', warning: 'nx-tone-warn' };

function stateIcon(state: LinkState): HTMLElement {
  const el = icon(STATE_ICONS[state] ?? 'circle-large-outline', `nx-state-icon nx-state-${state}${STATE_TONES[state] ? ` ${STATE_TONES[state]}` : ''}`);
  if (state === 'pending') el.classList.add('codicon-modifier-spin');
  return el;
}

function fixButton(target: 'verdict' | LinkId, fix: FixOffer, primary: boolean): HTMLElement {
  return h(
    'div',
    'nx-fix',
    actionButton({
      label: fix.label,
      icon: 'wrench',
      class: primary ? 'nx-button' : 'nx-button nx-secondary',
      attrs: { 'data-focus-key': `fix-${target}`, 'data-fix': target },
      action: () => ctx.request({ method: 'fix', target }),
      onError: (error) => ctx.notify(l10n.t('Could not apply the fix: {0}', errorText(error)), 'error'),
    }),
    h('span', 'nx-fix-hint nx-muted', fix.hint),
  );
}

function renderVerdict(view: DiagnosisView): HTMLElement {
  const v = view.verdict;
  return h(
    'section',
    { class: `nx-verdict nx-verdict-${v.state}`, attrs: { 'aria-labelledby': 'nx-verdict-title' } },
    h('h2', { class: 'nx-verdict-title', attrs: { id: 'nx-verdict-title' } }, stateIcon(v.state), h('span', null, l10n.t('Verdict')), h('span', 'nx-verdict-proof nx-muted', v.proven ? l10n.t('proven by the latest run') : l10n.t('from the settings'))),
    h('p', { class: 'nx-verdict-text', attrs: { 'data-focus-key': 'verdict', tabindex: -1 } }, v.text),
    v.fix ? fixButton('verdict', v.fix, true) : null,
    view.following ? h('p', { class: 'nx-following', attrs: { role: 'status' } }, icon('loading', 'codicon-modifier-spin'), view.following) : null,
    view.fixError ? h('p', { class: 'nx-fix-error', attrs: { role: 'alert' } }, icon('error'), view.fixError) : null,
  );
}

function renderLink(link: LinkView, index: number): HTMLElement {
  const evidence = link.evidence.length > 0 ? h('dl', 'nx-evidence') : null;
  for (const e of link.evidence) {
    evidence!.appendChild(h('dt', null, e.label));
    evidence!.appendChild(h('dd', 'nx-evidence-value', e.value));
  }
  return h(
    'li',
    { class: `nx-chain-link nx-chain-link-${link.state}`, attrs: { 'data-link': link.id, 'data-state': link.state } },
    h('div', 'nx-chain-link-head', stateIcon(link.state), h('h3', 'nx-chain-link-title', `${index + 1}. ${link.title}`), h('span', 'nx-chain-link-state', link.stateLabel)),
    h('p', 'nx-chain-link-summary', link.summary),
    evidence,
    link.fix ? fixButton(link.id, link.fix, false) : null,
  );
}

function renderLoaded(view: DiagnosisView, busy: boolean): HTMLElement {
  const title = h(
    'h1',
    { class: 'nx-title', attrs: { 'data-focus-key': 'title', tabindex: -1 } },
    l10n.t('Why didn’t {0} get it?', view.subscriberId),
  );
  const scope = h(
    'p',
    'nx-scope nx-muted',
    [
      l10n.t('Connection: {0}', view.connectionName),
      view.workflow ? l10n.t('Workflow: {0}', view.workflow) : l10n.t('Any workflow'),
      view.channelLabel ? l10n.t('Channel: {0}', view.channelLabel) : l10n.t('Any channel'),
      l10n.t('Runs of {0}', view.range),
      view.checkedAt ? l10n.t('Checked {0}', view.checkedAt) : '',
    ]
      .filter(Boolean)
      .join(' · '),
  );
  const toolbar = h(
    'div',
    'nx-toolbar',
    actionButton({
      label: l10n.t('Check Again'),
      icon: 'refresh',
      class: 'nx-button nx-secondary',
      attrs: { 'data-focus-key': 'check-again', ...(busy ? { 'aria-busy': 'true' } : {}) },
      action: () => ctx.request({ method: 'checkAgain' }),
      onError: (error) => ctx.notify(l10n.t('Could not check again: {0}', errorText(error)), 'error'),
    }),
  );
  const chain = h('ol', { class: 'nx-chain', attrs: { 'aria-label': l10n.t('The delivery chain, in order') } });
  view.links.forEach((link, i) => chain.appendChild(renderLink(link, i)));
  return h('div', 'nx-diagnosis', h('header', 'nx-header', title, scope, toolbar), renderVerdict(view), h('section', { class: 'nx-section', attrs: { 'aria-labelledby': 'nx-chain-title' } }, h('h2', { class: 'nx-section-title', attrs: { id: 'nx-chain-title' } }, l10n.t('The chain')), chain));
}

let lastSaid = '';

function render(state: DiagnosisPanelState): void {
  if (showLoadingOrError(app, ctx, state, { loading: (s) => renderLoading(l10n.t('Following the delivery to {0}…', s.subscriberId), ['w60', 'w90', 'w70', 'w80', 'w50']), error: ERROR_VIEW })) return;
  const focus = captureFocus();
  setChildren(app, renderLoaded(state.view, state.busy));
  restoreFocus(app, focus);
  if (state.busy) app.setAttribute('aria-busy', 'true');
  else app.removeAttribute('aria-busy');
  // The verdict is said once when it changes, not on every answer while the chain fills in.
  if (!state.busy && state.view.verdict.text !== lastSaid) {
    lastSaid = state.view.verdict.text;
    ctx.announce(state.view.verdict.text);
  }
}

panel.start<DiagnosisPanelState>(render, renderLoading(l10n.t('Following the delivery…'), ['w60', 'w90', 'w70']));
