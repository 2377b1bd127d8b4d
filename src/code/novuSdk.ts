/**
 * Whether a document or a manifest uses one of the service's SDKs (issue 30.11): code awareness
 * starts for the first such document (open, or opened later), or for a workspace whose manifests
 * name one, not for every TypeScript, JavaScript or Python file of every workspace. Text tests
 * only, in the extension's own bundle: no parse, no request, microseconds a document.
 */

/** `import … from '@novu/api'`, `require("@novu/node")`, `import('@novu/framework/express')`. */
const JS_SDK = /['"`]@novu\/(?:api|node|framework)(?:\/[\w./-]*)?['"`]/;
/** `import novu_py`, `from novu_py import Novu`, and the older `novu` package. */
const PYTHON_SDK = /^[ \t]*(?:from[ \t]+novu(?:_py)?(?:\.[\w.]+)?[ \t]+import\b|import[ \t]+novu(?:_py)?\b)/m;

/** `import { Inbox } from '@novu/react'`, `@novu/nextjs`, `@novu/js`: a front end that sets up the Inbox (issue 55). */
const JS_INBOX = /['"`]@novu\/(?:react|nextjs|js)(?:\/[\w./-]*)?['"`]/;

/** The most of a document read for the test: imports come first. */
const HEAD_CHARS = 64 * 1024;

export function importsNovuSdk(languageId: string, text: string): boolean {
  const head = text.length > HEAD_CHARS ? text.slice(0, HEAD_CHARS) : text;
  return languageId === 'python' ? PYTHON_SDK.test(head) : JS_SDK.test(head);
}

/** A JavaScript or TypeScript document that imports one of the Inbox's packages (its set-ups are read then). */
export function importsNovuInbox(languageId: string, text: string): boolean {
  if (languageId === 'python') return false;
  return JS_INBOX.test(text.length > HEAD_CHARS ? text.slice(0, HEAD_CHARS) : text);
}

/** The manifests that name the SDKs: package.json, pyproject.toml, requirements*.txt, Pipfile. */
export const MANIFEST_GLOB = '{**/package.json,**/pyproject.toml,**/requirements*.txt,**/Pipfile}';
export const MANIFEST_EXCLUDE = '**/{node_modules,.git,dist,out,build,.venv,venv,__pypackages__}/**';

/** A manifest's text names an SDK: a `@novu/api|node|framework` dependency, or Python's `novu-py` / `novu`. */
export function manifestNamesNovuSdk(fileName: string, text: string): boolean {
  if (fileName.endsWith('package.json')) return /"@novu\/(?:api|node|framework)"\s*:/.test(text);
  return /(?:^|["'\s[,])novu(?:[-_]py)?(?:\s*[<>=~!;[\]"',]|\s*$)/im.test(text);
}
