/**
 * Search benchmark (issue 2): the real catalogue scaled to ≥ 50,000 variants, then 8 concurrent
 * HTTP clients against the api for search, autocomplete and lookup by url key; prints p50/p95/p99
 * and throughput per database, PGlite and PostgreSQL side by side.
 *
 * Run: `npm run bench:search` (PostgreSQL from BENCH_DATABASE_URL, default the local server
 * postgres://postgres@127.0.0.1:5432/test, where a scratch database `vetshop_bench` is created).
 * Env: BENCH_FACTOR (copies, default 18), BENCH_SECONDS (per scenario, default 10),
 * BENCH_CONCURRENCY (default 8), BENCH_DBS (pglite,postgres).
 * Targets on PostgreSQL (issue 2): search p95 ≤ 20 ms, autocomplete p95 ≤ 10 ms.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, recreateDatabase, type Database } from '../apps/api/src/db/client.ts';
import { importCatalogue } from '../apps/api/src/seed/import.ts';
import { refreshVariantPrices } from '../apps/api/src/seed/prices.ts';
import { rebuildSearchIndex } from '../apps/api/src/modules/catalog/search-index.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { businessDate } from '@vetshop/domain';
import { scaleCatalogue } from './scale.ts';

const FACTOR = Number(process.env.BENCH_FACTOR ?? 18);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Figures {
  scenario: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `CONCURRENCY` loops for `SECONDS`, each picking the next URL from `urls` (round robin). */
async function load(base: string, scenario: string, urls: string[]): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const end = Date.now() + SECONDS * 1000;
  // Warm-up: one pass over a few URLs.
  for (const u of urls.slice(0, 20)) await fetch(base + u).then((r) => r.arrayBuffer());
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const u = urls[next++ % urls.length]!;
        const t0 = performance.now();
        const res = await fetch(base + u);
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        if (!res.ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const r2 = (n: number) => Math.round(n * 10) / 10;
  return {
    scenario,
    requests: times.length,
    errors,
    p50: r2(percentile(times, 50)),
    p95: r2(percentile(times, 95)),
    p99: r2(percentile(times, 99)),
    rps: Math.round(times.length / elapsed),
  };
}

async function prepare(kind: string): Promise<Database> {
  const database =
    kind === 'postgres'
      ? await openDatabase({ databaseUrl: await recreateDatabase(PG_URL, 'vetshop_bench'), poolSize: 10 })
      : await openDatabase({});
  const t0 = performance.now();
  await importCatalogue(database.db);
  const t1 = performance.now();
  const scaled = await scaleCatalogue(database.db, FACTOR);
  await refreshVariantPrices(database.db, businessDate());
  await rebuildSearchIndex(database.db);
  if (database.kind === 'postgres') await database.db.execute(sql`ANALYZE`);
  const t2 = performance.now();
  console.log(
    `[${kind}] import ${Math.round(t1 - t0)} ms; scaled to ${scaled.products} models / ${scaled.variants} variants in ${Math.round(t2 - t1)} ms`,
  );
  return database;
}

async function sampleUrls(database: Database): Promise<Record<string, string[]>> {
  const names = (
    await database.db.execute<{ name: string; url_key: string; principle: string | null }>(sql`
      SELECT t.name, t.url_key, p.active_principles[1] AS principle
      FROM product_translations t JOIN products p ON p.id = t.product_id
      WHERE t.locale = 'fr' AND p.code NOT LIKE '%~%' ORDER BY p.id LIMIT 400`)
  ).rows;
  const words = names.map((n) => n.name.split(/\s+/)[0]!.toLowerCase()).filter((w) => w.length >= 4);
  const principles = names.map((n) => n.principle).filter((p): p is string => !!p);
  const typo = (w: string) => w.slice(0, 2) + w.slice(3);
  const enc = encodeURIComponent;
  return {
    search: [
      ...words.slice(0, 150).map((w) => `/catalog/search?lang=fr&q=${enc(w)}`),
      ...principles.slice(0, 100).map((p) => `/catalog/search?lang=en&q=${enc(p)}&species=dog`),
      ...words.slice(0, 50).map((w) => `/catalog/search?lang=nl&q=${enc(typo(w))}`),
      '/catalog/search?lang=fr&in_stock=true&sort=net_price_asc',
    ],
    autocomplete: [...words, ...principles].flatMap((w) => [
      `/catalog/autocomplete?lang=fr&q=${enc(w.slice(0, 3))}`,
      `/catalog/autocomplete?lang=fr&q=${enc(w.slice(0, 5))}`,
    ]),
    url_key: names.map((n) => `/catalog/products/by-url-key/${enc(n.url_key)}?lang=fr`),
  };
}

const results: Record<string, Figures[]> = {};
for (const kind of DBS) {
  const database = await prepare(kind);
  const app = await buildApp({ db: database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const urls = await sampleUrls(database);
  results[kind] = [];
  for (const [scenario, list] of Object.entries(urls)) {
    const f = await load(address, scenario, list);
    results[kind].push(f);
    console.log(
      `[${kind}] ${scenario}: p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, ${f.rps} req/s, ${f.errors} errors`,
    );
  }
  await app.close();
  await database.close();
}

console.log(`\nSearch benchmark: ${CONCURRENCY} concurrent clients, ${SECONDS} s per scenario (ms)`);
console.log(
  ['scenario', ...DBS.flatMap((d) => [`${d} p50`, `${d} p95`, `${d} p99`, `${d} req/s`])].join('\t'),
);
for (const scenario of ['search', 'autocomplete', 'url_key']) {
  const row = [scenario];
  for (const d of DBS) {
    const f = results[d]?.find((x) => x.scenario === scenario);
    row.push(String(f?.p50), String(f?.p95), String(f?.p99), String(f?.rps));
  }
  console.log(row.join('\t'));
}
