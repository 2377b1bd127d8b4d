/**
 * The failures of a window for the model (#novuFailures): the groups by cause, largest first, as
 * data (cause, channel, provider, the provider's masked message, counts, first and last seen, a few
 * run ids). Our sentences say only counts and the window; every service string is in the data.
 * Pure and vscode-free.
 */
import { channelLabel } from '../format/channels';
import type { GroupSummary } from '../failures/groupViews';
import { l10n } from '../l10n';
import { compact, dataNote, whereLine, type Where } from './agentReports';
import { report } from './agentText';

export interface FailuresFound {
  where: Where;
  /** The window in our words ("the last 24 hours"), and as ISO bounds. */
  window: { label: string; after: string; before: string };
  runsRead: number;
  /** The read stopped before the window's end (the cap on pages): an estimate of all, when known. */
  partial?: { estimatedTotal?: number };
  failedSteps: number;
  groups: readonly GroupSummary[];
}

/** Example run ids per group in the answer. */
const EXAMPLE_IDS = 3;

export function failuresReport(found: FailuresFound): string {
  const count = found.groups.length;
  const lead = (shown: number): string[] => {
    const lines = [whereLine(found.where), l10n.t('Window: {0} ({1} to {2}).', found.window.label, found.window.after, found.window.before)];
    lines.push(
      found.partial
        ? found.partial.estimatedTotal !== undefined
          ? l10n.t('Read {0} of about {1} runs, the newest: the groups count only those.', found.runsRead, found.partial.estimatedTotal)
          : l10n.t('Read the newest {0} runs of the window: the groups count only those.', found.runsRead)
        : l10n.t('Read all {0} runs of the window.', found.runsRead),
    );
    if (count === 0) lines.push(l10n.t('No step of these runs failed to deliver. This is an answer, not a failure.'));
    else {
      lines.push(count === 1 ? l10n.t('{0} undelivered steps, 1 cause.', found.failedSteps) : l10n.t('{0} undelivered steps in {1} causes, the largest first ({2} shown).', found.failedSteps, count, shown));
      lines.push(dataNote());
    }
    return lines;
  };
  return report({
    lead,
    label: 'failure-groups',
    records: found.groups.map((g) =>
      compact({
        channel: channelLabel(g.channel),
        provider: g.provider,
        cause: g.cause,
        providerMessage: g.message,
        providerCode: g.code,
        statusCode: g.httpStatus,
        runs: g.runs,
        subscribers: g.subscribers,
        workflows: g.workflows,
        firstSeen: new Date(g.firstMs).toISOString(),
        lastSeen: new Date(g.lastMs).toISOString(),
        exampleRunIds: g.examples.slice(0, EXAMPLE_IDS).map((e) => e.notificationId),
      }),
    ),
    leftOut: (n) => l10n.t('{0} smaller causes are left out of this answer to keep it short.', n),
    tail: count > 0 ? [l10n.t('To see one run, call the explain tool with an example run id; the user can see every cause with its chart with the command "Novu: Failures by Cause" (novuExplorer.showFailures).')] : [],
  });
}
