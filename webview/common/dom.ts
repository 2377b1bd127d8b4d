/**
 * Small DOM builders for panel webviews. Everything is built with createElement and text nodes:
 * strings from the service are never parsed as HTML, and nothing sets inline styles or handlers
 * (the panels' CSP forbids both).
 */
import { l10n } from '../../src/l10n';

export type Child = Node | string | number | null | undefined | false;
export type AttrValue = string | number | boolean | null | undefined;

export interface Props {
  class?: string;
  text?: string;
  title?: string;
  attrs?: Record<string, AttrValue>;
}

/** Attributes a builder refuses, whatever asks: inline handlers and inline styles. */
const FORBIDDEN_ATTR = /^(on|style$|srcdoc$)/i;

function setAttrs(el: Element, attrs: Record<string, AttrValue>): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false || FORBIDDEN_ATTR.test(name)) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
}

/** Appends children; strings and numbers become text nodes. */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** `h('span', 'a-class', 'text')` or `h('button', { class, title, attrs }, ...children)`. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | string | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (typeof props === 'string') {
    if (props) el.className = props;
  } else if (props) {
    if (props.class) el.className = props.class;
    if (props.title) el.title = props.title;
    if (props.attrs) setAttrs(el, props.attrs);
    if (props.text !== undefined) el.textContent = props.text;
  }
  append(el, ...children);
  return el;
}

/** Replaces an element's children. */
export function setChildren(parent: Element, ...children: Child[]): void {
  parent.textContent = '';
  append(parent, ...children);
}

const SAFE_NAME = /^[a-z0-9-]+$/;

/** A codicon: `icon('mail')`, `icon('loading', 'codicon-modifier-spin')`. Unknown-looking names fall back to a circle. */
export function icon(name: string, extraClass?: string): HTMLSpanElement {
  const safe = SAFE_NAME.test(name) ? name : 'circle-large-outline';
  const el = document.createElement('span');
  el.className = `codicon codicon-${safe}${extraClass ? ` ${extraClass}` : ''}`;
  el.setAttribute('aria-hidden', 'true');
  return el;
}

/** A class-safe version of a token that comes from data (a tone, a kind). */
export function token(value: string, fallback: string): string {
  return SAFE_NAME.test(value) ? value : fallback;
}

export interface ButtonOptions {
  label: string;
  icon?: string;
  /** Show only the icon; the label becomes aria-label and tooltip. */
  iconOnly?: boolean;
  class?: string;
  title?: string;
  attrs?: Record<string, AttrValue>;
  onClick?: (event: MouseEvent) => void;
}

export function button(options: ButtonOptions): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.className = options.class ?? 'nx-button';
  if (options.iconOnly) el.classList.add('nx-icon-button');
  if (options.attrs) setAttrs(el, options.attrs);
  if (options.icon) el.appendChild(icon(options.icon, 'nx-button-icon'));
  if (options.iconOnly) {
    el.setAttribute('aria-label', options.label);
    el.title = options.title ?? options.label;
  } else {
    el.appendChild(h('span', 'nx-button-label', options.label));
    if (options.title) el.title = options.title;
  }
  if (options.onClick) el.addEventListener('click', options.onClick);
  return el;
}

/** Shows a spinner in a button made by `button()` while `busy`. */
export function setBusy(el: HTMLButtonElement, busy: boolean, iconName: string): void {
  const iconEl = el.querySelector<HTMLElement>('.nx-button-icon');
  if (iconEl) iconEl.className = `codicon ${busy ? 'codicon-loading codicon-modifier-spin' : `codicon-${token(iconName, 'circle-large-outline')}`} nx-button-icon`;
  el.classList.toggle('nx-busy', busy);
  if (busy) el.setAttribute('aria-busy', 'true');
  else el.removeAttribute('aria-busy');
}

/**
 * Runs `action` when clicked, with a spinner meanwhile and a check mark for a moment after it
 * succeeds; clicks while busy are ignored. `onError` gets the failure.
 */
