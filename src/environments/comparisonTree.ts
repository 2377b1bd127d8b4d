/**
 * The Environment Comparison view (issue 52): "Development → Production" with both read times; what
 * the target lacks (blocking findings first, each with its failure, fix and evidence), the workflows
 * and layouts with their marks and counts, the integrations by channel where they differ, what was
 * not compared and what could not be read. While the sides are read, the workflows read on both so
 * far show with their marks. Every name is the service's text: labels, descriptions and plain-text
 * tooltips only, never Markdown.
 */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { type Comparison, markLabel, translationRowText, translationsNotComparedText, unreadText } from '../compare/comparison';
import type { LayoutComparison } from '../compare/compareLayouts';
import type { Mark, StepChange, WorkflowComparison } from '../compare/compareWorkflows';
import type { Finding } from '../compare/readiness';
import type { RunsRefused } from '../compare/schemaDiff';
import { MessageNode, type TreeNode } from '../ui/treeNodes';
import { channelWords, evidenceLine, failureWords, findingTitle, fixWords, type SidesNamed } from '../compare/findingWords';

export const COMPARISON_VIEW_ID = 'novuExplorer.comparison';

/** A trigger call of the user's code that a finding is about (item 6): where, and what it lacks. */
export interface TriggerSite {
  workflowId: string;
  uri: vscode.Uri;
  line: number;
  /** "src/orders.ts:42". */
  label: string;
}

/** What the view shows: nothing yet, the reading, a side that failed, or the comparison. */
export type ComparisonView =
  | { kind: 'none' }
  | { kind: 'reading'; title: string; partial: WorkflowComparison[]; read: { source: number; target: number } }
  | { kind: 'failed'; title: string; message: string }
  | { kind: 'compared'; comparison: Comparison; generation: number; triggers: TriggerSite[]; runs?: Map<string, RunsRefused> };

const MARK_ICONS: Record<Mark, [string, string | undefined]> = {
  notInTarget: ['diff-removed', 'list.errorForeground'],
  onlyInTarget: ['diff-added', 'list.warningForeground'],
  differs: ['diff-modified', 'list.warningForeground'],
  stepOrder: ['arrow-swap', undefined],
  same: ['pass', undefined],
  notRead: ['error', 'list.errorForeground'],
};
const MARK_ORDER: readonly Mark[] = ['notInTarget', 'differs', 'stepOrder', 'onlyInTarget', 'notRead', 'same'];

function icon(mark: Mark): vscode.ThemeIcon {
  const [id, color] = MARK_ICONS[mark];
  return new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
}

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString(vscode.env.language);
}

/** "2 Not in Production · 1 Differs · 3 Same": the marks present, in a fixed order. */
export function countsText(items: readonly { mark: Mark }[], target: string): string {
  const counts = new Map<Mark, number>();
  for (const item of items) counts.set(item.mark, (counts.get(item.mark) ?? 0) + 1);
  return MARK_ORDER.filter((m) => counts.has(m)).map((m) => `${counts.get(m)!} ${markLabel(m, target)}`).join(' · ');
}

class Node implements TreeNode {
  constructor(
    private readonly item: vscode.TreeItem,
    private readonly kids: TreeNode[] = [],
  ) {
    if (kids.length > 0 && item.collapsibleState === vscode.TreeItemCollapsibleState.None) item.collapsibleState = vscode.TreeItemCollapsibleState.Collapsed;
  }
  treeItem(): vscode.TreeItem {
    return this.item;
  }
  children(): TreeNode[] {
    return this.kids;
  }
}

