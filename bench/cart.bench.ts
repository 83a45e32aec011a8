/**
 * Cart benchmark (issue 4 "Tests and figures"): `BENCH_CUSTOMERS` (default 200) signed-in customers
 * sync their carts concurrently over HTTP for `BENCH_SECONDS` (each sync carries 1–3 new
 * transactions, and every 5th request replays the previous one as a retry would), then
 * `BENCH_CHECKOUTS` (default 1,000) checkouts spread over the same customers. Prints p50/p95/p99
 * and throughput of sync and confirm per database (PGlite and PostgreSQL side by side), the api's
 * peak RSS, and the exactly-once checks: acknowledged orders = stored orders, and every cart line
 * quantity = the sum of its distinct acknowledged transactions.
 *
 * Set-up: the real catalogue imported into a fresh database (PGlite temp folder, or the scratch
 * PostgreSQL database `vetshop_bench_cart`), customers inserted directly (one shared argon2id
 * hash), then the api runs as a child process and the load comes from this process.
 *
 * Run: `npm run bench:cart`. Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * BENCH_DBS (pglite,postgres), BENCH_CUSTOMERS, BENCH_SECONDS (default 10), BENCH_CHECKOUTS.
 * Target on PostgreSQL: sync p95 ≤ 25 ms.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, recreateDatabase, type Database } from '../apps/api/src/db/client.ts';
import { addresses, customers, users } from '../apps/api/src/db/schema.ts';
import { importCatalogue } from '../apps/api/src/seed/import.ts';
import { seedCarriers } from '../apps/api/src/seed/carriers.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { peakRssMb, percentile, r1, startApi } from './lib.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 1000);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'bench password 2026';
const SYNC_TARGET_P95_MS = 25;

interface Tx {
  uuid: string;
  product_id: number;
  qty: number;
  options: Record<string, never>;
}

interface Stats {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

function stats(times: number[], errors: number, seconds: number): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: times.length,
    errors,
    p50: r1(percentile(sorted, 50)),
    p95: r1(percentile(sorted, 95)),
    p99: r1(percentile(sorted, 99)),
    perSecond: Math.round(times.length / seconds),
  };
}

/** Imports the catalogue and the carriers, inserts the customers; returns the env of the api and the product ids. */
async function prepare(
  kind: string,
): Promise<{ env: Record<string, string>; productIds: number[]; cleanup: () => void }> {
  let database: Database;
  let env: Record<string, string>;
  let cleanup = (): void => {};
  if (kind === 'postgres') {
    const url = await recreateDatabase(PG_URL, 'vetshop_bench_cart');
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    env = { DATABASE_URL: url };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-bench-cart-'));
    database = await openDatabase({ dataDir: dir });
    env = { DATA_DIR: dir };
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  const t0 = performance.now();
  await importCatalogue(database.db);
  await seedCarriers(database.db);
  const hash = await hashPassword(PASSWORD);
  for (let i = 0; i < CUSTOMERS; i++) {
    const [customer] = await database.db
      .insert(customers)
      .values({
        number: `B${String(i).padStart(6, '0')}`,
        name: `Bench practice ${i}`,
        function: 'veterinary',
      })
      .returning({ id: customers.id });
    await database.db.insert(addresses).values({
      customerId: customer!.id,
      type: 'invoicing',
      name: `Bench practice ${i}`,
      street: 'Rue de la Loi 16',
      zip: '1000',
      city: 'Bruxelles',
      isMain: true,
      canDelete: false,
    });
    await database.db.insert(users).values({
      customerId: customer!.id,
      login: `bench${i}@example.test`,
      email: `bench${i}@example.test`,
      passwordHash: hash,
      name: `Bench ${i}`,
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
  console.log(
    `[${kind}] catalogue + ${CUSTOMERS} customers ready in ${Math.round(performance.now() - t0)} ms`,
  );
  await database.close();
  return {
    env: { ...env, SEED_DEMO_ACCOUNTS: 'false' },
    productIds: rows.rows.map((r) => Number(r.id)),
    cleanup,
  };
}

/** POSTs JSON with the customer's cookie; returns status, body and time (ms). */
async function post(base: string, url: string, cookie: string, body: unknown) {
  const t0 = performance.now();
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
}

async function signIn(base: string, i: number): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.0.${Math.floor(i / 250)}.${i % 250}`,
    },
    body: JSON.stringify({ login: `bench${i}@example.test`, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${i}: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vetshop_session='));
  return cookie!.split(';')[0]!;
}

interface CustomerState {
  cookie: string;
  uuid: string | null;
  /** Acknowledged transactions of the current cart: product id → summed quantity. */
  expected: Map<number, number>;
}

async function run(kind: string) {
  const prepared = await prepare(kind);
  const { child, base } = await startApi(prepared.env);
  try {
    const states: CustomerState[] = [];
    for (let i = 0; i < CUSTOMERS; i++)
      states.push({ cookie: await signIn(base, i), uuid: null, expected: new Map() });
    const pick = (): number => prepared.productIds[Math.floor(Math.random() * prepared.productIds.length)]!;

    // 1. Concurrent syncs.
    const syncTimes: number[] = [];
    let syncErrors = 0;
    const end = Date.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      states.map(async (s) => {
        let previous: Tx[] | null = null;
        let n = 0;
        while (Date.now() < end) {
          n++;
          const replay = previous !== null && n % 5 === 0;
          const transactions: Tx[] = replay
            ? previous!
            : Array.from({ length: 1 + (n % 3) }, () => ({
                uuid: randomUUID(),
                product_id: pick(),
                qty: 1 + (n % 4),
                options: {},
              }));
          const res = await post(base, '/carts/sync', s.cookie, { uuid: s.uuid, transactions });
          syncTimes.push(res.ms);
          if (res.status !== 200) {
            syncErrors++;
            continue;
          }
          s.uuid = String(res.body?.uuid);
          if (!replay)
            for (const t of transactions)
              s.expected.set(t.product_id, (s.expected.get(t.product_id) ?? 0) + t.qty);
          previous = transactions;
        }
      }),
    );
    const sync = stats(syncTimes, syncErrors, (performance.now() - started) / 1000);

    // Exactly once: every line equals the sum of its distinct acknowledged transactions.
    let linesChecked = 0;
    let linesWrong = 0;
    for (const s of states) {
      const res = await post(base, '/carts/sync', s.cookie, { uuid: s.uuid, transactions: [] });
      const lines = (res.body?.lines ?? []) as { product_id: number; qty: number; is_delivery: boolean }[];
      for (const [productId, qty] of s.expected) {
        linesChecked++;
        const line = lines.find((l) => l.product_id === productId && !l.is_delivery);
        if ((line?.qty ?? 0) !== qty) linesWrong++;
      }
    }

    // 2. Checkouts: each customer in turn fills a small cart and confirms it (a retried confirm too).
    const confirmTimes: number[] = [];
    let confirmErrors = 0;
    const acknowledged = new Set<string>();
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      states.map(async (s) => {
        while (next < CHECKOUTS) {
          next++;
          const filled = await post(base, '/carts/sync', s.cookie, {
            uuid: s.uuid,
            transactions: [{ uuid: randomUUID(), product_id: pick(), qty: 2, options: {} }],
          });
          if (filled.status !== 200) {
            confirmErrors++;
            continue;
          }
          const uuid = String(filled.body?.uuid);
          const res = await post(base, '/carts/confirm', s.cookie, { uuid });
          confirmTimes.push(res.ms);
          if (res.status !== 200 && res.status !== 201) {
            confirmErrors++;
            continue;
          }
          acknowledged.add(String(res.body?.name));
          // A client retrying the confirm must get the same order back.
          const again = await post(base, '/carts/confirm', s.cookie, { uuid });
          if (String(again.body?.name) !== String(res.body?.name)) confirmErrors++;
          s.uuid = null;
        }
      }),
    );
    const confirm = stats(confirmTimes, confirmErrors, (performance.now() - t0) / 1000);
    const rssMb = peakRssMb(child.pid);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    const database = await openDatabase(
      prepared.env.DATABASE_URL
        ? { databaseUrl: prepared.env.DATABASE_URL, poolSize: 1 }
        : { dataDir: prepared.env.DATA_DIR },
    );
    const stored = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales`);
    await database.close();
    return {
      sync,
      confirm,
      acknowledged: acknowledged.size,
      stored: Number(stored.rows[0]?.n ?? 0),
      linesChecked,
      linesWrong,
      rssMb,
    };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    prepared.cleanup();
  }
}

const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const kind of DBS) {
  results[kind] = await run(kind);
  const r = results[kind];
  console.log(`[${kind}] sync: ${JSON.stringify(r.sync)}; confirm: ${JSON.stringify(r.confirm)}`);
}

