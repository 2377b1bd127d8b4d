/**
 * `novu-explorer-test` (issue 46, §7): the notification test cases run in CI, with the runner the
 * Test Explorer uses (src/testing/runCases: the same case files, rendering and checks).
 *
 * 1. The arguments (args.ts), the case files (caseFiles.ts), the filter by workflow.
 * 2. With `--start`, the app is started and its bridge asked until it answers (startApp.ts); not
 *    when something already answers there, and a command that fails before or during the run
 *    ends it with exit 2.
 * 3. The cases run; new snapshots are written beside their case files (and said; in CI mode they
 *    fail instead), changed ones and obsolete ones only with `--update-snapshots`. One discover
 *    signed with a wrong key tells whether the app checks signatures at all.
 * 4. One line says the outcome, first (on stderr when the report goes to stdout), then its notes
 *    and the app's last lines on the same stream, then the report.
 *    Exit 0: every case passed; 1: a case failed; 2: the run could not be made.
 * With `--shard i/n` only the i-th part of the case files runs (shard.ts); a part with none passes.
 * Under GitHub Actions (or with `--reporter github` / `--github`), the failed cases are annotations
 * too, and the job summary and outputs are appended (githubReport.ts, github.ts); their files are
 * checked before anything runs.
 * The secret key goes to the bridge client only; every text written passes a last filter that
 * replaces the key, should anything (the app's output, an echo) ever hold it. Pure Node: no vscode.
 */
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BridgeClient, type BridgeFailure } from '../bridge/bridgeClient';
import { readChecksSettings, type ChecksSettings } from '../checks';
import { l10n } from '../l10n';
import { bridgeHost, failureWords } from '../rendered/previewWords';
import { readCaseFile, snapshotPathOf } from '../testing/caseFile';
import { runCases, type FileToRun, type RunReport, type RunTarget } from '../testing/runCases';
import { serviceRenderer } from '../testing/serviceTarget';
import { NovuClient } from '../api/client';
import { NovuApiError } from '../api/errors';
import { helpText, parseArgs, TOOL, type CliOptions } from './args';
import { COMPARE } from './compareArgs';
import { runCompare } from './compareCommand';
import { INIT } from './initArgs';
import { runInit } from './initCommand';
import { findCaseFiles, readCaseFileText, shownPath } from './caseFiles';
import { annotationPath, appendGithubFiles, checkGithubFiles, githubFiles } from './github';
import { annotationLines, outputLines, runAnnotations, runOutputs, runSummary, withoutCommands } from './githubReport';
import { filesOfShard } from './shard';
import { jsonReport } from './jsonReport';
import { junitReport } from './junitReport';
import { buildRunView, oneLine, seconds, terminalText, type ExitCode, type FileView, type RunView } from './runView';
import { startApp, type StartedApp } from './startApp';
import { textReport } from './textReport';

import { emitReport, type CliIo, type Writer } from './io';
export type { CliIo, Writer } from './io';

/**
 * Signs the run's one check of the app's signature checking: a made-up key, never a real one. An
 * app that answers a discover signed with it checks no signature (contract §9.2).
 */
const WRONG_KEY = 'novu-explorer-test-wrong-key';

/** The key replaced in `text` (never shorter keys: they would garble ordinary words). */
function redactor(key: string | undefined): (text: string) => string {
  if (!key || key.length < 6) return (text) => text;
  return (text) => (text.includes(key) ? text.split(key).join('***') : text);
}

/** Runs the command line; resolves with its exit code. Never throws. */
export async function main(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  // `compare` (issue 52): two environments side by side, a deploy gate; its own options and reports.
  if (argv[0] === COMPARE) return runCompare(argv.slice(1), io);
  // `init` (issue 56, §7): the first case files and the GitHub workflow, from the running app.
  if (argv[0] === INIT) return runInit(argv.slice(1), io);
  const parsed = parseArgs(argv, io.env);
  const key = parsed.kind === 'run' ? parsed.options.secretKey : io.env['NOVU_SECRET_KEY'];
  const apiKey = parsed.kind === 'run' ? parsed.options.apiKey : io.env['NOVU_API_KEY'];
  const redactKey = redactor(key);
  const redactApiKey = redactor(apiKey);
  const redact = (text: string) => redactApiKey(redactKey(text));
  const out = (text: string) => io.stdout.write(redact(text));
  const err = (text: string) => io.stderr.write(redact(text));
  switch (parsed.kind) {
    case 'help':
      out(helpText());
      return 0;
    case 'version':
      out(`${io.version}\n`);
      return 0;
    case 'error':
      err(`${TOOL}: ${l10n.t('{0} ({1} lists the options)', parsed.message, '--help')}\n`);
      return 2;
  }
  const options = parsed.options;
  const fail = (reason: string): ExitCode => {
    err(`${TOOL}: ${oneLine(reason)}\n`);
    return 2;
  };
  // GitHub's files are checked first: a summary that cannot be written stops the run before anything is written.
  const unwritable = options.github ? checkGithubFiles(githubFiles(io)) : undefined;
  if (unwritable !== undefined) return fail(unwritable);
  try {
    return await run(options, io, out, err, fail, redact);
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') return fail(l10n.t('interrupted: the run was stopped.'));
    return fail(l10n.t('the run stopped on an unexpected error: {0}', error instanceof Error ? error.message : String(error)));
  }
}

