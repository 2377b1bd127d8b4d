/**
 * Every way a preview can fail, in the words the panel and the agent's tools show (contract §9.1–9.4).
 * Short and exact: the app is named by its host and port ("localhost:4000"), the connection by its
 * name, a step and a workflow by their ids. Nothing here ever holds the secret key: the failures
 * carry none (bridgeClient redacts an echoed one) and the context has none. Pure: no vscode.
 */
import { l10n } from '../l10n';
import type { BridgeFailure, StackFrame } from '../bridge/bridgeClient';

/** §9.4: the service's preview came back empty (`preview: {}`): its synced app did not answer. */
export interface ServiceEmptyPreview {
  kind: 'serviceEmpty';
  /** The environment's synced bridge URL, when §9.5's diff told it. */
  bridgeUrl?: string;
}

export interface PreviewWordsContext {
  /** The app's bridge URL; shown as host and port only. */
  url?: string;
  connectionName?: string;
  workflowId?: string;
  stepId?: string;
  /** The workspace folders' paths: a frame's file is said relative to the one that holds it. */
  folders?: readonly string[];
}

export interface PreviewWords {
  /** The one line that says what happened. */
  text: string;
  /** Further lines: where the code threw, what to try. */
  more: string[];
  /** Payload or controls problems, each at its key (`plan`, `customer.name`, `items[0]`; `` for the whole). */
  atKeys: { key: string; message: string }[];
  /** The first frame of the user's own code, for a link to it. */
  frame?: StackFrame;
}

const MAX_SHOWN = 300;

/** `localhost:4000` of `http://localhost:4000/api/novu` (a default port is not written by URL). */
export function bridgeHost(url: string | undefined): string {
  if (url === undefined || url === '') return l10n.t('your app');
  try {
    return new URL(url).host || url;
  } catch {
    return clip(url, 80);
  }
}

function clip(text: string, max = MAX_SHOWN): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}

/** `/customer/name` → `customer.name`, `/items/0` → `items[0]`, `` → `` (JSON pointer, RFC 6901). */
export function payloadKey(pointer: string): string {
  if (pointer === '' || pointer === '/') return '';
  const tokens = (pointer.startsWith('/') ? pointer.slice(1) : pointer).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  let key = '';
  for (const token of tokens) {
    if (/^\d+$/.test(token)) key += `[${token}]`;
    else key += key === '' ? token : `.${token}`;
  }
  return key;
}

function words(text: string, more: string[] = [], atKeys: PreviewWords['atKeys'] = [], frame?: StackFrame): PreviewWords {
  return { text, more, atKeys, ...(frame ? { frame } : {}) };
}

/**
 * A frame's file as its user knows it: relative to the workspace folder that holds it, else its
 * name alone (never every folder from the root; the absolute path is kept only to open it). Without
 * `folders` (no workspace known), the file as the stack wrote it.
 */
export function framePath(file: string, folders?: readonly string[]): string {
  if (!folders) return file;
  let path = file;
  if (/^file:/i.test(path)) {
    try {
      path = decodeURIComponent(new URL(path).pathname).replace(/^\/([a-z]:)/i, '$1');
    } catch {
      return file;
    }
  }
  const slashed = path.replace(/\\/g, '/');
  for (const folder of folders) {
    const root = folder.replace(/\\/g, '/').replace(/\/+$/, '');
    if (root && slashed.startsWith(`${root}/`)) return slashed.slice(root.length + 1);
  }
  return slashed.slice(slashed.lastIndexOf('/') + 1) || file;
}

/** `src/notify.ts:83:11`: where a frame is, for the link that opens it. */
export function frameLocation(frame: StackFrame, folders?: readonly string[]): string {
  return `${framePath(frame.file, folders)}:${frame.line}:${frame.column}`;
}

/** `at src/notify.ts:83:11` of a frame. */
export function frameWords(frame: StackFrame, folders?: readonly string[]): string {
  return l10n.t('at {0}:{1}:{2}', framePath(frame.file, folders), frame.line, frame.column);
}

