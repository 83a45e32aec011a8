/**
 * Search benchmark (issue 2): the real catalogue scaled ×BENCH_FACTOR (default 18: ≈ 32k models /
 * 72k variants), then `BENCH_CONCURRENCY` concurrent HTTP clients against the api for search,
 * autocomplete and lookup by url key; prints p50/p95/p99 and throughput per database, PGlite and
 * PostgreSQL side by side, the api's peak RSS, cold (first-time) browse figures and a line per target.
 *
 * Realistic set-up: the scaled data is prepared in this process (PGlite: a temporary data folder on
 * disk; PostgreSQL: the scratch database `vetshop_bench`, left behind for EXPLAIN), the database is
 * closed, then the api runs as a child process (`node --import tsx apps/api/src/main.ts`, i.e. what
 * `tsx` runs, without the tsx wrapper process so that /proc/<pid> is the api's) with DATA_DIR or
 * DATABASE_URL, API_PORT, LOG_LEVEL=warn; the load comes from this process.
 *
 * Run: `npm run bench:search`. Env: BENCH_DATABASE_URL (server URL, default
 * postgres://postgres@127.0.0.1:5432/test), BENCH_FACTOR, BENCH_SECONDS (per scenario, default 10),
 * BENCH_CONCURRENCY (default 8), BENCH_DBS (pglite,postgres), BENCH_REUSE=1 (reuse `vetshop_bench`).
 * Targets on PostgreSQL (issue 2): search p95 ≤ 20 ms, autocomplete p95 ≤ 10 ms, url key p95 ≤ 5 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { businessDate } from '@vetshop/domain';
import { openDatabase, recreateDatabase, type Database } from '../apps/api/src/db/client.ts';
import { importCatalogue } from '../apps/api/src/seed/import.ts';
import { refreshVariantPrices } from '../apps/api/src/seed/prices.ts';
import { rebuildSearchIndex } from '../apps/api/src/modules/catalog/search-index.ts';
import { scaleCatalogue } from './scale.ts';
import { peakRssMb, percentile, r1, startApi } from './lib.ts';

const FACTOR = Number(process.env.BENCH_FACTOR ?? 18);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** BENCH_REUSE=1: PostgreSQL only, reuse the `vetshop_bench` database of a previous run (no import). */
const REUSE = process.env.BENCH_REUSE === '1';
const SCENARIOS = ['search', 'autocomplete', 'url_key'] as const;
type Scenario = (typeof SCENARIOS)[number];
/** p95 targets on PostgreSQL, ms. */
const TARGETS: Record<Scenario, number> = { search: 20, autocomplete: 10, url_key: 5 };

