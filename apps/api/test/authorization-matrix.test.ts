/**
 * Authorization matrix (docs/decisions/security-testing.md): every route of the api is classified here,
 * and every route that needs a caller is exercised:
 * - a guest gets 401;
 * - a customer on a staff route gets 403 (a staff user on a customer route too: no customer);
 * - customer A on customer B's objects gets 404 (existence does not leak);
 * - the allowed caller gets a 2xx.
 *
 * The route list comes from the app itself (`app.routeTable`, filled by an onRoute hook), built in
 * every auth mode with accounts, so a new route that is not in MATRIX fails the first test with
 * its method and path named. To add a route: add one MATRIX entry with its `access`, and for a
 * non-public route an `allowed` request (and `foreign` when it takes the id of a customer's
 * object). Public routes say `why` they need no sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Database, type Db } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { addresses, registrations, salesPersons, customers } from '../src/db/schema.ts';
import type { BearerVerifier } from '../src/modules/auth/oidc.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { eq } from 'drizzle-orm';
import {
  createCustomer,
  createStaff,
  registrationApplication,
  signIn,
  type FixtureCustomer,
} from './account-fixtures.ts';
import { insertFixture, unchangedCatalogImport, type Fixture } from './fixtures.ts';
import { insertSale } from './sales-fixtures.ts';
import { saleLines } from '../src/db/schema.ts';
import { addPicking, createInvoice } from '../src/modules/sales/service.ts';
import { sql } from 'drizzle-orm';
import { seedCarriers } from '../src/seed/carriers.ts';
import sharp from 'sharp';
import { addImage } from '../src/modules/images/service.ts';

/** Who may call a route. */
type Access =
  /** Anyone, signed in or not (say why in `why`). */
  | 'public'
  /** Any signed-in user, customer or staff. */
  | 'user'
  /** A signed-in customer user; staff users (no customer) get 403. */
  | 'customer'
  /** A staff user; customers get 403. */
  | 'staff';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request: the concrete url (ids filled in) and its JSON body. */
interface Req {
  url: string;
  payload?: unknown;
  /** Extra headers (e.g. a multipart content type with a Buffer payload). */
  headers?: Record<string, string>;
}

/** What the request builders can use. */
interface Ctx {
  db: Db;
  fixture: Fixture;
  /** Customer A: the caller of customer routes. */
  a: FixtureCustomer;
  /** Customer B: owner of the "foreign" objects. */
  b: FixtureCustomer;
  /** A fresh live delivery address of `who` (inserted directly). */
  newDelivery(who: FixtureCustomer): Promise<number>;
  /** A fresh pending application (inserted directly). */
  newRegistration(): Promise<number>;
  /** A fresh pending change request of A's invoicing address. */
  newChangeRequest(): Promise<number>;
  /** A fresh order of `who` (one line of 2 units); `delivered` marks them delivered. */
  newSale(who: FixtureCustomer, delivered?: boolean): Promise<{ id: number; lineId: number }>;
  /** A fresh invoice of a delivered order of `who` (default A): its id and line id. */
  newInvoice(who?: FixtureCustomer): Promise<{ id: number; lineId: number }>;
}

interface Entry {
  /** `METHOD /path` exactly as registered (Fastify syntax: `:param`, `*`). */
  route: string;
  access: Access;
  /** For public routes: why no sign-in is needed. */
  why?: string;
  /** The request the allowed caller makes (customer A for customer/user routes, staff for staff routes) → 2xx. */
  allowed?: (ctx: Ctx) => Req | Promise<Req>;
  /**
   * Customer A asking for an object of customer B → 404 (required for customer routes taking an
   * object id in the path, or a cart uuid in the body or query: FOREIGN_ID_ROUTES).
   */
  foreign?: (ctx: Ctx) => Req | Promise<Req>;
  /**
   * What A gets on B's object when the route's contract is not a 404 (e.g. 409 `cart_changed`: the
   * uuid is not A's open cart; 200 with A's own cart for a sync naming B's cart).
   */
  foreignExpect?: { status: number; code?: string };
  /** State of B's objects, read before and after the foreign request: it must not change. */
  foreignState?: (ctx: Ctx) => Promise<unknown>;
  /** False when B's own request would change B's object for good (confirming B's cart). */
  ownerControl?: false;
}

/**
 * Customer routes that take the identifier of a customer's object outside the path (a cart uuid in
 * the body or query): each needs a `foreign` request like the `:id` routes.
 */
const FOREIGN_ID_ROUTES = new Set([
  'POST /carts/sync',
  'POST /v2/cart/sync',
  'POST /carts/refresh_qty_unavailable',
  'POST /carts/confirm',
  'GET /payment/methods',
  'POST /payment/transactions',
]);

/** Path parameters that name no customer object (an address type, a year). */
const NON_OBJECT_PARAMS = new Set([':type', ':x']);

