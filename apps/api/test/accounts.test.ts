/**
 * Accounts (docs/product/accounts.md): addresses (CRUD, rights of docs/product/accounts.md#roles-and-permissions, invoicing-address change requests, docs/product/accounts.md
 * search), registrations (validation of docs/product/accounts.md with nothing stored on a 400, staff approval that
 * creates customer + address + user and sends the welcome mail), newsletter opt in/out (docs/product/accounts.md#customer-calls
 * Customer), sales person, GET settings in the request's language, and the demo-account seed.
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (private scratch
 * databases `vetshop_accounts_test` / `vetshop_demo_seed_test`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  addressListSchema,
  addressSchema,
  problemSchema,
  registrationSchema,
  settingsSchema,
  userProfileSchema,
  type Address,
} from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import { forgetCachedSessions } from '../src/modules/auth/session.ts';
import type { Database, Db } from '../src/db/client.ts';
import {
  addressChangeRequests,
  addresses,
  customers,
  priceTiers,
  productVariants,
  registrations,
  salesPersons,
  users,
  variantPrices,
} from '../src/db/schema.ts';
import type { MailMessage, Mailer } from '../src/modules/mail/mailer.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, demoLogin, seedDemoAccounts } from '../src/seed/accounts.ts';
import { createCustomer, createStaff, signIn, type FixtureCustomer } from './account-fixtures.ts';
import { insertFixture, type Fixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

/** A Mailer that keeps every message instead of sending it. */
function captureMailer(): Mailer & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
  };
}

interface Call {
  cookie?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  { cookie, payload, headers = {} }: Call = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

/** Asserts a 400 problem naming `field` with `code`. */
function expectFieldError(res: LightMyRequestResponse, field: string, code: string): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(problemSchema.parse(res.json()).status).toBe(400);
  const errors = (res.json() as { errors?: { field: string; code: string }[] }).errors ?? [];
  expect(errors, res.body).toContainEqual({ field, code });
}

async function countRows(
  db: Db,
  table: 'registrations' | 'customers' | 'users' | 'addresses',
): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return Number(r.rows[0]?.n ?? 0);
}

const deliveryInput = (over: Record<string, unknown> = {}) => ({
  name: 'Cabinet vétérinaire du Parc',
  street: 'Rue du Parc 12',
  zip: '1000',
  city: 'Bruxelles',
  country_code: 'BE',
  ...over,
});

let applicantSeq = 0;
/** A valid application (docs/product/accounts.md#registration-fields); override any field. */
function application(over: Record<string, unknown> = {}): Record<string, unknown> {
  applicantSeq += 1;
  return {
    title: 'dr',
    first_name: 'Anne',
    last_name: 'Peeters',
    email: `Anne.Peeters${applicantSeq}-${Date.now()}@Praktijk.test`,
    mobile: '+32 470 11 22 33',
    company_name: 'Dierenkliniek Peeters',
    vat: 'BE 0412.345.614',
    vat_pending: false,
    street: 'Kerkstraat 5',
    zip: '2000',
    city: 'Antwerpen',
    country: 'BE',
    function: 'veterinary',
    vet_activities: ['pet', 'equine'],
    depot_number: 'DEP-1',
    subscription_number: 'N-12345',
    terms_accepted: true,
    opt_in: true,
    locale: 'nl',
    password: 'a long enough password',
    ...over,
  };
}