async function run(options: CliOptions, io: CliIo, out: (t: string) => void, err: (t: string) => void, fail: (reason: string) => ExitCode, redact: (t: string) => string): Promise<ExitCode> {
  const started = Date.now();
  if (options.emailClients) {
    try {
      doIUseEmail('<p></p>', { emailClients: options.emailClients });
    } catch {
      return fail(l10n.t('--email-clients: caniemail knows none of {0} (names such as gmail.*, outlook.windows, apple-mail.*).', options.emailClients.join(', ')));
    }
  }
  const settings: ChecksSettings = readChecksSettings({ ...(options.emailClients ? { emailClients: options.emailClients } : {}), ...(options.smsMaxSegments !== undefined ? { smsMaxSegments: options.smsMaxSegments } : {}) });

  // The case files, and those of the workflows asked for.
  const found = findCaseFiles(io.cwd, options.patterns);
  if (found.unmatched.length > 0) {
    const named = found.unmatched.map((p) => terminalText(p, true)).join(', ');
    return fail(options.patterns.length === 1 && found.files.length === 0 ? l10n.t('no case file matches {0} in {1}.', named, terminalText(io.cwd, true)) : l10n.t('no case file matches {0}.', named));
  }
  const files: FileToRun[] = [];
  for (const path of found.files) {
    const read = readCaseFileText(path);
    if (!read.ok) return fail(l10n.t('{0} could not be read ({1}).', shownPath(io.cwd, path), read.reason));
    files.push(read.file);
  }
  let chosen = files;
  if (options.workflows.length > 0) {
    const wanted = new Set(options.workflows);
    // A file whose workflow cannot be read is kept: it may be one of them, and its problem is said.
    chosen = files.filter((f) => {
      const id = readCaseFile(f.text).workflowId;
      return id === undefined || wanted.has(id);
    });
    if (chosen.length === 0) {
      const names = options.workflows.map((w) => terminalText(w, true)).join(', ');
      return fail(files.length === 1 ? l10n.t('no case file is of workflow {0} (1 case file read).', names) : l10n.t('no case file is of workflow {0} ({1} case files read).', names, files.length));
    }
  }
  // One part of the files (`--shard i/n`), after the workflows asked for: the parts of one command cover them once.
  const ofFiles = chosen.length;
  if (options.shard) chosen = filesOfShard(chosen, (f) => f.path, io.cwd, options.shard);
  const shard = options.shard ? { ...options.shard, ofFiles } : undefined;
  if (shard && chosen.length === 0) {
    const view = buildRunView({ report: { files: [], counts: { passed: 0, failed: 0, errored: 0, skipped: 0 }, durationMs: Date.now() - started }, files: [], cwd: io.cwd, shard });
    return finish(view, [], options, io, out, err, fail, redact);
  }
  const total = chosen.reduce((n, f) => n + readCaseFile(f.text).cases.length, 0);
  const progress = io.stderr.isTTY ? progressLine(io.stderr, redact, total) : undefined;

  // The app: started when asked, its bridge asked until it answers.
  const bridge = new BridgeClient();
  let app: StartedApp | undefined;
  let startProblem: { problem: string; failure: BridgeFailure } | undefined;
  /** The app's last lines, said after the outcome line (never in the report). */
  let appLines: string[] = [];
  if (options.start !== undefined) {
    progress?.say(l10n.t('starting your app and waiting for its bridge at {0}…', bridgeHost(options.bridgeUrl)));
    const outcome = await startApp({ command: options.start, url: options.bridgeUrl, timeoutMs: options.startTimeoutMs, cwd: io.cwd, env: io.env, client: new BridgeClient({ timeoutMs: 2_000 }), ...(io.signal ? { signal: io.signal } : {}) });
    if (outcome.kind === 'ready') {
      app = outcome.app;
    } else {
      progress?.clear();
      const host = bridgeHost(options.bridgeUrl);
      const problem =
        outcome.kind === 'occupied'
          ? l10n.t('Something already answers at {0}; stop it, or leave out --start to test it.', host)
          : outcome.kind === 'notBridge'
            ? l10n.t('the app started by --start answers, but not as a bridge: {0}', failureWords(outcome.last, { url: options.bridgeUrl }).text)
            : outcome.kind === 'exited'
              ? l10n.t('the command given to --start failed ({0}) before the bridge at {1} answered.', outcome.signal ?? l10n.t('exit code {0}', outcome.code ?? '?'), host)
              : outcome.last
                ? l10n.t('the bridge at {0} did not answer within {1} (the app was stopped): {2}', host, seconds(options.startTimeoutMs), failureWords(outcome.last, { url: options.bridgeUrl }).text)
                : l10n.t('the bridge at {0} did not answer within {1} (the app was stopped).', host, seconds(options.startTimeoutMs));
      // The app's last lines help say why; they follow the outcome line, never in the report.
      appLines = outcome.output;
      startProblem = { problem, failure: (outcome.kind === 'timeout' || outcome.kind === 'notBridge' ? outcome.last : undefined) ?? { kind: 'unreachable', cause: 'timeout', detail: '' } };
    }
  }

  // A case that names a subscriberId is errored without --api-url: run without its subscriber, it would pass on nothing.
  const subscriberIdProblem = options.apiUrl === undefined ? l10n.t("Its subscriberId cannot be looked up without --api-url (Novu's API, where your subscribers are): give --api-url, or write the subscriber's fields in the case.") : undefined;
  let report: RunReport;
  let discoverFailure: BridgeFailure | undefined;
  let unchecked = false;
  let endedProblem: string | undefined;
  try {
    progress?.update({ passed: 0, failed: 0, errored: 0, skipped: 0 });
    // With --api-url: the dashboard's workflows by the service's step preview, and subscriberIds looked up.
    const service = options.apiUrl !== undefined ? new NovuClient({ baseUrl: options.apiUrl, apiKey: options.apiKey ?? options.secretKey }) : undefined;
    const target: RunTarget = {
      client: startProblem
        ? // The app never answered: every case is errored with that, as the runner says an app's failure.
          { discover: async () => startProblem!.failure, previewStep: async () => startProblem!.failure }
        : {
            discover: async (url, secret, signal) => {
              const answer = await bridge.discover(url, secret, signal);
              if (answer.kind !== 'discovered') discoverFailure = answer;
              // One deliberately wrong signature: an app that accepts it would accept any key.
              else unchecked = (await bridge.discover(url, WRONG_KEY, signal)).kind === 'discovered';
              return answer;
            },
            previewStep: (url, secret, request, signal) => bridge.previewStep(url, secret, request, signal),
          },
      url: options.bridgeUrl,
      secret: options.secretKey,
      ...(service ? { service: serviceRenderer(service, bridgeHost(options.apiUrl!)) } : {}),
    };
    const counts = { passed: 0, failed: 0, errored: 0, skipped: 0 };
    report = await runCases(chosen, target, {
      settings,
      canIEmail: doIUseEmail,
      updateSnapshots: options.updateSnapshots,
      ci: options.ci,
      folders: [io.cwd],
      ...(service
        ? {
            subscriberOf: (id: string) =>
              service.getSubscriber(id).then(
                (s) => Object.fromEntries(['firstName', 'lastName', 'email', 'phone', 'locale', 'timezone', 'avatar', 'data'].flatMap((k) => ((s as Record<string, unknown>)[k] == null ? [] : [[k, (s as Record<string, unknown>)[k]]]))),
                (error: unknown) => (error instanceof NovuApiError && error.status === 404 ? null : undefined),
              ),
          }
        : {}),
      ...(subscriberIdProblem !== undefined ? { subscriberIdProblem } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      onCase: (_file, result) => {
        counts[result.status]++;
        progress?.update(counts);
      },
    });
    // The started command ended during the run (it crashed, or lost its port): nothing after that was tested.
    if (app && report.problem !== undefined) await app.settle(1_000);
    const ended = app?.ended();
    if (app && ended && (ended.code !== 0 || ended.signal !== null)) {
      endedProblem = l10n.t('the command given to --start ended ({0}) during the run.', ended.signal ?? l10n.t('exit code {0}', ended.code ?? '?'));
      appLines = app.lines();
    }
  } finally {
    progress?.clear();
    await app?.stop();
  }

  // New and accepted snapshots, beside their case files.
  const write = io.writeFile ?? ((path: string, text: string) => writeFileSync(path, text));
  const snapshotErrors = new Map<number, string>();
  report.files.forEach((file, index) => {
    if (!file.snapshotWrite) return;
    try {
      write(snapshotPathOf(file.path), file.snapshotWrite.text);
    } catch (error) {
      snapshotErrors.set(index, (error as NodeJS.ErrnoException).code ?? String(error));
    }
  });

  const problem = startProblem?.problem ?? endedProblem ?? (discoverFailure?.kind === 'signatureMismatch' ? l10n.t("Your app at {0} runs with another environment's secret key than the one given (NOVU_SECRET_KEY or --secret-key).", bridgeHost(options.bridgeUrl)) : undefined);
  const view = buildRunView({
    report: { ...report, durationMs: Date.now() - started },
    files: chosen.map((f) => ({ shown: shownPath(io.cwd, f.path), text: f.text, snapshotPath: shownPath(io.cwd, snapshotPathOf(f.path)) })),
    ...(problem !== undefined ? { problem } : {}),
    ...(subscriberIdProblem !== undefined ? { cannotRun: subscriberIdProblem } : {}),
    ...(unchecked ? { notes: [l10n.t('Your app does not check signatures, so a wrong key is not caught.')] } : {}),
    cwd: io.cwd,
    snapshotErrors,
    ...(shard ? { shard } : {}),
  });
  return finish(view, appLines, options, io, out, err, fail, redact);
}

/**
 * The outcome line, its notes and the app's last lines, then the report; under GitHub, the
 * annotations (on stdout, or on stderr when a JSON or JUnit report is on stdout), the job summary
 * and the outputs. A text report on stdout is shown to GitHub as text only (withoutCommands).
 */
function finish(view: RunView, appLines: readonly string[], options: CliOptions, io: CliIo, out: (t: string) => void, err: (t: string) => void, fail: (reason: string) => ExitCode, redact: (t: string) => string): ExitCode {
  const pathOf = (file: FileView) => annotationPath(resolve(io.cwd, file.path), io);
  let text = reportText(view, options, io.version, pathOf);
  if (options.github && options.reporter === 'text' && options.output === undefined) text = withoutCommands(text, randomUUID);
  // The outcome first, then its notes and the app's last lines, on the same stream.
  const said = [view.headline, ...view.notes, ...(appLines.length > 0 ? [l10n.t("The last lines of your app's output:"), ...appLines.map((l) => `  ${terminalText(l, true)}`)] : [])].join('\n');
  const unwritten = emitReport(io, said, text, options.output, { out, err, redact });
  if (unwritten !== undefined) return fail(unwritten);
  if (options.github) {
    if (options.reporter !== 'github') (options.output === undefined && options.reporter !== 'text' ? err : out)(annotationLines(runAnnotations(view, pathOf)));
    const problem = appendGithubFiles(io, githubFiles(io), redact(runSummary(view, pathOf)), outputLines(runOutputs(view)));
    if (problem !== undefined) return fail(problem);
  }
  return view.exitCode;
}

function reportText(view: RunView, options: CliOptions, version: string, pathOf: (file: FileView) => string): string {
  switch (options.reporter) {
    case 'json':
      return jsonReport(view, version);
    case 'junit':
      return junitReport(view);
    case 'text':
      return textReport(view);
    case 'github':
      return annotationLines(runAnnotations(view, pathOf));
  }
}

/** On a terminal: one line of counts, rewritten in place (at most ten times a second), cleared at the end. */
function progressLine(stream: Writer, redact: (t: string) => string, total: number) {
  let last = 0;
  let shown = false;
  const draw = (text: string) => {
    stream.write(`\r\u001b[K${redact(text)}`);
    shown = true;
  };
  return {
    say(text: string) {
      draw(`${TOOL}: ${text}`);
    },
    update(counts: Record<'passed' | 'failed' | 'errored' | 'skipped', number>) {
      const done = counts.passed + counts.failed + counts.errored + counts.skipped;
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      draw(`${TOOL}: ${l10n.t('{0} of {1}: {2} passed, {3} failed, {4} errored', done, total, counts.passed, counts.failed, counts.errored)}`);
    },
    clear() {
      if (shown) stream.write('\r\u001b[K');
      shown = false;
    },
  };
}
