/**
 * The key lookups of a signed-in product page on the generic-plan connections (db/client.ts
 * `Database.genericPlans`; docs/decisions/web-page-performance.md "Signed-in product page: fewer api
 * calls, key lookups on generic plans", "The product page in one api answer"): the customer's
 * restriction facts, the product's links, the customer's consumption and their user's promo-end
 * alerts on the product, all read for the page's one call (GET /catalog/products/by-url-key), run
 * there, so PostgreSQL keeps one plan per connection instead of planning them on every page; the
 * answers are those of the same reads on the database's own connections. Guests and staff get the same links, no consumption and no alerts.
 *
 * PostgreSQL only (PGlite has no plan cache, and `genericPlans` is absent there): needs
 * TEST_DATABASE_URL. Both pools hold one connection, so each pool's `pg_prepared_statements` is
 * the one connection's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase, recreateDatabase, type Database, type Db } from '../src/db/client.ts';
import { consumptionOf, productLinksOf } from '../src/modules/restrictions/staff.ts';
import { restrictionsOfProducts } from '../src/modules/restrictions/service.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { insertSale } from './sales-fixtures.ts';

const server = process.env.TEST_DATABASE_URL;

/**
 * The lookups, recognised by a fragment of their text: the links, and the customer's restriction,
 * consumption and alerts (one statement, restrictions/catalog.ts `customerPartsOfProduct`).
 */
const LOOKUPS = {
  consumption: 'FROM sales s JOIN sale_lines l',
  links: 'FROM product_links l JOIN products p',
  restriction: 'restriction_exceptions e WHERE e.customer_id',
  promoSubscriptions: 'FROM promo_subscriptions',
} as const;

/** Generic and custom plans so far of each lookup prepared on `db`'s one connection, summed over its texts (absent: not there). */
async function plansOn(db: Db): Promise<Record<string, { generic: number; custom: number } | undefined>> {
  const r = await db.execute<{ statement: string; generic_plans: number; custom_plans: number }>(
    sql`SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`,
  );
  const out: Record<string, { generic: number; custom: number } | undefined> = {};
  for (const [name, fragment] of Object.entries(LOOKUPS)) {
    const rows = r.rows.filter((s) => s.statement.includes(fragment));
    out[name] = rows.length
      ? {
          generic: rows.reduce((n, s) => n + Number(s.generic_plans), 0),
          custom: rows.reduce((n, s) => n + Number(s.custom_plans), 0),
        }
      : undefined;
  }
  return out;
}

