/**
 * The text match's narrow rows (db/catalog-schema.ts `searchTexts`, migration 0041_search_texts.sql;
 * docs/decisions/search-performance.md "A text matched on narrow rows"): search_texts holds, for
 * every search row, its vectors and visibility, kept by search_documents' triggers in the changing
 * statement, whoever writes the search rows. A row whose mirrored columns did not change is not
 * rewritten. And a text's matches, read from it, are those of the search rows. PGlite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Database, Db } from '../src/db/client.ts';
import { rebuildSearchIndex, refreshSearchPopularity } from '../src/modules/catalog/search-index.ts';
import {
  AUTOCOMPLETE_INDEX_RELOAD_MS,
  autocompleteIndexAt,
  autocompleteIndexLoaded,
} from '../src/modules/catalog/autocomplete-index.ts';
import { readVersions } from '../src/modules/catalog-version/index.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

/** Search rows (the mirrored columns) that one table has and the other has not, both ways. */
async function mismatches(db: Db): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    WITH d AS (SELECT product_id, locale, document, description_vector, not_sold_on_website, vet_group_ids FROM search_documents),
         t AS (SELECT product_id, locale, document, description_vector, not_sold_on_website, vet_group_ids FROM search_texts)
    SELECT ((SELECT count(*) FROM (SELECT * FROM d EXCEPT SELECT * FROM t) a)
          + (SELECT count(*) FROM (SELECT * FROM t EXCEPT SELECT * FROM d) b))::int AS n`);
  return Number(r.rows[0]!.n);
}

/** The row versions (xmin) of a product's narrow rows, by locale. */
async function versionsOf(db: Db, productId: number): Promise<Record<string, string>> {
  const r = await db.execute<{ locale: string; v: string }>(
    sql`SELECT locale, xmin::text AS v FROM search_texts WHERE product_id = ${productId} ORDER BY locale`,
  );
  return Object.fromEntries(r.rows.map((row) => [row.locale, row.v]));
}

describe.each(databaseTargets())('search_texts mirrors search_documents on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let db: Db;
  let amoxival = 0;
  let metacam = 0;

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_search_texts_test'));
    db = database.db;
    const fixture = await insertFixture(db);
    amoxival = fixture.products.amoxival as number;
    metacam = fixture.products.metacam as number;
    app = await buildApp({ db: database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  // A text is matched on the narrow rows when the api holds the search rows of the current
  // version in memory (else the search counts in the database, on search_documents): each search
  // below first loads them, past the delay between two loads.
  let clock = 0;
  const hitIds = async (q: string): Promise<number[]> => {
    clock = Math.max(clock, Date.now()) + AUTOCOMPLETE_INDEX_RELOAD_MS;
    autocompleteIndexAt(db, (await readVersions(db))!.search, clock);
    await autocompleteIndexLoaded(db);
    const res = await app.inject({
      method: 'GET',
      url: `/catalog/search?lang=fr&q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ hits: Array<{ id: number }> }>().hits.map((h) => h.id);
  };

  it('holds every search row after the index is built, and after a product is rebuilt', async () => {
    const count = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM search_texts`);
    expect(Number(count.rows[0]!.n)).toBeGreaterThan(0);
    expect(await mismatches(db)).toBe(0);
    await rebuildSearchIndex(db, [amoxival]);
    expect(await mismatches(db)).toBe(0);
    await rebuildSearchIndex(db);
    expect(await mismatches(db)).toBe(0);
  });

  it('follows a change of visibility or text, and leaves rows whose mirrored columns did not change', async () => {
    const before = await versionsOf(db, amoxival);
    expect(Object.keys(before).length).toBeGreaterThan(0);
    // A stock flag and a popularity are not mirrored: the narrow rows are not rewritten.
    await db.execute(
      sql`UPDATE search_documents SET in_stock = NOT in_stock, popularity = popularity + 1 WHERE product_id = ${amoxival}`,
    );
    await refreshSearchPopularity(db);
    expect(await versionsOf(db, amoxival)).toEqual(before);
    expect(await mismatches(db)).toBe(0);
    expect(await hitIds('amoxival')).toContain(amoxival);
    try {
      await db.execute(
        sql`UPDATE search_documents SET not_sold_on_website = true WHERE product_id = ${amoxival}`,
      );
      expect(await mismatches(db)).toBe(0);
      expect(await versionsOf(db, amoxival)).not.toEqual(before);
      expect(await hitIds('amoxival')).not.toContain(amoxival);
    } finally {
      await db.execute(
        sql`UPDATE search_documents SET not_sold_on_website = false WHERE product_id = ${amoxival}`,
      );
    }
    expect(await hitIds('amoxival')).toContain(amoxival);
    // A word put in a product's vector is found through the narrow rows.
    expect(await hitIds('zorblax')).not.toContain(metacam);
    await db.execute(sql`UPDATE search_documents SET document = document || to_tsvector('french', 'zorblax')
                         WHERE product_id = ${metacam} AND locale = 'fr'`);
    expect(await mismatches(db)).toBe(0);
    expect(await hitIds('zorblax')).toEqual([metacam]);
    // The text statement reads the narrow rows: a word put there alone is found.
    await db.execute(sql`UPDATE search_texts SET document = document || to_tsvector('french', 'quuxly')
                         WHERE product_id = ${amoxival} AND locale = 'fr'`);
    expect(await hitIds('quuxly')).toEqual([amoxival]);
    await rebuildSearchIndex(db, [amoxival, metacam]);
    expect(await mismatches(db)).toBe(0);
  });

  it('loses a row deleted from the search rows, and a key changed by an update', async () => {
    await db.execute(
      sql`UPDATE search_documents SET locale = 'xx' WHERE product_id = ${metacam} AND locale = 'nl'`,
    );
    expect(await mismatches(db)).toBe(0);
    await db.execute(sql`DELETE FROM search_documents WHERE product_id = ${metacam}`);
    expect(await mismatches(db)).toBe(0);
    expect(await versionsOf(db, metacam)).toEqual({});
    expect(await hitIds('metacam')).not.toContain(metacam);
    await rebuildSearchIndex(db, [metacam]);
    expect(await mismatches(db)).toBe(0);
    expect(await hitIds('metacam')).toContain(metacam);
  });
});
