/**
 * The checks every rendered step gets (issue 46, §4): their ids, what a finding is, each check's
 * default level, and the settings that change them (`novuExplorer.checks.*`, read by the host and
 * handed here as plain values: nothing here reads a setting). Pure: no vscode.
 */

/** Every check, by the id its settings and findings use. */
export const CHECK_IDS = [
  'rendered',
  'payload-schema',
  'unresolved',
  'link-target',
  'gmail-clip',
  'image-alt',
  'insecure-url',
  'empty-subject',
  'client-support',
  'sms-segments',
] as const;

export type CheckId = (typeof CHECK_IDS)[number];
export type CheckLevel = 'error' | 'warning';

/** Each check's level when no setting changes it (docs/preview.md, "Checks", states the same). */
export const DEFAULT_LEVELS: Readonly<Record<CheckId, CheckLevel>> = {
  rendered: 'error',
  'payload-schema': 'error',
  unresolved: 'error',
  'link-target': 'error',
  'gmail-clip': 'error',
  'image-alt': 'warning',
  'insecure-url': 'warning',
  'empty-subject': 'error',
  'client-support': 'warning',
  'sms-segments': 'warning',
};

/** The email clients checked when the setting says none: caniemail's globs for Gmail, Outlook and Apple Mail. */
// l10n-ignore: caniemail's client names
export const DEFAULT_EMAIL_CLIENTS: readonly string[] = ['gmail.*', 'outlook.*', 'apple-mail.*'];
export const DEFAULT_SMS_MAX_SEGMENTS = 2;

/** Where a finding applies, for the Preview to reveal it and a test result to name it. */
export type FindingWhere =
  /** The step as a whole (it did not render; more of the same finding than are listed). */
  | { kind: 'step' }
  /** A text of the message: the email's or in-app subject, the body, the SMS, chat or push text, the push title. */
  | { kind: 'field'; field: 'subject' | 'body' | 'text' | 'title' }
  /** The email's link at this index of its list of links (the model's `links`). */
  | { kind: 'link'; index: number }
  /** The email's image at this index of its list of images (the model's `images`). */
  | { kind: 'image'; index: number }
  /** An in-app button, the item's own redirect, or its avatar. */
  | { kind: 'button'; button: 'primary' | 'secondary' | 'redirect' | 'avatar' }
  /** A key of the payload, as a dotted path (`plan`, `lines.0.sku`; empty for the payload itself). */
  | { kind: 'payload'; key: string };

export interface Finding {
  id: CheckId;
  level: CheckLevel;
  /** The step's id. */
  step: string;
  where: FindingWhere;
  /** In words, every value from the app or the payload shown as text (direction controls as escapes). */
  message: string;
}

/** What a check found, before its level is known. */
export type Found = { id: CheckId; where: FindingWhere; message: string };

/** The settings, as read (`novuExplorer.checks.*`). */
export interface ChecksSettings {
  /** Each check's level, or `off`. */
  levels: Readonly<Record<CheckId, CheckLevel | 'off'>>;
  /** caniemail's client globs (`gmail.*`, `outlook.windows`). */
  emailClients: readonly string[];
  smsMaxSegments: number;
}

/**
 * The settings from what the host read (untrusted: a user's settings.json may hold anything):
 * a level other than `error`, `warning` or `off` is the default; clients are non-empty strings
 * (none: the defaults); the segments a whole number of at least 1 (else the default).
 */
export function readChecksSettings(raw: { levels?: unknown; emailClients?: unknown; smsMaxSegments?: unknown }): ChecksSettings {
  const given = raw.levels !== null && typeof raw.levels === 'object' && !Array.isArray(raw.levels) ? (raw.levels as Record<string, unknown>) : {};
  const levels = Object.fromEntries(
    CHECK_IDS.map((id) => {
      const level = Object.prototype.hasOwnProperty.call(given, id) ? given[id] : undefined;
      return [id, level === 'error' || level === 'warning' || level === 'off' ? level : DEFAULT_LEVELS[id]];
    }),
  ) as Record<CheckId, CheckLevel | 'off'>;
  const clients = Array.isArray(raw.emailClients) ? raw.emailClients.filter((c): c is string => typeof c === 'string' && c.trim() !== '').map((c) => c.trim()) : [];
  const segments = raw.smsMaxSegments;
  return {
    levels,
    emailClients: clients.length > 0 ? clients : DEFAULT_EMAIL_CLIENTS,
    smsMaxSegments: typeof segments === 'number' && Number.isInteger(segments) && segments >= 1 ? segments : DEFAULT_SMS_MAX_SEGMENTS,
  };
}

export const DEFAULT_CHECKS_SETTINGS: ChecksSettings = readChecksSettings({});
