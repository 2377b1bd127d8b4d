/**
 * `novu-explorer-test init` (issue 56, §7): the first two minutes. The running app's bridge is asked
 * for its workflows (one signed discover, as a test run's), and for each one a case file is written,
 * `<folder>/<workflow>.novu-test.json`, by Save as Test Case's writer (src/testing/saveCase), so
 * that the format is the one the editor and the runner read: one case, named plainly, with the
 * Preview's starting payload (the schema's required and defaulted keys, each filled by the runner's
 * placeholder rule), a sample subscriber of fields (no `subscriberId`: a test run without
 * `--api-url` refuses one), and `"snapshot": true`. Then `.github/workflows/novu-tests.yml`, which
 * runs them with the repository's GitHub Action.
 *
 * It never overwrites a file: every target is looked at before anything is written; one that
 * exists is skipped and said, and so is a workflow that has a case file elsewhere already. Each
 * file is created exclusively (`wx`), and when one cannot be written those written before it are
 * removed again. Exit 0: something was written; 2: nothing was (the app not answering or refusing
 * the key, no workflow, every file there already, a write that failed). Every byte said passes the
 * key's redactor. Pure Node: no vscode.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { BridgeClient, type BridgeFailure, type DiscoveredWorkflow } from '../bridge/bridgeClient';
import { isSchemaVisible } from '../bridge/discoverSchema';
import { payloadSkeleton } from '../format/payloadSchema';
import { l10n } from '../l10n';
import { bridgeHost, failureWords } from '../rendered/previewWords';
import { DEFAULT_CASE_GLOB, readCaseFile } from '../testing/caseFile';
import { placeholderOf } from '../testing/casePayload';
import { addCase } from '../testing/saveCase';
import { DEFAULT_BRIDGE_URL, TOOL } from './args';
import { findCaseFiles, shownPath } from './caseFiles';
import { keysRedactor } from './compareCommand';
import { INIT, type InitOptions, WORKFLOW_FILE, initHelpText, parseInitArgs } from './initArgs';
import type { CliIo } from './io';
import { type ExitCode, oneLine, terminalText } from './runView';

/** The action the written workflow uses (issue 56, §3): this repository's, at its major version. */
export const ACTION = 'novuexplorer/novu-explorer@v1';

/**
 * The first case's subscriber: fields only, made-up and of example.com (no one's data), with an
 * e-mail address and a phone number so that no email or SMS step is skipped. The phone number is
 * Twilio's test number that always succeeds.
 */
// l10n-ignore: made-up data of the case file, the same in every language.
export const SAMPLE_SUBSCRIBER = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+15005550006' } as const;

/** Runs `init` with its arguments (after the word); resolves with the exit code. Never throws. */
export async function runInit(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const parsed = parseInitArgs(argv, io.env);
  const redact = keysRedactor([io.env['NOVU_SECRET_KEY'], parsed.kind === 'init' ? parsed.options.secretKey : undefined]);
  const out = (text: string) => io.stdout.write(redact(text));
  const err = (text: string) => io.stderr.write(redact(text));
  const fail = (reason: string, lines: readonly string[] = []): ExitCode => {
    err(`${TOOL} ${INIT}: ${oneLine(reason)}\n${lines.map((l) => `  ${l}\n`).join('')}`);
    return 2;
  };
  if (parsed.kind === 'help') {
    out(initHelpText());
    return 0;
  }
  if (parsed.kind === 'error') return fail(l10n.t('{0} ({1} lists the options)', parsed.message, `${INIT} --help`));
  try {
    return await init(parsed.options, io, out, fail);
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') return fail(l10n.t('interrupted: nothing was written.'));
    return fail(l10n.t('init stopped on an unexpected error: {0}', error instanceof Error ? error.message : String(error)));
  }
}

/** A file init would write: where, what, and how it is named to the user. */
interface Planned {
  path: string;
  shown: string;
  text: string;
}

