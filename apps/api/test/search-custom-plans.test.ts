/**
 * The product search's statements named on the custom-plan connections (db/client.ts
 * `customPlansOf`, db/statements.ts `executeForValues`; docs/decisions/search-performance.md
 * "Search statements named on custom-plan connections"): each connection parses a search text once,
 * then plans every run for its values (never a generic plan, whatever PostgreSQL's estimate after
 * five runs), and the answers are those of the same statement run unnamed on the database's own
 * connections. A text's matches read for the search rows in memory are the exception: one
 * statement per text shape, kept on a generic plan (docs/decisions/search-performance.md, "A text's
 * matches on a generic plan").
 *
 * PostgreSQL only (PGlite has no statement cache and no custom-plan pool): needs
 * TEST_DATABASE_URL. Every pool holds one connection, so each pool's `pg_prepared_statements` is
 * the one connection's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { customPlansOf, recreateDatabase, type Database, type Db } from '../src/db/client.ts';
import { openOneConnectionPerPool } from './helpers.ts';
import { executeForValues } from '../src/db/statements.ts';
import { insertFixture } from './fixtures.ts';
import {
  autocompleteIndexLoaded,
  startAutocompleteIndexLoad,
} from '../src/modules/catalog/autocomplete-index.ts';

const server = process.env.TEST_DATABASE_URL;

/** Plans so far of the statements prepared on `db`'s one connection whose text reads search rows (search_documents or search_texts). */
async function searchPlansOn(db: Db): Promise<{ statements: number; generic: number; custom: number }> {
  const r = await db.execute<{ generic_plans: number; custom_plans: number }>(
    sql`SELECT generic_plans, custom_plans FROM pg_prepared_statements
        WHERE statement LIKE '%FROM search_% sd%'`,
  );
  return {
    statements: r.rows.length,
    generic: r.rows.reduce((n, s) => n + Number(s.generic_plans), 0),
    custom: r.rows.reduce((n, s) => n + Number(s.custom_plans), 0),
  };
}

describe.skipIf(!server)('search statements on the custom-plan connections (PostgreSQL)', () => {
  let database: Database;
  let app: FastifyInstance;
  let amoxival = 0;
  let category = 0;

  beforeAll(async () => {
    const url = await recreateDatabase(server!, 'vetshop_search_custom_plans_test');
    database = await openOneConnectionPerPool(url);
    const fixture = await insertFixture(database.db);
    amoxival = fixture.products.amoxival as number;
    const row = await database.db.execute<{ category_id: number }>(
      sql`SELECT category_id FROM product_categories WHERE product_id = ${amoxival} LIMIT 1`,
    );
    category = Number(row.rows[0]!.category_id);
    app = await buildApp({ db: database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('runs a statement named there, planned for each run, with the answer of the unnamed statement', async () => {
    const custom = customPlansOf(database.db)!;
    expect(custom).toBeDefined();
    const mode = await custom.execute<{ mode: string }>(
      sql`SELECT current_setting('plan_cache_mode') AS mode`,
    );
    expect(mode.rows[0]?.mode).toBe('force_custom_plan');
    const statement = (word: string) =>
      sql`SELECT sd.product_id FROM search_documents sd
          WHERE sd.locale = 'fr' AND sd.name_norm LIKE ${`%${word}%`} ORDER BY sd.product_id`;
    for (const word of ['amox', 'clavu', 'renal', 'para', 'oto', 'group', 'xyz']) {
      const named = await executeForValues<{ product_id: number }>(database.db, statement(word));
      const unnamed = await database.db.execute<{ product_id: number }>(statement(word));
      expect(named.rows, word).toEqual(unnamed.rows);
    }
    expect(await searchPlansOn(custom)).toEqual({ statements: 1, generic: 0, custom: 7 });
    expect((await searchPlansOn(database.db)).statements).toBe(0);
  });

  it("serves a text's matches on the generic-plan connection: one plan per text shape, the locale a literal", async () => {
    const custom = customPlansOf(database.db)!;
    const generic = database.genericPlans!;
    const customBefore = await searchPlansOn(custom);
    const genericBefore = await searchPlansOn(generic);
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ total: number; hits: Array<{ id: number }> }>();
    };
    // Seven texts and seven pages of a browse: past the five runs of one statement after which
    // PostgreSQL may choose a generic plan of its own. Each a new text or page, so that none is
    // answered from the api's result cache, and a new text, so that its statement runs (a text's
    // matches are kept for its other pages: catalog/search-browse-memory.ts `keptTextMatches`).
    // A browse runs no search statement once the api holds the search rows in memory
    // (catalog/search-browse-memory.ts).
    // The rows in memory before the first text (the api's start begins the same load).
    startAutocompleteIndexLoad(database.db);
    await autocompleteIndexLoaded(database.db);
    const texts = ['amoxi', 'amoxiv', 'amoxiva', 'amoxival', 'amox', 'amoxival comp', 'amoxival tab'];
    const totals = new Set<number>();
    for (let page = 1; page <= 7; page += 1) {
      const text = await get(`/catalog/search?lang=fr&q=${encodeURIComponent(texts[page - 1]!)}`);
      const browse = await get(`/catalog/search?lang=fr&category=${category}&page=${page}`);
      if (page === 1) {
        expect(text.hits.map((h) => h.id)).toContain(amoxival);
        expect(browse.hits.map((h) => h.id)).toContain(amoxival);
      } else expect(browse.hits).toEqual([]);
      totals.add(browse.total);
    }
    expect(totals.size).toBe(1);
    // The texts' statements: named on the generic-plan connection, where a plan is kept per text.
    const after = await searchPlansOn(generic);
    expect(after.statements).toBeGreaterThan(genericBefore.statements);
    expect(after.generic - genericBefore.generic).toBeGreaterThanOrEqual(7);
    expect(after.custom).toBe(0);
    // The locale is in the text, so that a generic plan can read the locale's partial indexes.
    const statementTexts = await generic.execute<{ statement: string }>(
      sql`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%FROM search_% sd%'`,
    );
    expect(statementTexts.rows.some((r) => r.statement.includes("sd.locale = 'fr'"))).toBe(true);
    // Nothing of the search planned for its values was left to run on a generic plan.
    expect((await searchPlansOn(custom)).generic).toBe(customBefore.generic);
    expect((await searchPlansOn(database.db)).statements).toBe(0);
  });
});
