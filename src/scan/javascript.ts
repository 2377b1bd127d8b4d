/**
 * Workflow definitions and trigger calls in JavaScript or TypeScript (issue 25), each only when
 * tied to Novu (issue 30): a call's receiver or callee is followed through the file's imports to
 * `@novu/api`, `@novu/node` or `@novu/framework`, and through the workspace's files when a lookup
 * of them is given. Anything it does not recognise is simply not a match. Pure: no `vscode`.
 */
import { CLIENT_CLASS, type CodePattern, type CodeRef, type CodeRefKind, type DefinitionSite } from './codeRef';
import { jsConstants, jsFacts, type ImportedName, type JsModule } from './jsModule';
import { tokenizeJs } from './jsTokenizer';
import { payloadLiteral } from './objectLiteral';
import { isRelative, type ModuleLookup } from './modules';
import { chainBefore, closing, isIdent, isPunct, opening, refFrom, type Token } from './tokens';
import { optionsContext } from './values';

/** What a name is, as far as Novu goes. */
type Binding =
  | { kind: 'novu-class' }
  | { kind: 'client' }
  | { kind: 'workflow-fn' }
  | { kind: 'workflow'; identifier: string; site: DefinitionSite }
  | { kind: 'namespace'; sdk: string }
  | { kind: 'namespace'; file: ModuleFile };

interface ModuleFile {
  path: string | undefined;
  module: JsModule;
}

/** The SDKs: `Novu` of `@novu/api` and `@novu/node` (a client's class), `workflow` of `@novu/framework`. */
const CLIENT_PACKAGES = new Set(['@novu/api', '@novu/node']);
const FRAMEWORK_PACKAGE = '@novu/framework';
const isSdk = (from: string) => CLIENT_PACKAGES.has(from) || from === FRAMEWORK_PACKAGE;

function sdkExport(from: string, name: string): Binding | undefined {
  if (name === '*') return { kind: 'namespace', sdk: from };
  if (CLIENT_PACKAGES.has(from) && name === CLIENT_CLASS) return { kind: 'novu-class' };
  if (from === FRAMEWORK_PACKAGE && name === 'workflow') return { kind: 'workflow-fn' };
  return undefined;
}

/** Follows names through a file and the files it imports from; each answer kept for the scan. */
class Names {
  private readonly memo = new Map<string, Binding | null>();

  constructor(private readonly modules: ModuleLookup | undefined) {}

  private remember(key: string, compute: () => Binding | undefined): Binding | undefined {
    if (this.memo.has(key)) return this.memo.get(key) ?? undefined;
    // Held as unknown while computed: an import cycle ends here.
    this.memo.set(key, null);
    const found = compute();
    this.memo.set(key, found ?? null);
    return found;
  }

  /** A name of the file: imported, given a value, or declared with a type. */
  local(file: ModuleFile, name: string): Binding | undefined {
    return this.remember(`${file.path ?? ''}\u0000${name}`, () => {
      const imported = file.module.imports.get(name);
      return imported ? this.imported(file, imported) : this.own(file, name);
    });
  }

  /** A name given a value or declared with a type in the file (a variable, `this.x`, a field), not imported. */
  own(file: ModuleFile, name: string): Binding | undefined {
    return this.remember(`${file.path ?? ''}\u0002${name}`, () => {
      const init = file.module.inits.get(name);
      if (init?.kind === 'alias') return init.name === name ? undefined : this.local(file, init.name);
      if (init) {
        const callee = this.chain(file, init.callee);
        if (init.kind === 'new' && callee?.kind === 'novu-class') return { kind: 'client' };
        if (init.kind === 'call' && callee?.kind === 'workflow-fn') return { kind: 'workflow', identifier: init.identifier, site: { path: file.path, start: init.start, end: init.end } };
        return undefined;
      }
      const type = file.module.types.get(name);
      return type && this.chain(file, type)?.kind === 'novu-class' ? { kind: 'client' } : undefined;
    });
  }