function unreachableWords(failure: Extract<BridgeFailure, { kind: 'unreachable' }>, host: string): string {
  switch (failure.cause) {
    case 'ECONNREFUSED':
      return l10n.t('No app answers at {0} (connection refused).', host);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return l10n.t('No app answers at {0} (host not found).', host);
    case 'ECONNRESET':
      return l10n.t('Your app at {0} reset the connection.', host);
    case 'UND_ERR_SOCKET':
      return l10n.t('Your app at {0} closed the connection: it may have crashed (see its terminal).', host);
    case 'timeout':
      return l10n.t('Your app at {0} did not answer within {1} s.', host, Math.round((failure.timeoutMs ?? 0) / 1000));
    default:
      return l10n.t('No app answers at {0} ({1}).', host, failure.cause);
  }
}

function signatureWords(failure: Extract<BridgeFailure, { kind: 'signatureOther' }>, host: string): string {
  switch (failure.code) {
    case 'SignatureExpiredError':
      return l10n.t("Your app at {0} refused the signature as expired: this computer's clock and the app's differ by more than 5 minutes.", host);
    case 'SignatureInvalidError':
      return l10n.t('Your app at {0} could not read the signature.', host);
    case 'SignatureNotFoundError':
      return l10n.t('Your app at {0} asked for a signature that was not sent.', host);
    case 'SigningKeyNotFoundError':
      return l10n.t('Your app at {0} has no secret key to check signatures with.', host);
    default:
      return l10n.t('Your app at {0} refused the signature ({1}).', host, failure.code);
  }
}

function problems(count: number): string {
  return count === 1 ? l10n.t('1 problem') : l10n.t('{0} problems', count);
}

function atKeys(errors: { path: string; message: string }[]): PreviewWords['atKeys'] {
  return errors.map((e) => ({ key: payloadKey(e.path), message: e.message }));
}

/** The words for a failed preview. */
export function failureWords(failure: BridgeFailure | ServiceEmptyPreview, context: PreviewWordsContext = {}): PreviewWords {
  const host = bridgeHost(context.url);
  const stepId = context.stepId ?? '?';
  const workflowId = context.workflowId ?? '?';
  const connection = context.connectionName ?? l10n.t('this connection');
  switch (failure.kind) {
    case 'serviceEmpty':
      return words(
        failure.bridgeUrl
          ? l10n.t('Novu could not render it: the synced app at {0} did not answer.', shownUrl(failure.bridgeUrl))
          : l10n.t('Novu could not render it: the synced app did not answer.'),
      );
    case 'badUrl':
      return words(l10n.t('The bridge URL must be an http(s) URL without a user name or password.'));
    case 'unreachable':
      return words(unreachableWords(failure, host));
    case 'notBridge':
      if (failure.status === 413) return words(tooLarge());
      return words(l10n.t('No Novu bridge answers at {0} (HTTP {1}): is the path right (often /api/novu)?', host, failure.status));
    case 'signatureMismatch':
      return failure.method === 'GET'
        ? words(l10n.t("Your app at {0} runs with another environment's secret key than {1}'s.", host, connection))
        : words(
            l10n.t("Your app at {0} refused the preview's signature: it runs with another environment's secret key than {1}'s, or does not parse JSON bodies before the bridge.", host, connection),
          );
    case 'signatureOther':
      return words(signatureWords(failure, host));
    case 'payloadInvalid':
      return words(l10n.t("The payload does not match the workflow's schema: {0}.", problems(failure.errors.length || 1)), [], atKeys(failure.errors));
    case 'controlsInvalid':
      if (failure.code === 'StepControlCompilationFailedError') {
        return words(l10n.t('A control of `{0}` has a Liquid syntax error.', stepId), failure.detail ? [failure.detail] : []);
      }
      return words(l10n.t("The controls do not match the step's control schema: {0}.", problems(failure.errors.length || 1)), [], atKeys(failure.errors));
    case 'outputInvalid':
      return words(l10n.t('`{0}` returned output its channel refuses: {1}.', stepId, problems(failure.errors.length || 1)), [], atKeys(failure.errors));
    case 'workflowNotFound':
      return words(l10n.t('Your app at {0} has no workflow `{1}`: saved and reloaded?', host, failure.workflowId ?? workflowId));
    case 'stepNotFound':
      return words(
        failure.stepId
          ? l10n.t('This payload takes the code to step `{0}`, which discover never saw.', failure.stepId)
          : l10n.t('This payload takes the code to a step that discover never saw.'),
        [l10n.t('Discover runs each workflow once with an empty payload: a step behind a condition stays unseen.')],
      );
    case 'stepThrew':
      return words(
        l10n.t('`{0}` threw: {1}', failure.stepId ?? stepId, clip(failure.message) || l10n.t('(no message)')),
        failure.frame ? [frameWords(failure.frame, context.folders)] : [],
        [],
        failure.frame,
      );
    case 'emptyOutputs':
      return words(l10n.t('Your app at {0} has no step `{1}` in `{2}`: saved and reloaded?', host, stepId, workflowId));
    case 'serverError':
      if (failure.code === 'BridgeError') {
        const message = clip(failure.message.replace(/^Unknown BridgeError: /, ''));
        return words(l10n.t('`{0}` threw outside its steps: {1}', workflowId, message), failure.frame ? [frameWords(failure.frame, context.folders)] : [], [], failure.frame);
      }
      return words(
        failure.message
          ? l10n.t('Your app at {0} failed with HTTP {1}: {2}', host, failure.status, clip(failure.message))
          : l10n.t('Your app at {0} failed with HTTP {1}.', host, failure.status),
        failure.frame ? [frameWords(failure.frame, context.folders)] : [],
        [],
        failure.frame,
      );
    case 'other':
      if (failure.status === 413) return words(tooLarge());
      return words(
        failure.message
          ? l10n.t('Your app at {0} answered HTTP {1}: {2}', host, failure.status, clip(failure.message))
          : l10n.t('Your app at {0} answered HTTP {1} ({2}).', host, failure.status, failure.code),
      );
  }
}

