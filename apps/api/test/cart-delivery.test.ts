/**
 * The cart's delivery calls (docs/decisions/cart-delivery-calls.md): a public pickup point chosen
 * for the cart (recorded once per carrier and code, never listed by the shop's pickup search), the
 * delivery method chosen by carrier id (a pickup point of another carrier dropped), the next
 * suite number, and an order for a pickup point (none chosen: refused; chosen: delivered there;
 * abroad: a product for Belgium only refused). Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
 * (database `vetshop_cart_delivery_test`, recreated).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Cart } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import { createCustomer, signIn } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

describe.each(targets)('cart delivery calls on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let variantId = 0;
  /** A variant of another product, flagged for Belgium only by the pickup-abroad test. */
  let otherVariantId = 0;
  const carrier = { van: 0, relay: 0 };

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_cart_delivery_test'));
    await insertFixture(database.db);
    await seedCarriers(database.db);
    const ids = await database.db.execute<{ van: number; relay: number; v: number; other: number }>(sql`
      SELECT (SELECT id FROM carriers WHERE code = 'own_van') AS van,
             (SELECT id FROM carriers WHERE code = 'pickup_point') AS relay,
             (SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
              WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 ORDER BY v.id LIMIT 1) AS v,
             (SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
              WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND p.flags = '{}'::jsonb
                AND p.id <> (SELECT v1.product_id FROM product_variants v1 JOIN products p1 ON p1.id = v1.product_id
                             WHERE NOT p1.not_sold_on_website AND cardinality(p1.vet_group_ids) = 0
                             ORDER BY v1.id LIMIT 1)
              ORDER BY v.id LIMIT 1) AS other`);
    carrier.van = Number(ids.rows[0]!.van);
    carrier.relay = Number(ids.rows[0]!.relay);
    variantId = Number(ids.rows[0]!.v);
    otherVariantId = Number(ids.rows[0]!.other);
    // Priced in the veterinary list, so that their carts can be confirmed.
    for (const id of [variantId, otherVariantId])
      await database.db.execute(sql`
        INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
        VALUES (${id}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 2500, 1)`);
    app = await buildApp({ db: database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
  });

  /** A new customer (with `depotNumber`) with an open cart of one line of `product`: its cookie. */
  async function withCart(options: { depotNumber?: string; product?: number } = {}): Promise<string> {
    const cookie = await signIn(
      app,
      (await createCustomer(database.db, { depotNumber: options.depotNumber })).login,
    );
    const res = await app.inject({
      method: 'POST',
      url: '/v2/cart/sync',
      headers: { cookie },
      payload: {
        uuid: null,
        transactions: [{ uuid: randomUUID(), product_id: options.product ?? variantId, qty: 1 }],
      },
    });
    expect(res.statusCode).toBe(200);
    return cookie;
  }

  const point = {
    code: 'BE-4711',
    name: 'Librairie du Parc',
    street: 'Rue du Parc 4',
    zip: '4000',
    city: 'Liège',
    country_code: 'be',
  };
  const setPublic = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/carts/current/set_public_delivery_pickup',
      headers: { cookie },
      payload,
    });

  it('a public pickup point is chosen with its carrier, recorded once and kept out of the pickup search', async () => {
    const a = await withCart();
    const res = await setPublic(a, { carrier_id: carrier.relay, pickup: point });
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json<Cart>();
    expect(cart.delivery.carrier?.id).toBe(carrier.relay);
    expect(cart.delivery.pickup).toMatchObject({
      carrier_id: carrier.relay,
      name: 'Librairie du Parc',
      zip: '4000',
      city: 'Liège',
      country_code: 'BE',
    });
    // Another customer choosing the same point reuses the row (with the newest details).
    const b = await withCart();
    const again = await setPublic(b, {
      carrier_id: carrier.relay,
      pickup: { ...point, name: 'Librairie du Parc (2)' },
    });
    expect(again.json<Cart>().delivery.pickup?.id).toBe(cart.delivery.pickup?.id);
    const rows = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pickup_sites WHERE code LIKE '%BE-4711'`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(1);
    const search = await app.inject({
      method: 'GET',
      url: `/delivery_pickups?carrier_id=${carrier.relay}&name=Parc`,
      headers: { cookie: a },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json<{ data: { name: string }[] }>().data.map((p) => p.name)).not.toContain(
      'Librairie du Parc (2)',
    );
  });

  it('refuses a carrier without pickup points (400 on carrier_id), an unknown carrier (404) and a bad point (400)', async () => {
    const c = await withCart();
    const van = await setPublic(c, { carrier_id: carrier.van, pickup: point });
    expect(van.statusCode).toBe(400);
    expect(van.json()).toMatchObject({ code: 'carrier_without_pickup', errors: [{ field: 'carrier_id' }] });
    expect((await setPublic(c, { carrier_id: 999_999, pickup: point })).statusCode).toBe(404);
    const bad = await setPublic(c, { carrier_id: carrier.relay, pickup: { ...point, zip: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });

  it('set_delivery_method sets the carrier by method_id and drops a pickup point of another carrier', async () => {
    const c = await withCart();
    await setPublic(c, { carrier_id: carrier.relay, pickup: point });
    const res = await app.inject({
      method: 'POST',
      url: '/carts/set_delivery_method',
      headers: { cookie: c },
      payload: { method_id: carrier.van },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json<Cart>();
    expect(cart.delivery.carrier?.id).toBe(carrier.van);
    expect(cart.delivery.pickup).toBeNull();
    const unknown = await app.inject({
      method: 'POST',
      url: '/carts/set_delivery_method',
      headers: { cookie: c },
      payload: { method_id: 999_999 },
    });
    expect(unknown.statusCode).toBe(404);
    const guest = await app.inject({
      method: 'POST',
      url: '/carts/set_delivery_method',
      payload: { method_id: 1 },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('next_suite_name answers {value}: S-<customer number>-<n+1>', async () => {
    const c = await withCart();
    const res = await app.inject({ method: 'GET', url: '/carts/next_suite_name', headers: { cookie: c } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ value: string }>().value).toMatch(/^S-.+-1$/);
  });

  /** POST carts/confirm of the customer's open cart (its uuid read first). */
  async function confirm(cookie: string) {
    const cart = await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie } });
    return app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie },
      payload: { uuid: cart.json<Cart>().uuid },
    });
  }

  it('an order for a pickup point waits for one, goes there and keeps the practice depot number', async () => {
    const c = await withCart({ depotNumber: 'DEP-4711' });
    const relay = await app.inject({
      method: 'POST',
      url: '/carts/set_delivery_method',
      headers: { cookie: c },
      payload: { method_id: carrier.relay },
    });
    expect(relay.json<Cart>().confirm_blockers).toEqual(['pickup_point_required']);
    const refused = await confirm(c);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'pickup_point_required' });

    const picked = await setPublic(c, { carrier_id: carrier.relay, pickup: { ...point, code: 'BE-9001' } });
    expect(picked.json<Cart>().confirm_blockers).toEqual([]);
    const placed = await confirm(c);
    expect(placed.statusCode, placed.body).toBe(201);
    const sale = await app.inject({
      method: 'GET',
      url: `/sales/${placed.json<{ sale_id: number }>().sale_id}`,
      headers: { cookie: c },
    });
    expect(sale.json()).toMatchObject({
      delivery_address: {
        name: 'Librairie du Parc',
        street: 'Rue du Parc 4',
        zip: '4000',
        city: 'Liège',
        country_code: 'BE',
      },
      carrier: { name: expect.any(String) },
      depot_number: 'DEP-4711',
    });
  });

  it('a product for Belgium only is flagged and refused when the pickup point is abroad', async () => {
    await database.db.execute(sql`
      UPDATE products SET flags = '{"food": true, "belgium_only": true}'::jsonb
      WHERE id = (SELECT product_id FROM product_variants WHERE id = ${otherVariantId})`);
    const c = await withCart({ product: otherVariantId });
    const abroad = await setPublic(c, {
      carrier_id: carrier.relay,
      pickup: {
        ...point,
        code: 'NL-1',
        name: 'Boekhandel Maas',
        zip: '6211',
        city: 'Maastricht',
        country_code: 'NL',
      },
    });
    expect(abroad.statusCode, abroad.body).toBe(200);
    expect(abroad.json<Cart>().lines.find((l) => l.product_id === otherVariantId)?.restriction).toBe(
      'belgium_only',
    );
    const refused = await confirm(c);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'belgium_only' });
    // Adding it again while the point abroad is chosen: refused by the sync itself, both answers.
    for (const answer of ['cart', 'summary']) {
      const more = await app.inject({
        method: 'POST',
        url: `/v2/cart/sync?answer=${answer}`,
        headers: { cookie: c },
        payload: {
          uuid: abroad.json<Cart>().uuid,
          transactions: [{ uuid: randomUUID(), product_id: otherVariantId, qty: 1 }],
        },
      });
      expect(more.statusCode, more.body).toBe(200);
      expect(more.json<{ refused?: { reason: string }[] }>().refused).toEqual([
        expect.objectContaining({ reason: 'belgium_only' }),
      ]);
    }

    // The same point in Belgium: ordered.
    await setPublic(c, { carrier_id: carrier.relay, pickup: { ...point, code: 'BE-9002' } });
    expect((await confirm(c)).statusCode).toBe(201);
  });
});
