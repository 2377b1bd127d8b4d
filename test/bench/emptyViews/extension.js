// Benchmark only (issue 37.6): VS Code's own floor for a first load. It activates on the click that
// shows its container (onView, generated from its views), and each view's rows come from one
// request to the bench's service (BENCH_FIRST_URL, 100 ms away), asked when VS Code first asks for
// them: an extension's activation, its first request in a new extension host (VS Code's fetch
// readies itself then) and four panes laid out, with nothing else.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS extension, loaded as it is
const vscode = require('vscode');

const PAGE = 10;

exports.activate = (context) => {
  const view = (name) => ({
    getTreeItem: (row) => row,
    getChildren: async () => {
      const url = process.env.BENCH_FIRST_URL;
      if (url) await (await fetch(url, { headers: { Authorization: `ApiKey ${process.env.BENCH_FIRST_KEY}` } })).text();
      else await new Promise((resolve) => setTimeout(resolve, 100));
      return Array.from({ length: PAGE }, (_, i) => new vscode.TreeItem(`${name} ${i}`));
    },
  });
  for (const [id, name] of [['one', 'One'], ['two', 'Two'], ['three', 'Three'], ['four', 'Four']]) {
    context.subscriptions.push(vscode.window.createTreeView(`benchEmptyViews.${id}`, { treeDataProvider: view(name) }));
  }
};
