/**
 * Side-by-side benchmark of two apis' per-customer answers (docs/decisions/built-answers.md,
 * docs/decisions/web-page-performance.md "The product page's pictures and regulatory data in its
 * one statement"): the api of this checkout (A) and of `BENCH_AB_API_ROOT` (B, e.g. an export of
 * the commit before a change, with node_modules linked) run at once on the cart benchmark's copy
 * of the data set (PostgreSQL database `vetshop_h2_cart_ds`, bench/cart.bench.ts; built on the
 * first run), and each request is asked of both in turn, one at a time, which goes first
 * alternating:
 *
 * - `cart`: GET /carts/current of BENCH_CUSTOMERS (20) veterinary customers, each with a cart of
 *   BENCH_CART_LINES (15) lines put there by a summary sync of api A before the measure (the
 *   answers that ask for prices: the cart and checkout pages, every priced sync);
 * - `product`: GET /catalog/products/by-url-key of products spread over the whole catalogue (fr,
 *   nl, en), for the same signed-in customers (a signed-in product page's api answer).
 *
 * After 100 requests per api to warm up, BENCH_REQUESTS (800) per scenario and api. Prints per api
 * the CPU per request of the api process and of the database's backends (read from /proc around
 * each request: one request runs at a time, so each api is charged its own work), p50 and p95
 * (ms), how many answers were the same bytes from both apis (a cart's `date` is the time it
 * last changed, the same for both) and their mean size. On a machine whose speed drifts within minutes this tells
 * apart changes of a few tenths of a millisecond that two runs of bench/cart.bench.ts cannot.
 *
 * Run: `BENCH_AB_API_ROOT=<checkout> npm run bench:answers`. Env: BENCH_SCENARIOS (cart,product),
 * BENCH_REQUESTS, BENCH_CUSTOMERS, BENCH_CART_LINES, BENCH_SERVER_URL (see bench/dataset.ts).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { prepareDataset } from './dataset.ts';
import { backendPidsOf, cookieRequest, cpuMsOf, percentile, r1, startApi } from './lib.ts';

const AB_API_ROOT = process.env.BENCH_AB_API_ROOT;
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'cart,product').split(',');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 800);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);
const CART_LINES = Number(process.env.BENCH_CART_LINES ?? 15);
const WARM_UP = 100;
const LOCALES = ['fr', 'nl', 'en'] as const;

/** One api of the comparison: its base url, process, keep-alive agent and customers' cookies. */
interface Side {
  label: string;
  base: string;
  pid: number;
  agent: http.Agent;
  cookies: string[];
  apiMs: number;
  dbMs: number;
  times: number[];
}

/** GET or POST `path` of `side` with `cookie`: status and body text. */
function request(
  side: Side,
  method: 'GET' | 'POST',
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return cookieRequest(side.agent, side.base, method, path, cookie, body);
}

