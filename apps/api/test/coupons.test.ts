/**
 * Coupons (docs/decisions/coupons.md): the staff back office (/staff/coupons), applying a code to
 * the cart (reward excl. and incl. VAT, refusals with their codes in the caller's language), the
 * order's reward line and the redemption recorded at confirm (uses per customer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import type { Cart, StaffCoupon } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import { createCustomer, createStaff, signIn, syncLines } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

describe.each(databaseTargets())('coupons on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let staffCookie = '';
  /** A medicine (6 % VAT) and a non-medicine variant, priced 100.00 EUR in the veterinary list. */
  let med = { id: 0, tax: 0 };
  let other = { id: 0, tax: 0, family: '' };

  async function customerCookie(): Promise<string> {
    const c = await createCustomer(database.db);
    return signIn(app, c.login);
  }

  const fill = (cookie: string, lines: { id: number; qty: number }[]) => syncLines(app, cookie, lines);

  function apply(cookie: string, code: string, lang = 'en') {
    return app.inject({
      method: 'POST',
      url: `/carts/current/coupon?lang=${lang}`,
      headers: { cookie },
      payload: { code },
    });
  }

  async function createCoupon(body: Record<string, unknown>): Promise<StaffCoupon> {
    const res = await app.inject({
      method: 'POST',
      url: '/staff/coupons',
      headers: { cookie: staffCookie },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StaffCoupon>();
  }

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_coupons_test'));
    await insertFixture(database.db);
    await seedCarriers(database.db);
    const rows = await database.db.execute<{ id: number; family: string; tax_rate_bp: number }>(sql`
      SELECT DISTINCT ON (p.family) v.id, p.family, v.tax_rate_bp FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 ORDER BY p.family, v.id`);
    const medRow = rows.rows.find((r) => r.family === 'meds')!;
    const otherRow = rows.rows.find((r) => r.family !== 'meds')!;
    med = { id: Number(medRow.id), tax: Number(medRow.tax_rate_bp) };
    other = { id: Number(otherRow.id), tax: Number(otherRow.tax_rate_bp), family: otherRow.family };
    for (const id of [med.id, other.id])
      await database.db.execute(sql`
        INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
        VALUES (${id}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 10000, 1)`);
    await database.db.execute(sql`DELETE FROM discounts WHERE variant_id IN (${med.id}, ${other.id})`);
    await database.db.execute(sql`DELETE FROM supplier_terms WHERE variant_id IN (${med.id}, ${other.id})`);
    app = await buildApp({ db: database });
    await app.ready();
    const staff = await createStaff(database.db);
    staffCookie = await signIn(app, staff.login);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
  });

  it('staff list, create, update and deactivate; guests 401, customers 403; duplicate code 409', async () => {
    expect((await app.inject({ method: 'GET', url: '/staff/coupons' })).statusCode).toBe(401);
    const cookie = await customerCookie();
    expect((await app.inject({ method: 'GET', url: '/staff/coupons', headers: { cookie } })).statusCode).toBe(
      403,
    );
    const created = await createCoupon({ code: 'spring-10', percent: 10, description: 'Spring' });
    expect(created).toMatchObject({ code: 'SPRING-10', percent: 10, amount: null, active: true, used: 0 });
    const dup = await app.inject({
      method: 'POST',
      url: '/staff/coupons',
      headers: { cookie: staffCookie },
      payload: { code: 'SPRING-10', amount: 5 },
    });
    expect(dup.statusCode).toBe(409);
    const both = await app.inject({
      method: 'POST',
      url: '/staff/coupons',
      headers: { cookie: staffCookie },
      payload: { code: 'BOTH', amount: 5, percent: 5 },
    });
    expect(both.statusCode).toBe(400);
    const badDay = await app.inject({
      method: 'POST',
      url: '/staff/coupons',
      headers: { cookie: staffCookie },
      payload: { code: 'BADDAY', percent: 5, valid_to: '2026-02-30' },
    });
    expect(badDay.statusCode).toBe(400);
    const updated = await app.inject({
      method: 'PUT',
      url: `/staff/coupons/${created.id}`,
      headers: { cookie: staffCookie },
      payload: { code: 'SPRING-10', amount: 12.5, min_order: 50 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<StaffCoupon>()).toMatchObject({ percent: null, amount: 12.5, min_order: 50 });
    const off = await app.inject({
      method: 'POST',
      url: `/staff/coupons/${created.id}/deactivate`,
      headers: { cookie: staffCookie },
    });
    expect(off.json<StaffCoupon>().active).toBe(false);
    const list = await app.inject({ method: 'GET', url: '/staff/coupons', headers: { cookie: staffCookie } });
    expect(list.json<{ items: StaffCoupon[] }>().items.map((c) => c.code)).toContain('SPRING-10');
    // The brands a coupon can be restricted to, by name, for the form to name them.
    const brands = list.json<{ brands: { id: number; name: string }[] }>().brands;
    expect(brands.map((b) => b.name)).toEqual(['Boehringer', 'Royal Canin', 'Virbac', 'Zoetis']);
    expect(brands.every((b) => Number.isInteger(b.id))).toBe(true);
    // A brand id that names no brand is refused, on create and on update.
    const ghost = Math.max(...brands.map((b) => b.id)) + 1000;
    for (const [method, url] of [
      ['POST', '/staff/coupons'],
      ['PUT', `/staff/coupons/${created.id}`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { cookie: staffCookie },
        payload: { code: 'GHOST-BRAND', percent: 5, brand_ids: [brands[0]!.id, ghost] },
      });
      expect(res.statusCode, method).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'unknown_brand',
        errors: [{ field: 'brand_ids', code: 'unknown_brand' }],
      });
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/staff/coupons/999999/deactivate',
          headers: { cookie: staffCookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a percentage coupon gives its reward excl. and incl. VAT; the order carries it and it is used once', async () => {
    await createCoupon({ code: 'VET15', percent: 15, uses_per_customer: 1 });
    const cookie = await customerCookie();
    const cart = await fill(cookie, [{ id: med.id, qty: 2 }]);
    expect(cart.reward_amount).toBe(0);
    const res = await apply(cookie, ' vet15 ');
    expect(res.statusCode, res.body).toBe(200);
    const withCoupon = res.json<Cart>();
    expect(withCoupon.promo_codes).toEqual(['VET15']);
    // 15 % of 200.00 = 30.00 excl. VAT; incl. VAT at the medicine's rate.
    expect(withCoupon.reward_amount).toBe(30);
    expect(withCoupon.reward_amount_tax_incl).toBe(Math.round(3000 * (1 + med.tax / 10_000)) / 100);
    expect(withCoupon.amount.untaxed).toBe(cart.amount.untaxed - 30);
    expect(withCoupon.totals.discount).toBe(cart.totals.discount + 30);
    const confirm = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie },
      payload: { uuid: withCoupon.uuid },
    });
    expect(confirm.statusCode, confirm.body).toBe(201);
    const saleId = confirm.json<{ sale_id: number }>().sale_id;
    const lines = await database.db.execute<{ amount_cents: number; is_reward: boolean; name: string }>(
      sql`SELECT amount_cents, is_reward, name FROM sale_lines WHERE sale_id = ${saleId} AND is_reward`,
    );
    expect(lines.rows).toEqual([{ amount_cents: -3000, is_reward: true, name: 'Bon de réduction VET15' }]);
    const redemptions = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coupon_redemptions WHERE sale_id = ${saleId} AND reward_cents = 3000`,
    );
    expect(redemptions.rows[0]?.n).toBe(1);
    // The order confirmation PDF lists the reward line.
    const pdf = await app.inject({ method: 'GET', url: `/sales/${saleId}/download`, headers: { cookie } });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Bon de réduction VET15');
    expect(text).toMatch(/-30[,.]00/);
    // The same customer again: already used.
    await fill(cookie, [{ id: med.id, qty: 1 }]);
    const again = await apply(cookie, 'VET15', 'nl');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'coupon_used',
      detail: 'Deze promotiecode werd al gebruikt.',
    });
  });

  it('refusals: unknown, expired, minimum (with the amount), not applicable; the cart keeps no code', async () => {
    await createCoupon({ code: 'OLD', amount: 5, valid_to: '2020-01-31' });
    await createCoupon({ code: 'BIG', amount: 20, min_order: 500 });
    await createCoupon({ code: 'MEDS', percent: 5, families: [other.family] });
    const cookie = await customerCookie();
    await fill(cookie, [{ id: med.id, qty: 1 }]);
    const unknown = await apply(cookie, 'NOPE', 'fr');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'coupon_unknown', detail: 'Ce code promo n’existe pas.' });
    expect((await apply(cookie, 'OLD')).json()).toMatchObject({ code: 'coupon_expired' });
    const big = await apply(cookie, 'BIG');
    expect(big.json()).toMatchObject({ code: 'coupon_minimum', min_order: 500 });
    expect(big.json<{ detail: string }>().detail).toContain('500.00 EUR');
    expect((await apply(cookie, 'MEDS')).json()).toMatchObject({ code: 'coupon_not_applicable' });
    const current = await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie } });
    expect(current.json<Cart>().promo_codes).toEqual([]);
    // An empty code changes nothing.
    expect((await apply(cookie, '')).statusCode).toBe(200);
  });

  it('an amount coupon restricted to a family only reduces that family, capped at its amount', async () => {
    await createCoupon({ code: 'FOOD500', amount: 500, families: [other.family] });
    const cookie = await customerCookie();
    await fill(cookie, [
      { id: med.id, qty: 1 },
      { id: other.id, qty: 2 },
    ]);
    const res = await apply(cookie, 'FOOD500');
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json<Cart>();
    // 500 EUR asked, 200.00 EUR of eligible lines: the reward is 200.00.
    expect(cart.reward_amount).toBe(200);
    expect(cart.reward_amount_tax_incl).toBe(Math.round(20000 * (1 + other.tax / 10_000)) / 100);
    // The customer removes the code: no reward any more.
    const removed = await app.inject({ method: 'DELETE', url: '/carts/current/coupon', headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Cart>()).toMatchObject({ promo_codes: [], reward_amount: 0 });
    expect(removed.json<Cart>().amount.untaxed).toBe(cart.amount.untaxed + 200);
  });
});
