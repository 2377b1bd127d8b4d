/**
 * The document of the email preview's `<iframe sandbox srcdoc>` (contract §9.6): the email's HTML
 * behind a CSP of its own, with what a CSP cannot stop taken out.
 *
 * What guards what:
 * - The frame's `sandbox` (no `allow-scripts`, `allow-same-origin`, `allow-forms`, `allow-popups`,
 *   `allow-top-navigation`): no script runs, no form submits, nothing opens or navigates the panel.
 * - The CSP below: nothing loads but `data:` images and fonts and inline styles; remote images only
 *   with the panel's toggle. A remote `<link rel=stylesheet>` and `@import` are refused by the
 *   style rule (no remote `style-src`), remote fonts by `font-src data:`, `<iframe>`, `<object>`,
 *   `<embed>`, media and prefetches by `default-src 'none'`. So they are left in place.
 *   CSS `url()` images are images: `img-src` governs them, so with the toggle on a remote
 *   background loads like any remote image, and with it off it does not.
 * - What CSP has no rule for is rewritten here: `<meta http-equiv>` (a refresh navigates or reloads
 *   the frame forever; its own CSP or cookies) and `<base>` (CSP's `base-uri` has no default) are
 *   removed; every `target` becomes `data-target` and every `href` of `<a>`/`<area>` `data-href`, so
 *   a click goes nowhere: the panel lists the links itself (previewModel's `links`) and opens one only
 *   through the host, asked first. The `href` of a resource hint (`<link rel=dns-prefetch>`,
 *   `preconnect`…) goes too: a DNS lookup or a connection warmed up is not a fetch CSP can refuse.
 *
 * The rewriting is a linear, tolerant scan (htmlScan), not a parser. For the two that matter most it
 * does not trust its own reading of the document: after the scan, any `http-equiv` and `<base` left
 * anywhere (inside what the scan took for a comment, a style or an attribute value) are renamed
 * too, so no way of hiding them from the scan brings them back. The browser's own CSP inheritance:
 * a srcdoc document also keeps the panel's CSP, so the panel must allow what this one allows.
 * Pure: no vscode.
 */
import { scanHtml } from '../rendered/htmlScan';

export interface EmailFrameOptions {
  /** The panel's "Load remote images" toggle: allows `img-src https: http:`. */
  remoteImages: boolean;
}

/** The frame's own policy (also written into the document by `emailSrcdoc`). */
export function emailFrameCsp(options: EmailFrameOptions): string {
  // l10n-ignore: CSP directives
  const images = options.remoteImages ? "img-src data: https: http:" : 'img-src data:';
  // l10n-ignore: CSP directives
  return `default-src 'none'; ${images}; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'`;
}

/** `<link rel>` values that make a browser look up or contact a host before anything is used. */
function isResourceHint(rel: string | undefined): boolean {
  return rel !== undefined && /(?:^|\s)(?:dns-prefetch|preconnect|prefetch|prerender|preload|modulepreload)(?:\s|$)/i.test(rel);
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The `srcdoc` for the email preview of `html`. */
export function emailSrcdoc(html: string, options: EmailFrameOptions): string {
  const edits: Edit[] = [];
  scanHtml(html, (token) => {
    if (token.type !== 'tag' || token.closing) return;
    if (token.name === 'base' || (token.name === 'meta' && token.attributes.some((a) => a.name === 'http-equiv'))) {
      edits.push({ start: token.start, end: token.end, text: '' });
      return;
    }
    const isLink = token.name === 'a' || token.name === 'area' || (token.name === 'link' && isResourceHint(token.attributes.find((a) => a.name === 'rel')?.value));
    for (const attribute of token.attributes) {
      const renamed =
        attribute.name === 'target' ? 'data-target'
        : isLink && attribute.name === 'href' ? 'data-href'
        : isLink && attribute.name === 'xlink:href' ? 'data-xlink-href'
        : undefined;
      if (renamed) edits.push({ start: attribute.nameStart, end: attribute.nameEnd, text: renamed });
    }
  });
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
    parts.push(html.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(html.slice(at));
  // Whatever the scan did not see as a tag: an attribute name or a tag name is always written out
  // literally (no entities), so these two plain searches find every one the browser could honour.
  const body = parts.join('').replace(/http-equiv/gi, 'data-http-equiv').replace(/<base(?=[\s/>]|$)/gi, '<x-base');
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${emailFrameCsp(options)}">${body}`;
}
