/**
 * Transactional mails through the outbox (docs/decisions/mail-outbox.md): each business event is
 * performed through the api (app.inject), the outbox job is run, and the mail is read back from
 * the .eml folder of the file mailer (a temp dir): subject, recipient, language (a customer whose
 * locale is nl reads Dutch), key content, the invoice PDF attachment (the bytes GET
 * invoice/{id}/download serves), and that a second run or a repeated event sends nothing more.
 * Then the job itself: a rolled-back event enqueues nothing, failures are retried with back-off
 * and given up after the last attempt, two job instances on one database send each mail once.
 * On PGlite always; the two-PROCESS variant runs on PostgreSQL when TEST_DATABASE_URL is set
 * (private database vetshop_mail_test).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { formatMoneyCents, type Locale } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { classifiedAds, mailOutbox, registrations, saleLines, sales, users } from '../src/db/schema.ts';
import { createMailer, type MailMessage, type Mailer } from '../src/modules/mail/mailer.ts';
import { enqueueMail, runMailOutbox, retryDelayMs } from '../src/modules/mail/outbox.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import {
  createCustomer,
  createStaff,
  registrationApplication,
  signIn,
  type FixtureCustomer,
} from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { normSpaces, pdfText } from './pdf-text.ts';
import { catalogueDatabase, dropDatabase, spawnApi, type ApiProcess } from './faults-support.ts';

const SITE = 'http://shop.test';
const STAFF_TO = 'orders@vetshop.test';

/** Money as the mails print it (domain formatMoneyCents, docs/decisions/formatting.md). */
const euro = (cents: number, locale: Locale) => formatMoneyCents(cents, locale);

