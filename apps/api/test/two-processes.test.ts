/**
 * docs/decisions/scale-proof-figures.md: two api PROCESSES on one PostgreSQL database apply each cart transaction once
 * (carts.test.ts covers two app instances inside one process; docs/decisions/cart-exactly-once.md).
 *
 * Two `node --import tsx apps/api/src/main.ts` children share database `vetshop_two_processes_test`
 * (a copy of the catalogue template, dropped at the end). Twelve customers each make 8 batches of
 * transactions; every batch is sent three times, to api 1 and api 2 at the same moment and then
 * once more to one of them in turn (a replay after a lost answer, a second tab on the other
 * process). Then every customer confirms its cart on both processes at once. Asserts: each
 * transaction recorded once, each cart line the sum of its transactions, both confirms answer the
 * same order, one order per cart, sale numbers unique.
 *
 * On PGlite alone (no TEST_DATABASE_URL) the data folder belongs to one process: a second api on
 * the same folder is refused with one line naming the folder and the process holding it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import {
  catalogueDatabase,
  dropDatabase,
  exited,
  httpSignIn,
  insertCustomers,
  orderableVariants,
  postJson,
  ROOT,
  run,
  spawnApi,
  type ApiProcess,
  type Tx,
} from './faults-support.ts';

const server = process.env.TEST_DATABASE_URL;
const NAME = 'vetshop_two_processes_test';
const CLIENTS = 12;
const BATCHES = 8;

describe.skipIf(!server)('two api processes on one PostgreSQL database', () => {
  const apis: ApiProcess[] = [];

  afterAll(async () => {
    await Promise.all(apis.map((a) => a.kill9()));
    if (server) await dropDatabase(server, NAME);
  });

  it('replays sent to both processes at once apply each transaction once; one order per cart', async () => {
    const url = await catalogueDatabase(server!, NAME);
    let database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const logins = await insertCustomers(database.db, CLIENTS);
    const variants = await orderableVariants(database.db, 10);
    await database.close();
    apis.push(...(await Promise.all([spawnApi({ DATABASE_URL: url }), spawnApi({ DATABASE_URL: url })])));
    const [one, two] = apis as [ApiProcess, ApiProcess];
    // A session opened on one process is valid on the other (sessions live in the database).
    const cookies = await Promise.all(
      logins.map((login, i) => httpSignIn(i % 2 ? one.base : two.base, login, i)),
    );

    const made: Tx[][] = logins.map(() => []);
    const uuids: (string | null)[] = logins.map(() => null);
    const statuses: number[] = [];
    await Promise.all(
      cookies.map(async (cookie, c) => {
        for (let b = 0; b < BATCHES; b++) {
          // Few products, so that concurrent batches of one customer touch the same lines.
          const batch: Tx[] = Array.from({ length: 1 + (b % 3) }, (_, k) => ({
            uuid: randomUUID(),
            product_id: variants[(c + b + k) % 4]!,
            qty: 1 + ((b + k) % 5),
            options: {},
          }));
          made[c]!.push(...batch);
          const body = { uuid: uuids[c], transactions: batch };
          const both = await Promise.all([
            postJson(one.base, '/carts/sync', cookie, body),
            postJson(two.base, '/carts/sync', cookie, body),
          ]);
          const again = await postJson((b % 2 ? one : two).base, '/carts/sync', cookie, body);
          for (const r of [...both, again]) statuses.push(r.status);
          uuids[c] = String(again.body?.uuid);
          // Every answer shows the same cart.
          expect(both.map((r) => r.body?.uuid)).toEqual([uuids[c], uuids[c]]);
        }
      }),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));

    // Confirms on both processes at once: the same order.
    const orders = await Promise.all(
      cookies.map(async (cookie, c) => {
        const both = await Promise.all([
          postJson(one.base, '/carts/confirm', cookie, { uuid: uuids[c] }),
          postJson(two.base, '/carts/confirm', cookie, { uuid: uuids[c] }),
        ]);
        expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
        expect(both[0].body?.name).toBe(both[1].body?.name);
        return String(both[0].body?.name);
      }),
    );
    expect(new Set(orders).size).toBe(CLIENTS);

    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      for (const [c, txs] of made.entries()) {
        const recorded = await database.db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM cart_transactions
          WHERE uuid = ANY(${sql.param(txs.map((t) => t.uuid))}::text[])`);
        expect(Number(recorded.rows[0]?.n)).toBe(txs.length);
        const expected = new Map<number, number>();
        for (const t of txs) expected.set(t.product_id, (expected.get(t.product_id) ?? 0) + t.qty);
        const lines = await database.db.execute<{ variant_id: number; qty: number }>(sql`
          SELECT l.variant_id, l.qty FROM cart_lines l JOIN carts k ON k.id = l.cart_id WHERE k.uuid = ${uuids[c]}`);
        expect(new Map(lines.rows.map((r) => [Number(r.variant_id), Number(r.qty)]))).toEqual(expected);
        const sales = await database.db.execute<{ name: string }>(sql`
          SELECT s.name FROM sales s JOIN carts k ON k.id = s.cart_id WHERE k.uuid = ${uuids[c]}`);
        expect(sales.rows.map((r) => r.name)).toEqual([orders[c]]);
      }
    } finally {
      await database.close();
    }
  });
});

describe('two api processes on one PGlite data folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-two-processes-'));
  const env = { DATA_DIR: dir, DATABASE_URL: '', API_PORT: '1', API_HOST: '127.0.0.1', LOG_LEVEL: 'fatal' };
  let first: ChildProcess | undefined;

  afterAll(async () => {
    if (first) {
      first.kill('SIGKILL');
      await exited(first);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('the second is refused with one line naming the folder and the process holding it', async () => {
    // The first api holds the folder (its lock file) while it imports the catalogue.
    first = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    while (!existsSync(path.join(dir, 'vetshop.lock')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const second = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], env);
    expect(second.code).toBe(1);
    expect(second.stderr.trim().split('\n')).toHaveLength(1);
    expect(second.stderr).toContain(`The data folder ${dir} is in use by another process (pid ${first.pid})`);
  });
});
