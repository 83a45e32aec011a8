/**
 * The cart routes' generic-plan connections (db/client.ts `Database.genericPlans`,
 * docs/decisions/cart-sync-performance.md "Generic plans for the hot path"): every statement of a
 * sync and of the priced cart runs there on a generic plan, so none may depend on its values to
 * find its rows. The open cart is found through the partial index `carts_one_open_per_customer`
 * only when 'open' is written in the statement; sent as a parameter, the generic plan read the
 * whole carts table — every order ever confirmed — on each sync.
 *
 * PostgreSQL only (PGlite has no plan cache, and `genericPlans` is absent there): needs
 * TEST_DATABASE_URL. The database is its own, and both pools hold one connection, so the
 * table-scan counter (pg_stat_user_tables, flushed with pg_stat_force_next_flush) counts this
 * test's statements alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CartTransaction } from '@vetshop/domain';
import { openDatabase, recreateDatabase, type Database, type Db } from '../src/db/client.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import { currentCart, syncCartSummary, syncCartView } from '../src/modules/carts/service.ts';
import { createCartActor } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';

const server = process.env.TEST_DATABASE_URL;

describe.skipIf(!server)('cart sync on the generic-plan connections (PostgreSQL)', () => {
  let database: Database;
  let hot: Db;
  let product = 0;

  const actor = () => createCartActor(database.db);

  /** Table scans of carts so far, with both connections' pending counts flushed first. */
  async function cartScans(): Promise<number> {
    for (const db of [database.db, hot]) await db.execute(sql`SELECT pg_stat_force_next_flush()`);
    const r = await database.db.execute<{ n: number }>(
      sql`SELECT seq_scan AS n FROM pg_stat_user_tables WHERE relname = 'carts'`,
    );
    return Number(r.rows[0]?.n);
  }

  beforeAll(async () => {
    const url = await recreateDatabase(server!, 'vetshop_cart_generic_plans_test');
    database = await openDatabase({ databaseUrl: url, poolSize: 1, genericPlansPoolSize: 1 });
    hot = database.genericPlans!;
    await insertFixture(database.db);
    await seedCarriers(database.db);
    const rows = await database.db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0
        AND cardinality(p.allowed_partner_types) = 0 AND p.flags = '{}'::jsonb
      ORDER BY v.id LIMIT 1`);
    product = Number(rows.rows[0]?.id);
    // A shop with a history: 5,000 confirmed carts, so that reading the table costs more than the index.
    const owner = await actor();
    await database.db.execute(sql`
      INSERT INTO carts (uuid, customer_id, state)
      SELECT 'closed-' || i, ${owner.customerId}, 'confirmed' FROM generate_series(1, 5000) AS i`);
    await database.db.execute(sql`ANALYZE carts`);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('runs generic plans there, and finds the open cart by its index in every path', async () => {
    const mode = await hot.execute<{ mode: string }>(sql`SELECT current_setting('plan_cache_mode') AS mode`);
    expect(mode.rows[0]?.mode).toBe('force_generic_plan');
    expect(product).toBeGreaterThan(0);
    const who = await actor();
    let n = 0;
    const add = (): CartTransaction[] => [{ uuid: `g${(n += 1)}`, product_id: product, qty: 1, options: {} }];
    const before = await cartScans();
    await syncCartSummary(hot, who, { uuid: null, transactions: add() }); // creates the cart
    for (let i = 0; i < 6; i += 1) await syncCartSummary(hot, who, { uuid: null, transactions: add() });
    await syncCartSummary(hot, who, { uuid: null, transactions: [] });
    await syncCartSummary(hot, who, { uuid: null, transactions: add() }, { path: 'reference' });
    const priced = await syncCartView(hot, who, { uuid: null, transactions: add() });
    const current = await currentCart(hot, who);
    expect(priced?.lines.find((l) => l.product_id === product)?.qty).toBe(n);
    expect(current?.lines.find((l) => l.product_id === product)?.qty).toBe(n);
    expect(await cartScans()).toBe(before);
    // The open cart's read is one of the connection's named statements, planned once: the query
    // builder's unnamed statement was parsed and planned on every GET carts/current.
    const named = await hot.execute<{ name: string }>(sql`SELECT name FROM pg_prepared_statements`);
    expect(named.rows.map((r) => r.name)).toContain('vetshop_open_cart');
  });
});