/** The synced URL as shown: no user name, password, query or fragment. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return clip(url, 120);
  }
}

/**
 * What the panel's header says of the step shown: who rendered it, or, when nothing was rendered,
 * what was tried (never "Rendered by" over a failure).
 */
export type RenderOutcome = 'rendered' | 'asking' | 'noAnswer' | 'noBridge' | 'refused' | 'answered' | 'notAsked';

export interface RendererContext {
  via: 'app' | 'service';
  /** The app's bridge URL, once known (shown as host and port). */
  url?: string;
  /** The app's @novu/framework version, when its health-check said it at this URL. */
  framework?: string;
  connectionName: string;
  /** Through the service: the workflow is a code workflow, rendered by the app it was synced with. */
  synced?: boolean;
}

/** What a failure says was tried: nothing answered, something else answered, the signature was refused, or the app answered with why not. */
export function failureOutcome(kind: BridgeFailure['kind'] | ServiceEmptyPreview['kind']): RenderOutcome {
  switch (kind) {
    case 'unreachable':
      return 'noAnswer';
    case 'notBridge':
      return 'noBridge';
    case 'badUrl':
      return 'notAsked';
    case 'signatureMismatch':
    case 'signatureOther':
      return 'refused';
    default:
      return 'answered';
  }
}

/** HTTP 413: the app's body parser refused the request's size before its bridge saw it. */
function tooLarge(): string {
  return l10n.t("Your app refused the request as too large. Express's `express.json()` allows 100 kB by default; raise it for the bridge route.");
}

/** The header's line: "Rendered by your app at localhost:4000 …", "Not rendered: your app at localhost:4000 did not answer", … */
export function rendererWords(who: RendererContext, outcome: RenderOutcome): string {
  const connection = who.connectionName;
  if (who.via === 'service') {
    switch (outcome) {
      case 'rendered':
        return who.synced ? l10n.t('Rendered by Novu · {0}, from the synced app', connection) : l10n.t("Rendered by Novu · {0}, from the workflow's content", connection);
      case 'asking':
        return l10n.t('Asking Novu · {0} for the render…', connection);
      case 'notAsked':
        return l10n.t('Not rendered: nothing was asked of Novu · {0}', connection);
      default:
        return who.synced ? l10n.t('Not rendered: asked Novu · {0}, from the synced app', connection) : l10n.t("Not rendered: asked Novu · {0}, from the workflow's content", connection);
    }
  }
  if (!who.url) {
    if (outcome === 'rendered') return l10n.t('Rendered by your app at its bridge URL');
    return outcome === 'asking' ? l10n.t('Asking your app at its bridge URL…') : l10n.t('Not rendered: nothing was asked of your app');
  }
  const host = bridgeHost(who.url);
  switch (outcome) {
    case 'rendered':
      return who.framework
        ? l10n.t("Rendered by your app at {0} (framework {1}), signed with {2}'s key", host, who.framework, connection)
        : l10n.t("Rendered by your app at {0}, signed with {1}'s key", host, connection);
    case 'asking':
      return l10n.t("Asking your app at {0}, signed with {1}'s key…", host, connection);
    case 'noAnswer':
      return l10n.t('Not rendered: your app at {0} did not answer', host);
    case 'noBridge':
      return l10n.t('Not rendered: no Novu bridge answered at {0}', host);
    case 'refused':
      return l10n.t("Not rendered: your app at {0} refused the request signed with {1}'s key", host, connection);
    case 'answered':
      return who.framework
        ? l10n.t("Not rendered: asked your app at {0} (framework {1}), signed with {2}'s key", host, who.framework, connection)
        : l10n.t("Not rendered: asked your app at {0}, signed with {1}'s key", host, connection);
    case 'notAsked':
      return l10n.t('Not rendered: nothing was asked of your app at {0}', host);
  }
}

