/**
 * HTML and CSS of an email that the chosen clients do not support, from caniemail's data as the
 * maintained package `@jsx-email/doiuse-email` (MIT; its data ships inside it, no network) keeps it.
 * Never a table of our own: this module only reads the package's answer, and the package itself is
 * handed in (`CanIEmail`, its `doIUseEmail`), so that the checks stay pure and testable and the
 * one place that imports it is where the Preview and the runners are put together.
 * Pure: no vscode.
 */
import { l10n } from '../l10n';
import { scanHtml } from '../rendered/htmlScan';
import { showControls } from '../rendered/linkSafety';

/**
 * What is read of `doIUseEmail(html, { emailClients })`'s answer (1.0.4): `errors`, one line per
 * feature and client that lacks it at all, "`<feature>` is not supported by `<client>`". Its
 * `warnings` (partial support) are not reported: caniemail marks most of CSS so somewhere.
 */
export interface CanIEmailAnswer {
  success: boolean;
  errors?: readonly string[];
}

/** `doIUseEmail` of `@jsx-email/doiuse-email`: throws when no client matches the globs. */
export type CanIEmail = (html: string, options: { emailClients: string[] }) => CanIEmailAnswer;

/** At most this many features are named (an old template may lack dozens). */
const MAX_FEATURES = 20;
const NOT_SUPPORTED = /^`(.+)` is not supported by `([^`]+)`$/;

export type ClientSupport = { ok: true; features: { feature: string; clients: string[] }[] } | { ok: false; message: string };

/** The features of `html` that some of `clients` do not support, each with those clients (sorted, each once), in the order first said. */
export function unsupportedFeatures(html: string, clients: readonly string[], canIEmail: CanIEmail): ClientSupport {
  let answer: CanIEmailAnswer;
  try {
    answer = canIEmail(htmlToAsk(html), { emailClients: [...clients] });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const lacking = new Map<string, Set<string>>();
  for (const line of Array.isArray(answer?.errors) ? answer.errors : []) {
    const [, feature, client] = NOT_SUPPORTED.exec(String(line)) ?? [undefined, String(line), undefined];
    const set = lacking.get(feature!) ?? new Set<string>();
    if (client !== undefined) set.add(client);
    if (!lacking.has(feature!) && lacking.size >= MAX_FEATURES) continue;
    lacking.set(feature!, set);
  }
  return { ok: true, features: [...lacking].map(([feature, set]) => ({ feature, clients: [...set].sort() })) };
}

/**
 * The HTML caniemail is asked about: the email's, with a `<body>` that carries no attribute left
 * out (issue 51, item 21). caniemail's "<body> element" (html-body) lists the clients that do not
 * keep the element, and its notes say what they do instead: "Replaced by a `<div>` with supported
 * attributes"; where it is "not supported" the client shows the content inside its own page and
 * drops the tag. Either way what is lost is the tag's attributes (a background, a style, a `dir`),
 * never the content: a bare `<body>` loses nothing, yet every full-HTML email was told it is not
 * supported by Outlook for Android, iOS and macOS, with nothing to change. A `<body>` with
 * attributes is still asked about: they are what those clients drop.
 */
export function htmlToAsk(html: string): string {
  const tags: { start: number; end: number }[] = [];
  let attributes = false;
  scanHtml(html, (token) => {
    if (token.type !== 'tag' || token.name !== 'body') return;
    if (!token.closing && token.attributes.length > 0) attributes = true;
    tags.push(token);
  });
  if (attributes || tags.length === 0) return html;
  let kept = '';
  let from = 0;
  for (const tag of tags) {
    kept += html.slice(from, tag.start);
    from = tag.end;
  }
  return kept + html.slice(from);
}

/** The finding's words for one feature: "`<video>` element is not supported by gmail.desktop-webmail, outlook.windows (caniemail)." */
export function unsupportedWords(feature: string, clients: readonly string[]): string {
  if (clients.length === 0) return l10n.t('{0} (caniemail).', showControls(feature));
  return l10n.t('{0} is not supported by {1} (caniemail).', showControls(feature), clients.map(showControls).join(', '));
}

/** The finding's words when the clients setting matches no client of the data. */
export function clientsFailedWords(clients: readonly string[], message: string): string {
  return l10n.t('The email clients could not be checked ({0}): {1}', clients.map(showControls).join(', '), showControls(message));
}