function row(label: string, o: { description?: string; tooltip?: string; icon?: vscode.ThemeIcon; command?: vscode.Command; context?: string; expanded?: boolean; id?: string } = {}, kids: TreeNode[] = []): Node {
  const item = new vscode.TreeItem(label, o.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
  if (o.description !== undefined) item.description = o.description;
  if (o.tooltip !== undefined) item.tooltip = o.tooltip;
  if (o.icon) item.iconPath = o.icon;
  if (o.command) item.command = o.command;
  if (o.context) item.contextValue = o.context;
  if (o.id) item.id = o.id;
  return new Node(item, kids);
}

/** The argument of Open Both Sides in the Diff Editor: one workflow or layout of one comparison. */
export interface DiffTarget {
  generation: number;
  kind: 'workflow' | 'layout';
  id: string;
  name: string;
}

export class ComparisonTree implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private state: ComparisonView = { kind: 'none' };
  private differencesOnlyValue = false;
  view: vscode.TreeView<TreeNode> | undefined;

  get current(): ComparisonView {
    return this.state;
  }

  get differencesOnly(): boolean {
    return this.differencesOnlyValue;
  }

  set differencesOnly(value: boolean) {
    this.differencesOnlyValue = value;
    void vscode.commands.executeCommand('setContext', 'novuExplorer.comparisonDifferencesOnly', value);
    this.changed.fire(undefined);
  }

  show(state: ComparisonView): void {
    this.state = state;
    if (this.view) {
      const title = state.kind === 'compared' ? `${state.comparison.source.environmentName} → ${state.comparison.target.environmentName}` : state.kind === 'none' ? undefined : state.title;
      this.view.description = title;
      this.view.message = state.kind === 'compared' ? vscode.l10n.t('{0} read {1} → {2} read {3}', state.comparison.source.name, time(state.comparison.source.readAt), state.comparison.target.name, time(state.comparison.target.readAt)) : undefined;
    }
    this.changed.fire(undefined);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.treeItem();
  }

  getChildren(node?: TreeNode): TreeNode[] | Promise<TreeNode[]> {
    if (node) return node.children?.() ?? [];
    return this.roots();
  }

  /** The rows at the top, as the view shows them now (tests read them). */
  roots(): TreeNode[] {
    const s = this.state;
    switch (s.kind) {
      case 'none':
        return [];
      case 'failed':
        return [new MessageNode(s.message, { icon: 'error', tooltip: s.message })];
      case 'reading':
        return [
          new MessageNode(vscode.l10n.t('Reading both sides… ({0} and {1} items read)', s.read.source, s.read.target), { icon: 'loading~spin' }),
          ...(s.partial.length > 0 ? [row(vscode.l10n.t('Workflows read on both sides so far'), { expanded: true, icon: new vscode.ThemeIcon('symbol-event') }, s.partial.map((w) => this.workflowRow(w, undefined)))] : []),
        ];
      case 'compared':
        return this.compared(s.comparison, s.generation, s.triggers, s.runs);
    }
  }

  private compared(c: Comparison, generation: number, triggers: readonly TriggerSite[], runs: ReadonlyMap<string, RunsRefused> = new Map()): TreeNode[] {
    const target = c.target.environmentName;
    const sides: SidesNamed = { source: c.source.environmentName, target };
    // What differs first (in the marks' order), then Same; by name within a mark (the source's list order is its newest first).
    const show = <T extends { mark: Mark; name: string }>(items: readonly T[]) =>
      (this.differencesOnlyValue ? items.filter((i) => i.mark !== 'same') : [...items]).sort((a, b) => MARK_ORDER.indexOf(a.mark) - MARK_ORDER.indexOf(b.mark) || a.name.localeCompare(b.name));
    const blocking = c.findings.filter((f) => f.level === 'blocking').length;
    const nodes: TreeNode[] = [];
    nodes.push(
      row(
        vscode.l10n.t('What {0} lacks', target),
        {
          expanded: true,
          id: `${generation}/findings`,
          icon: new vscode.ThemeIcon(blocking > 0 ? 'error' : c.findings.length > 0 ? 'warning' : 'pass'),
          description: c.findings.length === 0 ? vscode.l10n.t('nothing found') : vscode.l10n.t('{0} blocking · {1} warnings', blocking, c.findings.length - blocking),
        },
        c.findings.length === 0 ? [new MessageNode(vscode.l10n.t('No finding in what was read.'))] : c.findings.map((f, i) => this.findingRow(f, sides, `${generation}/finding/${i}`, triggers, f.id === 'R7' && f.workflowId ? runs.get(f.workflowId) : undefined)),
      ),
    );
    const workflows = show(c.workflows);
    nodes.push(row(vscode.l10n.t('Workflows'), { expanded: true, id: `${generation}/workflows`, icon: new vscode.ThemeIcon('symbol-event'), description: countsText(c.workflows, target) }, workflows.length > 0 ? workflows.map((w) => this.workflowRow(w, generation, target)) : [new MessageNode(vscode.l10n.t('No differences in the workflows.'))]));
    const layouts = show(c.layouts);
    nodes.push(row(vscode.l10n.t('Layouts'), { expanded: true, id: `${generation}/layouts`, icon: new vscode.ThemeIcon('layout'), description: countsText(c.layouts, target) }, layouts.length > 0 ? layouts.map((l) => this.layoutRow(l, generation, target)) : [new MessageNode(vscode.l10n.t('No differences in the layouts.'))]));
    const channels = c.integrations.filter((ch) => ch.differs || !this.differencesOnlyValue);
    nodes.push(
      row(
        vscode.l10n.t('Integrations by channel'),
        { expanded: false, id: `${generation}/integrations`, icon: new vscode.ThemeIcon('plug'), description: vscode.l10n.t('{0} of {1} channels differ', c.integrations.filter((ch) => ch.differs).length, c.integrations.length) },
        channels.map((ch) => {
          const side = (list: typeof ch.source) => (list.length === 0 ? vscode.l10n.t('none') : list.map((i) => `${i.providerId}${i.active ? '' : ` (${vscode.l10n.t('inactive')})`}${i.primary ? ` (${vscode.l10n.t('primary')})` : ''}`).join(', '));
          const text = `${sides.source}: ${side(ch.source)} → ${target}: ${side(ch.target)}`;
          return row(channelWords(ch.channel), { description: text, tooltip: text, icon: new vscode.ThemeIcon(ch.differs ? 'diff-modified' : 'pass') });
        }),
      ),
    );
    nodes.push(this.translationsRow(c, generation, sides));
    if (c.unread.length > 0) {
      nodes.push(
        row(
          vscode.l10n.t('Could not read ({0})', c.unread.length),
          { expanded: true, id: `${generation}/unread`, icon: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')), description: vscode.l10n.t('not compared: never “no differences”') },
          c.unread.map((u) => {
            const side = u.side === 'source' ? c.source.name : c.target.name;
            const what = u.item.kind === 'integrations' ? vscode.l10n.t('integrations') : u.item.kind === 'translations' ? vscode.l10n.t('translations of {0}', u.item.name ?? u.item.id ?? '') : (u.item.name ?? u.item.id ?? '');
            return row(what, { description: `${side}: ${unreadText(u.item)}`, tooltip: `${side}: ${u.item.id ?? what}: ${unreadText(u.item)}`, icon: new vscode.ThemeIcon('error') });
          }),
        ),
      );
    }
    return nodes;
  }

  /** Translations where enabled and readable, each workflow's locales on both sides; otherwise "not compared" and why (§10.7). */
  private translationsRow(c: Comparison, generation: number, sides: SidesNamed): TreeNode {
    const icon = new vscode.ThemeIcon('globe');
    const notCompared = translationsNotComparedText(c.translations, (side) => (side === 'source' ? c.source.name : c.target.name));
    if (notCompared !== undefined || c.translations.kind !== 'compared') return row(vscode.l10n.t('Translations'), { description: notCompared, tooltip: notCompared, icon });
    const all = c.translations.workflows;
    const shown = all.filter((t) => t.differs || t.unread.length > 0 || !this.differencesOnlyValue);
    return row(
      vscode.l10n.t('Translations'),
      { expanded: false, id: `${generation}/translations`, icon, description: vscode.l10n.t('{0} of {1} workflows differ', all.filter((t) => t.differs).length, all.length) },
      shown.length > 0
        ? shown.map((t) => {
            const text = translationRowText(t, sides);
            return row(t.name, { description: text, tooltip: `${t.workflowId}\n${text}`, icon: new vscode.ThemeIcon(t.unread.length > 0 ? 'error' : t.differs ? 'diff-modified' : 'pass') });
          })
        : [new MessageNode(vscode.l10n.t('No differences in the translations.'))],
    );
  }

  private findingRow(f: Finding, sides: SidesNamed, id: string, triggers: readonly TriggerSite[], runs?: RunsRefused): Node {
    const title = findingTitle(f, sides);
    const failure = failureWords(f, sides);
    const fix = fixWords(f, sides);
    const evidence = f.evidence.map((e) => evidenceLine(e, sides));
    const tooltip = [title, `${vscode.l10n.t('Predicts')}: ${failure}`, `${vscode.l10n.t('Fix')}: ${fix}`, ...evidence].join('\n');
    const sites = triggers.filter((t) => t.workflowId === f.workflowId && (f.id === 'R1' || f.id === 'R2'));
    const kids: TreeNode[] = [
      ...sites.map((t) =>
        row(vscode.l10n.t('{0} triggers {1}', t.label, f.workflowId ?? ''), {
          description: f.id === 'R1' ? vscode.l10n.t('which {0} does not have: {1}', sides.target, failure) : vscode.l10n.t('which is inactive in {0}: {1}', sides.target, failure),
          icon: new vscode.ThemeIcon('go-to-file'),
          command: { command: Commands.openComparisonFinding, title: vscode.l10n.t('Open the Trigger Call'), arguments: [{ uri: t.uri.toString(), line: t.line }] },
        }),
      ),
      ...(runs ? [runsRow(runs, f.workflowId ?? '', sides)] : []),
      row(vscode.l10n.t('Predicts'), { description: failure, tooltip: failure, icon: new vscode.ThemeIcon('flame') }),
      row(vscode.l10n.t('Fix'), { description: fix, tooltip: fix, icon: new vscode.ThemeIcon('tools'), command: { command: Commands.openComparisonFinding, title: fix, arguments: [{ fix: f.fix }] } }),
      ...f.evidence.map((e, i) => row(vscode.l10n.t('Evidence'), { description: evidence[i]!, tooltip: evidence[i]!, icon: new vscode.ThemeIcon(e.side === 'source' ? 'arrow-right' : 'target') })),
    ];
    return row(title, { description: `${f.id} · ${f.level === 'blocking' ? vscode.l10n.t('blocking') : vscode.l10n.t('warning')}`, tooltip, id, icon: new vscode.ThemeIcon(f.level === 'blocking' ? 'error' : 'warning', new vscode.ThemeColor(f.level === 'blocking' ? 'list.errorForeground' : 'list.warningForeground')), context: 'comparison.finding' }, kids);
  }

  private workflowRow(w: WorkflowComparison, generation: number | undefined, target = ''): Node {
    const kindText = w.kind === 'code' ? vscode.l10n.t('code workflow: reaches each environment through its own bridge sync, not through publish') : w.kind === 'legacy' ? vscode.l10n.t('legacy workflow: presence and active only') : undefined;
    const mark = markLabel(w.mark, target);
    const description = [mark, w.kind === 'code' ? vscode.l10n.t('code') : w.kind === 'legacy' ? vscode.l10n.t('legacy') : undefined].filter(Boolean).join(' · ');
    const unread = (w.unread ?? []).map((u) => row(unreadText(u.item), { icon: new vscode.ThemeIcon('error') }));
    const fields = w.fields.map((f) => row(f, { description: vscode.l10n.t('field differs'), icon: new vscode.ThemeIcon('symbol-field') }));
    const steps = w.steps.map((s) => this.stepRow(s));
    const tooltip = [`${w.name} (${w.workflowId})`, mark, kindText].filter(Boolean).join('\n');
    const diff = generation !== undefined && w.mark !== 'notRead' ? diffCommand({ generation, kind: 'workflow', id: w.workflowId, name: w.name }) : undefined;
    return row(w.name, { description, tooltip, icon: icon(w.mark), ...(diff ? { command: diff, context: 'comparison.diff' } : {}) }, [...unread, ...fields, ...steps]);
  }

  private stepRow(s: StepChange): Node {
    const action = { added: vscode.l10n.t('added'), deleted: vscode.l10n.t('deleted'), modified: vscode.l10n.t('changed'), moved: vscode.l10n.t('moved') }[s.action];
    const where = s.action === 'moved' || s.action === 'modified' ? vscode.l10n.t('position {0} → {1}', (s.newIndex ?? 0) + 1, (s.previousIndex ?? 0) + 1) : undefined;
    const changed = [...s.fields, ...s.controlValues.map((k) => `controlValues.${k}`), ...(s.dataSchema ? ['controls.dataSchema'] : [])];
    const description = [action, changed.length > 0 ? changed.join(', ') : undefined, where].filter(Boolean).join(' · ');
    return row(`${s.name} (${s.stepId})`, { description, tooltip: description, icon: new vscode.ThemeIcon(s.action === 'added' ? 'diff-added' : s.action === 'deleted' ? 'diff-removed' : s.action === 'moved' ? 'arrow-swap' : 'diff-modified') });
  }

  private layoutRow(l: LayoutComparison, generation: number, target: string): Node {
    const mark = markLabel(l.mark, target);
    const unread = (l.unread ?? []).map((u) => row(unreadText(u.item), { icon: new vscode.ThemeIcon('error') }));
    const fields = l.fields.map((f) => row(f, { description: vscode.l10n.t('field differs'), icon: new vscode.ThemeIcon('symbol-field') }));
    const diff = l.mark !== 'notRead' ? diffCommand({ generation, kind: 'layout', id: l.layoutId, name: l.name }) : undefined;
    return row(l.name, { description: mark, tooltip: `${l.name} (${l.layoutId})\n${mark}`, icon: icon(l.mark), ...(diff ? { command: diff, context: 'comparison.diff' } : {}) }, [...unread, ...fields]);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** R7 with the source's recent runs: "3 of the last 50 runs sent to W would be refused by Production's schema, with field F". */
function runsRow(runs: RunsRefused, workflowId: string, sides: SidesNamed): TreeNode {
  const text =
    runs.checked === 0
      ? vscode.l10n.t('No recent run of {0} in {1} carries a payload to check', workflowId, sides.source)
      : runs.refused === 0
        ? vscode.l10n.t('None of the last {0} runs sent to {1} in {2} would be refused by {3}’s schema', runs.checked, workflowId, sides.source, sides.target)
        : vscode.l10n.t('{0} of the last {1} runs sent to {2} would be refused by {3}’s schema, with field {4}', runs.refused, runs.checked, workflowId, sides.target, runs.fields[0]!.field);
  return row(vscode.l10n.t('Recent runs'), { description: text, tooltip: text, icon: new vscode.ThemeIcon(runs.refused > 0 ? 'history' : 'pass') });
}

function diffCommand(target: DiffTarget): vscode.Command {
  return { command: Commands.openComparisonDiff, title: vscode.l10n.t('Open Both Sides in the Diff Editor'), arguments: [target] };
}
