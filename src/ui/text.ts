/**
 * Service text shown exactly as typed. VS Code renders three kinds of text with syntax of its own:
 * hovers (markdown, when given a MarkdownString), quick pick rows (`$(icon)`), and notifications
 * (`[label](https://…)` links). Tooltips are plain strings; a hover, which must be Markdown, takes
 * service strings only through `markdownText`. Quick pick rows and notifications use the
 * platform's own escape where it has one.
 */

/** A plain-text tooltip of "Label: value" lines, leaving out empty values. */
export function fieldTooltip(rows: [label: string, value: string | null | undefined][]): string {
  return rows
    .filter((row): row is [string, string] => typeof row[1] === 'string' && row[1] !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}

/**
 * Text for a quick pick label, description or detail: `$(name)` would draw an icon, so it is
 * escaped the way VS Code escapes its own (`\$(name)`), which the quick pick shows as typed.
 */
export function noIcons(text: string): string {
  return text.replace(/(\\)?\$\(([a-z0-9-]+?(?:~[a-z0-9-]*?)?)\)/gi, (match, escaped: string | undefined) => (escaped ? match : `\\${match}`));
}

/**
 * Text for a MarkdownString (a hover) that renders exactly as typed. Every ASCII punctuation sign
 * is backslash-escaped, as Markdown allows for any of them, so nothing in the text becomes
 * emphasis, a link, an autolink (`https\://`, `www\.`, `a\@b`), an HTML tag, an entity (`\&amp;`),
 * a heading or a list item, and no escape shows. Runs of spaces keep their width (no-break spaces
 * after the first); a line break stays one. Not `appendText`: VS Code 1.100's escapes only some
 * signs and turns every space into `&nbsp;`, so a URL in a name became a live link that swallowed
 * the rest of the name, its escapes shown as backslashes.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[!-/:-@[-`{-~]/g, '\\$&')
    .replace(/[ \t]{2,}|\t/g, (run) => ` ${'\u00a0'.repeat(run.length - 1)}`)
    .replace(/\r?\n/g, '\\\n');
}

/** The link syntax a notification turns into a link or a command. */
const LINK = /\[([^\]]*)\]\(((?:https?:|command:|file:|vscode:)[^)\s]*)/gi;

/**
 * Text for a notification (toast): `[label](https://…)` and `[label](command:…)` would become a link.
 * Notifications have no escape, so a word joiner (U+2060, invisible) goes between `]` and `(`;
 * everything else stays as it was.
 */
export function noLinks(text: string): string {
  return text.replace(LINK, (_match, label: string, target: string) => `[${label}]\u2060(${target}`);
}