describe('transactional mails through the outbox (PGlite)', () => {
  let database: Database;
  let db: Db;
  let app: FastifyInstance;
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'vetshop-mails-'));
  const seen = new Set<string>();
  let customer: FixtureCustomer & { cookie: string };
  let staffCookie = '';
  let variantId = 0;
  let saleId = 0;
  let saleName = '';
  let lineId = 0;
  let invoiceId = 0;

  /** The mails written since the last call, oldest first, parsed. */
  async function newMails(): Promise<ParsedMail[]> {
    const files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml') && !seen.has(f))
      .sort();
    files.forEach((f) => seen.add(f));
    return Promise.all(files.map((f) => simpleParser(readFileSync(path.join(outboxDir, f)))));
  }
  const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : [m.to]).map((a) => a?.text ?? '').join(', ');
  const runJob = () => app.mailOutbox.run();
  const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    database = await openTestPglite();
    db = database.db;
    await insertFixture(db);
    await seedCarriers(db);
    const rows = await db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND NOT v.made_to_order
      ORDER BY v.id LIMIT 1`);
    variantId = Number(rows.rows[0]!.id);
    await db.execute(sql`
      INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
      VALUES (${variantId}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 1250, 1)`);
    app = await buildApp({
      db: database,
      mailer: createMailer({ from: 'VetShop <no-reply@vetshop.test>', outboxDir }),
      auth: { type: 'credentials', siteUrl: SITE },
      leads: { staffTo: STAFF_TO },
      mailOutbox: { retryBaseMs: 60_000 },
      logger: { level: 'error' },
    });
    await app.ready();
    const c = await createCustomer(db);
    await db.update(users).set({ locale: 'nl', givenName: 'Anne' }).where(eq(users.id, c.userId));
    customer = { ...c, cookie: await signIn(app, c.login) };
    staffCookie = await signIn(app, (await createStaff(db)).login);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('order confirmation: Dutch mail to the ordering user (lines, totals, address, reference) and a staff copy; a repeated confirm sends nothing more', async () => {
    const sync = await inject('POST', '/v2/cart/sync', customer.cookie, {
      uuid: null,
      transactions: [{ uuid: randomUUID(), product_id: variantId, qty: 3 }],
    });
    expect(sync.statusCode, sync.body).toBe(200);
    const uuid = (sync.json() as { uuid: string }).uuid;
    const ref = 'PO-<Kliniek & Co>';
    const upd = await inject('POST', '/carts/current/update', customer.cookie, { client_order_ref: ref });
    expect(upd.statusCode, upd.body).toBe(200);
    const confirm = await inject('POST', '/carts/confirm', customer.cookie, { uuid });
    expect(confirm.statusCode, confirm.body).toBeLessThan(300);
    ({ sale_id: saleId, name: saleName } = confirm.json() as { sale_id: number; name: string });

    // Nothing is sent before the job runs; the rows committed with the sale.
    expect(await newMails()).toEqual([]);
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.payload}->>'saleId' = ${String(saleId)}`);
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual([
      `order_confirmation:sale:${saleId}`,
      `staff_new_order:sale:${saleId}`,
    ]);
    expect(await runJob()).toEqual({ sent: 2, retried: 0, failed: 0 });

    const mails = await newMails();
    expect(mails).toHaveLength(2);
    const mine = mails.find((m) => to(m) === customer.login)!;
    const staff = mails.find((m) => to(m) === STAFF_TO)!;
    expect(mine.subject).toBe(`Bevestiging van uw bestelling ${saleName}`);
    const [sale] = (
      await db.execute<{ untaxed: number; tax: number; total: number }>(
        sql`SELECT amount_untaxed_cents AS untaxed, amount_tax_cents AS tax, amount_total_cents AS total FROM sales WHERE id = ${saleId}`,
      )
    ).rows;
    const [line] = await db.select().from(saleLines).where(eq(saleLines.saleId, saleId));
    lineId = line!.id;
    const text = mine.text ?? '';
    expect(text).toContain('Beste Anne,');
    expect(text).toContain(`Bestelling: ${saleName}`);
    // The line as the PDFs print it, in the mail's language: the order was placed in French
    // (no Accept-Language), the customer reads Dutch.
    expect(line!.name).toContain('comprimés');
    expect(text).toContain(`- Amoxival 500 mg tabletten — Boîte de 10 × 3: ${euro(line!.amountCents, 'nl')}`);
    expect(text).not.toContain('comprimés');
    expect(text).toContain(`Totaal excl. btw: ${euro(Number(sale!.untaxed), 'nl')}`);
    // VAT per rate with its base, and the expected delivery date of the carrier.
    expect(text).toMatch(new RegExp(`Btw \\d+% op [^:]+: `));
    expect(text).toContain('Verwachte levering: ');
    expect(text).toContain(`Totaal incl. btw: ${euro(Number(sale!.total), 'nl')}`);
    expect(text).toContain('Leveringsadres:');
    expect(text).toContain('Rue de la Loi 16');
    expect(text).toContain(`Uw referentie: ${ref}`);
    expect(text).toContain(`${SITE}/nl/account/sales/${saleId}`);
    // The address's country named in Dutch, as the documents print it, never its code.
    expect(text.split('\n')).toContain('België');
    expect(text.split('\n')).not.toContain('BE');
    // The sender is a no-reply address and no MAIL_REPLY_TO is set: no invitation to reply, the
    // contact form instead (docs/decisions/mail-outbox.md "Replies").
    expect(mine.replyTo).toBeUndefined();
    expect(text).toContain(`Een vraag? Schrijf ons via het contactformulier: ${SITE}/nl/contact`);
    expect(text).not.toContain('Beantwoord');
    // HTML (MJML): Dutch, the customer's reference escaped, never raw.
    const html = String(mine.html);
    expect(html).toContain('lang="nl"');
    expect(html).toContain('PO-&lt;Kliniek &amp; Co&gt;');
    expect(html).not.toContain('<Kliniek');
    expect(html).toContain(
      euro(Number(sale!.total), 'nl')
        .replace(/\u00a0/g, '&nbsp;')
        .split('&nbsp;')[1],
    );
    expect(mine.messageId).toMatch(/^<order_confirmation\.sale\.\d+\.\d+@outbox\.vetshop>$/);

    // The staff copy: its own template, in the default language (MAIL_STAFF_TO).
    expect(staff.subject).toMatch(new RegExp(`^Nouvelle commande ${saleName} — Practice \\d+$`));
    expect(staff.text).toContain(`${SITE}/fr/staff/orders/${saleId}`);
    expect(staff.text).toContain(`Total TVAC\u00a0: ${euro(Number(sale!.total), 'fr')}`);

    // A repeated confirm (lost answer) and a second run send nothing.
    const again = await inject('POST', '/carts/confirm', customer.cookie, { uuid });
    expect((again.json() as { sale_id: number }).sale_id).toBe(saleId);
    expect(await runJob()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await newMails()).toEqual([]);
  });

  it('with MAIL_REPLY_TO the mails carry it and the confirmation invites a reply', async () => {
    // The transport writes the Reply-To header.
    const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-reply-'));
    try {
      const replying = createMailer({
        from: 'VetShop <no-reply@vetshop.test>',
        replyTo: 'Service commandes <commandes@vetshop.test>',
        outboxDir: dir,
      });
      expect(replying.replyTo).toBe('Service commandes <commandes@vetshop.test>');
      await replying.send({ to: 'a@example.test', subject: 'S', text: 'T' });
      const [file] = readdirSync(dir);
      const parsed = await simpleParser(readFileSync(path.join(dir, file!)));
      expect(parsed.replyTo?.value).toEqual([
        { name: 'Service commandes', address: 'commandes@vetshop.test' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The order confirmation of the first test, sent again through a mailer with a Reply-To.
    const key = `order_confirmation:sale:${saleId}`;
    await db
      .update(mailOutbox)
      .set({ state: 'pending', attempts: 0, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.dedupeKey, key));
    const sent: MailMessage[] = [];
    const mailer: Mailer = { replyTo: 'commandes@vetshop.test', send: async (m) => void sent.push(m) };
    expect(
      await runMailOutbox(db, { mailer, siteUrl: SITE, staffTo: STAFF_TO }, { keys: [key] }),
    ).toMatchObject({
      sent: 1,
    });
    expect(sent[0]!.text).toContain('Een vraag? Beantwoord gewoon dit bericht.');
    expect(sent[0]!.text).not.toContain('/nl/contact');
    expect(sent[0]!.text).toContain('Verwachte levering: ');
  });

  it('order confirmation: no delivery date promised when every unit is on backorder, the date of the others when some are', async () => {
    const key = `order_confirmation:sale:${saleId}`;
    const resend = async (unavailable: number): Promise<string> => {
      await db.update(saleLines).set({ qtyUnavailable: unavailable }).where(eq(saleLines.id, lineId));
      await db
        .update(mailOutbox)
        .set({ state: 'pending', attempts: 0, nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.dedupeKey, key));
      const sent: MailMessage[] = [];
      const mailer: Mailer = { send: async (m) => void sent.push(m) };
      await runMailOutbox(db, { mailer, siteUrl: SITE, staffTo: STAFF_TO }, { keys: [key] });
      return sent[0]!.text;
    };
    try {
      // The line of the first test: 3 units.
      const all = await resend(3);
      expect(all).toContain(
        'Leverdatum: nog te bevestigen: de artikelen worden nageleverd zodra ze beschikbaar zijn',
      );
      expect(all).not.toContain('Verwachte levering');
      expect(await resend(1)).toMatch(/Verwachte levering van de beschikbare artikelen: \d+ \w+ \d{4}/);
    } finally {
      await db.update(saleLines).set({ qtyUnavailable: 0 }).where(eq(saleLines.id, lineId));
    }
  });

  it('shipment: picking name, tracking reference and carrier, in Dutch', async () => {
    const res = await inject('POST', `/staff/sales/${saleId}/pickings`, staffCookie, {
      tracking_ref: 'TRK-3344',
      carrier_name: 'Bpost',
      lines: { [lineId]: 1 },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const picking = res.json() as { name: string };
    expect(await runJob()).toMatchObject({ sent: 1 });
    const [mail, ...rest] = await newMails();
    expect(rest).toEqual([]);
    expect(to(mail!)).toBe(customer.login);
    expect(mail!.subject).toBe(`Uw bestelling ${saleName} is verzonden`);
    expect(mail!.text).toContain(`Levering: ${picking.name}`);
    expect(mail!.text).toContain('Trackingnummer: TRK-3344');
    expect(mail!.text).toContain('Vervoerder: Bpost');
    expect(mail!.text).toContain('- Amoxival 500 mg tabletten — Boîte de 10 × 1');
    expect(await runJob()).toMatchObject({ sent: 0 });
  });

  it('shipment with the order’s carrier: named in Dutch in the mail, the delivery note and the order page, though the order stored it in French', async () => {
    const [sale] = await db.select().from(sales).where(eq(sales.id, saleId));
    expect(sale!.carrierName).toBe('Livraison VetShop (camionnette)');
    const res = await inject('POST', `/staff/sales/${saleId}/pickings`, staffCookie, {
      lines: { [lineId]: 1 },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const picking = res.json() as { id: number; name: string };
    expect(await runJob()).toMatchObject({ sent: 1 });
    const [mail] = await newMails();
    expect(mail!.text).toContain('Vervoerder: VetShop-levering (bestelwagen)');
    expect(mail!.text).toContain('Trackingnummer: niet meegedeeld');
    const note = await inject('GET', `/documents/picking-${picking.id}/download`, customer.cookie);
    expect(note.statusCode).toBe(200);
    const printed = normSpaces(await pdfText(note.rawPayload));
    expect(printed).toContain('Vervoerder VetShop-levering (bestelwagen)');
    expect(printed).not.toContain('camionnette');
    const page = await app.inject({
      method: 'GET',
      url: `/sales/${saleId}`,
      headers: { cookie: customer.cookie, 'accept-language': 'nl' },
    });
    const shipped = (page.json() as { pickings: { name: string; carrier: string | null }[] }).pickings;
    expect(shipped.map((p) => p.carrier)).toEqual(['Bpost', 'VetShop-levering (bestelwagen)']);
  });

  it('invoice issued: Dutch mail with the PDF of GET invoice/{id}/download attached', async () => {
    const res = await inject('POST', `/staff/sales/${saleId}/invoices`, staffCookie);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const invoice = res.json() as { id: number; name: string; amount_total: number };
    invoiceId = invoice.id;
    expect(await runJob()).toMatchObject({ sent: 1 });
    const [mail] = await newMails();
    expect(to(mail!)).toBe(customer.login);
    expect(mail!.subject).toBe(`Uw factuur ${invoice.name}`);
    expect(mail!.text).toContain(`Totaal incl. btw: ${euro(Math.round(invoice.amount_total * 100), 'nl')}`);
    expect(mail!.attachments).toHaveLength(1);
    const pdf = mail!.attachments[0]!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toMatch(/\.pdf$/);
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const download = await inject('GET', `/invoice/${invoice.id}/download`, customer.cookie);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf.content)).toBe(0);
    expect(await runJob()).toMatchObject({ sent: 0 });
  });

  it('credit note: Dutch mail with its PDF', async () => {
    const res = await inject('POST', `/staff/invoices/${invoiceId}/credit_note`, staffCookie, {
      lines: { [lineId]: 1 },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const note = res.json() as { id: number; name: string };
    expect(await runJob()).toMatchObject({ sent: 1 });
    const [mail] = await newMails();
    expect(mail!.subject).toBe(`Uw creditnota ${note.name}`);
    expect(mail!.attachments[0]!.contentType).toBe('application/pdf');
    const download = await inject('GET', `/invoice/${note.id}/download`, customer.cookie);
    expect(Buffer.compare(download.rawPayload, mail!.attachments[0]!.content)).toBe(0);
  });

  it('backorder cancelled: the last unit on order, in Dutch, once', async () => {
    const res = await inject('POST', `/products_on_order/cancel/${lineId}`, customer.cookie, { quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await runJob()).toMatchObject({ sent: 1 });
    const [mail] = await newMails();
    expect(to(mail!)).toBe(customer.login);
    expect(mail!.subject).toBe(`Nalevering geannuleerd in uw bestelling ${saleName}`);
    expect(mail!.text).toMatch(/De annulering van 1 × .+ die nog op levering wachtten/);
    expect(mail!.text).toContain('Nog in bestelling: 0');
    // The product named in Dutch, though the order stored its French name.
    expect(mail!.text).toContain('Product: Amoxival 500 mg tabletten — Boîte de 10');
    expect(mail!.text).not.toContain('comprimés');
    expect(await runJob()).toMatchObject({ sent: 0 });
  });

  it('registrations: staff told of a new application; approval (welcome link, at once) and refusal mails in the applicant’s language', async () => {
    const email = `lotte-${Date.now()}@kliniek.test`;
    const submitted = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: registrationApplication(email, 'nl', { company_name: 'Dierenkliniek <Janssens>' }),
    });
    expect(submitted.statusCode, submitted.body).toBeLessThan(300);
    const regId = (submitted.json() as { id: number }).id;
    expect(await runJob()).toMatchObject({ sent: 1 });
    const [staffMail] = await newMails();
    expect(to(staffMail!)).toBe(STAFF_TO);
    expect(staffMail!.subject).toBe('Nouvelle demande de compte — Dierenkliniek <Janssens>');
    expect(String(staffMail!.html)).toContain('Dierenkliniek &lt;Janssens&gt;');
    expect(staffMail!.text).toContain(email);

    // Approval: the welcome mail goes out before the answer, without waiting for the job.
    const approved = await inject('POST', `/staff/registrations/${regId}/approve`, staffCookie, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const [welcome, ...others] = await newMails();
    expect(others).toEqual([]);
    expect(to(welcome!)).toBe(email);
    expect(welcome!.subject).toBe('Uw VetShop-account is geactiveerd');
    expect(welcome!.text).toContain('Beste Lotte,');
    expect(welcome!.text).toMatch(new RegExp(`${SITE}/nl/account/validate-email\\?token=\\S+`));
    expect(await runJob()).toMatchObject({ sent: 0 });

    const other = `refused-${Date.now()}@example.test`;
    const second = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: registrationApplication(other, 'en', { company_name: 'Dierenkliniek <Janssens>' }),
    });
    const secondId = (second.json() as { id: number }).id;
    const refused = await inject('POST', `/staff/registrations/${secondId}/refuse`, staffCookie, {
      reason: 'internal note: not a veterinary',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await runJob()).toMatchObject({ sent: 2 });
    const mails = await newMails();
    const refusal = mails.find((m) => to(m) === other)!;
    expect(refusal.subject).toBe('Your application for a VetShop account');
    expect(refusal.text).toContain('Hello Lotte,');
    expect(refusal.text).not.toContain('internal note');
    // Refusing again is refused (409) and mails nothing.
    const twice = await inject('POST', `/staff/registrations/${secondId}/refuse`, staffCookie, {
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
    expect(await runJob()).toMatchObject({ sent: 0 });
  });

  it('small ads: published and refused mails to the author, in Dutch, with the reason', async () => {
    const ad = (name: string) => ({
      customerId: customer.customerId,
      userId: customer.userId,
      name,
      dateStart: '2026-01-01',
      dateEnd: '2099-12-31',
      category: 'equipment',
      countryStateCode: 'BBR',
      body: 'Te koop',
      contact: 'Anne',
      phone: '+32 2 123 45 67',
      email: customer.login,
      state: 'pending',
    });
    const [one] = await db.insert(classifiedAds).values(ad('Echotoestel')).returning();
    const [two] = await db.insert(classifiedAds).values(ad('Autoclaaf')).returning();
    const publish = await inject('POST', `/staff/classified_ads/${one!.id}/publish`, staffCookie, {
      version: one!.version,
    });
    expect(publish.statusCode, publish.body).toBe(200);
    const refuse = await inject('POST', `/staff/classified_ads/${two!.id}/refuse`, staffCookie, {
      reason: 'Foto ontbreekt',
      version: two!.version,
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    expect(await runJob()).toMatchObject({ sent: 2 });
    const mails = await newMails();
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Uw zoekertje „Autoclaaf” is niet gepubliceerd',
      'Uw zoekertje „Echotoestel” is gepubliceerd',
    ]);
    expect(mails.every((m) => to(m) === customer.login)).toBe(true);
    expect(mails.find((m) => m.subject?.includes('niet'))!.text).toContain('Reden: Foto ontbreekt');
  });

  it('a user without email gets no row; a rolled-back event enqueues nothing', async () => {
    const before = (await db.select().from(mailOutbox)).length;
    const c = await createCustomer(db);
    await db.update(users).set({ email: '' }).where(eq(users.id, c.userId));
    const [reg] = await db
      .insert(registrations)
      .values({ email: 'x@example.test', companyName: 'X', function: 'veterinary', payload: {} })
      .returning();
    const noEmail = await db.transaction((tx) =>
      enqueueMail(tx, { kind: 'registration_approved', registrationId: reg!.id, userId: c.userId }),
    );
    expect(noEmail).toBe(0);
    await expect(
      db.transaction(async (tx) => {
        expect(await enqueueMail(tx, { kind: 'registration_new', registrationId: reg!.id })).toBe(1);
        throw new Error('event failed');
      }),
    ).rejects.toThrow('event failed');
    expect((await db.select().from(mailOutbox)).length).toBe(before);
  });

  it('retries a failing transport with back-off, then gives the row up after the last attempt', async () => {
    const [reg] = await db
      .insert(registrations)
      .values({ email: 'retry@example.test', companyName: 'Retry', function: 'veterinary', payload: {} })
      .returning();
    await db.transaction((tx) => enqueueMail(tx, { kind: 'registration_new', registrationId: reg!.id }));
    const key = `staff_new_registration:registration:${reg!.id}`;
    const broken: Mailer = {
      send: async () => {
        throw new Error('SMTP 451 try later');
      },
    };
    const deps = { mailer: broken, siteUrl: SITE, staffTo: STAFF_TO, maxAttempts: 2, retryBaseMs: 60_000 };
    expect(await runMailOutbox(db, deps, { keys: [key] })).toEqual({ sent: 0, retried: 1, failed: 0 });
    let [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'SMTP 451 try later' });
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    // Not due yet: nothing claimed.
    expect(await runMailOutbox(db, deps, { keys: [key] })).toEqual({ sent: 0, retried: 0, failed: 0 });
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, row!.id));
    expect(await runMailOutbox(db, deps, { keys: [key] })).toEqual({ sent: 0, retried: 0, failed: 1 });
    [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    expect(row).toMatchObject({ state: 'failed', attempts: 2 });
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(240_000);
    expect(retryDelayMs(30)).toBe(6 * 3600_000);
  });

  it('two job instances on one database send each mail once', async () => {
    await app.mailOutbox.run();
    await newMails();
    const regs = await db
      .insert(registrations)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          email: `many${i}@example.test`,
          companyName: `Many ${i}`,
          function: 'veterinary',
          payload: {},
        })),
      )
      .returning({ id: registrations.id });
    await db.transaction(async (tx) => {
      for (const r of regs) await enqueueMail(tx, { kind: 'registration_new', registrationId: r.id });
    });
    const sent: MailMessage[] = [];
    const slow = (): Mailer => ({
      send: async (m) => {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m);
      },
    });
    const deps = (mailer: Mailer) => ({ mailer, siteUrl: SITE, staffTo: STAFF_TO });
    const [a, b] = await Promise.all([
      runMailOutbox(db, deps(slow()), { batchSize: 2 }),
      runMailOutbox(db, deps(slow()), { batchSize: 2 }),
    ]);
    expect(a.sent + b.sent).toBe(12);
    expect(new Set(sent.map((m) => m.subject)).size).toBe(12);
    expect(sent).toHaveLength(12);
    expect(await runMailOutbox(db, deps(slow()))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });
});

const server = process.env.TEST_DATABASE_URL;
const PG_NAME = 'vetshop_mail_test';

describe.skipIf(!server)('two api processes on one PostgreSQL database send each mail once', () => {
  const apis: ApiProcess[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-mails-pg-'));

  afterAll(async () => {
    await Promise.all(apis.map((a) => a.kill9()));
    if (server) await dropDatabase(server, PG_NAME);
    rmSync(dir, { recursive: true, force: true });
  });

  it('40 staff mails enqueued while both jobs run: 40 .eml files, 40 distinct Message-IDs', async () => {
    const url = await catalogueDatabase(server!, PG_NAME);
    const env = {
      DATABASE_URL: url,
      MAIL_OUTBOX_DIR: dir,
      MAIL_STAFF_TO: STAFF_TO,
      MAIL_OUTBOX_INTERVAL_MS: '50',
    };
    apis.push(...(await Promise.all([spawnApi(env), spawnApi(env)])));
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      for (let batch = 0; batch < 4; batch++) {
        const regs = await database.db
          .insert(registrations)
          .values(
            Array.from({ length: 10 }, (_, i) => ({
              email: `pg${batch}-${i}@example.test`,
              companyName: `PG ${batch}-${i}`,
              function: 'veterinary',
              payload: {},
            })),
          )
          .returning({ id: registrations.id });
        await database.db.transaction(async (tx) => {
          for (const r of regs) await enqueueMail(tx, { kind: 'registration_new', registrationId: r.id });
        });
        await new Promise((r) => setTimeout(r, 30));
      }
      await expect
        .poll(
          async () =>
            Number(
              (
                await database.db.execute<{ n: number }>(
                  sql`SELECT count(*)::int AS n FROM mail_outbox WHERE state = 'sent'`,
                )
              ).rows[0]!.n,
            ),
          { timeout: 30_000, interval: 200 },
        )
        .toBe(40);
      // Give a straggler the time to write a duplicate, then count the files.
      await new Promise((r) => setTimeout(r, 500));
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(40);
      const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
      expect(new Set(parsed.map((m) => m.messageId)).size).toBe(40);
      expect(new Set(parsed.map((m) => m.subject)).size).toBe(40);
    } finally {
      await database.close();
    }
  }, 180_000);
});
