/**
 * Where a user's front-end sets up Novu's Inbox: `<Inbox>` and `<NovuProvider>` of `@novu/react`
 * or `@novu/nextjs`, and `new Novu({…})` of `@novu/js`, each only when that component or class is
 * imported from the package (renamed, through a namespace, required, or a name given it); `Novu`
 * of `@novu/api` or `@novu/node` is the server's client, not an Inbox. What each is given is read
 * as written (`values.ts`). Pure: no `vscode`, no file read.
 */
import type { InboxPattern, InboxSetup, InboxValue } from './codeRef';
import { jsConstants, jsFacts, type JsModule } from './jsModule';
import { tokenizeJs } from './jsTokenizer';
import { lastEntry, objectEntries } from './objectLiteral';
import { chainAfter, closing, isIdent, isPunct, type Token } from './tokens';
import { jsContext, jsValue, type ValueSource } from './values';

/**
 * The components and the class that set an Inbox up, by package (a subpath, `@novu/nextjs/hooks`,
 * is not one of them).
 */
// l10n-ignore: the names the packages export (code, not words)
const PATTERNS = new Map<string, Map<string, InboxPattern>>([
  ['@novu/react', new Map<string, InboxPattern>([['Inbox', 'react-inbox'], ['NovuProvider', 'react-provider']])],
  ['@novu/nextjs', new Map<string, InboxPattern>([['Inbox', 'nextjs-inbox'], ['NovuProvider', 'nextjs-provider']])],
  ['@novu/js', new Map<string, InboxPattern>([['Novu', 'js-novu']])],
]);

/** A prop's (or an option's) value: its tokens `from`..`to` (exclusive); `bare`: a JSX prop written without one (`<Inbox open />`). */
interface Prop {
  from: number;
  to: number;
  bare?: boolean;
}

/** Props (or options) by name, the last of a name counting; `spread` when some are not written here. */
interface Props {
  values: Map<string, Prop>;
  spread: boolean;
}

/** What a dotted name (`Inbox`, `N.Inbox`, a name given one) is in the file: an Inbox's component or class, and its package. */
function patternOf(module: JsModule, parts: string[]): { pattern: InboxPattern; from: string } | undefined {
  let first = parts[0]!;
  // `const Bell = Inbox;`, followed a few names deep (a cycle ends).
  for (let hops = 0; hops < 8 && !module.imports.has(first); hops++) {
    const init = module.inits.get(first);
    if (init?.kind !== 'alias') return undefined;
    first = init.name;
  }
  const imported = module.imports.get(first);
  if (!imported) return undefined;
  const name = imported.name === '*' ? (parts.length === 2 ? parts[1] : undefined) : parts.length === 1 ? imported.name : undefined;
  const pattern = name === undefined ? undefined : PATTERNS.get(imported.from)?.get(name);
  return pattern && { pattern, from: imported.from };
}

/** A JSX tag's props, from token `i` (after its name) to its `>` or `/>`. */
function jsxProps(tokens: Token[], i: number): Props {
  const values = new Map<string, Prop>();
  let spread = false;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (isPunct(t, '{')) {
      // `{...props}`: the only braces a tag holds outside a prop's value.
      spread = true;
      i = closing(tokens, i) + 1;
      continue;
    }
    if (!isIdent(t)) break;
    const value = tokens[i + 2];
    if (!isPunct(tokens[i + 1], '=')) {
      values.set(t.value, { from: i, to: i + 1, bare: true });
      i++;
    } else if (isPunct(value, '{')) {
      const close = closing(tokens, i + 2);
      // `{}` holds nothing: its braces are its place.
      values.set(t.value, close > i + 3 ? { from: i + 3, to: close } : { from: i + 2, to: close + 1 });
      i = close + 1;
    } else if (value?.type === 'string') {
      values.set(t.value, { from: i + 2, to: i + 3 });
      i += 3;
    } else {
      // An element as a prop's value: the props after it are not read.
      spread = true;
      break;
    }
  }
  return { values, spread };
}

/** `new Novu(…)`'s options, its `(` at `open`: an object literal's entries, or nothing known. */
function optionProps(tokens: Token[], open: number): Props {
  const first = open + 1;
  if (isPunct(tokens[first], ')')) return { values: new Map(), spread: false };
  if (!isPunct(tokens[first], '{') || !isPunct(tokens[closing(tokens, first) + 1], ')')) return { values: new Map(), spread: true };
  const { entries, closed } = objectEntries(tokens, first);
  return { values: new Map(entries.map((e) => [e.key, { from: e.from, to: e.to }])), spread: !closed };
}

/** The fields of a set-up from its props. */
function fields(src: ValueSource, props: Props): Partial<InboxSetup> {
  const { tokens } = src;
  const place = (p: Prop) => ({ start: tokens[p.from]!.start, end: tokens[p.to - 1]!.end });
  const read = (p: Prop | undefined): InboxValue | undefined => p && (p.bare ? { kind: 'expression', ...place(p) } : jsValue(src, p.from, p.to));
  /** `subscriber`: a string, or an object whose `subscriberId` it is. */
  const subscriber = (p: Prop | undefined): InboxValue | undefined => {
    if (!p || p.bare || !isPunct(tokens[p.from], '{') || closing(tokens, p.from) !== p.to - 1) return read(p);
    const { entries, closed } = objectEntries(tokens, p.from);
    const id = lastEntry(entries, 'subscriberId');
    if (id) return jsValue(src, id.from, id.to);
    return closed ? undefined : { kind: 'expression', ...place(p) };
  };
  const context = props.values.get('context');
  const found: Partial<InboxSetup> = {
    applicationIdentifier: read(props.values.get('applicationIdentifier')),
    subscriberId: subscriber(props.values.get('subscriber')) ?? read(props.values.get('subscriberId')),
    subscriberHash: read(props.values.get('subscriberHash')),
    context: context && (context.bare ? { kind: 'expression', ...place(context) } : jsContext(src, context.from, context.to)),
    contextHash: read(props.values.get('contextHash')),
  };
  for (const key of Object.keys(found) as (keyof InboxSetup)[]) if (found[key] === undefined) delete found[key];
  return found;
}

/**
 * The Inbox's set-ups in a JavaScript or TypeScript (JSX, TSX) text, in order: each component or
 * `new Novu` of the Inbox's packages with what it is given. Comments, strings and templates hold none.
 */
export function scanInboxSetups(text: string): InboxSetup[] {
  // Most files import none of the packages: no tokens for them.
  if (!text.includes('@novu/')) return [];
  const tokens = tokenizeJs(text);
  const consts = jsConstants(tokens);
  const module = jsFacts(tokens, consts);
  if (![...module.imports.values()].some((imported) => PATTERNS.has(imported.from))) return [];
  const src: ValueSource = { text, tokens, consts };
  const setups: InboxSetup[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const jsx = t.jsx === true;
    if (!jsx && !isIdent(t, 'new')) continue;
    const name = chainAfter(tokens, i + 1);
    const found = name && patternOf(module, name.parts);
    // A component only as an element, the class only with `new`.
    if (!name || !found || (found.pattern === 'js-novu') === jsx) continue;
    const props = jsx ? jsxProps(tokens, name.next) : isPunct(tokens[name.next], '(') ? optionProps(tokens, name.next) : { values: new Map(), spread: false };
    setups.push({
      pattern: found.pattern,
      package: found.from,
      start: tokens[jsx ? i + 1 : i]!.start,
      end: tokens[name.next - 1]!.end,
      ...fields(src, props),
      ...(props.spread ? { spread: true as const } : {}),
    });
  }
  return setups;
}
