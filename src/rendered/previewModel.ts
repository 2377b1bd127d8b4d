/**
 * A rendered step (the `outputs` of §9.3, or the service's `preview` of §9.4: the same shapes) as a
 * view model for the preview panel and the agent's tools.
 *
 * - Email and in-app strings pass through the framework's sanitizer, so they are HTML: shown as text
 *   they are decoded once (`Tom &amp; Jerry` → `Tom & Jerry`; `&lt;b&gt;` → `<b>`, as text).
 * - SMS, push and chat are never sanitized: their strings are the text itself, not decoded.
 * - The sanitizer is not a guard (§9.3): in-app URLs may be `javascript:`, `//host`, `/../`, hold
 *   direction controls, or aim at `_top`/`_parent`; they are flagged `unsafe`, with why (linkSafety),
 *   for the panel to show and not to follow.
 * - Digest, delay, throttle and custom steps send nothing: their outputs are settings.
 * Linear time on any input (1 MB bodies). Pure: no vscode.
 */
import { l10n } from '../l10n';
import { scanHtml } from './htmlScan';
import { decodeEntitiesOnce, htmlToText } from './htmlText';
import { hasBidiControls, hasScriptScheme, isFrameTarget, stripUrlNoise, unsafeUrlReasons, type UnsafeReason } from './linkSafety';

export { decodeEntitiesOnce, htmlToText } from './htmlText';

export interface EmailLink {
  /** The link's text as a reader sees it (may be empty: an image link). */
  text: string;
  /** The href, entities decoded once. */
  href: string;
  /** `javascript:`, `data:` or `vbscript:`, or direction controls that disguise it: not a place to open as is. */
  unsafe: boolean;
}

export interface EmailImage {
  /** The `src`, entities decoded once (empty when the tag has none). */
  src: string;
  /** The `alt`, entities decoded once; undefined when the tag has none (`alt=""` is an alt: a decorative image). */
  alt?: string;
}

/** A link or an image of the email, with where its tag starts in the HTML (UTF-16 offset). */
export type Placed<T> = T & { at: number };

export interface EmailModel {
  kind: 'email';
  /** Text: entities decoded once, nothing else (a raw `<script>` in an unsanitized subject stays as text). */
  subject: string;
  /** The body as the step returned it: for `emailSrcdoc` only, never inserted as HTML elsewhere. */
  html: string;
  links: EmailLink[];
  /** The `<img>` tags, in order (at most 500). */
  images: EmailImage[];
  /** `<img>` (and `<source>`) whose `src`/`srcset` is http(s) or protocol-relative: what the toggle would load. */
  remoteImages: number;
}

export type { UnsafeReason };

export interface InAppLink {
  /** Entities decoded once. */
  url?: string;
  target?: string;
  unsafe: boolean;
  reasons: UnsafeReason[];
}

export interface InAppButton extends InAppLink {
  label: string;
}

export interface InAppModel {
  kind: 'inApp';
  subject?: string;
  /** As the inbox shows it: text, tags removed, entities decoded once. */
  body: string;
  avatar?: { url: string; unsafe: boolean; reasons: UnsafeReason[] };
  primary?: InAppButton;
  secondary?: InAppButton;
  redirect?: InAppLink;
  data?: Record<string, unknown>;
}

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsModel {
  kind: 'sms';
  text: string;
  /** Code points (an emoji is one). */
  characters: number;
  encoding: SmsEncoding;
  /** Septets for GSM-7 (an extension character is two), UTF-16 code units for UCS-2. */
  units: number;
  /** Parts sent: GSM-7 160 in one, else 153 each; UCS-2 70, else 67 each. 0 for an empty text. */
  segments: number;
  /** The first few characters that are not GSM-7 and so make the message UCS-2. */
  nonGsm: string[];
}

export interface PushModel {
  kind: 'push';
  title: string;
  text: string;
}

export interface ChatModel {
  kind: 'chat';
  text: string;
  /** A chat step may return a card instead of (or beside) text: shown as data. */
  card?: unknown;
}

export interface SettingsModel {
  kind: 'settings';
  /** The step's type: digest, delay, throttle, custom… */
  type: string;
  settings: Record<string, unknown>;
  /** Says that this step sends no message. */
  note: string;
}

