/**
 * Order history (docs/decisions/order-history.md) and shipped / delivered pickings
 * (docs/decisions/shipped-and-delivered.md): the search parameters of GET sales and GET orders
 * (number, customer reference, product name or SKU, date range, bad input → 400 problem+json), the
 * invoices of each listed order, the catalogue fields of the order lines (product name in the
 * reader's locale, pack size, SKU, url key, orderable), pickings shipped then delivered without
 * changing the requirements' order states, and the invoice refused with 409 once everything delivered is
 * invoiced, also when two requests race.
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ordersListSchema, saleDetailSchema, salesListSchema, staffSaleDetailSchema } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { invoices } from '../src/db/schema.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { createCustomer, createStaff, signIn, type FixtureCustomer } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { insertSale, type FixtureSale } from './sales-fixtures.ts';
import { databaseTargets } from './targets.ts';

const silentMailer: Mailer = { send: async () => {} };

describe.each(databaseTargets())('order history on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let a: FixtureCustomer;
  const cookies = { a: '', b: '', staff: '' };
  let refSale: FixtureSale;
  let mixSale: FixtureSale;
  let lateSale: FixtureSale;

  const get = (url: string, cookie: string, lang?: string) =>
    app.inject({ method: 'GET', url, headers: { cookie, ...(lang ? { 'accept-language': lang } : {}) } });
  const post = (url: string, cookie: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const names = async (query: string, cookie = cookies.a) => {
    const res = await get(`/sales?page_size=100&${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return salesListSchema
      .parse(res.json())
      .items.map((s) => s.name)
      .sort();
  };

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_order_history_test'));
    await insertFixture(database.db);
    app = await buildApp({ db: database, mailer: silentMailer });
    await app.ready();
    const db = database.db;
    a = await createCustomer(db);
    const b = await createCustomer(db);
    const staff = await createStaff(db);
    cookies.a = await signIn(app, a.login);
    cookies.b = await signIn(app, b.login);
    cookies.staff = await signIn(app, staff.login);
    // Imported history stores only the pack size as the line label ("Boîte de 10", "125 ml").
    refSale = await insertSale(db, a.customerId, {
      dateOrder: new Date('2026-01-05T09:00:00Z'),
      clientOrderRef: 'PO-Kennel-77',
      lines: [{ sku: 'VB-AMX-10', name: 'Boîte de 10', qty: 2, priceUnitCents: 1000 }],
    });
    mixSale = await insertSale(db, a.customerId, {
      channel: 'phone',
      dateOrder: new Date('2026-02-10T09:00:00Z'),
      feeCents: 1050,
      lines: [
        { sku: 'VB-OTO-125', name: '125 ml', qty: 3, priceUnitCents: 800 },
        { sku: 'HD-001', name: 'Box', qty: 1, priceUnitCents: 500 },
        { sku: 'GV-001', name: '100 ml', qty: 1, priceUnitCents: 3000 },
      ],
    });
    // 23:30 UTC on 28 February is 00:30 on 1 March in Brussels: the order is of 1 March.
    lateSale = await insertSale(db, a.customerId, {
      dateOrder: new Date('2026-02-28T23:30:00Z'),
      lines: [{ sku: 'ZO-CLV-50', name: '50 tablets', qty: 1, priceUnitCents: 2000 }],
    });
    await insertSale(db, b.customerId, {
      dateOrder: new Date('2026-01-06T09:00:00Z'),
      clientOrderRef: 'PO-Kennel-78',
      lines: [{ sku: 'VB-AMX-10', name: 'Boîte de 10', qty: 1, priceUnitCents: 1000 }],
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('searches by order number and by customer reference, only among the customer’s orders', async () => {
    expect(await names(`q=${encodeURIComponent(refSale.name)}`)).toEqual([refSale.name]);
    // Part of the number, case-insensitive.
    expect(await names(`q=${encodeURIComponent(mixSale.name.slice(-3).toLowerCase())}`)).toContain(
      mixSale.name,
    );
    expect(await names('q=kennel')).toEqual([refSale.name]);
    expect(await names('q=PO-Kennel-78')).toEqual([]);
    // LIKE wildcards are text, not patterns.
    expect(await names('q=%25')).toEqual([]);
  });

  it('searches by product name in any locale, by SKU, and not by the handling fee', async () => {
    expect(await names('product=amoxival')).toEqual([refSale.name]);
    // "tabletten" only in the Dutch product name; "tablets" in an English name and a stored label.
    expect(await names('product=tabletten')).toEqual([refSale.name]);
    expect(await names('product=tablets')).toEqual([refSale.name, lateSale.name].sort());
    expect(await names('product=oto-125')).toEqual([mixSale.name]);
    expect(await names('product=Otoclean')).toEqual([mixSale.name]);
    expect(await names('product=handling')).toEqual([]);
    // Typed without its accent and in capitals: the stored label "Boîte de 10".
    expect(await names(`product=${encodeURIComponent('BOITE DE 10')}`)).toEqual([refSale.name]);
  });

  it('filters by order date range (inclusive Brussels days) and combines with the channel of GET orders', async () => {
    expect(await names('date_from=2026-02-01')).toEqual([mixSale.name, lateSale.name].sort());
    expect(await names('date_to=2026-02-28')).toEqual([refSale.name, mixSale.name].sort());
    expect(await names('date_from=2026-03-01&date_to=2026-03-01')).toEqual([lateSale.name]);
    expect(await names('date_from=2026-01-05&date_to=2026-01-05')).toEqual([refSale.name]);
    // Blank fields of a GET form are no filter.
    expect(await names('q=&product=&date_from=&date_to=')).toHaveLength(3);
    const res = await get('/orders?sale_channel=phone&date_from=2026-01-01&product=otoclean', cookies.a);
    expect(res.statusCode, res.body).toBe(200);
    const body = ordersListSchema.parse(res.json());
    expect(body.size).toBe(1);
    expect(body.data.map((s) => s.name)).toEqual([mixSale.name]);
    const none = ordersListSchema.parse(
      (await get('/orders?sale_channel=web&q=kennel-77&date_from=2026-02-01', cookies.a)).json(),
    );
    expect(none).toEqual({ size: 0, data: [] });
  });

  it.each([
    ['an impossible date', 'date_from=2026-02-30'],
    ['a date in another format', 'date_to=28/02/2026'],
    ['a range ending before it starts', 'date_from=2026-03-01&date_to=2026-02-01'],
    ['a search text over 100 characters', `q=${'x'.repeat(101)}`],
    ['a product text over 100 characters', `product=${'x'.repeat(101)}`],
    ['an unknown parameter', 'sku=VB-AMX-10'],
    ['two values of one parameter', 'date_from=2026-01-01&date_from=2026-02-01'],
  ])('refuses %s with a 400 problem', async (_label, query) => {
    for (const path of ['/sales', '/orders']) {
      const res = await get(`${path}?${query}`, cookies.a);
      expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 400 });
    }
  });

  it('order lines carry the product name in the reader’s locale, the pack size, the SKU, the url key and orderability', async () => {
    const nl = saleDetailSchema.parse(
      (await get(`/sales/${refSale.id}`, cookies.a, 'nl-BE,nl;q=0.9')).json(),
    );
    expect(nl.lines[0]).toMatchObject({
      name: 'Boîte de 10',
      product_name: 'Amoxival 500 mg tabletten',
      variant_name: 'Boîte de 10',
      sku: 'VB-AMX-10',
      url_key: 'amoxival-500-mg-tabletten',
      orderable: true,
    });
    const fr = saleDetailSchema.parse((await get(`/sales/${refSale.id}`, cookies.a, 'fr')).json());
    expect(fr.lines[0]).toMatchObject({
      product_name: 'Amoxival 500 mg comprimés',
      url_key: 'amoxival-500-mg-comprimes',
    });

    const mix = saleDetailSchema.parse((await get(`/sales/${mixSale.id}`, cookies.a, 'en')).json());
    const bySku = new Map(mix.lines.map((l) => [l.sku, l]));
    expect(bySku.get('VB-OTO-125')).toMatchObject({
      product_name: 'Otoclean cleaning solution for ears',
      orderable: true,
    });
    // Not sold on the website any more / restricted to a veterinary group the customer is not in.
    expect(bySku.get('HD-001')).toMatchObject({ product_name: 'Hiddenol amoxicilline', orderable: false });
    expect(bySku.get('GV-001')).toMatchObject({ product_name: 'Groupvax cattle', orderable: false });
    const fee = mix.lines.find((l) => l.is_delivery)!;
    expect(fee).toMatchObject({ product_name: null, variant_name: null, url_key: null, orderable: false });
  });

  it('lists each order with its invoices and credit notes', async () => {
    const sale = await insertSale(database.db, a.customerId, {
      dateOrder: new Date('2026-03-10T09:00:00Z'),
      lines: [{ sku: 'VB-AMX-10', name: 'Boîte de 10', qty: 2, priceUnitCents: 1000 }],
    });
    await post(`/staff/sales/${sale.id}/pickings`, cookies.staff, { lines: { [sale.lineIds[0]!]: 2 } });
    const invoice = await post(`/staff/sales/${sale.id}/invoices`, cookies.staff);
    expect(invoice.statusCode, invoice.body).toBe(201);
    const credit = await post(`/staff/invoices/${invoice.json().id}/credit_note`, cookies.staff, {
      lines: { [sale.lineIds[0]!]: 1 },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const list = salesListSchema.parse((await get('/sales?date_from=2026-02-01', cookies.a)).json());
    const item = list.items.find((s) => s.id === sale.id)!;
    expect(item.invoices.map((i) => [i.type, i.id])).toEqual([
      ['invoice', invoice.json().id],
      ['credit_note', credit.json().id],
    ]);
    expect(list.items.find((s) => s.id === lateSale.id)!.invoices).toEqual([]);
  });

  it('a picking is shipped when created and delivered when staff confirm it; the order states stay those of the product requirements', async () => {
    const sale = await insertSale(database.db, a.customerId, {
      lines: [
        { sku: 'VB-AMX-10', name: 'Boîte de 10', qty: 2, priceUnitCents: 1000 },
        { sku: 'ZO-CLV-50', name: '50 tablets', qty: 1, priceUnitCents: 2000 },
      ],
    });
    const first = await post(`/staff/sales/${sale.id}/pickings`, cookies.staff, {
      tracking_ref: 'BPOST-1',
      lines: { [sale.lineIds[0]!]: 2 },
    });
    expect(first.statusCode, first.body).toBe(201);
    let detail = saleDetailSchema.parse((await get(`/sales/${sale.id}`, cookies.a)).json());
    expect(detail).toMatchObject({ state: 'delivery_partial', progress: 70 });
    expect(detail.pickings).toEqual([
      expect.objectContaining({ tracking_ref: 'BPOST-1', state: 'shipped', delivered_at: null }),
    ]);
    const pickingId = first.json().id as number;

    // Customers may not confirm; another order's picking is unknown.
    expect(
      (await post(`/staff/sales/${sale.id}/pickings/${pickingId}/delivered`, cookies.a)).statusCode,
    ).toBe(403);
    expect(
      (await post(`/staff/sales/${refSale.id}/pickings/${pickingId}/delivered`, cookies.staff)).statusCode,
    ).toBe(404);
    expect((await post(`/staff/sales/${sale.id}/pickings/abc/delivered`, cookies.staff)).statusCode).toBe(
      400,
    );

    const done = await post(`/staff/sales/${sale.id}/pickings/${pickingId}/delivered`, cookies.staff);
    expect(done.statusCode, done.body).toBe(200);
    const when = saleDetailSchema.parse(done.json()).pickings[0]!.delivered_at;
    expect(when).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const again = saleDetailSchema.parse(
      (await post(`/staff/sales/${sale.id}/pickings/${pickingId}/delivered`, cookies.staff)).json(),
    );
    expect(again.pickings[0]).toMatchObject({ state: 'delivered', delivered_at: when });
    // Delivering a picking does not move the order: it follows the shipped quantities.
    expect(again).toMatchObject({ state: 'delivery_partial', progress: 70 });

    await post(`/staff/sales/${sale.id}/pickings`, cookies.staff, { lines: { [sale.lineIds[1]!]: 1 } });
    detail = saleDetailSchema.parse((await get(`/sales/${sale.id}`, cookies.a)).json());
    expect(detail).toMatchObject({ state: 'delivery_full', progress: 100 });
    expect(detail.pickings.map((p) => p.state)).toEqual(['delivered', 'shipped']);
  });

  it('refuses a second invoice of the same units with 409, and two racing requests make one invoice', async () => {
    const sale = await insertSale(database.db, a.customerId, {
      lines: [{ sku: 'VB-AMX-10', name: 'Boîte de 10', qty: 3, priceUnitCents: 1000 }],
    });
    const staffView = async () =>
      staffSaleDetailSchema.parse((await get(`/staff/sales/${sale.id}`, cookies.staff)).json());
    expect((await staffView()).can_invoice).toBe(false);
    await post(`/staff/sales/${sale.id}/pickings`, cookies.staff, { lines: { [sale.lineIds[0]!]: 2 } });
    expect((await staffView()).can_invoice).toBe(true);

    const race = await Promise.all([
      post(`/staff/sales/${sale.id}/invoices`, cookies.staff),
      post(`/staff/sales/${sale.id}/invoices`, cookies.staff),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = race.find((r) => r.statusCode === 409)!;
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ code: 'nothing_to_invoice' });
    const rows = await database.db.select().from(invoices).where(eq(invoices.saleId, sale.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lines).toEqual({ [String(sale.lineIds[0])]: 2 });
    expect((await staffView()).can_invoice).toBe(false);
    expect((await post(`/staff/sales/${sale.id}/invoices`, cookies.staff)).statusCode).toBe(409);

    // The third unit delivered later: invoiceable again, once.
    await post(`/staff/sales/${sale.id}/pickings`, cookies.staff, { lines: { [sale.lineIds[0]!]: 1 } });
    expect((await staffView()).can_invoice).toBe(true);
    expect((await post(`/staff/sales/${sale.id}/invoices`, cookies.staff)).statusCode).toBe(201);
    expect((await staffView()).can_invoice).toBe(false);
  });
});
