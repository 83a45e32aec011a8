/**
 * Staff back office core (docs/product/back-office.md#staff-back-office): the audit log written by the app-level
 * hook (every non-GET /staff/* call of a staff user, failed ones with their status; never GETs,
 * never refused non-staff calls), GET staff/audit_log filters, the staff order list and detail,
 * the home counts, approval with role and price list, and the catalogue import trigger (one at a
 * time: 409 while running). A customer gets 403 and a guest 401 on every staff route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { auditLog, invoices, pickings, users } from '../src/db/schema.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import type { ImportReport } from '../src/modules/catalog-import/index.ts';
import { auditDetails } from '../src/modules/audit/hook.ts';
import {
  createCustomer,
  createStaff,
  registrationApplication,
  signIn,
  type FixtureCustomer,
} from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { insertSale } from './sales-fixtures.ts';
import { databaseTargets } from './targets.ts';

const silentMailer: Mailer = { send: async () => {} };

/** A report as the importer answers it (the staff route maps it to snake_case). */
const fakeReport = (changed: boolean): ImportReport => ({
  changed,
  checksum: 'c'.repeat(64),
  seed: 1,
  durationMs: 1234.4,
  sources: {
    uk_vmd: { read: 10, imported: 9, merged: 0, skipped: 1 },
    anmv: { read: 5, imported: 5, merged: 2, skipped: 0 },
    ema: { read: 3, imported: 3, merged: 1, skipped: 0 },
    anmv_presentations: { read: 7, imported: 7, merged: 0, skipped: 0 },
  },
  badRows: [{ file: 'uk.csv', line: 4, reason: 'missing name' }],
  totals: {
    products: 17,
    medicines: 14,
    food: 2,
    equipment: 1,
    generatedProducts: 3,
    mergedProducts: 3,
    variants: 30,
    categories: 8,
    brands: 4,
    vetGroups: 2,
    priceLists: 6,
    priceTiers: 0,
    discounts: 0,
    supplierTerms: 0,
    specials: 0,
    variantPrices: 180,
  },
  withdrawn: 0,
  searchIndex: 'rebuilt',
});

let seq = 0;

