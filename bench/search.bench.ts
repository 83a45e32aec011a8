/**
 * Search benchmark (docs/decisions/search-performance.md): search, autocomplete and product lookup by url key over HTTP on
 * the benchmark data set (bench/dataset.ts: the real catalogue ×18 ≈ 32k models / 72k variants,
 * plus customers and orders), side by side on PostgreSQL and PGlite, at stated concurrencies.
 *
 * Per engine: prepareDataset (built once, then reused), sample URLs from the visible original
 * products, close the database, start the api as a child process (bench/lib.ts startApi), time the
 * first (cold) browse pages, then per concurrency (closed loop, `c` clients each sending its next
 * request when the previous answer arrived) and per scenario for BENCH_SECONDS:
 * - `search distinct` / `autocomplete distinct`: every request is a query not asked before in this
 *   api process (words of product names × locales × sorts × pages; prefixes of 3–7 letters), so no
 *   answer comes from the api's result cache: the service time of the search itself; when the
 *   list is used up (the autocomplete's, on a fast machine) the scenario stops early, so its
 *   figures count only new queries (fewer requests, never repeats);
 * - `autocomplete phrases distinct`: a word of a name and the first three letters of a species
 *   ("metacam chi", "bravecto hon"), never asked before: words in different texts, found by the
 *   autocomplete's tier 3 (docs/decisions/autocomplete-index.md);
 * - `search popular` / `autocomplete popular`: a fixed mix of ~350 / 300 queries, each asked once
 *   before the measure, then over and over (what a shop sees: the same popular words), answered
 *   from the api's result cache while it is fresh (10 min; 60 s before
 *   docs/decisions/catalogue-time-edges.md);
 * - `url key`: product pages by url key (never cached);
 * - `category browse`: the browse pages (no text; pages 1–2, two sorts, three locales) of the 10
 *   largest categories, each asked once before, then over and over: run it longer than a cached
 *   answer's 10 min (`BENCH_SECONDS=660`; the facet counts under it last 60 s) to see what a shopper
 *   meets when a cached answer and its facet counts expire (docs/decisions/search-performance.md
 *   "Expired facet counts").
 * Every search asks the facet values the web's listing asks (`facet_values`, apps/web/src/lib/
 * search-state.ts `toApiQuery`; docs/decisions/listing-facet-values.md), since 2026-12-06.
 * Prints p50/p95/p99 (ms), throughput (req/s), mean answer size (kB), errors, the api's peak RSS
 * (VmHWM, MB) and, on PostgreSQL, whether each target is met.
 *
 * Run: `npm run bench:search`. Env: BENCH_DBS (postgres,pglite), BENCH_CONCURRENCY (1,4),
 * BENCH_SECONDS (per scenario, default 10), BENCH_SEED (data set seed, default 1),
 * BENCH_PGLITE_COPY=0 (run the api on the shared PGlite folder instead of a private copy),
 * BENCH_API_ROOT (run the api of another checkout, e.g. an export of the commit before a change, for
 * back-to-back before/after runs), BENCH_CPU_PROF (a folder: the api writes a V8 CPU profile there
 * on exit), BENCH_SCENARIOS (comma-separated subset of the scenarios, default all), BENCH_REQUESTS
 * (at most this many requests per scenario: before/after runs then ask the same distinct queries),
 * BENCH_QUIET / BENCH_QUIET_QUERIES (a phase before the closed loop: that many new searches, each
 * after that many seconds of silence; p50 and slowest printed).
 * Each scenario also prints the CPU milliseconds per request of the api process and of the
 * PostgreSQL backends of its database (/proc), steadier than latencies on a shared machine.
 *
 * A/B mode, `BENCH_AB_API_ROOT=<checkout>` (PostgreSQL; e.g. a worktree of the commit before a
 * change, with node_modules linked): that checkout's api (B) runs beside this one (A, or
 * BENCH_API_ROOT) on the same database, and each selected scenario becomes an interleaved
 * comparison instead of the closed loop: its first BENCH_AB_REQUESTS (300) paths, each asked of both
 * apis one at a time, which goes first alternating. Prints how many answers were the same byte for
 * byte (the paths of those that were not), then per api p50/p95/mean (ms) and the CPU per
 * request of the api and of the database's backends (read from /proc around each request, so each
 * api is charged its own work). On a machine whose speed drifts within minutes, this tells apart
 * changes of a few percent that two closed-loop runs cannot (docs/decisions/search-performance.md,
 * "Search statements named on custom-plan connections").
 * Targets on PostgreSQL, 2 cores (docs/decisions/search-performance.md): search p95 ≤ 20 ms, autocomplete p95 ≤ 10 ms; url key
 * p95 ≤ 5 ms (docs/decisions/search-performance.md, "a few ms").
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { FACET_VALUES_LISTED } from '../apps/web/src/lib/search-state.ts';
import { prepareDataset, type Engine } from './dataset.ts';
import {
  ROOT,
  backendPidsOf,
  browseFacetsPrimed,
  cpuMsOf,
  httpGet,
  peakRssMb,
  percentile,
  r1,
  sample,
  startApi,
  usedCpuMs,
} from './lib.ts';

/** What every search URL ends with: the facet values the web's listing asks (toApiQuery). */
const LISTED = `&facet_values=${FACET_VALUES_LISTED}`;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const ENGINES = (process.env.BENCH_DBS ?? 'postgres,pglite').split(',') as Engine[];
const SEED = Number(process.env.BENCH_SEED ?? 1);
/** Checkout whose api runs (before/after comparisons: an export of an older commit). */
const API_ROOT = process.env.BENCH_API_ROOT;
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Checkout of the second api of the A/B mode (see the header); undefined = the closed-loop scenarios. */
const AB_API_ROOT = process.env.BENCH_AB_API_ROOT || undefined;
/** Paths per scenario in the A/B mode, each asked of both apis. */
const AB_REQUESTS = Number(process.env.BENCH_AB_REQUESTS ?? 300);
/**
 * At most this many requests per scenario (default: no bound, SECONDS decides). With a bound and a
 * long enough SECONDS, two runs ask exactly the same distinct queries: their CPU per request compares.
 */
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? Infinity);
/**
 * Seconds of silence before each search of the "quiet shop" phase (BENCH_QUIET, default 0: no such
 * phase), and how many searches it asks (BENCH_QUIET_QUERIES, default 8): what a search costs when
 * the api has been idle, as in a shop between customers (docs/decisions/search-performance.md,
 * "Connections kept open").
 */
