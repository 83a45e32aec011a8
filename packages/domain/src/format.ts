/**
 * The shop's one formatting source for money, numbers and dates (docs/decisions/formatting.md):
 * the web pages, the PDFs and the mails all print through these functions, so a date or an amount
 * reads the same everywhere. Pure functions on Intl, no zod (browser code imports them).
 *
 * - Locale tags: fr → fr-BE, nl → nl-BE, en → en-US (the interface locales of
 *   docs/product/web-app-shell.md).
 * - Money: EUR, always 2 decimals, rounded half away from zero on the amount as written.
 * - Dates: a long form ("4 mars 2026", "4 maart 2026", "March 4, 2026") and a short numeric form
 *   ("04/03/2026" in fr and nl, "03/04/2026" in en); date-times add "HH:mm" (24 h) in Europe/Brussels.
 */
import type { Locale } from './constants/catalog.ts';
import { FORMAT_LOCALES, numberFormat } from './format-number.ts';

/** The shop's time zone: timestamps are printed as Brussels wall-clock time. */
export const SHOP_TIME_ZONE = 'Europe/Brussels';

/** Formatters are costly to build (~0.3 ms) and cheap to use: one per locale and kind, built on first use. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(key: string, locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `d:${key}:${locale}`;
  let f = dateFormats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(FORMAT_LOCALES[locale], { timeZone: SHOP_TIME_ZONE, ...options });
    dateFormats.set(id, f);
  }
  return f;
}

/**
 * `amount` rounded to `decimals`, half away from zero on the decimal value as written (1.005 → 1.01,
 * -0.125 → -0.13), never negative zero. Binary noise is removed first (1.005 is stored as 1.00499…).
 */
function roundHalfAway(amount: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(amount) * factor).toPrecision(15));
  const rounded = (Math.sign(amount) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded;
}

/**
 * Money in EUR with 2 decimals for the locale: fr "1 234,50 €", nl "€ 1.234,50", en "€1,234.50";
 * negatives "-1 234,50 €", "€ -1.234,50", "-€1,234.50". `amountEur` is in euros (a number such as
 * 12.5, the web's wire amounts; excl. VAT unless the caller says otherwise). Rounded half away from
 * zero to the cent. fr uses a narrow no-break space (U+202F) before "€" and as thousands separator.
 */
export function formatMoney(amountEur: number, locale: Locale): string {
  return numberFormat('money', locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(roundHalfAway(amountEur, 2));
}

/** {@link formatMoney} of an amount in integer euro cents (the api's stored amounts): 123450 → "1 234,50 €". */
export function formatMoneyCents(cents: number, locale: Locale): string {
  return formatMoney(cents / 100, locale);
}

/** A percentage given as 0–100 (12.5 → fr "12,5 %", nl "12,5%", en "12.5%"), up to 2 decimals. */
export function formatPercent(percent: number, locale: Locale): string {
  return numberFormat('percent', locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  );
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date value as an instant: a calendar day "yyyy-mm-dd" is read at noon UTC (the same day in
 * Brussels whatever the season); an ISO timestamp or a Date is taken as is. Null when unparsable.
 */
function toInstant(value: string | Date): Date | null {
  const date =
    typeof value === 'string' ? new Date(ISO_DAY.test(value) ? `${value}T12:00:00Z` : value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An unparsable value is printed as given (a string) or as an empty string (an invalid Date). */
const unparsable = (value: string | Date): string => (typeof value === 'string' ? value : '');

/**
 * Long date in Europe/Brussels: fr "4 mars 2026", nl "4 maart 2026", en "March 4, 2026".
 * `value`: a calendar day "yyyy-mm-dd", an ISO timestamp (e.g. "2026-03-04T23:30:00Z" → 5 March,
 * the day in Brussels) or a Date. Returns the input string when it cannot be parsed.
 */
export function formatDate(value: string | Date, locale: Locale): string {
  const date = toInstant(value);
  return date ? dateFormat('long', locale, { dateStyle: 'long' }).format(date) : unparsable(value);
}

/**
 * Short numeric date in Europe/Brussels: "dd/mm/yyyy" in fr and nl ("04/03/2026"), "mm/dd/yyyy"
 * in en (en-US: "03/04/2026").
 * `value` as in {@link formatDate}.
 */
export function formatDateShort(value: string | Date, locale: Locale): string {
  const date = toInstant(value);
  return date
    ? dateFormat('short', locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date)
    : unparsable(value);
}

/**
 * Short date and 24-hour time in Europe/Brussels: fr "04/03/2026 09:05", nl "04/03/2026, 09:05",
 * en "03/04/2026, 09:05"; `seconds` adds ":ss". `value`: an ISO timestamp or a Date (a bare
 * "yyyy-mm-dd" reads as noon UTC). Returns the input string when it cannot be parsed.
 */
export function formatDateTime(
  value: string | Date,
  locale: Locale,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  const date = toInstant(value);
  if (!date) return unparsable(value);
  return dateFormat(seconds ? 'datetime-s' : 'datetime', locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(date);
}

/**
 * The month name of a calendar month "yyyy-mm" (or any value {@link formatDate} reads): `short`
 * gives fr "mars", nl "mrt", en "Mar"; `long` gives "mars", "maart", "March".
 */
export function formatMonth(value: string, locale: Locale, style: 'short' | 'long'): string {
  const date = toInstant(/^\d{4}-\d{2}$/.test(value) ? `${value}-15` : value);
  return date ? dateFormat(`month-${style}`, locale, { month: style }).format(date) : value;
}
