/**
 * The checkout storm of the kill -9 fault tests (docs/decisions/fault-tolerance.md), shared by
 * faults-kill.test.ts (PostgreSQL) and faults-kill-pglite.test.ts (PGlite in a data folder).
 *
 * The api runs as a child process (`node --import tsx apps/api/src/main.ts`) on a database holding
 * the real catalogue. Sixteen signed-in customers each loop: sync 1–3 new cart transactions (plus
 * any still pending), and after every second acknowledged sync confirm the cart. Once 12 orders
 * are acknowledged the api gets SIGKILL with requests in flight. Then:
 * - right after the crash (database opened directly): every order the client saw acknowledged
 *   (POST carts/confirm 2xx) exists exactly once; every acknowledged sync is recorded; every sync
 *   is all-or-nothing (all its transaction uuids recorded, or none); every cart line equals the sum
 *   of the recorded transactions of its cart, and every order's lines equal its cart's lines;
 * - after the restart: the clients retry what they did not see acknowledged (replayed syncs and
 *   confirms, as the web client does), and each transaction is then recorded exactly once, each
 *   confirmed cart has one order (a confirm retried again answers the same order), and the same
 *   checks hold.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import {
  httpSignIn,
  insertCustomers,
  orderableVariants,
  postJson,
  spawnApi,
  type ApiProcess,
  type Tx,
} from './faults-support.ts';

const CLIENTS = 16;
const KILL_AFTER_ORDERS = 12;

/** A database under test: the api env, and how to open it directly. */
export interface StormDatabase {
  name: 'postgres' | 'pglite';
  env: Record<string, string>;
  open(): Promise<Database>;
}

/** One sync request a client sent, and whether it saw it acknowledged (200). */
interface SentSync {
  client: number;
  transactions: Tx[];
  acknowledged: boolean;
}

/** A client: its session, its cart uuid, what it sent, and the orders it saw acknowledged. */
interface Client {
  cookie: string;
  uuid: string | null;
  /** Transactions not yet acknowledged (what the web client keeps pending). */
  pending: Tx[];
  /** A confirm sent without a seen answer (retried after the restart). */
  unconfirmed: string | null;
  acknowledgedSyncs: number;
}

/** Everything the clients saw. */
interface Journal {
  syncs: SentSync[];
  /** Acknowledged orders: sale name → cart uuid. */
  orders: Map<string, string>;
}

