/**
 * Sale statistics (docs/product/customer-area.md#sale-statistics-calls, docs/product/customer-area.md#statistics, docs/product/constants.md#filters dashboard most-ordered
 * filter; docs/decisions/sale-statistics.md): figures checked against orders built for the test
 * with known totals — a year boundary in Brussels time (31 Dec 23:30 and 1 Jan 00:30, the latter
 * still 31 Dec in UTC), canceled quantities, a cancelled order, a handling fee, a credit note (and a
 * backorder-cancellation credit note that must not count twice), another customer's orders never
 * counted, and bad input → 400 problem+json.
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  businessDate,
  fiveYearsSchema,
  monthlyOrderedSchema,
  saleDetailSchema,
  topOrderedSchema,
} from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { backorderCancellations, invoices, saleLines, users } from '../src/db/schema.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import { buildPurchaseHistory, seedDemoHistory } from '../src/seed/history.ts';
import { DEMO_STANDARD_ORDER_LINES, seedDemoStandardOrder } from '../src/seed/standard-order.ts';
import { addPicking, createCreditNote, createInvoice } from '../src/modules/sales/service.ts';
import { lineAmountFor, vatOf } from '../src/modules/sales/sale-totals.ts';
import { createCustomer, signIn, type FixtureCustomer } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { insertSale } from './sales-fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();
const silentMailer: Mailer = { send: async () => {} };

/** The current Brussels year (five_years and the key figures are relative to it). */
const Y = Number(businessDate().slice(0, 4));
const TODAY = businessDate();