interface Figures {
  scenario: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

/** Times one GET (ms); throws on a non-2xx answer. */
async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${res.status} for ${url}`);
  return ms;
}

/** Runs `CONCURRENCY` loops for `SECONDS`, each taking the next URL of `urls` (round robin). */
async function load(base: string, scenario: string, urls: string[]): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  // Warm-up: one pass over a few URLs (connections, JIT of the api process).
  for (const u of urls.slice(0, 20)) await fetch(base + u).then((r) => r.arrayBuffer());
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const u = urls[next++ % urls.length] ?? '';
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
  return {
    scenario,
    requests: times.length,
    errors,
    p50: r1(percentile(times, 50)),
    p95: r1(percentile(times, 95)),
    p99: r1(percentile(times, 99)),
    rps: Math.round(times.length / elapsed),
  };
}

interface Prepared {
  env: Record<string, string>;
  urls: Record<Scenario, string[]>;
  browse: string[];
  cleanup: () => void;
}

/** URLs of the scenarios, from visible original (not scaled) products only. */
async function sampleUrls(
  database: Database,
): Promise<{ urls: Record<Scenario, string[]>; browse: string[] }> {
  const names = (
    await database.db.execute<{ name: string; url_key: string; principle: string | null }>(sql`
      SELECT t.name, t.url_key, p.active_principles[1] AS principle
      FROM product_translations t JOIN products p ON p.id = t.product_id
      WHERE t.locale = 'fr' AND p.code NOT LIKE '%~%'
        AND NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0
      ORDER BY p.id LIMIT 400`)
  ).rows;
  const words = names.map((n) => (n.name.split(/\s+/)[0] ?? '').toLowerCase()).filter((w) => w.length >= 4);
  const principles = names.map((n) => n.principle).filter((p): p is string => !!p);
  const typo = (w: string): string => w.slice(0, 2) + w.slice(3);
  const enc = encodeURIComponent;
  const browse = [
    '/catalog/search?lang=fr&in_stock=true&sort=net_price_asc',
    '/catalog/search?lang=nl&species=dog&sort=name_asc',
    '/catalog/search?lang=en&family=food&discount=true',
    '/catalog/search?lang=fr',
  ];
  return {
    urls: {
      search: [
        ...words.slice(0, 150).map((w) => `/catalog/search?lang=fr&q=${enc(w)}`),
        ...principles.slice(0, 100).map((p) => `/catalog/search?lang=en&q=${enc(p)}&species=dog`),
        ...words.slice(50, 100).map((w) => `/catalog/search?lang=fr&q=${enc(w)}&sort=net_price_asc`),
        ...words.slice(0, 50).map((w) => `/catalog/search?lang=nl&q=${enc(typo(w))}`),
        browse[0] ?? '',
      ],
      autocomplete: [...words, ...principles].flatMap((w) => [
        `/catalog/autocomplete?lang=fr&q=${enc(w.slice(0, 3))}`,
        `/catalog/autocomplete?lang=fr&q=${enc(w.slice(0, 5))}`,
      ]),
      url_key: names.map((n) => `/catalog/products/by-url-key/${enc(n.url_key)}?lang=fr`),
    },
    browse,
  };
}

/** Imports, scales, prices and indexes the catalogue in a fresh database; closes it. */
async function prepare(kind: string): Promise<Prepared> {
  let env: Record<string, string>;
  let cleanup = (): void => {};
  let database: Database;
  if (kind === 'postgres' && REUSE) {
    // Iterating on queries: load the scaled database a previous run left behind.
    const url = new URL(PG_URL);
    url.pathname = '/vetshop_bench';
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    const { urls, browse } = await sampleUrls(database);
    await database.close();
    return { env: { DATABASE_URL: url.toString() }, urls, browse, cleanup };
  }
  if (kind === 'postgres') {
    const url = await recreateDatabase(PG_URL, 'vetshop_bench');
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    env = { DATABASE_URL: url };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-bench-'));
    database = await openDatabase({ dataDir: dir });
    env = { DATA_DIR: dir };
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  const t0 = performance.now();
  await importCatalogue(database.db);
  const t1 = performance.now();
  const scaled = await scaleCatalogue(database.db, FACTOR);
  const t2 = performance.now();
  const prices = await refreshVariantPrices(database.db, businessDate());
  const t3 = performance.now();
  const index = await rebuildSearchIndex(database.db);
  // A live database has been vacuumed and analysed by autovacuum; a freshly bulk-loaded one not yet.
  await database.db.execute(sql`VACUUM ANALYZE`);
  const t4 = performance.now();
  console.log(
    `[${kind}] import ${Math.round(t1 - t0)} ms; scaled to ${scaled.products} models / ${scaled.variants} variants ` +
      `in ${Math.round(t2 - t1)} ms; prices + summaries (${prices} rows) ${Math.round(t3 - t2)} ms; ` +
      `search index (${index.documents} documents) + VACUUM ANALYZE ${Math.round(t4 - t3)} ms`,
  );
  const { urls, browse } = await sampleUrls(database);
  await database.close();
  return { env, urls, browse, cleanup };
}

interface Run {
  figures: Figures[];
  coldBrowse: number[];
  warmBrowse: number[];
  rssMb: number | null;
}

const runs: Record<string, Run> = {};
for (const kind of DBS) {
  const prepared = await prepare(kind);
  const { child, base } = await startApi(prepared.env);
  try {
    // Cold figures: first request of each browse (no text) query, before any facet cache exists.
    const coldBrowse: number[] = [];
    for (const u of prepared.browse) coldBrowse.push(r1(await timed(base + u)));
    const warmBrowse: number[] = [];
    for (const u of prepared.browse) warmBrowse.push(r1(await timed(base + u)));
    console.log(
      `[${kind}] browse (no text) cold: ${coldBrowse.join(' / ')} ms; again: ${warmBrowse.join(' / ')} ms`,
    );
    const figures: Figures[] = [];
    for (const scenario of SCENARIOS) {
      const f = await load(base, scenario, prepared.urls[scenario]);
      figures.push(f);
      console.log(
        `[${kind}] ${scenario}: p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, ${f.rps} req/s, ${f.errors} errors`,
      );
    }
    const rssMb = peakRssMb(child.pid);
    console.log(`[${kind}] api peak RSS (VmHWM): ${rssMb ?? '?'} MB`);
    runs[kind] = { figures, coldBrowse, warmBrowse, rssMb };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    prepared.cleanup();
  }
}

console.log(
  `\nSearch benchmark: ${FACTOR}× catalogue, api in a child process, ${CONCURRENCY} concurrent clients, ${SECONDS} s per scenario (ms)`,
);
console.log(
  ['scenario', ...DBS.flatMap((d) => [`${d} p50`, `${d} p95`, `${d} p99`, `${d} req/s`])].join('\t'),
);
for (const scenario of SCENARIOS) {
  const row: string[] = [scenario];
  for (const d of DBS) {
    const f = runs[d]?.figures.find((x) => x.scenario === scenario);
    row.push(String(f?.p50), String(f?.p95), String(f?.p99), String(f?.rps));
  }
  console.log(row.join('\t'));
}
for (const d of DBS) {
  const run = runs[d];
  console.log(
    `${d}: browse without text, first request (cold, no cached facets) ${run?.coldBrowse.join(' / ')} ms; ` +
      `repeated ${run?.warmBrowse.join(' / ')} ms; errors ${run?.figures.map((f) => f.errors).join('/')}; ` +
      `api peak RSS ${run?.rssMb ?? '?'} MB`,
  );
}
const pg = runs.postgres;
if (pg) {
  for (const scenario of SCENARIOS) {
    const f = pg.figures.find((x) => x.scenario === scenario);
    const met = f !== undefined && f.errors === 0 && f.p95 <= TARGETS[scenario];
    console.log(
      `target postgres ${scenario} p95 ≤ ${TARGETS[scenario]} ms: ${met ? 'met' : 'missed'} (p95 ${f?.p95} ms, ${f?.errors} errors)`,
    );
  }
}
