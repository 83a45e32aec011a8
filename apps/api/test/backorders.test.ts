/**
 * Products on order (backorders) (docs/product/orders-and-documents.md#products-on-order-calls, docs/product/orders-and-documents.md#backorder-cancel, docs/product/orders-and-documents.md, docs/product/errors.md,
 * docs/product/constants.md#filters filter): the list with its families[] / restricts[] filters and paging, the detail, the
 * cancellation in range / out of range (400 with `max`) / refused (409 with `reason`), two
 * concurrent cancellations never cancelling more than the backorder, the order state after a
 * cancellation, another customer's ids (404) and the credit note of an invoiced quantity.
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  backorderCancelResultSchema,
  documentListSchema,
  productOnOrderSchema,
  productsOnOrderListSchema,
  saleDetailSchema,
} from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database, Db } from '../src/db/client.ts';
import { backorderCancellations, invoices, saleLines, sales } from '../src/db/schema.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { createCustomer, createStaff, signIn, type FixtureCustomer } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { insertSale, type FixtureLine } from './sales-fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();
const silentMailer: Mailer = { send: async () => {} };

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 10));

/** A line of `sku` with `qty` units at 10 EUR (6 % VAT). */
const line = (sku: string, qty: number): FixtureLine => ({
  sku,
  name: `Product ${sku}`,
  qty,
  priceUnitCents: 1000,
});

/** Inserts a sale with one line per spec and sets the extra line columns; answers the sale and line ids. */
async function saleWith(
  db: Db,
  customerId: number,
  options: { state?: string; dateOrder?: Date; feeCents?: number },
  specs: { sku: string; qty: number; delivered?: number; unavailable?: number; madeToOrder?: boolean }[],
): Promise<{ id: number; lineIds: number[] }> {
  const sale = await insertSale(db, customerId, {
    ...options,
    lines: specs.map((s) => line(s.sku, s.qty)),
  });
  for (const [i, s] of specs.entries())
    await db
      .update(saleLines)
      .set({
        qtyDelivered: s.delivered ?? 0,
        qtyUnavailable: s.unavailable ?? 0,
        madeToOrder: s.madeToOrder ?? false,
      })
      .where(eq(saleLines.id, sale.lineIds[i]!));
  return { id: sale.id, lineIds: sale.lineIds };
}