async function init(options: InitOptions, io: CliIo, out: (text: string) => void, fail: (reason: string, lines?: readonly string[]) => ExitCode): Promise<ExitCode> {
  const host = bridgeHost(options.bridgeUrl);
  const answer = await new BridgeClient().discover(options.bridgeUrl, options.secretKey, io.signal);
  if (io.signal?.aborted) return fail(l10n.t('interrupted: nothing was written.'));
  if (answer.kind !== 'discovered') return fail(`${discoverProblem(answer, options.bridgeUrl)} ${l10n.t('Nothing was written.')}`);
  if (answer.workflows.length === 0) return fail(l10n.t('Your app at {0} serves no workflow: nothing was written.', host));

  // Every target looked at before anything is written.
  const cwd = io.cwd;
  const skipped: string[] = [];
  const planned: Planned[] = [];
  const casesOf = existingCaseFiles(cwd);
  const taken = new Set<string>();
  for (const workflow of answer.workflows) {
    const path = resolve(cwd, options.folder, `${uniqueName(fileStem(workflow.workflowId), taken)}.novu-test.json`);
    const shown = terminalText(shownPath(cwd, path), true);
    const elsewhere = casesOf.get(workflow.workflowId);
    if (exists(path)) skipped.push(l10n.t('skipped {0}: it exists', shown));
    else if (elsewhere !== undefined) skipped.push(l10n.t('skipped {0}: the cases of {1} are in {2}', shown, terminalText(workflow.workflowId, true), terminalText(elsewhere, true)));
    else planned.push({ path, shown, text: caseFileText(workflow) });
  }
  const workflowPath = resolve(cwd, WORKFLOW_FILE);
  const workflowShown = shownPath(cwd, workflowPath);
  if (exists(workflowPath)) skipped.push(l10n.t('skipped {0}: it exists', workflowShown));
  else planned.push({ path: workflowPath, shown: workflowShown, text: workflowYaml(cwd, options.bridgeUrl, shownPath(cwd, resolve(cwd, options.folder))) });

  if (planned.length === 0) return fail(l10n.t('every file init would write is there already: nothing was written.'), skipped);

  const problem = writeAll(planned);
  if (problem !== undefined) return fail(problem);

  const bridgeOption = options.bridgeUrl === DEFAULT_BRIDGE_URL ? '' : ` --bridge-url ${shellWord(options.bridgeUrl)}`;
  const served = answer.workflows.length;
  out(
    [
      `${TOOL} ${INIT}: ${served === 1 ? l10n.t('your app at {0} serves 1 workflow.', host) : l10n.t('your app at {0} serves {1} workflows.', host, served)}`,
      ...planned.map((p) => `  ${l10n.t('wrote {0}', p.shown)}`),
      ...skipped.map((s) => `  ${s}`),
      '',
      l10n.t('Next, with your app running and NOVU_SECRET_KEY set:'),
      `  npx ${TOOL}${bridgeOption}`,
      l10n.t("It runs the cases and writes their snapshots beside them. Commit the case files, the snapshots and {0}, and add NOVU_SECRET_KEY to your repository's Actions secrets.", WORKFLOW_FILE),
      '',
    ].join('\n'),
  );
  return 0;
}

/** Why the app's discover did not give its workflows, with how to start it when nothing answers. */
function discoverProblem(failure: BridgeFailure, url: string): string {
  const host = bridgeHost(url);
  switch (failure.kind) {
    case 'unreachable':
      return l10n.t('No app answers at {0}: start your app first (npm run dev, or the command that serves its bridge), or give its bridge with --bridge-url.', terminalText(url, true));
    case 'signatureMismatch':
      return l10n.t("Your app at {0} runs with another environment's secret key than the one given (NOVU_SECRET_KEY or --secret-key).", host);
    default:
      return failureWords(failure, { url }).text;
  }
}

/** The workflow ids of the case files below the working folder, each with its first file (as shown). */
function existingCaseFiles(cwd: string): Map<string, string> {
  const byWorkflow = new Map<string, string>();
  for (const path of findCaseFiles(cwd, [DEFAULT_CASE_GLOB]).files) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const id = readCaseFile(text).workflowId;
    if (id !== undefined && !byWorkflow.has(id)) byWorkflow.set(id, shownPath(cwd, path));
  }
  return byWorkflow;
}

/** Whether anything is at `path`, a broken symbolic link included (it must not be written through). */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A workflow id as a file name: what a file system takes everywhere, the rest as `-`. */
function fileStem(workflowId: string): string {
  const stem = workflowId.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(0, 100);
  return stem === '' ? 'workflow' : stem;
}