  /** `a.b.c`: `a` in the file, then each member of a module. */
  chain(file: ModuleFile, parts: string[]): Binding | undefined {
    let binding = this.local(file, parts[0]!);
    for (const part of parts.slice(1)) {
      if (binding?.kind !== 'namespace') return undefined;
      binding = 'sdk' in binding ? sdkExport(binding.sdk, part) : this.exported(binding.file, part);
    }
    return binding;
  }

  private imported(file: ModuleFile, { from, name }: ImportedName): Binding | undefined {
    if (isSdk(from)) return sdkExport(from, name);
    if (!file.path || !this.modules || !isRelative(from)) return undefined;
    const target = this.modules.find(file.path, from);
    if (!target) return undefined;
    return name === '*' ? { kind: 'namespace', file: target } : this.exported(target, name);
  }

  private exported(file: ModuleFile, name: string): Binding | undefined {
    return this.remember(`${file.path ?? ''}\u0001${name}`, () => {
      const local = file.module.exports.get(name);
      if (local !== undefined) return this.local(file, local);
      const reexport = file.module.reexports.get(name);
      if (reexport) return this.imported(file, reexport);
      if (name === 'default') return undefined;
      for (const from of file.module.stars) {
        const found = this.imported(file, { from, name });
        if (found) return found;
      }
      return undefined;
    });
  }
}

/**
 * The values of `key: <literal>` in the call opened at `open`, at bracket depth `depth` from it
 * (`(` is 1: the argument object's own keys are at 2, `[{ … }]` in it at 4), not in nested objects.
 */
function keyValues(tokens: Token[], open: number, to: number, depth: number, key: string, consts: Map<string, Token>, kind: CodeRefKind, pattern: CodePattern): CodeRef[] {
  const refs: CodeRef[] = [];
  let level = 0;
  for (let i = open; i < to; i++) {
    const t = tokens[i]!;
    if (t.type === 'punct' && '([{'.includes(t.value)) level++;
    else if (t.type === 'punct' && ')]}'.includes(t.value)) level--;
    const prev = tokens[i - 1];
    if (level === depth && (isIdent(t, key) || (t.type === 'string' && t.value === key)) && isPunct(tokens[i + 1], ':') && (isPunct(prev, '{') || isPunct(prev, ','))) {
      const ref = refFrom(tokens[i + 2], consts, kind, pattern);
      if (ref) refs.push(ref);
    }
  }
  return refs;
}

export interface ScanContext {
  /** The file's path (`/`-separated, as in a URI), for its relative imports; none for a document never saved. */
  path?: string | undefined;
  /** The workspace's files, for what is imported from them. */
  modules?: ModuleLookup | undefined;
}

/**
 * Workflow definitions and trigger calls in JavaScript or TypeScript source. A `workflow('id', …)`
 * is a definition only when that `workflow` is `@novu/framework`'s (imported, renamed, through a
 * namespace, or re-exported by a local module); `X.trigger(…)` is a trigger only when `X` is a
 * Novu client (`new Novu(…)` of `@novu/api` or `@novu/node`, a name or property given one, a
 * parameter or field typed `Novu`, or one imported from a local module) or a framework workflow
 * (of this file or imported from another). Anything not tied to Novu is not a match.
 */
