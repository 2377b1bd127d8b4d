/** Readable text for step filters and integration conditions: "subscriber.plan LARGER 3". Pure. */
import type { StepFilter } from '../api/schemas';
import { l10n } from '../l10n';

type FilterPart = NonNullable<StepFilter['children']>[number];

export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return l10n.t('(empty)');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function formatFilterPart(part: FilterPart): string {
  const field = [part.on, part.field].filter((p) => p !== undefined && p !== null && p !== '').join('.') || l10n.t('(field)');
  return `${field} ${part.operator ?? '?'} ${formatValue(part.value)}`;
}

/** One filter: its parts joined by its operator (AND/OR), negated when it says so. */
export function formatFilter(filter: StepFilter): string {
  const joiner = ` ${(filter.value ?? 'AND').toUpperCase()} `;
  const parts = (filter.children ?? []).map(formatFilterPart);
  const body = parts.length === 0 ? l10n.t('(no conditions)') : parts.join(joiner);
  return filter.isNegated ? `NOT (${body})` : body;
}

/** Every filter of a list, one line each; several filters must all hold. */
export function formatFilters(filters: readonly StepFilter[] | null | undefined): string[] {
  return (filters ?? []).map(formatFilter);
}
