/**
 * docs/decisions/fault-tolerance.md: PostgreSQL restarted under load. The api (a child process) runs on a PRIVATE
 * PostgreSQL 15 cluster started for this test (initdb/pg_ctl as the `postgres` OS user, temp
 * folder, free port; the machine's shared server is never restarted), holding a copy of the
 * catalogue template. Eight customers sync cart transactions in a loop, like the web client: a 503
 * keeps the transactions pending (the client's ERP-unavailable flag, apps/web/src/lib/cart/store.ts)
 * and the same transactions are retried. Meanwhile the cluster is stopped twice — `-m fast`
 * (sessions end with 57P01, then connections are refused) and `-m immediate` (a crash: connections
 * reset, recovery at the next start) — and started again.
 *
 * Asserts: while it is down every answer is 503 problem+json `service_unavailable` (never a 500,
 * never a dropped connection: the api process stays up), GET /health too; after each start the
 * same api process answers 200 again (its pool recovers); at the end every transaction a client
 * made is recorded exactly once and each cart line is the sum of its client's transactions.
 *
 * Runs when TEST_DATABASE_URL is set (the catalogue template lives there) and the test runs as
 * root (runuser); CI is both.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import {
  canRunPrivateCluster,
  copyDatabase,
  ensurePgTemplate,
  httpSignIn,
  insertCustomers,
  orderableVariants,
  PG_TEMPLATE,
  postJson,
  spawnApi,
  startPrivateCluster,
  type ApiProcess,
  type PrivateCluster,
  type Tx,
} from './faults-support.ts';

const server = process.env.TEST_DATABASE_URL;
const CLIENTS = 8;

/** A client as the web store behaves: pending transactions, resent until acknowledged. */
interface Client {
  cookie: string;
  uuid: string | null;
  pending: Tx[];
  /** Every transaction made (acknowledged or not). */
  made: Tx[];
  /** Sync answers with status 200 seen since the last restart of the database. */
  okSinceStart: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!server || !canRunPrivateCluster())('PostgreSQL restarted under load', () => {
  let cluster: PrivateCluster | undefined;
  let api: ApiProcess | undefined;

  afterAll(async () => {
    await api?.kill9();
    await cluster?.destroy();
  });

  it('answers 503 while it is down, recovers without an api restart, loses and doubles nothing', async () => {
    await ensurePgTemplate(server!);
    cluster = await startPrivateCluster();
    const url = await copyDatabase(server!, PG_TEMPLATE, cluster, 'vetshop_faults_restart');
    let database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const logins = await insertCustomers(database.db, CLIENTS);
    const variants = await orderableVariants(database.db, 20);
    await database.close();

    api = await spawnApi({ DATABASE_URL: url, LOG_LEVEL: 'error' });
    const base = api.base;
    const pid = api.child.pid;
    const clients: Client[] = [];
    for (const [i, login] of logins.entries())
      clients.push({
        cookie: await httpSignIn(base, login, i),
        uuid: null,
        pending: [],
        made: [],
        okSinceStart: 0,
      });

    /** Status → count; bodies of the non-200 answers that were not a proper 503 problem. */
    const statuses = new Map<number, number>();
    const wrong: string[] = [];
    let stop = false;
    let down = false;
    let unavailableWhileDown = 0;
    const load = async (c: Client, index: number): Promise<void> => {
      for (let n = 0; !stop; n++) {
        if (c.pending.length < 3) {
          const t: Tx = {
            uuid: randomUUID(),
            product_id: variants[(index * 7 + n) % variants.length]!,
            qty: 1 + (n % 3),
            options: {},
          };
          c.pending.push(t);
          c.made.push(t);
        }
        const res = await postJson(base, '/carts/sync', c.cookie, { uuid: c.uuid, transactions: c.pending });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) {
          c.pending = [];
          c.uuid = String(res.body?.uuid);
          c.okSinceStart++;
        } else if (
          res.status === 503 &&
          res.contentType.startsWith('application/problem+json') &&
          res.body?.code === 'service_unavailable'
        ) {
          if (down) unavailableWhileDown++;
          await sleep(50); // the client's retry (its backoff, shortened)
        } else {
          wrong.push(`${res.status} ${JSON.stringify(res.body)}`);
          await sleep(50);
        }
      }
    };
    const running = Promise.all(clients.map((c, i) => load(c, i)));

    /** Waits until every client has seen `n` acknowledged syncs since the last start. */
    const untilEveryClientSynced = async (n: number): Promise<void> => {
      const deadline = Date.now() + 30_000;
      while (clients.some((c) => c.okSinceStart < n) && Date.now() < deadline) await sleep(50);
      expect(wrong, api!.stderr()).toEqual([]);
      expect(clients.map((c) => c.okSinceStart >= n)).not.toContain(false);
    };

    for (const mode of ['fast', 'immediate'] as const) {
      await untilEveryClientSynced(3);
      await cluster.stop(mode);
      down = true;
      const before = unavailableWhileDown;
      const deadline = Date.now() + 20_000;
      while (unavailableWhileDown < before + 2 * CLIENTS && Date.now() < deadline) await sleep(50);
      expect(wrong, api.stderr()).toEqual([]);
      expect(unavailableWhileDown).toBeGreaterThanOrEqual(before + 2 * CLIENTS);
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(503);
      down = false;
      for (const c of clients) c.okSinceStart = 0;
      await cluster.start();
      await untilEveryClientSynced(3);
    }
    stop = true;
    await running;

    // The same api process served throughout; only 200 and proper 503 answers were seen.
    expect(api.child.exitCode).toBeNull();
    expect(api.child.pid).toBe(pid);
    expect(wrong).toEqual([]);
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect((await fetch(`${base}/health`)).status).toBe(200);

    // The last pending transactions go through, then nothing is lost nor doubled.
    for (const c of clients) {
      if (c.pending.length === 0) continue;
      const res = await postJson(base, '/carts/sync', c.cookie, { uuid: c.uuid, transactions: c.pending });
      expect(res.status).toBe(200);
      c.pending = [];
    }
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      for (const c of clients) {
        const uuids = c.made.map((t) => t.uuid);
        const recorded = await database.db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM cart_transactions WHERE uuid = ANY(${sql.param(uuids)}::text[])`);
        expect(Number(recorded.rows[0]?.n)).toBe(uuids.length);
        const expected = new Map<number, number>();
        for (const t of c.made) expected.set(t.product_id, (expected.get(t.product_id) ?? 0) + t.qty);
        const lines = await database.db.execute<{ variant_id: number; qty: number }>(sql`
          SELECT l.variant_id, l.qty FROM cart_lines l JOIN carts k ON k.id = l.cart_id
          WHERE k.uuid = ${c.uuid} ORDER BY l.variant_id`);
        expect(new Map(lines.rows.map((r) => [Number(r.variant_id), Number(r.qty)]))).toEqual(expected);
      }
    } finally {
      await database.close();
    }
    // What the api logged as "database unavailable": the kinds of connection errors it turned into 503.
    const kinds = new Map<string, number>();
    for (const line of api.stdout().split('\n')) {
      if (!line.includes('database unavailable')) continue;
      // pino prints the cause after the query: "Failed query: …\nparams: …: <cause message>".
      const message = (JSON.parse(line) as { err?: { message?: string } }).err?.message ?? '?';
      const afterParams = message.includes('\nparams: ')
        ? message.slice(message.indexOf('\nparams: ') + 9)
        : message;
      const cause = afterParams.includes(': ')
        ? afterParams.slice(afterParams.indexOf(': ') + 2)
        : afterParams;
      const kind = cause.replace(/[\d.:]+$/, '').trim();
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    console.log(
      `[pg restart] answers by status: ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `connection errors answered 503: ${JSON.stringify(Object.fromEntries(kinds))}`,
    );
  });
});
