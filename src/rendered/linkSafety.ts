/**
 * Where a link of a preview may take the reader, and how its address is shown (contract §9.3: the
 * sanitizer is not a guard, and the in-app schema lets `javascript:` avatars, `//host`, `/../` and
 * `_top`/`_parent` targets through). Shared by the model (flags), the webview (what a person reads)
 * and the host's "Open this link?" prompt. Pure: no vscode; linear time on any input.
 */
import { l10n } from '../l10n';
import type { Words } from '../words';

/** Why a URL or target is not followed as is. */
export type UnsafeReason = 'scheme' | 'protocolRelative' | 'dotSegments' | 'frameTarget' | 'notHttp' | 'bidi';

/**
 * Characters that reorder or hide how text reads (Unicode bidi embeddings, overrides, isolates and
 * marks): `https://app.example.com\u202e/moc.live` reads as another address than it is.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A URL as a browser reads its scheme: leading spaces and controls dropped, tabs and newlines removed. */
export function stripUrlNoise(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
}

/** `javascript:`, `data:` or `vbscript:`: not a place to open. */
export function hasScriptScheme(url: string): boolean {
  return /^(?:javascript|data|vbscript):/i.test(stripUrlNoise(url));
}

export function hasBidiControls(text: string): boolean {
  BIDI_CONTROLS.lastIndex = 0;
  return BIDI_CONTROLS.test(text);
}

/** The text with each bidi control written as its escape (`\u202E`), so that it reads as it is. */
export function showControls(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** Why `url` (entities already decoded) is not a place a link of a preview may take the reader. */
export function unsafeUrlReasons(url: string): UnsafeReason[] {
  const clean = stripUrlNoise(url);
  const reasons: UnsafeReason[] = [];
  if (hasScriptScheme(clean)) reasons.push('scheme');
  if (/^[\\/][\\/]/.test(clean)) reasons.push('protocolRelative');
  const path = clean.split(/[?#]/, 1)[0] ?? '';
  if (/(?:^|[\\/])(?:\.|%2e){2}(?:[\\/]|$)/i.test(path)) reasons.push('dotSegments');
  if (hasBidiControls(url)) reasons.push('bidi');
  return reasons;
}

/** `_top`, `_parent` and `_unfencedTop` leave the inbox's own frame. */
export function isFrameTarget(target: string | undefined): boolean {
  return target !== undefined && /^_(?:top|parent|unfencedtop)$/i.test(target.trim());
}

/** What an unsafe link is, in a few words. */
export function unsafeReasonWords(reason: UnsafeReason): string {
  return UNSAFE_REASONS[reason]();
}

const UNSAFE_REASONS: Words<UnsafeReason> = {
  scheme: () => l10n.t('runs a script or opens inline data'),
  protocolRelative: () => l10n.t('goes to another host (//)'),
  dotSegments: () => l10n.t('climbs out of its path (/../)'),
  frameTarget: () => l10n.t('replaces the whole page (_top or _parent)'),
  notHttp: () => l10n.t('is not an http(s) address'),
  bidi: () => l10n.t('hides its real order with direction controls (shown as \\u…)'),
};
