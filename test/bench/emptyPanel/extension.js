// Benchmark only (issue 14): the webview floor. The same workbench, the same kind of panel, a
// script like the real panel's (one message from the host, then one element), and nothing else.
// Issue 30.10 adds the floors of a service 100 ms away (BENCH_PANEL_DELAY_MS): the panel's one
// message sent 100 ms after the panel is ready (a panel showing what one request returned), and a
// button whose click the host answers 100 ms later (a change saved with one request).
// Issue 32.9 adds the preview's floor: a panel opened beside, as the preview is, whose document is a
// static copy of what the preview panel showed (BENCH_PREVIEW_COPY, written by the bench), with no
// script and its stylesheets inline: the workbench delivering that HTML, and nothing else. It opens
// from a lens at the top of welcome.ts, so that the same click as the preview's lens starts both.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS extension, loaded as it is
const vscode = require('vscode');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const fs = require('node:fs');

function open(answerAfterMs) {
  const panel = vscode.window.createWebviewPanel('benchEmptyPanel', 'Empty', vscode.ViewColumn.Active, { enableScripts: true });
  const nonce = Math.random().toString(36).slice(2);
  const delay = Number(process.env.BENCH_PANEL_DELAY_MS ?? 100);
  panel.webview.onDidReceiveMessage((message) => {
    if (message === 'ready') setTimeout(() => void panel.webview.postMessage({ rows: 1 }), answerAfterMs);
    else if (message && message.type === 'save') setTimeout(() => void panel.webview.postMessage({ saved: message.value }), delay);
  });
  panel.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}';">
</head><body><ul id="rows"></ul><script nonce="${nonce}">
const api = acquireVsCodeApi();
let value = false;
addEventListener('message', (event) => {
  if (event.data && event.data.saved !== undefined) {
    const input = document.getElementById('saved');
    input.checked = event.data.saved;
    input.removeAttribute('aria-busy');
    return;
  }
  const li = document.createElement('li');
  li.className = 'nx-empty-row';
  li.textContent = 'ready';
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.id = 'saved';
  input.className = 'nx-empty-switch';
  input.addEventListener('change', () => {
    value = input.checked;
    input.setAttribute('aria-busy', 'true');
    api.postMessage({ type: 'save', value });
  });
  li.append(input);
  document.getElementById('rows').append(li);
});
api.postMessage('ready');
</script></body></html>`;
}

function openCopy() {
  const file = process.env.BENCH_PREVIEW_COPY;
  const panel = vscode.window.createWebviewPanel('benchPreviewCopy', 'Preview copy', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true, enableCommandUris: false });
  panel.webview.html = file ? fs.readFileSync(file, 'utf8') : '<!DOCTYPE html><p>BENCH_PREVIEW_COPY is not set</p>';
}

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('benchEmptyPanel.open', () => open(0)),
    vscode.commands.registerCommand('benchEmptyPanel.openAnswering', () => open(Number(process.env.BENCH_PANEL_DELAY_MS ?? 100))),
    vscode.commands.registerCommand('benchEmptyPanel.openPreviewCopy', openCopy),
  );
  if (process.env.BENCH_PREVIEW_COPY) {
    const lens = new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title: 'Bench: Static Copy', command: 'benchEmptyPanel.openPreviewCopy' });
    context.subscriptions.push(vscode.languages.registerCodeLensProvider({ language: 'typescript', pattern: '**/welcome.ts' }, { provideCodeLenses: () => [lens] }));
  }
};
