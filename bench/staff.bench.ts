/**
 * Staff back office benchmark (docs/product/back-office.md#staff-back-office): the staff home counts, the staff order list (open
 * filter, search) and the audit log (no filter, action, user, date range) on a large history:
 * `BENCH_SALES` orders (default 200,000) over 5,000 customers and `BENCH_AUDIT` audit rows
 * (default 500,000), inserted with generate_series (1 % pending, 1 % processing, 2 % partly
 * delivered, 6 % cancelled, the rest delivered). Each query runs `BENCH_RUNS` times (default
 * 30) through `app.inject` (no network); prints p50/p95 in ms per database.
 *
 * Run: `npx tsx bench/staff.bench.ts`. Env: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test; scratch database vetshop_bench_staff), BENCH_DBS
 * (pglite,postgres). No target in the product requirements; the figures go in the report / README.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, recreateDatabase, type Database } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/modules/auth/index.ts';
import { users } from '../apps/api/src/db/schema.ts';
import { percentile, r1 } from './lib.ts';

const SALES = Number(process.env.BENCH_SALES ?? 200_000);
const AUDIT = Number(process.env.BENCH_AUDIT ?? 500_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');

async function fill(database: Database): Promise<void> {
  const db = database.db;
  await db.execute(sql`INSERT INTO customers (number, name, function)
    SELECT lpad(g::text, 6, '0'), 'Practice ' || g, 'veterinary' FROM generate_series(1, 5000) g`);
  await db.execute(sql`INSERT INTO sales (name, customer_id, state, date_order)
    SELECT 'S' || lpad(g::text, 7, '0'), (SELECT min(id) FROM customers) + (g % 5000),
      CASE WHEN g % 100 = 0 THEN 'pending' WHEN g % 100 = 1 THEN 'processing'
        WHEN g % 100 < 4 THEN 'delivery_partial' WHEN g % 100 < 10 THEN 'cancel' ELSE 'delivery_full' END,
      now() - (g || ' minutes')::interval
    FROM generate_series(1, ${SALES}) g`);
  await db.execute(sql`INSERT INTO audit_log (user_login, action, target_type, target_id, status, created_at)
    SELECT 'staff' || (g % 7) || '@bench.test',
      (ARRAY['POST /staff/sales/:id/state','POST /staff/sales/:id/pickings','POST /staff/sales/:id/invoices','POST /staff/registrations/:id/approve'])[1 + g % 4],
      'sales', (g % 100000)::text, CASE WHEN g % 10 = 0 THEN 409 ELSE 200 END,
      now() - (g || ' seconds')::interval
    FROM generate_series(1, ${AUDIT}) g`);
  await db.execute(sql`ANALYZE`);
}

async function main(): Promise<void> {
  for (const kind of DBS) {
    let database: Database;
    if (kind === 'postgres') {
      const url = await recreateDatabase(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
        'vetshop_bench_staff',
      );
      database = await openDatabase({ databaseUrl: url });
    } else database = await openDatabase({});
    const t0 = performance.now();
    await fill(database);
    const login = 'staff@bench.test';
    await database.db.insert(users).values({
      login,
      email: login,
      passwordHash: await hashPassword('bench password 2026'),
      name: 'Staff',
      role: 'staff',
      emailVerified: true,
    });
    console.log(
      `${kind}: ${SALES} orders, ${AUDIT} audit rows inserted in ${r1((performance.now() - t0) / 1000)} s`,
    );
    const app = await buildApp({ db: database, auth: { type: 'credentials' } });
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login, password: 'bench password 2026' },
    });
    const cookie = `vetshop_session=${res.cookies.find((c) => c.name === 'vetshop_session')!.value}`;
    const today = new Date().toISOString().slice(0, 10);
    const queries = {
      'GET /staff/summary': '/staff/summary',
      'GET /staff/sales (open)': '/staff/sales',
      'GET /staff/sales?state=all&q=S00123': '/staff/sales?state=all&q=S00123',
      'GET /staff/sales?state=all&q=Practice 42': '/staff/sales?state=all&q=Practice%2042',
      'GET /staff/audit_log': '/staff/audit_log',
      'GET /staff/audit_log?action=pickings': '/staff/audit_log?action=pickings',
      'GET /staff/audit_log?user=staff3': '/staff/audit_log?user=staff3',
      [`GET /staff/audit_log?from=to=today`]: `/staff/audit_log?from=${today}&to=${today}`,
      'GET /staff/audit_log?page=500': '/staff/audit_log?page=500',
    };
    for (const [label, url] of Object.entries(queries)) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const r = await app.inject({ method: 'GET', url, headers: { cookie } });
        times.push(performance.now() - start);
        if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(44)} p50 ${r1(percentile(times, 50))} ms   p95 ${r1(percentile(times, 95))} ms`,
      );
    }
    await app.close();
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
