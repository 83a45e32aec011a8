/**
 * Cluster benchmark (docs/decisions/scale-proof-figures.md: two api processes and two web processes on one PostgreSQL
 * database behind a local proxy): scripts/cluster.mjs starts the cluster on a fresh database
 * `vetshop_bench_cluster` (the first api imports the real catalogue), then:
 * 1. cart sync through the api proxy: `BENCH_CUSTOMERS` (default 200) signed-in customers sync for
 *    `BENCH_SECONDS` (default 10) — 1–3 new transactions per request, every 5th request a replay of
 *    the previous one (a retry after a lost answer);
 * 2. replays to both processes at once: each customer sends 5 new batches to api 1 and api 2
 *    directly at the same moment (as two tabs on two processes would), then once more to one of
 *    them;
 * 3. exactly once: every cart line must equal the sum of its customer's distinct acknowledged
 *    transactions (printed: lines checked / wrong);
 * 4. pages through the web proxy: `BENCH_WEB_CONCURRENCY` (default 20) guest loops for
 *    `BENCH_WEB_SECONDS` (default 5) over home, category, product and search pages.
 * Prints p50/p95/p99 (ms), throughput (/s), errors, the requests each process got from its proxy,
 * and the peak RSS (MB) of each api and web process.
 *
 * Run: `npm run bench:cluster`. Env: BENCH_DATABASE_URL (a server URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_CUSTOMERS, BENCH_SECONDS, BENCH_WEB_SECONDS,
 * BENCH_WEB_CONCURRENCY. The web build is made (when stale) under the shared build lock.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { addresses, customers, users } from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/modules/auth/index.ts';
import { recreateDatabase, startCluster, type Cluster } from '../scripts/cluster.mjs';
import { latencyFigures } from './lib.ts';
import { buildUnderLock, treePeakRssMb } from './web.ts';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WEB_SECONDS = Number(process.env.BENCH_WEB_SECONDS ?? 5);
const WEB_CONCURRENCY = Number(process.env.BENCH_WEB_CONCURRENCY ?? 20);
const PASSWORD = 'bench cluster 2026';

interface Tx {
  uuid: string;
  product_id: number;
  qty: number;
  options: Record<string, never>;
}

const figures = latencyFigures;

/** POSTs JSON with `cookie`; status 0 on a network error; time in ms. */
async function post(base: string, url: string, cookie: string, body: unknown) {
  const t0 = performance.now();
  try {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      ms: performance.now() - t0,
    };
  } catch {
    return { status: 0, body: null, ms: performance.now() - t0 };
  }
}