const address = {
  name: 'Cabinet du Parc',
  street: 'Rue du Parc 1',
  zip: '1000',
  city: 'Bruxelles',
  country_code: 'BE',
};

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}-${Date.now()}@matrix.test`;

/** The matrix. Keep it grouped by module; every route of the app must appear exactly once. */
const MATRIX: Entry[] = [
  // ---- system and documentation
  { route: 'GET /health', access: 'public', why: 'liveness probe', allowed: () => ({ url: '/health' }) },
  { route: 'GET /openapi.json', access: 'public', why: 'API description' },
  { route: 'GET /docs', access: 'public', why: 'API reference UI' },
  { route: 'GET /docs/static/index.html', access: 'public', why: 'API reference UI' },
  { route: 'GET /docs/static/swagger-initializer.js', access: 'public', why: 'API reference UI' },
  { route: 'GET /docs/json', access: 'public', why: 'API reference UI' },
  { route: 'GET /docs/yaml', access: 'public', why: 'API reference UI' },
  { route: 'GET /docs/static/*', access: 'public', why: 'API reference UI' },

  // ---- catalogue (docs/product/accounts.md#guest s browse the catalogue; prices follow the caller)
  {
    route: 'GET /catalog/search',
    access: 'public',
    why: 'guests browse the catalogue',
    allowed: () => ({ url: '/catalog/search' }),
  },
  { route: 'GET /catalog/autocomplete', access: 'public', why: 'guests browse the catalogue' },
  { route: 'GET /catalog/products/:id', access: 'public', why: 'guests browse the catalogue' },
  { route: 'GET /catalog/products/by-url-key/:urlKey', access: 'public', why: 'guests browse the catalogue' },
  { route: 'GET /catalog/categories', access: 'public', why: 'guests browse the catalogue' },
  { route: 'GET /catalog/categories/:id', access: 'public', why: 'guests browse the catalogue' },
  { route: 'GET /catalog/categories/by-url-key/*', access: 'public', why: 'guests browse the catalogue' },
  { route: 'GET /catalog/resolve/*', access: 'public', why: 'guests browse the catalogue' },
  { route: 'GET /catalog/sitemap', access: 'public', why: 'site map' },
  {
    route: 'GET /catalog/version',
    access: 'public',
    why: 'guest page cache key',
    allowed: () => ({ url: '/catalog/version' }),
  },
  {
    route: 'GET /veterinary_groups',
    access: 'public',
    why: 'catalogue filter values',
    allowed: () => ({ url: '/veterinary_groups' }),
  },
  {
    route: 'GET /settings',
    access: 'public',
    why: 'reference data of the public forms (register, contact)',
    allowed: () => ({ url: '/settings' }),
  },

  // ---- auth (docs/product/accounts.md#auth-calls)
  { route: 'POST /auth/login', access: 'public', why: 'signs in' },
  {
    route: 'POST /auth/logout',
    access: 'public',
    why: 'signing out without a session is a no-op',
    allowed: () => ({ url: '/auth/logout' }),
  },
  { route: 'POST /auth/signin', access: 'public', why: 'oidc modes: the bearer token is the credential' },
  { route: 'POST /auth/signout', access: 'public', why: 'oidc modes: no-op without a session' },
  { route: 'POST /auth/validate_email', access: 'public', why: 'the mailed token is the credential' },
  { route: 'POST /auth/resend_validation', access: 'public', why: 'always 204, nothing leaks' },
  { route: 'POST /auth/request_reset_password', access: 'public', why: 'always 204, nothing leaks' },
  {
    route: 'POST /auth/set_password',
    access: 'public',
    why: 'the mailed token is the credential; the signed-in change is checked in auth.test.ts',
  },
  { route: 'GET /auth/profile', access: 'user', allowed: () => ({ url: '/auth/profile' }) },
  { route: 'GET /customer', access: 'user', allowed: () => ({ url: '/customer' }) },
  {
    route: 'POST /user',
    access: 'user',
    allowed: () => ({ url: '/user', payload: { given_name: 'Anna', family_name: 'Matrix' } }),
  },

  // ---- registrations (docs/product/accounts.md#registration-calls POST registrations, POST auth/register)
  {
    route: 'POST /registrations',
    access: 'public',
    why: 'guests apply for an account',
    allowed: () => ({ url: '/registrations', payload: registrationApplication(unique('apply')) }),
  },
  {
    route: 'POST /auth/register',
    access: 'public',
    why: 'guests apply for an account',
    allowed: () => ({ url: '/auth/register', payload: registrationApplication(unique('register')) }),
  },

  // ---- customer (docs/product/accounts.md#customer-calls)
  {
    route: 'GET /customer/sales_person',
    access: 'customer',
    allowed: () => ({ url: '/customer/sales_person' }),
  },
  {
    route: 'POST /customer/:id/update',
    access: 'customer',
    allowed: ({ a }) => ({ url: `/customer/${a.customerId}/update`, payload: { optIn: true } }),
    foreign: ({ b }) => ({ url: `/customer/${b.customerId}/update`, payload: { optIn: true } }),
  },
  {
    route: 'PUT /customer',
    access: 'customer',
    allowed: () => ({ url: '/customer', payload: { opt_out: false } }),
  },

  // ---- addresses (docs/product/customer-area.md#address-calls)
  {
    route: 'GET /addresses/:type',
    access: 'customer',
    allowed: () => ({ url: '/addresses/delivery?q=parc' }),
  },
  {
    route: 'POST /addresses/:type',
    access: 'customer',
    allowed: () => ({ url: '/addresses/delivery', payload: address }),
  },
  {
    route: 'POST /addresses/:type/:id',
    access: 'customer',
    allowed: async (ctx) => ({
      url: `/addresses/delivery/${await ctx.newDelivery(ctx.a)}`,
      payload: address,
    }),
    foreign: async (ctx) => ({
      url: `/addresses/delivery/${await ctx.newDelivery(ctx.b)}`,
      payload: address,
    }),
  },
  {
    route: 'DELETE /addresses/:type/:id',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/addresses/delivery/${await ctx.newDelivery(ctx.a)}` }),
    foreign: async (ctx) => ({ url: `/addresses/delivery/${await ctx.newDelivery(ctx.b)}` }),
  },

  // ---- staff: customers and their users (modules/staff-customers)
  { route: 'GET /staff/customers', access: 'staff', allowed: () => ({ url: '/staff/customers?q=Practice' }) },
  {
    route: 'GET /staff/customers/options',
    access: 'staff',
    allowed: () => ({ url: '/staff/customers/options' }),
  },
  {
    route: 'GET /staff/customers/:id',
    access: 'staff',
    allowed: (ctx) => ({ url: `/staff/customers/${ctx.b.customerId}` }),
  },
  {
    route: 'PUT /staff/customers/:id',
    access: 'staff',
    allowed: (ctx) => ({ url: `/staff/customers/${ctx.b.customerId}`, payload: { payment_terms_days: 30 } }),
  },
  {
    route: 'PUT /staff/customers/:id/users/:userId',
    access: 'staff',
    allowed: (ctx) => ({
      url: `/staff/customers/${ctx.b.customerId}/users/${ctx.b.userId}`,
      payload: { supplier_promotion: false },
    }),
  },
  {
    route: 'POST /staff/customers/:id/users',
    access: 'staff',
    allowed: (ctx) => ({
      url: `/staff/customers/${ctx.b.customerId}/users`,
      payload: { email: unique('colleague'), given_name: 'Sofie', family_name: 'Claes' },
    }),
  },
  {
    route: 'POST /staff/customers/:id/users/:userId/invitation',
    access: 'staff',
    allowed: async (ctx) => {
      const c = await createCustomer(ctx.db, { passwordHash: 'none' });
      return { url: `/staff/customers/${c.customerId}/users/${c.userId}/invitation` };
    },
  },
  {
    route: 'POST /staff/customers/:id/users/:userId/deactivate',
    access: 'staff',
    allowed: async (ctx) => {
      const c = await createCustomer(ctx.db, { passwordHash: 'none' });
      return { url: `/staff/customers/${c.customerId}/users/${c.userId}/deactivate` };
    },
  },
  {
    route: 'POST /staff/customers/:id/users/:userId/activate',
    access: 'staff',
    allowed: async (ctx) => {
      const c = await createCustomer(ctx.db, { passwordHash: 'none' });
      return { url: `/staff/customers/${c.customerId}/users/${c.userId}/activate` };
    },
  },
  {
    route: 'GET /staff/customers/:id/products',
    access: 'staff',
    allowed: (ctx) => ({ url: `/staff/customers/${ctx.b.customerId}/products?q=ab` }),
  },
  {
    route: 'POST /staff/customers/:id/orders/preview',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/customers/${ctx.b.customerId}/orders/preview`,
      payload: { lines: [{ variant_id: await cartVariant(ctx), qty: 1 }] },
    }),
  },
  {
    route: 'POST /staff/customers/:id/orders',
    access: 'staff',
    allowed: async (ctx) => {
      // A customer of its own whose price list prices the product, and the carriers.
      await cartCarrier(ctx, false);
      const c = await createCustomer(ctx.db, { passwordHash: 'none' });
      const variant = await cartVariant(ctx);
      await ctx.db.execute(sql`
        INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
        SELECT ${variant}, id, 2500, 1 FROM price_lists WHERE code = 'veterinary'
        AND NOT EXISTS (SELECT 1 FROM price_tiers t WHERE t.variant_id = ${variant} AND t.price_list_id = price_lists.id)`);
      return {
        url: `/staff/customers/${c.customerId}/orders`,
        payload: { sale_channel: 'fax', lines: [{ variant_id: variant, qty: 1 }] },
      };
    },
  },

  // ---- coupons (modules/coupons)
  {
    route: 'DELETE /carts/current/coupon',
    access: 'customer',
    allowed: () => ({ url: '/carts/current/coupon' }),
  },
  { route: 'GET /staff/coupons', access: 'staff', allowed: () => ({ url: '/staff/coupons' }) },
  {
    route: 'POST /staff/coupons',
    access: 'staff',
    allowed: () => ({ url: '/staff/coupons', payload: { code: `M${++seq}X${Date.now()}`, percent: 5 } }),
  },
  {
    route: 'PUT /staff/coupons/:id',
    access: 'staff',
    allowed: async (ctx) => {
      const code = `M${++seq}U${Date.now()}`;
      const r = await ctx.db.execute<{ id: number }>(
        sql`INSERT INTO coupons (code, percent_bp) VALUES (${code}, 500) RETURNING id`,
      );
      return { url: `/staff/coupons/${r.rows[0]!.id}`, payload: { code, amount: 5 } };
    },
  },
  {
    route: 'POST /staff/coupons/:id/deactivate',
    access: 'staff',
    allowed: async (ctx) => {
      const r = await ctx.db.execute<{ id: number }>(
        sql`INSERT INTO coupons (code, percent_bp) VALUES (${`M${++seq}D${Date.now()}`}, 500) RETURNING id`,
      );
      return { url: `/staff/coupons/${r.rows[0]!.id}/deactivate` };
    },
  },

  // ---- staff
  {
    route: 'GET /staff/registrations',
    access: 'staff',
    allowed: () => ({ url: '/staff/registrations?state=pending' }),
  },
  {
    route: 'POST /staff/registrations/:id/approve',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/registrations/${await ctx.newRegistration()}/approve`,
      payload: {},
    }),
  },
  {
    route: 'POST /staff/registrations/:id/refuse',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/registrations/${await ctx.newRegistration()}/refuse`,
      payload: { reason: 'Incomplete' },
    }),
  },
  {
    route: 'GET /staff/address_change_requests',
    access: 'staff',
    allowed: () => ({ url: '/staff/address_change_requests' }),
  },
  {
    route: 'POST /staff/address_change_requests/:id/approve',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/address_change_requests/${await ctx.newChangeRequest()}/approve`,
    }),
  },
  {
    route: 'POST /staff/address_change_requests/:id/refuse',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/address_change_requests/${await ctx.newChangeRequest()}/refuse`,
      payload: { reason: 'Wrong postcode' },
    }),
  },
  // ---- sales (docs/product/orders-and-documents.md#sales-calls)
  { route: 'GET /sales', access: 'customer', allowed: () => ({ url: '/sales?page=1&page_size=5' }) },
  { route: 'GET /orders', access: 'customer', allowed: () => ({ url: '/orders?sale_channel=web' }) },
  {
    route: 'GET /sales/:id',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/sales/${(await ctx.newSale(ctx.a)).id}` }),
    foreign: async (ctx) => ({ url: `/sales/${(await ctx.newSale(ctx.b)).id}` }),
  },
  // ---- sale statistics (docs/product/customer-area.md#sale-statistics-calls): own figures only, no foreign ids
  {
    route: 'GET /sale_statistics/monthly_ordered/:x',
    access: 'customer',
    allowed: () => ({ url: '/sale_statistics/monthly_ordered/2026' }),
  },
  {
    route: 'GET /sale_statistics/top_ordered',
    access: 'customer',
    allowed: () => ({ url: '/sale_statistics/top_ordered?per_page=5&product_families[]=meds' }),
  },
  {
    route: 'GET /sale_statistics/five_years',
    access: 'customer',
    allowed: () => ({ url: '/sale_statistics/five_years' }),
  },
  // ---- documents (docs/product/orders-and-documents.md#sales-calls downloads, documents)
  {
    route: 'GET /sales/:id/download',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/sales/${(await ctx.newSale(ctx.a)).id}/download` }),
    foreign: async (ctx) => ({ url: `/sales/${(await ctx.newSale(ctx.b)).id}/download` }),
  },
  {
    route: 'GET /invoice/:id/download',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/invoice/${(await ctx.newInvoice(ctx.a)).id}/download` }),
    foreign: async (ctx) => ({ url: `/invoice/${(await ctx.newInvoice(ctx.b)).id}/download` }),
  },
  { route: 'GET /documents', access: 'customer', allowed: () => ({ url: '/documents?type=invoice' }) },
  {
    route: 'GET /documents/:id/download',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/documents/sale-${(await ctx.newSale(ctx.a)).id}/download` }),
    foreign: async (ctx) => ({ url: `/documents/invoice-${(await ctx.newInvoice(ctx.b)).id}/download` }),
  },
  { route: 'GET /staff/stock', access: 'staff', allowed: () => ({ url: '/staff/stock?q=a' }) },
  {
    route: 'POST /staff/stock/:variantId',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/stock/${(await ctx.db.execute<{ id: number }>(sql`SELECT min(id) AS id FROM product_variants`)).rows[0]!.id}`,
      payload: { mode: 'adjust', qty: 0 },
    }),
  },
  {
    route: 'POST /staff/stock/import',
    access: 'staff',
    allowed: () => ({ url: '/staff/stock/import', payload: { csv: 'unknown-code;1' } }),
  },
  {
    route: 'POST /staff/sales/:id/state',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/sales/${(await ctx.newSale(ctx.a)).id}/state`,
      payload: { state: 'processing' },
    }),
  },
  {
    route: 'POST /staff/sales/:id/pickings',
    access: 'staff',
    allowed: async (ctx) => {
      const sale = await ctx.newSale(ctx.a);
      return { url: `/staff/sales/${sale.id}/pickings`, payload: { lines: { [sale.lineId]: 1 } } };
    },
  },
  {
    route: 'POST /staff/sales/:id/pickings/:pickingId/delivered',
    access: 'staff',
    allowed: async (ctx) => {
      const sale = await ctx.newSale(ctx.a);
      const picking = await addPicking(ctx.db, sale.id, { lines: { [sale.lineId]: 1 } });
      return { url: `/staff/sales/${sale.id}/pickings/${picking.id}/delivered` };
    },
  },
  {
    route: 'POST /staff/sales/:id/invoices',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/sales/${(await ctx.newSale(ctx.a, true)).id}/invoices` }),
  },
  {
    route: 'POST /staff/invoices/:id/credit_note',
    access: 'staff',
    allowed: async (ctx) => {
      const invoice = await ctx.newInvoice();
      return {
        url: `/staff/invoices/${invoice.id}/credit_note`,
        payload: { lines: { [invoice.lineId]: 1 } },
      };
    },
  },
  // ---- staff back office core (docs/product/back-office.md#staff-back-office: modules/staff, modules/audit)
  { route: 'GET /staff/summary', access: 'staff', allowed: () => ({ url: '/staff/summary' }) },
  { route: 'GET /staff/sales', access: 'staff', allowed: () => ({ url: '/staff/sales?state=all&q=T' }) },
  {
    route: 'GET /staff/sales/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/sales/${(await ctx.newSale(ctx.a)).id}` }),
  },
  { route: 'GET /staff/catalog/import', access: 'staff', allowed: () => ({ url: '/staff/catalog/import' }) },
  // The matrix app runs a stand-in importer (fakeImport below): the real one would replace the fixture catalogue.
  { route: 'POST /staff/catalog/import', access: 'staff', allowed: () => ({ url: '/staff/catalog/import' }) },
  {
    route: 'GET /staff/audit_log',
    access: 'staff',
    allowed: () => ({ url: '/staff/audit_log?action=staff' }),
  },
  // ---- products on order (docs/product/orders-and-documents.md#products-on-order-calls); newSale's line has 2 units on order
  {
    route: 'GET /products_on_order',
    access: 'customer',
    allowed: () => ({ url: '/products_on_order?page=1&per_page=5&restricts[]=backorder' }),
  },
  {
    route: 'GET /products_on_order/:id',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/products_on_order/${(await ctx.newSale(ctx.a)).lineId}` }),
    foreign: async (ctx) => ({ url: `/products_on_order/${(await ctx.newSale(ctx.b)).lineId}` }),
  },
  {
    route: 'POST /products_on_order/cancel/:id',
    access: 'customer',
    allowed: async (ctx) => ({
      url: `/products_on_order/cancel/${(await ctx.newSale(ctx.a)).lineId}`,
      payload: { quantity: 1 },
    }),
    foreign: async (ctx) => ({
      url: `/products_on_order/cancel/${(await ctx.newSale(ctx.b)).lineId}`,
      payload: { quantity: 1 },
    }),
  },
  // ---- promotions, selection, vet efficiency (docs/product/catalogue-and-search.md#screens /promotions, /selection, /vetgroup) and
  // promo-end alerts (docs/product/customer-area.md#promo-subscription-calls): subscriptions are the user's own; B's are 404
  {
    route: 'GET /promotions',
    access: 'public',
    why: 'guests see the public offers (no supplier promotions)',
    allowed: () => ({ url: '/promotions?ending_this_month=true' }),
  },
  {
    route: 'GET /selection',
    access: 'public',
    why: 'the curated selection is content, filtered by the catalogue visibility',
    allowed: () => ({ url: '/selection?lang=nl' }),
  },
  {
    route: 'GET /veterinary_groups/mine',
    access: 'user',
    allowed: () => ({ url: '/veterinary_groups/mine' }),
  },
  {
    route: 'POST /staff/selection',
    access: 'staff',
    allowed: async (ctx) => ({
      url: '/staff/selection',
      payload: { items: [{ product_id: await cartVariant(ctx) }] },
    }),
  },
  {
    route: 'POST /staff/selection/items',
    access: 'staff',
    allowed: async (ctx) => ({
      url: '/staff/selection/items',
      payload: { product_id: await cartVariant(ctx) },
    }),
  },
  {
    route: 'DELETE /staff/selection/items/:productId',
    access: 'staff',
    allowed: async (ctx) => {
      const id = await cartVariant(ctx);
      await ctx.db.execute(
        sql`INSERT INTO selection_items (variant_id) VALUES (${id}) ON CONFLICT DO NOTHING`,
      );
      return { url: `/staff/selection/items/${id}` };
    },
  },
  {
    route: 'POST /staff/jobs/promo_alerts/run',
    access: 'staff',
    allowed: () => ({ url: '/staff/jobs/promo_alerts/run', payload: {} }),
  },
  { route: 'GET /promo_subscriptions', access: 'customer', allowed: () => ({ url: '/promo_subscriptions' }) },
  {
    route: 'POST /promo_subscriptions',
    access: 'customer',
    allowed: async (ctx) => ({
      url: '/promo_subscriptions',
      payload: { product_id: await cartVariant(ctx) },
    }),
  },
  {
    route: 'DELETE /promo_subscriptions/:productId',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/promo_subscriptions/${await promoSubscription(ctx, ctx.a)}` }),
    foreign: async (ctx) => ({ url: `/promo_subscriptions/${await promoSubscription(ctx, ctx.b)}` }),
  },
  // ---- cart, carriers and pickups (docs/product/cart-and-checkout.md#cart-calls Cart, Carriers); A's requests run in this order
  {
    route: 'POST /carts/sync',
    access: 'customer',
    allowed: async (ctx) => ({
      url: '/carts/sync',
      payload: {
        uuid: null,
        transactions: [{ uuid: `m-${++seq}`, product_id: await cartVariant(ctx), qty: 2 }],
      },
    }),
    // Naming B's cart: A gets its own cart (never B's uuid) and B's lines do not move.
    ...foreignSync('/carts/sync'),
  },
  {
    route: 'POST /v2/cart/sync',
    access: 'customer',
    allowed: async (ctx) => ({
      url: '/v2/cart/sync',
      payload: {
        uuid: null,
        transactions: [{ uuid: `m-${++seq}`, product_id: await cartVariant(ctx), qty: 1 }],
      },
    }),
    ...foreignSync('/v2/cart/sync'),
  },
  { route: 'GET /carts/current', access: 'customer', allowed: () => ({ url: '/carts/current' }) },
  {
    route: 'POST /carts/current/update',
    access: 'customer',
    allowed: () => ({ url: '/carts/current/update', payload: { note: 'matrix', client_order_ref: 'M-1' } }),
  },
  {
    route: 'GET /carts/current/delivery_carriers',
    access: 'customer',
    allowed: () => ({ url: '/carts/current/delivery_carriers' }),
  },
  { route: 'GET /delivery_carriers', access: 'customer', allowed: () => ({ url: '/delivery_carriers' }) },
  {
    route: 'GET /delivery_pickups',
    access: 'customer',
    allowed: async (ctx) => ({
      url: `/delivery_pickups?carrier_id=${(await cartCarrier(ctx, true)).carrier}&name=gent`,
    }),
  },
  {
    route: 'POST /carts/current/set_carrier',
    access: 'customer',
    allowed: async (ctx) => ({
      url: '/carts/current/set_carrier',
      payload: { carrier_id: (await cartCarrier(ctx, false)).carrier },
    }),
  },
  {
    route: 'POST /carts/current/set_pickup',
    access: 'customer',
    allowed: async (ctx) => ({
      url: '/carts/current/set_pickup',
      payload: { pickup_site_id: (await cartCarrier(ctx, true)).pickup },
    }),
  },
  {
    route: 'POST /carts/current/set_public_delivery_pickup',
    access: 'customer',
    allowed: async (ctx) => ({
      url: '/carts/current/set_public_delivery_pickup',
      payload: {
        carrier_id: (await cartCarrier(ctx, true)).carrier,
        pickup: { code: 'MATRIX-1', name: 'Matrix point', zip: '1000', city: 'Bruxelles' },
      },
    }),
  },
  {
    route: 'POST /carts/set_delivery_method',
    access: 'customer',
    allowed: async (ctx) => ({
      url: '/carts/set_delivery_method',
      payload: { method_id: (await cartCarrier(ctx, false)).carrier },
    }),
  },
  {
    route: 'POST /carts/current/coupon',
    access: 'customer',
    allowed: () => ({ url: '/carts/current/coupon', payload: { code: '' } }),
  },
  {
    route: 'GET /carts/next_suite_name',
    access: 'customer',
    allowed: () => ({ url: '/carts/next_suite_name' }),
  },
  {
    route: 'POST /carts/refresh_qty_unavailable',
    access: 'customer',
    allowed: async (ctx) => ({
      url: '/carts/refresh_qty_unavailable',
      payload: { uuid: await openCartUuid(ctx) },
    }),
    foreign: async (ctx) => ({
      url: '/carts/refresh_qty_unavailable',
      payload: { uuid: await foreignCart(ctx) },
    }),
    foreignExpect: { status: 409, code: 'cart_changed' },
    foreignState: foreignCartState,
  },
  {
    route: 'POST /carts/csv',
    access: 'customer',
    allowed: async (ctx) => {
      // A may import (users.can_import); one line of the cart's product.
      await ctx.db.execute(sql`UPDATE users SET can_import = true WHERE id = ${ctx.a.userId}`);
      const sku = (
        await ctx.db.execute<{ sku: string }>(
          sql`SELECT sku FROM product_variants WHERE id = ${await cartVariant(ctx)}`,
        )
      ).rows[0]!.sku;
      const boundary = 'matrix-boundary';
      return {
        url: '/carts/csv',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="order.csv"\r\nContent-Type: text/csv\r\n\r\nsku;quantity\n${sku};1\n\r\n--${boundary}--\r\n`,
        ),
      };
    },
  },
  {
    route: 'POST /carts/confirm',
    access: 'customer',
    allowed: async (ctx) => {
      // Price the cart's product in A's price list so the cart can be confirmed.
      await ctx.db.execute(sql`
        INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
        SELECT ${await cartVariant(ctx)}, id, 2500, 1 FROM price_lists WHERE code = 'veterinary'`);
      return { url: '/carts/confirm', payload: { uuid: await openCartUuid(ctx), customer_ref: 'M-1' } };
    },
    foreign: async (ctx) => ({
      url: '/carts/confirm',
      payload: { uuid: await foreignCart(ctx), customer_ref: 'M-B' },
    }),
    foreignExpect: { status: 409, code: 'cart_changed' },
    foreignState: foreignCartState,
    ownerControl: false,
  },
  // ---- payment (docs/product/cart-and-checkout.md#cart-calls Cart payable, Payment); A's open cart is made when needed
  {
    route: 'GET /carts/current/payable',
    access: 'customer',
    allowed: async (ctx) => {
      await payableCart(ctx);
      return { url: '/carts/current/payable' };
    },
  },
  {
    route: 'GET /payment/methods',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/payment/methods?payable=${await payableCart(ctx)}` }),
    foreign: async (ctx) => ({ url: `/payment/methods?payable=${await foreignCart(ctx)}` }),
  },
  {
    route: 'POST /payment/transactions',
    access: 'customer',
    allowed: async (ctx) => ({
      url: '/payment/transactions',
      payload: {
        payable: await payableCart(ctx),
        flow: 'redirect',
        provider_id: 1,
        frontend_redirect_url: 'https://shop.example.test/fr/cart-confirm',
      },
    }),
    foreign: async (ctx) => ({
      url: '/payment/transactions',
      payload: {
        payable: await foreignCart(ctx),
        flow: 'redirect',
        provider_id: 1,
        frontend_redirect_url: 'https://shop.example.test/fr/cart-confirm',
      },
    }),
    foreignExpect: { status: 409, code: 'cart_changed' },
    foreignState: foreignCartState,
    ownerControl: false,
  },
  // ---- standard orders (docs/product/customer-area.md#wishlist-calls): the customer's own lists; B's lists are 404
  {
    route: 'GET /wishlists',
    access: 'customer',
    allowed: () => ({ url: '/wishlists?page=1&page_size=999' }),
  },
  {
    route: 'GET /wishlists/:id',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/wishlists/${await newWishlist(ctx, ctx.a)}` }),
    foreign: async (ctx) => ({ url: `/wishlists/${await newWishlist(ctx, ctx.b)}` }),
  },
  {
    route: 'POST /wishlists',
    access: 'customer',
    allowed: () => ({ url: '/wishlists', payload: { name: `Matrix list ${++seq}` } }),
  },
  {
    route: 'POST /wishlists/:id/add_item',
    access: 'customer',
    allowed: async (ctx) => ({
      url: `/wishlists/${await newWishlist(ctx, ctx.a)}/add_item`,
      payload: { product_id: await cartVariant(ctx) },
    }),
    foreign: async (ctx) => ({
      url: `/wishlists/${await newWishlist(ctx, ctx.b)}/add_item`,
      payload: { product_id: await cartVariant(ctx) },
    }),
  },
  {
    route: 'POST /wishlists/:id/update',
    access: 'customer',
    allowed: async (ctx) => ({
      url: `/wishlists/${await newWishlist(ctx, ctx.a)}/update`,
      payload: { name: `Matrix renamed ${++seq}` },
    }),
    foreign: async (ctx) => ({
      url: `/wishlists/${await newWishlist(ctx, ctx.b)}/update`,
      payload: { name: `Matrix renamed ${++seq}` },
    }),
  },
  {
    route: 'DELETE /wishlists/:id',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/wishlists/${await newWishlist(ctx, ctx.a)}` }),
    foreign: async (ctx) => ({ url: `/wishlists/${await newWishlist(ctx, ctx.b)}` }),
  },
  // ---- contact forms and leads (docs/product/community-and-content.md#forms GET form, POST form/{id}, POST leads; docs/product/back-office.md#staff-back-office staff)
  {
    route: 'GET /form',
    access: 'public',
    why: 'guests use the contact forms',
    allowed: () => ({ url: '/form' }),
  },
  {
    route: 'POST /form/:id',
    access: 'public',
    why: 'guests use the contact forms (rate-limited per address)',
  },
  { route: 'POST /leads', access: 'public', why: 'guests send contact requests (rate-limited per address)' },
  { route: 'GET /staff/leads', access: 'staff', allowed: () => ({ url: '/staff/leads?state=all' }) },
  {
    route: 'GET /staff/leads/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/leads/${(await newLead(ctx)).id}` }),
  },
  {
    route: 'GET /staff/leads/:id/files/:fileId',
    access: 'staff',
    allowed: async (ctx) => {
      const lead = await newLead(ctx, true);
      return { url: `/staff/leads/${lead.id}/files/${lead.fileId}` };
    },
  },
  {
    route: 'POST /staff/leads/:id/handle',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/leads/${(await newLead(ctx)).id}/handle`, payload: {} }),
  },
  { route: 'GET /staff/forms', access: 'staff', allowed: () => ({ url: '/staff/forms' }) },
  {
    route: 'GET /staff/forms/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/forms/${await newForm(ctx)}` }),
  },
  {
    route: 'POST /staff/forms',
    access: 'staff',
    allowed: () => ({ url: '/staff/forms', payload: formInput(`matrix_${++seq}`) }),
  },
  {
    route: 'POST /staff/forms/:id/update',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/forms/${await newForm(ctx)}/update`,
      payload: formInput(`matrix_${++seq}`),
    }),
  },
  {
    route: 'DELETE /staff/forms/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/forms/${await newForm(ctx)}` }),
  },
  // ---- small ads (docs/product/community-and-content.md#classified-ads-calls; staff moderation, docs/product/accounts.md#roles-and-permissions)
  {
    route: 'GET /classified_ads/my_classified_ads',
    access: 'customer',
    allowed: () => ({ url: '/classified_ads/my_classified_ads?per_page=10&page=1' }),
  },
  {
    route: 'GET /classified_ads/search',
    access: 'customer',
    allowed: () => ({ url: '/classified_ads/search?page_size=10&page=1&region=WLG' }),
  },
  {
    route: 'GET /classified_ads/:id',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/classified_ads/${await newAd(ctx, ctx.a)}` }),
    foreign: async (ctx) => ({ url: `/classified_ads/${await newAd(ctx, ctx.b)}` }),
  },
  {
    route: 'GET /classified_ads/:id/file',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/classified_ads/${await newAd(ctx, ctx.a, 'draft', true)}/file` }),
    foreign: async (ctx) => ({ url: `/classified_ads/${await newAd(ctx, ctx.b, 'draft', true)}/file` }),
  },
  { route: 'POST /classified_ads', access: 'customer', allowed: () => adForm('/classified_ads') },
  {
    route: 'POST /classified_ads/:id',
    access: 'customer',
    allowed: async (ctx) => adForm(`/classified_ads/${await newAd(ctx, ctx.a)}`),
    foreign: async (ctx) => adForm(`/classified_ads/${await newAd(ctx, ctx.b)}`),
  },
  {
    route: 'POST /classified_ads/:id/update_set_to_draft',
    access: 'customer',
    allowed: async (ctx) => ({
      url: `/classified_ads/${await newAd(ctx, ctx.a, 'pending')}/update_set_to_draft`,
    }),
    foreign: async (ctx) => ({
      url: `/classified_ads/${await newAd(ctx, ctx.b, 'pending')}/update_set_to_draft`,
    }),
  },
  {
    route: 'POST /classified_ads/:id/submit',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/classified_ads/${await newAd(ctx, ctx.a)}/submit` }),
    foreign: async (ctx) => ({ url: `/classified_ads/${await newAd(ctx, ctx.b)}/submit` }),
  },
  {
    route: 'DELETE /classified_ads/:id',
    access: 'customer',
    allowed: async (ctx) => ({ url: `/classified_ads/${await newAd(ctx, ctx.a)}` }),
    foreign: async (ctx) => ({ url: `/classified_ads/${await newAd(ctx, ctx.b)}` }),
  },
  { route: 'GET /staff/classified_ads', access: 'staff', allowed: () => ({ url: '/staff/classified_ads' }) },
  {
    route: 'GET /staff/classified_ads/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/classified_ads/${await newAd(ctx, ctx.b)}` }),
  },
  {
    route: 'GET /staff/classified_ads/:id/file',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/classified_ads/${await newAd(ctx, ctx.b, 'draft', true)}/file` }),
  },
  {
    route: 'POST /staff/classified_ads/:id/publish',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/classified_ads/${await newAd(ctx, ctx.b, 'pending')}/publish`,
      payload: { version: 1 },
    }),
  },
  {
    route: 'POST /staff/classified_ads/:id/refuse',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/classified_ads/${await newAd(ctx, ctx.b, 'pending')}/refuse`,
      payload: { reason: 'Not an offer.', version: 1 },
    }),
  },
  // ---- website content, info banners, advertisements (docs/product/back-office.md, modules/cms)
  {
    route: 'GET /cms/content',
    access: 'public',
    why: 'guests read pages, news and snippets',
    allowed: () => ({ url: '/cms/content?type=page' }),
  },
  { route: 'GET /cms/content/by_url', access: 'public', why: 'guests read pages and news' },
  { route: 'GET /cms/files/:id', access: 'public', why: 'images and files of public content' },
  {
    route: 'GET /info_banners',
    access: 'public',
    why: 'banners are shown to guests too',
    allowed: () => ({ url: '/info_banners' }),
  },
  {
    route: 'GET /advertisements',
    access: 'public',
    why: 'advertisements are shown to guests too',
    allowed: () => ({ url: '/advertisements' }),
  },
  {
    route: 'POST /staff/cms/preview',
    access: 'staff',
    allowed: () => ({ url: '/staff/cms/preview', payload: { html: '<p>Hi<script>x</script></p>' } }),
  },
  { route: 'GET /staff/cms/contents', access: 'staff', allowed: () => ({ url: '/staff/cms/contents' }) },
  {
    route: 'GET /staff/cms/contents/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/cms/contents/${await newCmsContent(ctx)}` }),
  },
  {
    route: 'POST /staff/cms/contents',
    access: 'staff',
    allowed: () => ({ url: '/staff/cms/contents', payload: cmsPayload() }),
  },
  {
    route: 'PUT /staff/cms/contents/:id',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/cms/contents/${await newCmsContent(ctx)}`,
      payload: cmsPayload(),
    }),
  },
  {
    route: 'DELETE /staff/cms/contents/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/cms/contents/${await newCmsContent(ctx)}` }),
  },
  {
    route: 'POST /staff/cms/files',
    access: 'staff',
    allowed: () => {
      const boundary = 'matrix-cms';
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      );
      return {
        url: '/staff/cms/files',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ncms_image\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      };
    },
  },
  // Catalogue pictures (modules/images).
  { route: 'GET /images/:name', access: 'public', why: 'renditions of catalogue pictures shown to guests' },
  {
    route: 'GET /staff/images/products',
    access: 'staff',
    allowed: () => ({ url: '/staff/images/products?q=a' }),
  },
  {
    route: 'GET /staff/products/:id/images',
    access: 'staff',
    allowed: (ctx) => ({ url: `/staff/products/${firstProduct(ctx)}/images` }),
  },
  {
    route: 'POST /staff/products/:id/images',
    access: 'staff',
    allowed: async (ctx) => pictureUpload(`/staff/products/${firstProduct(ctx)}/images`),
  },
  {
    route: 'POST /staff/categories/:id/images',
    access: 'staff',
    allowed: async (ctx) =>
      pictureUpload(`/staff/categories/${Object.values(ctx.fixture.categories)[0]}/images`),
  },
  {
    route: 'PUT /staff/images/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/images/${await newPicture(ctx)}`, payload: { tag: 'side' } }),
  },
  {
    route: 'PUT /staff/products/:id/images/order',
    access: 'staff',
    allowed: async (ctx) => {
      const product = firstProduct(ctx);
      await newPicture(ctx);
      const r = await ctx.db.execute<{ id: number }>(
        sql`SELECT id FROM catalog_images WHERE product_id = ${product} ORDER BY sequence DESC, id DESC`,
      );
      return {
        url: `/staff/products/${product}/images/order`,
        payload: { ids: r.rows.map((x) => Number(x.id)) },
      };
    },
  },
  {
    route: 'DELETE /staff/images/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/images/${await newPicture(ctx)}` }),
  },
  { route: 'GET /staff/info_banners', access: 'staff', allowed: () => ({ url: '/staff/info_banners' }) },
  {
    route: 'GET /staff/info_banners/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/info_banners/${await newInfoBanner(ctx)}` }),
  },
  {
    route: 'POST /staff/info_banners',
    access: 'staff',
    allowed: () => ({ url: '/staff/info_banners', payload: { html: { fr: '<p>Matrix</p>' } } }),
  },
  {
    route: 'PUT /staff/info_banners/:id',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/info_banners/${await newInfoBanner(ctx)}`,
      payload: { html: { fr: '<p>Matrix 2</p>' } },
    }),
  },
  {
    route: 'DELETE /staff/info_banners/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/info_banners/${await newInfoBanner(ctx)}` }),
  },
  { route: 'GET /staff/advertisements', access: 'staff', allowed: () => ({ url: '/staff/advertisements' }) },
  {
    route: 'GET /staff/advertisements/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/advertisements/${await newAdvertisement(ctx)}` }),
  },
  {
    route: 'POST /staff/advertisements',
    access: 'staff',
    allowed: () => ({ url: '/staff/advertisements', payload: { name: 'Matrix ad' } }),
  },
  {
    route: 'PUT /staff/advertisements/:id',
    access: 'staff',
    allowed: async (ctx) => ({
      url: `/staff/advertisements/${await newAdvertisement(ctx)}`,
      payload: { name: 'Matrix ad 2' },
    }),
  },
  {
    route: 'DELETE /staff/advertisements/:id',
    access: 'staff',
    allowed: async (ctx) => ({ url: `/staff/advertisements/${await newAdvertisement(ctx)}` }),
  },

  // ---- regulated products and product links (docs/decisions/regulated-products.md, product-links.md)
  {
    route: 'GET /staff/restrictions/customers',
    access: 'staff',
    allowed: () => ({ url: '/staff/restrictions/customers?q=Practice' }),
  },
  {
    route: 'GET /staff/customers/:id/restriction-exceptions',
    access: 'staff',
    allowed: (ctx) => ({ url: `/staff/customers/${ctx.b.customerId}/restriction-exceptions` }),
  },
  {
    route: 'POST /staff/customers/:id/restriction-exceptions',
    access: 'staff',
    allowed: (ctx) => ({
      url: `/staff/customers/${ctx.b.customerId}/restriction-exceptions`,
      payload: { product_id: firstProduct(ctx), note: 'matrix' },
    }),
  },
  {
    route: 'DELETE /staff/customers/:id/restriction-exceptions/:productId',
    access: 'staff',
    allowed: async (ctx) => {
      await ctx.db.execute(sql`
        INSERT INTO restriction_exceptions (customer_id, product_id)
        VALUES (${ctx.b.customerId}, ${firstProduct(ctx)}) ON CONFLICT DO NOTHING`);
      return { url: `/staff/customers/${ctx.b.customerId}/restriction-exceptions/${firstProduct(ctx)}` };
    },
  },
  {
    route: 'GET /staff/products/by-code',
    access: 'staff',
    allowed: () => ({ url: '/staff/products/by-code?code=VB-AMX-10' }),
  },
  {
    route: 'GET /staff/products/:id/links',
    access: 'staff',
    allowed: (ctx) => ({ url: `/staff/products/${firstProduct(ctx)}/links` }),
  },
  {
    route: 'PUT /staff/products/:id/links',
    access: 'staff',
    allowed: (ctx) => ({ url: `/staff/products/${firstProduct(ctx)}/links`, payload: { links: [] } }),
  },
  {
    route: 'GET /catalog/products/:id/links',
    access: 'public',
    why: 'guests browse the catalogue',
    allowed: (ctx) => ({ url: `/catalog/products/${firstProduct(ctx)}/links` }),
  },
  {
    route: 'GET /catalog/restrictions',
    access: 'public',
    why: 'guests and staff get an empty map; a customer the reasons of the asked variants',
    allowed: (ctx) => ({ url: `/catalog/restrictions?variant_ids=${firstProduct(ctx)}` }),
  },
  {
    route: 'GET /catalog/consumption',
    access: 'customer',
    allowed: (ctx) => ({ url: `/catalog/consumption?product_id=${firstProduct(ctx)}` }),
  },
];