describe.each(targets)('products on order on $name', (target) => {
  let database: Database;
  let db: Db;
  let app: FastifyInstance;
  let a: FixtureCustomer;
  let b: FixtureCustomer;
  const cookies = { a: '', b: '', staff: '' };
  /** Lines of customer A's fixture orders. */
  const L = { meds: 0, food: 0, mtoOrdered: 0, delivered: 0, closed: 0, canceledOrder: 0, mtoPending: 0 };
  let feeLineId = 0;
  let lineOfB = 0;

  const get = (url: string, cookie = cookies.a) => app.inject({ method: 'GET', url, headers: { cookie } });
  const cancel = (id: number, payload: unknown, cookie = cookies.a) =>
    app.inject({
      method: 'POST',
      url: `/products_on_order/cancel/${id}`,
      headers: { cookie },
      payload: payload as object,
    });
  const ids = async (query: string, cookie = cookies.a) => {
    const res = await get(`/products_on_order${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const list = productsOnOrderListSchema.parse(res.json());
    return { count: list.count, ids: list.items.map((i) => i.id) };
  };

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_backorders_test', 6));
    db = database.db;
    await insertFixture(db);
    app = await buildApp({ db: database, mailer: silentMailer });
    await app.ready();
    a = await createCustomer(db);
    b = await createCustomer(db);
    const staff = await createStaff(db);
    cookies.a = await signIn(app, a.login);
    cookies.b = await signIn(app, b.login);
    cookies.staff = await signIn(app, staff.login);

    // s1 pending: meds with 3 of 5 unavailable when ordered, food, and a handling fee.
    const s1 = await saleWith(db, a.customerId, { dateOrder: day(1), feeCents: 1050 }, [
      { sku: 'VB-AMX-10', qty: 5, unavailable: 3 },
      { sku: 'RC-REN-2', qty: 2 },
    ]);
    [L.meds = 0, L.food = 0] = s1.lineIds;
    feeLineId = (await db.select().from(saleLines).where(eq(saleLines.saleId, s1.id))).find(
      (l) => l.isDelivery,
    )!.id;
    // s2 processing: a made-to-order equipment line (already ordered from the supplier) and a delivered line.
    const s2 = await saleWith(db, a.customerId, { state: 'processing', dateOrder: day(2) }, [
      { sku: 'BD-SYR-5', qty: 4, madeToOrder: true },
      { sku: 'VB-AMX-100', qty: 3, delivered: 3 },
    ]);
    [L.mtoOrdered = 0, L.delivered = 0] = s2.lineIds;
    // s3 fully delivered and s4 cancelled: their lines are not on order.
    L.closed = (
      await saleWith(db, a.customerId, { state: 'delivery_full', dateOrder: day(3) }, [
        { sku: 'VB-AMX-10', qty: 2 },
      ])
    ).lineIds[0]!;
    L.canceledOrder = (
      await saleWith(db, a.customerId, { state: 'cancel', dateOrder: day(4) }, [{ sku: 'VB-AMX-10', qty: 2 }])
    ).lineIds[0]!;
    // s5 pending: a made-to-order food line (not ordered from the supplier yet).
    L.mtoPending = (
      await saleWith(db, a.customerId, { dateOrder: day(5) }, [
        { sku: 'RC-REN-12', qty: 2, madeToOrder: true },
      ])
    ).lineIds[0]!;
    lineOfB = (await saleWith(db, b.customerId, { dateOrder: day(1) }, [{ sku: 'VB-AMX-10', qty: 3 }]))
      .lineIds[0]!;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('lists the product lines still on order, newest order first, without fee, delivered or closed lines', async () => {
    expect(await ids('')).toEqual({ count: 4, ids: [L.mtoPending, L.mtoOrdered, L.meds, L.food] });
    const res = await get('/products_on_order');
    const first = productsOnOrderListSchema.parse(res.json()).items.find((i) => i.id === L.meds)!;
    expect(first).toMatchObject({
      qty: 5,
      qty_unavailable: 3,
      qty_backorder: 5,
      family: 'meds',
      sku: 'VB-AMX-10',
      made_to_order: false,
      price_unit: 10,
      amount_backorder: 50,
      cancelable: true,
      not_cancelable_reason: null,
    });
    // Customer B sees only its own line.
    expect(await ids('', cookies.b)).toEqual({ count: 1, ids: [lineOfB] });
  });

  it('names each line by the catalogue’s product and pack size in the reader’s language, beside the label it stored', async () => {
    const inDutch = async (url: string) =>
      (
        await app.inject({ method: 'GET', url, headers: { cookie: cookies.a, 'accept-language': 'nl-BE' } })
      ).json();
    const list = productsOnOrderListSchema.parse(await inDutch('/products_on_order'));
    const meds = list.items.find((i) => i.id === L.meds)!;
    // The line stored its checkout label; the page names it from the catalogue, in Dutch.
    expect(meds.name).toBe('Product VB-AMX-10');
    expect(meds).toMatchObject({ product_name: 'Amoxival 500 mg tabletten', variant_name: 'Boîte de 10' });
    expect(productOnOrderSchema.parse(await inDutch(`/products_on_order/${L.meds}`)).product_name).toBe(
      'Amoxival 500 mg tabletten',
    );
    const french = productsOnOrderListSchema.parse((await get('/products_on_order')).json());
    expect(french.items.find((i) => i.id === L.meds)!.product_name).toBe('Amoxival 500 mg comprimés');
  });

  it('filters by restricts[] (the page filter all / backorders plus made-to-order / made-to-order only)', async () => {
    expect((await ids('?restricts[]=made_to_order')).ids).toEqual([L.mtoPending, L.mtoOrdered]);
    expect((await ids('?restricts[]=backorder&restricts[]=made_to_order')).ids).toEqual([
      L.mtoPending,
      L.mtoOrdered,
      L.meds,
    ]);
    expect((await ids('?restricts[]=backorder')).ids).toEqual([L.meds]);
    expect((await ids('?restricts=backorder')).ids).toEqual([L.meds]);
  });

  it('filters by families[] and pages', async () => {
    expect((await ids('?families[]=food')).ids).toEqual([L.mtoPending, L.food]);
    expect((await ids('?families[]=food&families[]=equipment')).ids).toEqual([
      L.mtoPending,
      L.mtoOrdered,
      L.food,
    ]);
    expect((await ids('?families=meds&restricts[]=made_to_order')).ids).toEqual([]);
    expect(await ids('?per_page=3&page=2')).toEqual({ count: 4, ids: [L.food] });
  });

  it('refuses bad list parameters with 400 problem+json', async () => {
    for (const q of ['?restricts[]=everything', '?families[]=toys', '?per_page=0', '?page=x', '?sort=name']) {
      const res = await get(`/products_on_order${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('shows one product line with its backorder quantity and whether it can be cancelled', async () => {
    const meds = productOnOrderSchema.parse((await get(`/products_on_order/${L.meds}`)).json());
    expect(meds).toMatchObject({ id: L.meds, qty_backorder: 5, cancelable: true });
    const mto = productOnOrderSchema.parse((await get(`/products_on_order/${L.mtoOrdered}`)).json());
    expect(mto).toMatchObject({
      made_to_order: true,
      cancelable: false,
      not_cancelable_reason: 'made_to_order_ordered',
    });
    const delivered = productOnOrderSchema.parse((await get(`/products_on_order/${L.delivered}`)).json());
    expect(delivered).toMatchObject({ qty_backorder: 0, not_cancelable_reason: 'nothing_on_order' });
    const closed = productOnOrderSchema.parse((await get(`/products_on_order/${L.closed}`)).json());
    expect(closed).toMatchObject({ qty_backorder: 2, not_cancelable_reason: 'order_closed' });
  });

  it('answers 404 for another customer’s line, a fee line or an unknown id, 400 for a bad id', async () => {
    for (const id of [lineOfB, feeLineId, 2_000_000_000]) {
      const res = await get(`/products_on_order/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
      const post = await cancel(id, { quantity: 1 });
      expect(post.statusCode).toBe(404);
    }
    expect((await get('/products_on_order/abc')).statusCode).toBe(400);
    // B's line is untouched.
    const [row] = await db.select().from(saleLines).where(eq(saleLines.id, lineOfB));
    expect(row!.qtyCanceled).toBe(0);
    // The owner reaches it.
    expect((await get(`/products_on_order/${lineOfB}`, cookies.b)).statusCode).toBe(200);
  });

  it('refuses a quantity outside 1..backorder with 400 backorder_cancel_quantity and max', async () => {
    for (const quantity of [0, -1, 6, 2.5]) {
      const res = await cancel(L.meds, { quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'backorder_cancel_quantity', max: 5 });
    }
    for (const payload of [{}, { quantity: '2' }, { quantity: 1, extra: true }]) {
      const res = await cancel(L.meds, payload);
      expect(res.statusCode).toBe(400);
    }
    const [row] = await db.select().from(saleLines).where(eq(saleLines.id, L.meds));
    expect(row!.qtyCanceled).toBe(0);
  });

  it('refuses lines that cannot be cancelled with 409 backorder_not_cancelable and the reason', async () => {
    const cases: [number, string][] = [
      [L.mtoOrdered, 'made_to_order_ordered'],
      [L.delivered, 'nothing_on_order'],
      [L.closed, 'order_closed'],
      [L.canceledOrder, 'order_closed'],
    ];
    for (const [id, reason] of cases) {
      const res = await cancel(id, { quantity: 1 });
      expect(res.statusCode, reason).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'backorder_not_cancelable', reason });
    }
    // Staff users have no customer.
    expect((await cancel(L.meds, { quantity: 1 }, cookies.staff)).statusCode).toBe(403);
  });

  it('cancels part of a backorder: the line, the record, the list and the order', async () => {
    const res = await cancel(L.meds, { quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const result = backorderCancelResultSchema.parse(res.json());
    expect(result).toMatchObject({
      canceled: 2,
      sale_state: 'pending',
      credit_note: null,
      line: { id: L.meds, qty_canceled: 2, qty_backorder: 3, cancelable: true },
    });
    const records = await db
      .select()
      .from(backorderCancellations)
      .where(eq(backorderCancellations.saleLineId, L.meds));
    expect(records).toMatchObject([{ qty: 2, userId: a.userId, creditNoteId: null }]);
    const after = productOnOrderSchema.parse((await get(`/products_on_order/${L.meds}`)).json());
    expect(after.qty_backorder).toBe(3);
    // The order detail shows the cancelled quantity.
    const sale = saleDetailSchema.parse((await get(`/sales/${result.line.sale.id}`)).json());
    expect(sale.lines.find((l) => l.id === L.meds)).toMatchObject({ qty_canceled: 2 });
    // The rest of the backorder is now the maximum.
    const over = await cancel(L.meds, { quantity: 4 });
    expect(over.json()).toMatchObject({ code: 'backorder_cancel_quantity', max: 3 });
  });

  it('moves the order to delivery_full when the rest is delivered, and to cancel when everything is cancelled', async () => {
    const partial = await saleWith(db, a.customerId, { state: 'delivery_partial', dateOrder: day(6) }, [
      { sku: 'VB-AMX-10', qty: 3, delivered: 1 },
    ]);
    const res = await cancel(partial.lineIds[0]!, { quantity: 2 });
    expect(res.json()).toMatchObject({ sale_state: 'delivery_full', line: { qty_backorder: 0 } });
    const [s] = await db.select().from(sales).where(eq(sales.id, partial.id));
    expect(s!.state).toBe('delivery_full');
    expect((await ids('')).ids).not.toContain(partial.lineIds[0]);

    const whole = await saleWith(db, a.customerId, { dateOrder: day(7), feeCents: 1050 }, [
      { sku: 'VB-AMX-10', qty: 2 },
      { sku: 'RC-REN-2', qty: 1 },
    ]);
    expect((await cancel(whole.lineIds[0]!, { quantity: 2 })).json()).toMatchObject({
      sale_state: 'pending',
    });
    expect((await cancel(whole.lineIds[1]!, { quantity: 1 })).json()).toMatchObject({ sale_state: 'cancel' });
    const [w] = await db.select().from(sales).where(eq(sales.id, whole.id));
    expect(w!.state).toBe('cancel');
  });

  it('never cancels more than the backorder when two cancellations run at once', async () => {
    const sale = await saleWith(db, a.customerId, { dateOrder: day(8) }, [
      { sku: 'VB-AMX-10', qty: 4 },
      { sku: 'RC-REN-2', qty: 1 },
    ]);
    const id = sale.lineIds[0]!;
    const results = await Promise.all([cancel(id, { quantity: 3 }), cancel(id, { quantity: 3 })]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toMatchObject({
      code: 'backorder_cancel_quantity',
      max: 1,
    });
    // Both the whole rest at once: one succeeds, the other finds nothing left on order.
    const both = await Promise.all([cancel(id, { quantity: 1 }), cancel(id, { quantity: 1 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ reason: 'nothing_on_order' });
    const [row] = await db.select().from(saleLines).where(eq(saleLines.id, id));
    expect(row!.qtyCanceled).toBe(4);
    const records = await db
      .select()
      .from(backorderCancellations)
      .where(eq(backorderCancellations.saleLineId, id));
    expect(records.reduce((s, r) => s + r.qty, 0)).toBe(4);
  });

  it('issues a credit note for the cancelled units that had been invoiced', async () => {
    const sale = await saleWith(db, a.customerId, { state: 'delivery_partial', dateOrder: day(9) }, [
      { sku: 'VB-AMX-10', qty: 4, delivered: 1 },
    ]);
    const id = sale.lineIds[0]!;
    // An advance invoice of 3 units (1 delivered + 2 still on order), 10 EUR each, 6 % VAT.
    await db.insert(invoices).values({
      name: `INV/ADV/${id}`,
      type: 'invoice',
      saleId: sale.id,
      customerId: a.customerId,
      date: '2026-01-09',
      amountUntaxedCents: 3000,
      amountTaxCents: 180,
      amountTotalCents: 3180,
      lines: { [String(id)]: 3 },
    });
    const res = await cancel(id, { quantity: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const result = backorderCancelResultSchema.parse(res.json());
    // Of the 3 cancelled units, the 2 invoiced beyond the delivered one are credited: 20 EUR + 6 %.
    expect(result.credit_note).toMatchObject({ qty: 2, amount_total: 21.2 });
    expect(result.credit_note!.name).toMatch(/^CN\/\d{4}\/\d{6}$/);
    expect(result.sale_state).toBe('delivery_full');
    const [note] = await db.select().from(invoices).where(eq(invoices.id, result.credit_note!.id));
    expect(note).toMatchObject({
      type: 'credit_note',
      saleId: sale.id,
      customerId: a.customerId,
      amountUntaxedCents: 2000,
      amountTaxCents: 120,
      lines: { [String(id)]: 2 },
    });
    const [record] = await db
      .select()
      .from(backorderCancellations)
      .where(eq(backorderCancellations.saleLineId, id));
    expect(record!.creditNoteId).toBe(result.credit_note!.id);
    // The order detail and the documents list show it.
    const detail = saleDetailSchema.parse((await get(`/sales/${sale.id}`)).json());
    expect(detail.invoices.map((i) => i.type)).toEqual(['invoice', 'credit_note']);
    const docs = documentListSchema.parse((await get('/documents?type=credit_note&per_page=50')).json());
    expect(docs.items.map((d) => d.name)).toContain(result.credit_note!.name);
  });

  it('does not credit uninvoiced units when only delivered units were invoiced', async () => {
    const sale = await saleWith(db, a.customerId, { state: 'delivery_partial', dateOrder: day(10) }, [
      { sku: 'VB-AMX-10', qty: 4, delivered: 2 },
    ]);
    const invoice = await app.inject({
      method: 'POST',
      url: `/staff/sales/${sale.id}/invoices`,
      headers: { cookie: cookies.staff },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const res = await cancel(sale.lineIds[0]!, { quantity: 1 });
    expect(res.json()).toMatchObject({ credit_note: null, canceled: 1, sale_state: 'delivery_partial' });
  });
});