export function actionButton(options: ButtonOptions & { action: () => Promise<unknown>; onError?: (error: unknown) => void; doneIcon?: string }): HTMLButtonElement {
  const iconName = options.icon ?? 'circle-large-outline';
  const el = button({ ...options, icon: iconName, onClick: undefined });
  let busy = false;
  el.addEventListener('click', (event) => {
    event.stopPropagation();
    if (busy) return;
    busy = true;
    setBusy(el, true, iconName);
    options.action().then(
      () => {
        busy = false;
        setBusy(el, false, options.doneIcon ?? iconName);
        if (options.doneIcon) setTimeout(() => setBusy(el, busy, iconName), 1200);
      },
      (error: unknown) => {
        busy = false;
        setBusy(el, false, iconName);
        options.onError?.(error);
      },
    );
  });
  return el;
}

/** A status pill: coloured dot and border by tone, text in the normal foreground. */
export function badge(text: string, tone: string, extraClass?: string): HTMLSpanElement {
  const el = h('span', `nx-badge nx-tone-${token(tone, 'unknown')}${extraClass ? ` ${extraClass}` : ''}`);
  el.appendChild(h('span', { class: 'nx-badge-dot', attrs: { 'aria-hidden': 'true' } }));
  el.appendChild(document.createTextNode(text));
  return el;
}

/** A plain chip (a tag, a topic, a channel). */
export function chip(text: string, extraClass?: string): HTMLSpanElement {
  return h('span', `nx-chip${extraClass ? ` ${extraClass}` : ''}`, text);
}

/** A local time whose tooltip is the UTC time. */
export function time(local: string | undefined, utc: string | undefined, extraClass?: string): HTMLSpanElement | null {
  if (!local) return null;
  return h('span', { class: `nx-time${extraClass ? ` ${extraClass}` : ''}`, title: utc ? l10n.t('UTC: {0}', utc) : undefined }, local);
}

export interface DisclosureOptions {
  /** What the summary shows. */
  summary: Child[];
  /** Remembers the open state across re-renders under this key. */
  key: string;
  openKeys: Set<string>;
  defaultOpen?: boolean;
  class?: string;
  /** Builds the content the first time the block opens. */
  build: () => Node;
}

/** A `<details>` whose content is built only when first opened, and whose open state is remembered. */
export function disclosure(options: DisclosureOptions): HTMLDetailsElement {
  const el = h('details', { class: options.class ?? 'nx-block', attrs: { 'data-block-key': options.key } });
  const summary = h('summary', 'nx-block-summary');
  summary.appendChild(icon('chevron-right', 'nx-block-chevron'));
  append(summary, ...options.summary);
  el.appendChild(summary);
  let built = false;
  const ensure = () => {
    if (built) return;
    built = true;
    el.appendChild(options.build());
  };
  const remembered = options.openKeys.has(options.key) || (options.defaultOpen === true && !options.openKeys.has(`closed:${options.key}`));
  if (remembered) {
    ensure();
    el.open = true;
  }
  el.addEventListener('toggle', () => {
    if (el.open) {
      ensure();
      options.openKeys.add(options.key);
      options.openKeys.delete(`closed:${options.key}`);
    } else {
      options.openKeys.delete(options.key);
      options.openKeys.add(`closed:${options.key}`);
    }
  });
  return el;
}

/** A `<pre>` of text (JSON or otherwise). */
export function pre(text: string, extraClass?: string): HTMLPreElement {
  return h('pre', { class: `nx-pre${extraClass ? ` ${extraClass}` : ''}`, attrs: { tabindex: 0 } }, text);
}

/** The `data-focus-key` of the focused element, to put focus back after a re-render. */
export function captureFocus(): string | undefined {
  const active = document.activeElement;
  return active instanceof HTMLElement ? (active.dataset.focusKey ?? undefined) : undefined;
}

export function restoreFocus(root: ParentNode, key: string | undefined): void {
  if (!key || (document.activeElement instanceof HTMLElement && document.activeElement.dataset.focusKey === key)) return;
  for (const el of root.querySelectorAll<HTMLElement>('[data-focus-key]')) {
    if (el.dataset.focusKey === key) {
      el.focus({ preventScroll: true });
      return;
    }
  }
}
