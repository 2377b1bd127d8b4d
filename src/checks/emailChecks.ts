/**
 * The checks an email gets besides every step's (issue 46, §4):
 * - the HTML is under Gmail's clip (102 KB of UTF-8: Gmail shows "[Message clipped]" and hides the
 *   rest behind a link), and the finding names what falls below the cut, the unsubscribe link first;
 * - every image has an `alt` (`alt=""` counts: a decorative image);
 * - no link or image is `http:`;
 * - the subject is not empty;
 * - no HTML or CSS the chosen clients do not support, from caniemail's data (clientSupport.ts).
 * Links and images are named by their index in the model's lists (rendered/previewModel's
 * `readEmailHtml` makes both). Pure: no vscode.
 */
import { l10n } from '../l10n';
import { showControls, stripUrlNoise } from '../rendered/linkSafety';
import { readEmailHtml, type EmailModel } from '../rendered/previewModel';
import type { ChecksSettings, Found } from './checkLevels';
import { clientsFailedWords, unsupportedFeatures, unsupportedWords, type CanIEmail } from './clientSupport';

/** Where Gmail clips an email's HTML: 102 KB. */
export const GMAIL_CLIP_BYTES = 102 * 1024;

/** Links that let a reader leave the list: the one a clip must not hide. */
const UNSUBSCRIBE = /unsubscribe|opt[-_ ]?out|abmelden|d[ée]sabonner|darse de baja/i;

export function emailFindings(model: EmailModel, settings: ChecksSettings, canIEmail: CanIEmail | undefined): Found[] {
  const found: Found[] = [];
  if (model.subject.trim() === '') found.push({ id: 'empty-subject', where: { kind: 'field', field: 'subject' }, message: l10n.t('The subject is empty.') });
  // The model's lists, with where each tag starts (the same scan, the same order).
  const placed = readEmailHtml(model.html);
  found.push(...gmailClip(model.html, placed));
  placed.images.forEach((image, index) => {
    if (image.alt === undefined) found.push({ id: 'image-alt', where: { kind: 'image', index }, message: l10n.t('Image {0} ({1}) has no alt text: a reader whose client blocks images, or who hears the email, gets nothing.', index + 1, shownUrl(image.src)) });
    if (isHttp(image.src)) found.push({ id: 'insecure-url', where: { kind: 'image', index }, message: l10n.t('Image {0} loads over http: ({1}): clients block it or warn.', index + 1, shownUrl(image.src)) });
  });
  placed.links.forEach((link, index) => {
    if (isHttp(link.href)) found.push({ id: 'insecure-url', where: { kind: 'link', index }, message: l10n.t('Link {0} ({1}) is http:, not https:.', index + 1, shownUrl(link.href)) });
  });
  if (canIEmail && model.html.trim() !== '') {
    const support = unsupportedFeatures(model.html, settings.emailClients, canIEmail);
    if (!support.ok) found.push({ id: 'client-support', where: { kind: 'field', field: 'body' }, message: clientsFailedWords(settings.emailClients, support.message) });
    else for (const { feature, clients } of support.features) found.push({ id: 'client-support', where: { kind: 'field', field: 'body' }, message: unsupportedWords(feature, clients) });
  }
  return found;
}

function isHttp(url: string): boolean {
  return /^http:/i.test(stripUrlNoise(url));
}

/** A URL for a message: at most 80 characters, direction controls as escapes. */
function shownUrl(url: string): string {
  if (url === '') return l10n.t('no src');
  const shown = showControls(url);
  return shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
}

/** The UTF-16 offset where the UTF-8 encoding of `text` passes `bytes`, or undefined when it never does. */
export function offsetAfterBytes(text: string, bytes: number): number | undefined {
  let used = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is 4 bytes, counted at its first half; a lone surrogate is written as U+FFFD (3).
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff;
    used += code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (used > bytes) return i;
    if (pair) i++;
  }
  return undefined;
}

function gmailClip(html: string, placed: ReturnType<typeof readEmailHtml>): Found[] {
  // Most emails are far below: no need to count bytes (a UTF-16 unit is at most 3 bytes).
  if (html.length * 3 <= GMAIL_CLIP_BYTES) return [];
  const cut = offsetAfterBytes(html, GMAIL_CLIP_BYTES);
  if (cut === undefined) return [];
  const size = Math.ceil(new TextEncoder().encode(html).length / 1024);
  const linksBelow = placed.links.map((link, index) => ({ link, index })).filter(({ link }) => link.at >= cut);
  const imagesBelow = placed.images.filter((image) => image.at >= cut).length;
  const unsubscribe = linksBelow.find(({ link }) => UNSUBSCRIBE.test(link.text) || UNSUBSCRIBE.test(link.href));
  const parts: string[] = [];
  if (unsubscribe) parts.push(l10n.t('the unsubscribe link “{0}”', showControls(unsubscribe.link.text || unsubscribe.link.href)));
  const otherLinks = linksBelow.length - (unsubscribe ? 1 : 0);
  if (otherLinks > 0) parts.push(otherLinks === 1 ? (unsubscribe ? l10n.t('1 other link') : l10n.t('1 link')) : unsubscribe ? l10n.t('{0} other links', otherLinks) : l10n.t('{0} links', otherLinks));
  if (imagesBelow > 0) parts.push(imagesBelow === 1 ? l10n.t('1 image') : l10n.t('{0} images', imagesBelow));
  const message =
    parts.length > 0
      ? l10n.t('The HTML is {0} KB: Gmail clips it after 102 KB and hides the rest, with {1}.', size, parts.join(', '))
      : l10n.t('The HTML is {0} KB: Gmail clips it after 102 KB and hides the rest.', size);
  const first = unsubscribe ?? linksBelow[0];
  return [{ id: 'gmail-clip', where: first ? { kind: 'link', index: first.index } : { kind: 'field', field: 'body' }, message }];
}
