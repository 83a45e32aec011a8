/**
 * "Did you mean" of the product search and autocomplete (docs/product/catalogue-and-search.md#search-index
 * phrase suggester, max errors 1; docs/decisions/search-ranking.md): the edit distance with
 * transpositions and the per-word correction from the locale's vocabulary (search_words).
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { executeForValues } from '../../db/statements.ts';

/**
 * Edit distance with adjacent transpositions (optimal string alignment, as Elasticsearch's
 * suggester counts them: "meloxicma" is one edit from "meloxicam"); returns max + 1 when above `max`.
 */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const prev = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    rows.push(cur);
  }
  return rows[a.length]?.[b.length] ?? max + 1;
}

/**
 * "Did you mean" (docs/product/catalogue-and-search.md#search-index phrase suggester, max errors 1): for each word absent from the locale's
 * vocabulary, the most frequent vocabulary word within one edit (trigram similarity pre-filters,
 * the edit distance with transpositions decides). Returns the corrected query, or null when nothing changes.
 */
export async function didYouMean(db: Db, lang: Locale, words: readonly string[]): Promise<string | null> {
  const candidates = words.filter((w) => w.length >= 3 && !/^\d+$/.test(w));
  if (!candidates.length) return null;
  const rows = await executeForValues<{ q: string; word: string; frequency: number }>(
    db,
    sql`
    SELECT w.q, sw.word, sw.frequency
    FROM unnest(${sql.param(candidates)}::text[]) AS w(q)
    JOIN search_words sw ON sw.locale = ${lang} AND (sw.word = w.q OR sw.word % w.q)`,
  );
  let changed = false;
  const corrected = words.map((w) => {
    const mine = rows.rows.filter((r) => r.q === w);
    if (!mine.length || mine.some((r) => r.word === w)) return w;
    const best = mine
      .filter((r) => editDistance(w, r.word, 1) <= 1)
      .sort((a, b) => Number(b.frequency) - Number(a.frequency) || (a.word < b.word ? -1 : 1))[0];
    if (!best) return w;
    changed = true;
    return best.word;
  });
  return changed ? corrected.join(' ') : null;
}