export type PreviewModel = EmailModel | InAppModel | SmsModel | PushModel | ChatModel | SettingsModel;

const MAX_LINKS = 500;
const MAX_LINK_TEXT = 300;

/** The view model of one rendered step of `stepType` (as discover names it: `in_app`, `sms`…). */
export function buildPreviewModel(stepType: string, outputs: Record<string, unknown>): PreviewModel {
  switch (stepType) {
    case 'email':
      return emailModel(outputs);
    case 'in_app':
      return inAppModel(outputs);
    case 'sms':
      return smsModel(text(outputs['body']));
    case 'push':
      return { kind: 'push', title: text(outputs['subject'] ?? outputs['title']), text: text(outputs['body']) };
    case 'chat':
      return { kind: 'chat', text: text(outputs['body']), ...(outputs['card'] !== undefined ? { card: outputs['card'] } : {}) };
    default:
      return { kind: 'settings', type: stepType, settings: outputs, note: l10n.t('A {0} step sends no message: these are its settings.', stepType) };
  }
}

/** A string output as is; a number or boolean as written; anything else (absent, an object) empty. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function emailModel(outputs: Record<string, unknown>): EmailModel {
  const html = text(outputs['body']);
  const { links, images, remoteImages } = readEmailHtml(html);
  return { kind: 'email', subject: decodeEntitiesOnce(text(outputs['subject'])), html, links: links.map(({ at: _at, ...l }) => l), images: images.map(({ at: _at, ...i }) => i), remoteImages };
}

/**
 * The body's links (`<a href>`, `<area href>`) and images (`<img>`), in order and each with where
 * its tag starts, and how many remote images it would load. The model's lists are these, in the
 * same order: the checks name a link or an image by its index in them.
 */
export function readEmailHtml(html: string): { links: Placed<EmailLink>[]; images: Placed<EmailImage>[]; remoteImages: number } {
  const links: Placed<EmailLink>[] = [];
  const images: Placed<EmailImage>[] = [];
  let remoteImages = 0;
  let open: { href: string; parts: string[]; length: number; at: number } | undefined;
  const close = () => {
    if (!open) return;
    if (links.length < MAX_LINKS) {
      const linkText = decodeEntitiesOnce(open.parts.join('')).replace(/[ \t\n\r\f]+/g, ' ').trim();
      links.push({ text: linkText.length > MAX_LINK_TEXT ? `${linkText.slice(0, MAX_LINK_TEXT)}…` : linkText, href: open.href, unsafe: hasScriptScheme(open.href) || hasBidiControls(open.href), at: open.at });
    }
    open = undefined;
  };
  scanHtml(html, (token) => {
    if (token.type === 'text') {
      if (open && open.length < MAX_LINK_TEXT * 2) {
        const part = html.slice(token.start, Math.min(token.end, token.start + MAX_LINK_TEXT * 2));
        open.parts.push(part);
        open.length += part.length;
      }
      return;
    }
    if (token.type !== 'tag') return;
    if (token.name === 'a' && token.closing) close();
    else if ((token.name === 'a' || token.name === 'area') && !token.closing) {
      close(); // links do not nest: a new <a> ends the one before
      const href = token.attributes.find((a) => a.name === 'href' || a.name === 'xlink:href')?.value;
      if (href !== undefined) {
        open = { href: decodeEntitiesOnce(href).trim(), parts: [], length: 0, at: token.start };
        if (token.name === 'area') close();
      }
    } else if ((token.name === 'img' || token.name === 'source') && !token.closing) {
      const remote = token.attributes.some((a) => (a.name === 'src' && isRemote(a.value)) || (a.name === 'srcset' && isRemoteSrcset(a.value)));
      if (remote) remoteImages++;
      if (token.name === 'img' && images.length < MAX_LINKS) {
        const attribute = (name: string) => token.attributes.find((a) => a.name === name);
        const alt = attribute('alt');
        images.push({ src: decodeEntitiesOnce(attribute('src')?.value ?? '').trim(), ...(alt ? { alt: decodeEntitiesOnce(alt.value ?? '') } : {}), at: token.start });
      }
    }
  });
  close();
  return { links, images, remoteImages };
}