describe.each(targets)('accounts on $name', (target) => {
  let database: Database;
  let db: Db;
  let app: FastifyInstance;
  let fixture: Fixture;
  const mailer = captureMailer();
  let a: FixtureCustomer;
  let b: FixtureCustomer;
  let cookieA: string;
  let cookieB: string;
  let staffCookie: string;

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_accounts_test'));
    db = database.db;
    fixture = await insertFixture(db);
    app = await buildApp({
      db: database,
      mailer,
      auth: { type: 'credentials', siteUrl: 'http://localhost:3999' },
    });
    await app.ready();
    a = await createCustomer(db);
    b = await createCustomer(db);
    const staff = await createStaff(db);
    cookieA = await signIn(app, a.login);
    cookieB = await signIn(app, b.login);
    staffCookie = await signIn(app, staff.login);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  // ------------------------------------------------------------------------------------------
  // Settings

  describe('GET /settings', () => {
    const belgium = async (headers: Record<string, string>, query = '') => {
      const res = await call(app, 'GET', `/settings${query}`, { headers });
      expect(res.statusCode, res.body).toBe(200);
      const body = settingsSchema.parse(res.json());
      return { body, name: body.countries.find((c) => c.code === 'BE')?.name, res };
    };

    it('names everything in the Accept-Language locale, fr by default, ?lang first', async () => {
      expect((await belgium({})).name).toBe('Belgique');
      expect((await belgium({ 'accept-language': 'nl-BE,nl;q=0.9,en;q=0.8' })).name).toBe('België');
      expect((await belgium({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })).name).toBe('Belgium');
      // q-values decide, not the order of the header.
      expect((await belgium({ 'accept-language': 'en;q=0.2,nl;q=0.8' })).name).toBe('België');
      expect((await belgium({ 'accept-language': 'de, es' })).name).toBe('Belgique');
      expect((await belgium({ 'accept-language': 'nl' }, '?lang=en')).name).toBe('Belgium');
      const nl = await belgium({ 'accept-language': 'nl' });
      expect(nl.res.headers['content-language']).toBe('nl');
      expect(nl.body.states.find((s) => s.code === 'VAN')).toEqual({
        code: 'VAN',
        name: 'Antwerpen',
        country_code: 'BE',
      });
      expect(nl.body.titles.find((t) => t.id === 'mr')?.name).toBe('De heer');
      expect(nl.body.lead_subjects.find((s) => s.id === 'delivery')?.name).toBe('Levering');
      const fr = await belgium({ 'accept-language': 'fr-BE' });
      expect(fr.body.states.find((s) => s.code === 'VAN')?.name).toBe('Anvers');
      expect(fr.body.currencies).toEqual([
        { code: 'EUR', name: expect.stringMatching(/^euro$/i), symbol: '€' },
      ]);
      expect(fr.body.countries.slice(0, 5).map((c) => c.code)).toEqual(['BE', 'NL', 'LU', 'FR', 'DE']);
      expect(fr.body.countries).toHaveLength(32);
    });

    it('refuses an unknown lang with 400', async () => {
      const res = await call(app, 'GET', '/settings?lang=de');
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    });
  });

  // ------------------------------------------------------------------------------------------
  // Addresses

  describe('addresses', () => {
    const list = async (type: string, cookie: string, query = '', headers: Record<string, string> = {}) => {
      const res = await call(app, 'GET', `/addresses/${type}${query}`, { cookie, headers });
      expect(res.statusCode, res.body).toBe(200);
      return addressListSchema.parse(res.json()).data;
    };

    it('lists the main invoicing address: not deletable, updatable, country in the request language', async () => {
      const [main, ...rest] = await list('invoicing', cookieA, '', { 'accept-language': 'nl-BE' });
      expect(rest).toEqual([]);
      expect(main).toMatchObject({
        id: a.invoicingAddressId,
        type: 'invoicing',
        main: true,
        access: { delete: false, update: true },
        change_requested: false,
        country_id: 'BE',
        country: { code: 'BE', name: 'België' },
      });
      expect((await list('invoicing', cookieA, '?lang=en'))[0]?.country.name).toBe('Belgium');
      expect(await list('delivery', cookieA)).toEqual([]);
    });

    it('creates, updates and deletes delivery addresses within the rights', async () => {
      const created = await call(app, 'POST', '/addresses/delivery', {
        cookie: cookieA,
        payload: deliveryInput({ state_code: 'BBR', phone: '+32 2 555 12 12' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const address = addressSchema.parse(created.json());
      expect(address).toMatchObject({
        type: 'delivery',
        main: false,
        access: { delete: true, update: true },
        state: { code: 'BBR', name: 'Bruxelles-Capitale' },
        phone: '+32 2 555 12 12',
      });
      expect((await list('delivery', cookieA)).map((x) => x.id)).toEqual([address.id]);
      expect(await list('delivery', cookieB)).toEqual([]);

      const updated = await call(app, 'POST', `/addresses/delivery/${address.id}`, {
        cookie: cookieA,
        payload: deliveryInput({ street: 'Avenue Louise 200', state_code: null }),
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(addressSchema.parse(updated.json())).toMatchObject({ street: 'Avenue Louise 200', state: null });

      // Customer B sees A's address as missing.
      for (const res of [
        await call(app, 'POST', `/addresses/delivery/${address.id}`, {
          cookie: cookieB,
          payload: deliveryInput(),
        }),
        await call(app, 'DELETE', `/addresses/delivery/${address.id}`, { cookie: cookieB }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'not_found' });
      }
      // The type in the path must be the address's type.
      expect(
        (await call(app, 'DELETE', `/addresses/invoicing/${address.id}`, { cookie: cookieA })).statusCode,
      ).toBe(404);

      const deleted = await call(app, 'DELETE', `/addresses/delivery/${address.id}`, { cookie: cookieA });
      expect(deleted.statusCode).toBe(204);
      expect(await list('delivery', cookieA)).toEqual([]);
      const [row] = await db.select().from(addresses).where(eq(addresses.id, address.id));
      expect(row?.deletedAt).toBeInstanceOf(Date);
      expect(
        (await call(app, 'DELETE', `/addresses/delivery/${address.id}`, { cookie: cookieA })).statusCode,
      ).toBe(404);
    });

    it('honours the update and delete rights of an address (docs/product/accounts.md#roles-and-permissions)', async () => {
      const created = addressSchema.parse(
        (
          await call(app, 'POST', '/addresses/delivery', { cookie: cookieA, payload: deliveryInput() })
        ).json(),
      );
      await db
        .update(addresses)
        .set({ canUpdate: false, canDelete: false })
        .where(eq(addresses.id, created.id));
      const [listed] = (await list('delivery', cookieA)).filter((x) => x.id === created.id);
      expect(listed?.access).toEqual({ delete: false, update: false });
      const upd = await call(app, 'POST', `/addresses/delivery/${created.id}`, {
        cookie: cookieA,
        payload: deliveryInput({ city: 'Uccle' }),
      });
      expect(upd.statusCode).toBe(403);
      expect(upd.json()).toMatchObject({ code: 'address_not_updatable' });
      const del = await call(app, 'DELETE', `/addresses/delivery/${created.id}`, { cookie: cookieA });
      expect(del.statusCode).toBe(409);
      expect(del.json()).toMatchObject({ code: 'address_undeletable' });
      const [row] = await db.select().from(addresses).where(eq(addresses.id, created.id));
      expect(row).toMatchObject({ city: 'Bruxelles', deletedAt: null });
      await db.update(addresses).set({ deletedAt: new Date() }).where(eq(addresses.id, created.id));
    });

    it('never creates nor deletes the invoicing address', async () => {
      const before = await countRows(db, 'addresses');
      const create = await call(app, 'POST', '/addresses/invoicing', {
        cookie: cookieA,
        payload: deliveryInput(),
      });
      expect(create.statusCode).toBe(400);
      expect(create.json()).toMatchObject({ code: 'invoicing_address_unique' });
      const del = await call(app, 'DELETE', `/addresses/invoicing/${a.invoicingAddressId}`, {
        cookie: cookieA,
      });
      expect(del.statusCode).toBe(409);
      expect(del.json()).toMatchObject({ code: 'main_address_undeletable' });
      expect(await countRows(db, 'addresses')).toBe(before);
      expect((await list('invoicing', cookieA)).map((x) => x.id)).toEqual([a.invoicingAddressId]);
    });

    it('refuses bad address input with the field named, storing nothing', async () => {
      const before = await countRows(db, 'addresses');
      const post = (payload: unknown) =>
        call(app, 'POST', '/addresses/delivery', { cookie: cookieA, payload });
      expectFieldError(await post(deliveryInput({ country_code: 'US' })), 'country_code', 'unknown_country');
      expectFieldError(await post(deliveryInput({ name: '   ' })), 'name', 'required');
      expectFieldError(await post(deliveryInput({ city: 'x'.repeat(81) })), 'city', 'too_long');
      expectFieldError(await post(deliveryInput({ email: 'not-an-email' })), 'email', 'invalid_email');
      expectFieldError(
        await post(deliveryInput({ country_code: 'NL', zip: '6211 AB', state_code: 'VAN' })),
        'state_code',
        'unknown_state',
      );
      // A postal code is checked against its country (docs/decisions/postal-codes.md).
      expectFieldError(await post(deliveryInput({ zip: '12' })), 'zip', 'zip_format');
      expectFieldError(await post(deliveryInput({ country_code: 'NL' })), 'zip', 'zip_format');
      expectFieldError(await post(deliveryInput({ phone: 'call me' })), 'phone', 'invalid_phone');
      expect(await countRows(db, 'addresses')).toBe(before);
    });

    it('stores a change of the invoicing address as a request staff approve or refuse', async () => {
      // A title and a reference the address form does not send: approval keeps them.
      await database.db.execute(
        sql`UPDATE addresses SET title = 'dr', ref = 'R-7' WHERE id = ${a.invoicingAddressId}`,
      );
      const [original] = await list('invoicing', cookieA);
      const ask = (payload: unknown) =>
        call(app, 'POST', `/addresses/invoicing/${a.invoicingAddressId}`, { cookie: cookieA, payload });
      const first = await ask(
        deliveryInput({ name: 'Practice A', street: 'Rue Neuve 1', city: 'Bruxelles' }),
      );
      expect(first.statusCode, first.body).toBe(202);
      const { change_request_id: requestId, address } = first.json() as {
        change_request_id: number;
        address: Address;
      };
      expect(address).toMatchObject({
        id: a.invoicingAddressId,
        street: original!.street,
        change_requested: true,
      });
      // Still unchanged, flagged as awaiting staff.
      const [after] = await list('invoicing', cookieA);
      expect(after).toMatchObject({ street: original!.street, change_requested: true });
      // A second request replaces the pending one.
      const second = await ask(deliveryInput({ name: 'Practice A', street: 'Rue Neuve 99', zip: '1000' }));
      expect(second.statusCode).toBe(202);
      expect((second.json() as { change_request_id: number }).change_request_id).toBe(requestId);
      // Another customer cannot ask for a change of A's address.
      const foreign = await call(app, 'POST', `/addresses/invoicing/${a.invoicingAddressId}`, {
        cookie: cookieB,
        payload: deliveryInput(),
      });
      expect(foreign.statusCode).toBe(404);

      const pending = await call(app, 'GET', '/staff/address_change_requests?state=pending', {
        cookie: staffCookie,
      });
      expect(pending.statusCode, pending.body).toBe(200);
      const listed = pending.json() as {
        count: number;
        items: { id: number; requested: { street: string } }[];
      };
      expect(listed.count).toBe(1);
      expect(listed.items[0]).toMatchObject({ id: requestId, requested: { street: 'Rue Neuve 99' } });

      const approve = await call(app, 'POST', `/staff/address_change_requests/${requestId}/approve`, {
        cookie: staffCookie,
      });
      expect(approve.statusCode, approve.body).toBe(200);
      expect(approve.json()).toMatchObject({ state: 'approved', address: { street: 'Rue Neuve 99' } });
      const [applied] = await list('invoicing', cookieA);
      expect(applied).toMatchObject({
        street: 'Rue Neuve 99',
        change_requested: false,
        main: true,
        title: 'dr',
        ref: 'R-7',
      });
      const again = await call(app, 'POST', `/staff/address_change_requests/${requestId}/approve`, {
        cookie: staffCookie,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'change_request_decided' });

      // Refusal leaves the address as it is and keeps the reason.
      const third = await ask(deliveryInput({ name: 'Practice A', street: 'Somewhere else 5' }));
      const thirdId = (third.json() as { change_request_id: number }).change_request_id;
      expect(thirdId).not.toBe(requestId);
      const refuse = await call(app, 'POST', `/staff/address_change_requests/${thirdId}/refuse`, {
        cookie: staffCookie,
        payload: { reason: 'Please send a copy of the company registration.' },
      });
      expect(refuse.statusCode, refuse.body).toBe(200);
      expect(refuse.json()).toMatchObject({
        state: 'refused',
        reason: 'Please send a copy of the company registration.',
      });
      expect((await list('invoicing', cookieA))[0]).toMatchObject({
        street: 'Rue Neuve 99',
        change_requested: false,
      });
      const rows = await db
        .select({ status: addressChangeRequests.status })
        .from(addressChangeRequests)
        .where(eq(addressChangeRequests.addressId, a.invoicingAddressId));
      expect(rows.map((r) => r.status).sort()).toEqual(['approved', 'refused']);
    });

    it('searches case- and accent-insensitively over name, street, street2, city, zip and country name', async () => {
      const created: number[] = [];
      for (const input of [
        deliveryInput({
          name: 'Clinique Vétérinaire de l’Étoile',
          street: 'Rue de l’Église 4',
          zip: '5000',
          city: 'Namur',
        }),
        deliveryInput({
          name: 'Dierenkliniek Noord',
          street: 'Grote Markt 1',
          street2: 'Bus Ä3',
          zip: '9000',
          city: 'Gent',
        }),
        deliveryInput({
          name: 'Tierarztpraxis Müller',
          street: 'Hauptstraße 3',
          zip: '52062',
          city: 'Aachen',
          country_code: 'DE',
        }),
      ]) {
        const res = await call(app, 'POST', '/addresses/delivery', { cookie: cookieB, payload: input });
        expect(res.statusCode, res.body).toBe(201);
        created.push((res.json() as Address).id);
      }
      const [etoile, noord, muller] = created;
      const search = async (q: string, headers: Record<string, string> = {}) =>
        (await list('delivery', cookieB, `?q=${encodeURIComponent(q)}`, headers)).map((x) => x.id);
      expect(await search('etoile')).toEqual([etoile]);
      expect(await search('ÉGLISE namur')).toEqual([etoile]);
      expect(await search('MULLER')).toEqual([muller]);
      expect(await search('bus a3')).toEqual([noord]);
      expect(await search('9000')).toEqual([noord]);
      expect(await search('allemagne')).toEqual([muller]); // fr by default
      expect(await search('duitsland', { 'accept-language': 'nl-BE' })).toEqual([muller]);
      expect(await search('germany', { 'accept-language': 'en' })).toEqual([muller]);
      expect((await search('belgique')).sort()).toEqual([etoile, noord].sort());
      expect(await search('belgique aachen')).toEqual([]);
      expect(await search('xyz')).toEqual([]);
      expect((await search('  ')).length).toBe(3);
      // B's search never returns A's addresses.
      expect(await list('delivery', cookieA, '?q=clinique')).toEqual([]);
    });
  });

  // ------------------------------------------------------------------------------------------
  // Customer: newsletter and sales person

  describe('customer', () => {
    it('round-trips the newsletter with optIn and opt_out (false stays false)', async () => {
      const setOptIn = async (optIn: boolean) => {
        const res = await call(app, 'POST', `/customer/${a.customerId}/update`, {
          cookie: cookieA,
          payload: { optIn },
        });
        expect(res.statusCode, res.body).toBe(200);
        return userProfileSchema.parse(res.json()).customer;
      };
      const setOptOut = async (opt_out: boolean) => {
        const res = await call(app, 'PUT', '/customer', { cookie: cookieA, payload: { opt_out } });
        expect(res.statusCode, res.body).toBe(200);
        return userProfileSchema.parse(res.json()).customer;
      };
      expect(await setOptIn(true)).toMatchObject({ opt_in: true, opt_out: false });
      expect(await setOptIn(false)).toMatchObject({ opt_in: false, opt_out: true });
      expect(await setOptOut(false)).toMatchObject({ opt_in: true, opt_out: false });
      const [stored] = await db
        .select({ optIn: customers.optIn })
        .from(customers)
        .where(eq(customers.id, a.customerId));
      expect(stored?.optIn).toBe(true);
      expect(await setOptOut(true)).toMatchObject({ opt_in: false, opt_out: true });
      const [main] = await db
        .select({ optIn: addresses.optIn, optOut: addresses.optOut })
        .from(addresses)
        .where(and(eq(addresses.customerId, a.customerId), eq(addresses.isMain, true)));
      expect(main).toEqual({ optIn: false, optOut: true });
      // The profile read afterwards agrees.
      const profile = userProfileSchema.parse(
        (await call(app, 'GET', '/customer', { cookie: cookieA })).json(),
      );
      expect(profile.customer).toMatchObject({ opt_in: false, opt_out: true });
    });

    it("refuses another customer's id (404), a non-boolean (400) and a guest (401)", async () => {
      const other = await call(app, 'POST', `/customer/${b.customerId}/update`, {
        cookie: cookieA,
        payload: { optIn: true },
      });
      expect(other.statusCode).toBe(404);
      const [bRow] = await db
        .select({ optIn: customers.optIn })
        .from(customers)
        .where(eq(customers.id, b.customerId));
      expect(bRow?.optIn).toBe(false);
      expectFieldError(
        await call(app, 'PUT', '/customer', { cookie: cookieA, payload: { opt_out: 'yes' } }),
        'opt_out',
        'invalid_type',
      );
      expect((await call(app, 'PUT', '/customer', { payload: { opt_out: true } })).statusCode).toBe(401);
    });

    it('answers the sales person, 404 when none', async () => {
      expect((await call(app, 'GET', '/customer/sales_person', { cookie: cookieA })).statusCode).toBe(404);
      const [sp] = await db
        .insert(salesPersons)
        .values({
          name: 'Sophie Test',
          email: 'sophie@example.test',
          phone: '+32 81 00 00 00',
          street: 'Rue de Fer 1',
          zip: '5000',
          city: 'Namur',
        })
        .returning();
      await db.update(customers).set({ salesPersonId: sp!.id }).where(eq(customers.id, a.customerId));
      // Changed outside the api's requests: the reads' session cache would see it only after its
      // TTL, so the test forgets it, as a job of this process does.
      forgetCachedSessions();
      const res = await call(app, 'GET', '/customer/sales_person', { cookie: cookieA });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        id: sp!.id,
        name: 'Sophie Test',
        email: 'sophie@example.test',
        phone: '+32 81 00 00 00',
        address: { street: 'Rue de Fer 1', zip: '5000', city: 'Namur', country_code: 'BE' },
      });
      expect((await call(app, 'GET', '/customer/sales_person', { cookie: staffCookie })).statusCode).toBe(
        403,
      );
    });
  });

  // ------------------------------------------------------------------------------------------
  // Registrations

  describe('registrations', () => {
    const register = (payload: unknown, url = '/registrations') => call(app, 'POST', url, { payload });

    it('stores a valid application without its password (argon2id hash kept apart)', async () => {
      const input = application();
      const res = await register(input);
      expect(res.statusCode, res.body).toBe(201);
      const body = registrationSchema.parse(res.json());
      expect(body).toMatchObject({
        state: 'pending',
        email: String(input.email).toLowerCase(),
        company_name: 'Dierenkliniek Peeters',
        function: 'veterinary',
        customer_id: null,
        reason: null,
      });
      expect(res.body).not.toContain('a long enough password');
      expect(body.data).not.toHaveProperty('password');
      expect(body.data).toMatchObject({ vat: 'BE0412345614', terms_accepted: true, locale: 'nl' });
      const [row] = await db.select().from(registrations).where(eq(registrations.id, body.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(row?.payload)).not.toContain('a long enough password');
    });

    it('stores an enterprise number typed without BE as the Belgian VAT number', async () => {
      const res = await register(application({ vat: '0412.345.614' }));
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as { data: { vat: string } }).data.vat).toBe('BE0412345614');
      // One whose check digits fail is still refused, as a number without its country.
      expectFieldError(await register(application({ vat: '0412.345.615' })), 'vat', 'vat_country');
    });

    it('stores an older nine-digit Belgian number with its leading 0', async () => {
      const res = await register(application({ vat: 'BE 412.345.614' }));
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as { data: { vat: string } }).data.vat).toBe('BE0412345614');
      expectFieldError(await register(application({ vat: 'BE412345615' })), 'vat', 'vat_checksum');
    });

    it('refuses bad input with 400 naming the field, and stores nothing', async () => {
      const before = await countRows(db, 'registrations');
      expectFieldError(await register(application({ vat: 'BE0412345615' })), 'vat', 'vat_checksum');
      expectFieldError(await register(application({ vat: '' })), 'vat', 'vat_required');
      expectFieldError(await register(application({ country: 'US' })), 'country', 'unknown_country');
      expectFieldError(await register(application({ email: 'anne@@example' })), 'email', 'invalid_email');
      expectFieldError(
        await register(application({ terms_accepted: false })),
        'terms_accepted',
        'terms_required',
      );
      const { terms_accepted: _omitted, ...withoutConsent } = application();
      void _omitted;
      expectFieldError(await register(withoutConsent), 'terms_accepted', 'terms_required');
      expectFieldError(
        await register(application({ company_name: 'x'.repeat(121) })),
        'company_name',
        'too_long',
      );
      expectFieldError(await register(application({ comment: 'x'.repeat(2001) })), 'comment', 'too_long');
      expectFieldError(await register(application({ first_name: '' })), 'first_name', 'required');
      expectFieldError(await register(application({ function: 'farmer' })), 'function', 'required');
      expectFieldError(await register(application({ password: 'short' })), 'password', 'password_too_short');
      const { password: _pw, ...withoutPassword } = application();
      void _pw;
      expectFieldError(await register(withoutPassword, '/auth/register'), 'password', 'required');
      expect(await countRows(db, 'registrations')).toBe(before);
    });

    it('accepts "VAT pending" with an empty VAT number, and an application without password', async () => {
      const { password: _pw, ...input } = application({ vat: '', vat_pending: true });
      void _pw;
      const res = await register(input);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ state: 'pending', data: { vat: '', vat_pending: true } });
    });

    it('stores nothing for an email that has an account or a pending application, answering as for a fresh one', async () => {
      // No account enumeration (docs/decisions/account-enumeration-and-tokens.md; the mails to the
      // owner are asserted in account-hardening.test.ts).
      const before = await countRows(db, 'registrations');
      const taken = await register(application({ email: a.login.toUpperCase() }), '/auth/register');
      expect(taken.statusCode, taken.body).toBe(201);
      expect(registrationSchema.parse(taken.json()).state).toBe('pending');
      expect(await countRows(db, 'registrations')).toBe(before);
      const input = application();
      expect((await register(input)).statusCode).toBe(201);
      const again = await register({ ...input, company_name: 'Other' });
      expect(again.statusCode, again.body).toBe(201);
      expect(await countRows(db, 'registrations')).toBe(before + 1);
    });

    it('lets staff approve: customer, main address and first user in one go, welcome mail sent', async () => {
      const [sp] = await db
        .insert(salesPersons)
        .values({ name: 'Pieter Test', email: 'pieter@example.test' })
        .returning();
      const input = application({ email: 'dr.peeters@kliniek.test', locale: 'nl' });
      const submitted = registrationSchema.parse((await register(input, '/auth/register')).json());
      const listed = await call(app, 'GET', '/staff/registrations?state=pending&per_page=100', {
        cookie: staffCookie,
      });
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as { items: { id: number }[] }).items.map((x) => x.id)).toContain(submitted.id);

      const mailsBefore = mailer.messages.length;
      const res = await call(app, 'POST', `/staff/registrations/${submitted.id}/approve`, {
        cookie: staffCookie,
        payload: { vet_group_ids: [fixture.vetGroups.west], sales_person_id: sp!.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      const approved = registrationSchema.parse(res.json());
      expect(approved.state).toBe('approved');
      expect(approved.customer_id).toEqual(expect.any(Number));

      const [customer] = await db.select().from(customers).where(eq(customers.id, approved.customer_id!));
      expect(customer).toMatchObject({
        name: 'Dierenkliniek Peeters',
        function: 'veterinary',
        vat: 'BE0412345614',
        salesPersonId: sp!.id,
        optIn: true,
        depotNumber: 'DEP-1',
        subscriptionNumber: 'N-12345',
      });
      expect(customer?.number).toMatch(/^\d{6}$/);
      expect(customer?.vetActivities).toEqual(['pet', 'equine']);
      const addressRows = await db.select().from(addresses).where(eq(addresses.customerId, customer!.id));
      expect(addressRows).toHaveLength(1);
      expect(addressRows[0]).toMatchObject({
        type: 'invoicing',
        isMain: true,
        canDelete: false,
        street: 'Kerkstraat 5',
        zip: '2000',
        city: 'Antwerpen',
        countryCode: 'BE',
      });
      const [user] = await db.select().from(users).where(eq(users.customerId, customer!.id));
      const [reg] = await db.select().from(registrations).where(eq(registrations.id, submitted.id));
      expect(user).toMatchObject({
        login: 'dr.peeters@kliniek.test',
        email: 'dr.peeters@kliniek.test',
        role: 'veterinary',
        function: 'veterinary',
        priceList: 'veterinary',
        emailVerified: false,
        locale: 'nl',
        givenName: 'Anne',
        familyName: 'Peeters',
        vetGroupIds: [fixture.vetGroups.west],
        canImport: false,
        passwordHash: reg!.passwordHash,
      });

      // The welcome mail, in the applicant's language, carries the validation link.
      const mails = mailer.messages.slice(mailsBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toBe('dr.peeters@kliniek.test');
      const link = /http:\/\/localhost:3999\/nl\/account\/validate-email\?token=([^\s"<>]+)/.exec(
        mails[0]!.text,
      );
      expect(link, mails[0]!.text).not.toBeNull();

      // Not verified yet: the right password is refused until the link is used.
      const early = await call(app, 'POST', '/auth/login', {
        payload: { login: 'dr.peeters@kliniek.test', password: 'a long enough password' },
      });
      expect(early.statusCode).toBe(403);
      const validated = await call(app, 'POST', '/auth/validate_email', {
        payload: { token: decodeURIComponent(link![1]!) },
      });
      expect(validated.statusCode, validated.body).toBe(204);
      const cookie = await signIn(app, 'dr.peeters@kliniek.test', 'a long enough password');
      const profile = userProfileSchema.parse((await call(app, 'GET', '/auth/profile', { cookie })).json());
      expect(profile).toMatchObject({
        role: 'veterinary',
        price_list: 'veterinary',
        customer: { id: customer!.id },
      });
      const invoicing = await list(cookie);
      expect(invoicing).toMatchObject([{ main: true, access: { delete: false }, city: 'Antwerpen' }]);
      expect((await call(app, 'GET', '/customer/sales_person', { cookie })).json()).toMatchObject({
        id: sp!.id,
      });

      // Decided once.
      const twice = await call(app, 'POST', `/staff/registrations/${submitted.id}/approve`, {
        cookie: staffCookie,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'registration_decided' });
      const refuseApproved = await call(app, 'POST', `/staff/registrations/${submitted.id}/refuse`, {
        cookie: staffCookie,
        payload: { reason: 'late' },
      });
      expect(refuseApproved.statusCode).toBe(409);
      expect(await db.select().from(users).where(eq(users.login, 'dr.peeters@kliniek.test'))).toHaveLength(1);
    });

    async function list(cookie: string): Promise<Address[]> {
      const res = await call(app, 'GET', '/addresses/invoicing', { cookie });
      return addressListSchema.parse(res.json()).data;
    }

    it('numbers customers one after the other, also for simultaneous approvals', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(registrationSchema.parse((await register(application({ function: 'nurse' }))).json()).id);
      const results = await Promise.all(
        ids.map((id) => call(app, 'POST', `/staff/registrations/${id}/approve`, { cookie: staffCookie })),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      const numbers = await db
        .select({ number: customers.number })
        .from(customers)
        .where(sql`${customers.number} ~ '^[0-9]{6}$'`);
      const values = numbers.map((n) => Number(n.number)).sort((x, y) => x - y);
      expect(new Set(values).size).toBe(values.length);
      expect(values[0]).toBe(100001);
      expect(values).toEqual(values.map((_, i) => 100001 + i));
      const nurses = await db.select().from(users).where(eq(users.role, 'nurse'));
      expect(nurses.every((u) => u.priceList === 'nurse' && !u.emailVerified)).toBe(true);
    });

    it('lets staff refuse with a reason; nothing is created', async () => {
      const submitted = registrationSchema.parse((await register(application())).json());
      const [customersBefore, usersBefore] = [await countRows(db, 'customers'), await countRows(db, 'users')];
      const res = await call(app, 'POST', `/staff/registrations/${submitted.id}/refuse`, {
        cookie: staffCookie,
        payload: { reason: 'Not a veterinary practice' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        state: 'refused',
        reason: 'Not a veterinary practice',
        customer_id: null,
      });
      expect([await countRows(db, 'customers'), await countRows(db, 'users')]).toEqual([
        customersBefore,
        usersBefore,
      ]);
      const refused = await call(app, 'GET', '/staff/registrations?state=refused', { cookie: staffCookie });
      expect((refused.json() as { items: { id: number }[] }).items.map((x) => x.id)).toContain(submitted.id);
      expect(
        (await call(app, 'POST', `/staff/registrations/${submitted.id}/approve`, { cookie: staffCookie }))
          .statusCode,
      ).toBe(409);
      expect(
        (await call(app, 'POST', '/staff/registrations/999999/approve', { cookie: staffCookie })).statusCode,
      ).toBe(404);
      expectFieldError(
        await call(app, 'POST', `/staff/registrations/${submitted.id}/refuse`, {
          cookie: staffCookie,
          payload: { reason: '' },
        }),
        'reason',
        'required',
      );
    });

    it('refuses unknown vet groups and sales persons at approval, creating nothing', async () => {
      const submitted = registrationSchema.parse((await register(application())).json());
      const before = await countRows(db, 'customers');
      expectFieldError(
        await call(app, 'POST', `/staff/registrations/${submitted.id}/approve`, {
          cookie: staffCookie,
          payload: { vet_group_ids: [999999] },
        }),
        'vet_group_ids',
        'unknown_vet_group',
      );
      expectFieldError(
        await call(app, 'POST', `/staff/registrations/${submitted.id}/approve`, {
          cookie: staffCookie,
          payload: { sales_person_id: 999999 },
        }),
        'sales_person_id',
        'unknown_sales_person',
      );
      expect(await countRows(db, 'customers')).toBe(before);
      const [row] = await db.select().from(registrations).where(eq(registrations.id, submitted.id));
      expect(row?.status).toBe('pending');
    });
  });

  // ------------------------------------------------------------------------------------------
  // Guest-only shop

  it('has settings but no account routes when no auth type is configured', async () => {
    const guestOnly = await buildApp({ db: database, mailer, auth: { type: 'none' } });
    try {
      expect((await call(guestOnly, 'GET', '/settings')).statusCode).toBe(200);
      for (const [method, url] of [
        ['POST', '/registrations'],
        ['GET', '/addresses/delivery'],
        ['PUT', '/customer'],
        ['GET', '/staff/registrations'],
      ] as const) {
        const res = await call(guestOnly, method, url, { payload: method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'route_not_found' });
      }
    } finally {
      await guestOnly.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Demo accounts

describe.each(targets)('demo accounts on $name', (target) => {
  let database: Database;
  let db: Db;
  let app: FastifyInstance;
  let fixture: Fixture;

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_demo_seed_test'));
    db = database.db;
    fixture = await insertFixture(db);
    app = await buildApp({ db: database, mailer: captureMailer() });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const counts = async () => ({
    users: await countRows(db, 'users'),
    customers: await countRows(db, 'customers'),
    addresses: await countRows(db, 'addresses'),
    salesPersons: (await db.select().from(salesPersons)).length,
  });

  it('seeds one account per function plus staff, idempotently', async () => {
    const first = await seedDemoAccounts(db);
    expect(first.created).toEqual([...DEMO_LOGINS]);
    const after = await counts();
    expect(after).toEqual({ users: 7, customers: 6, addresses: 12, salesPersons: 3 });
    const second = await seedDemoAccounts(db);
    expect(second.created).toEqual([]);
    expect(await counts()).toEqual(after);

    const rows = await db.select().from(users);
    for (const fn of ['nurse', 'veterinary', 'student', 'supplier', 'wholesaler', 'pharmacist'] as const) {
      const user = rows.find((u) => u.login === demoLogin(fn));
      expect(user, fn).toMatchObject({ role: fn, function: fn, priceList: fn, emailVerified: true });
      expect(user?.canImport).toBe(fn === 'wholesaler');
    }
    // The fixture has no `companion` group: the group with restricted products is used.
    expect(rows.find((u) => u.login === demoLogin('veterinary'))?.vetGroupIds).toEqual([
      fixture.vetGroups.west,
    ]);
    expect(rows.find((u) => u.login === demoLogin('staff'))).toMatchObject({
      role: 'staff',
      customerId: null,
    });
    const customerRows = await db.select().from(customers);
    expect(customerRows.every((c) => c.salesPersonId !== null)).toBe(true);
  });

  it('signs every demo user in with the shared password; each customer has a main and a delivery address', async () => {
    for (const login of DEMO_LOGINS) {
      const cookie = await signIn(app, login, DEMO_PASSWORD);
      const profile = userProfileSchema.parse((await call(app, 'GET', '/auth/profile', { cookie })).json());
      expect(profile.login).toBe(login);
      if (profile.role === 'staff') {
        expect((await call(app, 'GET', '/staff/registrations', { cookie })).statusCode).toBe(200);
        continue;
      }
      const invoicing = addressListSchema.parse(
        (await call(app, 'GET', '/addresses/invoicing', { cookie })).json(),
      );
      const delivery = addressListSchema.parse(
        (await call(app, 'GET', '/addresses/delivery', { cookie })).json(),
      );
      expect(invoicing.data).toMatchObject([{ main: true, access: { delete: false, update: true } }]);
      expect(delivery.data).toMatchObject([{ main: false, access: { delete: true, update: true } }]);
      expect((await call(app, 'GET', '/customer/sales_person', { cookie })).statusCode).toBe(200);
    }
  });

  it('shows the veterinary demo user veterinary prices and its group-restricted products', async () => {
    // The fixture prices everything on the default list; give one variant a veterinary price.
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, 'VB-AMX-10'));
    const vetList = fixture.priceLists.veterinary!;
    await db.insert(variantPrices).values({
      variantId: variant!.id,
      priceListId: vetList,
      grossCents: 820,
      netCents: 820,
      indicatedCents: 1500,
      computedOn: sql`current_date`,
    });
    await db
      .insert(priceTiers)
      .values({ variantId: variant!.id, priceListId: vetList, priceCents: 820, minQuantity: 1 });

    const cookie = await signIn(app, demoLogin('veterinary'), DEMO_PASSWORD);
    const product = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        variants: {
          sku: string;
          pricing: { price_list: string; gross: number | null; net: number | null };
        }[];
      };
      return body.variants.find((v) => v.sku === 'VB-AMX-10')!.pricing;
    };
    const url = `/catalog/products/${fixture.products.amoxival}`;
    const guest = product(await call(app, 'GET', url));
    const vet = product(await call(app, 'GET', url, { cookie }));
    expect(guest).toMatchObject({ price_list: 'default', gross: 10 });
    expect(vet).toMatchObject({ price_list: 'veterinary', gross: 8.2, net: 8.2 });
    expect(vet.gross).not.toBe(guest.gross);

    const restricted = `/catalog/products/${fixture.products.groupvax}`;
    expect((await call(app, 'GET', restricted)).statusCode).toBe(404);
    expect((await call(app, 'GET', restricted, { cookie })).statusCode).toBe(200);
  });
});
