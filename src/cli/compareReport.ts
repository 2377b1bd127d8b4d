/**
 * `compare`'s outcome and its three reports (issue 52, §4), all from one view so that they say and
 * count the same: the one line first (`… compare: Development (US) → Production (US): 6 blocking, 6
 * warnings …`), then text (the findings, blocking first, each with its evidence, the failure in the
 * service's words and the fix; what could not be read; the differences by mark with counts), JSON
 * (the Comparison and the findings as data, with their words) or JUnit (a blocking finding a failed
 * test, a warning a passed one with its text in system-out, what could not be read an error, each
 * workflow and layout a passed test with its mark). Every name from the service is shown as text
 * (terminalText, xmlText). Pure: no vscode.
 */
import { l10n } from '../l10n';
import { type Comparison, markLabel, translationRowText, translationsNotComparedText, unreadText } from '../compare/comparison';
import type { Mark } from '../compare/compareWorkflows';
import type { Finding } from '../compare/readiness';
import { TOOL } from './args';
import { COMPARE } from './compareArgs';
import { type SidesNamed, evidenceLine, failureWords, findingLine, fixWords } from '../compare/findingWords';
import { xmlAttribute, xmlText } from './junitReport';
import { type ExitCode, oneLine, seconds, terminalText } from './runView';

export interface CompareView {
  comparison: Comparison;
  sides: SidesNamed;
  blocking: number;
  warnings: number;
  exitCode: ExitCode;
  headline: string;
  /** Said after the headline: the pair's warning (two organizations or regions). */
  notes: string[];
  durationMs: number;
}

const MARK_ORDER: readonly Mark[] = ['notInTarget', 'onlyInTarget', 'differs', 'stepOrder', 'notRead', 'same'];

/**
 * The exit code: 1 with any blocking finding (what was read already fails sends, whatever else could
 * not be read); else 2 when anything could not be read (a partial read is never "nothing
 * blocking"); else 0.
 */
export function compareExitCode(comparison: Comparison): ExitCode {
  if (comparison.findings.some((f) => f.level === 'blocking')) return 1;
  return comparison.unread.length > 0 ? 2 : 0;
}

export function buildCompareView(comparison: Comparison, durationMs: number, notes: readonly string[]): CompareView {
  const sides = { source: comparison.source.environmentName, target: comparison.target.environmentName };
  const blocking = comparison.findings.filter((f) => f.level === 'blocking').length;
  const warnings = comparison.findings.length - blocking;
  const exitCode = compareExitCode(comparison);
  const items = comparison.workflows.length + comparison.layouts.length;
  const parts = [blocking === 0 ? l10n.t('nothing blocking') : blocking === 1 ? l10n.t('1 blocking finding') : l10n.t('{0} blocking findings', blocking)];
  if (warnings > 0) parts.push(warnings === 1 ? l10n.t('1 warning') : l10n.t('{0} warnings', warnings));
  const differing = items - comparison.counts.same - comparison.counts.notRead;
  const compared = l10n.t('{0} workflows and layouts, {1} differ', items, differing);
  let line = `${TOOL} ${COMPARE}: ${oneLine(comparison.source.name)} → ${oneLine(comparison.target.name)}: ${parts.join(', ')} (${compared}, ${seconds(durationMs)})`;
  if (comparison.unread.length > 0) line += `; ${comparison.unread.length === 1 ? l10n.t('1 item could not be read') : l10n.t('{0} items could not be read', comparison.unread.length)}`;
  else if (differing === 0 && comparison.integrations.every((c) => !c.differs)) line += `; ${l10n.t('no differences found in the fields Novu compares')}`;
  return { comparison, sides, blocking, warnings, exitCode, headline: line, notes: [...notes], durationMs };
}

export function unreadLine(u: Comparison['unread'][number], sides: SidesNamed): string {
  const side = u.side === 'source' ? sides.source : sides.target;
  const what = u.item.kind === 'integrations' ? l10n.t('integrations') : u.item.kind === 'translations' ? l10n.t('translations of workflow {0}', u.item.id ?? '?') : `${u.item.kind === 'workflow' ? l10n.t('workflow') : l10n.t('layout')} ${u.item.id ?? '?'}`;
  return `${side}: ${what}: ${unreadText(u.item)}`;
}

