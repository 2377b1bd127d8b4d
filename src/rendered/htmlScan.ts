/**
 * A tolerant, linear-time HTML tokenizer for preview output (not a parser: no tree, no repairs).
 * It splits a string into text, tags (with their attributes and offsets), comments and raw text
 * the way a browser's tokenizer does in the cases that matter here: ASCII case-insensitive tag and
 * attribute names, quoted and unquoted values, tags split across lines, `<a/href=x>`, comments that
 * end at `-->`, `--!>`, `<!-->` or `<!--->`, and the raw text of `<style>`, `<script>`, `<title>`,
 * `<textarea>` and the like (not inside `<svg>`/`<math>`, where they are ordinary elements).
 *
 * Every character is looked at a bounded number of times, and every search goes forward only, so a
 * hostile 1 MB body costs milliseconds: no regular expression here can backtrack.
 * Where it may still differ from a browser (the escape states of `<script>` text), callers treat
 * its result as best effort: the preview frame's sandbox and CSP are the guard (contract §9.6).
 * Pure: no vscode.
 */

export interface HtmlAttribute {
  /** ASCII-lower-cased. */
  name: string;
  /** As written (entities not decoded); undefined for an attribute without `=`. */
  value: string | undefined;
  /** Offsets of the name in the source. */
  nameStart: number;
  nameEnd: number;
}

export type HtmlToken =
  | { type: 'text'; start: number; end: number }
  /** The content of a raw-text element (`<style>`, `<script>`, `<title>`…), named by `element`. */
  | { type: 'rawText'; element: string; start: number; end: number }
  /** Comments, doctypes, `<?…>` and other markup declarations. */
  | { type: 'comment'; start: number; end: number }
  | { type: 'tag'; name: string; closing: boolean; selfClosing: boolean; attributes: HtmlAttribute[]; start: number; end: number };

/** Elements whose content is text up to their end tag (HTML's RAWTEXT, RCDATA and script data). */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title']);
/** Start tags that leave `<svg>`/`<math>` content for HTML again (the "breakout" list of the spec). */
const BREAKOUT = new Set([
  'b', 'big', 'blockquote', 'body', 'br', 'center', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'embed', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'head', 'hr', 'i', 'img', 'li', 'listing', 'menu', 'meta', 'nobr', 'ol', 'p', 'pre', 'ruby', 's', 'small', 'span', 'strong', 'strike',
  'sub', 'sup', 'table', 'tt', 'u', 'ul', 'var',
]);

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\f' || c === '\r';
}

function isAsciiLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/** Lower-cases A–Z only, so that offsets stay the same (`'İ'.toLowerCase()` is two code units). */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/** Calls `visit` with each token of `html`, in order; the tokens cover the whole string. */
export function scanHtml(html: string, visit: (token: HtmlToken) => void): void {
  const n = html.length;
  let lower: string | undefined;
  let foreignDepth = 0;
  // Text runs until the next markup: a `<` that starts none (`a < b`) stays in the run.
  let textStart = 0;
  const markup = (token: HtmlToken) => {
    if (token.start > textStart) visit({ type: 'text', start: textStart, end: token.start });
    visit(token);
    textStart = token.end;
  };
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const c = html[lt + 1];
    if (html.startsWith('<!--', lt)) {
      markup({ type: 'comment', start: lt, end: commentEnd(html, lt + 4) });
    } else if (c === '!' || c === '?') {
      const end = html.indexOf('>', lt + 2);
      markup({ type: 'comment', start: lt, end: end < 0 ? n : end + 1 });
    } else if (c === '/') {
      if (isAsciiLetter(html[lt + 2])) {
        const tag = readTag(html, lt, lt + 2, true);
        if (foreignDepth > 0 && (tag.name === 'svg' || tag.name === 'math')) foreignDepth--;
        markup(tag);
      } else if (html[lt + 2] === '>') {
        markup({ type: 'comment', start: lt, end: lt + 3 });
      } else {
        const end = html.indexOf('>', lt + 2);
        markup({ type: 'comment', start: lt, end: end < 0 ? n : end + 1 });
      }
    } else if (isAsciiLetter(c)) {
      const tag = readTag(html, lt, lt + 1, false);
      markup(tag);
      if (foreignDepth > 0 && (BREAKOUT.has(tag.name) || (tag.name === 'font' && tag.attributes.some((a) => a.name === 'color' || a.name === 'face' || a.name === 'size')))) {
        foreignDepth = 0;
      }
      if ((tag.name === 'svg' || tag.name === 'math') && !tag.selfClosing) foreignDepth++;
      else if (foreignDepth === 0 && tag.name === 'plaintext') {
        if (tag.end < n) markup({ type: 'rawText', element: tag.name, start: tag.end, end: n });
        return;
      } else if (foreignDepth === 0 && RAW_TEXT.has(tag.name)) {
        lower ??= asciiLower(html);
        const end = rawTextEnd(html, lower, tag.name, tag.end);
        if (end > tag.end) markup({ type: 'rawText', element: tag.name, start: tag.end, end });
      }
    } else {
      i = lt + 1;
      continue;
    }
    i = textStart;
  }
  if (n > textStart) visit({ type: 'text', start: textStart, end: n });
}