/** A valid content body with a unique slug. */
function cmsPayload() {
  const n = ++seq;
  return {
    type: 'page',
    translations: { fr: { url: `matrix-${n}`, title: `Matrix ${n}`, content: '<p>x</p>' } },
  };
}

/** A fresh content page (inserted directly): its id. */
async function newCmsContent(ctx: Ctx): Promise<number> {
  const r = await ctx.db.execute<{ id: number }>(
    sql`INSERT INTO cms_contents (type) VALUES ('page') RETURNING id`,
  );
  const id = Number(r.rows[0]!.id);
  await ctx.db.execute(
    sql`INSERT INTO cms_translations (content_id, locale, url, title) VALUES (${id}, 'fr', ${`matrix-direct-${id}`}, 'Matrix')`,
  );
  return id;
}

/** Columns of the regulated-products matrix: a product with that flag (Belgium only: both sides of the border). */
const REGULATED_FLAGS = [
  'otc',
  'prescription',
  'veterinary_only',
  'narcotic_vet',
  'psychotropic',
  'belgium_only',
  'belgium_only_abroad',
] as const;
type RegulatedFlag = (typeof REGULATED_FLAGS)[number];
const REGULATED_PRODUCT_FLAGS: Record<RegulatedFlag, Record<string, boolean>> = {
  otc: { meds: true, pharmaceutical: true },
  prescription: { meds: true, pharmaceutical: true, prescription: true },
  veterinary_only: { meds: true, pharmaceutical: true, veterinary_only: true },
  narcotic_vet: { meds: true, pharmaceutical: true, narcotic_vet: true },
  psychotropic: { meds: true, pharmaceutical: true, psychotropic: true },
  belgium_only: { food: true, belgium_only: true },
  belgium_only_abroad: { food: true, belgium_only: true },
};