describe.each(targets)('sale statistics on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let a: FixtureCustomer;
  let b: FixtureCustomer;
  const cookies = { a: '', b: '' };
  let lastSaleName = '';

  const get = (url: string, cookie = cookies.a) => app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_statistics_test'));
    await insertFixture(database.db);
    // The demo history's orders name the association's van.
    await seedCarriers(database.db);
    app = await buildApp({ db: database, mailer: silentMailer });
    await app.ready();
    const db = database.db;
    a = await createCustomer(db);
    b = await createCustomer(db);
    // The fixture catalogue prices the default list only.
    await db.update(users).set({ priceList: 'default' }).where(eq(users.id, a.userId));
    cookies.a = await signIn(app, a.login);
    cookies.b = await signIn(app, b.login);

    // 31 Dec 2024 23:30 in Brussels (22:30 UTC): December 2024, meds 20.00.
    await insertSale(db, a.customerId, {
      dateOrder: new Date('2024-12-31T22:30:00Z'),
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline', qty: 2, priceUnitCents: 1000 }],
    });
    // 1 Jan 2025 00:30 in Brussels (still 31 Dec 2024 in UTC): January 2025, food 50.00; the
    // handling fee is not a purchase.
    await insertSale(db, a.customerId, {
      dateOrder: new Date('2024-12-31T23:30:00Z'),
      feeCents: 1050,
      lines: [{ sku: 'RC-REN-2', name: 'Renal', qty: 1, priceUnitCents: 5000 }],
    });
    // March 2025: equipment 15.00; meds 3 × 20.00 with 1 canceled → 40.00.
    const march = await insertSale(db, a.customerId, {
      dateOrder: new Date('2025-03-15T10:00:00Z'),
      lines: [
        { sku: 'BD-SYR-5', name: 'Syringes', qty: 10, priceUnitCents: 150 },
        { sku: 'ZO-CLV-50', name: 'Clavaseptin', qty: 3, priceUnitCents: 2000 },
      ],
    });
    const [syringes, clavaseptin] = march.lineIds as [number, number];
    await db.update(saleLines).set({ qtyCanceled: 1 }).where(eq(saleLines.id, clavaseptin));
    // A cancelled order counts for nothing.
    await insertSale(db, a.customerId, {
      state: 'cancel',
      dateOrder: new Date('2025-03-20T10:00:00Z'),
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline', qty: 5, priceUnitCents: 2000 }],
    });
    // Delivered, invoiced, then one Clavaseptin credited on 2 April 2025: meds −20.00 in April.
    await addPicking(db, march.id, { lines: { [syringes]: 10, [clavaseptin]: 2 } });
    const invoice = await createInvoice(db, march.id);
    const credit = await createCreditNote(db, invoice.id, { [clavaseptin]: 1 });
    await db.update(invoices).set({ date: '2025-04-02' }).where(eq(invoices.id, credit.id));
    // A credit note issued by a backorder cancellation is already in the canceled quantity: skipped.
    const backorderCredit = await createCreditNote(db, invoice.id, { [syringes]: 2 });
    await db.update(invoices).set({ date: '2025-04-03' }).where(eq(invoices.id, backorderCredit.id));
    await db
      .insert(backorderCancellations)
      .values({ saleLineId: syringes, qty: 2, creditNoteId: backorderCredit.id });
    // This year: 5 January meds 12.34, and today food 8.00 (the last order).
    await insertSale(db, a.customerId, {
      dateOrder: new Date(`${Y}-01-05T10:00:00Z`),
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline', qty: 1, priceUnitCents: 1234 }],
    });
    const last = await insertSale(db, a.customerId, {
      dateOrder: new Date(),
      lines: [{ sku: 'RC-REN-2', name: 'Renal', qty: 1, priceUnitCents: 800 }],
    });
    lastSaleName = last.name;
    // Customer B: large orders in the same months, and a product A never ordered.
    for (const when of ['2024-12-31T23:30:00Z', '2025-03-10T10:00:00Z', `${Y}-01-05T10:00:00Z`])
      await insertSale(db, b.customerId, {
        dateOrder: new Date(when),
        lines: [
          { sku: 'VB-PRZ-1', name: 'Praziquantel', qty: 1, priceUnitCents: 99_900 },
          { sku: 'RC-STE-4', name: 'Sterilised', qty: 50, priceUnitCents: 3000 },
        ],
      });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('monthly_ordered/2024: 31 December 23:30 Brussels is December; 00:30 on 1 January is not', async () => {
    const res = await get('/sale_statistics/monthly_ordered/2024');
    expect(res.statusCode, res.body).toBe(200);
    const body = monthlyOrderedSchema.parse(res.json());
    expect(body.year).toBe(2024);
    expect(body.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`),
    );
    expect(body.months[11]).toEqual({ month: '2024-12', meds: 20, food: 0, equipment: 0, total: 20 });
    expect(body.months.slice(0, 11).every((m) => m.total === 0)).toBe(true);
    expect(body.totals).toEqual({ meds: 20, food: 0, equipment: 0, total: 20 });
  });

  it('monthly_ordered/2025: canceled quantities, cancelled orders and fees left out, credit note subtracted in its month', async () => {
    const body = monthlyOrderedSchema.parse((await get('/sale_statistics/monthly_ordered/2025')).json());
    expect(body.months[0]).toEqual({ month: '2025-01', meds: 0, food: 50, equipment: 0, total: 50 });
    expect(body.months[1]!.total).toBe(0);
    expect(body.months[2]).toEqual({ month: '2025-03', meds: 40, food: 0, equipment: 15, total: 55 });
    expect(body.months[3]).toEqual({ month: '2025-04', meds: -20, food: 0, equipment: 0, total: -20 });
    expect(body.totals).toEqual({ meds: 20, food: 50, equipment: 15, total: 85 });
  });

  it("another customer's orders never count", async () => {
    const body = monthlyOrderedSchema.parse(
      (await get('/sale_statistics/monthly_ordered/2025', cookies.b)).json(),
    );
    // B: 1 Jan 2025 00:30 Brussels and 10 March 2025, each 999.00 meds + 1,500.00 food.
    expect(body.totals).toEqual({ meds: 1998, food: 3000, equipment: 0, total: 4998 });
    const top = topOrderedSchema.parse((await get('/sale_statistics/top_ordered', cookies.b)).json());
    expect(top.items.map((i) => i.sku).sort()).toEqual(['RC-STE-4', 'VB-PRZ-1']);
  });

  it('five_years: five years oldest first, each equal to its monthly totals, and the key figures', async () => {
    const res = await get('/sale_statistics/five_years');
    expect(res.statusCode, res.body).toBe(200);
    const body = fiveYearsSchema.parse(res.json());
    expect(body.years.map((y) => y.year)).toEqual([Y - 4, Y - 3, Y - 2, Y - 1, Y]);
    for (const y of body.years) {
      const monthly = monthlyOrderedSchema.parse(
        (await get(`/sale_statistics/monthly_ordered/${y.year}`)).json(),
      );
      expect({ meds: y.meds, food: y.food, equipment: y.equipment, total: y.total }).toEqual(monthly.totals);
    }
    expect(Y).toBeGreaterThan(2025); // the fixed 2024-2025 orders are then in earlier years
    const thisYear = body.years[4]!;
    expect(thisYear).toEqual({ year: Y, meds: 12.34, food: 8, equipment: 0, total: 20.34, orders: 2 });
    const y2025 = body.years.find((y) => y.year === 2025);
    if (y2025) expect(y2025).toMatchObject({ total: 85, orders: 2 }); // 1 January 00:30 and March
    const k = body.key_figures;
    const months = Number(TODAY.slice(5, 7));
    expect(k).toMatchObject({
      year: Y,
      this_year_total: 20.34,
      last_year_total: body.years[3]!.total,
      months_elapsed: months,
      orders_this_year: 2,
    });
    expect(k.average_per_month).toBeCloseTo(Math.round(2034 / months) / 100, 2);
    expect(k.last_order?.name).toBe(lastSaleName);
    expect(k.last_order?.amount_untaxed).toBe(8);
  });

  it('top_ordered: ranked by orders then units; last-ordered date, family and count; price for the list', async () => {
    const res = await get('/sale_statistics/top_ordered?lang=fr');
    expect(res.statusCode, res.body).toBe(200);
    const body = topOrderedSchema.parse(res.json());
    expect(body.count).toBe(4);
    expect(body.items.map((i) => i.sku)).toEqual(['VB-AMX-10', 'RC-REN-2', 'BD-SYR-5', 'ZO-CLV-50']);
    const amx = body.items[0]!;
    // The cancelled order with 5 units does not count: 2 orders, 2 + 1 units.
    expect(amx.last_ordered).toEqual({ date: `${Y}-01-05`, family: 'meds', count: 2 });
    expect(amx.qty_ordered).toBe(3);
    expect(amx.family).toBe('meds');
    expect(amx.url_key.length).toBeGreaterThan(0);
    expect(amx.price).toMatchObject({ value: 9, original_value: 10 });
    expect(amx.has_discount).toBe(true);
    expect(body.items[1]!.last_ordered).toEqual({ date: TODAY, family: 'food', count: 2 });
    expect(body.items[3]!.qty_ordered).toBe(2); // 3 ordered, 1 canceled
  });

  it('top_ordered filters: families (repeatable), promotions, pages', async () => {
    const skus = async (qs: string) =>
      topOrderedSchema
        .parse((await get(`/sale_statistics/top_ordered?${qs}`)).json())
        .items.map((i) => i.sku);
    expect(await skus('product_families[]=meds')).toEqual(['VB-AMX-10', 'ZO-CLV-50']);
    expect(await skus('product_families[]=food')).toEqual(['RC-REN-2']);
    expect(await skus('product_families=equipment')).toEqual(['BD-SYR-5']);
    expect(await skus('product_families[]=food&product_families[]=equipment')).toEqual([
      'RC-REN-2',
      'BD-SYR-5',
    ]);
    expect(await skus('supplier_discount_only=true')).toEqual(['VB-AMX-10', 'RC-REN-2']);
    expect(await skus('supplier_discount_only=false')).toHaveLength(4);
    const page2 = topOrderedSchema.parse(
      (await get('/sale_statistics/top_ordered?per_page=3&page=2')).json(),
    );
    expect(page2).toMatchObject({ count: 4, page: 2, per_page: 3 });
    expect(page2.items.map((i) => i.sku)).toEqual(['ZO-CLV-50']);
    const beyond = topOrderedSchema.parse((await get('/sale_statistics/top_ordered?page=9')).json());
    expect(beyond).toMatchObject({ count: 4, items: [] });
  });

  it('seed/history.ts: the same seed gives the same history; its figures add up', async () => {
    const db = database.db;
    const c = await createCustomer(db);
    const d = await createCustomer(db);
    const opts = { seed: 7, lines: 300, years: 2, today: '2025-06-30' };
    expect(await buildPurchaseHistory(db, c.customerId, opts)).toMatchObject({ lines: 300 });
    await buildPurchaseHistory(db, d.customerId, opts);
    const rowsOf = async (customerId: number) =>
      (
        await db.execute<{
          d: string;
          sku: string;
          qty: number;
          canceled: number;
          amount: number;
          state: string;
        }>(sql`
          SELECT to_char(s.date_order AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS d, v.sku, sl.qty,
                 sl.qty_canceled AS canceled, sl.amount_cents AS amount, s.state
          FROM sales s JOIN sale_lines sl ON sl.sale_id = s.id JOIN product_variants v ON v.id = sl.variant_id
          WHERE s.customer_id = ${customerId} ORDER BY s.date_order, sl.id`)
      ).rows;
    const rowsC = await rowsOf(c.customerId);
    expect(rowsC).toHaveLength(300);
    expect(await rowsOf(d.customerId)).toEqual(rowsC);
    // The statistics of the generated history equal a plain sum of its rows (credit notes aside).
    const cookie = await signIn(app, c.login);
    let stats = 0;
    for (const year of [2023, 2024, 2025]) {
      const res = await get(`/sale_statistics/monthly_ordered/${year}`, cookie);
      stats += Math.round(monthlyOrderedSchema.parse(res.json()).totals.total * 100);
    }
    const ordered = rowsC
      .filter((r) => r.state !== 'cancel')
      .reduce((sum, r) => sum + Math.round((r.amount * (r.qty - r.canceled)) / r.qty), 0);
    const credited = await db.execute<{ cents: number }>(sql`
      SELECT coalesce(sum(amount_untaxed_cents), 0)::int AS cents FROM invoices
      WHERE customer_id = ${c.customerId} AND type = 'credit_note'`);
    expect(stats).toBe(ordered - Number(credited.rows[0]!.cents));
  });

  it('seed/history.ts: the demo history is seeded once, without cancelled orders, then its standard order', async () => {
    const demo = await createCustomer(database.db, { login: `demo-history-${Date.now()}@example.test` });
    const first = await seedDemoHistory(database.db, demo.login);
    expect(first).toMatchObject({ lines: 800 });
    expect(await seedDemoHistory(database.db, demo.login)).toBeNull();
    // The customer and its user exist from before the first order of their history.
    const since = (
      await database.db.execute<{ customer: boolean; user: boolean }>(sql`
        SELECT c.created_at < min(s.date_order) AS customer, bool_and(u.created_at < s.date_order) AS user
        FROM customers c JOIN sales s ON s.customer_id = c.id JOIN users u ON u.customer_id = c.id
        WHERE c.id = ${demo.customerId} GROUP BY c.created_at`)
    ).rows[0]!;
    expect(since).toEqual({ customer: true, user: true });
    expect(await seedDemoHistory(database.db, 'nobody@example.test')).toBeNull();
    const cookie = await signIn(app, demo.login);
    const five = fiveYearsSchema.parse((await get('/sale_statistics/five_years', cookie)).json());
    expect(five.years.reduce((n, y) => n + y.orders, 0)).toBe(first!.sales);
    // Every order reads as a handled one: addresses, carrier, its delivery and its invoice.
    const sale = (
      await database.db.execute<{ id: number }>(sql`
        SELECT id FROM sales WHERE customer_id = ${demo.customerId} ORDER BY date_order DESC LIMIT 1`)
    ).rows[0]!;
    const res = await get(`/sales/${sale.id}?lang=nl`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const detail = saleDetailSchema.parse(res.json());
    expect(detail.state).toBe('delivery_full');
    expect(detail.invoicing_address?.street).toBeTruthy();
    expect(detail.delivery_address?.street).toBeTruthy();
    expect(detail.carrier?.name).toBeTruthy();
    expect(detail.pickings.map((p) => p.state)).toEqual(['delivered']);
    // Its delivery names the order's carrier in the reader's language, as the order does.
    expect(detail.carrier?.name).toBe('VetShop-levering (bestelwagen)');
    expect(detail.pickings.map((p) => p.carrier)).toEqual([detail.carrier?.name]);
    const invoices = detail.invoices.filter((i) => i.type === 'invoice');
    expect(invoices).toHaveLength(1);
    // The delivered units and the fee: the order's total less its canceled units.
    expect(invoices[0]!.amount_total).toBeGreaterThan(0);
    expect(invoices[0]!.amount_total).toBeLessThanOrEqual(detail.total);
    // Every credit note credits its order's invoice, on or after the invoice's date.
    const credits = await database.db.execute<{ ok: boolean }>(sql`
      SELECT (i.id IS NOT NULL AND i.sale_id = c.sale_id AND c.date >= i.date) AS ok
      FROM invoices c LEFT JOIN invoices i ON i.id = c.credited_invoice_id
      WHERE c.customer_id = ${demo.customerId} AND c.type = 'credit_note'`);
    expect(credits.rows.length).toBe(first!.creditNotes);
    expect(credits.rows.every((r) => r.ok)).toBe(true);

    // Every order's VAT is its lines' VAT per rate, as a placed order's: the order page's totals and
    // the order lists (its stored amount) show the same total incl. VAT (docs/decisions/order-totals.md).
    const saleIds = (
      await database.db.execute<{ id: number }>(sql`
        SELECT id FROM sales WHERE customer_id = ${demo.customerId} ORDER BY id`)
    ).rows.map((r) => Number(r.id));
    expect(saleIds.length).toBe(first!.sales);
    const differing: string[] = [];
    for (const id of saleIds) {
      const order = saleDetailSchema.parse((await get(`/sales/${id}`, cookie)).json());
      if (order.total_vat !== order.totals.tax || order.total !== order.totals.total)
        differing.push(
          `${order.name}: ${order.total_vat}/${order.total} ≠ ${order.totals.tax}/${order.totals.total}`,
        );
    }
    expect(differing).toEqual([]);
    // And every invoice's VAT is that of its billed quantities, per rate.
    const lines = new Map(
      (
        await database.db.execute<{ id: number; qty: number; amount_cents: number; tax_rate_bp: number }>(sql`
          SELECT l.id, l.qty, l.amount_cents, l.tax_rate_bp FROM sale_lines l JOIN sales s ON s.id = l.sale_id
          WHERE s.customer_id = ${demo.customerId}`)
      ).rows.map((l) => [String(l.id), l]),
    );
    const billed = (
      await database.db.execute<{ name: string; tax: number; lines: Record<string, number> }>(sql`
        SELECT name, amount_tax_cents AS tax, lines FROM invoices
        WHERE customer_id = ${demo.customerId} AND type = 'invoice'`)
    ).rows;
    expect(billed.length).toBeGreaterThan(0);
    for (const invoice of billed) {
      const parts = Object.entries(invoice.lines).map(([lineId, qty]) => {
        const line = lines.get(lineId)!;
        const amountCents = lineAmountFor(
          { amountCents: Number(line.amount_cents), qty: Number(line.qty) },
          qty,
        );
        return { amountCents, taxRateBp: Number(line.tax_rate_bp) };
      });
      expect(Number(invoice.tax), invoice.name).toBe(vatOf(parts));
    }

    // Its standard order (seed/standard-order.ts): once, its products ordered in the most orders,
    // each at the quantity it usually orders, named in the account's language.
    const seeded = await seedDemoStandardOrder(database.db, demo.login);
    expect(seeded?.lines).toBe(DEMO_STANDARD_ORDER_LINES);
    expect(await seedDemoStandardOrder(database.db, demo.login)).toBeNull();
    const lists = (await get('/wishlists', cookie)).json() as { items: { id: number; name: string }[] };
    expect(lists.items).toEqual([
      expect.objectContaining({ id: seeded!.id, name: 'Commande mensuelle', lines_count: 6 }),
    ]);
    const list = (await get(`/wishlists/${seeded!.id}`, cookie)).json() as {
      lines: { product_id: number; quantity: number }[];
    };
    // The dashboard's six most ordered products, in its order, each at its units over its orders.
    const top = topOrderedSchema.parse(
      (
        await get(`/sale_statistics/top_ordered?lang=fr&per_page=${DEMO_STANDARD_ORDER_LINES}`, cookie)
      ).json(),
    );
    expect(list.lines.map((l) => [l.product_id, l.quantity])).toEqual(
      top.items.map((i) => [i.product_id, Math.max(1, Math.round(i.qty_ordered / i.last_ordered.count))]),
    );
  });

  it.each([
    '/sale_statistics/monthly_ordered/abc',
    '/sale_statistics/monthly_ordered/1999',
    '/sale_statistics/monthly_ordered/20250',
    '/sale_statistics/monthly_ordered/2025.5',
    '/sale_statistics/top_ordered?per_page=0',
    '/sale_statistics/top_ordered?per_page=101',
    '/sale_statistics/top_ordered?page=-1',
    '/sale_statistics/top_ordered?product_families[]=toys',
    '/sale_statistics/top_ordered?supplier_discount_only=maybe',
    '/sale_statistics/top_ordered?lang=de',
    '/sale_statistics/top_ordered?sort=name',
    '/sale_statistics/five_years?x=1',
  ])('bad input %s → 400 problem+json', async (url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json<{ status: number; code: string }>();
    expect(body.status).toBe(400);
    expect(typeof body.code).toBe('string');
    expect(res.body).not.toContain('    at ');
  });
});
