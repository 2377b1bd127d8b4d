/**
 * One step rendered for the agent's tool (#novuPreview): the app's discover (the step's type, the
 * first message step when none is named), then the preview, on the active connection's key.
 */
import * as vscode from 'vscode';
import type { Subscriber } from '../api';
import type { BridgeClient } from '../bridge/bridgeClient';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { AgentPreview, AgentPreviewRequest } from './agentPreview';
import { renderStep } from '../rendered/renderStep';
import { bridgeHost, failureWords, hasSkip } from '../rendered/previewWords';
import { firstMessageStep } from './stepScanner';

export interface AgentRenderDeps {
  manager: ConnectionManager;
  client: BridgeClient;
  bridgeUrl(): Promise<{ url: string } | { problem: string }>;
  loadedSubscribers(): readonly Subscriber[];
}

export async function renderForAgent(deps: AgentRenderDeps, connection: Connection, request: AgentPreviewRequest, signal: AbortSignal): Promise<AgentPreview> {
  const where = await deps.bridgeUrl();
  if ('problem' in where) return { kind: 'failed', text: where.problem, more: [], atKeys: [] };
  const secret = await deps.manager.signingSecret(connection);
  if (!secret) return { kind: 'failed', text: vscode.l10n.t('The connection "{0}" has no API key to sign the preview with.', connection.name), more: [], atKeys: [] };
  const context = { url: where.url, connectionName: connection.name, workflowId: request.workflowId, ...(request.stepId ? { stepId: request.stepId } : {}) };
  const discovered = await deps.client.discover(where.url, secret, signal);
  if (discovered.kind !== 'discovered') return { kind: 'failed', ...failureWords(discovered, context) };
  const workflow = discovered.workflows.find((w) => w.workflowId === request.workflowId);
  if (!workflow) return { kind: 'failed', ...failureWords({ kind: 'workflowNotFound', workflowId: request.workflowId, message: '' }, context) };
  const step = request.stepId ? workflow.steps.find((s) => s.stepId === request.stepId) : (firstMessageStep(workflow.steps));
  if (!step) return { kind: 'failed', ...failureWords({ kind: 'emptyOutputs' }, context) };
  const subscriber = request.subscriberId ? (deps.loadedSubscribers().find((s) => s.subscriberId === request.subscriberId) ?? { subscriberId: request.subscriberId }) : undefined;
  const answer = await renderStep(
    deps.client,
    where.url,
    secret,
    { workflowId: workflow.workflowId, stepId: step.stepId, stepType: step.type, payload: request.payload ?? {}, subscriber: subscriber ? { ...subscriber } : {}, controls: {} },
    signal,
  );
  if (answer.kind !== 'rendered') return { kind: 'failed', ...failureWords(answer, { ...context, stepId: step.stepId }) };
  return {
    kind: 'rendered',
    renderer: vscode.l10n.t("Rendered by the user's app at {0}, signed with {1}'s key", bridgeHost(where.url), connection.name),
    workflowId: workflow.workflowId,
    stepId: step.stepId,
    type: step.type,
    model: answer.model,
    skip: hasSkip(workflow.code ?? '', step.stepId),
  };
}
