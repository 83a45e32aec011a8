/**
 * Page benchmark (docs/decisions/scale-proof-figures.md: product and category pages rendered by the web server): the api
 * and the production web server (`next start` of the build in apps/web/.next) as child processes,
 * on PGlite and on PostgreSQL side by side; `BENCH_CONCURRENCY` concurrent HTTP clients request
 * whole HTML pages (home, category, product, search) for `BENCH_SECONDS` per scenario, once as a
 * guest and once as signed-in customers (the `vetshop_session` cookie of several users, round robin).
 * Every scenario samples many different pages (BENCH_PRODUCTS products, BENCH_CATEGORIES categories,
 * random but deterministic, over the three locales), so the figures include first renders of pages
 * whose api answers are not in Next's data cache yet ("cold" = first request of a url in the run).
 *
 * Prints per engine and scenario: requests, errors, p50/p95/p99 (ms), pages/s, the cold-render p95,
 * then the peak RSS (MB, VmHWM) of the web server and of the api, and one line per target (MET or
 * MISSED). Targets on PostgreSQL: product page p95 ≤ 80 ms; with the guest page cache
 * (docs/decisions/guest-page-cache.md) guest product p95 ≤ 40 ms and ≥ 200 pages/s at 4 clients,
 * guest category first render p95 ≤ 150 ms. Guest answers served from the cache are counted in
 * `hits` (response header `x-vetshop-cache: hit`).
 *
 * Data: bench/dataset.ts `prepareDataset(engine)` (the scaled data set of docs/decisions/scale-proof-figures.md) when present,
 * else (BENCH_DATASET=catalogue) the real catalogue imported by the api at start with the demo
 * accounts, the way scripts/e2e.mjs starts it (PGlite: a temporary folder; PostgreSQL: the scratch
 * database `vetshop_h4_pages`).
 * The web build is made when missing or stale (scripts/lib.mjs buildWeb) under the shared lock
 * /tmp/vetshop-e2e.lock (flock), like every `next build` on this machine.
 *
 * Run: `npm run bench:pages`. Env: BENCH_DBS (pglite,postgres), BENCH_SECONDS (per scenario, 8),
 * BENCH_CONCURRENCY (4: the clients the page targets are stated for), BENCH_PRODUCTS (300),
 * BENCH_CATEGORIES (80), BENCH_USERS (5), BENCH_WARM (1: the web first draws pages never measured;
 * 0: first renders in a just-started process),
 * BENCH_DATABASE_URL (PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SCENARIOS (comma list to run a subset, e.g. `guest:product,customer:product`),
 * BENCH_GUEST_LOCALE_COOKIE (1; 0: guests send no cookie, every request a first visit),
 * BENCH_API_ROOT (run the api of another checkout, e.g. a worktree of the commit before a change,
 * for back-to-back before/after runs of the same web build), BENCH_WEB_ROOT (serve the web build of
 * another folder, e.g. a copy of apps/web built at the commit before; no build is made then),
 * BENCH_WEB_NODE_ARGS and, for the A/B mode's second web, BENCH_AB_WEB_NODE_ARGS (node flags,
 * space-separated: the same build with and without a V8 flag compared side by side).
 * Each scenario also prints the mean HTML size of a page and the CPU per page of the web server
 * (its process tree) and of the api, read from /proc before and after the scenario.
 *
 * A/B mode, `BENCH_AB_WEB_ROOT=<folder>` (a copy of apps/web with its own build, e.g. with one
 * change undone): both builds serve at once against the same api and each scenario becomes an
 * interleaved render comparison instead of the closed loop: BENCH_AB_REQUESTS (150) pages per
 * build, one at a time, alternating A and B (A = apps/web or BENCH_WEB_ROOT), each url with a fresh
 * `ab=<n>` query so that no answer comes from the guest page cache. Prints, per build, p50/p95
 * (ms) and the CPU per page of its web server and of the api. On a machine whose speed drifts, the
 * alternation makes two builds comparable within a millisecond or two, where two closed-loop runs
 * minutes apart are not. With `BENCH_AB_API_ROOT=<checkout>` (e.g. a worktree of the commit before),
 * build B is served by that checkout's api, started beside this one on the same data, so a change
 * of both api and web is compared whole. On PostgreSQL the CPU per page of the database's backends
 * is printed too (backends alive across a request; the two apis' pools are told apart by time, as
 * one request runs at a time).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, recreateDatabase, type Database } from '../apps/api/src/db/client.ts';
import {
  ROOT,
  backendPidsOf,
  browseFacetsPrimed,
  cpuMsOf,
  peakRssMb,
  percentile,
  r1,
  sample,
  startApi,
  usedCpuMs,
} from './lib.ts';
import { browserHeaders, buildUnderLock, processTree, signIn, startWeb, stop, treePeakRssMb } from './web.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ENGINES = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',') as Engine[];
const N_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 300);
const N_CATEGORIES = Number(process.env.BENCH_CATEGORIES ?? 80);
/**
 * BENCH_WARM (1; 0: off): before the run, the web draws pages that are never measured (pageUrls
 * `warm`), as a guest and as a customer, so that first renders are measured in a process that has
 * drawn pages before, as a running server has, not in one just started (whose first hundred renders
 * cost about half as much again: docs/decisions/web-page-performance.md, "First renders in a warm
 * process").
 */
