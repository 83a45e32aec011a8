/**
 * The real catalogue (apps/api/src/modules/catalog-import, UK VMD + ANMV + EMA) imported into in-memory PGlite,
 * searched through the api: a real medicine is found by name, by active principle, and with a typo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AutocompleteResult, SearchResult } from '@vetshop/domain';
import { type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { buildApp } from '../src/app.ts';
import { importCatalogue } from '../src/modules/catalog-import/index.ts';
import { getJson } from './helpers.ts';

describe('real catalogue (PGlite)', () => {
  let database: Database;
  let app: FastifyInstance;
  const names = (r: SearchResult): string[] => r.hits.map((h) => h.name.toLowerCase());

  beforeAll(async () => {
    database = await openTestPglite();
    await importCatalogue(database.db);
    app = await buildApp({ db: database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('finds Metacam by name', async () => {
    const r = await getJson<SearchResult>(app, '/catalog/search?q=metacam');
    expect(r.status).toBe(200);
    expect(r.body.total).toBeGreaterThan(0);
    expect(names(r.body).every((n) => n.includes('metacam'))).toBe(true);
  });

  it('finds Metacam by its active principle, in French and English', async () => {
    for (const url of [
      '/catalog/search?q=meloxicam&per_page=100',
      '/catalog/search?q=m%C3%A9loxicam&lang=en&per_page=100',
    ]) {
      const r = await getJson<SearchResult>(app, url);
      expect(r.body.total).toBeGreaterThan(1);
      expect(names(r.body).some((n) => n.includes('metacam'))).toBe(true);
      expect(r.body.hits[0]?.active_principles.join(' ').toLowerCase()).toMatch(/m[eé]loxicam/);
    }
  });

  it('finds Metacam with one typo through "did you mean"', async () => {
    const r = await getJson<SearchResult>(app, '/catalog/search?q=metacma');
    expect(r.body.suggestion).toBe('metacam');
    expect(names(r.body).some((n) => n.includes('metacam'))).toBe(true);
    const p = await getJson<SearchResult>(app, '/catalog/search?q=meloxicma&per_page=100');
    expect(p.body.suggestion).toBe('meloxicam');
    expect(names(p.body).some((n) => n.includes('metacam'))).toBe(true);
  });

  it('autocompletes a partial name', async () => {
    const r = await getJson<AutocompleteResult>(app, '/catalog/autocomplete?q=metac');
    expect(r.body.products[0]?.name.toLowerCase()).toMatch(/^metacam/);
  });
});