/** Where a comment whose text starts at `from` ends (after its `-->`), or the end of the input. */
function commentEnd(html: string, from: number): number {
  if (html[from] === '>') return from + 1; // <!-->
  if (html.startsWith('->', from)) return from + 2; // <!--->
  let k = html.indexOf('--', from);
  while (k >= 0) {
    if (html[k + 2] === '>') return k + 3;
    if (html[k + 2] === '!' && html[k + 3] === '>') return k + 4;
    k = html.indexOf('--', k + 1);
  }
  return html.length;
}

/** Where the raw text of `name` that starts at `from` ends: at its `</name` followed by a space, `/` or `>`. */
function rawTextEnd(html: string, lower: string, name: string, from: number): number {
  const close = `</${name}`;
  let k = lower.indexOf(close, from);
  while (k >= 0) {
    const after = html[k + close.length];
    if (after === undefined || after === '>' || after === '/' || isSpace(after)) return k;
    k = lower.indexOf(close, k + 1);
  }
  return html.length;
}

/** Reads a tag whose name starts at `nameStart`; ends after its `>`, or at the end of the input. */
function readTag(html: string, start: number, nameStart: number, closing: boolean): Extract<HtmlToken, { type: 'tag' }> {
  const n = html.length;
  let p = nameStart;
  while (p < n && !isSpace(html[p]) && html[p] !== '/' && html[p] !== '>') p++;
  const name = asciiLower(html.slice(nameStart, p));
  const attributes: HtmlAttribute[] = [];
  let selfClosing = false;
  for (;;) {
    while (p < n && (isSpace(html[p]) || html[p] === '/')) {
      selfClosing = html[p] === '/';
      p++;
    }
    if (p >= n) return { type: 'tag', name, closing, selfClosing: false, attributes, start, end: n };
    if (html[p] === '>') return { type: 'tag', name, closing, selfClosing, attributes, start, end: p + 1 };
    selfClosing = false;
    const attrStart = p;
    p++; // the first character belongs to the name even when it is `=` (as in the spec)
    while (p < n && !isSpace(html[p]) && html[p] !== '/' && html[p] !== '>' && html[p] !== '=') p++;
    const attrNameEnd = p;
    let value: string | undefined;
    let q = p;
    while (q < n && isSpace(html[q])) q++;
    if (html[q] === '=') {
      q++;
      while (q < n && isSpace(html[q])) q++;
      const quote = html[q];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, q + 1);
        value = html.slice(q + 1, close < 0 ? n : close);
        p = close < 0 ? n : close + 1;
      } else {
        const valueStart = q;
        while (q < n && !isSpace(html[q]) && html[q] !== '>') q++;
        value = html.slice(valueStart, q);
        p = q;
      }
    }
    attributes.push({ name: asciiLower(html.slice(attrStart, attrNameEnd)), value, nameStart: attrStart, nameEnd: attrNameEnd });
  }
}
