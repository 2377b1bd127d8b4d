/** Numbers as the display language writes them. */
import { dateFormatter, ROW_DATE_STYLES } from './time';

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
 * Makes the formatters a view's rows and counts use (a count; a date with and without its time) for
 * the display language, ahead of the first rows. The first formatter of each kind in a process loads
 * the language's data: 40 to 60 ms each on a 2-core machine, which used to land between the click on
 * the Novu icon and the first request leaving, since VS Code's fetch awaits its certificates then
 * (issue 37.6). Activation (after start-up) makes them instead, on a timer.
 */
export function prepareFormatters(locale?: string): void {
  numberFormatter(locale);
  for (const options of ROW_DATE_STYLES) dateFormatter(locale, options);
}