/** Inserts the bench customers (one shared argon2id hash); returns the orderable variant ids. */
async function prepare(url: string): Promise<number[]> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    const hash = await hashPassword(PASSWORD);
    for (let i = 0; i < CUSTOMERS; i++) {
      const [customer] = await database.db
        .insert(customers)
        .values({
          number: `C${String(i).padStart(6, '0')}`,
          name: `Cluster practice ${i}`,
          function: 'veterinary',
          // A medicine depot: the practice may order every medicine (docs/decisions/regulated-products.md).
          depotNumber: `DEP-C${i}`,
        })
        .returning({ id: customers.id });
      await database.db.insert(addresses).values({
        customerId: customer!.id,
        type: 'invoicing',
        name: `Cluster practice ${i}`,
        street: 'Rue de la Loi 16',
        zip: '1000',
        city: 'Bruxelles',
        isMain: true,
        canDelete: false,
      });
      await database.db.insert(users).values({
        customerId: customer!.id,
        login: `cluster${i}@example.test`,
        email: `cluster${i}@example.test`,
        passwordHash: hash,
        name: `Cluster ${i}`,
        role: 'veterinary',
        function: 'veterinary',
        priceList: 'veterinary',
        emailVerified: true,
      });
    }
    const rows = await database.db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND NOT v.made_to_order
      ORDER BY v.id LIMIT 300`);
    return rows.rows.map((r) => Number(r.id));
  } finally {
    await database.close();
  }
}

async function signIn(base: string, i: number): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.1.${Math.floor(i / 250)}.${i % 250}`,
    },
    body: JSON.stringify({ login: `cluster${i}@example.test`, password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vetshop_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in ${i}: ${res.status}`);
  return cookie.split(';')[0]!;
}

/** Guest page urls (home, categories, products, searches) from the api's sitemap. */
async function pageUrls(apiBase: string): Promise<string[]> {
  const res = await fetch(`${apiBase}/catalog/sitemap?lang=fr`);
  if (!res.ok) throw new Error(`sitemap: ${res.status}`);
  const map = (await res.json()) as {
    categories: { url_keys: Record<string, string> }[];
    products: { url_keys: Record<string, string> }[];
  };
  const path = (kind: string, key: string | undefined) =>
    key ? [`/fr/${kind}/${key.split('/').map(encodeURIComponent).join('/')}`] : [];
  const step = (n: number, of: number) => Math.max(1, Math.floor(of / n));
  const categories = map.categories
    .filter((_, i) => i % step(10, map.categories.length) === 0)
    .flatMap((c) => path('c', c.url_keys.fr));
  const products = map.products
    .filter((_, i) => i % step(30, map.products.length) === 0)
    .flatMap((p) => path('p', p.url_keys.fr));
  return ['/fr', '/nl', ...categories, ...products, '/fr/search?q=amox', '/fr/search?q=chien'];
}

async function run(cluster: Cluster, productIds: number[]) {
  const proxy = cluster.apiUrl;
  const [api1, api2] = cluster.apis as [string, string];
  const cookies: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) cookies.push(await signIn(proxy, i));
  const uuids: (string | null)[] = cookies.map(() => null);
  const expected = cookies.map(() => new Map<number, number>());
  const pick = (): number => productIds[Math.floor(Math.random() * productIds.length)]!;
  const batch = (n: number): Tx[] =>
    Array.from({ length: 1 + (n % 3) }, () => ({
      uuid: randomUUID(),
      product_id: pick(),
      qty: 1 + (n % 4),
      options: {},
    }));
  const acknowledge = (c: number, txs: Tx[]) => {
    for (const t of txs) expected[c]!.set(t.product_id, (expected[c]!.get(t.product_id) ?? 0) + t.qty);
  };

  // 1. Through the api proxy.
  const proxyCountsBefore = [...cluster.apiCounts];
  const syncTimes: number[] = [];
  let syncErrors = 0;
  const end = Date.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    cookies.map(async (cookie, c) => {
      let previous: Tx[] | null = null;
      for (let n = 1; Date.now() < end; n++) {
        const replay: boolean = previous !== null && n % 5 === 0;
        const txs: Tx[] = replay && previous ? previous : batch(n);
        const res = await post(proxy, '/carts/sync', cookie, { uuid: uuids[c], transactions: txs });
        syncTimes.push(res.ms);
        if (res.status !== 200) {
          syncErrors++;
          continue;
        }
        uuids[c] = String(res.body?.uuid);
        if (!replay) acknowledge(c, txs);
        previous = txs;
      }
    }),
  );
  const viaProxy = figures(syncTimes, syncErrors, (performance.now() - t0) / 1000);
  const perApi = cluster.apiCounts.map((n, i) => n - (proxyCountsBefore[i] ?? 0));

  // 2. The same batches to both processes at once, then once more to one of them.
  const bothTimes: number[] = [];
  let bothErrors = 0;
  const t1 = performance.now();
  await Promise.all(
    cookies.map(async (cookie, c) => {
      for (let n = 0; n < 5; n++) {
        const txs = batch(n);
        const body = { uuid: uuids[c], transactions: txs };
        const answers = await Promise.all([
          post(api1, '/carts/sync', cookie, body),
          post(api2, '/carts/sync', cookie, body),
        ]);
        answers.push(await post(n % 2 ? api1 : api2, '/carts/sync', cookie, body));
        for (const a of answers) {
          bothTimes.push(a.ms);
          if (a.status !== 200) bothErrors++;
        }
        if (answers.some((a) => a.status === 200)) {
          acknowledge(c, txs);
          uuids[c] = String(answers.find((a) => a.status === 200)?.body?.uuid);
        }
      }
    }),
  );
  const direct = figures(bothTimes, bothErrors, (performance.now() - t1) / 1000);

  // 3. Exactly once.
  let linesChecked = 0;
  let linesWrong = 0;
  for (const [c, cookie] of cookies.entries()) {
    const res = await post(proxy, '/carts/sync', cookie, { uuid: uuids[c], transactions: [] });
    const lines = (res.body?.lines ?? []) as { product_id: number; qty: number; is_delivery: boolean }[];
    for (const [productId, qty] of expected[c]!) {
      linesChecked++;
      const line = lines.find((l) => l.product_id === productId && !l.is_delivery);
      if ((line?.qty ?? 0) !== qty) linesWrong++;
    }
  }

  // 4. Pages through the web proxy (guests).
  const urls = await pageUrls(proxy);
  // Warm-up: every page once on each web process (first renders compile and fill caches).
  for (const web of cluster.webs)
    await Promise.all(
      urls.map((u) =>
        fetch(web + u).then(
          (r) => r.arrayBuffer(),
          () => null,
        ),
      ),
    );
  const webCountsBefore = [...cluster.webCounts];
  const pageTimes: number[] = [];
  let pageErrors = 0;
  const pageEnd = Date.now() + WEB_SECONDS * 1000;
  const t2 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: WEB_CONCURRENCY }, async () => {
      while (Date.now() < pageEnd) {
        const url = urls[next++ % urls.length]!;
        const s = performance.now();
        try {
          const res = await fetch(cluster.siteUrl + url);
          await res.arrayBuffer();
          if (res.status !== 200) pageErrors++;
        } catch {
          pageErrors++;
        }
        pageTimes.push(performance.now() - s);
      }
    }),
  );
  const pages = figures(pageTimes, pageErrors, (performance.now() - t2) / 1000);
  const perWeb = cluster.webCounts.map((n, i) => n - (webCountsBefore[i] ?? 0));
  const rss = cluster.children.map((c) => treePeakRssMb(c.pid));
  return { viaProxy, perApi, direct, linesChecked, linesWrong, pages, perWeb, urls: urls.length, rss };
}

buildUnderLock();
const url = await recreateDatabase(SERVER, 'vetshop_bench_cluster');
const started = performance.now();
const cluster = await startCluster({
  databaseUrl: url,
  env: { SEED_DEMO_ACCOUNTS: 'false', AUTH_TYPE: 'credentials' },
});
let failed = false;
try {
  console.log(
    `[cluster] 2 apis + 2 webs up in ${Math.round(performance.now() - started)} ms (catalogue imported)`,
  );
  const productIds = await prepare(url);
  const r = await run(cluster, productIds);
  console.log(
    `\nCluster benchmark (PostgreSQL, 2 api + 2 web processes, round-robin proxies): ${CUSTOMERS} customers, ${SECONDS} s of syncs; ${WEB_CONCURRENCY} page loops for ${WEB_SECONDS} s (ms)`,
  );
  console.log(['scenario', 'p50', 'p95', 'p99', 'req/s', 'requests', 'errors', 'per process'].join('\t'));
  console.log(
    [
      'sync via api proxy',
      r.viaProxy.p50,
      r.viaProxy.p95,
      r.viaProxy.p99,
      r.viaProxy.perSecond,
      r.viaProxy.count,
      r.viaProxy.errors,
      r.perApi.join('/'),
    ].join('\t'),
  );
  console.log(
    [
      'sync to both apis at once',
      r.direct.p50,
      r.direct.p95,
      r.direct.p99,
      r.direct.perSecond,
      r.direct.count,
      r.direct.errors,
      'direct',
    ].join('\t'),
  );
  console.log(
    [
      'pages via web proxy',
      r.pages.p50,
      r.pages.p95,
      r.pages.p99,
      r.pages.perSecond,
      r.pages.count,
      r.pages.errors,
      r.perWeb.join('/'),
    ].join('\t'),
  );
  console.log(
    `exactly once: cart lines checked ${r.linesChecked}, wrong ${r.linesWrong}: ${r.linesWrong === 0 ? 'yes' : 'NO'}`,
  );
  console.log(
    `peak RSS MB: api 1 ${r.rss[0] ?? '?'}, api 2 ${r.rss[1] ?? '?'}, web 1 ${r.rss[2] ?? '?'}, web 2 ${r.rss[3] ?? '?'} (${r.urls} page urls)`,
  );
  failed = r.linesWrong > 0;
} finally {
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