const QUIET_SECONDS = Number(process.env.BENCH_QUIET ?? 0);
const QUIET_QUERIES = Number(process.env.BENCH_QUIET_QUERIES ?? 8);
/** A request slower than this (ms) is counted apart: a shopper notices it. */
const SLOW_MS = 100;

const ALL_SCENARIOS = [
  'search distinct',
  'search popular',
  'autocomplete distinct',
  'autocomplete phrases distinct',
  'autocomplete popular',
  'url key',
  'category browse',
] as const;
type Scenario = (typeof ALL_SCENARIOS)[number];
const SCENARIOS: readonly Scenario[] = process.env.BENCH_SCENARIOS
  ? ALL_SCENARIOS.filter((s) => process.env.BENCH_SCENARIOS?.split(',').includes(s))
  : ALL_SCENARIOS;
/** p95 targets on PostgreSQL, ms. */
const TARGETS: Record<Scenario, number> = {
  'search distinct': 20,
  'search popular': 20,
  'autocomplete distinct': 10,
  'autocomplete phrases distinct': 10,
  'autocomplete popular': 10,
  'url key': 5,
  'category browse': 20,
};

interface Figures {
  scenario: Scenario;
  concurrency: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  kb: number;
  /** Distinct scenarios: requests that had to reuse an already asked query (list exhausted). */
  repeats: number;
  /** The three slowest requests: "ms path". */
  slowest: string[];
  /** Requests slower than SLOW_MS (the expiries of cached answers show here, not in the p99). */
  slowCount: number;
  /** CPU per request (ms): the api process and, on PostgreSQL, the backends of its database. */
  cpu?: { apiMs: number; dbMs: number };
}

/** CPU time (ms) of each of `pids` (lib.ts cpuMsOf): the api child and its PostgreSQL backends. */
function cpuMsByPid(pids: readonly number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuMsOf([pid])]));
}

