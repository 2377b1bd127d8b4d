// UI tests only (issue 23.3): the editor's agent calls a tool with `vscode.lm.invokeTool`; with no
// chat here, this command does the same, so VS Code shows the tool's confirmation dialog as it
// shows it to a person. Input: the tool's name, a space, its input as JSON.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS extension, loaded as it is
const vscode = require('vscode');

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('uiTestToolInvoker.invoke', async () => {
      const line = await vscode.window.showInputBox({ prompt: 'Tool name, a space, then its input as JSON' });
      if (!line) return;
      const space = line.indexOf(' ');
      const name = line.slice(0, space);
      const input = JSON.parse(line.slice(space + 1));
      try {
        await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
      } catch {
        // Cancel in the confirmation dialog rejects the call: nothing to do.
      }
    }),
  );
};
