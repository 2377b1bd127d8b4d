/** extensionTestsPath of the 1 MB email's Preview benchmark inside VS Code (issue 51, E2). */
import { runMochaTests } from '../../vscode/mochaRunner';

export async function run(): Promise<void> {
  await runMochaTests(__dirname, { timeout: 600_000 });
}
