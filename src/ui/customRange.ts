/**
 * A custom time range asked in two steps, start then end, each checked as it is typed (the message
 * at the field, before any request) and each with Back: Back (or Escape) from the start gives
 * nothing, Back from the end returns to the start with both texts kept. The Activity filter and
 * Failures by Cause ask it the same way.
 */
import * as vscode from 'vscode';
import { checkRange, parseTimeInput, type CustomRange } from '../format/timeRange';
import { isBack, type Prompter } from './prompter';

export interface CustomRangeOptions {
  /** What the range is for, in the steps' titles: "Custom range", "Failures by Cause: window". */
  title: string;
  /** The range shown before, whose ends the boxes start from. */
  current?: CustomRange;
  /** The instant durations (6h, 2d) count back from. */
  nowMs: number;
}

/** The range typed, or undefined when the user went back or escaped. */
export async function askCustomRange(prompter: Prompter, options: CustomRangeOptions): Promise<CustomRange | undefined> {
  const { nowMs } = options;
  const text = (iso: string | undefined) => (iso ? localText(iso) : '');
  let fromText = text(options.current?.after);
  let toText = text(options.current?.before);
  for (;;) {
    const from = await prompter.input({
      title: vscode.l10n.t('{0}: start', options.title),
      prompt: vscode.l10n.t('From when? A local date and time (2026-11-20 14:30), an ISO date-time, or a duration back from now (6h, 2d)'),
      placeholder: '2026-11-20 14:30',
      value: fromText,
      step: 1,
      totalSteps: 2,
      back: true,
      validate: (v) => {
        const parsed = parseTimeInput(v, nowMs);
        return 'error' in parsed ? parsed.error : undefined;
      },
    });
    if (from === undefined || isBack(from)) return undefined;
    fromText = from;
    const after = (parseTimeInput(from, nowMs) as { iso: string }).iso;
    const to = await prompter.input({
      title: vscode.l10n.t('{0}: end', options.title),
      prompt: vscode.l10n.t('Until when? Leave empty for now.'),
      placeholder: vscode.l10n.t({ message: 'now', comment: 'the end of a time range when none is typed' }),
      value: toText,
      step: 2,
      totalSteps: 2,
      back: true,
      validate: (v) => {
        if (v.trim() === '') return undefined;
        const parsed = parseTimeInput(v, nowMs);
        return 'error' in parsed ? parsed.error : checkRange(after, parsed.iso);
      },
    });
    if (to === undefined) return undefined;
    if (isBack(to)) {
      toText = to.value;
      continue;
    }
    const before = to.trim() === '' ? undefined : (parseTimeInput(to, nowMs) as { iso: string }).iso;
    return { kind: 'custom', after, ...(before ? { before } : {}) };
  }
}

/** An instant as the boxes take it back: local `2026-11-20 14:30` (seconds only when it has them). */
function localText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const seconds = d.getSeconds() ? `:${two(d.getSeconds())}` : '';
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}${seconds}`;
}
