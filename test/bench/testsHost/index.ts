/** extensionTestsPath of the notification tests' benchmark inside VS Code (issue 46, "Memory"). */
import { runMochaTests } from '../../vscode/mochaRunner';

export async function run(): Promise<void> {
  await runMochaTests(__dirname, { timeout: 600_000 });
}
