/**
 * Guest page cache under steady traffic (docs/decisions/guest-page-cache.md,
 * docs/decisions/catalogue-time-edges.md): how many guest pages are answered from the cache, and
 * how fast, when guests arrive at a modest steady rate over minutes, as on the shop's real days —
 * not the closed loop of bench/pages.bench.ts, whose seconds-long scenarios never see a stored page
 * expire.
 *
 * A trace of guest page views: arrivals at `BENCH_RATE` pages/s (Poisson, seeded) for
 * `BENCH_SECONDS`; each view picks a page by popularity (Zipf, exponent 1, seeded) among the three
 * home pages, every category page in the three languages (GET /catalog/sitemap of the api) and
 * `BENCH_PRODUCTS` product pages. Each view is asked of every web server of `BENCH_WEB_URLS` (comma
 * list, e.g. the build before and after a change side by side on one api), one after the other, the
 * first in turn, with a browser's headers (bench/web.ts `browserHeaders`).
 *
 * With `BENCH_BUMP_SECONDS` = N, the catalogue version is moved every N s, as a staff edit or a
 * stock state change moves it (one UPDATE of `catalog_version` on the api's database:
 * DATABASE_URL, else the benchmark data set, bench/lib.ts `openComparisonDatabase`).
 *
 * Prints per web server: views, answers by `x-vetshop-cache` (hit, miss, pass, bypass), the share
 * of hits, and p50/p95/p99 of all answers and of the misses (ms).
 *
 * Run against running servers: `BENCH_API_URL=http://127.0.0.1:4300
 * BENCH_WEB_URLS=http://127.0.0.1:3300,http://127.0.0.1:3301 npm run bench:page-cache`.
 * Env: BENCH_RATE (2), BENCH_SECONDS (300), BENCH_PRODUCTS (600), BENCH_SEED (1), BENCH_BUMP_SECONDS (0:
 * none).
 */
import { sql } from 'drizzle-orm';
import { openComparisonDatabase, percentile, r1, rng, sample } from './lib.ts';
import { browserHeaders } from './web.ts';

const API = process.env.BENCH_API_URL ?? 'http://127.0.0.1:4300';
const WEBS = (process.env.BENCH_WEB_URLS ?? 'http://127.0.0.1:3300').split(',').filter(Boolean);
const RATE = Number(process.env.BENCH_RATE ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 600);
const SEED = Number(process.env.BENCH_SEED ?? 1);
const BUMP_SECONDS = Number(process.env.BENCH_BUMP_SECONDS ?? 0);
const LOCALES = ['fr', 'nl', 'en'] as const;

type UrlKeys = Partial<Record<(typeof LOCALES)[number], string>>;

/** The pages of the trace, most popular first: homes, categories, then products (shuffled). */
async function pages(): Promise<string[]> {
  const res = await fetch(`${API}/catalog/sitemap`);
  if (!res.ok) throw new Error(`GET /catalog/sitemap: ${res.status}`);
  const map = (await res.json()) as {
    categories: { url_keys: UrlKeys }[];
    products: { url_keys: UrlKeys }[];
  };
  const path = (kind: 'c' | 'p', keys: UrlKeys, i: number): string[] => {
    const locale = LOCALES[i % LOCALES.length]!;
    const key = keys[locale];
    return key ? [`/${locale}/${kind}/${key.split('/').map(encodeURIComponent).join('/')}`] : [];
  };
  const categories = map.categories.flatMap((c) => LOCALES.map((_, i) => path('c', c.url_keys, i)[0] ?? ''));
  const products = sample(map.products, PRODUCTS, SEED).flatMap((p, i) => path('p', p.url_keys, i));
  return [
    ...LOCALES.map((l) => `/${l}`),
    ...sample(categories.filter(Boolean), categories.length, SEED + 1),
    ...products,
  ];
}

/** Picks an index of `n` items with Zipf weights 1/(rank) (exponent 1). */
function zipf(n: number, rand: () => number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k++) cumulative.push((sum += 1 / k));
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

interface Answer {
  ms: number;
  cache: string;
}

async function view(base: string, u: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(base + u, { headers: browserHeaders(u, undefined), redirect: 'manual' });
  await res.arrayBuffer();
  return { ms: performance.now() - started, cache: res.headers.get('x-vetshop-cache') ?? 'none' };
}

async function main(): Promise<void> {
  const urls = await pages();
  const rand = rng(SEED);
  const pick = zipf(urls.length, rand);
  const answers = new Map<string, Answer[]>(WEBS.map((w) => [w, []]));
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let at = 0;
  let n = 0;
  console.log(
    `[page-cache-hits] ${urls.length} pages, ${RATE} views/s for ${SECONDS} s, web servers: ${WEBS.join(', ')}`,
  );
  const database = BUMP_SECONDS > 0 ? await openComparisonDatabase() : null;
  let bumps = 0;
  const bumper = database
    ? setInterval(() => {
        bumps += 1;
        // Drizzle runs a statement when it is awaited (then).
        database.db
          .execute(sql`UPDATE catalog_version SET version = version + 1, changed_at = now() WHERE id = 1`)
          .then(
            () => undefined,
            (err: unknown) => console.error('[page-cache-hits] version move failed', err),
          );
      }, BUMP_SECONDS * 1000)
    : null;
  while (true) {
    at += (-Math.log(1 - rand()) / RATE) * 1000;
    if (at > SECONDS * 1000) break;
    const wait = started + at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const u = urls[pick()] as string;
    const order = n % 2 === 0 ? WEBS : [...WEBS].reverse();
    n += 1;
    pending.push(
      (async () => {
        for (const web of order) answers.get(web)!.push(await view(web, u));
      })(),
    );
  }
  await Promise.all(pending);
  if (bumper) clearInterval(bumper);
  await database?.close();
  if (database) console.log(`catalogue version moved ${bumps} times (every ${BUMP_SECONDS} s)`);
  for (const web of WEBS) {
    const list = answers.get(web)!;
    const by = (c: string) => list.filter((a) => a.cache === c).length;
    const all = list.map((a) => a.ms).sort((a, b) => a - b);
    const misses = list
      .filter((a) => a.cache === 'miss')
      .map((a) => a.ms)
      .sort((a, b) => a - b);
    console.log(
      `${web}: ${list.length} views, hit ${by('hit')} miss ${by('miss')} pass ${by('pass')} bypass ${by('bypass')}` +
        ` (hits ${r1((100 * by('hit')) / Math.max(1, list.length))} %); all p50/p95/p99 ` +
        `${r1(percentile(all, 50))}/${r1(percentile(all, 95))}/${r1(percentile(all, 99))} ms; ` +
        `misses p50/p95 ${r1(percentile(misses, 50))}/${r1(percentile(misses, 95))} ms`,
    );
  }
}

await main();
