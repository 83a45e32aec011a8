/**
 * Legal Belgian invoices and credit notes, frozen documents and product names on every PDF
 * (docs/decisions/documents.md): the text of the PDFs is extracted with unpdf (PDF.js) and every
 * legal field is checked — seller name, address, enterprise number and register, VAT number, IBAN
 * and BIC; invoice number, date and due date (date + the customer's payment terms); customer VAT
 * number and address; VAT base and tax per rate and the totals; the structured communication; the
 * credit note naming the invoice it corrects. A download by a user with another language returns
 * the stored bytes (same sha-256), in the customer's language. Runs on in-memory PGlite (and on
 * PostgreSQL when TEST_DATABASE_URL is set).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  businessDate,
  isStructuredCommunication,
  roundHalfUp,
  structuredCommunication,
} from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import { ConfigError, ibanChecksumOk, loadConfig, sellerIdentity } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { customers, documentFiles, invoices, sales, users } from '../src/db/schema.ts';
import { addDays, invoiceCommunication } from '../src/modules/documents/service.ts';
import { formatDate, formatIban, formatMoney, formatPercent } from '../src/modules/documents/pdf.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import {
  createCustomer,
  createStaff,
  FIXTURE_PASSWORD,
  signIn,
  type FixtureCustomer,
} from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { insertSale, type FixtureSale } from './sales-fixtures.ts';
import { pdfText, normSpaces } from './pdf-text.ts';
import { databaseTargets } from './targets.ts';

const silentMailer: Mailer = { send: async () => {} };

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(databaseTargets())('legal documents on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let customer: FixtureCustomer;
  const cookies = { fr: '', en: '', staff: '', other: '' };
  let sale: FixtureSale;
  let invoiceId = 0;
  let invoiceBytes: Buffer;

  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  // Lines: 3 × 12.50 at 6 % with 10 % off (33.75), 2 × 33.33 at 21 % (66.66), 1 × 19.99 at 6 %,
  // handling fee 10.50 at 21 %. The stored names are only the pack size (as the seeded history).
  const lines = [
    { sku: 'VB-AMX-10', name: 'Boîte de 10', qty: 3, priceUnitCents: 1250, discountBp: 1000, taxRateBp: 600 },
    {
      sku: 'ZO-CLV-50',
      name: 'Clavubactin 250 mg tabletten — 50 tablets',
      qty: 2,
      priceUnitCents: 3333,
      taxRateBp: 2100,
    },
    { sku: 'VB-AMX-100', name: 'Boîte de 100', qty: 1, priceUnitCents: 1999, taxRateBp: 600 },
  ];
  const base6 = 3375 + 1999;
  const base21 = 6666 + 1050;
  const tax6 = roundHalfUp((base6 * 600) / 10_000);
  const tax21 = roundHalfUp((base21 * 2100) / 10_000);

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_documents_legal_test'));
    const db = database.db;
    await insertFixture(db);
    app = await buildApp({ db: database, mailer: silentMailer });
    await app.ready();
    customer = await createCustomer(db);
    // The practice pays at 45 days; its user reads French.
    await db.update(customers).set({ paymentTermsDays: 45 }).where(eq(customers.id, customer.customerId));
    await db.update(users).set({ locale: 'fr' }).where(eq(users.id, customer.userId));
    // A colleague of the same practice whose interface is English.
    const login = `colleague-${Date.now()}@example.test`;
    await db.insert(users).values({
      customerId: customer.customerId,
      login,
      email: login,
      passwordHash: await hashPassword(FIXTURE_PASSWORD),
      name: 'Colleague',
      role: 'veterinary',
      function: 'veterinary',
      priceList: 'veterinary',
      locale: 'en',
      emailVerified: true,
    });
    const other = await createCustomer(db);
    const staff = await createStaff(db);
    cookies.fr = await signIn(app, customer.login);
    cookies.en = await signIn(app, login);
    cookies.other = await signIn(app, other.login);
    cookies.staff = await signIn(app, staff.login);
    sale = await insertSale(db, customer.customerId, { lines, feeCents: 1050, clientOrderRef: 'PO-9' });
    await db.update(sales).set({ userId: customer.userId }).where(eq(sales.id, sale.id));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('the demo seller identity is valid: enterprise and VAT numbers with their mod-97, IBAN check digits', () => {
    const seller = sellerIdentity({});
    const digits = seller.enterpriseNumber.replace(/\D/g, '');
    expect(digits).toHaveLength(10);
    expect(97 - (Number(digits.slice(0, 8)) % 97)).toBe(Number(digits.slice(8)));
    expect(seller.vat).toBe(`BE${digits}`);
    expect(ibanChecksumOk(seller.iban)).toBe(true);
    expect(seller.iban.startsWith('BE')).toBe(true);
    // Belgian account: the last two digits check the first ten (mod 97).
    const account = seller.iban.slice(4);
    expect(Number(account.slice(0, 10)) % 97 || 97).toBe(Number(account.slice(10)));
    expect(seller.bic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}$/);
    // Bad values stop start-up, naming the variable.
    expect(() => sellerIdentity({ SELLER_ENTERPRISE_NUMBER: '0712.345.631' })).toThrow(ConfigError);
    expect(() => loadConfig({ SELLER_IBAN: 'BE22001234567803' })).toThrow(/SELLER_IBAN/);
    expect(() => loadConfig({ SELLER_VAT: 'BE0712345631' })).toThrow(/SELLER_VAT/);
    expect(sellerIdentity({ SELLER_LEGAL_NAME: 'Autre ASBL' }).legalName).toEqual({
      fr: 'Autre ASBL',
      nl: 'Autre ASBL',
      en: 'Autre ASBL',
    });
  });

  it('names the seller, its office and register in each document language', () => {
    // The demo's Brussels association and office as each language writes them: a Dutch invoice
    // said "VetShop ASBL" where the Dutch pages say "VetShop vzw".
    const demo = sellerIdentity({});
    expect(demo.legalName).toEqual({ fr: 'VetShop ASBL', nl: 'VetShop vzw', en: 'VetShop ASBL' });
    expect(demo.address.fr).toEqual(['Avenue de Tervueren 2', '1040 Bruxelles', 'Belgique']);
    expect(demo.address.nl).toEqual(['Tervurenlaan 2', '1040 Brussel', 'België']);
    expect(demo.register).toEqual({ fr: 'RPM Bruxelles', nl: 'RPR Brussel', en: 'RLE Brussels' });
    // A configured seller without translations prints its own address everywhere, never the demo's.
    const own = sellerIdentity({ SELLER_ADDRESS: 'Rue Léopold 1, 4000 Liège', SELLER_REGISTER: 'RPM Liège' });
    expect(own.address.nl).toEqual(['Rue Léopold 1', '4000 Liège']);
    expect(own.register.en).toBe('RPM Liège');
    // Its translations, when given, win in their language.
    const both = sellerIdentity({
      SELLER_ADDRESS: 'Rue Léopold 1, 4000 Liège',
      SELLER_ADDRESS_NL: 'Leopoldstraat 1, 4000 Luik',
      SELLER_REGISTER_NL: 'RPR Luik',
      SELLER_LEGAL_NAME: 'Vétérinaires de Liège ASBL',
      SELLER_LEGAL_NAME_NL: 'Dierenartsen van Luik vzw',
    });
    expect(both.legalName).toEqual({
      fr: 'Vétérinaires de Liège ASBL',
      nl: 'Dierenartsen van Luik vzw',
      en: 'Vétérinaires de Liège ASBL',
    });
    expect(both.address).toEqual({
      fr: ['Rue Léopold 1', '4000 Liège'],
      nl: ['Leopoldstraat 1', '4000 Luik'],
      en: ['Rue Léopold 1', '4000 Liège'],
    });
    expect(both.register.nl).toBe('RPR Luik');
  });

  it('an invoice is frozen when issued, with every legal field of a Belgian invoice', async () => {
    const db = database.db;
    const delivered = await post(`/staff/sales/${sale.id}/pickings`, cookies.staff, {
      lines: Object.fromEntries(sale.lineIds.map((id, i) => [id, lines[i]!.qty])),
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const res = await post(`/staff/sales/${sale.id}/invoices`, cookies.staff);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: number; name: string; date: string };
    invoiceId = created.id;
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row!.date).toBe(businessDate());
    expect(row!.dueDate).toBe(addDays(row!.date, 45));
    // Stored at issue, before any download.
    const [file] = await db
      .select()
      .from(documentFiles)
      .where(and(eq(documentFiles.kind, 'invoice'), eq(documentFiles.sourceId, invoiceId)));
    expect(file).toBeDefined();
    expect(file!.locale).toBe('fr');

    const download = await get(`/invoice/${invoiceId}/download`, cookies.fr);
    expect(download.statusCode, download.body).toBe(200);
    invoiceBytes = download.rawPayload;
    expect(sha256(invoiceBytes)).toBe(file!.sha256);
    expect(download.headers['repr-digest']).toBe(
      `sha-256=:${Buffer.from(file!.sha256, 'hex').toString('base64')}:`,
    );
    const text = await pdfText(invoiceBytes);
    const fr = (cents: number) => normSpaces(formatMoney(cents, 'fr'));
    const seller = sellerIdentity();
    // Seller.
    expect(text).toContain('VetShop ASBL');
    expect(text).toContain('Avenue de Tervueren 2');
    expect(text).toContain('1040 Bruxelles');
    expect(text).toContain('N° d’entreprise 0712.345.630 - RPM Bruxelles');
    expect(text).toContain('TVA BE0712345630');
    expect(text).toContain(`IBAN ${formatIban(seller.iban)}`);
    expect(text).toContain('BE21 0012 3456 7803');
    expect(text).toContain('BIC GEBABEBB');
    // Number, date, due date, terms.
    expect(text).toContain(`Facture ${created.name}`);
    expect(text).toContain(`Date de facture ${normSpaces(formatDate(row!.date, 'fr'))}`);
    expect(text).toContain(`Échéance ${normSpaces(formatDate(addDays(row!.date, 45), 'fr'))}`);
    expect(text).toContain(normSpaces('Conditions de paiement\u00a0: 45 jours net.'));
    // Customer: VAT number and address.
    expect(text).toContain('Numéro de TVA BE0123456749');
    expect(text).toContain('Rue du Parc 1');
    expect(text).toContain('1000 Bruxelles');
    // The country named in the document's language, not its code.
    expect(text).toMatch(/1000 Bruxelles\s+Belgique/);
    expect(text).toContain(sale.name);
    // Lines: product name (French), pack size and SKU; the fee only once, in the totals.
    expect(text).toContain('VB-AMX-10');
    expect(text).toContain('Amoxival 500 mg comprimés — Boîte de 10');
    expect(text.match(/Frais de participation/g)).toHaveLength(1);
    // VAT per rate, totals.
    const pct = (bp: number) => normSpaces(formatPercent(bp, 'fr'));
    expect(text).toContain(`Base TVA ${pct(600)} ${fr(base6)}`);
    expect(text).toContain(`TVA ${pct(600)} ${fr(tax6)}`);
    expect(text).toContain(`Base TVA ${pct(2100)} ${fr(base21)}`);
    expect(text).toContain(`TVA ${pct(2100)} ${fr(tax21)}`);
    expect(text).toContain(`Sous-total produits ${fr(3750 + 6666 + 1999)}`);
    expect(text).toContain(`Remises ${fr(-375)}`);
    expect(text).toContain(`Frais de participation ${fr(1050)}`);
    expect(text).toContain(`Total HTVA ${fr(base6 + base21)}`);
    expect(text).toContain(`Total TVAC ${fr(base6 + base21 + tax6 + tax21)}`);
    expect(row!.amountUntaxedCents).toBe(base6 + base21);
    expect(row!.amountTaxCents).toBe(tax6 + tax21);
    // Structured communication: the invoice number's digits with their mod-97 check.
    const ref = invoiceCommunication({ id: invoiceId, name: created.name });
    expect(isStructuredCommunication(ref)).toBe(true);
    expect(ref).toBe(structuredCommunication(Number(created.name.replace(/\D/g, ''))));
    expect(text).toContain(normSpaces(`Communication structurée\u00a0: ${ref}`));
    expect(text).toContain(`avec la communication structurée ${ref}`);
    // Late-payment terms.
    expect(text).toContain('loi du 2 août 2002');
    expect(text).toContain('indemnité forfaitaire de 40 EUR');
    // Another customer: 404.
    expect((await get(`/invoice/${invoiceId}/download`, cookies.other)).statusCode).toBe(404);
  });

  it("a colleague with an English interface downloads the same bytes, in the customer's language", async () => {
    const en = await get(`/documents/invoice-${invoiceId}/download`, cookies.en);
    expect(en.statusCode, en.body).toBe(200);
    expect(sha256(en.rawPayload)).toBe(sha256(invoiceBytes));
    const text = await pdfText(en.rawPayload);
    expect(text).toContain('Facture ');
    expect(text).not.toContain('Invoice date');
    // The ordering user switches to Dutch later: the issued invoice does not change.
    await database.db.update(users).set({ locale: 'nl' }).where(eq(users.id, customer.userId));
    try {
      const again = await get(`/invoice/${invoiceId}/download`, cookies.fr);
      expect(Buffer.compare(again.rawPayload, invoiceBytes)).toBe(0);
    } finally {
      await database.db.update(users).set({ locale: 'fr' }).where(eq(users.id, customer.userId));
    }
  });

  it('a credit note names the invoice it corrects, with its VAT per rate and totals', async () => {
    const [l1, l2] = sale.lineIds as [number, number];
    const res = await post(`/staff/invoices/${invoiceId}/credit_note`, cookies.staff, {
      lines: { [l1]: 1, [l2]: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as { id: number; name: string };
    const [row] = await database.db.select().from(invoices).where(eq(invoices.id, note.id));
    expect(row!.creditedInvoiceId).toBe(invoiceId);
    expect(row!.dueDate).toBeNull();
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const pdf = await get(`/invoice/${note.id}/download`, cookies.fr);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const fr = (cents: number) => normSpaces(formatMoney(cents, 'fr'));
    const pct = (bp: number) => normSpaces(formatPercent(bp, 'fr'));
    expect(text).toContain(`Note de crédit ${note.name}`);
    expect(text).toContain(
      `Note de crédit relative à la facture ${invoice!.name} du ${normSpaces(formatDate(invoice!.date, 'fr'))}.`,
    );
    expect(text).toContain('TVA à reverser à l’État');
    expect(text).toContain('0712.345.630');
    expect(text).toContain('Numéro de TVA BE0123456749');
    // 1 of 3 units of 33.75 → 11.25 at 6 %; 1 of 2 units of 66.66 → 33.33 at 21 %.
    expect(text).toContain(`Base TVA ${pct(600)} ${fr(1125)}`);
    expect(text).toContain(`TVA ${pct(600)} ${fr(roundHalfUp(1125 * 0.06))}`);
    expect(text).toContain(`Base TVA ${pct(2100)} ${fr(3333)}`);
    expect(text).toContain(`TVA ${pct(2100)} ${fr(roundHalfUp(3333 * 0.21))}`);
    const total = 1125 + 3333 + roundHalfUp(1125 * 0.06) + roundHalfUp(3333 * 0.21);
    expect(text).toContain(`Total TVAC ${fr(total)}`);
    expect(row!.amountTotalCents).toBe(total);
    // A credit note is not paid with the invoice's communication.
    expect(text).not.toContain('Communication structurée');
  });

  it('the order confirmation shows product name, pack size and SKU per line; the fee once', async () => {
    const res = await get(`/sales/${sale.id}/download`, cookies.en);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    // The customer's language (fr), whoever downloads.
    expect(text).toContain(`Confirmation de commande ${sale.name}`);
    expect(text).toContain('VB-AMX-10');
    expect(text).toContain('Amoxival 500 mg comprimés — Boîte de 10');
    expect(text).toContain('VB-AMX-100');
    expect(text).toContain('Amoxival 500 mg comprimés — Boîte de 100');
    // A stored "product — pack" name of another language is rebuilt in the customer's language.
    expect(text).toContain('ZO-CLV-50');
    expect(text).toContain('Clavubactin 250 mg — 50 tablets');
    expect(text).not.toContain('tabletten');
    expect(text.match(/Frais de participation/g)).toHaveLength(1);
    expect(text).toContain('VetShop ASBL');
    const again = await get(`/sales/${sale.id}/download`, cookies.fr);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  });

  it('an invoice issued before freezing (seeded history) is rendered and stored at its first download', async () => {
    const db = database.db;
    const old = await insertSale(db, customer.customerId, {
      lines: [{ sku: 'VB-AMX-10', name: 'Boîte de 10', qty: 2, priceUnitCents: 1000, taxRateBp: 600 }],
    });
    const [row] = await db
      .insert(invoices)
      .values({
        name: `H-INV-${old.id}`,
        type: 'invoice',
        saleId: old.id,
        customerId: customer.customerId,
        date: '2025-03-10',
        amountUntaxedCents: 2000,
        amountTaxCents: 120,
        amountTotalCents: 2120,
        lines: { [String(old.lineIds[0])]: 2 },
      })
      .returning();
    const before = await db.select().from(documentFiles).where(eq(documentFiles.sourceId, row!.id));
    expect(before.filter((f) => f.kind === 'invoice')).toHaveLength(0);
    const first = await get(`/invoice/${row!.id}/download`, cookies.en);
    expect(first.statusCode, first.body).toBe(200);
    const text = await pdfText(first.rawPayload);
    // Due date from the customer's terms (45 days); structured communication from the row id.
    expect(text).toContain(`Échéance ${normSpaces(formatDate('2025-04-24', 'fr'))}`);
    expect(text).toContain(structuredCommunication(row!.id));
    const [stored] = await db
      .select()
      .from(documentFiles)
      .where(and(eq(documentFiles.kind, 'invoice'), eq(documentFiles.sourceId, row!.id)));
    expect(stored!.sha256).toBe(sha256(first.rawPayload));
    const second = await get(`/invoice/${row!.id}/download`, cookies.fr);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
  });

  it('a customer VAT-registered in another EU state, without VAT charged, gets the intra-Community mention', async () => {
    const db = database.db;
    const eu = await insertSale(db, customer.customerId, {
      lines: [{ sku: 'VB-AMX-10', name: 'Boîte de 10', qty: 1, priceUnitCents: 5000, taxRateBp: 0 }],
    });
    await db
      .update(sales)
      .set({
        invoicingAddress: {
          name: 'Dierenkliniek',
          street: 'Kerkstraat 1',
          zip: '4811',
          city: 'Breda',
          country_code: 'NL',
          vat: 'NL123456789B01',
        },
      })
      .where(eq(sales.id, eu.id));
    await post(`/staff/sales/${eu.id}/pickings`, cookies.staff, { lines: { [eu.lineIds[0]!]: 1 } });
    const res = await post(`/staff/sales/${eu.id}/invoices`, cookies.staff);
    expect(res.statusCode, res.body).toBe(201);
    const text = await pdfText(
      (await get(`/invoice/${(res.json() as { id: number }).id}/download`, cookies.fr)).rawPayload,
    );
    expect(text).toContain('NL123456789B01');
    expect(text).toContain('livraison intracommunautaire (article 39bis');
    // A Belgian invoice carries no such mention.
    expect(await pdfText(invoiceBytes)).not.toContain('intracommunautaire');
  });
});