/** A workflow's or layout's differences in a few words: its fields, its steps by stepId. */
function itemDetails(c: Comparison, kind: 'workflow' | 'layout', id: string): string[] {
  if (kind === 'layout') return c.layouts.find((l) => l.layoutId === id)?.fields ?? [];
  const w = c.workflows.find((x) => x.workflowId === id);
  if (!w) return [];
  const steps = w.steps.map((s) => `${s.stepId} ${s.action}${s.controlValues.length > 0 ? ` [${s.controlValues.join(', ')}]` : ''}${s.fields.length > 0 ? ` (${s.fields.join(', ')})` : ''}`);
  const kindNote = w.kind === 'code' ? [l10n.t('code workflow: reaches each environment through its own bridge sync, not through publish')] : w.kind === 'legacy' ? [l10n.t('legacy workflow: presence and active only')] : [];
  return [...w.fields, ...steps.map((s) => l10n.t('step {0}', s)), ...kindNote];
}

/** Every workflow and layout with its mark, in the marks' order. */
function byMark(c: Comparison): { mark: Mark; items: { kind: 'workflow' | 'layout'; id: string; name: string }[] }[] {
  return MARK_ORDER.map((mark) => ({
    mark,
    items: [
      ...c.workflows.filter((w) => w.mark === mark).map((w) => ({ kind: 'workflow' as const, id: w.workflowId, name: w.name })),
      ...c.layouts.filter((l) => l.mark === mark).map((l) => ({ kind: 'layout' as const, id: l.layoutId, name: l.name })),
    ],
  })).filter((group) => group.items.length > 0);
}

function findingLines(f: Finding, sides: SidesNamed): string[] {
  const t = (s: string) => terminalText(s, true);
  return [
    `  ${t(findingLine(f, sides))}`,
    `      ${l10n.t('fails: {0}', t(failureWords(f, sides)))}`,
    ...(f.refusals ?? []).slice(0, 5).map((r) => `      ${l10n.t('refuses: {0}', t(`${r.field} (${r.rule})`))}`),
    ...f.evidence.map((e) => `      ${l10n.t('evidence: {0}', t(evidenceLine(e, sides, 240)))}`),
    `      ${l10n.t('fix: {0}', t(fixWords(f, sides, 'terminal')))}`,
  ];
}

export function compareTextReport(view: CompareView): string {
  const c = view.comparison;
  const t = (s: string) => terminalText(s, true);
  const out: string[] = [l10n.t('{0} (read {1}) → {2} (read {3})', t(c.source.name), c.source.readAt, t(c.target.name), c.target.readAt), ''];
  const blocking = c.findings.filter((f) => f.level === 'blocking');
  const warnings = c.findings.filter((f) => f.level === 'warning');
  if (blocking.length > 0) out.push(l10n.t('Blocking ({0}): every send of these fails in {1}', blocking.length, t(view.sides.target)), ...blocking.flatMap((f) => findingLines(f, view.sides)), '');
  if (warnings.length > 0) out.push(l10n.t('Warnings ({0})', warnings.length), ...warnings.flatMap((f) => findingLines(f, view.sides)), '');
  if (c.findings.length === 0) out.push(l10n.t('No readiness findings.'), '');
  if (c.unread.length > 0) out.push(l10n.t('Could not be read ({0}): not compared, never "no differences"', c.unread.length), ...c.unread.map((u) => `  ${t(unreadLine(u, view.sides))}`), '');
  out.push(l10n.t('Differences'));
  for (const group of byMark(c)) {
    out.push(`  ${markLabel(group.mark, t(view.sides.target))} (${group.items.length})`);
    for (const item of group.items) {
      const label = `${item.kind === 'layout' ? `${l10n.t('layout')} ` : ''}${t(item.id)}${item.name !== item.id ? ` (${t(item.name)})` : ''}`;
      const details = group.mark === 'same' ? [] : itemDetails(c, item.kind, item.id);
      out.push(`    ${label}`, ...details.map((d) => `        ${t(d)}`));
    }
  }
  const channels = c.integrations.filter((ch) => ch.differs);
  if (channels.length > 0) {
    out.push('', l10n.t('Integrations that differ, by channel'));
    const keys = (list: typeof channels[number]['source']) => (list.length === 0 ? l10n.t('none') : list.map((k) => `${k.providerId}${k.active ? '' : ` ${l10n.t('inactive')}`}${k.primary ? ` ${l10n.t('primary')}` : ''}`).join(', '));
    for (const ch of channels) out.push(`  ${t(ch.channel)}: ${t(view.sides.source)} ${t(keys(ch.source))} · ${t(view.sides.target)} ${t(keys(ch.target))}`);
  }
  const notCompared = translationsNotComparedText(c.translations, (side) => (side === 'source' ? c.source.name : c.target.name));
  if (notCompared !== undefined) out.push('', `${l10n.t('Translations')}: ${t(notCompared)}`);
  else if (c.translations.kind === 'compared') {
    const differing = c.translations.workflows.filter((row) => row.differs);
    if (differing.length === 0) out.push('', `${l10n.t('Translations')}: ${l10n.t('the same on both sides ({0} workflows with translations)', c.translations.workflows.length)}`);
    else out.push('', l10n.t('Translations that differ'), ...differing.map((row) => `  ${t(row.workflowId)}: ${t(translationRowText(row, view.sides))}`));
  }
  return `${out.join('\n')}\n`;
}