/** PostgreSQL backend pids of `databaseUrl`'s database (other than the asking one); [] on PGlite. */
async function backendPids(databaseUrl: string | undefined): Promise<number[]> {
  if (!databaseUrl) return [];
  const name = new URL(databaseUrl).pathname.slice(1);
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    return await backendPidsOf(database.db, name);
  } finally {
    await database.close();
  }
}

/**
 * A source of request paths: `next()` gives the next one; `repeats` counts reuses; `usedUp` is true
 * once a list of queries never asked before has given every one (the closed loop then stops early
 * instead of asking them again, so a "distinct" figure is only of new queries).
 */
interface UrlSource {
  next(): string;
  repeats: number;
  readonly usedUp: boolean;
}

/** Round robin over `urls` (popular mixes, url keys). */
function roundRobin(urls: string[]): UrlSource {
  let i = 0;
  return {
    next: () => urls[i++ % urls.length] ?? '',
    repeats: 0,
    usedUp: false,
  };
}

/** Each path once, in order; counts reuses when the list runs out. */
function once(urls: string[]): UrlSource {
  let i = 0;
  const source: UrlSource = {
    next: () => {
      if (i >= urls.length) source.repeats++;
      return urls[i++ % urls.length] ?? '';
    },
    repeats: 0,
    get usedUp() {
      return i >= urls.length;
    },
  };
  return source;
}

/** Deterministic shuffle (mulberry32 seeded with `seed`). */
function shuffled<T>(items: T[], seed: number): T[] {
  return sample(items, items.length, seed);
}

/** Times one GET (ms); throws on a non-2xx answer. */
async function timed(url: string): Promise<number> {
  return (await timedBody(url)).ms;
}

/** Times one GET (ms) and gives its body; throws on a non-2xx answer. */
async function timedBody(url: string): Promise<{ ms: number; body: string }> {
  const t0 = performance.now();
  const res = await httpGet(url);
  const ms = performance.now() - t0;
  if (res.status < 200 || res.status > 299) throw new Error(`${res.status} for ${url}`);
  return { ms, body: res.body.toString('utf8') };
}

/** Closed loop: `concurrency` clients for SECONDS, each taking the next path of `source`. */
async function load(
  base: string,
  scenario: Scenario,
  concurrency: number,
  source: UrlSource,
): Promise<Figures> {
  const times: number[] = [];
  const slow: Array<{ ms: number; path: string }> = [];
  let errors = 0;
  let bytes = 0;
  const repeatsBefore = source.repeats;
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  let issued = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end && !source.usedUp && issued++ < MAX_REQUESTS) {
        const t0 = performance.now();
        const path = source.next();
        const res = await httpGet(base + path);
        bytes += res.body.byteLength;
        const ms = performance.now() - t0;
        times.push(ms);
        slow.push({ ms, path });
        if (slow.length > 20) slow.sort((a, b) => b.ms - a.ms).splice(3);
        if (res.status < 200 || res.status > 299) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    scenario,
    concurrency,
    requests: times.length,
    errors,
    p50: r1(percentile(times, 50)),
    p95: r1(percentile(times, 95)),
    p99: r1(percentile(times, 99)),
    rps: Math.round(times.length / elapsed),
    kb: r1(bytes / Math.max(1, times.length) / 1024),
    repeats: source.repeats - repeatsBefore,
    slowCount: times.filter((ms) => ms > SLOW_MS).length,
    slowest: slow
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((x) => `${Math.round(x.ms)} ${decodeURIComponent(x.path)}`),
  };
}

interface Urls {
  distinctSearch: string[];
  popularSearch: string[];
  distinctAutocomplete: string[];
  distinctPhrases: string[];
  popularAutocomplete: string[];
  urlKeys: string[];
  warmup: string[];
  browse: string[];
  categoryBrowse: string[];
}

