/**
 * The benchmark data set's copies of the catalogue (bench/scale.ts): a copy carries what a page
 * shows of its model — the variants' names per language (docs/decisions/presentation-names.md,
 * docs/decisions/catalogue-vocabulary.md) and the regulatory data — so that a Dutch or English page
 * of a copy reads as its model's does. On PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client.ts';
import { insertFixture } from '../apps/api/test/fixtures.ts';
import { testDatabases } from '../apps/api/test/helpers.ts';
import { scaleCatalogue } from './scale.ts';

const [pglite] = testDatabases();

describe('catalogue copies of the benchmark data set', () => {
  let database: Database;

  beforeAll(async () => {
    database = await pglite!.open();
    await insertFixture(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("copies the variants' names per language and the regulatory data", async () => {
    const { db } = database;
    const [model] = (
      await db.execute<{ id: number; sku: string; product_id: number }>(
        sql`SELECT id, sku, product_id FROM product_variants ORDER BY id LIMIT 1`,
      )
    ).rows;
    await db.execute(sql`UPDATE product_variants
      SET names = '{"fr": "Boîte de 1 flacon de 50 mL", "nl": "Doos met 1 injectieflacon van 50 mL", "en": "Box of 1 vial of 50 mL"}'::jsonb
      WHERE id = ${model!.id}`);
    await db.execute(sql`UPDATE products SET packagings = ARRAY['Boîte de 1 flacon de 50 mL (Flacon verre)']
      WHERE id = ${model!.product_id}`);
    await scaleCatalogue(db, 2);
    const [copy] = (
      await db.execute<{ names: Record<string, string> | null; packagings: string[] | null }>(
        sql`SELECT v.names, p.packagings FROM product_variants v JOIN products p ON p.id = v.product_id
            WHERE v.sku = ${`${model!.sku}-scale2`}`,
      )
    ).rows;
    expect(copy?.names).toEqual({
      fr: 'Boîte de 1 flacon de 50 mL',
      nl: 'Doos met 1 injectieflacon van 50 mL',
      en: 'Box of 1 vial of 50 mL',
    });
    expect(copy?.packagings).toEqual(['Boîte de 1 flacon de 50 mL (Flacon verre)']);
  });
});
