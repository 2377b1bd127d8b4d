/**
 * The entry of the `novu-explorer-test` package's bin (packages/novu-explorer-test, built by
 * esbuild.mjs into its dist/cli.js with the `#!/usr/bin/env node` line): the process's arguments,
 * streams and signals handed to main(), and its exit code set. Pure Node: no vscode.
 */
import packageJson from '../../packages/novu-explorer-test/package.json';
import { main } from './main';

const controller = new AbortController();
const stop = () => controller.abort();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

void main(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
  version: packageJson.version,
}).then((code) => {
  process.exitCode = code;
});