/** Request paths of every scenario, from visible original (not scaled) products of the data set. */
async function sampleUrls(env: Record<string, string>): Promise<Urls> {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 2 } : { dataDir: env.DATA_DIR ?? '' },
  );
  try {
    const rows = (
      await database.db.execute<{
        locale: string;
        name: string;
        url_key: string;
        principle: string | null;
      }>(sql`
        SELECT t.locale, t.name, t.url_key, p.active_principles[1] AS principle
        FROM product_translations t JOIN products p ON p.id = t.product_id
        WHERE p.code NOT LIKE '%~%' AND NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0
        ORDER BY p.id, t.locale`)
    ).rows;
    const enc = encodeURIComponent;
    // The 10 largest categories (models in their subtree), the pages shoppers open most.
    const largest = (
      await database.db.execute<{ id: number }>(sql`
        SELECT c.id FROM product_summaries s, unnest(s.category_ids) AS c(id)
        GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 10`)
    ).rows.map((r) => Number(r.id));
    const fr = rows.filter((r) => r.locale === 'fr');
    const firstWord = (name: string): string => (name.split(/\s+/)[0] ?? '').toLowerCase();
    const words = fr
      .slice(0, 400)
      .map((n) => firstWord(n.name))
      .filter((w) => w.length >= 4);
    const principles = fr
      .slice(0, 400)
      .map((n) => n.principle)
      .filter((p): p is string => !!p);
    const typo = (w: string): string => w.slice(0, 2) + w.slice(3);
    const browse = [
      `/catalog/search?lang=fr&in_stock=true&sort=net_price_asc${LISTED}`,
      `/catalog/search?lang=nl&species=dog&sort=name_asc${LISTED}`,
      `/catalog/search?lang=en&family=food&discount=true${LISTED}`,
      `/catalog/search?lang=fr${LISTED}`,
    ];
    // Every word (≥ 4 letters) of every name and first active principle, per locale.
    const vocabulary = new Map<string, Set<string>>();
    for (const r of rows) {
      const set = vocabulary.get(r.locale) ?? new Set<string>();
      for (const w of `${r.name} ${r.principle ?? ''}`.toLowerCase().split(/[^\p{L}\p{N}]+/u))
        if (w.length >= 4 && !/^\d+$/.test(w)) set.add(w);
      vocabulary.set(r.locale, set);
    }
    const distinctSearch: string[] = [];
    const distinctAutocomplete = new Set<string>();
    // A word and the start of a species, as practices type them ("metacam chi", "bravecto hon"):
    // words in different texts, which only the autocomplete's tier 3 finds.
    const species: Record<string, string[]> = {
      fr: ['chien', 'chat', 'cheval', 'bovin'],
      nl: ['hond', 'kat', 'paard', 'rund'],
      en: ['dog', 'cat', 'horse', 'cattle'],
    };
    const distinctPhrases = new Set<string>();
    for (const [locale, set] of vocabulary) {
      for (const w of set) {
        for (const sort of ['relevance', 'net_price_asc', 'name_asc'])
          for (const page of [1, 2])
            distinctSearch.push(
              `/catalog/search?lang=${locale}&q=${enc(w)}&sort=${sort}&page=${page}${LISTED}`,
            );
        for (let n = 3; n <= Math.min(7, w.length); n++)
          distinctAutocomplete.add(`/catalog/autocomplete?lang=${locale}&q=${enc(w.slice(0, n))}`);
        for (const s of species[locale] ?? [])
          distinctPhrases.add(`/catalog/autocomplete?lang=${locale}&q=${enc(`${w} ${s.slice(0, 3)}`)}`);
      }
    }
    return {
      distinctSearch: shuffled(distinctSearch, 7),
      popularSearch: [
        ...words.slice(0, 150).map((w) => `/catalog/search?lang=fr&q=${enc(w)}${LISTED}`),
        ...principles.slice(0, 100).map((p) => `/catalog/search?lang=en&q=${enc(p)}&species=dog${LISTED}`),
        ...words.slice(50, 100).map((w) => `/catalog/search?lang=fr&q=${enc(w)}&sort=net_price_asc${LISTED}`),
        ...words.slice(0, 50).map((w) => `/catalog/search?lang=nl&q=${enc(typo(w))}${LISTED}`),
        browse[0] ?? '',
      ],
      distinctAutocomplete: shuffled([...distinctAutocomplete], 11),
      distinctPhrases: shuffled([...distinctPhrases], 13),
      // 300 prefixes: asked once before the measure, the pass must end within the cache lifetime (60 s)
      // even on PGlite (~60 ms per uncached prefix there).
      popularAutocomplete: [...words.slice(0, 100), ...principles.slice(0, 50)].flatMap((w) => [
        `/catalog/autocomplete?lang=fr&q=${enc(w.slice(0, 3))}`,
        `/catalog/autocomplete?lang=fr&q=${enc(w.slice(0, 5))}`,
      ]),
      urlKeys: fr.map((n) => `/catalog/products/by-url-key/${enc(n.url_key)}?lang=fr`),
      // Warm-up (connections, JIT): queries none of the distinct lists asks.
      warmup: [
        `/catalog/search?lang=fr&q=zzwarm${LISTED}`,
        `/catalog/search?lang=nl&q=warmup&sort=name_desc${LISTED}`,
        '/catalog/autocomplete?lang=en&q=zzw',
      ],
      browse,
      categoryBrowse: largest.flatMap((id) =>
        ['fr', 'nl', 'en'].flatMap((lang) =>
          ['relevance', 'name_asc'].flatMap((sort) =>
            [1, 2].map(
              (page) => `/catalog/search?lang=${lang}&category=${id}&sort=${sort}&page=${page}${LISTED}`,
            ),
          ),
        ),
      ),
    };
  } finally {
    await database.close();
  }
}

