import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fixtureApp, getJson, testDatabases, type TestApp } from '../../../test/helpers.ts';

describe.each(testDatabases())('GET /catalog/version on $name', (target) => {
  let t: TestApp;
  const version = async (): Promise<string> => {
    const r = await getJson<{ version: string }>(t.app, '/catalog/version');
    expect(r.status).toBe(200);
    return r.body.version;
  };
  beforeAll(async () => {
    t = await fixtureApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a decimal version, never cached, and a problem for a query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/catalog/version' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((res.json() as { version: string }).version).toMatch(/^\d+$/);
    const bad = await t.app.inject({ method: 'GET', url: '/catalog/version?x=1' });
    expect(bad.statusCode).toBe(400);
    expect(String(bad.headers['content-type'])).toContain('application/problem+json');
  });

  it('moves on a price or catalogue change and not on a read, a no-op statement or a session write', async () => {
    const db = t.database.db;
    const v0 = await version();
    await db.execute(sql`SELECT count(*) FROM products`);
    await db.execute(sql`DELETE FROM sessions WHERE false`);
    await db.execute(sql`UPDATE stock_levels SET qty_available = qty_available WHERE false`);
    await db.execute(sql`DELETE FROM variant_prices WHERE false`);
    expect(await version()).toBe(v0);
    await db.execute(sql`UPDATE variant_prices SET net_cents = net_cents WHERE true`);
    const v1 = await version();
    expect(BigInt(v1)).toBeGreaterThan(BigInt(v0));
    await db.execute(sql`UPDATE product_variants SET id = id WHERE true`);
    const v2 = await version();
    expect(BigInt(v2)).toBeGreaterThan(BigInt(v1));
    await db.execute(sql`UPDATE products SET id = id WHERE true`);
    await db.execute(sql`UPDATE categories SET id = id WHERE true`);
    // One bump per changing statement, whatever the number of rows.
    expect(BigInt(await version()) - BigInt(v2)).toBe(2n);
  });

  it('keys the cached search answers by it: a stock change shows in the next search at once', async () => {
    interface Hits {
      hits: { id: number; stock_state: string; variants: { id: number }[] }[];
    }
    const search = async () => {
      const r = await getJson<Hits>(t.app, '/catalog/search?lang=fr&per_page=100&sort=name_asc');
      expect(r.status).toBe(200);
      return r.body.hits;
    };
    const before = await search();
    const hit = before.find((h) => h.variants.length === 1 && h.stock_state !== 'out_of_stock');
    expect(hit).toBeDefined();
    const variantId = hit!.variants[0]!.id;
    const db = t.database.db;
    // What a staff stock change writes (stock module): the variant's stock state.
    await db.execute(sql`UPDATE product_variants SET stock_state = 'out_of_stock' WHERE id = ${variantId}`);
    const after = (await search()).find((h) => h.id === hit!.id);
    expect(after?.stock_state).not.toBe(hit!.stock_state);
  });

  it('keys the kept hit rows by it: a renamed product shows in the next search at once', async () => {
    interface Hits {
      hits: { id: number; name: string }[];
    }
    const search = async () =>
      (await getJson<Hits>(t.app, '/catalog/search?lang=fr&q=amoxicilline&sort=name_asc')).body.hits;
    const hit = (await search())[0];
    expect(hit).toBeDefined();
    const db = t.database.db;
    const before = await db.execute<{ name: string }>(
      sql`SELECT name FROM product_translations WHERE product_id = ${hit!.id} AND locale = 'fr'`,
    );
    try {
      await db.execute(
        sql`UPDATE product_translations SET name = 'Amoxi renommé' WHERE product_id = ${hit!.id} AND locale = 'fr'`,
      );
      expect((await search()).find((h) => h.id === hit!.id)?.name).toBe('Amoxi renommé');
    } finally {
      await db.execute(
        sql`UPDATE product_translations SET name = ${before.rows[0]?.name ?? ''} WHERE product_id = ${hit!.id} AND locale = 'fr'`,
      );
    }
  });

  it('keys the kept promotions answers by it: a new supplier discount shows in the next list at once', async () => {
    interface List {
      total: number;
      items: { product_id: number; kind: string; discount: number | null }[];
    }
    const list = async () => {
      const r = await getJson<List>(t.app, '/promotions?lang=fr&page=1&per_page=100&kind=supplier_discount');
      expect(r.status).toBe(200);
      return r.body;
    };
    const db = t.database.db;
    const visible = await db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 ORDER BY v.id LIMIT 1`);
    const variantId = Number(visible.rows[0]?.id);
    const before = await list();
    expect(before.items.some((i) => i.product_id === variantId && i.discount === 12.5)).toBe(false);
    // What the catalogue import writes for a supplier discount (catalog-import/prices.ts).
    await db.execute(sql`
      INSERT INTO supplier_terms (variant_id, kind, discount_bp) VALUES (${variantId}, 'supplier_discount', 1250)`);
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.items.some((i) => i.product_id === variantId && i.discount === 12.5)).toBe(true);
  });

  it('does not move when the changing transaction rolls back', async () => {
    const db = t.database.db;
    const v0 = await version();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE products SET id = id WHERE true`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await version()).toBe(v0);
  });
});
