/** Numbers as the display language writes them. */
const numberFormatters = new Map<string, Intl.NumberFormat>();

function numberFormatter(locale?: string): Intl.NumberFormat {
  const key = locale ?? '';
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale);
    numberFormatters.set(key, formatter);
  }
  return formatter;
}

/** A count as the display language writes it ("1,200" in English, "1.200" in German). */
export function formatCount(count: number, locale?: string): string {
  return numberFormatter(locale).format(count);
}

/**
 * Makes the count formatter now, on a timer, for a view whose first page is on its way: the first
 * Intl formatter of the process loads the language's data (10 to 25 ms), which then happens while
 * the request is out rather than after its answer (issue 30.10).
 */
export function prepareCountFormatter(locale?: string): void {
  if (!numberFormatters.has(locale ?? '')) setTimeout(() => numberFormatter(locale), 0);
}
