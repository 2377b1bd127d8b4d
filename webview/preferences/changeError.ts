/**
 * A refused or failed change, drawn next to the control where it was made. It is an alert, so a
 * screen reader announces it when it appears; it stays until the next change in the same place.
 */
import { l10n } from '../../src/l10n';
import type { ChangeError } from '../../src/preferences/protocol';
import { h, icon } from '../common/dom';

export function renderChangeError(error: ChangeError, fieldsNote?: string): HTMLElement {
  const body = h('div', 'nx-change-error-body', h('p', 'nx-change-error-text', error.text));
  if (error.details.length > 0) {
    const list = h('ul', 'nx-change-error-details');
    for (const line of error.details) list.appendChild(h('li', null, line));
    body.appendChild(list);
  }
  if (fieldsNote && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) body.appendChild(h('p', 'nx-change-error-note', fieldsNote));
  if (error.errorId) body.appendChild(h('p', 'nx-change-error-id', h('span', 'nx-muted', `${l10n.t('Error ID:')} `), h('code', 'nx-mono nx-selectable', error.errorId)));
  return h('div', { class: 'nx-change-error', attrs: { role: 'alert' } }, icon('error', 'nx-change-error-icon'), body);
}

/** Scrolls just enough for a new message to be wholly on screen, next to what the user clicked. */
export function bringIntoView(el: Element): void {
  requestAnimationFrame(() => el.scrollIntoView({ block: 'nearest' }));
}

/** Keeps one change error in a slot, redrawn (and so announced again) only when it changes. */
export class ChangeErrorSlot {
  readonly el = h('div', 'nx-change-error-slot');
  private sig = 'null';

  constructor(private readonly fieldsNote?: string) {}

  get shown(): boolean {
    return this.sig !== 'null';
  }

  update(error: ChangeError | undefined): void {
    const sig = JSON.stringify(error ?? null);
    if (sig === this.sig) return;
    this.sig = sig;
    this.el.replaceChildren(...(error ? [renderChangeError(error, this.fieldsNote)] : []));
    if (error) bringIntoView(this.el);
  }
}
