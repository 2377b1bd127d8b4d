/**
 * #novuCompare (issue 52): the comparison the Environment Comparison view shows, for the model, as
 * data. Our counts first, then the readiness findings (blocking first) with their evidence, the
 * predicted failure in the service's words and the fix, then the workflows and layouts that differ
 * and what could not be read. The tool compares by itself when the window has no comparison yet
 * (the feature's `compareForAgent`: GETs only, each side with its own key); this file only words
 * the result, and holds no key. An answer holds what fits; `from` pages through the rest, so that
 * an organization with many findings gets them all. Pure and vscode-free.
 */
import { l10n } from '../l10n';
import { type Comparison, markLabel, translationRowText, translationsNotComparedText, unreadText } from '../compare/comparison';
import { evidenceLine, failureWords, fixWords } from '../compare/findingWords';
import * as z from 'zod/mini';
import { compact, dataNote } from './agentReports';
import { type ReportParts, report } from './agentText';

/** The tool's input: which part of the comparison (the findings first; the differences on a second call), and whether to read both sides again. */
export const compareSchema = z.object({
  part: z.optional(z.enum(['findings', 'differences'])),
  refresh: z.optional(z.boolean()),
  from: z.optional(z.number().check(z.int(), z.gte(0))),
});

/** `comparison`, or why none could be made (no Production connection, a side unreadable…). `from`: the first record of a page. */
export function compareReport(comparison: Comparison | { problem: string }, part: 'findings' | 'differences' = 'findings', from = 0): string {
  if ('problem' in comparison) {
    return l10n.t('NOT DONE: {0} The user can compare any two connections with the command "Novu: Compare Environments…" (novuExplorer.compareEnvironments); this tool then reports that comparison.', comparison.problem);
  }
  return report(reportParts(comparison, part, from));
}

function reportParts(c: Comparison, part: 'findings' | 'differences', from: number): ReportParts {
  const sides = { source: c.source.environmentName, target: c.target.environmentName };
  const blocking = c.findings.filter((f) => f.level === 'blocking').length;
  const findings = c.findings.map((f) =>
    compact({
      finding: f.id,
      level: f.level,
      workflowId: f.workflowId,
      stepId: f.stepId,
      layoutId: f.layoutId,
      channel: f.channel,
      predicts: failureWords(f, sides),
      fix: fixWords(f, sides),
      // One line each (side: route → field = value, a long value shortened).
      evidence: f.evidence.map((e) => evidenceLine(e, sides, 60)),
      refusals: f.refusals?.map((r) => ({ rule: r.rule, field: r.field })),
    }),
  );
  const differences = [
    ...c.workflows.filter((w) => w.mark !== 'same').map((w) => compact({ workflowId: w.workflowId, name: w.name, mark: markLabel(w.mark, sides.target), kind: w.kind, fields: w.fields.length > 0 ? w.fields : undefined, steps: w.steps.length > 0 ? w.steps.map((s) => compact({ stepId: s.stepId, action: s.action, fields: s.fields.length > 0 ? s.fields : undefined, controlValues: s.controlValues.length > 0 ? s.controlValues : undefined })) : undefined })),
    ...c.layouts.filter((l) => l.mark !== 'same').map((l) => compact({ layoutId: l.layoutId, name: l.name, mark: markLabel(l.mark, sides.target), fields: l.fields.length > 0 ? l.fields : undefined })),
    ...c.integrations.filter((ch) => ch.differs).map((ch) => ({ channel: ch.channel, source: ch.source, target: ch.target })),
    ...(c.translations.kind === 'compared' ? c.translations.workflows.filter((row) => row.differs).map((row) => ({ translationsOf: row.workflowId, locales: translationRowText(row, sides) })) : []),
  ];
  const translations = translationsNotComparedText(c.translations, (side) => (side === 'source' ? c.source.name : c.target.name));
  const unread = c.unread.map((u) => compact({ notRead: u.item.id ?? u.item.kind, side: u.side === 'source' ? c.source.name : c.target.name, why: unreadText(u.item) }));
  const same = c.workflows.filter((w) => w.mark === 'same').length + c.layouts.filter((l) => l.mark === 'same').length;
  const records = part === 'findings' ? [...findings, ...unread] : [...unread, ...differences];
  const page = records.slice(from);
  return {
    lead: (shown) => [
      l10n.t('{0} (read {1}) → {2} (read {3}), as the Environment Comparison view shows it, each side read with its own key, GET only: {4} blocking findings and {5} warnings for what {6} lacks; {7} workflows, layouts, channels or translations differ, {8} are the same in the fields Novu compares, {9} could not be read (never counted as the same).', c.source.name, c.source.readAt, c.target.name, c.target.readAt, blocking, c.findings.length - blocking, sides.target, differences.length, same, unread.length),
      ...(translations === undefined ? [] : [l10n.t('Translations: {0}.', translations)]),
      l10n.t('The extension never publishes or syncs: the user fixes in Novu’s dashboard or with Sync Workflows…. refresh true reads both sides again.'),
      part === 'findings' ? l10n.t('Records {0} to {1} of {2}: the findings, then what could not be read; part "differences" lists what differs.', from + 1, from + shown, records.length) : l10n.t('Records {0} to {1} of {2}: what could not be read, then what differs; part "findings" gives what the target lacks.', from + 1, from + shown, records.length),
      dataNote(),
    ],
    label: 'comparison',
    records: page,
    leftOut: (count) => l10n.t('{0} more records: call again with from {1} for them.', count, from + page.length - count),
  };
}