/** Rows of the matrix (docs/decisions/regulated-products.md): the expected reason per column, null = accepted. */
const REGULATED_ROWS: {
  label: string;
  fn: 'nurse' | 'veterinary' | 'student' | 'supplier' | 'wholesaler' | 'pharmacist';
  depot?: string;
  apb?: string;
  expect: Record<RegulatedFlag, string | null>;
}[] = (() => {
  const row = (
    label: string,
    fn: (typeof REGULATED_ROWS)[number]['fn'],
    numbers: { depot?: string; apb?: string },
    cells: [string | null, string | null, string | null, string | null, string | null],
  ) => ({
    label,
    fn,
    ...numbers,
    expect: {
      otc: cells[0],
      prescription: cells[1],
      veterinary_only: cells[2],
      narcotic_vet: cells[3],
      psychotropic: cells[4],
      belgium_only: null,
      belgium_only_abroad: 'belgium_only',
    },
  });
  const narc = 'narcotic_requires_depot';
  const psy = 'psychotropic_requires_depot';
  return [
    row('veterinary with depot', 'veterinary', { depot: 'DEP-1' }, [null, null, null, null, null]),
    row('veterinary without depot', 'veterinary', {}, [
      null,
      'prescription_requires_depot',
      'prescription_requires_depot',
      narc,
      psy,
    ]),
    row('pharmacist with APB', 'pharmacist', { apb: 'APB-1' }, [null, null, 'veterinary_only', narc, psy]),
    row('pharmacist without APB', 'pharmacist', {}, [
      null,
      'prescription_requires_apb',
      'veterinary_only',
      narc,
      psy,
    ]),
    row('wholesaler', 'wholesaler', {}, [null, null, null, narc, psy]),
    row('nurse', 'nurse', {}, [null, 'prescription_not_allowed', 'veterinary_only', narc, psy]),
    row('supplier', 'supplier', {}, [null, 'prescription_not_allowed', 'veterinary_only', narc, psy]),
    row('student', 'student', {}, [
      'student_no_medicines',
      'student_no_medicines',
      'student_no_medicines',
      'student_no_medicines',
      'student_no_medicines',
    ]),
  ];
})();

