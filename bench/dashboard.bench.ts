/**
 * Dashboard benchmark (docs/decisions/scale-proof-figures.md): on the benchmark data set
 * (bench/dataset.ts: 2,000 customers, 5 years of orders, ≈ 540,000 order lines), on PGlite and
 * on PostgreSQL, the customer with the most order lines is measured. Prints p50/p95/p99 (ms) of:
 * - each sale statistics endpoint (five_years, monthly_ordered/{year}, top_ordered with each
 *   dashboard filter), sequential requests (1 client);
 * - the api calls of the pages as the web server makes them: dashboard = GET /auth/profile, then
 *   five_years + top_ordered + monthly_ordered in parallel; home = GET /auth/profile, then
 *   top_ordered; once with 1 client, once with `BENCH_CLIENTS` (default 8) customers at once
 *   (throughput in dashboards/s);
 * - the server-rendered pages /fr/account and /fr (full HTML from `next start`), when a web build
 *   exists (apps/web/.next/BUILD_ID) and BENCH_WEB is not 0;
 * and the api's peak RSS (MB). Target: p95 ≤ 150 ms on PostgreSQL for the pages.
 *
 * Run: `npm run bench:dashboard`. Env: BENCH_DBS (pglite,postgres), BENCH_REQUESTS (per measure,
 * default 200), BENCH_CLIENTS, BENCH_WEB (1/0), BENCH_SEED (data set seed, default 1).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { businessDate } from '@vetshop/domain';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { DATASET_PASSWORD, prepareDataset, type Dataset, type Engine } from './dataset.ts';
import { freePort, peakRssMb, percentile, r1, ROOT, startApi } from './lib.ts';

const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',') as Engine[];
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SEED = Number(process.env.BENCH_SEED ?? 1);
const WEB = process.env.BENCH_WEB !== '0' && existsSync(path.join(ROOT, 'apps/web/.next/BUILD_ID'));
const TARGET_P95_MS = 150;

interface Stats {
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Completed measures per second (concurrent rows only). */
  perSecond?: number;
}

function stats(times: number[], errors: number): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: r1(percentile(sorted, 50)),
    p95: r1(percentile(sorted, 95)),
    p99: r1(percentile(sorted, 99)),
    errors,
  };
}

/** Logins of the `n` customer users with the most order lines (the heaviest dashboards first). */
async function heaviestLogins(ds: Dataset, n: number): Promise<string[]> {
  const database = await openDatabase(
    ds.engine === 'postgres'
      ? { databaseUrl: ds.env.DATABASE_URL, poolSize: 1 }
      : { dataDir: ds.env.DATA_DIR },
  );
  try {
    const rows = (
      await database.db.execute<{ login: string }>(sql`
        WITH per_customer AS (
          SELECT s.customer_id, count(*) AS lines FROM sale_lines l JOIN sales s ON s.id = l.sale_id
          GROUP BY s.customer_id ORDER BY lines DESC LIMIT ${n})
        SELECT (SELECT u.login FROM users u WHERE u.customer_id = p.customer_id ORDER BY u.id LIMIT 1) AS login
        FROM per_customer p ORDER BY p.lines DESC`)
    ).rows;
    return rows.map((r) => r.login);
  } finally {
    await database.close();
  }
}

async function signIn(base: string, login: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: DATASET_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vetshop_session='));
  return cookie!.split(';')[0]!;
}

/** Runs `once` (after 10 warm-up runs) REQUESTS times in sequence; times in ms, failures counted. */
async function measure(once: () => Promise<boolean>): Promise<Stats> {
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const ok = await once();
    times.push(performance.now() - t0);
    if (!ok) errors++;
  }
  return stats(times, errors);
}

/** Starts the web server (apps/web/server.mjs) of the existing build on a free port against `apiBase`; waits for it. */
async function startWeb(apiBase: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server.mjs', '-p', String(port)], {
    cwd: path.join(ROOT, 'apps/web'),
    env: {
      ...process.env,
      API_URL: apiBase,
      SITE_URL: `http://localhost:${port}`,
      AUTH_TYPE: 'credentials',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`web exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/fr`)).status < 500) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error('web did not answer within 60 s');
}

/** Runs `once` on `clients` customers at once, REQUESTS times in all; latency and measures/s. */
async function measureConcurrent(
  clients: number,
  once: (client: number) => Promise<boolean>,
): Promise<Stats> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (next < REQUESTS) {
        next++;
        const start = performance.now();
        if (!(await once(client))) errors++;
        times.push(performance.now() - start);
      }
    }),
  );
  return { ...stats(times, errors), perSecond: r1(times.length / ((performance.now() - t0) / 1000)) };
}

