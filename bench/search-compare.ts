/**
 * Same answers before and after a search change (docs/decisions/search-performance.md, "Uncached
 * CPU"): runs a few hundred searches and autocompletes — words, prefixes, codes, typos, filters,
 * every sort, pages, the three locales, guests and signed-in viewers (other price lists, veterinary
 * groups) — against the reference implementation (apps/api/src/modules/catalog/search.ts of
 * another commit, exported with `git archive` into a temporary folder) and the current one, on the
 * same database, and prints every difference (exit code 1 when there is one). For a change of the
 * search index itself, `REF_DATABASE_URL` names a copy of the database indexed before the change
 * (`CREATE DATABASE … TEMPLATE …` before rebuilding): the reference then reads that copy.
 * Among the queries: strengths written with and without the space between number and unit ("500
 * mg", "500mg"), built from the names that write them each way.
 *
 * Both run in this process on one database connection pool, alternately (reference then current
 * for each query), so their timings are comparable: it also prints p50 / p95 of each (ms, single
 * client, uncached: each implementation's own module instance, each query asked once).
 *
 * Run: `npx tsx bench/search-compare.ts [--ref <commit>] [--limit N]`
 * (default reference b36c541, the commit before the change). Env: DATABASE_URL (default the
 * benchmark data set `postgres://postgres@127.0.0.1:5432/vetshop_dataset`, bench/dataset.ts), or
 * DATA_DIR for a PGlite folder.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  SORTS,
  autocompleteQuerySchema,
  searchQuerySchema,
  type AutocompleteQuery,
  type AutocompleteResult,
  type SearchQuery,
  type SearchResult,
} from '@vetshop/domain';
import { openDatabase, type Db } from '../apps/api/src/db/client.ts';
import * as current from '../apps/api/src/modules/catalog/search.ts';
import type { Viewer } from '../apps/api/src/modules/catalog/index.ts';
import { cliArg, exportCommit, openComparisonDatabase, percentile, r1, spread } from './lib.ts';

type SearchModule = {
  searchProducts(db: Db, query: SearchQuery, viewer: Viewer): Promise<SearchResult>;
  autocomplete(db: Db, query: AutocompleteQuery, viewer: Viewer): Promise<AutocompleteResult>;
};

const REF = cliArg('--ref') ?? 'b36c541';
const LIMIT = Number(cliArg('--limit') ?? 400);

const refDir = exportCommit(REF);
const database = await openComparisonDatabase();
const refDatabase = process.env.REF_DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.REF_DATABASE_URL, poolSize: 4 })
  : database;
try {
  const reference = (await import(
    pathToFileURL(path.join(refDir, 'apps/api/src/modules/catalog/search.ts')).href
  )) as SearchModule;
  const db = database.db;
  const rows = (
    await db.execute<{
      locale: string;
      name: string;
      principle: string | null;
      sku: string;
      barcode: string | null;
      cnk: string | null;
      species: string | null;
      vg: number | null;
    }>(sql`
      SELECT t.locale, t.name, p.active_principles[1] AS principle, v.sku, v.barcode, v.cnk_code AS cnk,
             p.species[1] AS species, p.vet_group_ids[1] AS vg
      FROM product_translations t JOIN products p ON p.id = t.product_id
      JOIN LATERAL (SELECT sku, barcode, cnk_code FROM product_variants WHERE product_id = p.id ORDER BY id LIMIT 1) v ON TRUE
      WHERE p.code NOT LIKE '%~%' ORDER BY p.id, t.locale`)
  ).rows;
  const categories = (await db.execute<{ id: number }>(sql`SELECT id FROM categories ORDER BY id`)).rows.map(
    (c) => String(c.id),
  );
  const groups = (await db.execute<{ id: number }>(sql`SELECT id FROM vet_groups ORDER BY id`)).rows.map(
    (g) => Number(g.id),
  );
  const viewers: Array<{ name: string; viewer: Viewer }> = [
    { name: 'guest', viewer: { priceList: 'default', vetGroupIds: [] } },
    { name: 'veterinary+groups', viewer: { priceList: 'veterinary', vetGroupIds: groups.slice(0, 2) } },
    { name: 'pharmacist', viewer: { priceList: 'pharmacist', vetGroupIds: groups.slice(2) } },
    { name: 'wholesaler', viewer: { priceList: 'wholesaler', vetGroupIds: [] } },
  ];
  const sorts = SORTS;
  const words = new Map<string, string[]>();
  for (const r of rows) {
    const list = words.get(r.locale) ?? [];
    for (const w of `${r.name} ${r.principle ?? ''}`.split(/[^\p{L}\p{N}]+/u))
      if (w.length >= 4 && !/^\d+$/.test(w)) list.push(w);
    words.set(r.locale, list);
  }
  const searches: Array<Record<string, unknown>> = [];
  const prefixes: Array<Record<string, unknown>> = [];
  let i = 0;
  for (const [lang, list] of words) {
    const unique = spread([...new Set(list.map((w) => w.toLowerCase()))].sort(), 60);
    for (const w of unique) {
      const sort = sorts[i % sorts.length];
      const q: Record<string, unknown> = {
        lang,
        q: i % 9 === 0 ? w.slice(0, 2) + w.slice(3) : w,
        sort,
        page: 1 + (i % 3 === 0 ? 1 : 0),
      };
      if (i % 5 === 1) q.species = ['dog'];
      if (i % 7 === 2) q.in_stock = 'true';
      if (i % 11 === 3) q.discount = 'true';
      if (i % 13 === 4) q.category = [categories[i % categories.length] ?? '1'];
      if (i % 17 === 5) q.family = ['medicine', 'food'];
      if (i % 19 === 6) q.discount_ending = 'true';
      searches.push(q);
      for (const n of [3, 4, 6])
        if (w.length >= n) prefixes.push({ lang, q: w.slice(0, n), size: i % 4 === 0 ? 20 : 8 });
      i++;
    }
  }
  for (const r of spread(rows, 20)) {
    searches.push({ lang: r.locale, q: r.sku });
    if (r.barcode) searches.push({ lang: r.locale, q: r.barcode });
    if (r.cnk) searches.push({ lang: r.locale, q: r.cnk, sort: 'net_price_asc' });
    searches.push({ lang: r.locale, q: `${r.name.split(' ')[0] ?? ''} ${r.principle ?? ''}`.trim() });
  }
  // Browse (no text) with filters, and multi-word queries.
  for (const lang of ['fr', 'nl', 'en']) {
    searches.push(
      { lang },
      { lang, species: ['dog', 'cat'], sort: 'name_asc' },
      { lang, in_stock: 'true', sort: 'net_price_asc', page: 3 },
    );
    searches.push(
      { lang, q: 'vaccin chien' },
      { lang, q: 'solution oral', family: ['medicine'] },
      { lang, q: 'zzqx' },
    );
  }
  // Every category browsed (no text), in each locale: two sorts, pages 1 and 2, one with a filter.
  categories.forEach((category, k) => {
    const lang = (['fr', 'nl', 'en'] as const)[k % 3];
    searches.push(
      { lang, category: [category] },
      { lang, category: [category], sort: 'net_price_asc', page: 2 },
      { lang, category: [category], in_stock: 'true', species: ['dog'] },
    );
  });
  searches.push({ lang: 'fr', category: ['999999'] }, { lang: 'nl', q: 'vaccin', category: ['999999'] });
  // Strengths with and without the space: "Bimacure 500mg" asked as "bimacure 500 mg", "Metacam 15
  // mg/ml" as "metacam 15mg".
  const strength = /^(\S+)\s.*?(\d+(?:[.,]\d+)?)( ?)(mg|ml|g|kg)\b/iu;
  for (const r of spread(
    rows.filter((r) => strength.test(r.name)),
    60,
  )) {
    const [, word, number, space, unit] = strength.exec(r.name) as RegExpExecArray;
    searches.push({ lang: r.locale, q: `${word} ${number}${space ? '' : ' '}${unit}` });
  }
  const cases: Array<{
    kind: 'search' | 'autocomplete';
    raw: Record<string, unknown>;
    viewer: (typeof viewers)[number];
  }> = [];
  searches.forEach((raw, k) =>
    cases.push({ kind: 'search', raw, viewer: viewers[k % viewers.length] as (typeof viewers)[number] }),
  );
  spread(prefixes, Math.max(searches.length, LIMIT - searches.length)).forEach((raw, k) =>
    cases.push({
      kind: 'autocomplete',
      raw,
      viewer: viewers[(k + 1) % viewers.length] as (typeof viewers)[number],
    }),
  );
  const run = (m: SearchModule, c: (typeof cases)[number]): Promise<unknown> => {
    const on = m === current ? db : refDatabase.db;
    return c.kind === 'search'
      ? m.searchProducts(on, searchQuerySchema.parse(c.raw), c.viewer.viewer)
      : m.autocomplete(on, autocompleteQuerySchema.parse(c.raw), c.viewer.viewer);
  };
  const times = {
    reference: { search: [] as number[], autocomplete: [] as number[] },
    current: { search: [] as number[], autocomplete: [] as number[] },
  };
  let differences = 0;
  const counts = { search: 0, autocomplete: 0 };
  // Searches and autocompletes interleaved; which implementation runs first alternates (the second
  // finds the database pages the first one read).
  const autos = cases.filter((c) => c.kind === 'autocomplete');
  const mixed = cases
    .filter((c) => c.kind === 'search')
    .flatMap((c, k) => [c, ...(autos[k] ? [autos[k]] : [])]);
  mixed.push(...autos.slice(mixed.length - cases.filter((c) => c.kind === 'search').length));
  const timed = async (m: SearchModule, c: (typeof cases)[number], into: number[]): Promise<string> => {
    const t = performance.now();
    const out = JSON.stringify(await run(m, c));
    into.push(performance.now() - t);
    return out;
  };
  for (const [k, c] of mixed.slice(0, LIMIT).entries()) {
    counts[c.kind]++;
    let a: string;
    let b: string;
    if (k % 2 === 0) {
      a = await timed(reference, c, times.reference[c.kind]);
      b = await timed(current as SearchModule, c, times.current[c.kind]);
    } else {
      b = await timed(current as SearchModule, c, times.current[c.kind]);
      a = await timed(reference, c, times.reference[c.kind]);
    }
    if (a !== b) {
      differences++;
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      console.log(
        `DIFF ${c.kind} ${c.viewer.name} ${JSON.stringify(c.raw)} at ${at}:\n  ref ${a.slice(Math.max(0, at - 80), at + 80)}\n  new ${b.slice(Math.max(0, at - 80), at + 80)}`,
      );
    }
  }
  const fig = (xs: number[]): string => {
    const s = [...xs].sort((x, y) => x - y);
    return `p50 ${r1(percentile(s, 50))} / p95 ${r1(percentile(s, 95))} ms`;
  };
  console.log(
    `reference ${REF} vs current, ${database.kind}: ${counts.search} searches, ${counts.autocomplete} autocompletes, viewers ${viewers.map((v) => v.name).join(', ')}`,
  );
  for (const kind of ['search', 'autocomplete'] as const) {
    console.log(`  ${kind}: reference ${fig(times.reference[kind])}; current ${fig(times.current[kind])}`);
  }
  console.log(`differences: ${differences}`);
  process.exitCode = differences ? 1 : 0;
} finally {
  await database.close();
  if (refDatabase !== database) await refDatabase.close();
  rmSync(refDir, { recursive: true, force: true });
}
