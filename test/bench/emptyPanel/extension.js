// Benchmark only (issue 14): the webview floor. The same workbench, the same kind of panel, a
// script like the real panel's (one message from the host, then one element), and nothing else.
// Issue 30.10 adds the floors of a service 100 ms away (BENCH_PANEL_DELAY_MS): the panel's one
// message sent 100 ms after the panel is ready (a panel showing what one request returned), and a
// button whose click the host answers 100 ms later (a change saved with one request).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS extension, loaded as it is
const vscode = require('vscode');

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

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('benchEmptyPanel.open', () => open(0)),
    vscode.commands.registerCommand('benchEmptyPanel.openAnswering', () => open(Number(process.env.BENCH_PANEL_DELAY_MS ?? 100))),
  );
};
