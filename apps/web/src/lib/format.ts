import type { Locale } from '@vetshop/domain';
import {
  formatDate as shopDate,
  formatMoney,
  formatNumber,
  formatPercent as shopPercent,
  stripTags,
} from '@vetshop/domain';

/*
 * Money, numbers and dates on the site come from the domain's format.ts, the same source as the
 * PDFs and the mails (docs/decisions/formatting.md): fr-BE, nl-BE, en-US; Europe/Brussels.
 */
export { formatDateShort, formatDateTime, formatMonth, formatNumber } from '@vetshop/domain';

/**
 * An amount in EUR (a number of euros, excl. VAT unless the caller says otherwise) with 2 decimals:
 * "1 234,50 €", "€ 1.234,50", "€1,234.50".
 */
export function formatPrice(amount: number, locale: Locale): string {
  return formatMoney(amount, locale);
}

/** Formats a percentage given as 0-100 (e.g. 12.5 → "12,5 %"). */
export function formatPercent(percent: number, locale: Locale): string {
  return shopPercent(percent, locale);
}

/**
 * An ISO date (YYYY-MM-DD or full timestamp) as a long date in Brussels time ("4 mars 2026",
 * "4 maart 2026", "March 4, 2026"). Date-only values never shift a day. Returns the input when unparsable.
 */
export function formatDate(iso: string, locale: Locale): string {
  return shopDate(iso, locale);
}

/** Integer formatted for the locale (counts, quantities): "1 234", "1.234", "1,234". */
export function formatInt(n: number, locale: Locale): string {
  return formatNumber(n, locale);
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