console.log(
  `\nCart benchmark: ${CUSTOMERS} concurrent customers, ${SECONDS} s of syncs, ${CHECKOUTS} checkouts (ms)`,
);
console.log(
  [
    'database',
    'sync p50',
    'p95',
    'p99',
    'syncs/s',
    'errors',
    'confirm p50',
    'p95',
    'p99',
    'orders/s',
    'errors',
  ].join('\t'),
);
for (const [kind, r] of Object.entries(results)) {
  console.log(
    [
      kind,
      r.sync.p50,
      r.sync.p95,
      r.sync.p99,
      r.sync.perSecond,
      r.sync.errors,
      r.confirm.p50,
      r.confirm.p95,
      r.confirm.p99,
      r.confirm.perSecond,
      r.confirm.errors,
    ].join('\t'),
  );
}
for (const [kind, r] of Object.entries(results)) {
  console.log(
    `${kind}: acknowledged orders ${r.acknowledged} = stored orders ${r.stored}: ${r.acknowledged === r.stored ? 'yes' : 'NO'}; ` +
      `cart lines checked ${r.linesChecked}, wrong ${r.linesWrong}; api peak RSS ${r.rssMb ?? '?'} MB`,
  );
}
const pg = results.postgres;
if (pg) {
  const met = pg.sync.errors === 0 && pg.sync.p95 <= SYNC_TARGET_P95_MS;
  console.log(
    `target postgres sync p95 ≤ ${SYNC_TARGET_P95_MS} ms: ${met ? 'met' : 'missed'} (p95 ${pg.sync.p95} ms)`,
  );
}