/**
 * The A/B comparison (see the header) of `paths` between the apis at `a` and `b` on the PostgreSQL
 * database `databaseUrl`: each path asked of both in turn, the first alternating. Prints how many
 * answers were byte for byte the same, then per api p50/p95/mean latency (ms) and the CPU per
 * request (ms) of its process and of the database's backends, read before and after each request
 * (a backend that ends meanwhile is left out of that request: `usedCpuMs`).
 */
async function abCompare(
  label: string,
  paths: readonly string[],
  apis: Record<'A' | 'B', { base: string; pid: number; root: string }>,
  databaseUrl: string,
): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const watcher = await openDatabase({ databaseUrl, poolSize: 1 });
  const figures = {
    A: { times: [] as number[], api: 0, db: 0 },
    B: { times: [] as number[], api: 0, db: 0 },
  };
  let same = 0;
  const differing: string[] = [];
  try {
    for (const [i, path_] of paths.entries()) {
      const answers = { A: '', B: '' };
      for (const side of i % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
        const pids = await backendPidsOf(watcher.db, name);
        const api = apis[side];
        const apiBefore = cpuMsOf([api.pid]);
        const dbBefore = pids.map((pid) => cpuMsOf([pid]));
        const { ms, body } = await timedBody(api.base + path_);
        figures[side].times.push(ms);
        answers[side] = body;
        figures[side].api += cpuMsOf([api.pid]) - apiBefore;
        figures[side].db += pids.reduce((sum, pid, k) => sum + usedCpuMs(dbBefore[k], cpuMsOf([pid])), 0);
      }
      if (answers.A === answers.B) same += 1;
      else differing.push(path_);
    }
  } finally {
    await watcher.close();
  }
  console.log(
    `[postgres] A/B ${label.padEnd(22)} answers: ${same} the same, ${differing.length} different` +
      (differing.length ? ` (first: ${differing.slice(0, 3).join(' | ')})` : ''),
  );
  for (const side of ['A', 'B'] as const) {
    const f = figures[side];
    const n = Math.max(1, f.times.length);
    const sorted = [...f.times].sort((x, y) => x - y);
    console.log(
      `[postgres] A/B ${label.padEnd(22)} ${side} p50=${r1(percentile(sorted, 50))} p95=${r1(percentile(sorted, 95))} ` +
        `mean=${r1(f.times.reduce((s, t) => s + t, 0) / n)} ms  CPU per request api ${r1(f.api / n)} + PostgreSQL ` +
        `${r1(f.db / n)} ms  (${f.times.length} requests, ${apis[side].root})`,
    );
  }
}

interface Run {
  figures: Figures[];
  coldBrowse: number[];
  warmBrowse: number[];
  rssMb: number | null;
  counts: string;
}