function isRemote(value: string | undefined): boolean {
  if (value === undefined) return false;
  return /^(?:https?:|\/\/|\\\\|\/\\)/i.test(stripUrlNoise(decodeEntitiesOnce(value)));
}

function isRemoteSrcset(value: string | undefined): boolean {
  if (value === undefined) return false;
  return decodeEntitiesOnce(value)
    .split(',')
    .some((candidate) => isRemote(candidate.trim()));
}

function link(redirect: unknown): InAppLink | undefined {
  if (redirect === null || typeof redirect !== 'object') return undefined;
  const record = redirect as Record<string, unknown>;
  const url = record['url'] !== undefined ? decodeEntitiesOnce(text(record['url'])) : undefined;
  const target = record['target'] !== undefined ? text(record['target']) : undefined;
  const reasons = url !== undefined ? unsafeUrlReasons(url) : [];
  if (isFrameTarget(target)) reasons.push('frameTarget');
  return { ...(url !== undefined ? { url } : {}), ...(target !== undefined ? { target } : {}), unsafe: reasons.length > 0, reasons };
}

function button(action: unknown): InAppButton | undefined {
  if (action === null || typeof action !== 'object') return undefined;
  const record = action as Record<string, unknown>;
  const target = link(record['redirect']) ?? { unsafe: false, reasons: [] };
  return { label: htmlToText(text(record['label'])), ...target };
}

function inAppModel(outputs: Record<string, unknown>): InAppModel {
  const model: InAppModel = { kind: 'inApp', body: htmlToText(text(outputs['body'])) };
  if (outputs['subject'] !== undefined) model.subject = htmlToText(text(outputs['subject']));
  if (outputs['avatar'] !== undefined) {
    const url = decodeEntitiesOnce(text(outputs['avatar'])).trim();
    const reasons = unsafeUrlReasons(url);
    if (!/^https?:\/\/[^/\\]/i.test(stripUrlNoise(url)) && !reasons.includes('scheme') && !reasons.includes('protocolRelative')) reasons.push('notHttp');
    model.avatar = { url, unsafe: reasons.length > 0, reasons };
  }
  const primary = button(outputs['primaryAction']);
  if (primary) model.primary = primary;
  const secondary = button(outputs['secondaryAction']);
  if (secondary) model.secondary = secondary;
  const redirect = link(outputs['redirect']);
  if (redirect) model.redirect = redirect;
  const data = outputs['data'];
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) model.data = data as Record<string, unknown>;
  return model;
}

// ---- SMS -------------------------------------------------------------------------------------

/** GSM 03.38's basic character set (one septet each; ESC excluded). */
// l10n-ignore: a character set, not words
const GSM_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
/** Its extension table: two septets each (ESC and the character). */
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

/** Characters, encoding and segments of an SMS text, as carriers count them. */
export function smsModel(body: string): SmsModel {
  const chars = [...body];
  const nonGsm: string[] = [];
  for (const c of chars) {
    if (!GSM_BASIC.has(c) && !GSM_EXTENSION.has(c) && !nonGsm.includes(c)) {
      nonGsm.push(c);
      if (nonGsm.length >= 5) break;
    }
  }
  const encoding: SmsEncoding = nonGsm.length === 0 ? 'GSM-7' : 'UCS-2';
  // Units of each character, and the sizes of a single part and of each part of a long message.
  const unitsOf = encoding === 'GSM-7' ? (c: string) => (GSM_EXTENSION.has(c) ? 2 : 1) : (c: string) => c.length;
  const [single, part] = encoding === 'GSM-7' ? [160, 153] : [70, 67];
  let units = 0;
  for (const c of chars) units += unitsOf(c);
  let segments = 0;
  if (units > 0 && units <= single) segments = 1;
  else if (units > single) {
    // A character's units never straddle two parts (an escape pair, a surrogate pair).
    let used = 0;
    segments = 1;
    for (const c of chars) {
      const size = unitsOf(c);
      if (used + size > part) {
        segments++;
        used = 0;
      }
      used += size;
    }
  }
  return { kind: 'sms', text: body, characters: chars.length, encoding, units, segments, nonGsm };
}