let regulated: Promise<Record<RegulatedFlag, number>> | null = null;
/** One product (and variant) per matrix column, inserted once: flag → variant id. */
function regulatedVariants(db: Db): Promise<Record<RegulatedFlag, number>> {
  regulated ??= (async () => {
    const out = {} as Record<RegulatedFlag, number>;
    for (const flag of REGULATED_FLAGS) {
      const p = await db.execute<{ id: number }>(sql`
        INSERT INTO products (code, family, model_name, source_locale, sources, flags)
        VALUES (${`matrix:${flag}`}, 'meds', ${`Matrix ${flag}`}, 'fr', '{generated}',
                ${JSON.stringify(REGULATED_PRODUCT_FLAGS[flag])}::jsonb)
        RETURNING id`);
      const v = await db.execute<{ id: number }>(sql`
        INSERT INTO product_variants (product_id, sku, name, stock_state, tax_rate_bp)
        VALUES (${Number(p.rows[0]!.id)}, ${`MATRIX-${flag}`}, 'x', 'in_stock', 600) RETURNING id`);
      out[flag] = Number(v.rows[0]!.id);
    }
    return out;
  })();
  return regulated;
}

/** Id of the first fixture product. */
function firstProduct(ctx: Ctx): number {
  return Object.values(ctx.fixture.products)[0]!;
}

