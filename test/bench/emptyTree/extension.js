// Benchmark only (issue 23.6): VS Code's own tree floor. Rows change once, 100 ms (BENCH_TREE_DELAY_MS)
// after a command, with one change event: what any extension's tree of a service that far away
// costs. Refresh relabels every row (round N) and goes back to the first page; the last row, "Load more", adds 10 rows (a page that fits on screen).
// Issue 30.10 adds two input boxes in a row, the second shown 100 ms after the first is accepted (a
// step of a quick input flow that checks its value with one request). The first load's floor is
// test/bench/emptyViews.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS extension, loaded as it is
const vscode = require('vscode');

const PAGE = 10;

exports.activate = (context) => {
  const delay = Number(process.env.BENCH_TREE_DELAY_MS ?? 100);
  const changed = new vscode.EventEmitter();
  let round = 0;
  let count = PAGE;
  const provider = {
    onDidChangeTreeData: changed.event,
    getTreeItem: (row) => row,
    getChildren: () => {
      const rows = Array.from({ length: count }, (_, i) => new vscode.TreeItem(`Row ${round}-${i}`));
      const more = new vscode.TreeItem(`${count} loaded · Load more`);
      more.command = { command: 'benchEmptyTree.loadMore', title: 'Load more' };
      return [...rows, more];
    },
  };
  const later = (change) => setTimeout(() => {
    change();
    changed.fire(undefined);
  }, delay);
  const twoInputs = () => {
    const box = vscode.window.createInputBox();
    box.title = 'Bench Inputs';
    box.prompt = 'Bench first input';
    box.ignoreFocusOut = true;
    box.onDidAccept(() => {
      box.busy = true;
      box.enabled = false;
      setTimeout(() => {
        box.hide();
        const second = vscode.window.createInputBox();
        second.title = 'Bench Inputs';
        second.prompt = 'Bench second input';
        second.ignoreFocusOut = true;
        second.onDidAccept(() => second.hide());
        second.onDidHide(() => second.dispose());
        second.show();
      }, delay);
    });
    box.onDidHide(() => box.dispose());
    box.show();
  };
  context.subscriptions.push(
    vscode.window.createTreeView('benchEmptyTree.rows', { treeDataProvider: provider }),
    vscode.commands.registerCommand('benchEmptyTree.refresh', () => later(() => {
      round += 1;
      count = PAGE;
    })),
    vscode.commands.registerCommand('benchEmptyTree.loadMore', () => later(() => (count += PAGE))),
    vscode.commands.registerCommand('benchEmptyTree.twoInputs', twoInputs),
  );
};
