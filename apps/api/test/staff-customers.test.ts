/**
 * Staff management of customers and users (docs/decisions/staff-customers.md,
 * modules/staff-customers): search by name, number, VAT and login; the customer with its users;
 * sales person, payment terms, price list, groups and rights changed and audited; a user added to a
 * practice gets an invitation whose link sets the password; a deactivated user's session cookie is
 * refused at once; non-staff get 403, guests 401; bad input is a 4xx problem+json. Orders entered
 * by staff for a customer (docs/decisions/staff-orders-on-behalf.md): priced with the customer's
 * price list, confirmed with their sale channel, shown in the customer's orders, the customer's
 * own cart untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { auditLog, customers, salesPersons, sessions, users } from '../src/db/schema.ts';
import type { MailMessage, Mailer } from '../src/modules/mail/mailer.ts';
import {
  createCustomer,
  createStaff,
  registrationApplication,
  signIn,
  type FixtureCustomer,
} from './account-fixtures.ts';
import { insertFixture, type Fixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';
import { seedCarriers } from '../src/seed/carriers.ts';

describe.each(databaseTargets())('staff customers ($name)', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let fixture: Fixture;
  let a: FixtureCustomer;
  let b: FixtureCustomer;
  let salesPersonId: number;
  const cookies = { a: '', staff: '' };
  const messages: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (m) => {
      messages.push(m);
    },
  };

  beforeAll(async () => {
    database = (await target.open('vetshop_test_staff_customers')).database;
    fixture = await insertFixture(database.db);
    app = await buildApp({
      db: database,
      mailer,
      auth: { type: 'credentials', siteUrl: 'http://localhost:3999' },
    });
    await app.ready();
    a = await createCustomer(database.db);
    b = await createCustomer(database.db);
    await database.db
      .update(customers)
      .set({ name: 'Clinique Vétérinaire des Tilleuls', vat: 'BE0412345614' })
      .where(eq(customers.id, b.customerId));
    const staff = await createStaff(database.db);
    cookies.a = await signIn(app, a.login);
    cookies.staff = await signIn(app, staff.login);
    const [sp] = await database.db
      .insert(salesPersons)
      .values({ name: 'Marc Delvaux', email: 'marc@vetshop.test' })
      .returning({ id: salesPersons.id });
    salesPersonId = sp!.id;
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

  const ids = (body: { items: { id: number }[] }) => body.items.map((c) => c.id);

  it('finds customers by name, number, VAT (typed with dots) and user login', async () => {
    const [row] = await database.db
      .select({ number: customers.number })
      .from(customers)
      .where(eq(customers.id, a.customerId));
    const byName = await send('GET', '/staff/customers?q=tilleuls', cookies.staff);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(ids(byName.json())).toEqual([b.customerId]);
    expect(ids((await send('GET', `/staff/customers?q=${row!.number}`, cookies.staff)).json())).toEqual([
      a.customerId,
    ]);
    expect(ids((await send('GET', '/staff/customers?q=0412.345.614', cookies.staff)).json())).toEqual([
      b.customerId,
    ]);
    const byLogin = (
      await send('GET', `/staff/customers?q=${encodeURIComponent(a.login)}`, cookies.staff)
    ).json();
    expect(ids(byLogin)).toEqual([a.customerId]);
    expect(byLogin.items[0]).toMatchObject({ users: 1, active_users: 1, city: 'Bruxelles' });
  });

  it('shows a customer with its users, never a password hash; 404 for an unknown one', async () => {
    const res = await send('GET', `/staff/customers/${a.customerId}`, cookies.staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toHaveLength(1);
    expect(body.users[0]).toMatchObject({ id: a.userId, login: a.login, has_password: true, active: true });
    expect(res.body).not.toContain('argon2');
    const missing = await send('GET', '/staff/customers/999999', cookies.staff);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });

  it('changes sales person, payment terms, price list, groups and rights, each change audited', async () => {
    const before = await database.db.select({ id: auditLog.id }).from(auditLog);
    const res = await send('PUT', `/staff/customers/${a.customerId}`, cookies.staff, {
      sales_person_id: salesPersonId,
      payment_terms_days: 60,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sales_person_id: salesPersonId, payment_terms_days: 60 });
    const user = await send('PUT', `/staff/customers/${a.customerId}/users/${a.userId}`, cookies.staff, {
      price_list: 'wholesaler',
      vet_group_ids: [fixture.vetGroups.west],
      can_order: false,
      can_import: true,
      supplier_promotion: true,
    });
    expect(user.statusCode, user.body).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.id, a.userId));
    expect(row).toMatchObject({
      priceList: 'wholesaler',
      vetGroupIds: [fixture.vetGroups.west],
      canOrder: false,
      canImport: true,
      supplierPromotion: true,
    });
    // The user's own profile already reads the new rights.
    const profile = await send('GET', '/auth/profile', cookies.a);
    expect(profile.statusCode).toBe(200);
    const rows = (await database.db.select().from(auditLog).orderBy(auditLog.id)).slice(before.length);
    expect(rows.map((r) => [r.action, r.targetType, r.targetId, r.status])).toEqual([
      ['PUT /staff/customers/:id', 'customers', String(a.customerId), 200],
      ['PUT /staff/customers/:id/users/:userId', 'customers', String(a.customerId), 200],
    ]);
    expect(rows[1]!.details).toMatchObject({ body: { price_list: 'wholesaler' } });
    // Back to ordering for the next tests.
    await send('PUT', `/staff/customers/${a.customerId}/users/${a.userId}`, cookies.staff, {
      can_order: true,
    });
  });

  it('refuses bad input with a 4xx problem+json in the caller language, nothing changed', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['PUT', `/staff/customers/${a.customerId}`, { payment_terms_days: -1 }, 400, 'payment_terms_days'],
      ['PUT', `/staff/customers/${a.customerId}`, { sales_person_id: 999999 }, 400, 'sales_person_id'],
      ['PUT', `/staff/customers/${a.customerId}`, { unknown: true }, 400, ''],
      [
        'PUT',
        `/staff/customers/${a.customerId}/users/${a.userId}`,
        { price_list: 'gold' },
        400,
        'price_list',
      ],
      [
        'PUT',
        `/staff/customers/${a.customerId}/users/${a.userId}`,
        { vet_group_ids: [999999] },
        400,
        'vet_group_ids',
      ],
      // B's user through A's customer: not found, B untouched.
      ['PUT', `/staff/customers/${a.customerId}/users/${b.userId}`, { can_order: false }, 404, ''],
      [
        'POST',
        `/staff/customers/${a.customerId}/users`,
        { email: 'not-an-email', given_name: 'X', family_name: 'Y' },
        400,
        'email',
      ],
      [
        'POST',
        `/staff/customers/${a.customerId}/users`,
        { email: b.login, given_name: 'X', family_name: 'Y' },
        409,
        'email',
      ],
    ];
    for (const [method, url, payload, status, field] of cases) {
      const res = await app.inject({
        method: method as 'PUT',
        url,
        headers: { cookie: cookies.staff, 'accept-language': 'nl' },
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      if (field) expect(res.json().errors?.[0]?.field).toBe(field);
    }
    const unknownGroup = await app.inject({
      method: 'PUT',
      url: `/staff/customers/${a.customerId}/users/${a.userId}`,
      headers: { cookie: cookies.staff, 'accept-language': 'nl' },
      payload: { vet_group_ids: [999999] },
    });
    expect(unknownGroup.json()).toMatchObject({
      code: 'unknown_vet_group',
      detail: 'Deze dierenartsengroep bestaat niet.',
    });
    const [bUser] = await database.db.select().from(users).where(eq(users.id, b.userId));
    expect(bUser!.canOrder).toBe(true);
    const [aCustomer] = await database.db.select().from(customers).where(eq(customers.id, a.customerId));
    expect(aCustomer!.paymentTermsDays).toBe(60);
  });

  it('adds a user with an invitation whose link sets the password, then the user signs in', async () => {
    const email = `Colleague-${Date.now()}@Practice.test`;
    const res = await send('POST', `/staff/customers/${a.customerId}/users`, cookies.staff, {
      email,
      given_name: 'Sofie',
      family_name: 'Claes',
      locale: 'nl',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.invitation_sent).toBe(true);
    const added = body.customer.users.find((u: { id: number }) => u.id === body.user_id);
    // Price list and groups of the practice's first user; no password yet.
    expect(added).toMatchObject({
      login: email.toLowerCase(),
      price_list: 'wholesaler',
      vet_group_ids: [fixture.vetGroups.west],
      has_password: false,
      email_verified: false,
    });
    const mail = messages.at(-1)!;
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.subject).toBe('Uw toegang tot VetShop');
    const token = /token=([^\s"&<]+)/.exec(mail.text)![1]!;
    expect(mail.text).toContain('http://localhost:3999/nl/account/reset-password?token=');
    const set = await send('POST', '/auth/set_password', undefined, {
      token: decodeURIComponent(token),
      password: 'a brand new password',
    });
    expect(set.statusCode, set.body).toBe(204);
    const login = await send('POST', '/auth/login', undefined, {
      login: email,
      password: 'a brand new password',
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('deactivating a user deletes its sessions: its cookie is refused at once; reactivation lets it sign in', async () => {
    const extra = await createCustomer(database.db);
    const cookie = await signIn(app, extra.login);
    expect((await send('GET', '/auth/profile', cookie)).statusCode).toBe(200);
    const res = await send(
      'POST',
      `/staff/customers/${extra.customerId}/users/${extra.userId}/deactivate`,
      cookies.staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().users[0].active).toBe(false);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, extra.userId))).toEqual([]);
    expect((await send('GET', '/auth/profile', cookie)).statusCode).toBe(401);
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'POST /staff/customers/:id/users/:userId/deactivate'),
          eq(auditLog.targetId, String(extra.customerId)),
        ),
      );
    expect(row).toMatchObject({ status: 200, targetType: 'customers' });
    expect(row!.details).toMatchObject({ params: { userId: extra.userId } });
    // The invitation is refused to a deactivated user.
    const invite = await send(
      'POST',
      `/staff/customers/${extra.customerId}/users/${extra.userId}/invitation`,
      cookies.staff,
    );
    expect(invite.statusCode).toBe(409);
    expect(
      (
        await send(
          'POST',
          `/staff/customers/${extra.customerId}/users/${extra.userId}/activate`,
          cookies.staff,
        )
      ).statusCode,
    ).toBe(200);
    await signIn(app, extra.login);
  });

  it('gives 403 to a customer and 401 to a guest on every staff customer route, and logs none', async () => {
    const routes = app.routeTable.filter((r) => r.url.startsWith('/staff/customers'));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const before = (await database.db.select({ id: auditLog.id }).from(auditLog)).length;
    for (const r of routes) {
      const url = r.url.replace(':id', String(a.customerId)).replace(':userId', String(a.userId));
      const payload = r.method === 'GET' ? undefined : {};
      const asCustomer = await send(r.method, url, cookies.a, payload);
      expect(asCustomer.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(asCustomer.headers['content-type']).toContain('application/problem+json');
      expect((await send(r.method, url, undefined, payload)).statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    expect((await database.db.select({ id: auditLog.id }).from(auditLog)).length).toBe(before);
  });

  it("keeps the veterinarian's Order number of the application on the approved customer", async () => {
    const email = `ordre-${Date.now()}@practice.test`;
    const applied = await send(
      'POST',
      '/registrations',
      undefined,
      registrationApplication(email, 'fr', { ordre_number: 'N-4321', depot_number: 'D-77' }),
    );
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().data).toMatchObject({ ordre_number: 'N-4321', depot_number: 'D-77' });
    const approved = await send('POST', `/staff/registrations/${applied.json().id}/approve`, cookies.staff, {
      vet_group_ids: [fixture.vetGroups.east],
      sales_person_id: salesPersonId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const detail = (
      await send('GET', `/staff/customers/${approved.json().customer_id}`, cookies.staff)
    ).json();
    expect(detail).toMatchObject({
      ordre_number: 'N-4321',
      depot_number: 'D-77',
      sales_person_id: salesPersonId,
    });
    expect(detail.users[0].vet_group_ids).toEqual([fixture.vetGroups.east]);
    const tooLong = await send(
      'POST',
      '/registrations',
      undefined,
      registrationApplication(`x-${email}`, 'fr', { ordre_number: 'N'.repeat(31) }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0]).toMatchObject({ field: 'ordre_number', code: 'too_long' });
  });

  it('lists the form choices: price lists, groups and sales persons', async () => {
    const res = await send('GET', '/staff/customers/options', cookies.staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.price_lists).toContain('veterinary');
    expect(body.vet_groups.map((g: { code: string }) => g.code)).toEqual(['east', 'west']);
    expect(body.sales_persons).toEqual([
      { id: salesPersonId, name: 'Marc Delvaux', email: 'marc@vetshop.test' },
    ]);
  });

  describe('orders entered on behalf of a customer', () => {
    let c: FixtureCustomer;
    let cookieC: string;
    const variants: { id: number; sku: string }[] = [];
    let restrictedId = 0;

    beforeAll(async () => {
      await seedCarriers(database.db);
      const rows = await database.db.execute<{ id: number; sku: string }>(sql`
        SELECT v.id, v.sku FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 ORDER BY v.id LIMIT 2`);
      for (const [i, r] of rows.rows.entries()) {
        variants.push({ id: Number(r.id), sku: r.sku });
        await database.db.execute(sql`
          DELETE FROM price_tiers WHERE variant_id = ${r.id}
            AND price_list_id = (SELECT id FROM price_lists WHERE code = 'veterinary')`);
        await database.db.execute(sql`
          INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
          VALUES (${r.id}, (SELECT id FROM price_lists WHERE code = 'veterinary'), ${[1_234, 2_000][i]!}, 1)`);
      }
      const restricted = await database.db.execute<{ id: number }>(sql`
        SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE cardinality(p.vet_group_ids) > 0 ORDER BY v.id LIMIT 1`);
      restrictedId = Number(restricted.rows[0]!.id);
      c = await createCustomer(database.db);
      cookieC = await signIn(app, c.login);
      // The customer's own cart on the website: one unit of the second product.
      const own = await send('POST', '/v2/cart/sync', cookieC, {
        uuid: null,
        transactions: [{ uuid: `own-${Date.now()}`, product_id: variants[1]!.id, qty: 1 }],
      });
      expect(own.statusCode, own.body).toBe(200);
    });

    const ownCart = async () =>
      (
        await database.db.execute<{ uuid: string; qty: number }>(sql`
          SELECT k.uuid, (SELECT sum(qty)::int FROM cart_lines l WHERE l.cart_id = k.id) AS qty
          FROM carts k WHERE k.customer_id = ${c.customerId} AND k.state = 'open'`)
      ).rows;

    it('finds the products the customer may order by SKU, without restricted ones', async () => {
      const res = await send(
        'GET',
        `/staff/customers/${c.customerId}/products?q=${encodeURIComponent(variants[0]!.sku)}`,
        cookies.staff,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((i: { variant_id: number }) => i.variant_id)).toContain(variants[0]!.id);
      const [named] = (
        await database.db.execute<{ name: string }>(
          sql`SELECT t.name FROM product_translations t JOIN product_variants v ON v.product_id = t.product_id
              WHERE v.id = ${variants[0]!.id} LIMIT 1`,
        )
      ).rows;
      const byName = await send(
        'GET',
        `/staff/customers/${c.customerId}/products?q=${encodeURIComponent(named!.name.slice(0, 6))}`,
        cookies.staff,
      );
      expect(byName.json().items.map((i: { variant_id: number }) => i.variant_id)).toContain(variants[0]!.id);
      const bad = await send('GET', `/staff/customers/${c.customerId}/products?q=x`, cookies.staff);
      expect(bad.statusCode).toBe(400);
    });

    /** The products the staff's order entry answers for `q` (variant ids and names). */
    const productsFor = async (q: string) =>
      (
        await send(
          'GET',
          `/staff/customers/${c.customerId}/products?q=${encodeURIComponent(q)}`,
          cookies.staff,
        )
      ).json<{ items: { variant_id: number; name: string }[] }>().items;

    it('finds a product by its CNK as pharmacies write it and by its substance in another wording', async () => {
      const found = async (q: string) => (await productsFor(q)).map((i) => i.variant_id);
      const [v] = (
        await database.db.execute<{ cnk_code: string | null; barcode: string | null }>(
          sql`SELECT cnk_code, barcode FROM product_variants WHERE id = ${variants[0]!.id}`,
        )
      ).rows;
      expect(v?.cnk_code, 'the fixture variant has a CNK').toMatch(/^\d{7}$/);
      expect(await found(`${v!.cnk_code!.slice(0, 4)}-${v!.cnk_code!.slice(4)}`)).toContain(variants[0]!.id);
      if (v?.barcode) expect(await found(`0${v.barcode}`)).toContain(variants[0]!.id);
      // The catalogue import names each substance wording's key (docs/decisions/substance-facet.md):
      // here the fixture's "Meloxicam" wording, found when typed as its French salt form.
      await database.db.execute(sql`
        UPDATE products SET active_principles = ARRAY['Meloxicam']
        WHERE id = (SELECT product_id FROM product_variants WHERE id = ${variants[0]!.id})`);
      await database.db.execute(
        sql`INSERT INTO substance_terms (wording, key) VALUES ('Meloxicam', 'meloxicam') ON CONFLICT DO NOTHING`,
      );
      expect(await found('Méloxicam sodique')).toContain(variants[0]!.id);
      expect(await found('méloxi')).toContain(variants[0]!.id);
    });

    it('finds a name typed without its accents, and by its first letters when two are typed', async () => {
      const named = async (q: string) => (await productsFor(q)).map((i) => i.name);
      // "Médicament vermifuge Parasitex" (the fixture's French name), typed as a keyboard without
      // accents writes it; the staff user reads the product in French.
      expect(await named('medicament VERMI')).toContain('Médicament vermifuge Parasitex');
      // Two letters: names that begin with them ("Royal Canin…"), not every name holding them.
      expect(await named('ro')).toContain('Royal Canin Renal chien');
      expect(await named('oy')).toEqual([]);
    });

    it("prices the lines with the customer's price list, nothing stored, the customer's cart untouched", async () => {
      const before = await ownCart();
      const res = await send('POST', `/staff/customers/${c.customerId}/orders/preview`, cookies.staff, {
        lines: [{ variant_id: variants[0]!.id, qty: 3 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const line = res.json().lines.find((l: { product_id: number }) => l.product_id === variants[0]!.id);
      expect(line).toMatchObject({ qty: 3, price_unit_discounted: 12.34, amount: 37.02 });
      expect(await ownCart()).toEqual(before);
      expect(before).toEqual([{ uuid: expect.any(String), qty: 1 }]);
    });

    it("confirms the order with its sale channel: in the customer's orders, own cart kept, audited", async () => {
      const before = await ownCart();
      const res = await send('POST', `/staff/customers/${c.customerId}/orders`, cookies.staff, {
        sale_channel: 'phone',
        note: 'Called at 9:10',
        lines: [
          { variant_id: variants[0]!.id, qty: 2 },
          { variant_id: variants[1]!.id, qty: 1 },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const sale = res.json();
      expect(sale.state).toBe('pending');
      const mine = await send('GET', '/orders?sale_channel=phone', cookieC);
      expect(mine.statusCode, mine.body).toBe(200);
      const listed = mine.json().data.find((o: { name: string }) => o.name === sale.name);
      expect(listed).toMatchObject({ sale_channel: 'phone' });
      const lines = await database.db.execute<{ variant_id: number; qty: number; price_unit_cents: number }>(
        sql`SELECT variant_id, qty FROM sale_lines WHERE sale_id = ${sale.sale_id} AND variant_id IS NOT NULL ORDER BY variant_id`,
      );
      expect(lines.rows.map((l) => [Number(l.variant_id), Number(l.qty)])).toEqual([
        [variants[0]!.id, 2],
        [variants[1]!.id, 1],
      ]);
      expect(await ownCart()).toEqual(before);
      const [row] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'POST /staff/customers/:id/orders'));
      expect(row).toMatchObject({ status: 201, targetId: String(c.customerId) });
    });

    it('refuses bad orders with a 4xx problem and stores nothing', async () => {
      const count = async () =>
        Number(
          (
            await database.db.execute<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM sales WHERE customer_id = ${c.customerId}`,
            )
          ).rows[0]!.n,
        );
      const before = await count();
      const cases: [unknown, number, string][] = [
        [{ sale_channel: 'web', lines: [{ variant_id: variants[0]!.id, qty: 1 }] }, 400, 'sale_channel'],
        [{ sale_channel: 'fax', lines: [] }, 400, 'lines'],
        [{ sale_channel: 'fax', lines: [{ variant_id: variants[0]!.id, qty: 0 }] }, 400, 'lines.0.qty'],
        [{ sale_channel: 'mail', lines: [{ variant_id: restrictedId, qty: 1 }] }, 400, 'lines.0.variant_id'],
        [
          { sale_channel: 'mail', user_id: b.userId, lines: [{ variant_id: variants[0]!.id, qty: 1 }] },
          404,
          '',
        ],
      ];
      for (const [payload, status, field] of cases) {
        const res = await send('POST', `/staff/customers/${c.customerId}/orders`, cookies.staff, payload);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
        expect(res.headers['content-type']).toContain('application/problem+json');
        if (field) expect(res.json().errors?.[0]?.field).toBe(field);
      }
      await database.db.update(users).set({ canOrder: false }).where(eq(users.customerId, c.customerId));
      const blocked = await send('POST', `/staff/customers/${c.customerId}/orders`, cookies.staff, {
        sale_channel: 'phone',
        lines: [{ variant_id: variants[0]!.id, qty: 1 }],
      });
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().code).toBe('customer_cannot_order');
      await database.db.update(users).set({ canOrder: true }).where(eq(users.customerId, c.customerId));
      expect(await count()).toBe(before);
      expect((await ownCart())[0]?.qty).toBe(1);
    });
  });
});