/** `stem`, or `stem-2`, `stem-3`… when two ids make the same name (case-insensitive file systems too). */
function uniqueName(stem: string, taken: Set<string>): string {
  let name = stem;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The workflow's first case file, by Save as Test Case's writer. */
function caseFileText(workflow: DiscoveredWorkflow): string {
  const schema = workflow.payload?.schema;
  const made = addCase(undefined, workflow.workflowId, {
    name: l10n.t('renders every step for a sample subscriber'),
    description: l10n.t('Written by {0} {1}: the payload is the sample of the workflow\'s schema, the subscriber made up. Make them a real case, and say under "expect" what each step must send.', TOOL, INIT),
    payload: isSchemaVisible(schema) ? payloadSkeleton(schema, placeholderOf) : {},
    subscriber: { ...SAMPLE_SUBSCRIBER },
    snapshot: true,
  });
  // A new file is never refused (there is no existing text to be wrong).
  return 'text' in made ? made.text : '';
}

/**
 * Writes each file, creating it (never over one that appeared since it was looked at). When one
 * cannot be written, the files and folders written before it are removed: nothing is left half
 * done. Undefined when all were written, else why not.
 */
function writeAll(planned: readonly Planned[]): string | undefined {
  const written: string[] = [];
  const madeFolders: string[] = [];
  for (const file of planned) {
    try {
      const folder = dirname(file.path);
      if (!existsSync(folder)) {
        const first = mkdirSync(folder, { recursive: true });
        if (first !== undefined) madeFolders.push(...foldersBetween(first, folder));
      }
      writeFileSync(file.path, file.text, { flag: 'wx' });
      written.push(file.path);
    } catch (error) {
      for (const path of written.reverse()) {
        try {
          unlinkSync(path);
        } catch {
          // Gone already.
        }
      }
      for (const folder of madeFolders.reverse()) {
        try {
          if (readdirSync(folder).length === 0) rmdirSync(folder);
        } catch {
          // Not empty, or gone.
        }
      }
      return l10n.t('{0} could not be written ({1}): nothing was written.', file.shown, (error as NodeJS.ErrnoException).code ?? String(error));
    }
  }
  return undefined;
}

/** The folders from `first` (made) down to `last`, parents first. */
function foldersBetween(first: string, last: string): string[] {
  const out = [first];
  const rest = relative(first, last);
  if (rest === '') return out;
  let at = first;
  for (const part of rest.split(/[\\/]/)) {
    at = resolve(at, part);
    out.push(at);
  }
  return out;
}

/** A word for a POSIX shell: as it is when it holds nothing the shell reads, else single-quoted. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A YAML scalar: plain when it cannot be read as anything but that text, else a JSON string (YAML 1.2 reads JSON). */
function yamlScalar(text: string): string {
  const plain = /^[A-Za-z0-9_./][A-Za-z0-9_./:@=+-]*(?: [A-Za-z0-9_./:@=+-]+)*$/.test(text) && !/:$|: /.test(text) && !/^(?:true|false|yes|no|on|off|null|~|[-+]?[0-9][0-9._]*(?:e[-+]?[0-9]+)?)$/i.test(text);
  return plain ? text : JSON.stringify(text);
}

/** The app's package.json scripts (none when there is no readable one). */
function scriptsOf(cwd: string): Record<string, unknown> | undefined {
  try {
    const json = JSON.parse(readFileSync(resolve(cwd, 'package.json'), 'utf8')) as unknown;
    const scripts = json !== null && typeof json === 'object' ? (json as Record<string, unknown>)['scripts'] : undefined;
    return scripts !== null && typeof scripts === 'object' && !Array.isArray(scripts) ? (scripts as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}

/**
 * `.github/workflows/novu-tests.yml`: on pull requests and on main, the cases run by the action,
 * which starts the app with its `dev` (else `start`) script when package.json has one. The key is
 * the repository's secret, handed by `env`; the comment at the top says what to adjust.
 */
export function workflowYaml(cwd: string, bridgeUrl: string, folder: string): string {
  const scripts = scriptsOf(cwd);
  // l10n-ignore: commands.
  const start = typeof scripts?.['dev'] === 'string' ? 'npm run dev' : typeof scripts?.['start'] === 'string' ? 'npm start' : undefined;
  const locked = existsSync(resolve(cwd, 'package-lock.json'));
  // l10n-ignore: YAML keys, action inputs and shell commands, as GitHub and npm read them.
  const lines = [
    l10n.t('# Notification tests: runs the cases (every *.novu-test.json, as in {0}/) against your app', folder.replace(/[\r\n]/g, ' ')),
    l10n.t('# on each pull request and push to main. Written by `npx {0} {1}`; adjust it to your repository:', TOOL, INIT),
    l10n.t('# - NOVU_SECRET_KEY: add it under Settings > Secrets and variables > Actions (the secret key your'),
    l10n.t('#   app runs with; the app started by `start` reads the same variable).'),
    l10n.t('# - start: the command that serves your app\'s bridge, and bridge-url: where it answers.'),
    l10n.t('# - the branch, the Node.js version, and the install step (npm here; yarn or pnpm need theirs).'),
    l10n.t('# - snapshots: commit the .snap.json files the first local run writes; in CI a missing one fails.'),
    `name: ${yamlScalar(l10n.t('Notification tests'))}`,
    'on:',
    '  pull_request:',
    '  push:',
    '    branches: [main]',
    'jobs:',
    '  novu-tests:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    ...(scripts !== undefined
      ? ['      - uses: actions/setup-node@v4', '        with:', '          node-version: 20', ...(locked ? ['          cache: npm'] : []), `      - run: ${locked ? 'npm ci' : 'npm install'}`]
      : []),
    `      - uses: ${ACTION}`,
    '        with:',
    '          command: test',
    `          bridge-url: ${yamlScalar(bridgeUrl)}`,
    start !== undefined ? `          start: ${yamlScalar(start)}` : l10n.t('          # start: npm run dev   (the command that serves your app\'s bridge: none was found in package.json)'),
    '        env:',
    '          NOVU_SECRET_KEY: ${{ secrets.NOVU_SECRET_KEY }}',
    '',
  ];
  return lines.join('\n');
}
