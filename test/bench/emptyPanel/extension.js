// Benchmark only (issue 14): the webview floor. The same workbench, the same kind of panel, a
// script like the real panel's (one message from the host, then one element), and nothing else.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS extension, loaded as it is
const vscode = require('vscode');

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('benchEmptyPanel.open', () => {
      const panel = vscode.window.createWebviewPanel('benchEmptyPanel', 'Empty', vscode.ViewColumn.Active, { enableScripts: true });
      const nonce = Math.random().toString(36).slice(2);
      panel.webview.onDidReceiveMessage((message) => {
        if (message === 'ready') void panel.webview.postMessage({ rows: 1 });
      });
      panel.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}';">
</head><body><ul id="rows"></ul><script nonce="${nonce}">
const api = acquireVsCodeApi();
addEventListener('message', () => {
  const li = document.createElement('li');
  li.className = 'nx-empty-row';
  li.textContent = 'ready';
  document.getElementById('rows').append(li);
});
api.postMessage('ready');
</script></body></html>`;
    }),
  );
};
