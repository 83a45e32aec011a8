/**
 * Cart api (docs/product/cart-and-checkout.md#sync synchronisation, docs/product/cart-and-checkout.md#cart-operations / address validity / made-to-order,
 * docs/product/cart-and-checkout.md#cart-calls, docs/product/constants.md#delivery-and-fees fee and rounding): exactly-once sync under replays, duplicates,
 * concurrency and two api processes on one PostgreSQL database; 503 without half-applied changes;
 * confirm once; totals equal to the sums of the lines; guards.
 *
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (database
 * `vetshop_carts_test`, recreated).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { CART_CONSTANTS, type Cart } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { addresses, users } from '../src/db/schema.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import { parseOrderImport } from '../src/modules/carts/csv.ts';
import { createCustomer, createStaff, signIn, type FixtureCustomer } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

describe.each(targets)('carts on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let url: string | undefined;
  /** Visible variants priced in the veterinary list: [id, unit cents, tax bp]. */
  const v: { id: number; cents: number }[] = [];
  let madeToOrderId = 0;

  /** Sets the veterinary-list price of variant `id` (one tier from 1 unit). */
  async function price(id: number, cents: number, minQuantity = 1): Promise<void> {
    const db = database.db;
    await db.execute(sql`
      INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
      VALUES (${id}, (SELECT id FROM price_lists WHERE code = 'veterinary'), ${cents}, ${minQuantity})`);
  }

  async function customer(): Promise<FixtureCustomer & { cookie: string }> {
    const c = await createCustomer(database.db);
    return { ...c, cookie: await signIn(app, c.login) };
  }

  async function sync(
    cookie: string,
    transactions: { uuid: string; product_id: number; qty: number; options?: Record<string, unknown> }[],
    uuid: string | null = null,
    on: FastifyInstance = app,
  ) {
    return on.inject({
      method: 'POST',
      url: '/v2/cart/sync',
      headers: { cookie },
      payload: { uuid, transactions },
    });
  }

  const qtyOf = (cart: Cart, productId: number) =>
    cart.lines.filter((l) => l.product_id === productId).reduce((s, l) => s + l.qty, 0);

  beforeAll(async () => {
    ({ database, url } = await target.open('vetshop_carts_test', 12));
    await insertFixture(database.db);
    await seedCarriers(database.db);
    const rows = await database.db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 ORDER BY v.id LIMIT 5`);
    const prices = [14_999, 15_000, 333, 1_234, 2_000];
    for (const [i, r] of rows.rows.entries()) {
      v.push({ id: Number(r.id), cents: prices[i]! });
      await price(Number(r.id), prices[i]!);
    }
    madeToOrderId = v[4]!.id;
    await database.db.execute(
      sql`UPDATE product_variants SET made_to_order = true WHERE id = ${madeToOrderId}`,
    );
    app = await buildApp({ db: database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    // The last test closes the database itself.
    await database?.close().catch(() => undefined);
  });

  it('guests get 401, staff 403', async () => {
    expect((await app.inject({ method: 'GET', url: '/carts/current' })).statusCode).toBe(401);
    expect((await sync('', [])).statusCode).toBe(401);
    const staff = await createStaff(database.db);
    const cookie = await signIn(app, staff.login);
    const res = await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('no cart and nothing sent → 204; a replayed request applies its quantities once', async () => {
    const c = await customer();
    expect((await sync(c.cookie, [])).statusCode).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie: c.cookie } })).statusCode,
    ).toBe(204);
    const txs = [
      { uuid: randomUUID(), product_id: v[2]!.id, qty: 3 },
      { uuid: randomUUID(), product_id: v[3]!.id, qty: 2, options: { note: 'x' } },
    ];
    const first = await sync(c.cookie, txs);
    expect(first.statusCode).toBe(200);
    const again = await sync(c.cookie, txs, first.json<Cart>().uuid);
    expect(again.statusCode).toBe(200);
    const cart = again.json<Cart>();
    expect(qtyOf(cart, v[2]!.id)).toBe(3);
    expect(qtyOf(cart, v[3]!.id)).toBe(2);
    expect(cart.lines_count).toBe(5);
    expect(cart.lines.find((l) => l.product_id === v[3]!.id)?.options).toEqual({ note: 'x' });
  });

  it('answer=summary: {id, uuid, lines_count, applied} without the priced cart, exactly once, same lines as the cart', async () => {
    const c = await customer();
    const summary = (transactions: Parameters<typeof sync>[1], uuid: string | null = null) =>
      app.inject({
        method: 'POST',
        url: '/v2/cart/sync?answer=summary',
        headers: { cookie: c.cookie },
        payload: { uuid, transactions },
      });
    expect((await summary([])).statusCode).toBe(204);
    const first = [
      { uuid: randomUUID(), product_id: v[2]!.id, qty: 3 },
      { uuid: randomUUID(), product_id: v[3]!.id, qty: 2, options: { note: 'x' } },
      { uuid: randomUUID(), product_id: 999_999_999, qty: 7 },
    ];
    const res = await summary(first);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ id: number; uuid: string; lines_count: number; applied: number }>();
    expect(Object.keys(body).sort()).toEqual(['applied', 'id', 'lines_count', 'uuid']);
    expect(body).toMatchObject({ lines_count: 5, applied: 3 });
    // A replay records nothing and changes nothing; the full answer agrees.
    expect((await summary(first, body.uuid)).json()).toEqual({ ...body, applied: 0 });
    // Sequential fold: 3 − 5 empties the line, then +1 starts it again at 1 (not −1).
    const next = await summary([
      { uuid: randomUUID(), product_id: v[2]!.id, qty: -5 },
      { uuid: randomUUID(), product_id: v[2]!.id, qty: 1 },
      { uuid: randomUUID(), product_id: v[3]!.id, qty: -2, options: { note: 'x' } },
      { uuid: randomUUID(), product_id: v[4]!.id, qty: 2 },
    ]);
    expect(next.json()).toEqual({ id: body.id, uuid: body.uuid, lines_count: 3, applied: 4 });
    const cart = (await sync(c.cookie, [])).json<Cart>();
    expect(cart.uuid).toBe(body.uuid);
    expect(cart.lines_count).toBe(3);
    expect(qtyOf(cart, v[2]!.id)).toBe(1);
    expect(qtyOf(cart, v[3]!.id)).toBe(0);
    expect(qtyOf(cart, v[4]!.id)).toBe(2);
    expect((await summary([])).json()).toEqual({ id: body.id, uuid: body.uuid, lines_count: 3, applied: 0 });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/v2/cart/sync?answer=everything',
          headers: { cookie: c.cookie },
          payload: { uuid: null, transactions: [] },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a duplicated transaction inside one request counts once; a line reaching 0 is removed', async () => {
    const c = await customer();
    const t = { uuid: randomUUID(), product_id: v[2]!.id, qty: 4 };
    const cart = (await sync(c.cookie, [t, t, { ...t, qty: 9 }])).json<Cart>();
    expect(qtyOf(cart, v[2]!.id)).toBe(4);
    const emptied = (
      await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: -4 }])
    ).json<Cart>();
    expect(emptied.lines).toEqual([]);
    expect(emptied.confirm_blockers).toContain('cart_empty');
  });

  it('10 concurrent syncs of the same transactions apply them once', async () => {
    const c = await customer();
    const txs = Array.from({ length: 5 }, (_, i) => ({
      uuid: randomUUID(),
      product_id: v[2 + (i % 2)]!.id,
      qty: i + 1,
    }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => sync(c.cookie, txs)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json<Cart>().uuid)).size).toBe(1);
    const cart = (
      await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie: c.cookie } })
    ).json<Cart>();
    expect(qtyOf(cart, v[2]!.id)).toBe(1 + 3 + 5);
    expect(qtyOf(cart, v[3]!.id)).toBe(2 + 4);
    const open = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM carts WHERE customer_id = ${c.customerId}`,
    );
    expect(Number(open.rows[0]?.n)).toBe(1);
  });

  it('unknown product ids are ignored without failing the batch, and a replay stays a no-op', async () => {
    const c = await customer();
    const txs = [
      { uuid: randomUUID(), product_id: 999_999, qty: 1 },
      { uuid: randomUUID(), product_id: v[2]!.id, qty: 1 },
    ];
    const cart = (await sync(c.cookie, txs)).json<Cart>();
    expect(cart.lines.filter((l) => !l.is_delivery).map((l) => l.product_id)).toEqual([v[2]!.id]);
    expect(qtyOf((await sync(c.cookie, txs)).json<Cart>(), v[2]!.id)).toBe(1);
  });

  it('a uuid that is not the open cart gets the open cart (own uuid) and loses nothing server-side', async () => {
    const c = await customer();
    const first = (await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 2 }])).json<Cart>();
    const other = (
      await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[3]!.id, qty: 1 }], 'stale-uuid')
    ).json<Cart>();
    expect(other.uuid).toBe(first.uuid);
    expect(qtyOf(other, v[2]!.id)).toBe(2);
    expect(qtyOf(other, v[3]!.id)).toBe(1);
  });

  it('a database failure in the middle answers 503 and applies nothing; the retry applies once', async () => {
    const c = await customer();
    const base = (await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1 }])).json<Cart>();
    // Fault injection: writing a line of 777 units fails as if the server shut down (57P01).
    await database.db.execute(sql`
      CREATE OR REPLACE FUNCTION h5_fail_line() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.qty = 777 THEN RAISE EXCEPTION 'injected' USING ERRCODE = '57P01'; END IF; RETURN NEW; END $$`);
    await database.db.execute(sql`
      CREATE TRIGGER h5_fail_line BEFORE INSERT OR UPDATE ON cart_lines FOR EACH ROW EXECUTE FUNCTION h5_fail_line()`);
    const txs = [
      { uuid: randomUUID(), product_id: v[2]!.id, qty: 5 },
      { uuid: randomUUID(), product_id: v[3]!.id, qty: 777 },
    ];
    try {
      const res = await sync(c.cookie, txs, base.uuid);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
      const recorded = await database.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM cart_transactions WHERE uuid = ANY(${sql.param(txs.map((t) => t.uuid))}::text[])`);
      expect(Number(recorded.rows[0]?.n)).toBe(0);
      const now = (
        await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie: c.cookie } })
      ).json<Cart>();
      expect(qtyOf(now, v[2]!.id)).toBe(1);
    } finally {
      await database.db.execute(sql`DROP TRIGGER h5_fail_line ON cart_lines`);
    }
    await sync(c.cookie, txs, base.uuid);
    const after = (await sync(c.cookie, txs, base.uuid)).json<Cart>();
    expect(qtyOf(after, v[2]!.id)).toBe(6);
    expect(qtyOf(after, v[3]!.id)).toBe(777);
  });

  it.runIf(target.name === 'postgres')(
    'two api processes on one database apply concurrent syncs once',
    async () => {
      const second = await openDatabase({ databaseUrl: url!, poolSize: 12 });
      const app2 = await buildApp({ db: second });
      await app2.ready();
      try {
        const c = await customer();
        const txs = Array.from({ length: 20 }, (_, i) => ({
          uuid: randomUUID(),
          product_id: v[2]!.id,
          qty: i + 1,
        }));
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            sync(c.cookie, i % 3 === 0 ? txs : txs.slice(i), null, i % 2 ? app2 : app),
          ),
        );
        expect(answers.every((a) => a.statusCode === 200)).toBe(true);
        const cart = (
          await app2.inject({ method: 'GET', url: '/carts/current', headers: { cookie: c.cookie } })
        ).json<Cart>();
        expect(qtyOf(cart, v[2]!.id)).toBe((20 * 21) / 2);
      } finally {
        await app2.close();
        await second.close();
      }
    },
  );

  it('the handling fee applies below 150.00 EUR excl. VAT and not from 150.00', async () => {
    const below = await customer();
    const cart = (
      await sync(below.cookie, [{ uuid: randomUUID(), product_id: v[0]!.id, qty: 1 }])
    ).json<Cart>();
    expect(cart.lines_amount).toBe(149.99);
    const fee = cart.lines.filter((l) => l.is_delivery);
    expect(fee).toHaveLength(1);
    expect(fee[0]).toMatchObject({
      amount: CART_CONSTANTS.HANDLING_FEE / 100,
      tax_rate: 21,
      product_id: null,
    });
    expect(cart.delivery.fees).toBe(10.5);
    expect(cart.amount.untaxed).toBe(160.49);

    const from = await customer();
    const free = (
      await sync(from.cookie, [{ uuid: randomUUID(), product_id: v[1]!.id, qty: 1 }])
    ).json<Cart>();
    expect(free.lines_amount).toBe(150);
    expect(free.lines.some((l) => l.is_delivery)).toBe(false);
    expect(free.delivery.fees).toBe(0);
  });

  it('totals are the sums of the displayed lines (half-up rounding per line)', async () => {
    const c = await customer();
    const cart = (
      await sync(c.cookie, [
        { uuid: randomUUID(), product_id: v[2]!.id, qty: 7 },
        { uuid: randomUUID(), product_id: v[3]!.id, qty: 3 },
      ])
    ).json<Cart>();
    const cents = (n: number) => Math.round(n * 100);
    const lines = cart.lines;
    expect(cents(cart.amount.untaxed)).toBe(lines.reduce((s, l) => s + cents(l.amount), 0));
    const tax = lines.reduce((s, l) => s + Math.floor(cents(l.amount) * (l.tax_rate / 100) + 0.5 + 1e-9), 0);
    expect(cents(cart.amount.tax)).toBe(tax);
    expect(cents(cart.amount.total)).toBe(cents(cart.amount.untaxed) + cents(cart.amount.tax));
    expect(lines.find((l) => l.product_id === v[2]!.id)?.amount).toBe(23.31);
  });

  it('update: references, addresses of the customer only (another customer → 404), validity blocker', async () => {
    const c = await customer();
    const other = await customer();
    await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1 }]);
    const foreign = await app.inject({
      method: 'POST',
      url: '/carts/current/update',
      headers: { cookie: c.cookie },
      payload: { delivery: { address_id: other.invoicingAddressId } },
    });
    expect(foreign.statusCode).toBe(404);
    const [incomplete] = await database.db
      .insert(addresses)
      .values({
        customerId: c.customerId,
        type: 'delivery',
        name: 'Depot',
        street: '  ',
        zip: '1000',
        city: 'Bxl',
      })
      .returning({ id: addresses.id });
    const res = await app.inject({
      method: 'POST',
      url: '/carts/current/update',
      headers: { cookie: c.cookie },
      payload: { client_order_ref: 'PO-17', note: 'back door', delivery: { address_id: incomplete!.id } },
    });
    expect(res.statusCode).toBe(200);
    const cart = res.json<Cart>();
    expect(cart).toMatchObject({ client_order_ref: 'PO-17', note: 'back door', addresses_valid: false });
    expect(cart.confirm_blockers).toContain('addresses_invalid');
    const refused = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie: c.cookie },
      payload: { uuid: cart.uuid },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'addresses_invalid' });
    // A delivery address as invoicing address → 404 (invoicing must be the invoicing address).
    const wrongKind = await app.inject({
      method: 'POST',
      url: '/carts/current/update',
      headers: { cookie: c.cookie },
      payload: { invoicing: { address_id: incomplete!.id } },
    });
    expect(wrongKind.statusCode).toBe(404);
  });

  it('made-to-order lines need the consent before the confirm', async () => {
    const c = await customer();
    const cart = (
      await sync(c.cookie, [{ uuid: randomUUID(), product_id: madeToOrderId, qty: 1 }])
    ).json<Cart>();
    expect(cart.has_made_to_order).toBe(true);
    expect(cart.confirm_blockers).toEqual(['made_to_order_consent_required']);
    const refused = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie: c.cookie },
      payload: { uuid: cart.uuid },
    });
    expect(refused.json()).toMatchObject({ status: 400, code: 'made_to_order_consent_required' });
    const consented = await app.inject({
      method: 'POST',
      url: '/carts/current/update',
      headers: { cookie: c.cookie },
      payload: { made_to_order_consent: true },
    });
    expect(consented.json<Cart>().can_confirm).toBe(true);
  });

  it('confirm twice (also concurrently) → the same sale, one sale row; then a new cart starts', async () => {
    const c = await customer();
    const cart = (
      await sync(c.cookie, [
        { uuid: randomUUID(), product_id: v[2]!.id, qty: 3 },
        { uuid: randomUUID(), product_id: v[3]!.id, qty: 1 },
      ])
    ).json<Cart>();
    const confirm = () =>
      app.inject({
        method: 'POST',
        url: '/carts/confirm',
        headers: { cookie: c.cookie },
        payload: { uuid: cart.uuid, note: 'n', customer_ref: 'REF-1', suite_name: 'S-1' },
      });
    const [a, b] = await Promise.all([confirm(), confirm()]);
    const third = await confirm();
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(third.statusCode).toBe(200);
    const ids = new Set([a, b, third].map((r) => r.json<{ sale_id: number }>().sale_id));
    expect(ids.size).toBe(1);
    const sale = a.json<{ name: string; state: string; amount_total: number }>();
    expect(sale.name).toMatch(new RegExp(`^SO${new Date().getUTCFullYear()}\\d{6}$`));
    expect(sale.state).toBe('pending');
    expect(sale.amount_total).toBe(cart.amount.total);
    const rows = await database.db.execute<{ n: number; lines: number; ref: string }>(sql`
      SELECT count(*)::int AS n, max((SELECT count(*) FROM sale_lines sl WHERE sl.sale_id = s.id))::int AS lines,
             max(s.client_order_ref) AS ref
      FROM sales s WHERE s.customer_id = ${c.customerId}`);
    // Two products and the handling fee (below 150 EUR).
    expect(rows.rows[0]).toMatchObject({ n: 1, lines: 3, ref: 'REF-1' });
    // The confirmed cart is no longer current; a stale uuid with new transactions starts a new cart.
    expect(
      (await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie: c.cookie } })).statusCode,
    ).toBe(204);
    const next = (
      await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1 }], cart.uuid)
    ).json<Cart>();
    expect(next.uuid).not.toBe(cart.uuid);
    const unknown = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie: c.cookie },
      payload: { uuid: 'not-a-cart' },
    });
    expect(unknown.json()).toMatchObject({ status: 409, code: 'cart_changed' });
  });

  it('sale numbers stay unique under concurrent confirms of different customers', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => customer()));
    const carts = await Promise.all(
      people.map(async (p) =>
        (await sync(p.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1 }])).json<Cart>(),
      ),
    );
    const answers = await Promise.all(
      people.map((p, i) =>
        app.inject({
          method: 'POST',
          url: '/carts/confirm',
          headers: { cookie: p.cookie },
          payload: { uuid: carts[i]!.uuid },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json<{ name: string }>().name)).size).toBe(4);
  });

  it('users who cannot order keep a cart but the confirm is 403 cannot_order', async () => {
    const c = await customer();
    await database.db
      .update(users)
      .set({ canOrder: false })
      .where(sql`${users.id} = ${c.userId}`);
    const cart = (await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1 }])).json<Cart>();
    expect(cart.confirm_blockers).toContain('cannot_order');
    const res = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie: c.cookie },
      payload: { uuid: cart.uuid },
    });
    expect(res.json()).toMatchObject({ status: 403, code: 'cannot_order' });
  });

  it('a new cart has a carrier preselected; below 150 EUR the handling fee is the only charge, listed once', async () => {
    const c = await customer();
    const cart = (await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[3]!.id, qty: 1 }])).json<Cart>();
    expect(cart.delivery.carrier?.code).toBe('own_van');
    expect(cart.delivery.expected_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const fees = cart.lines.filter((l) => l.is_delivery);
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ amount: 10.5, tax_rate: 21 });
    // The accountant's totals: goods 12.34 at the fixture's rate, fee 10.50 at 21 %, VAT per rate.
    expect(cart.totals).toMatchObject({ goods_net: 12.34, handling_fee: 10.5, delivery: 0, untaxed: 22.84 });
    expect(cart.totals.vat.reduce((s, r) => s + Math.round(r.base * 100), 0)).toBe(2284);
    expect(Math.round(cart.totals.tax * 100)).toBe(
      cart.totals.vat.reduce((s, r) => s + Math.round(r.tax * 100), 0),
    );
    expect(cart.totals.total).toBe(cart.amount.total);
    expect(cart.totals.tax).toBe(cart.amount.tax);
    expect(cart.delivery.fees).toBe(10.5);
    // The order keeps the expected date and shows the same totals as the cart.
    const confirmed = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie: c.cookie },
      payload: { uuid: cart.uuid },
    });
    const { sale_id } = confirmed.json<{ sale_id: number }>();
    const sale = (
      await app.inject({ method: 'GET', url: `/sales/${sale_id}`, headers: { cookie: c.cookie } })
    ).json<{
      expected_delivery_date: string | null;
      totals: Cart['totals'];
      carrier: { name: string } | null;
    }>();
    expect(sale.expected_delivery_date).toBe(cart.delivery.expected_date);
    expect(sale.totals).toEqual(cart.totals);
    expect(sale.carrier?.name).toBe('Livraison VetShop (camionnette)');
    // The order names its carrier in the reader's language.
    const dutch = (
      await app.inject({ method: 'GET', url: `/sales/${sale_id}?lang=nl`, headers: { cookie: c.cookie } })
    ).json<{ carrier: { name: string } | null }>();
    expect(dutch.carrier?.name).toBe('VetShop-levering (bestelwagen)');
  });

  it('a transaction uuid applies once per customer for ever: the retry of a lost answer after the confirm changes nothing', async () => {
    const c = await customer();
    const tx = { uuid: randomUUID(), product_id: v[1]!.id, qty: 2 };
    // The sync is applied, its answer lost; the customer confirms from another tab.
    const first = (await sync(c.cookie, [tx])).json<Cart>();
    const confirmed = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie: c.cookie },
      payload: { uuid: first.uuid },
    });
    expect(confirmed.statusCode).toBe(201);
    const sale = confirmed.json<{ sale_id: number }>();
    // The client retries the same request (same cart uuid, same transaction), then with no uuid.
    const retried = await sync(c.cookie, [tx], first.uuid);
    expect(retried.statusCode).toBe(200);
    const open = retried.json<Cart>();
    expect(open.uuid).not.toBe(first.uuid);
    expect(qtyOf(open, v[1]!.id)).toBe(0);
    const again = (await sync(c.cookie, [tx], null)).json<Cart>();
    expect(qtyOf(again, v[1]!.id)).toBe(0);
    // A new transaction of the stale cart is not applied either; one of the open cart is.
    const stale = (
      await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1 }], first.uuid)
    ).json<Cart>();
    expect(qtyOf(stale, v[2]!.id)).toBe(0);
    const fresh = (
      await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1 }], stale.uuid)
    ).json<Cart>();
    expect(qtyOf(fresh, v[2]!.id)).toBe(1);
    const lines = await database.db.execute<{ qty: number }>(
      sql`SELECT qty FROM sale_lines WHERE sale_id = ${sale.sale_id} AND NOT is_delivery`,
    );
    expect(lines.rows.map((r) => Number(r.qty))).toEqual([2]);
  });

  it('property: lost answers, retries, stale uuids and confirms never count a unit twice', async () => {
    type Op =
      { kind: 'add'; product: number; qty: number } | { kind: 'sync'; lost: boolean } | { kind: 'confirm' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        product: fc.constantFrom(2, 3),
        qty: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant('sync' as const), lost: fc.boolean() }),
      fc.record({ kind: fc.constant('confirm' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 12 }), async (ops) => {
        const c = await customer();
        // The client as apps/web/src/lib/cart/store.ts keeps it: the stored cart uuid and the
        // pending transactions; a lost answer leaves both as they were (the retry resends them).
        let uuid: string | null = null;
        let pending: { uuid: string; product_id: number; qty: number }[] = [];
        const created = new Map<number, number>();
        for (const o of [...ops, { kind: 'sync', lost: false } as const]) {
          if (o.kind === 'add') {
            const product = v[o.product]!.id;
            pending.push({ uuid: randomUUID(), product_id: product, qty: o.qty });
            created.set(product, (created.get(product) ?? 0) + o.qty);
          } else if (o.kind === 'sync') {
            const res = await sync(c.cookie, pending, uuid);
            expect(res.statusCode).toBeLessThan(300);
            if (o.lost || res.statusCode === 204) continue;
            const cart = res.json<Cart>();
            pending = uuid !== null && cart.uuid !== uuid ? [] : pending.slice(pending.length);
            uuid = cart.uuid;
          } else {
            // Another tab (or the payment flow) confirms whatever the server cart holds.
            const now = await app.inject({
              method: 'GET',
              url: '/carts/current',
              headers: { cookie: c.cookie },
            });
            if (now.statusCode !== 200 || now.json<Cart>().lines.every((l) => l.is_delivery)) continue;
            const confirmed = await app.inject({
              method: 'POST',
              url: '/carts/confirm',
              headers: { cookie: c.cookie },
              payload: { uuid: now.json<Cart>().uuid },
            });
            expect(confirmed.statusCode).toBe(201);
          }
        }
        const placed = await database.db.execute<{ variant_id: number; qty: number }>(sql`
          SELECT l.variant_id, sum(l.qty)::int AS qty FROM sale_lines l JOIN sales s ON s.id = l.sale_id
          WHERE s.customer_id = ${c.customerId} AND NOT l.is_delivery GROUP BY l.variant_id`);
        const inCart = await database.db.execute<{ variant_id: number; qty: number }>(sql`
          SELECT l.variant_id, sum(l.qty)::int AS qty FROM cart_lines l JOIN carts k ON k.id = l.cart_id
          WHERE k.customer_id = ${c.customerId} AND k.state = 'open' GROUP BY l.variant_id`);
        const recorded = await database.db.execute<{ variant_id: number; qty: number }>(sql`
          SELECT variant_id, sum(qty)::int AS qty FROM cart_transactions WHERE customer_id = ${c.customerId}
          GROUP BY variant_id`);
        const sum = (rows: { variant_id: number; qty: number }[], id: number) =>
          rows.filter((r) => Number(r.variant_id) === id).reduce((t, r) => t + Number(r.qty), 0);
        for (const product of [v[2]!.id, v[3]!.id]) {
          const counted = sum(placed.rows, product) + sum(inCart.rows, product);
          // Never more units than the customer asked for, and exactly the recorded transactions.
          expect(counted).toBeLessThanOrEqual(created.get(product) ?? 0);
          expect(counted).toBe(sum(recorded.rows, product));
        }
      }),
      { numRuns: 12, seed: 20261124 },
    );
  });

  it('caps a line at CART_LINE_QTY_MAX and bounds options: 400 problems, the cart unchanged', async () => {
    const c = await customer();
    const base = (
      await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 99_000 }])
    ).json<Cart>();
    const over = await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1_000 }], base.uuid);
    expect(over.statusCode).toBe(400);
    expect(over.headers['content-type']).toContain('application/problem+json');
    expect(over.json()).toMatchObject({ status: 400, code: 'line_qty_max' });
    expect(over.json<{ detail: string }>().detail).toContain('between 1 and 99999');
    // 22 transactions of 100,000 units (above 2^31 in total): refused, nothing stored.
    const many = Array.from({ length: 22 }, () => ({
      uuid: randomUUID(),
      product_id: v[3]!.id,
      qty: 100_000,
    }));
    expect((await sync(c.cookie, many, base.uuid)).statusCode).toBe(400);
    // Options nested 5,000 deep, written by hand (JSON.stringify itself would overflow the stack).
    const deep = `${'{"d":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const nested = await app.inject({
      method: 'POST',
      url: '/v2/cart/sync',
      headers: { cookie: c.cookie, 'content-type': 'application/json' },
      payload: `{"uuid":"${base.uuid}","transactions":[{"uuid":"${randomUUID()}","product_id":${v[3]!.id},"qty":1,"options":${deep}}]}`,
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.headers['content-type']).toContain('application/problem+json');
    // Ids beyond 32 bits are a 400 too (the fuzz test found a 500 on delivery_pickups).
    for (const res of [
      await app.inject({
        method: 'GET',
        url: '/delivery_pickups?carrier_id=2147483648',
        headers: { cookie: c.cookie },
      }),
      await sync(c.cookie, [{ uuid: randomUUID(), product_id: 2_147_483_648, qty: 1 }], base.uuid),
      await app.inject({
        method: 'POST',
        url: '/carts/current/set_carrier',
        headers: { cookie: c.cookie },
        payload: { carrier_id: 2_147_483_648 },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const now = (
      await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie: c.cookie } })
    ).json<Cart>();
    expect(qtyOf(now, v[2]!.id)).toBe(99_000);
    expect(qtyOf(now, v[3]!.id)).toBe(0);
    // 99,000 × 3.33 EUR is fine; a cart above 1,000,000 EUR incl. VAT cannot be confirmed (never a 500).
    await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[1]!.id, qty: 99_999 }], base.uuid);
    const big = (
      await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie: c.cookie } })
    ).json<Cart>();
    expect(big.confirm_blockers).toContain('amount_too_large');
    const confirm = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie: c.cookie },
      payload: { uuid: big.uuid },
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ code: 'amount_too_large' });
  });

  it('carriers, pickups (accent-insensitive search), carrier and pickup choice, coupon, suite name', async () => {
    const c = await customer();
    await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[1]!.id, qty: 1 }]);
    const list = (
      await app.inject({
        method: 'GET',
        url: '/carts/current/delivery_carriers',
        headers: { cookie: c.cookie },
      })
    ).json<{
      data: {
        id: number;
        code: string;
        name: string;
        price: number;
        with_dropoff_site: boolean;
        expected_date: string;
      }[];
    }>().data;
    expect(list.map((x) => x.code)).toEqual(['own_van', 'bpost_home', 'pickup_point']);
    // No carrier charges anything on top of the handling fee (docs/decisions/delivery-charges.md).
    expect(list.map((x) => x.price)).toEqual([0, 0, 0]);
    for (const x of list) expect(x.expected_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const plain = (
      await app.inject({ method: 'GET', url: '/delivery_carriers?lang=nl', headers: { cookie: c.cookie } })
    ).json<{ data: { code: string; name: string; price: number }[] }>().data;
    expect(plain.find((x) => x.code === 'bpost_home')).toMatchObject({
      name: 'bpost — levering aan huis',
      price: 0,
    });
    const english = (
      await app.inject({ method: 'GET', url: '/delivery_carriers?lang=en', headers: { cookie: c.cookie } })
    ).json<{ data: { code: string; name: string }[] }>().data;
    expect(english.find((x) => x.code === 'own_van')?.name).toBe('VetShop delivery (van)');

    const bpost = list.find((x) => x.code === 'bpost_home')!;
    const withCarrier = (
      await app.inject({
        method: 'POST',
        url: '/carts/current/set_carrier',
        headers: { cookie: c.cookie },
        payload: { carrier_id: bpost.id },
      })
    ).json<Cart>();
    expect(withCarrier.delivery.carrier).toMatchObject({ code: 'bpost_home', price: 0 });
    expect(withCarrier.delivery.fees).toBe(0);
    expect(Math.round(withCarrier.amount.untaxed * 100)).toBe(15_000);
    expect(withCarrier.delivery.expected_date).toBe(bpost.expected_date);

    const relay = list.find((x) => x.with_dropoff_site)!;
    const found = (
      await app.inject({
        method: 'GET',
        url: `/delivery_pickups?carrier_id=${relay.id}&name=LIEGE`,
        headers: { cookie: c.cookie },
      })
    ).json<{ data: { id: number; city: string }[] }>().data;
    expect(found.map((p) => p.city)).toEqual(['Liège']);
    const picked = (
      await app.inject({
        method: 'POST',
        url: '/carts/current/set_pickup',
        headers: { cookie: c.cookie },
        payload: { pickup_site_id: found[0]!.id },
      })
    ).json<Cart>();
    expect(picked.delivery.pickup?.city).toBe('Liège');
    expect(picked.delivery.carrier?.code).toBe('pickup_point');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/carts/current/set_pickup',
          headers: { cookie: c.cookie },
          payload: { pickup_site_id: 987_654 },
        })
      ).statusCode,
    ).toBe(404);

    const empty = await app.inject({
      method: 'POST',
      url: '/carts/current/coupon',
      headers: { cookie: c.cookie },
      payload: { code: '' },
    });
    expect(empty.statusCode).toBe(200);
    const unknownCoupon = await app.inject({
      method: 'POST',
      url: '/carts/current/coupon',
      headers: { cookie: c.cookie },
      payload: { code: 'WELCOME10' },
    });
    expect(unknownCoupon.json()).toMatchObject({ status: 400, code: 'coupon_unknown' });

    const suite = (
      await app.inject({ method: 'GET', url: '/carts/next_suite_name', headers: { cookie: c.cookie } })
    ).json<{ value: string }>();
    expect(suite.value).toMatch(/^S-T\d+-1$/);
  });

  it('refresh_qty_unavailable: from stock levels, else the stock state; available again', async () => {
    const c = await customer();
    const cart = (await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[3]!.id, qty: 8 }])).json<Cart>();
    await database.db.execute(sql`
      INSERT INTO stock_levels (variant_id, qty_available) VALUES (${v[3]!.id}, 2)
      ON CONFLICT (variant_id) DO UPDATE SET qty_available = 2`);
    const refresh = (previous?: { line_id: number; qty_unavailable: number }[]) =>
      app.inject({
        method: 'POST',
        url: '/carts/refresh_qty_unavailable',
        headers: { cookie: c.cookie },
        payload: { uuid: cart.uuid, previous },
      });
    const short = (await refresh()).json<Cart>();
    const line = short.lines.find((l) => l.product_id === v[3]!.id)!;
    expect(line.qty_unavailable).toBe(6);
    await database.db.execute(sql`UPDATE stock_levels SET qty_available = 50 WHERE variant_id = ${v[3]!.id}`);
    const back = (await refresh([{ line_id: line.id, qty_unavailable: 6 }])).json<Cart>();
    expect(back.lines.find((l) => l.id === line.id)).toMatchObject({
      qty_unavailable: 0,
      qty_available_again: true,
    });
    const stale = await app.inject({
      method: 'POST',
      url: '/carts/refresh_qty_unavailable',
      headers: { cookie: c.cookie },
      payload: { uuid: 'other' },
    });
    expect(stale.statusCode).toBe(409);
  });
  describe('order import (POST /carts/csv)', () => {
    const boundary = '----h5-import-boundary';
    function upload(cookie: string, filename: string, content: string | Buffer, importId?: string) {
      const field =
        importId === undefined
          ? ''
          : `--${boundary}\r\nContent-Disposition: form-data; name="import_id"\r\n\r\n${importId}\r\n`;
      const payload = Buffer.concat([
        Buffer.from(field),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.isBuffer(content) ? content : Buffer.from(content),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url: '/carts/csv',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    }
    async function codes(id: number) {
      const r = await database.db.execute<{ sku: string; cnk_code: string | null; barcode: string | null }>(
        sql`SELECT sku, cnk_code, barcode FROM product_variants WHERE id = ${id}`,
      );
      return r.rows[0]!;
    }
    async function importer() {
      const c = await customer();
      await database.db
        .update(users)
        .set({ canImport: true })
        .where(sql`${users.id} = ${c.userId}`);
      return c;
    }

    it('users without the import right get 403', async () => {
      const c = await customer();
      const res = await upload(c.cookie, 'order.csv', 'x;1');
      expect(res.json()).toMatchObject({ status: 403, code: 'import_forbidden' });
    });

    it('imports valid lines once, reports the others with their line number', async () => {
      const c = await importer();
      const a = await codes(v[2]!.id);
      const b = await codes(v[3]!.id);
      const file = [
        'SKU;Quantité',
        `${a.sku};3`,
        '',
        `${b.sku.toLowerCase()};2`,
        'NOPE-404;1',
        `${a.sku};-2`,
        ';4',
      ].join('\r\n');
      const importId = randomUUID();
      const res = await upload(c.cookie, 'commande.CSV', file, importId);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ cart: Cart; imported: number; errors: { line: number; reason: string }[] }>();
      expect(body.imported).toBe(2);
      expect(body.errors).toEqual([
        { line: 5, reason: 'unknown_product', value: 'NOPE-404' },
        { line: 6, reason: 'invalid_quantity', value: a.sku },
        { line: 7, reason: 'missing_code', value: '' },
      ]);
      expect(qtyOf(body.cart, v[2]!.id)).toBe(3);
      expect(qtyOf(body.cart, v[3]!.id)).toBe(2);
      // The same upload replayed (same import id) adds nothing: uuids from the import id, the
      // file's hash and the line number.
      const replay = (await upload(c.cookie, 'commande.CSV', file, importId)).json<{ cart: Cart }>();
      expect(qtyOf(replay.cart, v[2]!.id)).toBe(3);
      // The same file uploaded again is a new import: its lines are added again, and counted (it
      // added nothing and said "2 lines added").
      const again = (await upload(c.cookie, 'commande.csv', file, randomUUID())).json<{
        cart: Cart;
        imported: number;
      }>();
      expect(again.imported).toBe(2);
      expect(qtyOf(again.cart, v[2]!.id)).toBe(6);
      expect(qtyOf(again.cart, v[3]!.id)).toBe(4);
      // No header: code then quantity; the code may be a CNK or an EAN.
      const other = [`${a.cnk_code ?? a.sku},1`, `${b.barcode ?? b.sku},1`].join('\n');
      const third = (await upload(c.cookie, 'more.csv', other)).json<{ cart: Cart; imported: number }>();
      expect(third.imported).toBe(2);
      expect(qtyOf(third.cart, v[2]!.id)).toBe(7);
      expect(qtyOf(third.cart, v[3]!.id)).toBe(5);
      // An EAN in its 14-digit GTIN form (a leading 0, as pharmacy software exports it) is the same.
      expect(b.barcode, 'the fixture variant has an EAN').toMatch(/^\d{13}$/);
      const gtin14 = (await upload(c.cookie, 'gtin.csv', `ean;qty\n0${b.barcode};1`)).json<{ cart: Cart }>();
      expect(qtyOf(gtin14.cart, v[3]!.id)).toBe(6);
      // A CNK as pharmacies list it (1234-567) is the same as its seven digits.
      expect(a.cnk_code, 'the fixture variant has a CNK').toMatch(/^\d{7}$/);
      const dashed = `${a.cnk_code!.slice(0, 4)}-${a.cnk_code!.slice(4)}`;
      const cnk = (await upload(c.cookie, 'cnk.csv', `cnk;qty\n${dashed};1`)).json<{ cart: Cart }>();
      expect(qtyOf(cnk.cart, v[2]!.id)).toBe(8);
      // Headers as a practice writes them: "Code produit" / "Productcode", "Aantal"; a header that
      // names one column but not the other says which is missing.
      const named = (await upload(c.cookie, 'named.csv', `Code produit;Quantité\n${a.sku};1`)).json<{
        cart: Cart;
      }>();
      expect(qtyOf(named.cart, v[2]!.id)).toBe(9);
      const dutch = (await upload(c.cookie, 'nl.csv', `Productcode;Aantal\n${a.sku};1`)).json<{
        cart: Cart;
      }>();
      expect(qtyOf(dutch.cart, v[2]!.id)).toBe(10);
      expect((await upload(c.cookie, 'sku.csv', `sku\n${a.sku}`)).json()).toMatchObject({
        status: 400,
        code: 'csv_header_no_quantity',
      });
      expect((await upload(c.cookie, 'qty.csv', `Désignation;Quantité\nAmoxi;1`)).json()).toMatchObject({
        status: 400,
        code: 'csv_header_no_code',
      });
      expect((await upload(c.cookie, 'id.csv', `${a.sku};1`, 'no way!')).json()).toMatchObject({
        status: 400,
        code: 'import_id_invalid',
      });
    });

    it('reads a file saved by Excel: Windows-1252 with accents, UTF-16 with its mark, UTF-8 with a BOM', async () => {
      const c = await importer();
      const a = await codes(v[2]!.id);
      const b = await codes(v[3]!.id);
      // "CSV (séparateur : point-virgule)" of a Belgian Windows: Windows-1252, a name column.
      const name = Buffer.from(`Désignation;SKU;Quantité\r\nMédicament à 5 `, 'latin1');
      const euro = Buffer.from([0x80]); // "€" in Windows-1252
      const windows1252 = Buffer.concat([name, euro, Buffer.from(`;${a.sku};2\r\n`, 'latin1')]);
      const first = await upload(c.cookie, 'commande.csv', windows1252);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<{ imported: number; cart: Cart }>().imported).toBe(1);
      expect(qtyOf(first.json<{ cart: Cart }>().cart, v[2]!.id)).toBe(2);
      // "Unicode text": UTF-16LE with its byte order mark, tab-separated.
      const utf16 = Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(`SKU\tAantal\r\n${b.sku}\t3\r\n`, 'utf16le'),
      ]);
      const second = await upload(c.cookie, 'bestelling.csv', utf16);
      expect(second.statusCode, second.body).toBe(200);
      expect(qtyOf(second.json<{ cart: Cart }>().cart, v[3]!.id)).toBe(3);
      // "CSV UTF-8": a byte order mark before the header.
      const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`Quantité;SKU\n1;${a.sku}\n`)]);
      const third = await upload(c.cookie, 'order.csv', bom);
      expect(third.statusCode, third.body).toBe(200);
      expect(qtyOf(third.json<{ cart: Cart }>().cart, v[2]!.id)).toBe(3);
      // Bytes that are no text in any of these: refused, the cart as it was.
      const binary = await upload(
        c.cookie,
        'order.csv',
        Buffer.from([0x53, 0x4b, 0x55, 0x3b, 0x02, 0x01, 0x07, 0x3b]),
      );
      expect(binary.json()).toMatchObject({ status: 400, code: 'file_not_csv' });
      const cart = (
        await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie: c.cookie } })
      ).json<Cart>();
      expect(qtyOf(cart, v[2]!.id)).toBe(3);
      expect(qtyOf(cart, v[3]!.id)).toBe(3);
    });

    it("undoes a spreadsheet's dropped CNK zeros and names a code it rounded", async () => {
      const c = await importer();
      const a = await codes(v[2]!.id);
      const before = (await codes(v[3]!.id)).cnk_code;
      const update = (cnk: string | null) =>
        database.db.execute(sql`UPDATE product_variants SET cnk_code = ${cnk} WHERE id = ${v[3]!.id}`);
      await update('0045443');
      try {
        // Excel shows a CNK column in "General" format: 0045443 becomes 45443; an EAN 5.41235E+12.
        // A quantity with two decimals is whole; "1.000" is a thousand in Belgium and one in a file with
        // three decimals: refused and named rather than ordered a thousand times too few (or too many).
        const file = [
          'CNK;EAN;SKU;Aantal',
          '45443;;;2',
          ';5,41235E+12;;1',
          `;;${a.sku};1,00`,
          `;;${a.sku};1.000`,
          `;;${a.sku};1,000`,
        ].join('\r\n');
        const res = await upload(c.cookie, 'excel.csv', file);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<{ cart: Cart; imported: number; errors: unknown[] }>();
        expect(body.imported).toBe(2);
        expect(qtyOf(body.cart, v[3]!.id)).toBe(2);
        expect(qtyOf(body.cart, v[2]!.id)).toBe(1);
        expect(body.errors).toEqual([
          { line: 3, reason: 'code_rounded', value: '5,41235E+12' },
          { line: 5, reason: 'quantity_ambiguous', value: a.sku },
          { line: 6, reason: 'quantity_ambiguous', value: a.sku },
        ]);
        // Outside a CNK column a short number is not taken for a CNK: a file without header refuses it.
        const any = await upload(c.cookie, 'any.csv', '45443;1');
        expect(any.json()).toMatchObject({
          code: 'csv_no_valid_line',
          errors: [{ field: 'line 1', code: 'unknown_product' }],
        });
      } finally {
        await update(before);
      }
    });

    it('refuses files that are too large, not CSV or without a valid line, leaving the cart unchanged', async () => {
      const c = await importer();
      const a = await codes(v[2]!.id);
      await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1 }]);
      const big = `sku;quantity\n${`${a.sku};1\n`.repeat(Math.ceil((1024 * 1024) / (a.sku.length + 3)) + 10)}`;
      const tooLarge = await upload(c.cookie, 'big.csv', big);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({
        code: 'file_too_large',
        detail: 'The file cannot exceed 1 MB',
      });
      const notCsv = await upload(c.cookie, 'order.xlsx', `${a.sku};1`);
      expect(notCsv.json()).toMatchObject({ status: 400, code: 'file_not_csv' });
      const binary = await upload(c.cookie, 'order.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]));
      expect(binary.json()).toMatchObject({ status: 400, code: 'file_not_csv' });
      const nothing = await upload(c.cookie, 'order.csv', 'sku;quantity\nNOPE;1\n');
      expect(nothing.json()).toMatchObject({ status: 400, code: 'csv_no_valid_line' });
      const cart = (
        await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie: c.cookie } })
      ).json<Cart>();
      expect(qtyOf(cart, v[2]!.id)).toBe(1);
      expect(cart.lines.filter((l) => !l.is_delivery)).toHaveLength(1);
    });
  });
  it('answers 503 service_unavailable when the database is gone (runs last)', async () => {
    const c = await customer();
    await database.close();
    const res = await sync(c.cookie, [{ uuid: randomUUID(), product_id: v[2]!.id, qty: 1 }]);
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'service_unavailable' });
  });
});

describe('order import parsing', () => {
  it('reads the sample file data/samples/order-import.csv (header, sku and quantity)', () => {
    const text = readFileSync(new URL('../../../data/samples/order-import.csv', import.meta.url), 'utf8');
    const lines = parseOrderImport(text);
    expect(lines.map((l) => [l.line, l.kind, l.quantity])).toEqual([
      [2, 'sku', '2'],
      [3, 'sku', '5'],
      [4, 'sku', '3'],
      [5, 'sku', '12'],
    ]);
    expect(lines[0]!.code).toBe('VMD-AVIPRO-AE-SUSPENSION-FOR-USE-IN-DRINKING-WATER-FOR-CHICKEN-1');
  });

  it('detects the separator and a header in another language; a header without quantity is refused', () => {
    expect(parseOrderImport('CNK\tAantal\n1234567\t4\n').map((l) => [l.code, l.kind, l.quantity])).toEqual([
      ['1234567', 'cnk', '4'],
    ]);
    expect(parseOrderImport('5412345000017|2').map((l) => [l.line, l.kind])).toEqual([[1, 'any']]);
    expect(() => parseOrderImport('sku,price\nA,1\n')).toThrow(/quantity/);
  });
});