async function run(kind: Engine): Promise<{ results: Record<string, Stats>; rssMb: number | null }> {
  const ds = await prepareDataset(kind, { seed: SEED });
  const logins = await heaviestLogins(ds, CLIENTS);
  const { child, base } = await startApi(ds.env);
  const children: ChildProcess[] = [child];
  try {
    const cookies = await Promise.all(logins.map((login) => signIn(base, login)));
    const cookie = cookies[0]!;
    const year = Number(businessDate().slice(0, 4));
    const get = async (url: string, origin = base, as = cookie): Promise<boolean> => {
      const res = await fetch(origin + url, { headers: { cookie: as } });
      await res.arrayBuffer();
      return res.ok;
    };
    const dashboardCalls = async (as: string): Promise<boolean> => {
      if (!(await get('/auth/profile', base, as))) return false;
      const oks = await Promise.all([
        get('/sale_statistics/five_years', base, as),
        get('/sale_statistics/top_ordered?lang=fr&per_page=10', base, as),
        get(`/sale_statistics/monthly_ordered/${year}`, base, as),
      ]);
      return oks.every(Boolean);
    };
    const results: Record<string, Stats> = {};
    results['GET five_years'] = await measure(() => get('/sale_statistics/five_years'));
    results[`GET monthly_ordered/${year}`] = await measure(() =>
      get(`/sale_statistics/monthly_ordered/${year}`),
    );
    results[`GET monthly_ordered/${year - 3}`] = await measure(() =>
      get(`/sale_statistics/monthly_ordered/${year - 3}`),
    );
    results['GET top_ordered (all)'] = await measure(() =>
      get('/sale_statistics/top_ordered?lang=fr&per_page=10'),
    );
    results['GET top_ordered (meds)'] = await measure(() =>
      get('/sale_statistics/top_ordered?lang=fr&per_page=10&product_families[]=meds'),
    );
    results['GET top_ordered (promotions)'] = await measure(() =>
      get('/sale_statistics/top_ordered?lang=fr&per_page=10&supplier_discount_only=true'),
    );
    results['dashboard api calls (profile, then 3 in parallel)'] = await measure(() =>
      dashboardCalls(cookie),
    );
    results[`dashboard api calls, ${cookies.length} customers at once`] = await measureConcurrent(
      cookies.length,
      (client) => dashboardCalls(cookies[client]!),
    );
    results['home api calls (profile, then top_ordered)'] = await measure(
      async () =>
        (await get('/auth/profile')) && (await get('/sale_statistics/top_ordered?lang=fr&per_page=10')),
    );
    if (WEB) {
      const web = await startWeb(base);
      children.push(web.child);
      const page = async (url: string, as = cookie): Promise<boolean> => {
        const res = await fetch(web.base + url, { headers: { cookie: as }, redirect: 'manual' });
        const html = await res.text();
        return res.status === 200 && html.includes('data-testid="most-ordered"');
      };
      results['SSR /fr/account (dashboard)'] = await measure(() => page('/fr/account'));
      results[`SSR /fr/account, ${cookies.length} customers at once`] = await measureConcurrent(
        cookies.length,
        (client) => page('/fr/account', cookies[client]!),
      );
      results['SSR /fr (customer home)'] = await measure(() => page('/fr'));
    }
    return { results, rssMb: peakRssMb(child.pid) };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

const all: Record<string, Record<string, Stats>> = {};
const rss: Record<string, number | null> = {};
for (const kind of DBS) {
  const { results, rssMb } = await run(kind);
  all[kind] = results;
  rss[kind] = rssMb;
}

console.log(
  `\nDashboard benchmark: ${REQUESTS} requests per row (ms; 1 client unless the row says otherwise)`,
);
if (!WEB)
  console.log(
    '(no web build found or BENCH_WEB=0: server-rendered pages not measured, only their api calls)',
  );
const rows = Object.keys(all[DBS[0]!] ?? {});
const table = rows.map((row) => {
  const line: Record<string, string | number> = { measure: row };
  for (const kind of DBS) {
    const s = all[kind]?.[row];
    if (!s) continue;
    line[`${kind} p50`] = s.p50;
    line[`${kind} p95`] = s.p95;
    line[`${kind} p99`] = s.p99;
    if (s.perSecond !== undefined) line[`${kind} /s`] = s.perSecond;
    if (s.errors) line[`${kind} errors`] = s.errors;
  }
  return line;
});
console.table(table);
for (const kind of DBS) console.log(`[${kind}] api peak RSS: ${rss[kind] ?? '?'} MB`);
const pg = all.postgres;
if (pg) {
  const pages = Object.entries(pg).filter(([k]) => k.startsWith('SSR') || k.includes('api calls'));
  for (const concurrent of [false, true]) {
    const rowsOf = pages.filter(([k]) => k.includes('at once') === concurrent);
    if (rowsOf.length === 0) continue;
    const worst = Math.max(...rowsOf.map(([, s]) => s.p95));
    console.log(
      `PostgreSQL dashboard pages, ${concurrent ? `${CLIENTS} customers at once` : '1 client'}: worst p95 ${worst} ms — target ≤ ${TARGET_P95_MS} ms: ${worst <= TARGET_P95_MS ? 'met' : 'missed'}`,
    );
  }
}
process.exit(0);