const WARM = process.env.BENCH_WARM !== '0';
/** Products outside the sample drawn by the warm-up. */
const WARM_PRODUCTS = 40;
/** Search words of the warm-up's listings (none of the measured words), each in the three locales. */
const WARM_WORDS = [
  'comprime',
  'injectable',
  'poudre',
  'collier',
  'bandage',
  'solution',
  'cheval',
  'vache',
  'lapin',
  'oreille',
  'peau',
  'vermifuge',
];
const N_USERS = Number(process.env.BENCH_USERS ?? 5);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_SCENARIOS?.split(',').filter(Boolean);
/** Guests send the NEXT_LOCALE cookie of the page's language, as a browser does (see browserHeaders). */
const GUEST_LOCALE_COOKIE = process.env.BENCH_GUEST_LOCALE_COOKIE !== '0';
/** Folder of another web build to serve (a copy of apps/web with its .next), for before/after runs. */
const WEB_ROOT = process.env.BENCH_WEB_ROOT || undefined;
/** Folder of the second build of the A/B mode (see the header); undefined = the closed-loop scenarios. */
const AB_WEB_ROOT = process.env.BENCH_AB_WEB_ROOT || undefined;
/** Node flags of the web (A) and of the A/B mode's second web (B), space-separated: `--max-semi-space-size=32`. */
const WEB_NODE_ARGS = process.env.BENCH_WEB_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const AB_WEB_NODE_ARGS = process.env.BENCH_AB_WEB_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
/**
 * Checkout whose api serves build B in the A/B mode (e.g. a worktree of the commit before a change
 * that touches both the api and the web); undefined = both builds share A's api.
 */
const AB_API_ROOT = process.env.BENCH_AB_API_ROOT || undefined;
/** Pages per build and scenario in the A/B mode. */
const AB_REQUESTS = Number(process.env.BENCH_AB_REQUESTS ?? 150);
const LOCALES = ['fr', 'nl', 'en'] as const;
/** p95 target on PostgreSQL (ms) of the product page, docs/decisions/scale-proof-figures.md. */
const PRODUCT_P95_TARGET_MS = 80;
/**
 * Targets of the guest page cache (docs/decisions/guest-page-cache.md), on PostgreSQL at the run's
 * concurrency (stated for 4 clients): guest product p95 (ms), guest product pages/s, guest category
 * first-render p95 (ms).
 */