describe.skipIf(!server)(
  'signed-in product page lookups on the generic-plan connections (PostgreSQL)',
  () => {
    let database: Database;
    let app: FastifyInstance;
    let product = 0;
    let urlKey = '';
    let cookie = '';
    let customerId = 0;
    let renal = 0;
    let staffCookie = '';

    beforeAll(async () => {
      const url = await recreateDatabase(server!, 'vetshop_product_page_generic_plans_test');
      database = await openDatabase({ databaseUrl: url, poolSize: 1, genericPlansPoolSize: 1 });
      const fixture = await insertFixture(database.db);
      product = fixture.products.amoxival as number;
      renal = fixture.products.renal as number;
      const row = await database.db.execute<{ url_key: string }>(
        sql`SELECT url_key FROM product_translations WHERE product_id = ${product} AND locale = 'fr'`,
      );
      urlKey = row.rows[0]!.url_key;
      app = await buildApp({ db: database });
      await app.ready();
      const staff = await signIn(app, (await createStaff(database.db)).login);
      staffCookie = staff;
      const put = await app.inject({
        method: 'PUT',
        url: `/staff/products/${product}/links`,
        headers: { cookie: staff },
        payload: {
          links: [{ linked_product_id: renal, kind: 'cross', sequence: 1 }],
        },
      });
      expect(put.statusCode).toBe(204);
      const vet = await createCustomer(database.db, { fn: 'veterinary' });
      customerId = vet.customerId;
      cookie = await signIn(app, vet.login);
      await insertSale(database.db, customerId, {
        lines: [{ sku: 'VB-AMX-10', name: 'Amoxival', qty: 24, priceUnitCents: 1000 }],
      });
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('plans them once on the generic-plan connection and answers as the database’s own connections', async () => {
      const hot = database.genericPlans!;
      const mode = await hot.execute<{ mode: string }>(
        sql`SELECT current_setting('plan_cache_mode') AS mode`,
      );
      expect(mode.rows[0]?.mode).toBe('force_generic_plan');
      const get = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<Record<string, unknown>>();
      };
      // The customer's user subscribes to the promo-end alert of the product's last variant.
      const first = await get(`/catalog/products/by-url-key/${encodeURIComponent(urlKey)}?lang=fr`);
      const variantIds = (first.variants as { id: number }[]).map((v) => v.id);
      expect(first.promo_subscriptions).toEqual([]);
      const subscribed = variantIds.at(-1)!;
      const post = await app.inject({
        method: 'POST',
        url: '/promo_subscriptions',
        headers: { cookie },
        payload: { product_id: subscribed },
      });
      expect(post.statusCode, post.body).toBeLessThan(300);
      // Seven pages: past the five after which PostgreSQL may choose a plan of its own.
      // The page's one call carries the links, the consumption and the alerts (productPageSchema).
      for (let page = 0; page < 7; page += 1) {
        const detail = await get(`/catalog/products/by-url-key/${encodeURIComponent(urlKey)}?lang=fr`);
        const alerts = await get('/promo_subscriptions');
        expect(detail.promo_subscriptions).toEqual(
          variantIds.filter((id) =>
            (alerts.data as { product_id: number }[]).some((a) => a.product_id === id),
          ),
        );
        expect(detail.promo_subscriptions).toEqual([subscribed]);
        const restrictions = await restrictionsOfProducts(database.db, customerId, [product]);
        expect(detail.restriction).toBe(restrictions.get(product) ?? null);
        const viewer = { priceList: 'veterinary', vetGroupIds: [] };
        expect(detail.links).toEqual(await productLinksOf(database.db, product, 'fr', viewer));
        expect(detail.links).toMatchObject([{ id: renal, kind: 'cross', sequence: 1 }]);
        expect(detail.consumption).toEqual(await consumptionOf(database.db, customerId, product));
        expect(detail.consumption).toEqual({ total_12_months: 24, monthly_average: 2 });
      }
      const generic = await plansOn(hot);
      for (const name of Object.keys(LOOKUPS)) {
        expect(generic[name], name).toBeDefined();
        expect(generic[name]!.generic, name).toBeGreaterThanOrEqual(7);
        expect(generic[name]!.custom, name).toBe(0);
      }
      // On the database's own connection, only the references above ran them: one run each per page
      // (the alerts: GET promo_subscriptions's own statement, a text of its own, not a lookup's).
      const own = await plansOn(database.db);
      for (const name of ['consumption', 'links', 'restriction'] as const)
        expect((own[name]?.generic ?? 0) + (own[name]?.custom ?? 0), name).toBe(7);
    });

    it('answers guests and staff the same links, no consumption and no alerts', async () => {
      const page = `/catalog/products/by-url-key/${encodeURIComponent(urlKey)}?lang=fr`;
      for (const headers of [{}, { cookie: staffCookie }]) {
        const res = await app.inject({ method: 'GET', url: page, headers });
        expect(res.statusCode, res.body).toBe(200);
        const detail = res.json<{ links: unknown; consumption: unknown; promo_subscriptions: unknown }>();
        expect(detail.links).toMatchObject([{ id: renal, kind: 'cross' }]);
        expect(detail.consumption).toBeNull();
        expect(detail.promo_subscriptions).toBeNull();
      }
    });
  },
);