/** A 200 × 200 png picture upload to `url` (multipart). */
async function pictureUpload(url: string): Promise<Req> {
  const boundary = 'matrix-pictures';
  const bytes = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0c4e99' } })
    .png()
    .toBuffer();
  return {
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** A fresh picture of the first fixture product (through the service): its id. */
async function newPicture(ctx: Ctx): Promise<number> {
  const bytes = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0c4e99' } })
    .png()
    .toBuffer();
  const row = await addImage(
    ctx.db,
    { productId: firstProduct(ctx) },
    { filename: 'p.png', bytes, userId: null },
  );
  return row.id;
}

/** A fresh info banner (inserted directly): its id. */
async function newInfoBanner(ctx: Ctx): Promise<number> {
  const r = await ctx.db.execute<{ id: number }>(
    sql`INSERT INTO info_banners (html) VALUES ('{"fr":"<p>m</p>"}') RETURNING id`,
  );
  return Number(r.rows[0]!.id);
}

/** A fresh advertisement (inserted directly): its id. */
async function newAdvertisement(ctx: Ctx): Promise<number> {
  const r = await ctx.db.execute<{ id: number }>(
    sql`INSERT INTO advertisements (name) VALUES ('Matrix ad') RETURNING id`,
  );
  return Number(r.rows[0]!.id);
}

/** A valid contact form body (POST /staff/forms) with `code`. */
function formInput(code: string) {
  return {
    code,
    name: { fr: 'Formulaire matrice' },
    definition: { fields: [{ name: 'email', type: 'email', required: true, label: { fr: 'E-mail' } }] },
    options: { attachments: false },
    sequence: 0,
    active: true,
  };
}

/** A fresh contact form (inserted directly): its id. */
async function newForm(ctx: Ctx): Promise<number> {
  const input = formInput(`matrix_form_${++seq}`);
  const r = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO forms (code, name, definition, options)
    VALUES (${input.code}, ${JSON.stringify(input.name)}::jsonb, ${JSON.stringify(input.definition)}::jsonb, '{}'::jsonb)
    RETURNING id`);
  return Number(r.rows[0]!.id);
}

/** A fresh lead (inserted directly), with a stored file when `withFile`: its id and the file id. */
async function newLead(ctx: Ctx, withFile = false): Promise<{ id: number; fileId: number | null }> {
  const r = await ctx.db.execute<{ id: number }>(
    sql`INSERT INTO leads (email, subject, description) VALUES ('lead@matrix.test', 'other', 'Matrix') RETURNING id`,
  );
  const id = Number(r.rows[0]!.id);
  if (!withFile) return { id, fileId: null };
  const f = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO stored_files (purpose, filename, content_type, size, sha256, data)
    VALUES ('lead', 'lead.pdf', 'application/pdf', 9, 'x', ${Buffer.from('%PDF-1.4\n')}) RETURNING id`);
  const fileId = Number(f.rows[0]!.id);
  await ctx.db.execute(sql`INSERT INTO lead_files (lead_id, file_id) VALUES (${id}, ${fileId})`);
  return { id, fileId };
}

/** A fresh small ad of `who` in `state` (inserted directly), with a stored PDF when `withFile`: its id. */
async function newAd(ctx: Ctx, who: FixtureCustomer, state = 'draft', withFile = false): Promise<number> {
  let fileId: number | null = null;
  if (withFile) {
    const f = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO stored_files (purpose, owner_user_id, filename, content_type, size, sha256, data)
      VALUES ('classified_ad', ${who.userId}, 'ad.pdf', 'application/pdf', 9, 'x', ${Buffer.from('%PDF-1.4\n')})
      RETURNING id`);
    fileId = Number(f.rows[0]!.id);
  }
  const r = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO classified_ads (customer_id, user_id, name, date_start, date_end, category,
      country_state_code, body, contact, phone, email, file_id, state)
    VALUES (${who.customerId}, ${who.userId}, ${`Matrix ad ${++seq}`}, '2026-01-01', '2099-12-31', 'misc',
      'WLG', 'Body', 'Contact', '+32 4 000 00 00', 'ad@matrix.test', ${fileId}, ${state}) RETURNING id`);
  return Number(r.rows[0]!.id);
}

/** A valid small-ad form (multipart text fields) posted to `url`. */
function adForm(url: string): Req {
  const boundary = 'matrix-ad-boundary';
  const fields: Record<string, string> = {
    name: 'Matrix ad',
    date_start: '2026-01-01',
    date_end: '2026-12-31',
    category: 'misc',
    country_state_code: 'WLG',
    body: 'Body',
    contact: 'Contact',
    phone: '+32 4 000 00 00',
    email: 'ad@matrix.test',
  };
  const body = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return {
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(`${body}--${boundary}--\r\n`),
  };
}

/** A fresh standard order of `who` (inserted directly): its id. */
async function newWishlist(ctx: Ctx, who: FixtureCustomer): Promise<number> {
  const r = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO wishlists (customer_id, user_id, name)
    VALUES (${who.customerId}, ${who.userId}, ${`Matrix list ${++seq}`}) RETURNING id`);
  return Number(r.rows[0]!.id);
}

/** Uuid of customer A's open cart, made (one priced line) when A has none. */
async function payableCart(ctx: Ctx): Promise<string> {
  const variant = await cartVariant(ctx);
  await ctx.db.execute(sql`
    INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
    SELECT ${variant}, id, 2500, 1 FROM price_lists
    WHERE code = 'veterinary' AND NOT EXISTS (
      SELECT 1 FROM price_tiers t WHERE t.variant_id = ${variant} AND t.price_list_id = price_lists.id)`);
  const open = await ctx.db.execute<{ id: number; uuid: string }>(
    sql`SELECT id, uuid FROM carts WHERE customer_id = ${ctx.a.customerId} AND state = 'open'`,
  );
  if (open.rows[0]) return open.rows[0].uuid;
  const uuid = `matrix-pay-${++seq}`;
  const made = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO carts (uuid, customer_id, user_id, invoicing_address_id, delivery_address_id)
    VALUES (${uuid}, ${ctx.a.customerId}, ${ctx.a.userId}, ${ctx.a.invoicingAddressId}, ${ctx.a.invoicingAddressId})
    RETURNING id`);
  await ctx.db.execute(
    sql`INSERT INTO cart_lines (cart_id, variant_id, qty) VALUES (${made.rows[0]!.id}, ${variant}, 2)`,
  );
  return uuid;
}

