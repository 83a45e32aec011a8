/**
 * Search by the codes people type or scan (docs/decisions/search-ranking.md "Exact codes
 * first"): GTIN-14 with its leading zero and GS1 element strings, EAN-13, CNK, AMM numbers with
 * or without their date suffix, EU numbers with or without their pack suffix; and the wire form
 * code. Through app.inject on the fixture catalogue (PGlite; PostgreSQL too with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { productDetailSchema, searchResultSchema, type SearchResult } from '@vetshop/domain';
import { fixtureApp, getJson, testDatabases, type TestApp } from '../../../test/helpers.ts';
import { rebuildSearchIndex } from './search-index.ts';
import { codeCandidates, codeOf } from './search.ts';

describe('code forms', () => {
  it('reads a GS1 DataMatrix element string as its GTIN-14', () => {
    expect(codeOf('(01)05412345000055(17)271231(10)AB12')).toBe('05412345000055');
    expect(codeOf('0105412345000055172712311012')).toBe('05412345000055');
    expect(codeOf('05412345000055')).toBe('05412345000055');
  });

  it('derives the stored forms of a code', () => {
    expect(codeCandidates('05412345000055')).toEqual(['05412345000055', '5412345000055']);
    expect(codeCandidates('1234-567')).toEqual(['1234-567', '1234567']);
    expect(codeCandidates('EU/2/97/004/001')).toEqual(['EU/2/97/004/001', 'EU/2/97/004']);
  });
});

describe.each(testDatabases())('code search on $name', (target) => {
  let t: TestApp;
  let id: Record<string, number>;
  const search = async (q: string, extra = ''): Promise<SearchResult> => {
    const r = await getJson<SearchResult>(t.app, `/catalog/search?q=${encodeURIComponent(q)}${extra}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return searchResultSchema.parse(r.body);
  };
  const first = async (q: string): Promise<number | undefined> => (await search(q)).hits[0]?.id;

  beforeAll(async () => {
    t = await fixtureApp(target);
    id = t.fixture.products;
    const db = t.database.db;
    // An ANMV-style AMM number with its date suffix, an EU number, a vocabulary form code.
    await db.execute(
      sql`UPDATE products SET amm_code = 'FR/V/1897150 9/1986', presentation = 'oral_suspension' WHERE id = ${id.metacam}`,
    );
    await db.execute(sql`UPDATE products SET amm_code = 'EU/2/97/004' WHERE id = ${id.otoclean}`);
    await rebuildSearchIndex(db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds EAN-13, GTIN-14 with its leading zero and a scanned GS1 string first', async () => {
    expect(await first('5412345000055')).toBe(id.otoclean);
    expect(await first('05412345000055')).toBe(id.otoclean);
    expect(await first('(01)05412345000055(17)271231(10)LOT7')).toBe(id.otoclean);
  });

  it('finds a CNK typed with a separator', async () => {
    expect(await first('7890123')).toBe(id.metacam);
    expect(await first('789-0123')).toBe(id.metacam);
  });

  it('finds an AMM number with or without its date suffix, any case', async () => {
    expect(await first('FR/V/1897150 9/1986')).toBe(id.metacam);
    expect(await first('FR/V/1897150')).toBe(id.metacam);
    expect(await first('fr/v/1897150')).toBe(id.metacam);
  });

  it('finds an EU number with or without its pack suffix', async () => {
    expect(await first('EU/2/97/004/001')).toBe(id.otoclean);
    expect(await first('EU/2/97/004')).toBe(id.otoclean);
  });

  it('sends the form code and its term in the page language', async () => {
    const fr = (await search('FR/V/1897150', '&lang=fr')).hits[0];
    const nl = (await search('FR/V/1897150', '&lang=nl')).hits[0];
    expect(fr).toMatchObject({ form: 'oral_suspension', presentation: 'Suspension buvable' });
    expect(nl).toMatchObject({ form: 'oral_suspension', presentation: 'Suspensie voor oraal gebruik' });
    const r = await getJson(t.app, `/catalog/products/${id.metacam}?lang=en`);
    expect(r.status).toBe(200);
    const p = productDetailSchema.parse(r.body);
    expect(p).toMatchObject({ form: 'oral_suspension', presentation: 'Oral suspension' });
  });
});
