/**
 * Standard orders api (docs/product/customer-area.md#standard-orders, docs/product/customer-area.md#standard-order-rules, docs/product/customer-area.md#wishlist-calls, docs/product/errors.md#orders-and-customer-area "Wishlist
 * duplicate"): every route, the product unique per list, the name unique per customer, catalogue
 * visibility (refused on add, hidden on read), prices of the user's price list, another customer's
 * ids (404), staff and guests (403/401) and bad input (400 problem+json).
 *
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (database
 * `vetshop_wishlists_test`, recreated).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Wishlist, WishlistList } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { loadPrices } from '../src/modules/carts/pricing.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { insertFixture, type Fixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

/** Expects a problem+json answer with `status` and `code`. */
function expectProblem(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json() as { code: string; status: number };
  expect(body.code).toBe(code);
  expect(body.status).toBe(status);
  expect(res.body).not.toMatch(/\bat .*\.ts:\d+/);
}

describe.each(targets)('wishlists on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let fixture: Fixture;
  const cookies = { a: '', a2: '', b: '', staff: '', west: '' };
  /** Variant ids by sku. */
  const sku: Record<string, number> = {};

  type Method = 'GET' | 'POST' | 'DELETE';
  const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    }) as Promise<LightMyRequestResponse>;

  async function create(cookie: string, name: string): Promise<Wishlist> {
    const res = await call('POST', '/wishlists', cookie, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Wishlist;
  }

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_wishlists_test'));
    fixture = await insertFixture(database.db);
    app = await buildApp({ db: database, auth: { type: 'credentials' }, mailer: { send: async () => {} } });
    await app.ready();
    const rows = await database.db.execute<{ id: number; sku: string }>(
      sql`SELECT id, sku FROM product_variants`,
    );
    for (const r of rows.rows) sku[r.sku] = Number(r.id);
    // A veterinary-list price for one variant: 12.34 EUR from 1 unit.
    await database.db.execute(sql`
      INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
      VALUES (${sku['BD-SYR-5']!}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 1234, 1)`);
    const db = database.db;
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const west = await createCustomer(db, { vetGroupIds: [fixture.vetGroups.west!] });
    const staff = await createStaff(db);
    cookies.a = await signIn(app, a.login);
    cookies.b = await signIn(app, b.login);
    cookies.west = await signIn(app, west.login);
    cookies.staff = await signIn(app, staff.login);
    // A second user of customer A's practice shares its lists.
    const second = await createCustomer(db);
    await db.execute(sql`UPDATE users SET customer_id = ${a.customerId} WHERE id = ${second.userId}`);
    cookies.a2 = await signIn(app, second.login);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('creates, lists, reads, adds, updates and deletes a standard order', async () => {
    const list = await create(cookies.a, '  Weekly order  ');
    expect(list).toMatchObject({ name: 'Weekly order', lines: [], lines_count: 0, amount: 0 });

    const added = await call('POST', `/wishlists/${list.id}/add_item?lang=en`, cookies.a, {
      product_id: sku['VB-AMX-10'],
    });
    expect(added.statusCode, added.body).toBe(200);
    const afterAdd = added.json() as Wishlist;
    expect(afterAdd.lines).toHaveLength(1);
    expect(afterAdd.lines[0]).toMatchObject({
      product_id: sku['VB-AMX-10'],
      sku: 'VB-AMX-10',
      quantity: 1,
      url_key: 'amoxival-500-mg-tablets',
      stock_state: 'in_stock',
    });
    expect(afterAdd.lines[0]!.name).toContain('Amoxival 500 mg tablets');

    const second = await call('POST', `/wishlists/${list.id}/add_item`, cookies.a, {
      product_id: sku['BD-SYR-5'],
      quantity: 3,
    });
    expect(second.statusCode, second.body).toBe(200);

    // Read in French: lines in the order added, priced for the veterinary list.
    const read = await call('GET', `/wishlists/${list.id}?lang=fr`, cookies.a);
    expect(read.statusCode).toBe(200);
    const body = read.json() as Wishlist;
    expect(body.lines.map((l) => l.sku)).toEqual(['VB-AMX-10', 'BD-SYR-5']);
    expect(body.lines[0]!.url_key).toBe('amoxival-500-mg-comprimes');
    const syringe = body.lines[1]!;
    const priceOf = await loadPrices(database.db, [sku['BD-SYR-5']!], 'veterinary');
    const expected = priceOf(sku['BD-SYR-5']!, 3);
    expect(expected.netCents).not.toBeNull();
    expect(syringe.price_unit_discounted).toBe(expected.netCents! / 100);
    expect(syringe.amount).toBe((expected.netCents! * 3) / 100);
    // Amoxival has no veterinary-list price in the fixture: unpriced, not counted.
    expect(body.lines[0]!.price_unit_discounted).toBeNull();
    expect(body.amount).toBe(syringe.amount);

    // Another user of the same practice sees and edits the list.
    const listed = await call('GET', '/wishlists?page=1&page_size=999', cookies.a2);
    expect(listed.statusCode).toBe(200);
    const all = listed.json() as WishlistList;
    expect(all.count).toBe(1);
    expect(all.items[0]).toMatchObject({ id: list.id, name: 'Weekly order', lines_count: 2 });

    // Rename, change a quantity, remove a line, in one update.
    const updated = await call('POST', `/wishlists/${list.id}/update`, cookies.a2, {
      name: 'Monday order',
      lines: [
        { id: body.lines[0]!.id, quantity: 0 },
        { id: syringe.id, quantity: 5 },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json() as Wishlist;
    expect(after.name).toBe('Monday order');
    expect(after.lines).toHaveLength(1);
    expect(after.lines[0]).toMatchObject({ id: syringe.id, quantity: 5 });
    expect(after.amount).toBe((priceOf(sku['BD-SYR-5']!, 5).netCents! * 5) / 100);

    // The removed product may be added again.
    const again = await call('POST', `/wishlists/${list.id}/add_item`, cookies.a, {
      product_id: sku['VB-AMX-10'],
    });
    expect(again.statusCode).toBe(200);

    const deleted = await call('DELETE', `/wishlists/${list.id}`, cookies.a);
    expect(deleted.statusCode).toBe(204);
    expectProblem(await call('GET', `/wishlists/${list.id}`, cookies.a), 404, 'not_found');
    expectProblem(await call('DELETE', `/wishlists/${list.id}`, cookies.a), 404, 'not_found');
    const lines = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wishlist_lines WHERE wishlist_id = ${list.id}`,
    );
    expect(Number(lines.rows[0]!.n)).toBe(0);
  });

  it('refuses a product already in the list with the required message (409 wishlist_duplicate_product)', async () => {
    const list = await create(cookies.a, 'Duplicates');
    const first = await call('POST', `/wishlists/${list.id}/add_item`, cookies.a, {
      product_id: sku['RC-REN-2'],
      quantity: 2,
    });
    expect(first.statusCode).toBe(200);
    const dup = await call('POST', `/wishlists/${list.id}/add_item`, cookies.a, {
      product_id: sku['RC-REN-2'],
      quantity: 7,
    });
    expectProblem(dup, 409, 'wishlist_duplicate_product');
    expect((dup.json() as { detail: string }).detail).toBe('This product already exists in this wishlist');
    const read = (await call('GET', `/wishlists/${list.id}`, cookies.a)).json() as Wishlist;
    expect(read.lines.map((l) => [l.product_id, l.quantity])).toEqual([[sku['RC-REN-2'], 2]]);

    // The same product in another list of the customer is fine.
    const other = await create(cookies.a, 'Duplicates 2');
    const ok = await call('POST', `/wishlists/${other.id}/add_item`, cookies.a, {
      product_id: sku['RC-REN-2'],
    });
    expect(ok.statusCode).toBe(200);
  });

  it('checks names by exact name per customer (409 wishlist_name_exists)', async () => {
    await create(cookies.a, 'Surgery');
    expectProblem(
      await call('POST', '/wishlists', cookies.a, { name: 'Surgery' }),
      409,
      'wishlist_name_exists',
    );
    expectProblem(
      await call('POST', '/wishlists', cookies.a, { name: ' Surgery ' }),
      409,
      'wishlist_name_exists',
    );
    // Exact name: another case is another name; another customer may use the same name.
    await create(cookies.a, 'surgery');
    await create(cookies.b, 'Surgery');
    const renamed = await create(cookies.a, 'Spare');
    expectProblem(
      await call('POST', `/wishlists/${renamed.id}/update`, cookies.a, { name: 'Surgery' }),
      409,
      'wishlist_name_exists',
    );
    // Renaming to its own name changes nothing and is allowed.
    const same = await call('POST', `/wishlists/${renamed.id}/update`, cookies.a, { name: 'Spare' });
    expect(same.statusCode).toBe(200);
  });

  it('refuses products the user may not see and hides them on read', async () => {
    const list = await create(cookies.a, 'Visibility');
    for (const hidden of ['HD-001', 'GV-001']) {
      expectProblem(
        await call('POST', `/wishlists/${list.id}/add_item`, cookies.a, { product_id: sku[hidden] }),
        400,
        'wishlist_product_unknown',
      );
    }
    expectProblem(
      await call('POST', `/wishlists/${list.id}/add_item`, cookies.a, { product_id: 2_000_000_000 }),
      400,
      'wishlist_product_unknown',
    );
    // A member of the vet group may add the restricted product; a list keeps it when the
    // product becomes hidden, but answers leave it out.
    const west = await create(cookies.west, 'Cattle');
    const ok = await call('POST', `/wishlists/${west.id}/add_item`, cookies.west, {
      product_id: sku['GV-001'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await call('POST', `/wishlists/${west.id}/add_item`, cookies.west, { product_id: sku['VB-AMX-10'] });
    await database.db.execute(
      sql`UPDATE products SET not_sold_on_website = true WHERE id = (SELECT product_id FROM product_variants WHERE sku = 'GV-001')`,
    );
    try {
      const read = (await call('GET', `/wishlists/${west.id}`, cookies.west)).json() as Wishlist;
      expect(read.lines.map((l) => l.sku)).toEqual(['VB-AMX-10']);
      const listed = (await call('GET', '/wishlists', cookies.west)).json() as WishlistList;
      expect(listed.items.find((i) => i.id === west.id)?.lines_count).toBe(1);
    } finally {
      await database.db.execute(
        sql`UPDATE products SET not_sold_on_website = false WHERE id = (SELECT product_id FROM product_variants WHERE sku = 'GV-001')`,
      );
    }
  });

  it("answers 404 for another customer's lists and lines, and leaves them unchanged", async () => {
    const foreign = await create(cookies.b, 'Private list of B');
    await call('POST', `/wishlists/${foreign.id}/add_item`, cookies.b, { product_id: sku['VB-AMX-10'] });
    const line = ((await call('GET', `/wishlists/${foreign.id}`, cookies.b)).json() as Wishlist).lines[0]!;

    expectProblem(await call('GET', `/wishlists/${foreign.id}`, cookies.a), 404, 'not_found');
    expectProblem(
      await call('POST', `/wishlists/${foreign.id}/add_item`, cookies.a, { product_id: sku['RC-REN-2'] }),
      404,
      'not_found',
    );
    expectProblem(
      await call('POST', `/wishlists/${foreign.id}/update`, cookies.a, { name: 'Taken over' }),
      404,
      'not_found',
    );
    expectProblem(await call('DELETE', `/wishlists/${foreign.id}`, cookies.a), 404, 'not_found');
    const listed = (await call('GET', '/wishlists', cookies.a)).json() as WishlistList;
    expect(listed.items.some((i) => i.id === foreign.id)).toBe(false);

    // A line of B's list named in an update of A's own list is unknown there.
    const own = await create(cookies.a, 'Own list');
    expectProblem(
      await call('POST', `/wishlists/${own.id}/update`, cookies.a, { lines: [{ id: line.id, quantity: 3 }] }),
      400,
      'wishlist_line_unknown',
    );
    const still = (await call('GET', `/wishlists/${foreign.id}`, cookies.b)).json() as Wishlist;
    expect(still).toMatchObject({ name: 'Private list of B', lines: [{ id: line.id, quantity: 1 }] });
  });

  it('answers 401 to guests and 403 to staff users', async () => {
    expectProblem(await call('GET', '/wishlists', ''), 401, 'unauthorized');
    expectProblem(await call('POST', '/wishlists', '', { name: 'Guest' }), 401, 'unauthorized');
    expectProblem(await call('GET', '/wishlists', cookies.staff), 403, 'forbidden');
    expectProblem(await call('POST', '/wishlists', cookies.staff, { name: 'Staff' }), 403, 'forbidden');
  });

  it('refuses bad input with 400 problem+json', async () => {
    const list = await create(cookies.a, 'Bad input');
    const bad: [Method, string, unknown][] = [
      ['POST', '/wishlists', {}],
      ['POST', '/wishlists', { name: '' }],
      ['POST', '/wishlists', { name: '   ' }],
      ['POST', '/wishlists', { name: 'x'.repeat(101) }],
      ['POST', '/wishlists', { name: 'ok', extra: 1 }],
      ['POST', '/wishlists', { name: 42 }],
      ['GET', '/wishlists?page_size=1000', undefined],
      ['GET', '/wishlists?page=0', undefined],
      ['GET', '/wishlists?lang=de', undefined],
      ['GET', '/wishlists/abc', undefined],
      ['GET', '/wishlists/0', undefined],
      ['GET', '/wishlists/99999999999', undefined],
      ['DELETE', '/wishlists/-1', undefined],
      ['POST', `/wishlists/${list.id}/add_item`, {}],
      ['POST', `/wishlists/${list.id}/add_item`, { product_id: 'x' }],
      ['POST', `/wishlists/${list.id}/add_item`, { product_id: sku['VB-AMX-10'], quantity: 0 }],
      ['POST', `/wishlists/${list.id}/add_item`, { product_id: sku['VB-AMX-10'], quantity: 1.5 }],
      // Above the cart's line limit (docs/decisions/order-limits.md): put in the cart, the line
      // would be refused.
      ['POST', `/wishlists/${list.id}/add_item`, { product_id: sku['VB-AMX-10'], quantity: 100_000 }],
      ['POST', `/wishlists/${list.id}/update`, {}],
      ['POST', `/wishlists/${list.id}/update`, { lines: [{ id: 1, quantity: -1 }] }],
      ['POST', `/wishlists/${list.id}/update`, { lines: [{ id: 1 }] }],
      [
        'POST',
        `/wishlists/${list.id}/update`,
        {
          lines: [
            { id: 1, quantity: 1 },
            { id: 1, quantity: 2 },
          ],
        },
      ],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call(method, url, cookies.a, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const malformed = await app.inject({
      method: 'POST',
      url: '/wishlists',
      headers: { cookie: cookies.a, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    // Nothing was added by the refused calls.
    const read = (await call('GET', `/wishlists/${list.id}`, cookies.a)).json() as Wishlist;
    expect(read.lines).toEqual([]);
  });

  it('pages GET wishlists sorted by name', async () => {
    const c = await createCustomer(database.db);
    const cookie = await signIn(app, c.login);
    for (const name of ['Charlie', 'alpha', 'Bravo']) await create(cookie, name);
    const page1 = (await call('GET', '/wishlists?page=1&page_size=2', cookie)).json() as WishlistList;
    const page2 = (await call('GET', '/wishlists?page=2&page_size=2', cookie)).json() as WishlistList;
    expect(page1.count).toBe(3);
    expect([...page1.items, ...page2.items].map((i) => i.name).sort()).toEqual(
      ['Bravo', 'Charlie', 'alpha'].sort(),
    );
    expect(page1.items).toHaveLength(2);
    expect(page2.items).toHaveLength(1);
  });
});