/**
 * Subscribes `who` to a promo-end alert (inserted directly) and returns the product id: A's is the
 * cart's product, B's another public product A never subscribes to.
 */
async function promoSubscription(ctx: Ctx, who: FixtureCustomer): Promise<number> {
  const r = await ctx.db.execute<{ id: number }>(sql`
    SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0
    ORDER BY v.id DESC LIMIT 1`);
  const id = who === ctx.a ? await cartVariant(ctx) : Number(r.rows[0]!.id);
  await ctx.db.execute(
    sql`INSERT INTO promo_subscriptions (user_id, variant_id) VALUES (${who.userId}, ${id}) ON CONFLICT DO NOTHING`,
  );
  return id;
}

/** A variant every customer may buy (first of the fixture). */
async function cartVariant(ctx: Ctx): Promise<number> {
  const r = await ctx.db.execute<{ id: number }>(sql`
    SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND NOT v.made_to_order
    ORDER BY v.id LIMIT 1`);
  return Number(r.rows[0]!.id);
}

/** Seeds the carriers (idempotent); a carrier (with dropoff sites when `relay`) and one of its pickups. */
async function cartCarrier(ctx: Ctx, relay: boolean): Promise<{ carrier: number; pickup: number | null }> {
  await seedCarriers(ctx.db);
  const r = await ctx.db.execute<{ carrier: number; pickup: number | null }>(sql`
    SELECT c.id AS carrier, (SELECT min(s.id) FROM pickup_sites s WHERE s.carrier_id = c.id) AS pickup
    FROM carriers c WHERE c.with_dropoff_site = ${relay} ORDER BY c.sequence LIMIT 1`);
  return {
    carrier: Number(r.rows[0]!.carrier),
    pickup: r.rows[0]!.pickup === null ? null : Number(r.rows[0]!.pickup),
  };
}

/** Uuid of customer A's open cart, else of its last cart ('no-cart' before any: guests get 401 anyway). */
async function openCartUuid(ctx: Ctx): Promise<string> {
  const r = await ctx.db.execute<{ uuid: string }>(
    sql`SELECT uuid FROM carts WHERE customer_id = ${ctx.a.customerId} ORDER BY state = 'open' DESC, id DESC LIMIT 1`,
  );
  return r.rows[0]?.uuid ?? 'no-cart';
}

/** B's open cart (made with one line when B has none): its uuid. */
async function foreignCart(ctx: Ctx): Promise<string> {
  const open = await ctx.db.execute<{ uuid: string }>(
    sql`SELECT uuid FROM carts WHERE customer_id = ${ctx.b.customerId} AND state = 'open'`,
  );
  if (open.rows[0]) return open.rows[0].uuid;
  const uuid = `matrix-b-${++seq}`;
  const made = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO carts (uuid, customer_id, user_id, invoicing_address_id, delivery_address_id)
    VALUES (${uuid}, ${ctx.b.customerId}, ${ctx.b.userId}, ${ctx.b.invoicingAddressId}, ${ctx.b.invoicingAddressId})
    RETURNING id`);
  await ctx.db.execute(
    sql`INSERT INTO cart_lines (cart_id, variant_id, qty) VALUES (${made.rows[0]!.id}, ${await cartVariant(ctx)}, 3)`,
  );
  return uuid;
}

/** B's carts (state, units) and the orders made from them. */
async function foreignCartState(ctx: Ctx): Promise<unknown> {
  const r = await ctx.db.execute<{ uuid: string; state: string; qty: number }>(sql`
    SELECT c.uuid, c.state, coalesce((SELECT sum(l.qty) FROM cart_lines l WHERE l.cart_id = c.id), 0)::int AS qty
    FROM carts c WHERE c.customer_id = ${ctx.b.customerId} ORDER BY c.id`);
  const orders = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM sales WHERE customer_id = ${ctx.b.customerId}`,
  );
  return { carts: r.rows.map((x) => [x.uuid, x.state, Number(x.qty)]), orders: Number(orders.rows[0]!.n) };
}

/** The foreign request of a cart sync: B's cart uuid with a transaction; A gets its own cart. */
function foreignSync(url: string): Pick<Entry, 'foreign' | 'foreignExpect' | 'foreignState'> {
  return {
    foreign: async (ctx) => ({
      url,
      payload: {
        uuid: await foreignCart(ctx),
        transactions: [{ uuid: `mb-${++seq}`, product_id: await cartVariant(ctx), qty: 5 }],
      },
    }),
    foreignExpect: { status: 200 },
    foreignState: foreignCartState,
  };
}

const methodOf = (route: string): Method => route.split(' ')[0] as Method;

/** A verifier that knows no token: enough to register the routes of the oidc modes. */
const noTokens: BearerVerifier = Object.assign(async () => null, {
  verify: async () => null,
  discover: async () => {
    throw new Error('no identity provider in this test');
  },
  issuer: 'http://127.0.0.1:9',
  audience: undefined,
});

const silentMailer: Mailer = { send: async () => {} };

/** Stand-in of the catalogue importer for POST /staff/catalog/import (an unchanged catalogue). */
const fakeImport = unchangedCatalogImport('matrix');