/** Consistency checks on the database (opened directly). Returns the number of orders stored. */
async function checkDatabase(database: Database, journal: Journal, customerIds: number[]): Promise<number> {
  const db = database.db;
  // Every acknowledged order exists exactly once, on its (confirmed) cart.
  for (const [name, cartUuid] of journal.orders) {
    const rows = await db.execute<{ n: number; uuid: string; state: string }>(sql`
      SELECT count(*) OVER ()::int AS n, c.uuid, c.state FROM sales s JOIN carts c ON c.id = s.cart_id
      WHERE s.name = ${name}`);
    expect(rows.rows, `order ${name}`).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ uuid: cartUuid, state: 'confirmed' });
  }
  // One order per confirmed cart at most, none without a cart.
  const perCart = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sales WHERE customer_id = ANY(${sql.param(customerIds)}::int[])
    GROUP BY cart_id HAVING count(*) > 1 OR cart_id IS NULL`);
  expect(perCart.rows).toEqual([]);
  // Every sync is all or nothing; an acknowledged one is all.
  const uuids = journal.syncs.flatMap((s) => s.transactions.map((t) => t.uuid));
  const recorded = await db.execute<{ uuid: string; n: number }>(sql`
    SELECT uuid, count(*)::int AS n FROM cart_transactions WHERE uuid = ANY(${sql.param(uuids)}::text[])
    GROUP BY uuid`);
  const times = new Map(recorded.rows.map((r) => [r.uuid, Number(r.n)]));
  for (const s of journal.syncs) {
    const applied = s.transactions.filter((t) => times.has(t.uuid)).length;
    expect([0, s.transactions.length], 'a sync is applied whole or not at all').toContain(applied);
    if (s.acknowledged) expect(applied).toBe(s.transactions.length);
  }
  // No transaction recorded twice (on two carts).
  expect([...times.values()].filter((n) => n !== 1)).toEqual([]);
  // Every cart line is the sum of its cart's recorded transactions (nothing half-applied).
  const mismatched = await db.execute(sql`
    WITH tx AS (
      SELECT t.cart_id, t.variant_id, sum(t.qty)::int AS qty FROM cart_transactions t
      JOIN carts c ON c.id = t.cart_id WHERE c.customer_id = ANY(${sql.param(customerIds)}::int[])
      GROUP BY t.cart_id, t.variant_id),
    lines AS (
      SELECT l.cart_id, l.variant_id, sum(l.qty)::int AS qty FROM cart_lines l
      JOIN carts c ON c.id = l.cart_id WHERE c.customer_id = ANY(${sql.param(customerIds)}::int[])
      GROUP BY l.cart_id, l.variant_id)
    SELECT * FROM tx FULL JOIN lines USING (cart_id, variant_id)
    WHERE tx.qty IS DISTINCT FROM lines.qty AND coalesce(tx.qty, 0) > 0`);
  expect(mismatched.rows).toEqual([]);
  // Every order holds its cart's lines.
  const orderMismatch = await db.execute(sql`
    WITH sl AS (
      SELECT s.cart_id, l.variant_id, sum(l.qty)::int AS qty FROM sales s JOIN sale_lines l ON l.sale_id = s.id
      WHERE s.customer_id = ANY(${sql.param(customerIds)}::int[]) AND l.variant_id IS NOT NULL
      GROUP BY s.cart_id, l.variant_id),
    cl AS (
      SELECT l.cart_id, l.variant_id, sum(l.qty)::int AS qty FROM cart_lines l
      JOIN sales s ON s.cart_id = l.cart_id WHERE s.customer_id = ANY(${sql.param(customerIds)}::int[])
      GROUP BY l.cart_id, l.variant_id)
    SELECT * FROM sl FULL JOIN cl USING (cart_id, variant_id) WHERE sl.qty IS DISTINCT FROM cl.qty`);
  expect(orderMismatch.rows).toEqual([]);
  const stored = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM sales WHERE customer_id = ANY(${sql.param(customerIds)}::int[])`,
  );
  return Number(stored.rows[0]?.n ?? 0);
}

/**
 * Runs the storm, the kill -9, the checks after the crash, the restart, the retries and the final
 * checks on `prepared` (which already holds the catalogue). Fails through vitest's expect.
 * `onApi` receives each api process started (the caller kills it when the test fails midway).
 */