const GUEST_CACHE_TARGETS = { productP95Ms: 40, productPagesPerSecond: 200, categoryColdP95Ms: 150 };
/** Password of the demo accounts (apps/api/src/seed/accounts.ts DEMO_PASSWORD). */
const DEMO_PASSWORD = 'vetshop-demo-2026';
const DEMO_LOGINS = ['veterinary', 'pharmacist', 'nurse', 'wholesaler', 'student'].map(
  (fn) => `${fn}@demo.vetshop.be`,
);

type Engine = 'postgres' | 'pglite';
const PAGES = ['home', 'category', 'product', 'search'] as const;
type PageKind = (typeof PAGES)[number];
type Who = 'guest' | 'customer';

/** What the benchmark needs of a prepared data set (subset of bench/dataset.ts `Dataset`). */
interface BenchData {
  env: Record<string, string>;
  logins: string[];
  password: string;
  label: string;
  cleanup: () => void;
}

/** Shape of bench/dataset.ts (h1), loaded dynamically so this bench also runs without it. */
interface DatasetModule {
  prepareDataset: (engine: Engine) => Promise<{
    env: Record<string, string>;
    password: string;
    users: { login: string; fn: string }[];
    counts: object;
  }>;
}

interface Figures {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  coldP95: number;
  cold: number;
  /** Answers served from the guest page cache (`x-vetshop-cache: hit`). */
  hits: number;
  /** p95 (ms) of the repeat requests of a url (not its first in the run): the warm-cache figure. */
  warmP95: number;
  /** Mean size of a page's HTML (kB, uncompressed). */
  htmlKb: number;
  /** CPU (ms, user + system) per page of the web server's process tree and of the api process. */
  webCpuMs: number;
  apiCpuMs: number;
}

