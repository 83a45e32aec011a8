/**
 * Orders and their documents (docs/product/orders-and-documents.md#sales-calls Sales and documents, docs/product/orders-and-documents.md#order-states, docs/product/constants.md#display page size):
 * lists and pagination, sale-channel filter, another customer's ids → 404, staff state moves,
 * pickings (delivery_partial then delivery_full, qty_delivered seen by the customer), invoice
 * numbering (also concurrent), credit notes, PDFs (real text checked, read by test/pdf-text.ts)
 * and the price-list CSV (formula injection neutralised).
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { documentListSchema, ordersListSchema, saleDetailSchema, salesListSchema } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { invoices, pickings, productTranslations, productVariants, users } from '../src/db/schema.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { createCustomer, createStaff, signIn, type FixtureCustomer } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { insertSale, type FixtureSale } from './sales-fixtures.ts';
import { normSpaces, pdfText } from './pdf-text.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

const silentMailer: Mailer = { send: async () => {} };

describe.each(targets)('sales on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let a: FixtureCustomer;
  let b: FixtureCustomer;
  const cookies = { a: '', b: '', staff: '' };
  let saleA1: FixtureSale;
  let saleA2: FixtureSale;
  let saleB: FixtureSale;

  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_sales_test'));
    await insertFixture(database.db);
    app = await buildApp({ db: database, mailer: silentMailer });
    await app.ready();
    const db = database.db;
    a = await createCustomer(db);
    b = await createCustomer(db);
    const staff = await createStaff(db);
    cookies.a = await signIn(app, a.login);
    cookies.b = await signIn(app, b.login);
    cookies.staff = await signIn(app, staff.login);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 10));
    // Customer A: 12 orders, one each day, channels alternating web / phone; the last two are used below.
    for (let i = 1; i <= 10; i++)
      await insertSale(db, a.customerId, {
        channel: i % 2 === 0 ? 'phone' : 'web',
        dateOrder: day(i),
        lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline 10', qty: 1, priceUnitCents: 1000 }],
      });
    saleA1 = await insertSale(db, a.customerId, {
      channel: 'fax',
      dateOrder: day(11),
      clientOrderRef: 'PO-77',
      suiteName: 'Suite 3',
      feeCents: 1050,
      lines: [
        { sku: 'VB-AMX-10', name: 'Amoxicilline 10 mg', qty: 4, priceUnitCents: 1250, discountBp: 1000 },
        { sku: 'ZO-CLV-50', name: 'Clavaseptin 50', qty: 2, priceUnitCents: 3333, taxRateBp: 2100 },
      ],
    });
    saleA2 = await insertSale(db, a.customerId, {
      dateOrder: day(12),
      lines: [{ sku: 'ZO-CLV-50', name: 'Clavaseptin 50', qty: 3, priceUnitCents: 2000 }],
    });
    saleB = await insertSale(db, b.customerId, {
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline 10 mg', qty: 1, priceUnitCents: 900 }],
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('GET /sales: count and a page of 10 by default, newest first, with progress', async () => {
    const res = await get('/sales', cookies.a);
    expect(res.statusCode, res.body).toBe(200);
    const body = salesListSchema.parse(res.json());
    expect(body.count).toBe(12);
    expect(body.items).toHaveLength(10);
    expect(body.items[0]!.name).toBe(saleA2.name);
    expect(body.items[1]).toMatchObject({
      name: saleA1.name,
      sale_channel: 'fax',
      state: 'pending',
      progress: 30,
      client_order_ref: 'PO-77',
      suite_name: 'Suite 3',
    });
    const page2 = salesListSchema.parse((await get('/sales?page=2&page_size=5', cookies.a)).json());
    expect(page2.count).toBe(12);
    expect(page2.items.map((s) => s.date_order.slice(0, 10))).toEqual([
      '2026-01-07',
      '2026-01-06',
      '2026-01-05',
      '2026-01-04',
      '2026-01-03',
    ]);
    // B sees only its own order.
    const other = salesListSchema.parse((await get('/sales', cookies.b)).json());
    expect(other.items.map((s) => s.id)).toEqual([saleB.id]);
  });

  it('GET /orders filters by sale channel and answers size/data', async () => {
    const phone = ordersListSchema.parse((await get('/orders?sale_channel=phone', cookies.a)).json());
    expect(phone.size).toBe(5);
    expect(phone.data.every((s) => s.sale_channel === 'phone')).toBe(true);
    const fax = ordersListSchema.parse((await get('/orders?sale_channel=fax', cookies.a)).json());
    expect(fax.data.map((s) => s.id)).toEqual([saleA1.id]);
    const all = ordersListSchema.parse((await get('/orders?sale_channel=all&page_size=3', cookies.a)).json());
    expect(all.size).toBe(12);
    expect(all.data).toHaveLength(3);
    expect((await get('/orders?sale_channel=carrier-pigeon', cookies.a)).statusCode).toBe(400);
    expect((await get('/sales?page=0', cookies.a)).statusCode).toBe(400);
  });

  it("GET /sales/:id: the order's figures; another customer's order is 404", async () => {
    const res = await get(`/sales/${saleA1.id}`, cookies.a);
    expect(res.statusCode, res.body).toBe(200);
    const detail = saleDetailSchema.parse(res.json());
    // 4 × 12.50 − 10 % = 45.00 at 6 %; 2 × 33.33 = 66.66 at 21 %; fee 10.50 at 21 %.
    expect(detail.subtotal).toBe(111.66);
    expect(detail.shipping_cost).toBe(10.5);
    expect(detail.total_vat).toBe(18.91);
    expect(detail.total).toBe(141.07);
    expect(detail.vat_number).toBe('BE0123456749');
    expect(detail.depot_number).toBe('DEP-42');
    expect(detail.suite_number).toBe('Suite 3');
    expect(detail.lines.filter((l) => !l.is_delivery).map((l) => [l.sku, l.discount.rate, l.amount])).toEqual(
      [
        ['VB-AMX-10', 10, 45],
        ['ZO-CLV-50', 0, 66.66],
      ],
    );
    expect(detail.lines.at(-1)).toMatchObject({ is_delivery: true, amount: 10.5 });
    const foreign = await get(`/sales/${saleB.id}`, cookies.a);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
    expect((await get('/sales/abc', cookies.a)).statusCode).toBe(400);
  });

  it('staff state moves: pending → processing → cancel allowed, back to pending refused', async () => {
    const s = await insertSale(database.db, a.customerId, {
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline', qty: 1, priceUnitCents: 500 }],
    });
    const toProcessing = await post(`/staff/sales/${s.id}/state`, cookies.staff, { state: 'processing' });
    expect(toProcessing.statusCode, toProcessing.body).toBe(200);
    expect(toProcessing.json()).toMatchObject({ state: 'processing', progress: 50 });
    const back = await post(`/staff/sales/${s.id}/state`, cookies.staff, { state: 'pending' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'invalid_state_transition' });
    const delivered = await post(`/staff/sales/${s.id}/state`, cookies.staff, { state: 'delivery_full' });
    expect(delivered.statusCode).toBe(409);
    expect((await post(`/staff/sales/${s.id}/state`, cookies.staff, { state: 'cancel' })).statusCode).toBe(
      200,
    );
    const seen = saleDetailSchema.parse((await get(`/sales/${s.id}`, cookies.a)).json());
    expect([seen.state, seen.progress]).toEqual(['cancel', 0]);
    expect((await post(`/staff/sales/${s.id}/state`, cookies.a, { state: 'cancel' })).statusCode).toBe(403);
    expect((await post('/staff/sales/999999/state', cookies.staff, { state: 'cancel' })).statusCode).toBe(
      404,
    );
  });

  it('pickings: delivery_partial then delivery_full, never beyond the ordered quantity', async () => {
    const [l1, l2] = saleA1.lineIds as [number, number];
    const first = await post(`/staff/sales/${saleA1.id}/pickings`, cookies.staff, {
      tracking_ref: 'TRK-1',
      lines: { [l1]: 3 },
    });
    expect(first.statusCode, first.body).toBe(201);
    let seen = saleDetailSchema.parse((await get(`/sales/${saleA1.id}`, cookies.a)).json());
    expect([seen.state, seen.progress]).toEqual(['delivery_partial', 70]);
    expect(seen.lines.find((l) => l.id === l1)!.qty_delivered).toBe(3);
    expect(seen.pickings).toEqual([
      expect.objectContaining({ tracking_ref: 'TRK-1', carrier: 'Transporteur' }),
    ]);

    const tooMany = await post(`/staff/sales/${saleA1.id}/pickings`, cookies.staff, { lines: { [l1]: 2 } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'qty_exceeds_remaining' });
    const foreignLine = await post(`/staff/sales/${saleA1.id}/pickings`, cookies.staff, {
      lines: { [saleB.lineIds[0]!]: 1 },
    });
    expect(foreignLine.json()).toMatchObject({ code: 'unknown_line' });

    const last = await post(`/staff/sales/${saleA1.id}/pickings`, cookies.staff, {
      lines: { [l1]: 1, [l2]: 2 },
    });
    expect(last.statusCode, last.body).toBe(201);
    seen = saleDetailSchema.parse((await get(`/sales/${saleA1.id}`, cookies.a)).json());
    expect([seen.state, seen.progress]).toEqual(['delivery_full', 100]);
    expect(seen.lines.filter((l) => !l.is_delivery).map((l) => l.qty_delivered)).toEqual([4, 2]);
    expect(seen.pickings).toHaveLength(2);
    const again = await post(`/staff/sales/${saleA1.id}/pickings`, cookies.staff, { lines: { [l1]: 1 } });
    expect(again.json()).toMatchObject({ code: 'invalid_state' });
  });

  it('invoices bill delivered quantities once, numbered INV/<year>/n in sequence even when concurrent', async () => {
    const res = await post(`/staff/sales/${saleA1.id}/invoices`, cookies.staff);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json() as { id: number; name: string; amount_total: number };
    expect(invoice.name).toMatch(/^INV\/\d{4}\/\d{6}$/);
    // Everything delivered plus the fee; VAT per rate (packages/domain totals.ts): 2.70 + 16.20.
    expect(invoice.amount_total).toBe(141.06);
    const none = await post(`/staff/sales/${saleA1.id}/invoices`, cookies.staff);
    expect(none.json()).toMatchObject({ code: 'nothing_to_invoice' });

    // Two orders delivered, invoiced at the same time: consecutive numbers, no duplicate.
    const pair = [];
    for (let i = 0; i < 3; i++) {
      const s = await insertSale(database.db, a.customerId, {
        lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline', qty: 2, priceUnitCents: 700 }],
      });
      await post(`/staff/sales/${s.id}/pickings`, cookies.staff, { lines: { [s.lineIds[0]!]: 1 } });
      pair.push(s);
    }
    const results = await Promise.all(pair.map((s) => post(`/staff/sales/${s.id}/invoices`, cookies.staff)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const numbers = results
      .map((r) => Number((r.json() as { name: string }).name.slice(-6)))
      .sort((x, y) => x - y);
    const base = Number(invoice.name.slice(-6));
    expect(numbers).toEqual([base + 1, base + 2, base + 3]);
    // Half delivered: 1 × 7.00 + 6 % VAT.
    expect((results[0]!.json() as { amount_total: number }).amount_total).toBe(7.42);

    const seen = saleDetailSchema.parse((await get(`/sales/${saleA1.id}`, cookies.a)).json());
    expect(seen.invoices).toEqual([expect.objectContaining({ name: invoice.name, type: 'invoice' })]);
  });

  it('credit notes credit at most what the invoice billed', async () => {
    const [row] = await database.db.select().from(invoices).where(eq(invoices.saleId, saleA1.id));
    const [l1] = saleA1.lineIds as [number];
    const over = await post(`/staff/invoices/${row!.id}/credit_note`, cookies.staff, { lines: { [l1]: 5 } });
    expect(over.json()).toMatchObject({ code: 'qty_exceeds_invoiced' });
    const res = await post(`/staff/invoices/${row!.id}/credit_note`, cookies.staff, { lines: { [l1]: 2 } });
    expect(res.statusCode, res.body).toBe(201);
    // 2 of 4 units of a 45.00 line = 22.50 + 6 % = 23.85.
    expect(res.json()).toMatchObject({ type: 'credit_note', amount_total: 23.85 });
    expect((res.json() as { name: string }).name).toMatch(/^CN\/\d{4}\/\d{6}$/);
    const rest = await post(`/staff/invoices/${row!.id}/credit_note`, cookies.staff, { lines: { [l1]: 3 } });
    expect(rest.json()).toMatchObject({ code: 'qty_exceeds_invoiced' });
    const creditNote = res.json() as { id: number };
    const ofCredit = await post(`/staff/invoices/${creditNote.id}/credit_note`, cookies.staff, {
      lines: { [l1]: 1 },
    });
    expect(ofCredit.json()).toMatchObject({ code: 'not_an_invoice' });
  });
  it("GET /sales/:id/download: a real PDF in the customer's language, the same bytes each time", async () => {
    const res = await get(`/sales/${saleA1.id}/download`, cookies.a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${saleA1.name}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Confirmation de commande ${saleA1.name}`);
    expect(text).toContain('DEP-42');
    expect(text).toContain('BE0123456749');
    expect(text).toContain('Total TVAC');
    // VAT per rate (packages/domain totals.ts): 6 % of 45.00 + 21 % of 77.16 = 2.70 + 16.20.
    expect(text).toContain(normSpaces('141,06\u00a0€'));
    expect(text).toContain('PO-77');
    const again = await get(`/sales/${saleA1.id}/download`, cookies.a);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);

    // Frozen at the first download (docs/decisions/documents.md): a user switching to Dutch gets
    // the same French bytes.
    await database.db.update(users).set({ locale: 'nl' }).where(eq(users.id, a.userId));
    try {
      const nl = await get(`/sales/${saleA1.id}/download`, cookies.a);
      expect(Buffer.compare(nl.rawPayload, res.rawPayload)).toBe(0);
    } finally {
      await database.db.update(users).set({ locale: 'fr' }).where(eq(users.id, a.userId));
    }
    const foreign = await get(`/sales/${saleB.id}/download`, cookies.a);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/problem+json');
  });

  it('GET /invoice/:id/download and the delivery notes: PDFs of the customer only', async () => {
    const rows = await database.db.select().from(invoices).where(eq(invoices.saleId, saleA1.id));
    const invoice = rows.find((r) => r.type === 'invoice')!;
    const res = await get(`/invoice/${invoice.id}/download`, cookies.a);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Facture ${invoice.name}`);
    expect(text).toContain(saleA1.name);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.name.replaceAll('/', '_')}.pdf"`,
    );
    expect((await get(`/invoice/${invoice.id}/download`, cookies.b)).statusCode).toBe(404);
    const [picking] = await database.db.select().from(pickings).where(eq(pickings.saleId, saleA1.id));
    const note = await get(`/documents/picking-${picking!.id}/download`, cookies.a);
    expect(note.statusCode, note.body).toBe(200);
    const noteText = await pdfText(note.rawPayload);
    expect(noteText).toContain(`Bon de livraison ${picking!.name}`);
    expect(noteText).toContain('TRK-1');
    expect((await get(`/documents/picking-${picking!.id}/download`, cookies.b)).statusCode).toBe(404);
    expect((await get(`/documents/sale-${saleB.id}/download`, cookies.a)).statusCode).toBe(404);
    expect((await get('/documents/sale-9999999999/download', cookies.a)).statusCode).toBe(404);
    expect((await get('/documents/../etc/download', cookies.a)).statusCode).toBe(404);
    expect((await get('/documents/sale-1x/download', cookies.a)).statusCode).toBe(400);
  });

  it("GET /documents lists the customer's documents, filters by type and pages", async () => {
    const res = await get('/documents?per_page=100', cookies.a);
    expect(res.statusCode, res.body).toBe(200);
    const list = documentListSchema.parse(res.json());
    expect(list.items.slice(0, 2).map((d) => [d.id, d.format])).toEqual([
      ['price_list', 'csv'],
      ['promotions', 'csv'],
    ]);
    const types = new Set(list.items.map((d) => d.type));
    expect([...types].sort()).toEqual([
      'credit_note',
      'delivery_note',
      'invoice',
      'order_confirmation',
      'price_list',
      'promotions',
    ]);
    expect(list.items.filter((d) => d.type === 'order_confirmation').map((d) => d.id)).toContain(
      `sale-${saleA1.id}`,
    );
    expect(list.items.some((d) => d.id === `sale-${saleB.id}`)).toBe(false);
    const onlyInvoices = documentListSchema.parse((await get('/documents?type=invoice', cookies.a)).json());
    expect(onlyInvoices.count).toBeGreaterThan(0);
    expect(onlyInvoices.items.every((d) => d.type === 'invoice' && d.format === 'pdf')).toBe(true);
    const page = documentListSchema.parse((await get('/documents?per_page=3&page=2', cookies.a)).json());
    expect(page.count).toBe(list.count);
    expect(page.items.map((d) => d.id)).toEqual(list.items.slice(3, 6).map((d) => d.id));
    const other = documentListSchema.parse((await get('/documents', cookies.b)).json());
    expect(other.items.map((d) => d.id)).toEqual(['price_list', 'promotions', `sale-${saleB.id}`]);
  });

  it('GET /documents orders by the date each document shows, not by when it was recorded', async () => {
    // A credit note of last year recorded now (as documents taken over from the ERP are): it belongs
    // under this year's documents, not above them.
    const [old] = await database.db
      .insert(invoices)
      .values({
        name: 'CN-TAKEN-OVER-2025',
        type: 'credit_note',
        customerId: a.customerId,
        date: '2025-06-01',
        amountUntaxedCents: -1000,
        amountTaxCents: -60,
        amountTotalCents: -1060,
      })
      .returning();
    try {
      const list = documentListSchema.parse((await get('/documents?per_page=100', cookies.a)).json());
      const dated = list.items.slice(2).map((d) => d.date ?? '');
      expect(dated.length).toBeGreaterThan(5);
      expect(dated).toEqual([...dated].sort().reverse());
      expect(list.items.at(-1)!.id).toBe(`invoice-${old!.id}`);
    } finally {
      await database.db.delete(invoices).where(eq(invoices.id, old!.id));
    }
  });

  it('GET /documents names the price list and promotions in the language of the page asking', async () => {
    // The page's language (Accept-Language, as the web sends it), not the profile's: a French page
    // of a Dutch-speaking customer once listed "Prijslijst" beside the French type "Liste de prix".
    const names = async (lang: string) =>
      documentListSchema
        .parse(
          (
            await app.inject({
              method: 'GET',
              url: '/documents?type=price_list',
              headers: { cookie: cookies.a, 'accept-language': lang },
            })
          ).json(),
        )
        .items.map((d) => d.name);
    expect(await names('nl')).toEqual(['Prijslijst']);
    expect(await names('en-GB,en;q=0.9')).toEqual(['Price list']);
    expect(await names('fr-BE')).toEqual(['Liste de prix']);
  });

  it("price list and promotions CSV: the user's prices, formula cells neutralised", async () => {
    const [variant] = await database.db
      .select({ productId: productVariants.productId })
      .from(productVariants)
      .where(eq(productVariants.sku, 'VB-AMX-10'));
    await database.db
      .update(productTranslations)
      .set({ name: '=HYPERLINK("http://evil.test","x")' })
      .where(eq(productTranslations.productId, variant!.productId));
    // The veterinary price list: the default prices with 0.50 more discount.
    await database.db.execute(sql`
      INSERT INTO variant_prices (variant_id, price_list_id, gross_cents, net_cents, has_discount, discount_end, computed_on)
      SELECT variant_id, (SELECT id FROM price_lists WHERE code = 'veterinary'), gross_cents, net_cents - 50,
             has_discount, discount_end, computed_on
      FROM variant_prices WHERE price_list_id = (SELECT id FROM price_lists WHERE code = 'default')
      ON CONFLICT DO NOTHING`);
    const res = await get('/documents/price_list/download', cookies.a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="price_list-[A-Za-z0-9_-]+\.csv"$/,
    );
    const parsed = Papa.parse<string[]>(res.body.replace(/^\ufeff/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([
      'Référence',
      'Nom',
      'Prix brut HTVA',
      'Prix net HTVA',
      'Remise %',
      'Fin de la remise',
      'CNK',
      'GTIN',
      'TVA %',
    ]);
    const amx = rows.find((r) => r[0] === 'VB-AMX-10')!;
    expect(amx[1]!.startsWith(`'=HYPERLINK(`)).toBe(true);
    expect(rows.every((r) => !/^[=+\-@]/.test(r[1]!))).toBe(true);
    const [codes] = (
      await database.db.execute<{ cnk: string | null; gtin: string | null; rate: number }>(
        sql`SELECT cnk_code AS cnk, barcode AS gtin, tax_rate_bp AS rate FROM product_variants WHERE sku = 'VB-AMX-10'`,
      )
    ).rows;
    expect(amx.slice(2)).toEqual([
      '10,00',
      '8,50',
      '15,00',
      amx[5],
      codes!.cnk ?? '',
      codes!.gtin ?? '',
      String(Number(codes!.rate) / 100).replace('.', ','),
    ]);
    expect(amx[5]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The codes a practice's software matches by, and the VAT rate of a medicine (6 %).
    expect([amx[6], amx[7], amx[8]]).toEqual([
      expect.stringMatching(/^\d{7}$/),
      expect.stringMatching(/^\d{13}$/),
      '6',
    ]);
    const promos = await get('/documents/promotions/download', cookies.a);
    const promoRows = Papa.parse<string[]>(promos.body.replace(/^\ufeff/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data.slice(1);
    expect(promoRows.length).toBeGreaterThan(0);
    expect(promoRows.length).toBeLessThan(rows.length);
    const eur = (s: string) => Number(s.replace(',', '.'));
    expect(promoRows.every((r) => eur(r[3]!) < eur(r[2]!) && eur(r[4]!) > 0)).toBe(true);
  });
});