export function scanJavaScript(text: string, context: ScanContext = {}): CodeRef[] {
  const tokens = tokenizeJs(text);
  const consts = jsConstants(tokens);
  const file: ModuleFile = { path: context.path, module: jsFacts(tokens, consts) };
  const names = new Names(context.modules);
  const known = (name: string) => file.module.imports.has(name) || file.module.inits.has(name) || file.module.types.has(name);
  /** What a trigger's options written at `open` say beyond its identifier: a literal payload's keys, the context it sends. */
  const sends = (open: number): Pick<CodeRef, 'payload' | 'context'> => {
    const payload = payloadLiteral(tokens, open);
    const context = optionsContext({ text, tokens, consts }, open);
    return { ...(payload ? { payload } : {}), ...(context ? { context } : {}) };
  };
  const refs: CodeRef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident' || !isPunct(tokens[i + 1], '(')) continue;
    const open = i + 1;
    const member = isPunct(tokens[i - 1], '.');
    if (member && (t.value === 'trigger' || t.value === 'triggerBulk' || t.value === 'bulkTrigger')) {
      let end = i - 2;
      if (isPunct(tokens[end], '?')) end--;
      let receiver: Binding | undefined;
      if (isPunct(tokens[end], ')')) {
        // `new Novu(…).trigger(…)`
        const callee = chainBefore(tokens, opening(tokens, end) - 1);
        if (callee?.rooted && isIdent(tokens[callee.first - 1], 'new') && names.chain(file, callee.parts)?.kind === 'novu-class') receiver = { kind: 'client' };
      } else {
        const chain = chainBefore(tokens, end);
        const last = chain?.parts[chain.parts.length - 1];
        if (chain && last) {
          if (chain.rooted && chain.parts.length === 1) receiver = names.local(file, last);
          else if (chain.rooted && chain.parts[0] !== 'this') receiver = names.chain(file, chain.parts);
          // `this.novu`, `deps.novu`, `f().novu`: a property given a client or typed as one in this file.
          receiver ??= names.own(file, last);
        }
      }
      if (receiver?.kind === 'workflow') {
        if (t.value === 'trigger') {
          const at = tokens[end]!;
          refs.push({ kind: 'trigger', pattern: 'framework-trigger', identifier: receiver.identifier, start: at.start, end: at.end, literal: false, definedAt: receiver.site, ...sends(open + 1) });
        }
        continue;
      }
      if (receiver?.kind !== 'client') continue;
      const close = closing(tokens, open);
      const first = tokens[open + 1];
      if (t.value === 'trigger') {
        if (isPunct(first, '{')) {
          refs.push(...keyValues(tokens, open, close, 2, 'workflowId', consts, 'trigger', 'api-trigger').slice(0, 1).map((ref) => ({ ...ref, ...sends(open + 1) })));
        } else {
          // `@novu/node`'s trigger(name, { to, payload }) always has its options.
          const ref = refFrom(first, consts, 'trigger', 'node-trigger');
          if (ref && isPunct(tokens[open + 2], ',') && (isPunct(tokens[open + 3], '{') || isIdent(tokens[open + 3]))) refs.push({ ...ref, ...sends(open + 3) });
        }
      } else if (t.value === 'triggerBulk') {
        refs.push(...keyValues(tokens, open, close, 4, 'workflowId', consts, 'trigger', 'api-trigger-bulk'));
      } else {
        refs.push(...keyValues(tokens, open, close, 3, 'name', consts, 'trigger', 'node-bulk-trigger'));
      }
      continue;
    }
    // A call: a framework definition when the callee is `@novu/framework`'s `workflow`. Its shape
    // first, so that no other file is read for a call that cannot be one (`format(date)`).
    const ref = refFrom(tokens[open + 1], consts, 'definition', 'framework-workflow');
    if (!ref || (!isPunct(tokens[open + 2], ',') && !isPunct(tokens[open + 2], ')'))) continue;
    // Through a namespace, the framework's own name only (`fw.workflow(…)`, not `log.info('…')`).
    const callee = chainBefore(tokens, i);
    if (!callee?.rooted || !known(callee.parts[0]!) || (callee.parts.length > 1 && t.value !== 'workflow')) continue;
    if (names.chain(file, callee.parts)?.kind === 'workflow-fn') refs.push({ ...ref, span: { start: tokens[callee.first]!.start, end: tokens[closing(tokens, open)]!.end } });
  }
  return refs.sort((a, b) => a.start - b.start);
}
