import type { Locale } from '@vetshop/domain';
import { stripTags } from '@vetshop/domain';
import { FORMAT_LOCALE } from '@/i18n/routing';

/** Formats an amount in EUR (excl. VAT unless the caller says otherwise) for the locale (fr-BE, nl-BE, en-US). */
export function formatPrice(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(FORMAT_LOCALE[locale], { style: 'currency', currency: 'EUR' }).format(amount);
}

/** Formats a percentage given as 0-100 (e.g. 12.5 → "12,5 %"). */
export function formatPercent(percent: number, locale: Locale): string {
  return new Intl.NumberFormat(FORMAT_LOCALE[locale], { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  );
}

/**
 * Formats an ISO date (YYYY-MM-DD or full timestamp) as a long date in Brussels time.
 * Date-only values are read at noon UTC so the day never shifts. Returns the input when unparsable.
 */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(FORMAT_LOCALE[locale], {
    dateStyle: 'long',
    timeZone: 'Europe/Brussels',
  }).format(date);
}

/** Integer formatted for the locale (counts, quantities). */
export function formatInt(n: number, locale: Locale): string {
  return new Intl.NumberFormat(FORMAT_LOCALE[locale]).format(n);
}

/** "guinea_pig" → "Guinea pig": fallback label for a code without a translation. */
export function humanize(code: string): string {
  const s = code.replace(/[_-]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Plain-text paragraphs of an api text that may hold HTML (descriptions): block tags and line breaks
 * become paragraph breaks, other tags are stripped (never rendered as HTML).
 */
export function textParagraphs(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6])\s*>/gi, '\n')
    .split(/\n+/)
    .map((p) => stripTags(p))
    .filter((p) => p.length > 0);
}