export const COMPARE_REPORT_VERSION = 1;

/** The Comparison and the findings as data, each finding with its words beside its codes. */
export function compareJsonReport(view: CompareView, toolVersion: string): string {
  const c = view.comparison;
  const data = {
    tool: TOOL,
    command: COMPARE,
    toolVersion,
    reportVersion: COMPARE_REPORT_VERSION,
    outcome: view.headline,
    exitCode: view.exitCode,
    ...(view.notes.length > 0 ? { notes: view.notes } : {}),
    durationMs: view.durationMs,
    counts: { blocking: view.blocking, warnings: view.warnings, unread: c.unread.length, marks: c.counts },
    comparison: {
      ...c,
      findings: c.findings.map((f) => ({ ...f, words: { title: findingLine(f, view.sides), failure: failureWords(f, view.sides), fix: fixWords(f, view.sides, 'terminal') } })),
    },
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

function testcase(name: string, classname: string, body: string): string {
  return `    <testcase name="${xmlAttribute(name)}" classname="${xmlAttribute(classname)}" time="0.000"${body === '' ? '/>' : `>\n${body}\n    </testcase>`}`;
}

/**
 * JUnit XML: a suite `readiness` (a blocking finding a `<failure>`, a warning passed with its text
 * in `<system-out>`, what could not be read an `<error>`), and a suite `differences` (each workflow
 * and layout passed, its mark in its name and its differences in `<system-out>`).
 */
export function compareJunitReport(view: CompareView, timestamp: Date = new Date()): string {
  const c = view.comparison;
  const stamp = timestamp.toISOString().replace(/\.\d+Z$/, '');
  const time = (view.durationMs / 1000).toFixed(3);
  const readiness = c.findings.map((f) => {
    const body = findingLines(f, view.sides).slice(1).map((l) => l.trim()).join('\n');
    const title = findingLine(f, view.sides);
    return f.level === 'blocking'
      ? testcase(title, `readiness.${f.id}`, `      <failure message="${xmlAttribute(`${title}: ${failureWords(f, view.sides)}`)}" type="${f.id}">${xmlText(body)}</failure>`)
      : testcase(title, `readiness.${f.id}`, `      <system-out>${xmlText(`${l10n.t('warning')}: ${body}`)}</system-out>`);
  });
  const unread = c.unread.map((u) => {
    const text = unreadLine(u, view.sides);
    return testcase(text, 'readiness.unread', `      <error message="${xmlAttribute(text)}" type="notRead">${xmlText(text)}</error>`);
  });
  const differences = byMark(c).flatMap((group) =>
    group.items.map((item) => {
      const details = group.mark === 'same' ? [] : itemDetails(c, item.kind, item.id);
      return testcase(`${item.kind} ${item.id}: ${markLabel(group.mark, view.sides.target)}`, `differences.${item.kind}`, details.length > 0 ? `      <system-out>${xmlText(details.join('\n'))}</system-out>` : '');
    }),
  );
  const suiteName = `${c.source.name} → ${c.target.name}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttribute(`${TOOL} ${COMPARE}`)}" tests="${readiness.length + unread.length + differences.length}" failures="${view.blocking}" errors="${unread.length}" skipped="0" time="${time}">`,
    `  <testsuite name="${xmlAttribute(`${l10n.t('readiness')}: ${suiteName}`)}" tests="${readiness.length + unread.length}" failures="${view.blocking}" errors="${unread.length}" skipped="0" time="${time}" timestamp="${stamp}">`,
    ...readiness,
    ...unread,
    ...(view.notes.length > 0 ? [`    <system-err>${xmlText(view.notes.join('\n'))}</system-err>`] : []),
    '  </testsuite>',
    `  <testsuite name="${xmlAttribute(`${l10n.t('differences')}: ${suiteName}`)}" tests="${differences.length}" failures="0" errors="0" skipped="0" time="${time}" timestamp="${stamp}">`,
    ...differences,
    '  </testsuite>',
    '</testsuites>',
  ];
  return `${lines.join('\n')}\n`;
}
