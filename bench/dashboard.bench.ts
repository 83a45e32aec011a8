/**
 * Dashboard benchmark (issue 5 "Tests and figures"): one customer with 5 years of purchase history
 * (10,000 order lines, some credit notes; apps/api/src/seed/history.ts, deterministic) among
 * `BENCH_OTHER_CUSTOMERS` (default 20) other customers of 2,000 lines each, on PGlite and on
 * PostgreSQL. Prints p50/p95/p99 (ms) of:
 * - each sale statistics endpoint (five_years, monthly_ordered/{year}, top_ordered with each
 *   dashboard filter), sequential requests;
 * - the api calls of the pages as the web server makes them: dashboard = GET /auth/profile, then
 *   five_years + top_ordered + monthly_ordered in parallel; home = GET /auth/profile, then
 *   top_ordered;
 * - the server-rendered pages /fr/account and /fr (full HTML from `next start`), when a web build
 *   exists (apps/web/.next/BUILD_ID; build it with `npx next build` in apps/web or run the e2e
 *   once) and BENCH_WEB is not 0.
 * Target: p95 ≤ 150 ms on PostgreSQL for the pages.
 *
 * Set-up: the real catalogue imported into a fresh database (PGlite temp folder, or the scratch
 * PostgreSQL database `vetshop_bench_dashboard`), the customers and their histories inserted
 * directly; the api (and the web) run as child processes, the requests come from this process.
 *
 * Run: `npm run bench:dashboard`. Env: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test: only its server is used), BENCH_DBS (pglite,postgres),
 * BENCH_REQUESTS (per measure, default 200), BENCH_OTHER_CUSTOMERS, BENCH_WEB (1/0).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { businessDate } from '@vetshop/domain';
import { openDatabase, recreateDatabase, type Database } from '../apps/api/src/db/client.ts';
import { addresses, customers, users } from '../apps/api/src/db/schema.ts';
import { importCatalogue } from '../apps/api/src/seed/import.ts';
import { seedCarriers } from '../apps/api/src/seed/carriers.ts';
import { buildPurchaseHistory } from '../apps/api/src/seed/history.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { freePort, percentile, r1, ROOT, startApi } from './lib.ts';

const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const OTHERS = Number(process.env.BENCH_OTHER_CUSTOMERS ?? 20);
const WEB = process.env.BENCH_WEB !== '0' && existsSync(path.join(ROOT, 'apps/web/.next/BUILD_ID'));
const PASSWORD = 'bench password 2026';
const TARGET_P95_MS = 150;
const LOGIN = 'dashboard-bench@example.test';

interface Stats {
  p50: number;
  p95: number;
  p99: number;
  errors: number;
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

/** Inserts a veterinary customer with its invoicing address and user; returns the customer id. */
async function insertCustomer(database: Database, i: number, hash: string): Promise<number> {
  const db = database.db;
  const [customer] = await db
    .insert(customers)
    .values({
      number: `DB${String(i).padStart(6, '0')}`,
      name: `Bench practice ${i}`,
      function: 'veterinary',
    })
    .returning({ id: customers.id });
  await db.insert(addresses).values({
    customerId: customer!.id,
    type: 'invoicing',
    name: `Bench practice ${i}`,
    street: 'Rue de la Loi 16',
    zip: '1000',
    city: 'Bruxelles',
    isMain: true,
    canDelete: false,
  });
  await db.insert(users).values({
    customerId: customer!.id,
    login: i === 0 ? LOGIN : `dashboard-other${i}@example.test`,
    email: i === 0 ? LOGIN : `dashboard-other${i}@example.test`,
    passwordHash: hash,
    name: `Bench ${i}`,
    role: 'veterinary',
    function: 'veterinary',
    priceList: 'veterinary',
    emailVerified: true,
  });
  return customer!.id;
}