const runs = new Map<Engine, Run>();
for (const engine of ENGINES) {
  const t0 = performance.now();
  const dataset = await prepareDataset(engine, { seed: SEED });
  const counts = `${dataset.counts.products} models, ${dataset.counts.variants} variants`;
  console.log(
    `[${engine}] data set seed ${dataset.seed} (${counts}) ${dataset.reused ? 'reused' : 'built'} in ${Math.round(performance.now() - t0)} ms`,
  );
  // PGlite: one process at a time may open a data folder; the api works on a private copy so that
  // other benchmarks can use the shared one meanwhile (BENCH_PGLITE_COPY=0 to use it in place).
  let env = dataset.env;
  let copy: string | null = null;
  if (engine === 'pglite' && dataset.env.DATA_DIR && process.env.BENCH_PGLITE_COPY !== '0') {
    copy = mkdtempSync(path.join(tmpdir(), 'vetshop-search-bench-'));
    cpSync(dataset.env.DATA_DIR, copy, { recursive: true });
    env = { ...dataset.env, DATA_DIR: copy };
  }
  const urls = await sampleUrls(env);
  const { child, base } = await startApi(env, {
    ...(API_ROOT ? { root: API_ROOT } : {}),
    nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
  });
  if (API_ROOT) console.log(`[${engine}] api of ${API_ROOT}`);
  try {
    // Cold figures: first request of each browse (no text) query, before any cache entry exists.
    const coldBrowse: number[] = [];
    for (const u of urls.browse) coldBrowse.push(r1(await timed(base + u)));
    const warmBrowse: number[] = [];
    for (const u of urls.browse) warmBrowse.push(r1(await timed(base + u)));
    console.log(
      `[${engine}] browse (no text) cold: ${coldBrowse.join(' / ')} ms; again: ${warmBrowse.join(' / ')} ms`,
    );
    for (const u of urls.warmup) for (let i = 0; i < 5; i++) await timed(base + u);
    if (QUIET_SECONDS > 0) {
      // Searches of a quiet shop: each new query after QUIET_SECONDS of silence (taken from the end of
      // the distinct list, so that the closed loop never asks them).
      const quiet: number[] = [];
      for (const u of urls.distinctSearch.splice(-QUIET_QUERIES)) {
        await new Promise((r) => setTimeout(r, QUIET_SECONDS * 1000));
        quiet.push(r1(await timed(base + u)));
      }
      const sorted = [...quiet].sort((a, b) => a - b);
      console.log(
        `[${engine}] search after ${QUIET_SECONDS} s of quiet (${quiet.length} queries): p50 ${percentile(sorted, 50)} ms, ` +
          `slowest ${sorted.at(-1)} ms (${quiet.join(' / ')})`,
      );
    }
    // Each scenario's paths: asked in turn of both apis (A/B mode), else the closed loop's source
    // (`once` for the distinct ones, round robin for the others).
    const lists: Record<Scenario, string[]> = {
      'search distinct': urls.distinctSearch,
      'search popular': urls.popularSearch,
      'autocomplete distinct': urls.distinctAutocomplete,
      'autocomplete phrases distinct': urls.distinctPhrases,
      'autocomplete popular': urls.popularAutocomplete,
      'url key': urls.urlKeys,
      'category browse': urls.categoryBrowse,
    };
    if (AB_API_ROOT) {
      if (!env.DATABASE_URL) throw new Error('BENCH_AB_API_ROOT needs PostgreSQL (BENCH_DBS=postgres)');
      const other = await startApi(env, { root: AB_API_ROOT });
      try {
        // Both apis with their browse facets primed, so that neither counts them during the comparison.
        await Promise.all([browseFacetsPrimed(base), browseFacetsPrimed(other.base)]);
        for (const u of urls.warmup) for (let i = 0; i < 5; i++) await timed(other.base + u);
        for (const scenario of SCENARIOS)
          await abCompare(
            scenario,
            lists[scenario].slice(0, AB_REQUESTS),
            {
              A: { base, pid: child.pid ?? 0, root: API_ROOT ?? ROOT },
              B: { base: other.base, pid: other.child.pid ?? 0, root: AB_API_ROOT },
            },
            env.DATABASE_URL,
          );
      } finally {
        other.child.kill('SIGTERM');
        await new Promise((r) => other.child.once('exit', r));
      }
      continue;
    }
    const sources = Object.fromEntries(
      ALL_SCENARIOS.map((scenario) => [
        scenario,
        scenario.endsWith('distinct') ? once(lists[scenario]) : roundRobin(lists[scenario]),
      ]),
    ) as Record<Scenario, UrlSource>;
    const figures: Figures[] = [];
    for (const c of CONCURRENCIES) {
      for (const scenario of SCENARIOS) {
        // Popular mixes: each query asked once just before (the steady state of a shop's popular queries).
        const warm = {
          'search popular': urls.popularSearch,
          'autocomplete popular': urls.popularAutocomplete,
          'category browse': urls.categoryBrowse,
        };
        for (const u of warm[scenario as keyof typeof warm] ?? []) await timed(base + u);
        const dbPidsBefore = await backendPids(env.DATABASE_URL);
        const cpuBefore = cpuMsByPid([child.pid ?? 0, ...dbPidsBefore]);
        const f = await load(base, scenario, c, sources[scenario]);
        const cpuAfter = cpuMsByPid([
          child.pid ?? 0,
          ...new Set([...dbPidsBefore, ...(await backendPids(env.DATABASE_URL))]),
        ]);
        const used = (pid: number): number => usedCpuMs(cpuBefore.get(pid), cpuAfter.get(pid));
        const apiMs = used(child.pid ?? 0);
        const dbMs = [...cpuAfter.keys()]
          .filter((pid) => pid !== child.pid)
          .reduce((sum, pid) => sum + used(pid), 0);
        f.cpu = { apiMs: r1(apiMs / Math.max(1, f.requests)), dbMs: r1(dbMs / Math.max(1, f.requests)) };
        figures.push(f);
        console.log(
          `[${engine}] ${scenario} @${c} clients: p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, ${f.rps} req/s, ` +
            `${f.kb} kB/answer, ${f.errors} errors${f.repeats ? `, ${f.repeats} repeated queries` : ''}; ` +
            `CPU per request: api ${f.cpu.apiMs} ms${env.DATABASE_URL ? ` + PostgreSQL ${f.cpu.dbMs} ms` : ''}`,
        );
        console.log(
          `[${engine}]   ${f.slowCount} of ${f.requests} requests over ${SLOW_MS} ms; slowest: ${f.slowest.join(' | ')}`,
        );
      }
    }
    const rssMb = peakRssMb(child.pid);
    console.log(`[${engine}] api peak RSS (VmHWM): ${rssMb ?? '?'} MB`);
    runs.set(engine, { figures, coldBrowse, warmBrowse, rssMb, counts });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}

// The closed loop's table (the A/B mode printed its own comparison lines instead).
if (!AB_API_ROOT) {
  console.log(
    `\nSearch benchmark: data set seed ${SEED}, api in a child process, closed loop at ${CONCURRENCIES.join(' and ')} concurrent clients, ${SECONDS} s per scenario (ms)`,
  );
  console.log(
    [
      'scenario',
      'clients',
      ...ENGINES.flatMap((d) => [`${d} p50`, `${d} p95`, `${d} p99`, `${d} req/s`]),
    ].join('\t'),
  );
  for (const c of CONCURRENCIES) {
    for (const scenario of SCENARIOS) {
      const row: string[] = [scenario, String(c)];
      for (const d of ENGINES) {
        const f = runs.get(d)?.figures.find((x) => x.scenario === scenario && x.concurrency === c);
        row.push(String(f?.p50), String(f?.p95), String(f?.p99), String(f?.rps));
      }
      console.log(row.join('\t'));
    }
  }
}
for (const [d, run] of runs) {
  console.log(
    `${d} (${run.counts}): browse without text, first request (cold) ${run.coldBrowse.join(' / ')} ms; ` +
      `repeated ${run.warmBrowse.join(' / ')} ms; errors ${run.figures.reduce((s, f) => s + f.errors, 0)}; ` +
      `api peak RSS ${run.rssMb ?? '?'} MB`,
  );
}
const pg = runs.get('postgres');
if (pg) {
  for (const f of pg.figures) {
    const met = f.errors === 0 && f.repeats === 0 && f.p95 <= TARGETS[f.scenario];
    console.log(
      `target postgres ${f.scenario} @${f.concurrency} clients p95 ≤ ${TARGETS[f.scenario]} ms: ${met ? 'met' : 'missed'} ` +
        `(p95 ${f.p95} ms, ${f.rps} req/s, ${f.errors} errors${f.repeats ? `, ${f.repeats} repeated queries` : ''}; ` +
        `CPU per request api ${f.cpu?.apiMs ?? '?'} + PostgreSQL ${f.cpu?.dbMs ?? '?'} ms)`,
    );
  }
}
