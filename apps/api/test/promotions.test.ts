/**
 * Promotions, selection, vet efficiency and promo-end alerts (docs/decisions/promo-end-alerts.md;
 * docs/product/catalogue-and-search.md#screens /{lang}/promotions, /{lang}/selection, /{lang}/vetgroup; docs/product/customer-area.md#promo-subscription-calls).
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (scratch `vetshop_promotions_test`).
 *
 * Promotions are inserted relative to today's business date on fixture products that carry no
 * other supplier term, so the expectations hold whatever day the suite runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  businessDate,
  type PromotionList,
  type Selection,
  type VetGroupEfficiencyList,
} from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import type { MailMessage, Mailer } from '../src/modules/mail/mailer.ts';
import { monthWindow } from '../src/modules/catalog/search.ts';
import { runPromoAlerts } from '../src/modules/promo-alerts/service.ts';
import { createCustomer, createStaff, signIn, type FixtureCustomer } from './account-fixtures.ts';
import { insertFixture, type Fixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

/** Adds `days` to an ISO date. */
function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const LEAD_DAYS = 7;

describe.each(databaseTargets())('promotions and promo-end alerts on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let fixture: Fixture;
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (message) => {
      // A little latency, so that concurrent runs really overlap.
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(message);
    },
  };
  const today = businessDate();
  /** Variant ids by sku. */
  const v: Record<string, number> = {};
  let a: FixtureCustomer;
  let b: FixtureCustomer;
  const cookies = { a: '', b: '', staff: '' };

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
  const promotions = async (cookie?: string, query = '') => {
    const res = await inject('GET', `/promotions?per_page=100${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PromotionList;
  };
  const keysOf = (list: PromotionList) => list.items.map((i) => `${i.kind}:${i.sku}:${i.date_end}`);

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_promotions_test'));
    fixture = await insertFixture(database.db);
    app = await buildApp({ db: database, mailer, promoAlerts: { leadDays: LEAD_DAYS } });
    await app.ready();
    const db = database.db;
    const rows = await db.execute<{ id: number; sku: string }>(sql`SELECT id, sku FROM product_variants`);
    for (const r of rows.rows) v[r.sku] = Number(r.id);
    // Promotions on products without other supplier terms (see the fixture).
    await db.execute(sql`
      INSERT INTO specials (variant_id, sequence, date_start, date_end) VALUES
        (${v['ZO-CLV-50']}, 1, ${addDays(today, -10)}, ${addDays(today, 3)}),
        (${v['VB-PRZ-1']}, 2, ${addDays(today, -30)}, ${addDays(today, -1)}),
        (${v['GV-001']}, 3, NULL, ${addDays(today, 1)}),
        (${v['BD-SYR-5']}, 4, ${addDays(today, 1)}, ${addDays(today, 2)})`);
    await db.execute(sql`
      INSERT INTO supplier_terms (variant_id, kind, discount_bp, main_quantity, promo_quantity, date_start, date_end) VALUES
        (${v['VB-PRZ-1']}, 'supplier_discount', 500, NULL, NULL, ${addDays(today, -5)}, ${addDays(today, 20)}),
        (${v['VB-OTO-125']}, 'supplier_promotion', NULL, 10, 2, NULL, ${addDays(today, 2)}),
        (${v['RC-STE-4']}, 'supplier_discount_veterinary', 800, NULL, NULL, NULL, ${addDays(today, 5)})`);
    // A: veterinary list, in the 'west' group, offered supplier promotions, Dutch. B: veterinary, no group, English.
    a = await createCustomer(db, { vetGroupIds: [fixture.vetGroups.west as number] });
    b = await createCustomer(db);
    await db.execute(sql`UPDATE users SET supplier_promotion = true, locale = 'nl' WHERE id = ${a.userId}`);
    await db.execute(sql`UPDATE users SET locale = 'en' WHERE id = ${b.userId}`);
    const staff = await createStaff(db);
    cookies.a = await signIn(app, a.login);
    cookies.b = await signIn(app, b.login);
    cookies.staff = await signIn(app, staff.login);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('lists for guests the active specials and supplier discounts of public products, never supplier promotions', async () => {
    const keys = keysOf(await promotions());
    expect(keys).toContain(`special:ZO-CLV-50:${addDays(today, 3)}`);
    expect(keys).toContain(`supplier_discount:VB-PRZ-1:${addDays(today, 20)}`);
    // expired, not started, restricted to a group, veterinary-list only, supplier promotion
    expect(keys).not.toContain(`special:VB-PRZ-1:${addDays(today, -1)}`);
    expect(keys.some((k) => k.includes('BD-SYR-5'))).toBe(false);
    expect(keys.some((k) => k.includes('GV-001'))).toBe(false);
    expect(keys.some((k) => k.includes('RC-STE-4'))).toBe(false);
    expect(keys.some((k) => k.startsWith('supplier_promotion:'))).toBe(false);
    expect(keys.some((k) => k.includes('HD-001'))).toBe(false);
  });

  it('names a special offer on its product page, with its end date, for the offer’s variant only (docs/decisions/special-offers.md)', async () => {
    const product = async (sku: string) => {
      const variantId = v[sku]!;
      const id = (
        await database.db.execute<{ product_id: number }>(
          sql`SELECT product_id FROM product_variants WHERE id = ${variantId}`,
        )
      ).rows[0]!.product_id;
      const res = await inject('GET', `/catalog/products/${id}?lang=fr`);
      expect(res.statusCode, res.body).toBe(200);
      const variants = (res.json() as { variants: { id: number; pricing: { promotion: unknown } }[] })
        .variants;
      return variants.find((x) => x.id === variantId)!.pricing.promotion;
    };
    expect(await product('ZO-CLV-50')).toEqual({
      kind: 'special',
      discount: null,
      main_quantity: null,
      promo_quantity: null,
      date_start: addDays(today, -10),
      date_end: addDays(today, 3),
    });
    // Expired special, supplier discount first: the supplier term is shown.
    expect(await product('VB-PRZ-1')).toMatchObject({
      kind: 'supplier_discount',
      date_end: addDays(today, 20),
    });
  });

  it('gives each line its picture facts (family and form choose the illustration where no picture exists)', async () => {
    const list = await promotions();
    expect(list.items.length).toBeGreaterThan(0);
    for (const item of list.items) {
      expect(item.picture, item.sku).toBeTruthy();
      expect(item.picture?.family).toBe(item.family);
      expect(item.picture?.image).toBeNull();
    }
  });

  it('follows the user: vet groups, veterinary-list kinds and the supplier-promotion flag', async () => {
    const forA = await promotions(cookies.a);
    const keysA = keysOf(forA);
    expect(keysA).toContain(`special:GV-001:${addDays(today, 1)}`);
    expect(keysA).toContain(`supplier_discount:RC-STE-4:${addDays(today, 5)}`);
    expect(keysA).toContain(`supplier_promotion:VB-OTO-125:${addDays(today, 2)}`);
    const promo = forA.items.find((i) => i.sku === 'VB-OTO-125')!;
    expect(promo).toMatchObject({ main_quantity: 10, promo_quantity: 2, term_kind: 'supplier_promotion' });
    expect(forA.items.find((i) => i.sku === 'RC-STE-4')).toMatchObject({ discount: 8 });
    // Soonest end first.
    const ends = forA.items.map((i) => i.date_end ?? '9999-12-31');
    expect(ends).toEqual([...ends].sort());
    const keysB = keysOf(await promotions(cookies.b));
    expect(keysB).toContain(`supplier_discount:RC-STE-4:${addDays(today, 5)}`);
    expect(keysB.some((k) => k.includes('GV-001'))).toBe(false);
    expect(keysB.some((k) => k.startsWith('supplier_promotion:'))).toBe(false);
  });

  it('filters the promotions ending this month and pages them', async () => {
    const { monthEnd } = monthWindow(today);
    const all = await promotions(cookies.a);
    const ending = await promotions(cookies.a, '&ending_this_month=true');
    const expected = all.items.filter(
      (i) => i.date_end !== null && i.date_end >= today && i.date_end <= monthEnd,
    );
    expect(keysOf(ending).sort()).toEqual(keysOf({ ...all, items: expected }).sort());
    expect(ending.total).toBe(expected.length);
    const page2 = await inject('GET', '/promotions?per_page=1&page=2', cookies.a);
    expect(page2.statusCode).toBe(200);
    expect((page2.json() as PromotionList).items[0]?.key).toBe(all.items[1]?.key);
    expect((page2.json() as PromotionList).total).toBe(all.total);
    const onlySpecials = await promotions(cookies.a, '&kind=special');
    expect(onlySpecials.items.every((i) => i.kind === 'special')).toBe(true);
  });

  it.each([
    '/promotions?per_page=0',
    '/promotions?page=abc',
    '/promotions?kind=free_lunch',
    '/promotions?ending_this_month=maybe',
    '/promotions?unknown=1',
  ])('refuses bad input %s with a 400 problem', async (url) => {
    const res = await inject('GET', url);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it('keeps promo subscriptions per user', async () => {
    const first = await inject('POST', '/promo_subscriptions', cookies.a, { product_id: v['ZO-CLV-50']! });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ product_id: v['ZO-CLV-50'] });
    const again = await inject('POST', '/promo_subscriptions', cookies.a, { product_id: v['ZO-CLV-50']! });
    expect(again.statusCode).toBe(200);
    const listA = await inject('GET', '/promo_subscriptions', cookies.a);
    expect(listA.json()).toEqual({ data: [{ product_id: v['ZO-CLV-50'] }] });
    // B sees none of A's subscriptions and cannot delete them.
    expect((await inject('GET', '/promo_subscriptions', cookies.b)).json()).toEqual({ data: [] });
    const foreign = await inject('DELETE', `/promo_subscriptions/${v['ZO-CLV-50']}`, cookies.b);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
    expect((await inject('GET', '/promo_subscriptions', cookies.a)).json()).toEqual({
      data: [{ product_id: v['ZO-CLV-50'] }],
    });
    // A product restricted to a group B is not in, a hidden one, an unknown one: 404.
    for (const id of [v['GV-001']!, v['HD-001']!, 99_999_999]) {
      const res = await inject('POST', '/promo_subscriptions', cookies.b, { product_id: id });
      expect(res.statusCode, `product ${id}`).toBe(404);
    }
    // Unsubscribe, then the same again is a 404.
    expect((await inject('DELETE', `/promo_subscriptions/${v['ZO-CLV-50']}`, cookies.a)).statusCode).toBe(
      204,
    );
    expect((await inject('DELETE', `/promo_subscriptions/${v['ZO-CLV-50']}`, cookies.a)).statusCode).toBe(
      404,
    );
    expect((await inject('GET', '/promo_subscriptions', cookies.a)).json()).toEqual({ data: [] });
  });

  it.each([
    ['POST', '/promo_subscriptions', { product_id: 'abc' }],
    ['POST', '/promo_subscriptions', { product_id: 0 }],
    ['POST', '/promo_subscriptions', { product_id: 1, extra: true }],
    ['POST', '/promo_subscriptions', {}],
    ['DELETE', '/promo_subscriptions/abc', undefined],
    ['DELETE', '/promo_subscriptions/-1', undefined],
  ] as const)('refuses %s %s with bad input (400)', async (method, url, payload) => {
    const res = await inject(method, url, cookies.a, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('asks guests to sign in and refuses staff on subscriptions', async () => {
    expect((await inject('GET', '/promo_subscriptions')).statusCode).toBe(401);
    expect((await inject('GET', '/promo_subscriptions', cookies.staff)).statusCode).toBe(403);
    expect((await inject('POST', '/staff/jobs/promo_alerts/run', cookies.a, {})).statusCode).toBe(403);
  });

  it('mails each subscriber once, in their language, for promotions ending within the lead time', async () => {
    for (const sku of ['ZO-CLV-50', 'VB-OTO-125', 'VB-PRZ-1', 'GV-001'])
      expect(
        (await inject('POST', '/promo_subscriptions', cookies.a, { product_id: v[sku]! })).statusCode,
      ).toBe(201);
    for (const sku of ['ZO-CLV-50', 'VB-OTO-125', 'RC-STE-4'])
      expect(
        (await inject('POST', '/promo_subscriptions', cookies.b, { product_id: v[sku]! })).statusCode,
      ).toBe(201);
    sent.length = 0;
    // Two runs at once (through the staff route and directly), then one more.
    const [r1, r2] = await Promise.all([
      inject('POST', '/staff/jobs/promo_alerts/run', cookies.staff, {}),
      runPromoAlerts(database.db, mailer, { leadDays: LEAD_DAYS, siteUrl: 'http://shop.test' }),
    ]);
    expect(r1.statusCode, r1.body).toBe(200);
    const runs = [r1.json() as { mailed: number; ran: boolean }, r2];
    expect(runs.reduce((n, r) => n + r.mailed, 0)).toBe(5);
    const again = await inject('POST', '/staff/jobs/promo_alerts/run', cookies.staff);
    expect(again.json()).toMatchObject({ ran: true, mailed: 0, lead_days: LEAD_DAYS, as_of: today });

    const toA = sent.filter((m) => m.to === a.login);
    const toB = sent.filter((m) => m.to === b.login);
    // A: special ZO-CLV-50 (+3 days), supplier promotion VB-OTO-125 (+2), special GV-001 (+1);
    // not VB-PRZ-1 (its discount ends in 20 days).
    expect(toA).toHaveLength(3);
    expect(toA.every((m) => m.subject.startsWith('Promotie loopt bijna af'))).toBe(true);
    expect(toA.some((m) => m.text.includes('10+2'))).toBe(true);
    // B: the special and its veterinary-list discount RC-STE-4 (+5); no supplier promotion (flag off).
    expect(toB).toHaveLength(2);
    expect(toB.every((m) => m.subject.startsWith('Promotion ending soon'))).toBe(true);
    expect(toB.some((m) => m.text.includes('supplier discount of 8%'))).toBe(true);
    expect(toB.every((m) => !m.text.includes('10+2'))).toBe(true);
    expect(toB[0]!.text).toMatch(/\/en\/p\//);
    expect(toA[0]!.text).toMatch(/\/nl\/p\//);
    // Each alert is recorded once.
    const recorded = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM promo_alerts_sent`,
    );
    expect(Number(recorded.rows[0]!.n)).toBe(5);
  });

  it('mails nothing for promotions that end after the lead time, and retries a failed mail', async () => {
    sent.length = 0;
    // As of 30 days ago nothing above ends within 7 days (and the expired special ends in 29).
    const early = await inject('POST', '/staff/jobs/promo_alerts/run', cookies.staff, {
      as_of: addDays(today, -30),
    });
    expect(early.json()).toMatchObject({ ran: true, mailed: 0 });
    // As of 14 days from now, VB-PRZ-1's discount (+20) is within the lead time: one mail to A.
    let failOnce = true;
    const flaky: Mailer = {
      send: async (m) => {
        if (failOnce) {
          failOnce = false;
          throw new Error('smtp down');
        }
        sent.push(m);
      },
    };
    const asOf = addDays(today, 14);
    const failed = await runPromoAlerts(database.db, flaky, {
      leadDays: LEAD_DAYS,
      siteUrl: 'http://shop.test',
      asOf,
    });
    expect(failed).toMatchObject({ mailed: 0, failed: 1 });
    const retried = await runPromoAlerts(database.db, flaky, {
      leadDays: LEAD_DAYS,
      siteUrl: 'http://shop.test',
      asOf,
    });
    expect(retried).toMatchObject({ mailed: 1, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual([a.login]);
    expect(sent[0]!.text).toContain('5 %');
    const bad = await inject('POST', '/staff/jobs/promo_alerts/run', cookies.staff, { as_of: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
  });

  it('runs the job by itself when buildApp is given an interval, and stops on close', async () => {
    const c = await createCustomer(database.db);
    await database.db.execute(
      sql`INSERT INTO promo_subscriptions (user_id, variant_id) VALUES (${c.userId}, ${v['ZO-CLV-50']!})`,
    );
    const mails: MailMessage[] = [];
    const scheduled = await buildApp({
      db: database,
      mailer: { send: async (m) => void mails.push(m) },
      promoAlerts: { leadDays: LEAD_DAYS, intervalMs: 50, initialDelayMs: 0 },
    });
    await scheduled.ready();
    try {
      await expect.poll(() => mails.map((m) => m.to), { timeout: 5_000 }).toEqual([c.login]);
      // Later runs find the alert recorded: still one mail.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mails).toHaveLength(1);
    } finally {
      await scheduled.close();
    }
  });

  it('serves the curated selection managed by staff, with the catalogue visibility', async () => {
    expect((await inject('GET', '/selection')).json()).toEqual({ data: [] });
    const set = await inject('POST', '/staff/selection', cookies.staff, {
      items: [
        { product_id: v['GV-001'], note: 'Groupe' },
        { product_id: v['ZO-CLV-50'], note: 'Top' },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const guest = (await inject('GET', '/selection?lang=en')).json() as Selection;
    expect(guest.data.map((i) => i.sku)).toEqual(['ZO-CLV-50']);
    expect(guest.data[0]).toMatchObject({ note: 'Top', url_key: expect.any(String) });
    const forA = (await inject('GET', '/selection', cookies.a)).json() as Selection;
    expect(forA.data.map((i) => i.sku)).toEqual(['GV-001', 'ZO-CLV-50']);
    const added = await inject('POST', '/staff/selection/items', cookies.staff, {
      product_id: v['BD-SYR-5'],
    });
    expect(added.statusCode).toBe(201);
    expect((added.json() as Selection).data.map((i) => i.sku)).toEqual(['ZO-CLV-50', 'BD-SYR-5']);
    const updated = await inject('POST', '/staff/selection/items', cookies.staff, {
      product_id: v['BD-SYR-5'],
      sequence: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect((updated.json() as Selection).data.map((i) => i.sku)).toEqual(['BD-SYR-5', 'ZO-CLV-50']);
    expect(
      (await inject('DELETE', `/staff/selection/items/${v['BD-SYR-5']}`, cookies.staff)).statusCode,
    ).toBe(204);
    expect(
      (await inject('DELETE', `/staff/selection/items/${v['BD-SYR-5']}`, cookies.staff)).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', '/staff/selection/items', cookies.staff, { product_id: 99_999_999 })).statusCode,
    ).toBe(404);
    expect((await inject('POST', '/staff/selection', cookies.staff, { items: 'all' })).statusCode).toBe(400);
    expect((await inject('POST', '/staff/selection/items', cookies.a, { product_id: 1 })).statusCode).toBe(
      403,
    );
  });

  it('shows a member its veterinary groups with their products and conditions', async () => {
    const forA = (
      await inject('GET', '/veterinary_groups/mine?lang=fr', cookies.a)
    ).json() as VetGroupEfficiencyList;
    expect(forA.data.map((g) => g.code)).toEqual(['west']);
    const west = forA.data[0]!;
    expect(west).toMatchObject({ name: 'Groupe Ouest', color: '#0055aa', product_count: 1 });
    expect(west.products.map((p) => p.sku)).toEqual(['GV-001']);
    expect(west.products[0]!.promotions).toEqual([
      expect.objectContaining({ kind: 'special', date_end: addDays(today, 1) }),
    ]);
    expect((await inject('GET', '/veterinary_groups/mine', cookies.b)).json()).toEqual({ data: [] });
    expect((await inject('GET', '/veterinary_groups/mine')).statusCode).toBe(401);
  });

  it('pages a group’s products in name order and keeps the count past the last page (docs/decisions/vet-group-pages.md)', async () => {
    const db = database.db;
    const west = fixture.vetGroups.west as number;
    const east = fixture.vetGroups.east as number;
    // Four more products of the group, one of them not sold on the website (never listed nor counted).
    const moved = ['amoxival', 'parasitex', 'gloves', 'hiddenol'].map((k) => fixture.products[k] as number);
    await db.execute(
      sql`UPDATE products SET vet_group_ids = ARRAY[${west}::int] WHERE id = ANY(${sql.param(moved)}::int[])`,
    );
    const groups = async (query: string) => {
      const res = await inject('GET', `/veterinary_groups/mine?lang=fr${query}`, cookies.a);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as VetGroupEfficiencyList).data;
    };
    try {
      const all = (await groups('&page_size=50'))[0]!;
      expect(all.product_count).toBe(4);
      expect(all.products.map((p) => p.sku)).not.toContain('HD-001');
      const names = all.products.map((p) => p.name);
      expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      // Default: the first 10 products; pages of 3 put together give the whole list in order.
      expect((await groups(''))[0]).toMatchObject({ page: 1, page_size: 10, product_count: 4 });
      const first = (await groups('&page_size=3'))[0]!;
      const second = (await groups('&page=2&page_size=3'))[0]!;
      expect(first).toMatchObject({ page: 1, page_size: 3, product_count: 4 });
      expect(second).toMatchObject({ page: 2, page_size: 3, product_count: 4 });
      expect([...first.products, ...second.products].map((p) => p.sku)).toEqual(
        all.products.map((p) => p.sku),
      );
      // A page past the last: no product, the count kept.
      expect((await groups('&page=9&page_size=3'))[0]).toMatchObject({
        page: 9,
        product_count: 4,
        products: [],
      });
      // `page` and `page_size` are those of the group named by `group`; the others show their first 10.
      expect((await groups(`&group=${west}&page=2&page_size=3`))[0]!.products).toEqual(second.products);
      const other = (await groups(`&group=${east}&page=2&page_size=3`))[0]!;
      expect(other).toMatchObject({ page: 1, page_size: 10, product_count: 4 });
      expect(other.products).toEqual(all.products);
      for (const bad of ['&page_size=51', '&page=0', '&group=x', '&per_page=10']) {
        const res = await inject('GET', `/veterinary_groups/mine?lang=fr${bad}`, cookies.a);
        expect(res.statusCode, bad).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    } finally {
      await db.execute(
        sql`UPDATE products SET vet_group_ids = '{}'::int[] WHERE id = ANY(${sql.param(moved)}::int[])`,
      );
    }
  });
});
