#!/usr/bin/env node
// A stand-in "VS Code executable" for @vscode/test-electron, so its usual API keeps working here:
//
//   import { runTests } from '@vscode/test-electron';
//   await runTests({
//     vscodeExecutablePath: resolve('test/vscode/launcher.mjs'),
//     extensionDevelopmentPath, extensionTestsPath, launchArgs: [workspaceFolder],
//     extensionTestsEnv: { SANDBOX_URL: '...' },
//   });
//
// It maps the flags test-electron passes onto runVSCodeTests(): --extensionDevelopmentPath=
// (repeatable), --extensionTestsPath=, the first positional argument (folder to open). The
// desktop-only flags (--no-sandbox, --disable-gpu-sandbox, --disable-updates, --skip-welcome,
// --skip-release-notes, --disable-workspace-trust, --user-data-dir=, --extensions-dir=, ...) are
// accepted and ignored: code-server gets its own temporary folders. extensionTestsEnv arrives as
// this process's environment and reaches the extension host. Optional: VSCODE_TEST_TIMEOUT_MS,
// VSCODE_TEST_LABEL, VSCODE_TEST_VERBOSE=1, VSCODE_TEST_HOST=latest (VS Code 1.139.1 instead of 1.100.3).
import { fileURLToPath } from 'node:url';
import { runVSCodeTests } from './runTests.mjs';

const opts = { extensionDevelopmentPath: [] };
const positional = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const m = /^--([^=]+)(?:=(.*))?$/s.exec(a);
  if (!m) {
    positional.push(a);
    continue;
  }
  const [, name, inline] = m;
  const value = () => inline ?? argv[++i];
  switch (name) {
    case 'extensionDevelopmentPath':
      opts.extensionDevelopmentPath.push(value());
      break;
    case 'extensionTestsPath':
      opts.extensionTestsPath = value();
      break;
    case 'folder-uri':
      opts.folder = fileURLToPath(value());
      break;
    case 'user-data-dir':
    case 'extensions-dir':
    case 'locale':
    case 'log':
      if (inline === undefined) i++; // flags with a separate value: skip it
      break;
    default:
      break; // desktop-only switches: nothing to do here
  }
}
if (!opts.folder && positional[0]) opts.folder = positional[0];
if (opts.folder?.startsWith('file://')) opts.folder = fileURLToPath(opts.folder);
if (opts.extensionDevelopmentPath.length === 0 || !opts.extensionTestsPath) {
  console.error('launcher.mjs: expected --extensionDevelopmentPath=DIR and --extensionTestsPath=FILE');
  process.exit(2);
}
if (process.env.VSCODE_TEST_TIMEOUT_MS) opts.timeoutMs = Number(process.env.VSCODE_TEST_TIMEOUT_MS);
if (process.env.VSCODE_TEST_LABEL) opts.label = process.env.VSCODE_TEST_LABEL;
if (process.env.VSCODE_TEST_HOST) opts.host = process.env.VSCODE_TEST_HOST;
process.exitCode = await runVSCodeTests(opts);
