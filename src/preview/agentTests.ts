/**
 * The agent's #novuTests (issue 46, §8), on the host: the workspace's case files (the setting
 * `novuExplorer.tests.files`), those of one file or one workflow, run by the one runner
 * (src/testing/runCases) against the user's app, signed with the active connection's key, with the
 * Preview's checks and settings. Read-only: it renders and sends nothing, and writes nothing (a
 * snapshot a run in the editor would write is counted, not written).
 */
import * as vscode from 'vscode';
import { NovuApiError } from '../api/errors';
import type { BridgeClient } from '../bridge/bridgeClient';
import type { CanIEmail } from '../checks';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { agentTestsOf, type AgentTests, type AgentTestsRequest } from '../testing/agentTests';
import { DEFAULT_CASE_GLOB, readCaseFile, snapshotPathOf } from '../testing/caseFile';
import { runCases, type FileToRun } from '../testing/runCases';
import { serviceRenderer } from '../testing/serviceTarget';
import { readText } from '../ui/saveTestCase';
import { checksSettingsNow } from '../checksSettings';
import { subscriberFields } from './previewSubscriber';
import { bridgeHost } from '../rendered/previewWords';

export interface AgentTestsDeps {
  manager: ConnectionManager;
  client: BridgeClient;
  bridgeUrl(): Promise<{ url: string } | { problem: string }>;
  canIEmail: CanIEmail;
}

/** At most this many case files are looked at for one call. */
const MAX_FILES = 200;

export async function runTestsForAgent(deps: AgentTestsDeps, connection: Connection, request: AgentTestsRequest, signal: AbortSignal): Promise<AgentTests> {
  const glob = vscode.workspace.getConfiguration('novuExplorer.tests').get<string>('files') || DEFAULT_CASE_GLOB;
  const uris = (await vscode.workspace.findFiles(glob, '**/node_modules/**', MAX_FILES)).sort((a, b) => a.fsPath.localeCompare(b.fsPath));
  const wanted = request.file?.replace(/\\/g, '/');
  const files: FileToRun[] = [];
  const texts = new Map<string, string>();
  for (const uri of uris) {
    const relative = vscode.workspace.asRelativePath(uri, false);
    if (wanted && relative !== wanted && uri.fsPath !== request.file && !relative.endsWith(`/${wanted}`)) continue;
    const text = await readText(uri);
    if (text === undefined) continue;
    if (request.workflowId && readCaseFile(text).workflowId !== request.workflowId) continue;
    const snapshotText = await readText(vscode.Uri.file(snapshotPathOf(uri.fsPath)));
    files.push({ path: uri.fsPath, text, ...(snapshotText !== undefined ? { snapshotText } : {}) });
    texts.set(uri.fsPath, text);
  }
  if (files.length === 0) {
    const what = wanted ? vscode.l10n.t('the case file {0}', wanted) : request.workflowId ? vscode.l10n.t('case files of the workflow {0}', request.workflowId) : vscode.l10n.t('case files');
    return { kind: 'failed', text: vscode.l10n.t('The workspace has no {0} (files matching {1}). The user can make a case with "Save as Test Case…" in the Preview.', what, glob) };
  }
  const where = await deps.bridgeUrl();
  if ('problem' in where) return { kind: 'failed', text: where.problem };
  const secret = await deps.manager.signingSecret(connection);
  if (!secret) return { kind: 'failed', text: vscode.l10n.t('The connection "{0}" has no API key to sign the renders with.', connection.name) };
  const client = await deps.manager.clientFor(connection);
  // Dashboard workflows: rendered by the service's step preview, with the connection's key.
  const service = client ? serviceRenderer(client, connection.name) : undefined;
  const report = await runCases(files, { client: deps.client, url: where.url, secret, ...(service ? { service } : {}) }, {
    settings: checksSettingsNow(),
    canIEmail: deps.canIEmail,
    signal,
    folders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
    ...(client
      ? {
          subscriberOf: (id: string) =>
            client.getSubscriber(id, { signal }).then(
              (s) => subscriberFields(s),
              (error: unknown) => (error instanceof NovuApiError && error.status === 404 ? null : undefined),
            ),
        }
      : {}),
  });
  const renderer = vscode.l10n.t("Rendered by the user's app at {0}, signed with {1}'s key", bridgeHost(where.url), connection.name);
  return agentTestsOf(report, texts, (path) => vscode.workspace.asRelativePath(path, false), renderer);
}
