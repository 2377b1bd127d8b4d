/** extensionTestsPath of the integration run: mocha over every *.test.js beside this file. */
import { runMochaTests } from '../vscode/mochaRunner';

export async function run(): Promise<void> {
  await runMochaTests(__dirname);
}