describe('authorization matrix', () => {
  let database: Database;
  let app: FastifyInstance;
  const routesByMode = new Map<string, Set<string>>();
  let ctx: Ctx;
  const cookies = { a: '', b: '', staff: '' };

  beforeAll(async () => {
    database = await openTestPglite();
    const fixture = await insertFixture(database.db);
    for (const type of ['oidc', 'oidc-token'] as const) {
      const other = await buildApp({ db: database, mailer: silentMailer, auth: { type }, oidc: noTokens });
      routesByMode.set(type, new Set(other.routeTable.map((r) => `${r.method} ${r.url}`)));
      await other.close();
    }
    app = await buildApp({
      db: database,
      mailer: silentMailer,
      auth: { type: 'credentials' },
      catalogImport: fakeImport,
    });
    await app.ready();
    routesByMode.set('credentials', new Set(app.routeTable.map((r) => `${r.method} ${r.url}`)));

    const db = database.db;
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const staff = await createStaff(db);
    const [sp] = await db
      .insert(salesPersons)
      .values({ name: 'Matrix Sales', email: 'sales@matrix.test' })
      .returning();
    await db.update(customers).set({ salesPersonId: sp!.id }).where(eq(customers.id, a.customerId));
    cookies.a = await signIn(app, a.login);
    cookies.b = await signIn(app, b.login);
    cookies.staff = await signIn(app, staff.login);
    ctx = {
      db,
      fixture,
      a,
      b,
      async newDelivery(who) {
        const [row] = await db
          .insert(addresses)
          .values({ customerId: who.customerId, type: 'delivery', ...address, countryCode: 'BE' })
          .returning({ id: addresses.id });
        return row!.id;
      },
      async newRegistration() {
        const email = unique('pending');
        const [row] = await db
          .insert(registrations)
          .values({
            email,
            companyName: 'Clinique Dupont',
            function: 'veterinary',
            payload: {
              ...registrationApplication(email),
              password: undefined,
              vat_pending: false,
              vet_activities: [],
              opt_in: false,
              locale: 'fr',
            },
          })
          .returning({ id: registrations.id });
        return row!.id;
      },
      async newChangeRequest() {
        const res = await app.inject({
          method: 'POST',
          url: `/addresses/invoicing/${a.invoicingAddressId}`,
          payload: { ...address, street: `Rue ${++seq}` },
          headers: { cookie: cookies.a },
        });
        if (res.statusCode !== 202) throw new Error(`change request: ${res.statusCode} ${res.body}`);
        return (res.json() as { change_request_id: number }).change_request_id;
      },
      async newSale(who, delivered = false) {
        const sale = await insertSale(db, who.customerId, {
          lines: [{ sku: 'VB-AMX-10', name: 'Amoxicilline', qty: 2, priceUnitCents: 1000 }],
        });
        if (delivered)
          await db.update(saleLines).set({ qtyDelivered: 2 }).where(eq(saleLines.id, sale.lineIds[0]!));
        return { id: sale.id, lineId: sale.lineIds[0]! };
      },
      async newInvoice(who = a) {
        const sale = await this.newSale(who, true);
        const invoice = await createInvoice(db, sale.id);
        return { id: invoice.id, lineId: sale.lineId };
      },
    };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const send = async (method: Method, req: Req, cookie?: string): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: req.url,
      ...(req.payload === undefined ? {} : { payload: req.payload as object }),
      headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
    });

  it('classifies every route of every auth mode', () => {
    const classified = new Set(MATRIX.map((e) => e.route));
    const missing: string[] = [];
    for (const [mode, routes] of routesByMode)
      for (const route of routes) if (!classified.has(route)) missing.push(`${route}   (AUTH_TYPE=${mode})`);
    expect(
      [...new Set(missing)],
      `Routes missing from MATRIX in apps/api/test/authorization-matrix.test.ts — add each with its access (public + why, user, customer or staff) and an allowed request:\n  ${missing.join('\n  ')}`,
    ).toEqual([]);
  });

  it('lists no route twice and no route the app does not have', () => {
    const all = new Set([...routesByMode.values()].flatMap((s) => [...s]));
    const stale = MATRIX.map((e) => e.route).filter((r) => !all.has(r));
    expect(stale, `MATRIX entries with no such route: ${stale.join(', ')}`).toEqual([]);
    const seen = new Set<string>();
    const twice = MATRIX.map((e) => e.route).filter((r) => (seen.has(r) ? true : (seen.add(r), false)));
    expect(twice).toEqual([]);
  });

  it('gives each protected route an allowed request, and a foreign one when it takes a customer object id', () => {
    for (const e of MATRIX) {
      if (e.access === 'public') {
        expect(e.why, `${e.route}: say why it is public`).toBeTruthy();
        continue;
      }
      expect(e.allowed, `${e.route}: needs an allowed request`).toBeDefined();
      const objectParam = (e.route.match(/:[A-Za-z]+/g) ?? []).some((p) => !NON_OBJECT_PARAMS.has(p));
      if (e.access === 'customer' && (objectParam || FOREIGN_ID_ROUTES.has(e.route)))
        expect(
          e.foreign,
          `${e.route}: needs a foreign request (customer A on B's object → 404)`,
        ).toBeDefined();
    }
  });

  const protectedRoutes = MATRIX.filter((e) => e.access !== 'public');

  it.each(protectedRoutes.map((e) => [e.route, e] as const))('%s: guest → 401', async (_route, e) => {
    const res = await send(methodOf(e.route), await e.allowed!(ctx));
    expect(res.statusCode, res.body).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'unauthorized' });
  });

  it.each(protectedRoutes.filter((e) => e.access === 'staff').map((e) => [e.route, e] as const))(
    '%s: customer → 403, staff → 2xx',
    async (_route, e) => {
      const denied = await send(methodOf(e.route), await e.allowed!(ctx), cookies.a);
      expect(denied.statusCode, denied.body).toBe(403);
      expect(denied.json()).toMatchObject({ code: 'forbidden' });
      const ok = await send(methodOf(e.route), await e.allowed!(ctx), cookies.staff);
      expect(ok.statusCode, ok.body).toBeGreaterThanOrEqual(200);
      expect(ok.statusCode, ok.body).toBeLessThan(300);
    },
  );

  it.each(protectedRoutes.filter((e) => e.access === 'customer').map((e) => [e.route, e] as const))(
    '%s: customer → 2xx, staff → 403, on another customer’s object → 404',
    async (_route, e) => {
      const ok = await send(methodOf(e.route), await e.allowed!(ctx), cookies.a);
      expect(ok.statusCode, ok.body).toBeGreaterThanOrEqual(200);
      expect(ok.statusCode, ok.body).toBeLessThan(300);
      const staff = await send(methodOf(e.route), await e.allowed!(ctx), cookies.staff);
      expect(staff.statusCode, staff.body).toBe(403);
      if (e.foreign) {
        const req = await e.foreign(ctx);
        const stateBefore = await e.foreignState?.(ctx);
        const foreign = await send(methodOf(e.route), req, cookies.a);
        const expected = e.foreignExpect ?? { status: 404, code: 'not_found' };
        expect(foreign.statusCode, foreign.body).toBe(expected.status);
        if (expected.code) expect(foreign.json()).toMatchObject({ code: expected.code });
        // Nothing of B's leaks into A's answer: no B cart uuid, no B customer number.
        const bUuid = (req.payload as { uuid?: unknown; payable?: unknown } | undefined)?.uuid;
        if (typeof bUuid === 'string') expect(foreign.body).not.toContain(bUuid);
        if (e.foreignState) expect(await e.foreignState(ctx)).toEqual(stateBefore);
        // The owner reaches the same object (unless that would change it for good).
        if (e.ownerControl !== false) {
          const owner = await send(methodOf(e.route), await e.foreign(ctx), cookies.b);
          expect(owner.statusCode, owner.body).toBeLessThan(300);
        }
      }
    },
  );

  it.each(protectedRoutes.filter((e) => e.access === 'user').map((e) => [e.route, e] as const))(
    '%s: customer → 2xx, staff → 2xx',
    async (_route, e) => {
      for (const cookie of [cookies.a, cookies.staff]) {
        const res = await send(methodOf(e.route), await e.allowed!(ctx), cookie);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
    },
  );

  it('GET /cms/files/:id (public) never serves a customer’s file: small-ad PDFs and contact attachments → 404', async () => {
    const ad = await newAd(ctx, ctx.b, 'draft', true);
    const adFile = await ctx.db.execute<{ id: number }>(
      sql`SELECT file_id AS id FROM classified_ads WHERE id = ${ad}`,
    );
    const lead = await newLead(ctx, true);
    for (const id of [Number(adFile.rows[0]!.id), lead.fileId!])
      for (const cookie of [undefined, cookies.a]) {
        const res = await send('GET', { url: `/cms/files/${id}` }, cookie);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ code: 'not_found' });
      }
  });

  it.each(MATRIX.filter((e) => e.access === 'public' && e.allowed).map((e) => [e.route, e] as const))(
    '%s: public, a guest gets 2xx',
    async (_route, e) => {
      const res = await send(methodOf(e.route), await e.allowed!(ctx));
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
    },
  );

  // Regulated products: one row per function (and its numbers), one column per flag; the cart sync
  // accepts (null) or refuses with the reason of docs/decisions/regulated-products.md.
  it.each(REGULATED_ROWS)('regulated products, $label: the sync follows the matrix', async (row) => {
    const c = await createCustomer(ctx.db, { fn: row.fn });
    await ctx.db.execute(sql`
      UPDATE customers SET depot_number = ${row.depot ?? null}, apb_number = ${row.apb ?? null}
      WHERE id = ${c.customerId}`);
    const cookie = await signIn(app, c.login);
    const variants = await regulatedVariants(ctx.db);
    const refusedOf = async (flags: readonly RegulatedFlag[]) => {
      const res = await send(
        'POST',
        {
          url: '/carts/sync',
          payload: {
            uuid: null,
            transactions: flags.map((f) => ({
              uuid: `${f}-${c.customerId}-${++seq}`,
              product_id: variants[f],
              qty: 1,
            })),
          },
        },
        cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      const cart = res.json<{
        refused?: { product_id: number; reason: string }[];
        lines: { product_id: number }[];
      }>();
      return Object.fromEntries(
        flags.map((f) => [f, cart.refused?.find((r) => r.product_id === variants[f])?.reason ?? null]),
      );
    };
    const inBelgium = REGULATED_FLAGS.filter((f) => f !== 'belgium_only_abroad');
    expect(await refusedOf(inBelgium)).toEqual(Object.fromEntries(inBelgium.map((f) => [f, row.expect[f]])));
    // Delivery moved to the Netherlands (the cart delivers to the invoicing address).
    await ctx.db.execute(sql`UPDATE addresses SET country_code = 'NL' WHERE customer_id = ${c.customerId}`);
    expect(await refusedOf(['belgium_only_abroad'])).toEqual({
      belgium_only_abroad: row.expect.belgium_only_abroad,
    });
  });
});
