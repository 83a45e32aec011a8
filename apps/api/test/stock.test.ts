/**
 * Stock that moves (docs/decisions/stock-moves.md): a confirm reserves, a picking delivers, an order
 * or backorder cancellation releases, the missing units become a backorder line that is shipped
 * when stock arrives (oldest first), the stock state and the search's in-stock flag follow the
 * level, the staff CSV import applies a good file and refuses a bad one whole, and two checkouts
 * racing for the last unit: one gets it, the other a backorder line.
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (database
 * `vetshop_stock_test`, recreated; there the race runs on separate connections).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Cart, StockChangeResult, StockImportReport, StockList } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import { syncStockStates } from '../src/modules/stock/service.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

describe.each(targets)('stock moves on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let staff = '';
  /** Visible, priced variants: one per test, so the tests do not share stock. */
  const free: { id: number; sku: string; barcode: string | null; productId: number }[] = [];
  const variant = () => free.shift()!;

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_stock_test', 8));
    await insertFixture(database.db);
    await seedCarriers(database.db);
    const rows = await database.db.execute<{
      id: number;
      sku: string;
      barcode: string | null;
      product_id: number;
    }>(sql`
      SELECT v.id, v.sku, v.barcode, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND NOT v.made_to_order
      ORDER BY v.id LIMIT 11`);
    for (const r of rows.rows) {
      free.push({ id: Number(r.id), sku: r.sku, barcode: r.barcode, productId: Number(r.product_id) });
      await database.db.execute(sql`
        INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
        VALUES (${r.id}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 1000, 1)`);
    }
    app = await buildApp({ db: database });
    await app.ready();
    staff = await signIn(app, (await createStaff(database.db)).login);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
  });

  async function customer(): Promise<string> {
    const c = await createCustomer(database.db);
    return signIn(app, c.login);
  }

  /** Fills the customer's cart with `qty` units of `variantId`; answers the cart. */
  async function fill(cookie: string, variantId: number, qty: number): Promise<Cart> {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/cart/sync',
      headers: { cookie },
      payload: { uuid: null, transactions: [{ uuid: randomUUID(), product_id: variantId, qty }] },
    });
    expect(res.statusCode).toBe(200);
    return res.json<Cart>();
  }

  async function confirm(cookie: string, cart: Cart): Promise<number> {
    const res = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie },
      payload: { uuid: cart.uuid },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ sale_id: number }>().sale_id;
  }

  /** Orders `qty` units of `variantId` as a new customer: the sale id, its line and the customer cookie. */
  async function order(variantId: number, qty: number) {
    const cookie = await customer();
    const saleId = await confirm(cookie, await fill(cookie, variantId, qty));
    return { saleId, line: await lineOf(saleId), cookie };
  }

  async function lineOf(saleId: number) {
    const r = await database.db.execute<{
      id: number;
      qty_unavailable: number;
      qty_delivered: number;
      qty_canceled: number;
    }>(
      sql`SELECT id, qty_unavailable, qty_delivered, qty_canceled FROM sale_lines WHERE sale_id = ${saleId} AND NOT is_delivery`,
    );
    const row = r.rows[0]!;
    return {
      id: Number(row.id),
      unavailable: Number(row.qty_unavailable),
      delivered: Number(row.qty_delivered),
      canceled: Number(row.qty_canceled),
    };
  }

  async function level(variantId: number) {
    const r = await database.db.execute<{
      qty_available: number;
      qty_reserved: number;
      stock_state: string;
    }>(sql`
      SELECT sl.qty_available, sl.qty_reserved, v.stock_state FROM product_variants v
      JOIN stock_levels sl ON sl.variant_id = v.id WHERE v.id = ${variantId}`);
    const row = r.rows[0]!;
    return {
      available: Number(row.qty_available),
      reserved: Number(row.qty_reserved),
      state: row.stock_state,
    };
  }

  async function setStock(variantId: number, mode: 'set' | 'adjust', qty: number) {
    const res = await app.inject({
      method: 'POST',
      url: `/staff/stock/${variantId}`,
      headers: { cookie: staff },
      payload: { mode, qty },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StockChangeResult>();
  }

  async function saleState(saleId: number): Promise<string> {
    const r = await database.db.execute<{ state: string }>(sql`SELECT state FROM sales WHERE id = ${saleId}`);
    return r.rows[0]!.state;
  }

  it('a confirm reserves; the state, the search flag, a new cart and the staff list agree', async () => {
    const v = variant();
    expect((await setStock(v.id, 'set', 10)).row).toMatchObject({
      qty_available: 10,
      stock_state: 'in_stock',
    });
    const first = await order(v.id, 6);
    expect(first.line.unavailable).toBe(0);
    expect(await level(v.id)).toEqual({ available: 4, reserved: 6, state: 'in_limited_stock' });
    // Another customer's cart sees the 4 free units.
    const other = await customer();
    const cart = await fill(other, v.id, 7);
    expect(cart.lines.find((l) => l.product_id === v.id)?.qty_unavailable).toBe(3);
    // The product page reads the same state.
    const product = await app.inject({ method: 'GET', url: `/catalog/products/${v.productId}` });
    expect(JSON.stringify(product.json())).toContain('"stock_state":"in_limited_stock"');
    const list = await app.inject({
      method: 'GET',
      url: `/staff/stock?q=${v.sku}`,
      headers: { cookie: staff },
    });
    expect(list.json<StockList>().items[0]).toMatchObject({
      variant_id: v.id,
      qty_available: 4,
      qty_reserved: 6,
    });
    // Confirming the 7: 4 reserved, 3 on backorder; the variant is out of stock and leaves the in-stock search.
    const saleId = await confirm(other, cart);
    expect((await lineOf(saleId)).unavailable).toBe(3);
    expect(await level(v.id)).toEqual({ available: 0, reserved: 10, state: 'out_of_stock' });
    const flags = await database.db.execute<{ in_stock: boolean }>(
      sql`SELECT in_stock FROM search_documents WHERE product_id = ${v.productId}`,
    );
    const hasOtherInStockVariant = await database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM product_variants WHERE product_id = ${v.productId} AND id <> ${v.id}
        AND stock_state IN ('in_stock', 'in_limited_stock')`);
    if (Number(hasOtherInStockVariant.rows[0]!.n) === 0)
      for (const f of flags.rows) expect(f.in_stock).toBe(false);
  });

  it('an order that keeps the stock state leaves the catalogue version; a state change moves it', async () => {
    // Guest pages show the stock state, never the units (docs/decisions/guest-page-cache.md): a
    // reservation that keeps "in stock" must not empty the web's page cache.
    const v = variant();
    const version = async () => {
      const res = await app.inject({ method: 'GET', url: '/catalog/version' });
      expect(res.statusCode).toBe(200);
      return BigInt(res.json<{ version: string }>().version);
    };
    await setStock(v.id, 'set', 100);
    const v0 = await version();
    await order(v.id, 2);
    expect(await level(v.id)).toMatchObject({ available: 98, state: 'in_stock' });
    expect(await version()).toBe(v0);
    await order(v.id, 95);
    expect(await level(v.id)).toMatchObject({ available: 3, state: 'in_limited_stock' });
    expect(await version()).toBeGreaterThan(v0);
  });

  it('a picking delivers the reserved units; a cancelled order gives its units back', async () => {
    const v = variant();
    await setStock(v.id, 'set', 8);
    const shipped = await order(v.id, 3);
    const pick = await app.inject({
      method: 'POST',
      url: `/staff/sales/${shipped.saleId}/pickings`,
      headers: { cookie: staff },
      payload: { lines: { [shipped.line.id]: 3 } },
    });
    expect(pick.statusCode, pick.body).toBeLessThan(300);
    expect(await level(v.id)).toMatchObject({ available: 5, reserved: 0 });
    const canceled = await order(v.id, 2);
    expect(await level(v.id)).toMatchObject({ available: 3, reserved: 2 });
    const cancel = await app.inject({
      method: 'POST',
      url: `/staff/sales/${canceled.saleId}/state`,
      headers: { cookie: staff },
      payload: { state: 'cancel' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await level(v.id)).toMatchObject({ available: 5, reserved: 0, state: 'in_limited_stock' });
  });

  it('missing units become backorder lines, served oldest first and shipped when stock arrives', async () => {
    const v = variant();
    await setStock(v.id, 'set', 1);
    const older = await order(v.id, 3);
    const newer = await order(v.id, 2);
    expect(older.line.unavailable).toBe(2);
    expect(newer.line.unavailable).toBe(2);
    expect(await level(v.id)).toEqual({ available: 0, reserved: 1, state: 'out_of_stock' });
    // Without a search, the staff list shows the variants waiting for stock.
    const waiting = await app.inject({ method: 'GET', url: '/staff/stock', headers: { cookie: staff } });
    expect(waiting.json<StockList>().items.find((r) => r.variant_id === v.id)).toMatchObject({
      qty_backorder: 4,
    });
    // The customer's products on order show the backorder.
    const onOrder = await app.inject({
      method: 'GET',
      url: `/products_on_order/${older.line.id}`,
      headers: { cookie: older.cookie },
    });
    expect(onOrder.json()).toMatchObject({ qty_unavailable: 2 });
    // 3 units arrive: the older order gets its 2, the newer 1; each order gets a picking.
    const arrived = await setStock(v.id, 'adjust', 3);
    expect(arrived.pickings.map((p) => p.sale_id).sort()).toEqual([older.saleId, newer.saleId].sort());
    expect(await lineOf(older.saleId)).toMatchObject({ unavailable: 0, delivered: 2 });
    expect(await lineOf(newer.saleId)).toMatchObject({ unavailable: 1, delivered: 1 });
    expect(await saleState(older.saleId)).toBe('delivery_partial');
    // The older order's first unit is still reserved, waiting for staff to ship it.
    expect(await level(v.id)).toEqual({ available: 0, reserved: 1, state: 'out_of_stock' });
    expect(arrived.row).toMatchObject({ qty_available: 0, qty_reserved: 1, qty_backorder: 1 });
  });

  it('a backorder cancellation takes the units off the backorder first, then releases reserved ones', async () => {
    const v = variant();
    await setStock(v.id, 'set', 2);
    const o = await order(v.id, 5);
    expect(o.line.unavailable).toBe(3);
    const cancel = (quantity: number) =>
      app.inject({
        method: 'POST',
        url: `/products_on_order/cancel/${o.line.id}`,
        headers: { cookie: o.cookie },
        payload: { quantity },
      });
    expect((await cancel(3)).statusCode).toBe(200);
    expect(await lineOf(o.saleId)).toMatchObject({ unavailable: 0, canceled: 3 });
    expect(await level(v.id)).toMatchObject({ available: 0, reserved: 2 });
    const last = await cancel(1);
    expect(last.json()).toMatchObject({ line: { qty_unavailable: 0 } });
    expect(await level(v.id)).toMatchObject({ available: 1, reserved: 1, state: 'in_limited_stock' });
  });

  it('stock CSV: a refused line refuses the whole file; a good file sets every line by SKU or EAN', async () => {
    const a = variant();
    const b = variant();
    await setStock(a.id, 'set', 4);
    await setStock(b.id, 'set', 4);
    const post = (csv: string) =>
      app.inject({
        method: 'POST',
        url: '/staff/stock/import',
        headers: { cookie: staff },
        payload: { csv },
      });
    const bad = (
      await post(`sku;quantity\n${a.sku};9\nNO-SUCH-CODE;3\n${b.sku};-2\n`)
    ).json<StockImportReport>();
    expect(bad.applied).toBe(false);
    expect(bad.refused).toEqual([
      { line: 3, code: 'NO-SUCH-CODE', reason: 'unknown_code' },
      { line: 4, code: b.sku, reason: 'bad_quantity' },
    ]);
    expect((await level(a.id)).available).toBe(4);
    expect((await post('')).json<StockImportReport>().refused[0]?.reason).toBe('empty_file');
    const dup = (await post(`${a.sku};1\n${a.sku};2`)).json<StockImportReport>();
    expect(dup.refused).toEqual([{ line: 2, code: a.sku, reason: 'duplicate_code' }]);
    const codeOfB = b.barcode ?? b.sku;
    const good = (await post(`${a.sku},12\n\n${codeOfB},0\n`)).json<StockImportReport>();
    expect(good).toMatchObject({ applied: true, refused: [] });
    expect(good.accepted.map((l) => [l.variant_id, l.qty_before, l.qty_after])).toEqual([
      [a.id, 4, 12],
      [b.id, 4, 0],
    ]);
    expect(await level(a.id)).toMatchObject({ available: 12, state: 'in_stock' });
    expect(await level(b.id)).toMatchObject({ available: 0, state: 'out_of_stock' });
    // The audit log holds the import.
    const audit = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'POST /staff/stock/import'`,
    );
    expect(Number(audit.rows[0]!.n)).toBeGreaterThanOrEqual(4);
    // A refused file answers 200: its row says it was refused, a good file's does not.
    const outcomes = await database.db.execute<{ outcome: unknown }>(
      sql`SELECT details->'outcome' AS outcome FROM audit_log WHERE action = 'POST /staff/stock/import' ORDER BY id DESC LIMIT 4`,
    );
    expect(outcomes.rows.map((r) => r.outcome)).toEqual([
      null,
      { applied: false, refused_lines: 1 },
      { applied: false, refused_lines: 1 },
      { applied: false, refused_lines: 2 },
    ]);
  });

  it('staff: a stock below 0 is refused (400 on qty); customers get 403', async () => {
    const v = variant();
    await setStock(v.id, 'set', 1);
    const res = await app.inject({
      method: 'POST',
      url: `/staff/stock/${v.id}`,
      headers: { cookie: staff },
      payload: { mode: 'adjust', qty: -2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'stock_negative', errors: [{ field: 'qty' }] });
    const asCustomer = await app.inject({
      method: 'GET',
      url: '/staff/stock',
      headers: { cookie: await customer() },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it("staff: the stock list names a variant in the staff's language and finds it by any of its names", async () => {
    const v = variant();
    await database.db.execute(
      sql`UPDATE product_variants SET names = '{"fr": "Boîte de 10", "nl": "Doos van 10", "en": "Box of 10"}'::jsonb
          WHERE id = ${v.id}`,
    );
    const list = async (q: string, language: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/staff/stock?q=${encodeURIComponent(q)}`,
        headers: { cookie: staff, 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { items: Array<{ variant_id: number; name: string }> }).items.filter(
        (i) => i.variant_id === v.id,
      );
    };
    const [nl] = await list('Doos van', 'nl-BE');
    expect(nl?.name).toMatch(/ — Doos van 10$/);
    const [en] = await list('Boîte de 10', 'en');
    expect(en?.name).toMatch(/ — Box of 10$/);
    // Typed without the accent, as a keyboard without it writes it (docs/decisions/staff-orders-on-behalf.md).
    expect(await list('BOITE DE 10', 'fr')).toHaveLength(1);
  });

  it('a catalogue file writing a stock state gives way to the level (syncStockStates, as the import calls it)', async () => {
    const v = variant();
    await setStock(v.id, 'set', 3);
    await database.db.execute(sql`UPDATE product_variants SET stock_state = 'in_stock' WHERE id = ${v.id}`);
    const changed = await database.db.transaction((tx) => syncStockStates(tx, [v.id]));
    expect(changed).toEqual([v.productId]);
    expect(await level(v.id)).toMatchObject({ available: 3, state: 'in_limited_stock' });
  });

  it('two checkouts race for the last unit: one gets it, the other a backorder line', async () => {
    const v = variant();
    await setStock(v.id, 'set', 1);
    const buyers = await Promise.all([customer(), customer()]);
    const carts = await Promise.all(buyers.map((c) => fill(c, v.id, 1)));
    const sales = await Promise.all(buyers.map((c, i) => confirm(c, carts[i]!)));
    const lines = await Promise.all(sales.map((s) => lineOf(s)));
    expect(lines.map((l) => l.unavailable).sort()).toEqual([0, 1]);
    expect(await level(v.id)).toEqual({ available: 0, reserved: 1, state: 'out_of_stock' });
  });
});