/** The data set of `engine`: bench/dataset.ts when present (and BENCH_DATASET≠catalogue), else the real catalogue. */
async function prepare(engine: Engine): Promise<BenchData> {
  const datasetFile = path.join(ROOT, 'bench/dataset.ts');
  if (process.env.BENCH_DATASET !== 'catalogue' && existsSync(datasetFile)) {
    const mod = (await import(datasetFile)) as DatasetModule;
    const ds = await mod.prepareDataset(engine);
    return {
      env: ds.env,
      // Customers of different functions first (different price lists), then any.
      logins: [
        ...new Map(ds.users.map((u) => [u.fn, u.login])).values(),
        ...ds.users.map((u) => u.login),
      ].slice(0, N_USERS),
      password: ds.password,
      label: `data set ${JSON.stringify(ds.counts)}`,
      cleanup: () => undefined,
    };
  }
  const base = { SEED_DEMO_ACCOUNTS: 'true', AUTH_TYPE: 'credentials' };
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-h4-pages-'));
    return {
      env: { ...base, DATA_DIR: dir, DATABASE_URL: '' },
      logins: DEMO_LOGINS.slice(0, N_USERS),
      password: DEMO_PASSWORD,
      label: 'real catalogue (temporary PGlite folder)',
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = await recreateDatabase(PG_URL, 'vetshop_h4_pages');
  return {
    env: { ...base, DATABASE_URL: url },
    logins: DEMO_LOGINS.slice(0, N_USERS),
    password: DEMO_PASSWORD,
    label: 'real catalogue (database vetshop_h4_pages)',
    cleanup: () => undefined,
  };
}

/**
 * The page urls of every kind, sampled from the api's sitemap (deterministic), and `warm`: pages
 * that are never measured and share no api answer with those measured (products outside the
 * sample; listings of other search words), to warm the web process before the run.
 */
async function pageUrls(apiBase: string): Promise<Record<PageKind | 'warm', string[]>> {
  const res = await fetch(`${apiBase}/catalog/sitemap?lang=fr`);
  if (!res.ok) throw new Error(`sitemap: ${res.status}`);
  const map = (await res.json()) as {
    categories: { url_keys: Record<string, string> }[];
    products: { url_keys: Record<string, string> }[];
  };
  const withLocale = (keys: Record<string, string>[], kind: 'p' | 'c', n: number, seed: number): string[] =>
    sample(keys, n, seed).flatMap((k, i) => {
      const locale = LOCALES[i % LOCALES.length] ?? 'fr';
      const key = k[locale] ?? k.fr;
      return key ? [`/${locale}/${kind}/${key.split('/').map(encodeURIComponent).join('/')}`] : [];
    });
  const products = withLocale(
    map.products.map((p) => p.url_keys),
    'p',
    N_PRODUCTS,
    7,
  );
  const terms = sample(
    ['amox', 'vaccin', 'chien', 'chat', 'seringue', 'gant', 'pipette', 'shampoo', 'vitamine', 'aiguille'],
    10,
    3,
  );
  const category = withLocale(
    map.categories.map((c) => c.url_keys),
    'c',
    N_CATEGORIES,
    11,
  );
  const sampled = new Set(products);
  const otherProducts = withLocale(
    map.products.map((p) => p.url_keys),
    'p',
    N_PRODUCTS + WARM_PRODUCTS,
    13,
  )
    .filter((u) => !sampled.has(u))
    .slice(0, WARM_PRODUCTS);
  const warm = WARM
    ? [...otherProducts, ...WARM_WORDS.flatMap((q) => LOCALES.map((l) => `/${l}/search?q=${q}`))]
    : [];
  return {
    home: LOCALES.map((l) => `/${l}`),
    category,
    warm,
    product: products,
    search: terms.flatMap((q, i) =>
      LOCALES.map((l, j) => `/${l}/search?q=${q}${(i + j) % 2 ? '&page=2' : ''}`),
    ),
  };
}

/**
 * Runs CONCURRENCY loops for SECONDS over `urls` (round robin) with `cookies` (round robin; none =
 * guest); `web` and `api` are the pids whose CPU per page is reported (the web's process tree).
 */
async function load(
  base: string,
  urls: string[],
  cookies: string[],
  { web, api }: { web: number[]; api: number[] },
): Promise<Figures> {
  const webCpu0 = cpuMsOf(web);
  const apiCpu0 = cpuMsOf(api);
  const times: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  const seen = new Set<string>();
  let errors = 0;
  let hits = 0;
  let next = 0;
  let bytes = 0;
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const i = next++;
        const u = urls[i % urls.length] ?? '/fr';
        const cookie = cookies.length ? cookies[i % cookies.length] : undefined;
        const first = !seen.has(u);
        seen.add(u);
        const t0 = performance.now();
        try {
          const res = await fetch(base + u, {
            headers: browserHeaders(u, cookie, GUEST_LOCALE_COOKIE),
            redirect: 'manual',
          });
          bytes += (await res.arrayBuffer()).byteLength;
          if (res.headers.get('x-vetshop-cache') === 'hit') hits++;
          if (res.status !== 200) {
            errors++;
            if (errors <= 3) console.error(`  ${res.status} for ${u}`);
          }
        } catch {
          errors++;
        }
        const ms = performance.now() - t0;
        times.push(ms);
        if (first) cold.push(ms);
        else warm.push(ms);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const perPage = (ms: number) => r1(ms / Math.max(1, times.length));
  const webCpuMs = perPage(cpuMsOf(web) - webCpu0);
  const apiCpuMs = perPage(cpuMsOf(api) - apiCpu0);
  times.sort((a, b) => a - b);
  cold.sort((a, b) => a - b);
  warm.sort((a, b) => a - b);
  return {
    requests: times.length,
    errors,
    p50: r1(percentile(times, 50)),
    p95: r1(percentile(times, 95)),
    p99: r1(percentile(times, 99)),
    rps: r1(times.length / elapsed),
    coldP95: r1(percentile(cold, 95)),
    cold: cold.length,
    hits,
    htmlKb: r1(bytes / 1000 / Math.max(1, times.length)),
    webCpuMs,
    apiCpuMs,
    warmP95: warm.length ? r1(percentile(warm, 95)) : 0,
  };
}

interface Row {
  engine: Engine;
  scenario: string;
  figures: Figures;
}

/**
 * Figures of one build in an A/B comparison: latency (ms) and CPU per page (ms) of its web server,
 * of its api and, on PostgreSQL, of the database's backends (null on PGlite).
 */
interface AbFigures {
  p50: number;
  p95: number;
  webCpuMs: number;
  apiCpuMs: number;
  dbCpuMs: number | null;
}

/** One build of an A/B comparison: its base url, its web process tree and its api's pid. */
interface AbSide {
  base: string;
  web: number[];
  api: number[];
}

/**
 * The A/B comparison of one scenario (see the header): AB_REQUESTS renders per build of `urls`
 * (round robin, `cookies` round robin, none = guest), one request at a time, A and B alternating
 * (which goes first alternates too). `sides` gives each build's base url, web process tree and api
 * pid; `db` (PostgreSQL) the connection and database name whose backends' CPU is counted.
 * Errors (status ≥ 400) throw: a comparison of error pages is meaningless.
 */
async function compareRenders(
  urls: string[],
  cookies: string[],
  sides: Record<'A' | 'B', AbSide>,
  db: { watcher: Database; name: string } | null,
): Promise<Record<'A' | 'B', AbFigures>> {
  const times = { A: [] as number[], B: [] as number[] };
  const cpu = { A: { web: 0, api: 0, db: 0 }, B: { web: 0, api: 0, db: 0 } };
  for (let i = 0; i < AB_REQUESTS; i++) {
    const u = urls[i % urls.length] ?? '/fr';
    const cookie = cookies.length > 0 ? cookies[i % cookies.length] : undefined;
    for (const side of i % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const { base, web, api } = sides[side];
      const backends = db ? await backendPidsOf(db.watcher.db, db.name) : [];
      const db0 = backends.map((pid) => cpuMsOf([pid]));
      const web0 = cpuMsOf(web);
      const api0 = cpuMsOf(api);
      const started = performance.now();
      const res = await fetch(`${base}${u}${u.includes('?') ? '&' : '?'}ab=${i}`, {
        redirect: 'manual',
        headers: browserHeaders(u, cookie, GUEST_LOCALE_COOKIE),
      });
      await res.arrayBuffer();
      if (res.status >= 400) throw new Error(`A/B: ${side} ${u} answered ${res.status}`);
      times[side].push(performance.now() - started);
      cpu[side].web += cpuMsOf(web) - web0;
      cpu[side].api += cpuMsOf(api) - api0;
      cpu[side].db += backends.reduce((sum, pid, k) => sum + usedCpuMs(db0[k], cpuMsOf([pid])), 0);
    }
  }
  const figures = (side: 'A' | 'B'): AbFigures => {
    const sorted = [...times[side]].sort((a, b) => a - b);
    return {
      p50: r1(percentile(sorted, 50)),
      p95: r1(percentile(sorted, 95)),
      webCpuMs: r1(cpu[side].web / AB_REQUESTS),
      apiCpuMs: r1(cpu[side].api / AB_REQUESTS),
      dbCpuMs: db ? r1(cpu[side].db / AB_REQUESTS) : null,
    };
  };
  return { A: figures('A'), B: figures('B') };
}

/** One engine: data, api, web, scenarios; returns rows and peak memory. */
async function runEngine(
  engine: Engine,
): Promise<{ rows: Row[]; webRss: number | null; apiRss: number | null }> {
  const data = await prepare(engine);
  let api: ChildProcess | undefined;
  let web: ChildProcess | undefined;
  let webB: ChildProcess | undefined;
  let apiB: ChildProcess | undefined;
  let watcher: Database | undefined;
  try {
    const started = Date.now();
    const a = await startApi(data.env, { root: process.env.BENCH_API_ROOT || undefined });
    api = a.child;
    console.log(`[${engine}] ${data.label}; api ready in ${r1((Date.now() - started) / 1000)} s`);
    const w = await startWeb(a.base, { ...(WEB_ROOT ? { cwd: WEB_ROOT } : {}), nodeArgs: WEB_NODE_ARGS });
    const bApi = AB_WEB_ROOT && AB_API_ROOT ? await startApi(data.env, { root: AB_API_ROOT }) : a;
    apiB = bApi === a ? undefined : bApi.child;
    const b = AB_WEB_ROOT
      ? await startWeb(bApi.base, { cwd: AB_WEB_ROOT, nodeArgs: AB_WEB_NODE_ARGS })
      : null;
    webB = b?.child;
    const databaseUrl = data.env.DATABASE_URL;
    if (b && engine === 'postgres' && databaseUrl) watcher = await openDatabase({ databaseUrl, poolSize: 1 });
    const primedIn = await browseFacetsPrimed(a.base);
    if (apiB) await browseFacetsPrimed(bApi.base);
    console.log(
      primedIn === null
        ? `[${engine}] the api reports no primed browse facets (an api without a primer)`
        : `[${engine}] guest browse facets primed ${r1(primedIn / 1000)} s after the web was up`,
    );
    web = w.child;
    const urls = await pageUrls(a.base);
    const cookies: string[] = [];
    for (const login of data.logins) cookies.push(await signIn(a.base, login, data.password));
    // Warm-up: each route's server code is loaded at its first request, as guest and as customer
    // (not the sampled pages: their first renders count as cold); then, unless BENCH_WARM=0, the
    // process draws pages that are never measured (`urls.warm`), as a running server has.
    const warm = ['/fr', '/nl', '/en', '/fr/search', urls.product.at(-1), urls.category.at(-1), ...urls.warm];
    for (const base of b ? [w.base, b.base] : [w.base])
      for (const cookie of [undefined, cookies[0]])
        for (const u of warm)
          await fetch(base + (u ?? '/fr'), { headers: cookie ? { cookie } : {} }).then((r) =>
            r.arrayBuffer(),
          );
    console.log(`[${engine}] web warmed with ${warm.length} pages as a guest and as a customer`);
    const rows: Row[] = [];
    for (const who of ['guest', 'customer'] as Who[]) {
      for (const kind of PAGES) {
        const scenario = `${who}:${kind}`;
        if (ONLY && !ONLY.includes(scenario)) continue;
        if (b) {
          const pidsOf = (child: ChildProcess): number[] => (child.pid === undefined ? [] : [child.pid]);
          const ab = await compareRenders(
            urls[kind],
            who === 'guest' ? [] : cookies,
            {
              A: { base: w.base, web: processTree(w.child.pid), api: pidsOf(a.child) },
              B: { base: b.base, web: processTree(b.child.pid), api: pidsOf(bApi.child) },
            },
            watcher && databaseUrl ? { watcher, name: new URL(databaseUrl).pathname.slice(1) } : null,
          );
          for (const side of ['A', 'B'] as const)
            console.log(
              `[${engine}] A/B ${scenario.padEnd(18)} ${side} p50=${ab[side].p50} p95=${ab[side].p95} ms  ` +
                `CPU per page web ${ab[side].webCpuMs} ms + api ${ab[side].apiCpuMs} ms` +
                `${ab[side].dbCpuMs === null ? '' : ` + PostgreSQL ${ab[side].dbCpuMs} ms`} (${AB_REQUESTS} pages)`,
            );
          continue;
        }
        const figures = await load(w.base, urls[kind], who === 'guest' ? [] : cookies, {
          web: processTree(w.child.pid),
          api: a.child.pid === undefined ? [] : [a.child.pid],
        });
        console.log(
          `[${engine}] ${scenario.padEnd(18)} n=${figures.requests} err=${figures.errors} ` +
            `p50=${figures.p50} p95=${figures.p95} p99=${figures.p99} ms  ${figures.rps} pages/s  ` +
            `cold p95=${figures.coldP95} ms (${figures.cold} first renders), ` +
            `repeat p95=${figures.warmP95} ms, ${figures.hits} cache hits, ` +
            `${figures.htmlKb} kB of HTML, CPU per page web ${figures.webCpuMs} ms + api ${figures.apiCpuMs} ms`,
        );
        rows.push({ engine, scenario, figures });
      }
    }
    return { rows, webRss: treePeakRssMb(web.pid), apiRss: peakRssMb(api.pid) };
  } finally {
    await stop(web);
    await stop(webB);
    await stop(apiB);
    await stop(api);
    await watcher?.close();
    data.cleanup();
  }
}

async function main(): Promise<void> {
  if (!WEB_ROOT) buildUnderLock();
  console.log(
    `pages benchmark: concurrency ${CONCURRENCY}, ${SECONDS} s per scenario, ` +
      `${N_PRODUCTS} products, ${N_CATEGORIES} categories, ${N_USERS} customers`,
  );
  const all: Row[] = [];
  const memory: string[] = [];
  for (const engine of ENGINES) {
    const { rows, webRss, apiRss } = await runEngine(engine);
    all.push(...rows);
    memory.push(`${engine}: web peak RSS ${webRss ?? '?'} MB, api peak RSS ${apiRss ?? '?'} MB`);
  }
  console.log(
    '\nscenario            ' + ENGINES.map((e) => `${e} p50/p95/p99 ms  pages/s`.padEnd(40)).join(''),
  );
  for (const who of ['guest', 'customer'] as Who[])
    for (const kind of PAGES) {
      const scenario = `${who}:${kind}`;
      const cells = ENGINES.map((e) => {
        const f = all.find((r) => r.engine === e && r.scenario === scenario)?.figures;
        return (f ? `${f.p50}/${f.p95}/${f.p99}  ${f.rps}` : '-').padEnd(40);
      });
      if (cells.some((c) => c.trim() !== '-')) console.log(scenario.padEnd(20) + cells.join(''));
    }
  for (const m of memory) console.log(m);
  for (const who of ['guest', 'customer'] as Who[]) {
    const f = all.find((r) => r.engine === 'postgres' && r.scenario === `${who}:product`)?.figures;
    if (f)
      console.log(
        `target postgres ${who} product page p95 ≤ ${PRODUCT_P95_TARGET_MS} ms at ${CONCURRENCY} clients: ${f.p95} ms ` +
          (f.p95 <= PRODUCT_P95_TARGET_MS ? 'MET' : 'MISSED'),
      );
  }
  const product = all.find((r) => r.engine === 'postgres' && r.scenario === 'guest:product')?.figures;
  const category = all.find((r) => r.engine === 'postgres' && r.scenario === 'guest:category')?.figures;
  const t = GUEST_CACHE_TARGETS;
  const line = (label: string, value: number, unit: string, met: boolean) =>
    console.log(`target postgres ${label}: ${value} ${unit} ${met ? 'MET' : 'MISSED'}`);
  if (product) {
    line(
      `guest product p95 ≤ ${t.productP95Ms} ms at ${CONCURRENCY} clients`,
      product.p95,
      'ms',
      product.p95 <= t.productP95Ms,
    );
    line(
      `guest product ≥ ${t.productPagesPerSecond} pages/s at ${CONCURRENCY} clients`,
      product.rps,
      'pages/s',
      product.rps >= t.productPagesPerSecond,
    );
  }
  if (category)
    line(
      `guest category first render p95 ≤ ${t.categoryColdP95Ms} ms at ${CONCURRENCY} clients`,
      category.coldP95,
      'ms',
      category.coldP95 <= t.categoryColdP95Ms,
    );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