/** Signs `login` in on `base` (one at a time: the password hashing queue is short), its session cookie. */
async function signIn(base: string, login: string, password: string, i: number): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.30.${Math.floor(i / 250)}.${i % 250}`,
    },
    body: JSON.stringify({ login, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${login}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('vetshop_session='))!
    .split(';')[0]!;
}

async function main(): Promise<void> {
  if (!AB_API_ROOT) throw new Error('BENCH_AB_API_ROOT names the checkout of the api to compare with');
  const ds = await prepareDataset('postgres', { database: 'vetshop_h2_cart_ds' });
  const users = ds.users.filter((u) => u.fn === 'veterinary').slice(0, CUSTOMERS);
  const watcher = await openDatabase({ databaseUrl: ds.env.DATABASE_URL!, poolSize: 1 });
  // Products on sale to everybody (no regulated flag), in stock: each customer's cart lines.
  const variants = (
    await watcher.db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE p.flags ->> 'food' = 'true' AND v.stock_state = 'in_stock' ORDER BY v.id LIMIT ${CART_LINES}`)
  ).rows.map((r) => Number(r.id));
  const a = await startApi(ds.env);
  const b = await startApi(ds.env, { root: AB_API_ROOT });
  const sides: Side[] = [];
  for (const [label, api] of [
    ['A (this checkout)', a],
    [`B (${AB_API_ROOT})`, b],
  ] as const) {
    const cookies: string[] = [];
    for (const [i, u] of users.entries())
      cookies.push(await signIn(api.base, u.login, ds.password, i + sides.length * 500));
    sides.push({
      label,
      base: api.base,
      pid: api.child.pid!,
      agent: new http.Agent({ keepAlive: true }),
      cookies,
      apiMs: 0,
      dbMs: 0,
      times: [],
    });
  }
  try {
    // The customers' carts: their lines set by a summary sync (a replayed run adds to the same lines).
    for (const cookie of sides[0]!.cookies) {
      const sync = await request(sides[0]!, 'POST', '/carts/sync?lang=fr&answer=summary', cookie, {
        uuid: null,
        transactions: variants.map((id) => ({ uuid: randomUUID(), product_id: id, qty: 1, options: {} })),
      });
      if (sync.status !== 200) throw new Error(`cart sync: ${sync.status} ${sync.text.slice(0, 200)}`);
    }
    const sitemap = (await (await fetch(`${a.base}/catalog/sitemap?lang=fr`)).json()) as {
      products: { url_keys: Record<string, string> }[];
    };
    const step = Math.max(1, Math.floor(sitemap.products.length / (REQUESTS + WARM_UP)));
    const productPaths = sitemap.products
      .filter((_, i) => i % step === 0)
      .map((p, i) => {
        const lang = LOCALES[i % LOCALES.length]!;
        return `/catalog/products/by-url-key/${encodeURIComponent(p.url_keys[lang] ?? p.url_keys.fr ?? '')}?lang=${lang}`;
      });
    const pathsOf: Record<string, (i: number) => string> = {
      cart: (i) => `/carts/current?lang=${LOCALES[i % LOCALES.length]}`,
      product: (i) => productPaths[i % productPaths.length]!,
    };
    console.log(
      `answers A/B: ${users.length} customers, carts of ${variants.length} lines, ${REQUESTS} requests per scenario and api after ${WARM_UP} to warm up`,
    );
    for (const scenario of SCENARIOS) {
      const pathOf = pathsOf[scenario];
      if (!pathOf) throw new Error(`unknown scenario ${scenario} (cart, product)`);
      for (let i = 0; i < WARM_UP; i++)
        for (const side of sides) await request(side, 'GET', pathOf(i), side.cookies[i % users.length]!);
      for (const side of sides) Object.assign(side, { apiMs: 0, dbMs: 0, times: [] });
      const backends = await backendPidsOf(watcher.db, 'vetshop_h2_cart_ds');
      let same = 0;
      let failed = 0;
      let bytes = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const order = i % 2 ? [sides[1]!, sides[0]!] : sides;
        const texts: string[] = [];
        for (const side of order) {
          const api0 = cpuMsOf([side.pid]);
          const db0 = cpuMsOf(backends);
          const t0 = performance.now();
          const res = await request(side, 'GET', pathOf(WARM_UP + i), side.cookies[i % users.length]!);
          side.times.push(performance.now() - t0);
          side.apiMs += cpuMsOf([side.pid]) - api0;
          side.dbMs += cpuMsOf(backends) - db0;
          if (res.status !== 200) failed += 1;
          texts.push(res.text);
        }
        if (texts[0] === texts[1]) same += 1;
        bytes += Buffer.byteLength(texts[0] ?? '');
      }
      console.log(
        `\n${scenario}: same bytes ${same} of ${REQUESTS}${failed ? `, ${failed} answers not 200` : ''}; ${r1(bytes / REQUESTS / 1024)} kB an answer`,
      );
      for (const side of sides) {
        const sorted = [...side.times].sort((x, y) => x - y);
        console.log(
          `  ${side.label}: CPU per request api ${(side.apiMs / REQUESTS).toFixed(2)} ms + PostgreSQL ${(side.dbMs / REQUESTS).toFixed(2)} ms; p50 ${r1(percentile(sorted, 50))} ms, p95 ${r1(percentile(sorted, 95))} ms`,
        );
      }
    }
  } finally {
    for (const api of [a, b]) api.child.kill('SIGTERM');
    await watcher.close();
  }
}

await main();
