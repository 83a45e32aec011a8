/**
 * Query parsing of the product search (docs/product/catalogue-and-search.md#search-index,
 * docs/decisions/search-ranking.md): the folded words of a query and their tsquery text, the
 * exact-code form of a query and the stored values a code may match, LIKE escaping, and the
 * business month window of the discount flags.
 */
import { searchWords } from '@vetshop/domain';
import { businessDay } from './search-sql.ts';

const MAX_WORDS = 12;
const MAX_WORD_LENGTH = 60;

/**
 * Folded words of a query (letters and digits only, so they are safe inside a tsquery), units apart
 * from their numbers (`searchWords`, `splitUnits` of @vetshop/domain: "500mg" finds "500 mg" and "500
 * mg" finds "Bimacure 500mg"; docs/decisions/search-ranking.md, "Strengths typed without a space;
 * packs and ATCvet codes in the search row").
 */
export function queryWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = searchWords(q);
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/**
 * tsquery text: every word ANDed, the last as a prefix (`lastAsPrefix`, the default) or as a word.
 * Words are [\p{L}\p{N}]+ only.
 */
export function tsqueryText(words: readonly string[], lastAsPrefix = true): string {
  return words.map((w, i) => (lastAsPrefix && i === words.length - 1 ? `'${w}':*` : `'${w}'`)).join(' & ');
}

/**
 * Exact-code form of a query: trimmed, inner spaces removed, upper-cased (null when not
 * code-like). A GS1 element string as scanners read a DataMatrix ("(01)05412345000055(17)…" or
 * "0105412345000055…") becomes its GTIN-14.
 */
export function codeOf(q: string | undefined): string | null {
  if (!q) return null;
  const c = q
    .trim()
    .split(String.fromCharCode(29)) // GS1 group separator (FNC1) of scanned element strings
    .join('')
    .replace(/\s+/g, '')
    .toUpperCase();
  const gs1 = /^\(01\)(\d{14})/.exec(c) ?? /^01(\d{14})(?:(?:10|11|17|21)[\dA-Z]*)?$/.exec(c);
  if (gs1) return gs1[1] ?? null;
  return c.length >= 3 && c.length <= 64 && /^[\p{L}\p{N}./-]+$/u.test(c) ? c : null;
}

/**
 * The values an exact code may be stored as (docs/decisions/search-ranking.md): the code itself;
 * digits typed with separators ("1234-567"); a GTIN-14 with its leading zero as the EAN-13 it
 * holds; an EU number with its pack suffix ("EU/2/97/004/001") also as the product's number.
 * AMM numbers match with or without their date suffix in SQL (products.amm_code normalised).
 */
export function codeCandidates(code: string): string[] {
  const out = new Set([code]);
  if (/^[\d.\-/]+$/.test(code)) {
    const digits = code.replace(/\D/g, '');
    if (digits.length >= 3) out.add(digits);
    if (digits.length === 14 && digits.startsWith('0')) out.add(digits.slice(1));
  }
  const eu = /^(EU\/\d\/\d{2}\/\d{3})\/\d{3}$/.exec(code);
  if (eu?.[1]) out.add(eu[1]);
  return [...out];
}

/** First and last day of the current business month (Europe/Brussels), inclusive. */
export function monthWindow(today: string = businessDay()): { today: string; monthEnd: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { today, monthEnd: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** Escapes LIKE wildcards (\ % _) of a folded query. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
