/**
 * "Why didn't they get it?" as a senior engineer of the service would answer it (issue 24): the
 * delivery chain checked link by link (connection, subscriber, workflow, runs, addresses,
 * preferences, integrations), each with its evidence in the service's own words and, when it is
 * not fine, its fix; then one verdict that names the cause and what proves it. A cause proven by
 * the latest run's execution details outranks one inferred from settings. Pure and vscode-free:
 * the panel and the agent's tool render the same result. Device tokens and webhook URLs are
 * secrets: only counts and "set" leave this module.
 */
import type { Notification } from '../api';
import { subscriberDisplayName } from '../format/names';
import { l10n } from '../l10n';
import { isChannel, stepFor } from './deliveryFacts';
import { chainLinks } from './diagnosisLinks';
import type { Channel, Diagnosis, DiagnosisInput } from './diagnosisTypes';
import { verdictOf } from './diagnosisVerdict';

/** The workflow's name as a person reads it, from what is known. */
function workflowLabel(input: DiagnosisInput, latest: Notification | undefined): string {
  if (input.workflow.state === 'ok') return input.workflow.value.name || input.workflow.value.workflowId || input.workflowRef || '';
  return latest?.template?.name || input.workflowRef || l10n.t('any workflow');
}

function personLabel(input: DiagnosisInput): string {
  if (input.subscriber.state === 'ok') return input.subscriber.value.firstName?.trim() || subscriberDisplayName(input.subscriber.value) || input.subscriberId;
  return input.subscriberId;
}

function resolveChannel(input: DiagnosisInput, latest: Notification | undefined): Channel | undefined {
  if (input.channel) return input.channel;
  const step = latest ? stepFor(latest, undefined) : undefined;
  if (step && isChannel(step.type)) return step.type;
  if (input.workflow.state === 'ok') return (input.workflow.value.steps ?? []).map((s) => s.type).find(isChannel);
  return undefined;
}

export function diagnose(input: DiagnosisInput): Diagnosis {
  const runs = input.runs.state === 'ok' ? input.runs.value : [];
  const latest = runs[0];
  const channel = resolveChannel(input, latest);
  const who = personLabel(input);
  const links = chainLinks(input, latest, channel, who, workflowLabel(input, latest));
  return { subscriberId: input.subscriberId, verdict: verdictOf(input, links, latest, channel, who), links, channel, latestRun: latest };
}