/** A fresh database with the catalogue, the measured customer's history and the other customers. */
async function prepare(kind: string): Promise<{ env: Record<string, string>; cleanup: () => void }> {
  let database: Database;
  let env: Record<string, string>;
  let cleanup = (): void => {};
  if (kind === 'postgres') {
    const url = await recreateDatabase(PG_URL, 'vetshop_bench_dashboard');
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    env = { DATABASE_URL: url };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-bench-dashboard-'));
    database = await openDatabase({ dataDir: dir });
    env = { DATA_DIR: dir };
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  const t0 = performance.now();
  await importCatalogue(database.db);
  await seedCarriers(database.db);
  const hash = await hashPassword(PASSWORD);
  const today = businessDate();
  const main = await insertCustomer(database, 0, hash);
  const report = await buildPurchaseHistory(database.db, main, {
    seed: 2026,
    lines: 10_000,
    years: 5,
    today,
  });
  for (let i = 1; i <= OTHERS; i++) {
    const id = await insertCustomer(database, i, hash);
    await buildPurchaseHistory(database.db, id, { seed: 2026 + i, lines: 2000, years: 5, today });
  }
  await database.db.execute(sql`ANALYZE`);
  console.log(
    `[${kind}] catalogue, history of ${report.sales} orders / ${report.lines} lines / ${report.creditNotes} credit notes` +
      ` and ${OTHERS} other customers × 2,000 lines ready in ${Math.round(performance.now() - t0)} ms`,
  );
  await database.close();
  return { env: { ...env, SEED_DEMO_ACCOUNTS: 'false' }, cleanup };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: LOGIN, password: PASSWORD }),
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

/** Starts `next start` of the existing build on a free port against `apiBase`; waits for it. */
async function startWeb(apiBase: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/next'), ['start', '-p', String(port)], {
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

async function run(kind: string): Promise<Record<string, Stats>> {
  const prepared = await prepare(kind);
  const { child, base } = await startApi(prepared.env);
  const children: ChildProcess[] = [child];
  try {
    const cookie = await signIn(base);
    const year = Number(businessDate().slice(0, 4));
    const get = async (url: string, origin = base): Promise<boolean> => {
      const res = await fetch(origin + url, { headers: { cookie } });
      await res.arrayBuffer();
      return res.ok;
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
    results['dashboard api calls (profile, then 3 in parallel)'] = await measure(async () => {
      if (!(await get('/auth/profile'))) return false;
      const oks = await Promise.all([
        get('/sale_statistics/five_years'),
        get('/sale_statistics/top_ordered?lang=fr&per_page=10'),
        get(`/sale_statistics/monthly_ordered/${year}`),
      ]);
      return oks.every(Boolean);
    });
    results['home api calls (profile, then top_ordered)'] = await measure(
      async () =>
        (await get('/auth/profile')) && (await get('/sale_statistics/top_ordered?lang=fr&per_page=10')),
    );
    if (WEB) {
      const web = await startWeb(base);
      children.push(web.child);
      const page = async (url: string): Promise<boolean> => {
        const res = await fetch(web.base + url, { headers: { cookie }, redirect: 'manual' });
        const html = await res.text();
        return res.status === 200 && html.includes('data-testid="most-ordered"');
      };
      results['SSR /fr/account (dashboard)'] = await measure(() => page('/fr/account'));
      results['SSR /fr (customer home)'] = await measure(() => page('/fr'));
    }
    return results;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    prepared.cleanup();
  }
}

const all: Record<string, Record<string, Stats>> = {};
for (const kind of DBS) all[kind] = await run(kind);

console.log(`\nDashboard benchmark: ${REQUESTS} sequential requests per row (ms)`);
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
    if (s.errors) line[`${kind} errors`] = s.errors;
  }
  return line;
});
console.table(table);
const pg = all.postgres;
if (pg) {
  const pages = Object.entries(pg).filter(([k]) => k.startsWith('SSR') || k.includes('api calls'));
  const worst = Math.max(...pages.map(([, s]) => s.p95));
  console.log(
    `PostgreSQL pages: worst p95 ${worst} ms — target ≤ ${TARGET_P95_MS} ms: ${worst <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
  );
}
process.exit(0);