export async function killDuringCheckoutStorm(
  prepared: StormDatabase,
  onApi: (api: ApiProcess | undefined) => void,
): Promise<void> {
  let database = await prepared.open();
  const logins = await insertCustomers(database.db, CLIENTS);
  const variants = await orderableVariants(database.db, 40);
  const customerIds = (
    await database.db.execute<{ id: number }>(
      sql`SELECT customer_id AS id FROM users WHERE login = ANY(${sql.param(logins)}::text[])`,
    )
  ).rows.map((r) => Number(r.id));
  await database.close();
  expect(variants.length).toBeGreaterThan(10);

  let api: ApiProcess | undefined = await spawnApi(prepared.env);
  onApi(api);
  const base = api.base;
  const clients: Client[] = [];
  for (const [i, login] of logins.entries())
    clients.push({
      cookie: await httpSignIn(base, login, i),
      uuid: null,
      pending: [],
      unconfirmed: null,
      acknowledgedSyncs: 0,
    });
  const journal: Journal = { syncs: [], orders: new Map() };
  const pick = (): number => variants[Math.floor(Math.random() * variants.length)]!;
  let killed: Promise<void> | null = null;
  const victim = api;

  /** One client's storm: sync, confirm every second sync, until the api is gone. */
  const storm = async (index: number): Promise<void> => {
    const c = clients[index]!;
    for (let n = 0; n < 1000; n++) {
      const fresh: Tx[] = Array.from({ length: 1 + (n % 3) }, () => ({
        uuid: randomUUID(),
        product_id: pick(),
        qty: 1 + (n % 4),
        options: {},
      }));
      c.pending.push(...fresh);
      const sent: SentSync = { client: index, transactions: [...c.pending], acknowledged: false };
      journal.syncs.push(sent);
      const res = await postJson(base, '/carts/sync', c.cookie, {
        uuid: c.uuid,
        transactions: sent.transactions,
      });
      if (res.status !== 200) {
        // Only the kill may stop a client (retried after the restart).
        if (!killed) throw new Error(`sync answered ${res.status}: ${JSON.stringify(res.body)}`);
        return;
      }
      sent.acknowledged = true;
      c.pending = [];
      c.uuid = String(res.body?.uuid);
      if (++c.acknowledgedSyncs % 2 !== 0) continue;
      c.unconfirmed = c.uuid;
      const confirm = await postJson(base, '/carts/confirm', c.cookie, { uuid: c.uuid });
      if (confirm.status !== 200 && confirm.status !== 201) {
        if (!killed) throw new Error(`confirm answered ${confirm.status}: ${JSON.stringify(confirm.body)}`);
        return;
      }
      journal.orders.set(String(confirm.body?.name), c.uuid);
      c.unconfirmed = null;
      c.uuid = null;
      if (journal.orders.size >= KILL_AFTER_ORDERS && !killed) killed = victim.kill9();
    }
  };
  await Promise.all(clients.map((_, i) => storm(i)));
  expect(killed, 'the api was killed during the storm').not.toBeNull();
  await killed;
  const acknowledgedBefore = journal.orders.size;
  const inFlight = journal.syncs.filter((s) => !s.acknowledged).length;
  const confirmsInFlight = clients.filter((c) => c.unconfirmed !== null).length;
  console.log(
    `[${prepared.name}] killed with ${acknowledgedBefore} orders acknowledged; unanswered: ${inFlight} syncs, ${confirmsInFlight} confirms`,
  );
  expect(acknowledgedBefore).toBeGreaterThanOrEqual(KILL_AFTER_ORDERS);
  expect(inFlight + confirmsInFlight, 'requests were in flight at the kill').toBeGreaterThan(0);

  // Right after the crash: the database (reopened) holds exactly what was acknowledged.
  database = await prepared.open();
  const storedAfterCrash = await checkDatabase(database, journal, customerIds);
  expect(storedAfterCrash).toBeGreaterThanOrEqual(acknowledgedBefore);
  expect(storedAfterCrash).toBeLessThanOrEqual(acknowledgedBefore + CLIENTS);
  await database.close();

  // Restart; each client retries what it did not see acknowledged, then confirms its cart.
  api = await spawnApi(prepared.env);
  onApi(api);
  const restarted = api.base;
  await Promise.all(
    clients.map(async (c, index) => {
      if (c.pending.length > 0) {
        const sent: SentSync = { client: index, transactions: [...c.pending], acknowledged: false };
        journal.syncs.push(sent);
        const res = await postJson(restarted, '/carts/sync', c.cookie, {
          uuid: c.uuid,
          transactions: sent.transactions,
        });
        expect(res.status).toBe(200);
        sent.acknowledged = true;
        c.pending = [];
        c.uuid = String(res.body?.uuid);
      }
      const uuid = c.unconfirmed ?? c.uuid;
      if (!uuid) return;
      const confirm = await postJson(restarted, '/carts/confirm', c.cookie, { uuid });
      expect([200, 201]).toContain(confirm.status);
      journal.orders.set(String(confirm.body?.name), uuid);
      // A confirm retried once more gets the same order.
      const again = await postJson(restarted, '/carts/confirm', c.cookie, { uuid });
      expect(again.status).toBe(200);
      expect(again.body?.name).toBe(confirm.body?.name);
    }),
  );
  await api.stop();
  api = undefined;
  onApi(api);

  database = await prepared.open();
  const stored = await checkDatabase(database, journal, customerIds);
  expect(stored).toBe(journal.orders.size);
  await database.close();
}
