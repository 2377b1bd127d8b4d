/**
 * HTML as text: entities decoded exactly once, and a whole document as the lines a reader sees.
 * The framework's sanitizer returns HTML, so `&` arrives as `&amp;` in subjects, bodies and URLs
 * (contract §9.3): shown as text, `Tom &amp; Jerry` is `Tom & Jerry`, and `&amp;lt;` is `&lt;`,
 * never `<`. Linear time on any input (the agent's tools and the panel both call these on 1 MB
 * bodies). Pure: no vscode.
 */
import { scanHtml } from './htmlScan';

/**
 * The named references people and sanitizers write (sanitize-html writes only amp, lt, gt, quot).
 * A name not listed stays as written, which reads better than a guess.
 */
// l10n-ignore: entity names and characters, not words
const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
  zwnj: '\u200c', zwj: '\u200d', lrm: '\u200e', rlm: '\u200f', ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“',
  rdquo: '”', bdquo: '„', laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', hellip: '…', bull: '•', middot: '·', prime: '′', Prime: '″',
  dagger: '†', Dagger: '‡', permil: '‰', copy: '©', reg: '®', trade: '™', deg: '°', plusmn: '±', times: '×', divide: '÷', minus: '−',
  frac12: '½', frac14: '¼', frac34: '¾', sup1: '¹', sup2: '²', sup3: '³', micro: 'µ', para: '¶', sect: '§', cent: '¢', pound: '£',
  yen: '¥', euro: '€', curren: '¤', iexcl: '¡', iquest: '¿', ordf: 'ª', ordm: 'º', not: '¬', macr: '¯', acute: '´', cedil: '¸',
  uml: '¨', brvbar: '¦', larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔', hearts: '♥', check: '✓', star: '☆',
  Agrave: 'À', Aacute: 'Á', Acirc: 'Â', Atilde: 'Ã', Auml: 'Ä', Aring: 'Å', AElig: 'Æ', Ccedil: 'Ç', Egrave: 'È', Eacute: 'É',
  Ecirc: 'Ê', Euml: 'Ë', Igrave: 'Ì', Iacute: 'Í', Icirc: 'Î', Iuml: 'Ï', ETH: 'Ð', Ntilde: 'Ñ', Ograve: 'Ò', Oacute: 'Ó', Ocirc: 'Ô',
  Otilde: 'Õ', Ouml: 'Ö', Oslash: 'Ø', Ugrave: 'Ù', Uacute: 'Ú', Ucirc: 'Û', Uuml: 'Ü', Yacute: 'Ý', THORN: 'Þ', szlig: 'ß',
  agrave: 'à', aacute: 'á', acirc: 'â', atilde: 'ã', auml: 'ä', aring: 'å', aelig: 'æ', ccedil: 'ç', egrave: 'è', eacute: 'é',
  ecirc: 'ê', euml: 'ë', igrave: 'ì', iacute: 'í', icirc: 'î', iuml: 'ï', eth: 'ð', ntilde: 'ñ', ograve: 'ò', oacute: 'ó', ocirc: 'ô',
  otilde: 'õ', ouml: 'ö', oslash: 'ø', ugrave: 'ù', uacute: 'ú', ucirc: 'û', uuml: 'ü', yacute: 'ý', thorn: 'þ', yuml: 'ÿ',
  OElig: 'Œ', oelig: 'œ', Scaron: 'Š', scaron: 'š', Yuml: 'Ÿ', fnof: 'ƒ', circ: 'ˆ', tilde: '˜', Alpha: 'Α', Beta: 'Β', Gamma: 'Γ',
  Delta: 'Δ', Omega: 'Ω', alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', lambda: 'λ', mu: 'μ', pi: 'π', sigma: 'σ',
  omega: 'ω', infin: '∞', ne: '≠', le: '≤', ge: '≥', asymp: '≈', sum: '∑', radic: '√', loz: '◊', spades: '♠', clubs: '♣', diams: '♦',
};

/** What HTML makes of `&#128;`–`&#159;`: the windows-1252 characters, as browsers do. */
const C1: Readonly<Record<number, number>> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6, 0x89: 0x2030,
  0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c, 0x94: 0x201d, 0x95: 0x2022,
  0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a, 0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

// Bounded repetitions and no nesting: linear on any input.
const ENTITY = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,8})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(C1[code] ?? code);
}

/**
 * Decodes `&amp;`, `&lt;`, `&#39;`, `&#x2014;` and the named references above, once: the result is
 * text, and `&amp;lt;` becomes `&lt;`. References without their `;` stay as written.
 */
export function decodeEntitiesOnce(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return (name !== undefined && Object.prototype.hasOwnProperty.call(NAMED, name) ? NAMED[name] : undefined) ?? whole;
  });
}

/** Elements that start and end a line of their own. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'caption', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre',
  'section', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul', 'body', 'html',
]);
/** Cells are separated by a space on their row. */
const CELL = new Set(['td', 'th']);
/** Raw text a reader sees; the rest (scripts, styles, the title) is not part of the message. */
const SHOWN_RAW_TEXT = new Set(['textarea', 'xmp', 'plaintext']);

/**
 * What a reader sees of `html`, as plain text: tags removed, block elements on lines of their own,
 * entities decoded once, runs of white space as one space, no blank lines, no scripts or styles.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  const addText = (raw: string) => {
    const text = decodeEntitiesOnce(raw).replace(/[ \t\n\r\f]+/g, ' ');
    if (text !== '') parts.push(text);
  };
  scanHtml(html, (token) => {
    if (token.type === 'text') addText(html.slice(token.start, token.end));
    else if (token.type === 'rawText') {
      if (SHOWN_RAW_TEXT.has(token.element)) addText(html.slice(token.start, token.end));
    } else if (token.type === 'tag') {
      if (BLOCK.has(token.name)) parts.push('\n');
      else if (CELL.has(token.name)) parts.push(' ');
    }
  });
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
