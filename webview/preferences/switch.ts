/** A real checkbox with role="switch" and a label, styled as a switch. */
import { l10n } from '../../src/l10n';
import type { ChannelToggle } from '../../src/preferences/protocol';
import { h, icon, type AttrValue } from '../common/dom';

let nextId = 1;

export interface SwitchOptions {
  label: string;
  checked: boolean;
  class?: string;
  /** Small muted text after the label (where the value comes from…). */
  hint?: string;
  disabled?: boolean;
  busy?: boolean;
  title?: string;
  attrs?: Record<string, AttrValue>;
  /** The new value; the checkbox has already changed. */
  onChange?: (checked: boolean, input: HTMLInputElement) => void;
}

export interface SwitchElements {
  root: HTMLElement;
  input: HTMLInputElement;
}

export function switchControl(options: SwitchOptions): SwitchElements {
  const id = `nx-switch-${nextId++}`;
  const input = h('input', {
    class: `nx-switch${options.class ? ` ${options.class}` : ''}`,
    title: options.title,
    attrs: { type: 'checkbox', role: 'switch', id, ...options.attrs },
  });
  input.checked = options.checked;
  input.disabled = options.disabled === true;
  const label = h('label', { class: 'nx-toggle-label', title: options.title, attrs: { for: id } }, h('span', 'nx-toggle-text', options.label));
  if (options.hint) label.appendChild(h('span', 'nx-toggle-hint', options.hint));
  const root = h('div', `nx-toggle${options.disabled ? ' nx-toggle-disabled' : ''}`, input, label);
  setSwitchBusy(root, input, options.busy === true);
  if (options.onChange) {
    const onChange = options.onChange;
    // A click while busy is refused (the checkbox goes back by itself).
    input.addEventListener('click', (event) => {
      if (input.getAttribute('aria-busy') === 'true') event.preventDefault();
    });
    input.addEventListener('change', () => onChange(input.checked, input));
  }
  return { root, input };
}

export function setSwitchBusy(root: HTMLElement, input: HTMLInputElement, busy: boolean): void {
  if (busy) input.setAttribute('aria-busy', 'true');
  else input.removeAttribute('aria-busy');
  root.classList.toggle('nx-toggle-busy', busy);
  const spinner = root.querySelector('.nx-toggle-spinner');
  if (busy && !spinner) root.appendChild(h('span', { class: 'nx-toggle-spinner', title: l10n.t('Saving…') }, icon('loading', 'codicon-modifier-spin')));
  else if (!busy && spinner) spinner.remove();
}

/** The key of a channel switch, to follow clicks on their way and focus across re-renders. */
export function channelKey(channel: string, workflowId?: string): string {
  return workflowId ? `channel:${workflowId}:${channel}` : `channel::${channel}`;
}

/** A channel switch: `setChannel` when toggled, disabled when locked, busy while saving. */
export function channelSwitch(
  toggle: ChannelToggle,
  workflowId: string | undefined,
  inFlight: ReadonlySet<string>,
  onToggle: (toggle: ChannelToggle, enabled: boolean, input: HTMLInputElement) => void,
): SwitchElements {
  const key = channelKey(toggle.channel, workflowId);
  return switchControl({
    label: toggle.label,
    hint: toggle.sourceLabel,
    checked: toggle.enabled,
    disabled: toggle.locked,
    busy: toggle.saving || inFlight.has(key),
    title: toggle.locked ? toggle.lockedReason : undefined,
    attrs: {
      'data-channel': toggle.channel,
      'data-workflow-id': workflowId,
      'data-focus-key': key,
    },
    onChange: (checked, input) => onToggle(toggle, checked, input),
  });
}
