/** Numbers as the display language writes them. */
const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A count as the display language writes it ("1,200" in English, "1.200" in German). */
export function formatCount(count: number, locale?: string): string {
  const key = locale ?? '';
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale);
    numberFormatters.set(key, formatter);
  }
  return formatter.format(count);
}
