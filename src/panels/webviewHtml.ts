/** The HTML shell of every panel: strict CSP with a per-load nonce, only built assets from media/. */
import * as vscode from 'vscode';

export function nonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface WebviewHtmlOptions {
  webview: vscode.Webview;
  extensionUri: vscode.Uri;
  title: string;
  /** Bundle name under media/dist (`notifications` → media/dist/notifications.js). */
  script: string;
  /** Stylesheet under media/ (`notification.css`), linked after the shared media/panel.css. */
  stylesheet: string;
  /** data-* attributes of <body>, already plain strings (escaped here). */
  data: Record<string, string>;
  /** Sources images may also come from (the preview's email frame inherits this policy, and narrows it). */
  imgSrc?: string[];
  /**
   * Inline styles allowed (the preview's email frame inherits this policy: an email's own styles
   * are inline). The panel's own script never writes a style attribute (dom.ts refuses them).
   */
  inlineStyles?: boolean;
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

export function webviewHtml({ webview, extensionUri, title, script, stylesheet, data, imgSrc = [], inlineStyles = false }: WebviewHtmlOptions): string {
  const n = nonce();
  const media = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', ...path)).toString();
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}${inlineStyles ? " 'unsafe-inline'" : ''}`,
    `font-src ${webview.cspSource}`,
    ['img-src', webview.cspSource, 'data:', ...imgSrc].join(' '),
    `script-src 'nonce-${n}'`,
  ].join('; ');
  // The webview translates with the extension's own bundle (none in English).
  const l10nBundle = vscode.l10n.bundle ? { l10n: JSON.stringify(vscode.l10n.bundle) } : {};
  const attributes = Object.entries({ ...data, ...l10nBundle })
    .map(([key, value]) => ` data-${key}="${escapeAttribute(value)}"`)
    .join('');
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${media('dist', 'codicons', 'codicon.css')}">
<link rel="stylesheet" href="${media('panel.css')}">
<link rel="stylesheet" href="${media(stylesheet)}">
<title>${escapeAttribute(title)}</title>
</head>
<body${attributes}>
<main id="app" aria-live="polite"></main>
<script nonce="${n}" src="${media('dist', `${script}.js`)}"></script>
</body>
</html>`;
}
