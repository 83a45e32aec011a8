/**
 * The cart's delivery calls (docs/decisions/cart-delivery-calls.md): a public pickup point chosen
 * for the cart (recorded once per carrier and code, never listed by the shop's pickup search), the
 * delivery method chosen by carrier id (a pickup point of another carrier dropped), and the next
 * suite number. Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
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
  const carrier = { van: 0, relay: 0 };

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_cart_delivery_test'));
    await insertFixture(database.db);
    await seedCarriers(database.db);
    const ids = await database.db.execute<{ van: number; relay: number; v: number }>(sql`
      SELECT (SELECT id FROM carriers WHERE code = 'own_van') AS van,
             (SELECT id FROM carriers WHERE code = 'pickup_point') AS relay,
             (SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
              WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 ORDER BY v.id LIMIT 1) AS v`);
    carrier.van = Number(ids.rows[0]!.van);
    carrier.relay = Number(ids.rows[0]!.relay);
    variantId = Number(ids.rows[0]!.v);
    app = await buildApp({ db: database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
  });

  /** A new customer with an open cart of one line: its cookie. */
  async function withCart(): Promise<string> {
    const cookie = await signIn(app, (await createCustomer(database.db)).login);
    const res = await app.inject({
      method: 'POST',
      url: '/v2/cart/sync',
      headers: { cookie },
      payload: { uuid: null, transactions: [{ uuid: randomUUID(), product_id: variantId, qty: 1 }] },
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
});