/** Shown beside every preview of a step whose code has a `skip` (§9.3). */
export function skipNote(): string {
  return l10n.t('Skip conditions are not evaluated in a preview.');
}

/**
 * Whether the code sets a `skip` condition. Give the workflow's code (discover's workflow `code`, or
 * `?action=code` without `stepId`): a step's own code is its resolver and never shows its options
 * (REPORT §6.10). With `stepId`, only that step's call (`step.x('id', …)`) is read when it is found.
 */
export function hasSkip(code: string, stepId?: string): boolean {
  if (stepId !== undefined) {
    const call = stepCall(code, stepId);
    if (call !== undefined) return setsSkip(call);
  }
  return setsSkip(code);
}

function isIdentifierChar(c: string | undefined): boolean {
  return c !== undefined && /[\w$]/.test(c);
}

/**
 * `skip` as an option (`skip: () => …`, `'skip': …`, `{ skip }`, `skip() {…}`), outside strings and
 * comments, and not a property read (`payload.skip`). One pass, forward only.
 */
function setsSkip(code: string): boolean {
  const n = code.length;
  const followedBy = (from: number, chars: string): boolean => {
    let k = from;
    while (k < n && /\s/.test(code[k]!)) k++;
    return k < n && chars.includes(code[k]!);
  };
  for (let i = 0; i < n; i++) {
    const c = code[i];
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < n && code[j] !== c) j += code[j] === '\\' ? 2 : 1;
      if (c !== '`' && j - i === 5 && code.startsWith('skip', i + 1) && followedBy(j + 1, ':')) return true;
      i = j;
    } else if (c === '/' && code[i + 1] === '/') {
      const end = code.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 1;
    } else if (c === 's' && code.startsWith('skip', i) && !isIdentifierChar(code[i - 1]) && code[i - 1] !== '.' && !isIdentifierChar(code[i + 4])) {
      if (followedBy(i + 4, ':,}(')) return true;
      i += 3;
    }
  }
  return false;
}

/** The text of the call whose first argument is the string `stepId`, up to its closing parenthesis. */
function stepCall(code: string, stepId: string): string | undefined {
  for (const quote of ["'", '"', '`']) {
    const needle = `${quote}${stepId}${quote}`;
    let at = code.indexOf(needle);
    while (at >= 0) {
      let before = at - 1;
      while (before >= 0 && /\s/.test(code[before]!)) before--;
      if (code[before] === '(') return balancedFrom(code, before);
      at = code.indexOf(needle, at + 1);
    }
  }
  return undefined;
}

/** From the `(` at `open` to its matching `)` (strings and comments skipped roughly), or the rest. */
function balancedFrom(code: string, open: number): string {
  let depth = 0;
  const limit = Math.min(code.length, open + 200_000);
  for (let i = open; i < limit; i++) {
    const c = code[i];
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < limit && code[j] !== c) j += code[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '/' && code[i + 1] === '/') {
      const end = code.indexOf('\n', i);
      i = end < 0 ? limit : end;
    } else if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? limit : end + 1;
    } else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) return code.slice(open, i + 1);
    }
  }
  return code.slice(open, limit);
}
