/**
 * Numbers of the shop's one formatting source (format.ts, docs/decisions/formatting.md): the locale
 * tags, the number-format cache and plain numbers. A module of its own so that a browser component
 * showing only a count (the header's cart count) does not carry the money and date formatting.
 */
import type { Locale } from './constants/catalog.ts';

/** BCP 47 tag used to format numbers and dates per interface locale. */
export const FORMAT_LOCALES = { fr: 'fr-BE', nl: 'nl-BE', en: 'en-US' } as const satisfies Record<
  Locale,
  string
>;

/** Formatters are costly to build (~0.3 ms) and cheap to use: one per locale and kind, built on first use. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The cached Intl.NumberFormat of `key` (a name for `options`) in `locale`. */
export function numberFormat(
  key: string,
  locale: Locale,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const id = `n:${key}:${locale}`;
  let f = numberFormats.get(id);
  if (!f) {
    f = new Intl.NumberFormat(FORMAT_LOCALES[locale], options);
    numberFormats.set(id, f);
  }
  return f;
}

/**
 * A plain number for the locale (counts, quantities, rates): fr "1 234,5", nl "1.234,5", en "1,234.5".
 * Default: up to 3 decimals (Intl's default); `fractionDigits` sets the minimum and maximum.
 */
export function formatNumber(
  value: number,
  locale: Locale,
  fractionDigits: { min?: number; max?: number } = {},
): string {
  const min = fractionDigits.min ?? 0;
  const max = Math.max(fractionDigits.max ?? 3, min);
  return numberFormat(`num-${min}-${max}`, locale, {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  }).format(value);
}