describe.each(databaseTargets())('staff back office ($name)', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let a: FixtureCustomer;
  let staff: { userId: number; login: string };
  const cookies = { a: '', staff: '' };
  /** The import gate: the fake importer waits on it, so a test can hold an import running. */
  let releaseImport: () => void = () => {};
  let importGate: Promise<void> = Promise.resolve();
  let importCalls = 0;
  let importFails = false;

  beforeAll(async () => {
    database = (await target.open('vetshop_test_staff')).database;
    await insertFixture(database.db);
    app = await buildApp({
      db: database,
      mailer: silentMailer,
      auth: { type: 'credentials' },
      catalogImport: {
        run: async () => {
          importCalls++;
          await importGate;
          if (importFails) throw new Error('uk_vmd_medicines.csv: unreadable');
          return fakeReport(true);
        },
      },
    });
    await app.ready();
    a = await createCustomer(database.db);
    staff = await createStaff(database.db);
    cookies.a = await signIn(app, a.login);
    cookies.staff = await signIn(app, staff.login);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const send = (method: string, url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const auditRows = () => database.db.select().from(auditLog).orderBy(auditLog.id);

  async function newRegistration(): Promise<number> {
    const res = await send(
      'POST',
      '/registrations',
      undefined,
      registrationApplication(`applicant${++seq}-${Date.now()}@staff.test`),
    );
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  it('refuses every staff route to a customer (403) and a guest (401), and logs none of it', async () => {
    const staffRoutes = app.routeTable.filter((r) => r.url.startsWith('/staff/'));
    expect(staffRoutes.length).toBeGreaterThan(10);
    const before = (await auditRows()).length;
    for (const route of staffRoutes) {
      const url = route.url.replace(/:[a-z_]+/g, '1');
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const asCustomer = await send(route.method, url, cookies.a, payload);
      expect(asCustomer.statusCode, `${route.method} ${route.url} as customer`).toBe(403);
      expect(asCustomer.headers['content-type']).toContain('application/problem+json');
      const asGuest = await send(route.method, url, undefined, payload);
      expect(asGuest.statusCode, `${route.method} ${route.url} as guest`).toBe(401);
    }
    expect((await auditRows()).length).toBe(before);
  });

  it('approves with role and price list, logs the action with its status, and logs a failed retry too', async () => {
    const id = await newRegistration();
    const before = (await auditRows()).length;
    const res = await send('POST', `/staff/registrations/${id}/approve`, cookies.staff, {
      role: 'nurse',
      price_list: 'student',
    });
    expect(res.statusCode).toBe(200);
    const [created] = await database.db
      .select({ role: users.role, priceList: users.priceList })
      .from(users)
      .where(eq(users.login, res.json().email));
    expect(created).toEqual({ role: 'nurse', priceList: 'student' });

    const again = await send('POST', `/staff/registrations/${id}/approve`, cookies.staff, {});
    expect(again.statusCode).toBe(409);
    // A read is not an action: no row.
    expect((await send('GET', '/staff/registrations', cookies.staff)).statusCode).toBe(200);

    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => [r.action, r.status, r.targetId, r.targetType, r.userId, r.userLogin])).toEqual([
      ['POST /staff/registrations/:id/approve', 200, String(id), 'registrations', staff.userId, staff.login],
      ['POST /staff/registrations/:id/approve', 409, String(id), 'registrations', staff.userId, staff.login],
    ]);
    expect(rows[0]!.details).toMatchObject({
      params: { id },
      body: { role: 'nurse', price_list: 'student' },
    });
  });

  it('logs a refusal with its reason and an invalid body with its 400', async () => {
    const id = await newRegistration();
    const before = (await auditRows()).length;
    expect((await send('POST', `/staff/registrations/${id}/refuse`, cookies.staff, {})).statusCode).toBe(400);
    const ok = await send('POST', `/staff/registrations/${id}/refuse`, cookies.staff, { reason: 'No VAT' });
    expect(ok.statusCode).toBe(200);
    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => r.status)).toEqual([400, 200]);
    expect(rows[1]!.details).toMatchObject({ body: { reason: 'No VAT' } });
  });

  it('redacts secrets and caps large bodies in the details', () => {
    expect(
      auditDetails({ id: '3' }, { password: 'x', nested: { api_token: 'y' }, name: 'n' }, 'application/json'),
    ).toEqual({
      params: { id: '3' },
      body: { password: '[redacted]', nested: { api_token: '[redacted]' }, name: 'n' },
    });
    expect(auditDetails({}, { big: 'x'.repeat(3000), other: 1 }, 'application/json')).toEqual({
      body_keys: ['big', 'other'],
    });
    expect(auditDetails({}, { file: 'bytes' }, 'multipart/form-data; boundary=x')).toEqual({
      body: '[multipart/form-data]',
    });
  });

  it('lists orders by state and search, shows one, and logs state, picking and invoice', async () => {
    const sale = await insertSale(database.db, a.customerId, {
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline 10', qty: 3, priceUnitCents: 1000 }],
    });
    const closed = await insertSale(database.db, a.customerId, {
      state: 'cancel',
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline 10', qty: 1, priceUnitCents: 1000 }],
    });
    const open = await send('GET', '/staff/sales', cookies.staff);
    expect(open.statusCode).toBe(200);
    const openNames = open.json().items.map((i: { name: string }) => i.name);
    expect(openNames).toContain(sale.name);
    expect(openNames).not.toContain(closed.name);
    const cancelled = (await send('GET', '/staff/sales?state=cancel', cookies.staff)).json();
    expect(cancelled.items.map((i: { name: string }) => i.name)).toEqual([closed.name]);
    const byName = (await send('GET', `/staff/sales?state=all&q=${sale.name}`, cookies.staff)).json();
    expect(byName.count).toBe(1);
    expect(byName.items[0]).toMatchObject({
      id: sale.id,
      customer_id: a.customerId,
      amount_total: expect.any(Number),
    });
    const none = (await send('GET', '/staff/sales?state=all&q=%25', cookies.staff)).json();
    expect(none.count).toBe(0);
    expect((await send('GET', '/staff/sales?state=bogus', cookies.staff)).statusCode).toBe(400);
    const paged = (await send('GET', '/staff/sales?state=all&per_page=1&page=2', cookies.staff)).json();
    expect(paged.count).toBe(2);
    expect(paged.items).toHaveLength(1);

    const detail = await send('GET', `/staff/sales/${sale.id}`, cookies.staff);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: sale.id, customer_id: a.customerId, state: 'pending' });
    expect((await send('GET', '/staff/sales/999999', cookies.staff)).statusCode).toBe(404);

    const before = (await auditRows()).length;
    expect(
      (await send('POST', `/staff/sales/${sale.id}/state`, cookies.staff, { state: 'processing' }))
        .statusCode,
    ).toBe(200);
    const picking = await send('POST', `/staff/sales/${sale.id}/pickings`, cookies.staff, {
      tracking_ref: 'TRACK-1',
      lines: { [sale.lineIds[0]!]: 3 },
    });
    expect(picking.statusCode).toBe(201);
    expect((await send('POST', `/staff/sales/${sale.id}/invoices`, cookies.staff)).statusCode).toBe(201);
    expect((await send('POST', `/staff/sales/${sale.id}/invoices`, cookies.staff)).statusCode).toBe(409);
    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => [r.action, r.status, r.targetId])).toEqual([
      ['POST /staff/sales/:id/state', 200, String(sale.id)],
      ['POST /staff/sales/:id/pickings', 201, String(sale.id)],
      ['POST /staff/sales/:id/invoices', 201, String(sale.id)],
      ['POST /staff/sales/:id/invoices', 409, String(sale.id)],
    ]);
    expect(rows[1]!.details).toMatchObject({ body: { tracking_ref: 'TRACK-1' } });
  });

  it('counts the waiting work for the staff home', async () => {
    const before = (await send('GET', '/staff/summary', cookies.staff)).json();
    await newRegistration();
    await insertSale(database.db, a.customerId, {
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline 10', qty: 1, priceUnitCents: 1000 }],
    });
    const after = await send('GET', '/staff/summary', cookies.staff);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      ...before,
      pending_registrations: before.pending_registrations + 1,
      orders_to_process: before.orders_to_process + 1,
    });
  });

  it('runs one catalogue import at a time (409 while running), answers and keeps its report', async () => {
    let release!: () => void;
    importGate = new Promise<void>((resolve) => (release = resolve));
    releaseImport = release;
    const calls = importCalls;
    const first = send('POST', '/staff/catalog/import', cookies.staff);
    // Wait until the first import is inside the importer.
    for (let i = 0; i < 100 && importCalls === calls; i++) await new Promise((r) => setTimeout(r, 10));
    expect(importCalls).toBe(calls + 1);
    const status = (await send('GET', '/staff/catalog/import', cookies.staff)).json();
    expect(status.running).toBe(true);
    const second = await send('POST', '/staff/catalog/import', cookies.staff);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('import_running');
    expect(importCalls).toBe(calls + 1);
    releaseImport();
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      changed: true,
      duration_ms: 1234,
      bad_row_count: 1,
      totals: { products: 17 },
      sources: { uk_vmd: { read: 10, skipped: 1 } },
    });
    const after = (await send('GET', '/staff/catalog/import', cookies.staff)).json();
    expect(after).toMatchObject({ running: false, last_report: { checksum: 'c'.repeat(64) } });
    expect(after.last_finished_at).toEqual(expect.any(String));

    // A failing importer: a problem naming the cause, and the next run is allowed again.
    importFails = true;
    const failed = await send('POST', '/staff/catalog/import', cookies.staff);
    importFails = false;
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ code: 'import_failed' });
    expect(failed.json().detail).toContain('unreadable');
    expect(failed.body).not.toContain('at ');
    expect((await send('POST', '/staff/catalog/import', cookies.staff)).statusCode).toBe(200);

    const rows = (await auditRows()).filter((r) => r.action === 'POST /staff/catalog/import');
    // Rows are written when an action starts (hook.ts): the first import, answered last, comes first.
    expect(rows.map((r) => r.status)).toEqual([200, 409, 500, 200]);
  });

  it('filters the audit log by user, action and dates, newest first, with pages', async () => {
    const other = await createStaff(database.db);
    const otherCookie = await signIn(app, other.login);
    const id = await newRegistration();
    await send('POST', `/staff/registrations/${id}/refuse`, otherCookie, { reason: 'Duplicate' });

    const all = await send('GET', '/staff/audit_log', cookies.staff);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.count).toBeGreaterThan(5);
    expect(body.items[0]).toMatchObject({
      user_login: other.login,
      action: 'POST /staff/registrations/:id/refuse',
    });
    const times = body.items.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const byUser = (
      await send('GET', `/staff/audit_log?user=${encodeURIComponent(other.login)}`, cookies.staff)
    ).json();
    expect(byUser.count).toBe(1);
    const byId = (await send('GET', `/staff/audit_log?user=${other.userId}`, cookies.staff)).json();
    expect(byId.count).toBe(1);
    const byAction = (await send('GET', '/staff/audit_log?action=catalog%2Fimport', cookies.staff)).json();
    expect(byAction.count).toBe(4);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = (await send('GET', `/staff/audit_log?from=${today}&to=${today}`, cookies.staff)).json();
    expect(inRange.count).toBe(body.count);
    const past = (await send('GET', '/staff/audit_log?from=2000-01-01&to=2000-12-31', cookies.staff)).json();
    expect(past.count).toBe(0);
    const page2 = (await send('GET', '/staff/audit_log?per_page=2&page=2', cookies.staff)).json();
    expect(page2.items.map((i: { id: number }) => i.id)).toEqual(
      body.items.slice(2, 4).map((i: { id: number }) => i.id),
    );
    expect((await send('GET', '/staff/audit_log?from=2026-13-45', cookies.staff)).statusCode).toBe(400);
    expect((await send('GET', '/staff/audit_log?bogus=1', cookies.staff)).statusCode).toBe(400);
  });
  // docs/decisions/staff-audit-log.md "No action without its row": a body the jsonb column cannot
  // hold (a lone UTF-16 surrogate, a NUL) used to make the audit insert fail while the action
  // succeeded; the values are now made storable, and the row is written before the action runs.
  it('writes the audit row of a delivery and an invoice whose bodies hold a lone surrogate or a NUL', async () => {
    const sale = await insertSale(database.db, a.customerId, {
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline 10', qty: 2, priceUnitCents: 1000 }],
    });
    const before = (await auditRows()).length;
    const picking = await send('POST', `/staff/sales/${sale.id}/pickings`, cookies.staff, {
      tracking_ref: 'TR\uD800-1',
      lines: { [sale.lineIds[0]!]: 2 },
    });
    expect(picking.statusCode).toBe(201);
    const invoice = await send('POST', `/staff/sales/${sale.id}/invoices`, cookies.staff, {
      note: 'a\u0000b',
      odd: '\uDC00x',
      ['k\u0000ey']: 1,
    });
    expect(invoice.statusCode).toBe(201);
    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => [r.action, r.status])).toEqual([
      ['POST /staff/sales/:id/pickings', 201],
      ['POST /staff/sales/:id/invoices', 201],
    ]);
    // Lone surrogates become U+FFFD, a NUL becomes U+2400 (␀); the rest of the body is kept.
    expect(rows[0]!.details).toMatchObject({ body: { tracking_ref: 'TR\uFFFD-1' } });
    expect(rows[1]!.details).toMatchObject({ body: { note: 'a\u2400b', odd: '\uFFFDx', 'k\u2400ey': 1 } });
  });

  it('does not perform a staff action whose audit row cannot be written', async () => {
    const sale = await insertSale(database.db, a.customerId, {
      lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline 10', qty: 1, priceUnitCents: 1000 }],
    });
    // The audit insert of this one order's actions fails (a trigger standing for a full disk, a
    // lost connection, a constraint...).
    await database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_audit_fail() RETURNS trigger AS $$
        BEGIN
          IF NEW.target_id = '${sale.id}' THEN RAISE EXCEPTION 'forced audit failure'; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER test_audit_fail BEFORE INSERT OR UPDATE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION test_audit_fail()`),
    );
    const pickingsOf = () => database.db.select().from(pickings).where(eq(pickings.saleId, sale.id));
    const invoicesOf = () => database.db.select().from(invoices).where(eq(invoices.saleId, sale.id));
    try {
      const picking = await send('POST', `/staff/sales/${sale.id}/pickings`, cookies.staff, {
        lines: { [sale.lineIds[0]!]: 1 },
      });
      expect(picking.statusCode).toBe(503);
      expect(picking.json().code).toBe('audit_unavailable');
      expect(await pickingsOf()).toEqual([]);
    } finally {
      await database.db.execute(sql.raw('DROP TRIGGER test_audit_fail ON audit_log'));
    }
    // Once the log can be written again, the same action goes through and is logged.
    const picking = await send('POST', `/staff/sales/${sale.id}/pickings`, cookies.staff, {
      lines: { [sale.lineIds[0]!]: 1 },
    });
    expect(picking.statusCode).toBe(201);
    expect(await pickingsOf()).toHaveLength(1);
    expect(await invoicesOf()).toEqual([]);
    const last = (await auditRows()).at(-1)!;
    expect([last.action, last.status, last.targetId]).toEqual([
      'POST /staff/sales/:id/pickings',
      201,
      String(sale.id),
    ]);
  });
});
