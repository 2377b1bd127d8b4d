/**
 * The failures' time windows: a preset back from now (its length and words), or a custom range
 * typed by the user (its two ends, the end "now" when left open). Shared by the panel and the
 * agent's tool; no vscode import.
 */
import { describeCustomRange } from '../format/timeRange';
import { l10n } from '../l10n';
import { FAILURE_RANGES, type FailureRange } from './protocol';

export const WINDOW_MS: Readonly<Record<FailureRange, number>> = { lastHour: 3_600_000, last24Hours: 86_400_000, last7Days: 7 * 86_400_000 };

/** A window as the panel keeps it: a preset, or a custom range with a start. */
export type FailureWindow = { kind: FailureRange } | { kind: 'custom'; after: string; before?: string };

export function windowLabel(range: FailureRange): string {
  switch (range) {
    case 'lastHour':
      return l10n.t('the last hour');
    case 'last24Hours':
      return l10n.t('the last 24 hours');
    case 'last7Days':
      return l10n.t('the last 7 days');
  }
}

/** The window's two ends at `nowMs` (a custom range's open end is now), and its words. */
export function resolveWindow(window: FailureWindow, nowMs: number, locale?: string): { startMs: number; endMs: number; label: string } {
  if (window.kind !== 'custom') return { startMs: nowMs - WINDOW_MS[window.kind], endMs: nowMs, label: windowLabel(window.kind) };
  const startMs = Date.parse(window.after);
  const endMs = window.before !== undefined ? Math.min(nowMs, Date.parse(window.before)) : nowMs;
  return { startMs, endMs: Math.max(startMs, endMs), label: describeCustomRange(window, locale) };
}

/** A window handed to the command (a row's argument, or a keybinding's): a preset, or a custom range with a start. */
export function windowArgument(value: unknown): FailureWindow | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, after, before } = value as Record<string, unknown>;
  if ((FAILURE_RANGES as readonly unknown[]).includes(kind)) return { kind: kind as FailureWindow['kind'] } as FailureWindow;
  if (kind !== 'custom' || typeof after !== 'string' || Number.isNaN(Date.parse(after))) return undefined;
  if (before !== undefined && (typeof before !== 'string' || !(Date.parse(before) > Date.parse(after)))) return undefined;
  return { kind: 'custom', after, ...(typeof before === 'string' ? { before } : {}) };
}
