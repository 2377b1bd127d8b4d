/** extensionTestsPath of the in-VS-Code benchmarks. */
import { runMochaTests } from '../../vscode/mochaRunner';

export async function run(): Promise<void> {
  await runMochaTests(__dirname, { timeout: 600_000 });
}
