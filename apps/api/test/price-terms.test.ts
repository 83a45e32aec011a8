/**
 * The user's price terms and supplier promotions in the cart and the order
 * (docs/decisions/price-terms.md, docs/decisions/supplier-promotions.md): price-list discounts per
 * family, the gross price list, help with the fee, veterinary-group discounts, and the free
 * units of "main + promo" supplier promotions (recomputed on every sync, given only with the
 * user's supplier-promotion flag and never on the user's own supplier's products).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import type { Cart } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import { buildOutboxMail } from '../src/modules/mail/outbox-content.ts';
import type { OutboxRow } from '../src/modules/mail/outbox.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import type { Database } from '../src/db/client.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import { createCustomer, signIn, syncLines } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

describe.each(databaseTargets())('price terms and supplier promotions on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  /** A medicine and a product of another family, 100.00 EUR each; `promo` has a 10 + 2 promotion. */
  const ids = { med: 0, other: 0, promo: 0, promoBrand: 0 as number | null, group: 0, groupGroup: 0 };

  async function customer(
    terms: Partial<{
      supplier_promotion: boolean;
      price_list_discounts: Record<string, number>;
      gross_price_list: boolean;
      help_with_fee: boolean;
      supplier_id: number | null;
      vet_group_ids: number[];
    }> = {},
  ): Promise<string> {
    const c = await createCustomer(database.db, { vetGroupIds: terms.vet_group_ids ?? [] });
    await database.db.execute(sql`
      UPDATE users SET supplier_promotion = ${terms.supplier_promotion ?? false},
        price_list_discounts = ${JSON.stringify(terms.price_list_discounts ?? {})}::jsonb,
        gross_price_list = ${terms.gross_price_list ?? false}, help_with_fee = ${terms.help_with_fee ?? false},
        supplier_id = ${terms.supplier_id ?? null}
      WHERE id = ${c.userId}`);
    return signIn(app, c.login);
  }

  const sync = (cookie: string, lines: { id: number; qty: number }[]) => syncLines(app, cookie, lines);

  const line = (cart: Cart, id: number) => cart.lines.find((l) => l.product_id === id && !l.is_free)!;

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_price_terms_test'));
    await insertFixture(database.db);
    await seedCarriers(database.db);
    const db = database.db;
    const rows = await db.execute<{ id: number; family: string; brand_id: number | null }>(sql`
      SELECT v.id, p.family, p.brand_id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 ORDER BY v.id`);
    const meds = rows.rows.filter((r) => r.family === 'meds');
    const others = rows.rows.filter((r) => r.family !== 'meds');
    ids.med = Number(meds[0]!.id);
    ids.promo = Number(meds[1]!.id);
    ids.promoBrand = meds[1]!.brand_id === null ? null : Number(meds[1]!.brand_id);
    ids.other = Number(others[0]!.id);
    const group = await db.execute<{ id: number }>(
      sql`INSERT INTO vet_groups (code, name, names, color, discount_bp)
          VALUES ('terms-g', 'Groupe des conditions', '{"nl": "Voorwaardengroep", "en": "Terms group"}', '#123456', 500)
          RETURNING id`,
    );
    ids.groupGroup = Number(group.rows[0]!.id);
    const restricted = await db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND v.id NOT IN (${ids.med}, ${ids.promo}, ${ids.other}) ORDER BY v.id LIMIT 1`);
    ids.group = Number(restricted.rows[0]!.id);
    await db.execute(sql`UPDATE products SET vet_group_ids = ARRAY[${ids.groupGroup}]::int[]
      WHERE id = (SELECT product_id FROM product_variants WHERE id = ${ids.group})`);
    const all = [ids.med, ids.promo, ids.other, ids.group];
    await db.execute(sql`DELETE FROM price_tiers WHERE variant_id = ANY(${sql.param(all)}::int[])`);
    await db.execute(sql`DELETE FROM discounts WHERE variant_id = ANY(${sql.param(all)}::int[])`);
    await db.execute(sql`DELETE FROM supplier_terms WHERE variant_id = ANY(${sql.param(all)}::int[])`);
    for (const id of all)
      await db.execute(sql`
        INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
        VALUES (${id}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 10000, 1)`);
    // The catalogue's stored price of the medicine: 100.00 gross, 90.00 net.
    await db.execute(sql`
      INSERT INTO variant_prices (variant_id, price_list_id, gross_cents, net_cents, has_discount, computed_on)
      VALUES (${ids.med}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 10000, 9000, true, current_date)
      ON CONFLICT (variant_id, price_list_id) DO UPDATE SET gross_cents = 10000, net_cents = 9000`);
    // A 10 % volume discount on the medicine from 1 unit.
    await db.execute(sql`
      INSERT INTO discounts (variant_id, price_list_id, discount_bp, min_quantity)
      VALUES (${ids.med}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 1000, 0)`);
    await db.execute(sql`
      INSERT INTO supplier_terms (variant_id, kind, main_quantity, promo_quantity)
      VALUES (${ids.promo}, 'supplier_promotion', 10, 2)`);
    await db.execute(sql`UPDATE stock_levels SET qty_available = 1000 WHERE variant_id = ${ids.promo}`);
    app = await buildApp({ db: database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
  });

  it('10 + 2: 24 ordered → a free line of 4 after the paying line, recomputed on every sync', async () => {
    const cookie = await customer({ supplier_promotion: true });
    const cart = await sync(cookie, [{ id: ids.promo, qty: 24 }]);
    const paid = line(cart, ids.promo);
    const index = cart.lines.indexOf(paid);
    const free = cart.lines[index + 1]!;
    expect(free).toMatchObject({
      product_id: ids.promo,
      qty: 4,
      price_unit: 0,
      amount: 0,
      is_free: true,
      free_of: paid.id,
      free_terms: { main_quantity: 10, promo_quantity: 2 },
    });
    expect(cart.lines_amount).toBe(2400);
    const fewer = await sync(cookie, [{ id: ids.promo, qty: -5 }]);
    expect(fewer.lines.find((l) => l.is_free)?.qty).toBe(2);
    const none = await sync(cookie, [{ id: ids.promo, qty: -10 }]);
    expect(none.lines.some((l) => l.is_free)).toBe(false);
    // The order carries the free units as a price-0 sale line.
    await sync(cookie, [{ id: ids.promo, qty: 11 }]);
    const current = (
      await app.inject({ method: 'GET', url: '/carts/current', headers: { cookie } })
    ).json<Cart>();
    const confirm = await app.inject({
      method: 'POST',
      url: '/carts/confirm',
      headers: { cookie },
      payload: { uuid: current.uuid },
    });
    expect(confirm.statusCode, confirm.body).toBe(201);
    const lines = await database.db.execute<{ qty: number; amount_cents: number; is_free: boolean }>(sql`
      SELECT qty, amount_cents, is_free FROM sale_lines
      WHERE sale_id = ${confirm.json<{ sale_id: number }>().sale_id} AND variant_id = ${ids.promo} ORDER BY id`);
    expect(lines.rows).toEqual([
      { qty: 20, amount_cents: 200000, is_free: false },
      { qty: 4, amount_cents: 0, is_free: true },
    ]);
    // The order confirmation PDF marks the free units.
    const saleId = confirm.json<{ sale_id: number }>().sale_id;
    const pdf = await app.inject({ method: 'GET', url: `/sales/${saleId}/download`, headers: { cookie } });
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('(gratuit)');
    // So does the order confirmation mail.
    const outbox = await database.db.execute<OutboxRow>(sql`
      SELECT id, dedupe_key, kind, audience, to_address, locale, user_id, payload, attempts FROM mail_outbox
      WHERE kind = 'order_confirmation' AND audience = 'customer' AND (payload->>'saleId')::int = ${saleId}`);
    const mailer: Mailer = { send: async () => undefined };
    const mail = await buildOutboxMail(database.db, outbox.rows[0]!, { mailer, siteUrl: 'http://shop.test' });
    expect(mail.text).toContain('(gratuit)');
    // The order detail answers the free line.
    const detail = await app.inject({ method: 'GET', url: `/sales/${saleId}`, headers: { cookie } });
    expect(detail.json<{ lines: { qty: number; is_free?: boolean }[] }>().lines).toContainEqual(
      expect.objectContaining({ qty: 4, is_free: true }),
    );
  });

  it('no free units without the supplier-promotion flag, nor on the user’s own supplier’s products', async () => {
    const plain = await sync(await customer(), [{ id: ids.promo, qty: 24 }]);
    expect(plain.lines.some((l) => l.is_free)).toBe(false);
    if (ids.promoBrand !== null) {
      const own = await sync(await customer({ supplier_promotion: true, supplier_id: ids.promoBrand }), [
        { id: ids.promo, qty: 24 },
      ]);
      expect(own.lines.some((l) => l.is_free)).toBe(false);
    }
  });

  it('price-list discounts apply per family on the net price', async () => {
    const cookie = await customer({ price_list_discounts: { meds: 500 } });
    const cart = await sync(cookie, [
      { id: ids.med, qty: 1 },
      { id: ids.other, qty: 1 },
    ]);
    // 100.00 − 10 % volume discount = 90.00, then − 5 % = 85.50.
    expect(line(cart, ids.med)).toMatchObject({ price_unit: 100, price_unit_discounted: 85.5, amount: 85.5 });
    expect(line(cart, ids.other)).toMatchObject({ price_unit: 100, price_unit_discounted: 100 });
  });

  /** The product page's pricing of the medicine for the user of `cookie`. */
  const medPricing = async (cookie: string) => {
    const productId = await database.db.execute<{ id: number }>(
      sql`SELECT product_id AS id FROM product_variants WHERE id = ${ids.med}`,
    );
    const res = await app.inject({
      method: 'GET',
      url: `/catalog/products/${productId.rows[0]!.id}?lang=en`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    type Pricing = {
      gross: number | null;
      net: number | null;
      volume_discounts: unknown[];
      quantity_prices: { min_quantity: number; gross: number; net: number }[];
    };
    type Detail = { variants: { id: number; pricing: Pricing }[] };
    return res.json<Detail>().variants.find((v) => v.id === ids.med)!.pricing;
  };

  it('the product page shows the price the terms give: family discount, gross price list', async () => {
    const plain = await medPricing(await customer());
    const family = await medPricing(await customer({ price_list_discounts: { meds: 1000 } }));
    const gross = await medPricing(await customer({ gross_price_list: true }));
    expect(plain).toMatchObject({ gross: 100, net: 90 });
    expect(family.net).toBe(81);
    expect(gross.volume_discounts).toEqual([]);
    expect(gross.net).toBe(100);
  });

  it("the product page's price per quantity is the cart's unit price at that quantity, terms included", async () => {
    // docs/decisions/price-tier-table.md: the table listed the gross tiers (100, 90, 80) beside a
    // net price of 90, where a cart of 6 pays 81 (the 10 % discount on the tier of 6).
    const db = database.db;
    const veterinary = sql`(SELECT id FROM price_lists WHERE code = 'veterinary')`;
    await db.execute(sql`
      INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
      VALUES (${ids.med}, ${veterinary}, 9000, 6), (${ids.med}, ${veterinary}, 8000, 12)`);
    // A volume discount from 10 units, a quantity that is no tier's: the table listed 81 for "from
    // 6" while a cart of 10 paid 79.20 (12 % on the tier of 6).
    await db.execute(sql`
      INSERT INTO discounts (variant_id, price_list_id, discount_bp, min_quantity)
      VALUES (${ids.med}, ${veterinary}, 1500, 12), (${ids.med}, ${veterinary}, 1200, 10)`);
    try {
      for (const [terms, breaks] of [
        [
          {},
          [
            [1, 100, 90],
            [6, 90, 81],
            [10, 90, 79.2],
            [12, 80, 68],
          ],
        ],
        [
          { price_list_discounts: { meds: 1000 } },
          [
            [1, 100, 81],
            [6, 90, 72.9],
            [10, 90, 71.28],
            [12, 80, 61.2],
          ],
        ],
        // No discount on the gross price list: the volume discount's quantity is no break.
        [
          { gross_price_list: true },
          [
            [1, 100, 100],
            [6, 90, 90],
            [12, 80, 80],
          ],
        ],
      ] as const) {
        const cookie = await customer(terms);
        const { net, quantity_prices: prices } = await medPricing(cookie);
        expect(prices, JSON.stringify(terms)).toEqual(
          breaks.map(([q, g, n]) => ({ min_quantity: q, gross: g, net: n })),
        );
        expect(prices[0]?.net).toBe(net);
        // The cart holding exactly each break's quantity (a sync adds to the line).
        let held = 0;
        for (const { min_quantity: qty, net: unit } of prices) {
          const cart = await sync(cookie, [{ id: ids.med, qty: qty - held }]);
          held = qty;
          expect(line(cart, ids.med).price_unit_discounted, `${qty}`).toBe(unit);
        }
      }
    } finally {
      await db.execute(sql`DELETE FROM price_tiers WHERE variant_id = ${ids.med} AND min_quantity > 1`);
      await db.execute(sql`DELETE FROM discounts WHERE variant_id = ${ids.med} AND min_quantity > 0`);
    }
  });

  it('search hits show the net price of the product page and the cart, per user, from one cached answer', async () => {
    const product = await database.db.execute<{ id: number; sku: string }>(sql`
      SELECT v.product_id AS id, v.sku FROM product_variants v WHERE v.id = ${ids.med}`);
    const { id: productId, sku } = product.rows[0]!;
    type Price = { value: number; original_value: number; discount: number } | null;
    type Hit = { id: number; has_discount: boolean; variants: { id: number; price: Price }[] };
    const searchPrice = async (cookie: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/catalog/search?lang=en&q=${encodeURIComponent(sku)}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      const hit = res.json<{ hits: Hit[] }>().hits.find((h) => Number(h.id) === Number(productId))!;
      return { hit, price: hit.variants.find((v) => v.id === ids.med)!.price };
    };
    const pageNet = async (cookie: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/catalog/products/${productId}?lang=en`,
        headers: { cookie },
      });
      type Detail = { variants: { id: number; pricing: { net: number | null } }[] };
      return res.json<Detail>().variants.find((v) => v.id === ids.med)!.pricing.net;
    };
    // Without terms: the price list's stored price, unchanged.
    const plainCookie = await customer();
    const plain = await searchPrice(plainCookie);
    expect(plain.price).toEqual({ value: 90, tax_included: false, original_value: 100, discount: 10 });
    expect(await pageNet(plainCookie)).toBe(90);
    // A 5 % family discount on medicines: 90.00 − 5 % = 85.50 on the card, the page and in the cart.
    const familyCookie = await customer({ price_list_discounts: { meds: 500 } });
    const family = await searchPrice(familyCookie);
    expect(family.price).toMatchObject({ value: 85.5, original_value: 100, discount: 14.5 });
    expect(await pageNet(familyCookie)).toBe(85.5);
    const cart = await sync(familyCookie, [{ id: ids.med, qty: 1 }]);
    expect(line(cart, ids.med).price_unit_discounted).toBe(85.5);
    // The gross price list: the gross price, no discount.
    const grossCookie = await customer({ gross_price_list: true, price_list_discounts: { meds: 500 } });
    const gross = await searchPrice(grossCookie);
    expect(gross.price).toMatchObject({ value: 100, original_value: 100, discount: 0 });
    expect(gross.hit.has_discount).toBe(false);
    expect(await pageNet(grossCookie)).toBe(100);
    // The first user's answer is still the price list's (the cache holds no user's terms).
    expect((await searchPrice(plainCookie)).price).toMatchObject({ value: 90 });
  });

  it('the gross price list charges the gross tier price, without any discount', async () => {
    const gross = await sync(
      await customer({ gross_price_list: true, price_list_discounts: { meds: 500 } }),
      [{ id: ids.med, qty: 1 }],
    );
    expect(line(gross, ids.med)).toMatchObject({
      price_unit_discounted: 100,
      discount: { rate: 0, value: 0 },
    });
    const normal = await sync(await customer(), [{ id: ids.med, qty: 1 }]);
    expect(line(normal, ids.med).price_unit_discounted).toBe(90);
  });

  it('help with the fee waives the handling fee below the threshold', async () => {
    const helped = await sync(await customer({ help_with_fee: true }), [{ id: ids.other, qty: 1 }]);
    expect(helped.lines.some((l) => l.is_delivery)).toBe(false);
    expect(helped.delivery.fees).toBe(0);
    const normal = await sync(await customer(), [{ id: ids.other, qty: 1 }]);
    expect(normal.lines.some((l) => l.is_delivery)).toBe(true);
  });

  it('a veterinary group’s discount applies to its products for its members, named on the product', async () => {
    const cookie = await customer({ vet_group_ids: [ids.groupGroup] });
    const cart = await sync(cookie, [{ id: ids.group, qty: 1 }]);
    expect(line(cart, ids.group)).toMatchObject({ price_unit: 100, price_unit_discounted: 95 });
    const productId = await database.db.execute<{ id: number }>(
      sql`SELECT product_id AS id FROM product_variants WHERE id = ${ids.group}`,
    );
    const detail = await app.inject({
      method: 'GET',
      url: `/catalog/products/${productId.rows[0]!.id}?lang=en`,
      headers: { cookie },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ vet_groups: unknown[] }>().vet_groups).toEqual([
      { id: ids.groupGroup, name: 'Terms group', color: '#123456', discount: 5 },
    ]);
    // The group's name in the page's language, the stored (French) name where it has none.
    const groupNameIn = async (lang: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/catalog/products/${productId.rows[0]!.id}?lang=${lang}`,
        headers: { cookie },
      });
      return res.json<{ vet_groups: { name: string }[] }>().vet_groups[0]!.name;
    };
    expect(await groupNameIn('nl')).toBe('Voorwaardengroep');
    expect(await groupNameIn('fr')).toBe('Groupe des conditions');
    const listed = await app.inject({
      method: 'GET',
      url: '/veterinary_groups',
      headers: { 'accept-language': 'nl-BE,nl;q=0.9' },
    });
    expect(
      listed.json<{ data: { code: string; name: string }[] }>().data.find((g) => g.code === 'terms-g')!.name,
    ).toBe('Voorwaardengroep');
    // The group's discount also shows on its page's products (vet efficiency), as in the cart.
    await database.db.execute(sql`
      INSERT INTO variant_prices (variant_id, price_list_id, gross_cents, net_cents, has_discount, computed_on)
      VALUES (${ids.group}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 10000, 10000, false, current_date)
      ON CONFLICT (variant_id, price_list_id) DO UPDATE SET gross_cents = 10000, net_cents = 10000`);
    const mine = await app.inject({
      method: 'GET',
      url: '/veterinary_groups/mine?lang=en',
      headers: { cookie },
    });
    expect(mine.statusCode).toBe(200);
    type Mine = {
      data: { id: number; products: { product_id: number; price: { value: number } | null }[] }[];
    };
    expect(
      mine.json<{ data: { id: number; name: string }[] }>().data.find((g) => g.id === ids.groupGroup)!.name,
    ).toBe('Terms group');
    const groupProduct = mine
      .json<Mine>()
      .data.find((g) => g.id === ids.groupGroup)!
      .products.find((p) => p.product_id === ids.group)!;
    expect(groupProduct.price?.value).toBe(line(cart, ids.group).price_unit_discounted);
  });
});
