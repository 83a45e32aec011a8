/**
 * Catalogue routes through app.inject on the fixture catalogue, once per available database
 * (PGlite in memory; PostgreSQL too when TEST_DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  autocompleteResultSchema,
  categoryDetailSchema,
  productDetailSchema,
  resolveResultSchema,
  searchQuerySchema,
  searchResultSchema,
  sitemapSchema,
  SORTS,
  TERM_FACETS,
  type AutocompleteResult,
  type CategoryDetail,
  type CategoryTreeNode,
  type ProductDetail,
  type ResolveResult,
  type SearchResult,
  type Sitemap,
  type VetGroupList,
} from '@vetshop/domain';
import { fixtureApp, getJson, testDatabases, type TestApp } from '../../../test/helpers.ts';
import { createCustomer } from '../../../test/account-fixtures.ts';
import {
  clearFacetCache,
  FACET_CACHE_TTL_MS,
  FACET_STALE_MAX_MS,
  facetCache,
  textFacetCache,
  rebuildSearchIndex,
  refreshSearchPopularity,
} from './search-index.ts';
import { facetCacheKey } from './search-facets.ts';
import { hitRowsOf } from './search-hits.ts';
import { GUEST, type Viewer } from './viewer.ts';
import { browseFacetsPrimed, primeBrowseFacets } from './browse-facets.ts';
import { facetsCountedFor } from './search-products.ts';
import { readCatalogVersion, readVersions } from '../catalog-version/index.ts';
import { compareCodePoints, matchCategories, type CategoryEntry } from './autocomplete-categories.ts';
import {
  AUTOCOMPLETE_INDEX_RELOAD_MS,
  autocompleteIndexAt,
  autocompleteIndexLoaded,
  loadAutocompleteIndex,
  phraseWords,
} from './autocomplete-index.ts';
import {
  autocomplete,
  codeOf,
  searchProducts,
  editDistance,
  firstMatchesInChunks,
  otherDecimalMark,
  prefixUpperBound,
  tsqueryText,
  queryWords,
} from './search.ts';

describe.each(testDatabases())('catalogue on $name', (target) => {
  let t: TestApp;
  let id: Record<string, number>;
  const search = async (qs: string): Promise<SearchResult> => {
    const r = await getJson<SearchResult>(t.app, `/catalog/search?${qs}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return searchResultSchema.parse(r.body);
  };
  const keyOf = (pid: number | undefined): string =>
    Object.entries(id).find(([, v]) => v === pid)?.[0] ?? `#${String(pid)}`;
  const keys = (r: SearchResult): string[] => r.hits.map((h) => keyOf(h.id));
  /**
   * Runs `body` while Metacam's first pack is a dropper bottle of 250 ml, named in fr, nl and en,
   * with its search rows rebuilt; then puts the pack's names back.
   */
  const withDropperPack = async (body: () => Promise<void>): Promise<void> => {
    const db = t.database.db;
    const metacam = id.metacam as number;
    const variant = await db.execute<{ id: number; name: string; names: unknown }>(
      sql`SELECT id, name, names FROM product_variants WHERE product_id = ${metacam} ORDER BY id LIMIT 1`,
    );
    const { id: variantId, name, names } = variant.rows[0]!;
    try {
      await db.execute(
        sql`UPDATE product_variants SET name = 'Flacon compte-gouttes de 250ml',
              names = '{"nl": "Druppelflacon van 250 ml", "en": "Dropper bottle of 250 ml"}'::jsonb
            WHERE id = ${variantId}`,
      );
      await rebuildSearchIndex(db, [metacam]);
      await body();
    } finally {
      await db.execute(
        sql`UPDATE product_variants SET name = ${name}, names = ${names === null ? null : JSON.stringify(names)}::jsonb
            WHERE id = ${variantId}`,
      );
      await rebuildSearchIndex(db, [metacam]);
    }
  };

  beforeAll(async () => {
    t = await fixtureApp(target);
    id = t.fixture.products;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('search: matching and ranking', () => {
    it('finds exact sku, CNK, EAN and AMM codes first', async () => {
      expect(keys(await search('q=ZO-CLV-50'))[0]).toBe('clavubactin');
      expect(keys(await search('q=vb-amx-100'))[0]).toBe('amoxival');
      expect(keys(await search('q=7890123'))[0]).toBe('metacam');
      expect(keys(await search('q=5412345000055'))[0]).toBe('otoclean');
      expect(keys(await search(`q=${encodeURIComponent('FR/V/1234567')}`))[0]).toBe('amoxival');
    });

    it('ranks an active-principle match above a description match', async () => {
      const r = await search('q=amoxicilline');
      const k = keys(r);
      expect(k.slice(0, 2).sort()).toEqual(['amoxival', 'clavubactin']);
      expect(k).toContain('otoclean');
      expect(k.indexOf('otoclean')).toBeGreaterThan(1);
      expect(r.total).toBe(3);
    });

    it('ranks the rows holding the last word whole above those where it only starts a word', async () => {
      // docs/decisions/search-ranking.md, "The last word whole first": "wormer cat" lists the
      // cats' wormer before a name saying "wormer for cattle", whose two name words outrank the
      // cats' species label.
      const db = t.database.db;
      const clavubactin = id.clavubactin as number;
      const setName = async (name: string) => {
        await db.execute(sql`UPDATE product_translations SET name = ${name}
                             WHERE product_id = ${clavubactin} AND locale = 'en'`);
        await rebuildSearchIndex(db, [clavubactin]);
      };
      await setName('Clavubactin wormer for cattle (cattle wormer)');
      try {
        expect(keys(await search('lang=en&q=wormer%20cat'))).toEqual(['parasitex', 'clavubactin']);
        // "cats" is stemmed "cat": the same order.
        expect(keys(await search('lang=en&q=wormer%20cats'))).toEqual(['parasitex', 'clavubactin']);
        // The last word still a prefix: both found, the cattle first by its rank.
        expect(keys(await search('lang=en&q=wormer%20catt'))).toEqual(['clavubactin']);
        expect(keys(await search('lang=en&q=wormer%20ca'))).toEqual(['clavubactin', 'parasitex']);
      } finally {
        await setName('Clavubactin 250 mg');
      }
    });

    it('finds a food by the bag its pack in kg is, in each language', async () => {
      // search-index.ts FOOD_BAG_WORDS: kibble sold as "12 kg" is a bag ("sac 12 kg").
      expect(keys(await search('lang=fr&q=sac%2012%20kg'))).toEqual(['renal']);
      expect(keys(await search('lang=nl&q=zak%202%20kg'))).toEqual(['renal']);
      expect(keys(await search('lang=en&q=bag%2012%20kg'))).toEqual(['renal']);
      // The word is the row's language's only.
      expect(keys(await search('lang=en&q=zak%2012%20kg'))).toEqual([]);
      const box = await getJson<AutocompleteResult>(t.app, '/catalog/autocomplete?lang=fr&q=sac%2012%20kg');
      expect(box.body.products.map((p) => keyOf(p.id))).toEqual(['renal']);
    });

    it('folds accents both ways', async () => {
      expect(keys(await search('q=medicament'))).toContain('parasitex');
      expect(keys(await search('q=m%C3%A9dicament'))).toContain('parasitex');
      expect(keys(await search('q=meloxicam'))).toEqual(['metacam']);
      expect(keys(await search('q=M%C3%89LOXICAM'))).toEqual(['metacam']);
    });

    it('finds a product by the name and the search words of its categories', async () => {
      // The fixture's category "Antimicrobiens" holds amoxival and clavubactin; no product text says so.
      expect(keys(await search('lang=fr&q=antimicrobiens'))).toEqual(
        expect.arrayContaining(['amoxival', 'clavubactin']),
      );
      const db = t.database.db;
      const category = t.fixture.categories['meds/antimicrobial']!;
      const setWords = async (words: string | null) => {
        await db.execute(sql`UPDATE category_translations SET meta_keywords = ${words}
                             WHERE category_id = ${category} AND locale = 'nl'`);
        await rebuildSearchIndex(db);
      };
      expect((await search('lang=nl&q=bacteriedoder')).total).toBe(0);
      await setWords('antibiotica bacteriedoder');
      try {
        expect(keys(await search('lang=nl&q=bacteriedoder'))).toEqual(
          expect.arrayContaining(['amoxival', 'clavubactin']),
        );
        // Only in their locale: the French search knows no such word.
        expect((await search('lang=fr&q=bacteriedoder')).total).toBe(0);
      } finally {
        await setWords(null);
      }
    });

    it('orders equally relevant products by the practices that ordered them in the last year', async () => {
      // "antimicrobiens" matches amoxival and clavubactin only through their category: one rank.
      const db = t.database.db;
      const query = 'lang=fr&q=antimicrobiens';
      expect(keys(await search(query)).slice(0, 2)).toEqual(['amoxival', 'clavubactin']);
      const variantOf = async (product: number) =>
        (
          await db.execute<{ id: number; name: string }>(
            sql`SELECT id, sku AS name FROM product_variants WHERE product_id = ${product} ORDER BY id LIMIT 1`,
          )
        ).rows[0]!;
      const [clavubactin, amoxival] = [await variantOf(id.clavubactin!), await variantOf(id.amoxival!)];
      const buyers = await Promise.all([1, 2, 3].map(() => createCustomer(db)));
      const prefix = `POP-${Date.now()}-`;
      let n = 0;
      const order = async (
        customer: number,
        variant: { id: number; name: string },
        state: string,
        daysAgo: number,
      ) => {
        const sale = (
          await db.execute<{ id: number }>(sql`
            INSERT INTO sales (name, customer_id, state, date_order)
            VALUES (${`${prefix}${++n}`}, ${customer}, ${state}, now() - make_interval(days => ${daysAgo}))
            RETURNING id`)
        ).rows[0]!;
        await db.execute(sql`
          INSERT INTO sale_lines (sale_id, variant_id, name, qty, price_unit_cents, amount_cents, tax_rate_bp)
          VALUES (${sale.id}, ${variant.id}, ${variant.name}, 2, 1000, 2000, 600)`);
      };
      // Clavubactin: two practices this year (one of them twice). Amoxival: three practices, but
      // 400 days ago or in a cancelled order, which do not count.
      await order(buyers[0]!.customerId, clavubactin, 'delivery_full', 30);
      await order(buyers[0]!.customerId, clavubactin, 'pending', 2);
      await order(buyers[1]!.customerId, clavubactin, 'processing', 100);
      await order(buyers[0]!.customerId, amoxival, 'delivery_full', 400);
      await order(buyers[1]!.customerId, amoxival, 'delivery_full', 400);
      await order(buyers[2]!.customerId, amoxival, 'cancel', 10);
      try {
        expect(await refreshSearchPopularity(db)).toBeGreaterThan(0);
        const popularity = await db.execute<{ product_id: number; popularity: number }>(sql`
          SELECT DISTINCT product_id, popularity FROM search_documents
          WHERE product_id IN (${id.clavubactin}, ${id.amoxival}) ORDER BY product_id`);
        expect(Object.fromEntries(popularity.rows.map((r) => [keyOf(r.product_id), r.popularity]))).toEqual({
          clavubactin: 2,
          amoxival: 0,
        });
        expect(keys(await search(query)).slice(0, 2)).toEqual(['clavubactin', 'amoxival']);
        // A better match still comes first, and an unchanged day writes nothing.
        expect(keys(await search('lang=fr&q=amoxival'))[0]).toBe('amoxival');
        expect(await refreshSearchPopularity(db)).toBe(0);
        // The index rebuild keeps it.
        await rebuildSearchIndex(db, [id.clavubactin!]);
        expect(keys(await search(query)).slice(0, 2)).toEqual(['clavubactin', 'amoxival']);
      } finally {
        await db.execute(sql`DELETE FROM sales WHERE name LIKE ${`${prefix}%`}`);
        await refreshSearchPopularity(db);
      }
    });

    it('stems per locale', async () => {
      expect(keys(await search('lang=fr&q=vermifuges%20chat'))).toContain('parasitex');
      expect(keys(await search('lang=en&q=cleaned'))).toContain('otoclean');
      expect(keys(await search('lang=en&q=cleaned'))).not.toContain('parasitex');
      expect(keys(await search('lang=nl&q=tabletten'))).toContain('amoxival');
      expect(keys(await search('lang=nl&q=katten'))).toEqual(
        expect.arrayContaining(['parasitex', 'sterilised']),
      );
    });

    it('matches the last word as a prefix', async () => {
      expect(keys(await search('q=amoxi'))).toEqual(expect.arrayContaining(['amoxival', 'clavubactin']));
      expect(keys(await search('q=metac'))).toEqual(['metacam']);
      expect(keys(await search('q=royal%20can'))).toEqual(expect.arrayContaining(['renal', 'sterilised']));
    });

    it('finds species by their label in the locale', async () => {
      expect(keys(await search('lang=fr&q=chevaux'))).toEqual(['metacam']);
      expect(keys(await search('lang=nl&q=paard'))).toEqual(['metacam']);
    });

    it('suggests a correction within one edit, and shows its hits when nothing matched', async () => {
      const r = await search('q=amoxiciline');
      expect(r.suggestion).toBe('amoxicilline');
      expect(keys(r)).toEqual(expect.arrayContaining(['amoxival', 'clavubactin']));
      const none = await search('q=zzzzqqq');
      expect(none.total).toBe(0);
      expect(none.suggestion).toBeNull();
    });
  });

  describe('search: collapse, facets, flags, sorts, pages', () => {
    it('collapses variants by model, up to 100 variants, total counts models', async () => {
      const r = await search('lang=en&q=bandage');
      expect(r.total).toBe(1);
      expect(r.hits).toHaveLength(1);
      expect(r.hits[0]?.variant_count).toBe(101);
      expect(r.hits[0]?.variants).toHaveLength(100);
      const amox = (await search('q=amoxival')).hits[0];
      expect(amox?.variants.map((v) => v.sku)).toEqual(['VB-AMX-10', 'VB-AMX-100']);
      expect(amox?.price).toEqual({ value: 9, tax_included: false, original_value: 10, discount: 10 });
    });

    it('browses every visible product without q', async () => {
      const r = await search('per_page=100');
      expect(r.total).toBe(10);
      expect(keys(r)).not.toContain('hiddenol');
      expect(keys(r)).not.toContain('groupvax');
    });

    it('counts the species facet over the other filters only (disjunctive)', async () => {
      const all = await search('');
      const dog = await search('species=dog');
      expect(dog.facets.species).toEqual(all.facets.species);
      expect(dog.facets.species?.find((b) => b.value === 'cat')?.count).toBe(3);
      expect(dog.total).toBe(all.facets.species?.find((b) => b.value === 'dog')?.count);
      expect(dog.facets.brand?.find((b) => b.value === 'Virbac')?.count).toBe(2);
      expect(dog.facets.species?.[0]?.label).toBeNull();
      const dogOrCat = await search('species=dog&species=cat');
      expect(dogOrCat.total).toBe(7);
    });

    it.each(TERM_FACETS.filter((f) => f !== 'vet_group'))('facet %s is disjunctive', async (facet) => {
      const all = await search('per_page=1');
      const bucket = all.facets[facet]?.[0];
      expect(bucket, `fixture has a ${facet} value`).toBeDefined();
      if (!bucket) return;
      const filtered = await search(`per_page=1&${facet}=${encodeURIComponent(bucket.value)}`);
      expect(filtered.facets[facet]).toEqual(all.facets[facet]);
      if (facet === 'category') expect(filtered.total).toBeGreaterThanOrEqual(bucket.count);
      else expect(filtered.total).toBe(bucket.count);
    });

    it('labels code facets null and value facets with the value', async () => {
      const all = await search('');
      expect(all.facets.administration_route?.[0]).toEqual({ value: 'oral', label: null, count: 4 });
      expect(all.facets.active_principle?.find((b) => b.value === 'amoxicilline')).toEqual({
        value: 'amoxicilline',
        label: 'amoxicilline',
        count: 2,
      });
      const cat = all.facets.category?.find((b) => b.value === String(t.fixture.categories['food']));
      expect(cat).toEqual({ value: String(t.fixture.categories['food']), label: 'Alimentation', count: 2 });
    });

    it('answers the first facet_values of each term facet, the chosen ones and every facet size', async () => {
      const full = await search('per_page=1');
      expect(full.facet_sizes).toBeUndefined();
      const sizes = Object.fromEntries(TERM_FACETS.map((f) => [f, full.facets[f]?.length ?? 0]));
      const several = TERM_FACETS.filter((f) => (full.facets[f]?.length ?? 0) > 2);
      expect(several, 'fixture facets with more than two values').toContain('species');

      const cut = await search('per_page=1&facet_values=1');
      expect(cut.facet_sizes).toEqual(sizes);
      for (const f of TERM_FACETS) expect(cut.facets[f], f).toEqual(full.facets[f]?.slice(0, 1));
      for (const f of ['in_stock', 'discount', 'discount_ending'])
        expect(cut.facets[f], f).toEqual(full.facets[f]);
      expect(cut.hits).toEqual(full.hits);
      expect(cut.total).toBe(full.total);

      // A chosen value further down is answered, wherever it ranks; all_values answers one facet whole.
      const species = full.facets.species ?? [];
      const last = species[species.length - 1]?.value ?? '';
      const chosen = await search(`per_page=1&facet_values=1&species=${last}&all_values=brand`);
      const fullChosen = await search(`per_page=1&species=${last}`);
      expect(chosen.facets.species?.map((b) => b.value)).toEqual([species[0]?.value, last]);
      expect(chosen.facets.brand).toEqual(fullChosen.facets.brand);
      expect(chosen.facet_sizes?.species).toBe(species.length);

      // The counts kept for later answers are not cut: the same query without the cut is whole.
      expect(await search('per_page=1')).toEqual(full);
      expect((await search('per_page=1&facet_values=0')).facets.species).toEqual([]);
      for (const bad of ['facet_values=1001', 'facet_values=-1', 'facet_values=x', 'all_values=price']) {
        const r = await getJson(t.app, `/catalog/search?${bad}`);
        expect(r.status, bad).toBe(400);
      }
    });

    it('filters a category with its subtree', async () => {
      const r = await search(`per_page=100&category=${t.fixture.categories['meds']}`);
      expect(keys(r).sort()).toEqual(['amoxival', 'clavubactin', 'metacam', 'parasitex']);
    });

    it('counts a category browse within its subtree, and its category facet over the whole catalogue', async () => {
      const db = t.database.db;
      clearFacetCache(db);
      const meds = String(t.fixture.categories['meds']);
      const query = searchQuerySchema.parse({
        lang: 'fr',
        category: [meds],
        per_page: 100,
        in_stock: 'true',
      });
      const browse = await searchProducts(db, query, GUEST);
      // The category facet ignores the category filter (disjunctive) and honours the others: the
      // browse without its category, whose facets the category browse computed and cached.
      const parentKey = facetCacheKey({ ...query, category: undefined }, GUEST);
      expect(facetCache.get(db)?.has(parentKey)).toBe(true);
      const withoutCategory = await searchProducts(db, { ...query, category: undefined }, GUEST);
      expect(browse.facets.category).toEqual(withoutCategory.facets.category);
      expect(browse.facets.category?.length).toBeGreaterThan(1);
      // The other facets and the total count the models of the subtree only.
      expect(browse.total).toBe(browse.hits.length);
      const species = new Map<string, number>();
      for (const hit of browse.hits)
        for (const s of hit.species ?? []) species.set(s, (species.get(s) ?? 0) + 1);
      expect(new Map(browse.facets.species?.map((b) => [b.value, b.count]))).toEqual(species);
      // The same answer when nothing is cached.
      clearFacetCache(db);
      expect(await searchProducts(db, query, GUEST)).toEqual(browse);
    });

    it('answers expired facet counts at once and counts them again behind the answer', async () => {
      const db = t.database.db;
      clearFacetCache(db);
      const meds = String(t.fixture.categories['meds']);
      const query = searchQuerySchema.parse({ lang: 'fr', category: [meds], per_page: 100 });
      const counted = await searchProducts(db, query, GUEST);
      const key = facetCacheKey(query, GUEST);
      /** Ages the cached entry by `ms` and marks its total, to tell which counts answered. */
      const age = (ms: number): number => {
        const entry = facetCache.get(db)!.get(key)!;
        entry.at = Date.now() - ms;
        entry.total = 999;
        return entry.at;
      };
      // Expired but recent: the marked counts answer, with fresh hits; a recount replaces them.
      const agedAt = age(FACET_CACHE_TTL_MS + 1);
      const stale = await searchProducts(db, query, GUEST);
      expect(stale.total).toBe(999);
      expect(stale.hits).toEqual(counted.hits);
      for (let i = 0; i < 100 && facetCache.get(db)?.get(key)?.at === agedAt; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(facetCache.get(db)?.get(key)?.total).toBe(counted.total);
      expect(await searchProducts(db, query, GUEST)).toEqual(counted);
      // Too old to answer: counted before the answer.
      age(FACET_STALE_MAX_MS + 1);
      expect(await searchProducts(db, query, GUEST)).toEqual(counted);
    });

    it('primes the guest browse facets of every category in every locale, dated by the catalogue version', async () => {
      const db = t.database.db;
      clearFacetCache(db);
      const report = await primeBrowseFacets(db);
      const version = await readCatalogVersion(db);
      expect(report.version).toBe(version);
      const categories = await db.execute<{ id: number }>(sql`SELECT id FROM categories`);
      // The browse without a category and each category, in fr, nl and en.
      expect(report.browses).toBe(3 * (categories.rows.length + 1));
      expect(report.counted).toBe(report.browses);
      for (const lang of ['fr', 'nl', 'en'] as const)
        for (const c of categories.rows)
          expect(
            facetsCountedFor(
              db,
              searchQuerySchema.parse({ lang, category: [String(c.id)] }),
              GUEST,
              version!,
            ),
          ).toBe(true);
      expect(browseFacetsPrimed(db)).toBe(true);
      // Nothing left to count for this version.
      expect((await primeBrowseFacets(db)).counted).toBe(0);
      // A change of the catalogue (a table the counts read) moves the version: counted again.
      await db.execute(sql`UPDATE products SET manufacturer = manufacturer WHERE id = ${id['metacam']!}`);
      expect(await readCatalogVersion(db)).not.toBe(version);
      expect((await primeBrowseFacets(db)).counted).toBe(report.browses);
    });

    it('answers counts of the current catalogue version whatever their age, and counts those of another before it answers', async () => {
      const db = t.database.db;
      clearFacetCache(db);
      const version = (await readCatalogVersion(db))!;
      const meds = String(t.fixture.categories['meds']);
      const query = searchQuerySchema.parse({ lang: 'fr', category: [meds], per_page: 100 });
      const counted = await searchProducts(db, query, GUEST, version);
      const entry = facetCache.get(db)!.get(facetCacheKey(query, GUEST))!;
      expect(entry.version).toBe(version);
      // Older than the stale limit but of this version: the (marked) counts answer at once.
      entry.at = Date.now() - FACET_STALE_MAX_MS - 1;
      entry.total = 999;
      expect((await searchProducts(db, query, GUEST, version)).total).toBe(999);
      // Of another version and as old: counted before the answer.
      entry.at = Date.now() - FACET_STALE_MAX_MS - 1;
      entry.total = 999;
      expect(await searchProducts(db, query, GUEST, `${version}0`)).toEqual(counted);
    });

    it('counts the facets of a text once per catalogue version, whatever the sort and page', async () => {
      const db = t.database.db;
      clearFacetCache(db);
      const version = (await readCatalogVersion(db))!;
      const query = searchQuerySchema.parse({ lang: 'fr', q: 'chien', per_page: 1 });
      const first = await searchProducts(db, query, GUEST, version);
      expect(first.total).toBeGreaterThan(1);
      const key = facetCacheKey(query, GUEST, { words: queryWords('chien'), code: codeOf('chien') });
      const entry = textFacetCache.get(db)?.get(key);
      expect(entry?.total).toBe(first.total);
      // Another page or sort of the same text takes the counts of the entry (marked to tell).
      entry!.total = 999;
      const page2 = await searchProducts(db, { ...query, page: 2, sort: 'name_desc' }, GUEST, version);
      expect(page2.total).toBe(999);
      expect(page2.hits).toHaveLength(1);
      expect(page2.hits[0]?.id).not.toBe(first.hits[0]?.id);
      // Another catalogue version, or an unknown one, counts again.
      expect((await searchProducts(db, query, GUEST, `${version}0`)).total).toBe(first.total);
      entry!.total = 999;
      expect((await searchProducts(db, query, GUEST, null)).total).toBe(first.total);
      // Other words: their own counts.
      const other = await searchProducts(db, { ...query, q: 'chat' }, GUEST, `${version}0`);
      expect(
        textFacetCache
          .get(db)
          ?.get(facetCacheKey(query, GUEST, { words: queryWords('chat'), code: codeOf('chat') }))?.total,
      ).toBe(other.total);
      clearFacetCache(db);
      expect(textFacetCache.get(db)).toBeUndefined();
    });

    it('filters in stock, discount and discount ending this month', async () => {
      const all = await search('');
      const inStock = await search('per_page=100&in_stock=true');
      expect(inStock.total).toBe(8);
      expect(keys(inStock)).not.toContain('renal');
      expect(keys(inStock)).not.toContain('gloves');
      expect(all.facets.in_stock).toEqual([{ value: 'true', label: null, count: 8 }]);
      const discount = await search('per_page=100&discount=1');
      expect(keys(discount).sort()).toEqual(['amoxival', 'metacam', 'renal']);
      const ending = await search('per_page=100&discount_ending=true');
      expect(keys(ending)).toEqual(['amoxival']);
      expect(all.facets.discount_ending?.[0]?.count).toBe(1);
      // Disjunctive: the in_stock count ignores the in_stock filter but honours the others.
      const both = await search('in_stock=true&discount=true');
      expect(both.total).toBe(2);
      expect(both.facets.in_stock?.[0]?.count).toBe(2);
      expect(both.facets.discount?.[0]?.count).toBe(2);
      const food = await search('family=food&discount=true');
      expect(food.total).toBe(1);
      expect(food.facets.in_stock?.[0]?.count).toBe(0);
      expect(food.facets.discount?.[0]?.count).toBe(1);
      expect((await search('in_stock=false')).total).toBe(10);
    });

    it('sorts by name, indicated price and net price', async () => {
      const names = (await search('per_page=100&sort=name_asc')).hits.map((h) => h.name.toLowerCase());
      expect(names[0]).toBe('amoxival 500 mg comprimés');
      const desc = (await search('per_page=100&sort=name_desc')).hits.map((h) => h.name.toLowerCase());
      expect(desc).toEqual([...names].reverse());
      expect(keys(await search('sort=price_asc'))[0]).toBe('bandage');
      expect(keys(await search('sort=price_desc'))[0]).toBe('metacam');
      const net = await search('per_page=100&sort=net_price_asc');
      const mins = net.hits.map((h) => Math.min(...h.variants.map((v) => v.price?.value ?? Infinity)));
      expect(mins).toEqual([...mins].sort((a, b) => a - b));
      expect(keys(await search('sort=net_price_desc'))[0]).toBe('metacam');
    });

    it('paginates models', async () => {
      const seen: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const r = await search(`per_page=3&page=${page}&sort=name_asc`);
        expect(r.total).toBe(10);
        expect(r.page).toBe(page);
        seen.push(...r.hits.map((h) => h.id));
      }
      expect(new Set(seen).size).toBe(10);
      const beyond = await search('per_page=3&page=5');
      expect(beyond.hits).toEqual([]);
      expect(beyond.total).toBe(10);
    });
  });

  describe('visibility', () => {
    it('hides products not sold on the website and vet-group products from guests', async () => {
      expect(keys(await search('q=hiddenol'))).toEqual([]);
      expect(keys(await search('q=groupvax'))).toEqual([]);
      expect((await getJson(t.app, `/catalog/products/${id.hiddenol}`)).status).toBe(404);
      expect((await getJson(t.app, `/catalog/products/${id.groupvax}`)).status).toBe(404);
      expect((await getJson(t.app, '/catalog/products/by-url-key/hiddenol')).status).toBe(404);
      expect((await getJson(t.app, '/catalog/resolve/groupvax')).status).toBe(404);
      const map = (await getJson<Sitemap>(t.app, '/catalog/sitemap')).body;
      expect(map.products.map((p) => p.id)).not.toContain(id.hiddenol);
    });

    it('shows vet-group products to members of the group, never not-sold products', async () => {
      const member = { priceList: 'default', vetGroupIds: [t.fixture.vetGroups['west'] as number] };
      const q = { lang: 'fr' as const, page: 1, per_page: 24, sort: 'relevance' as const };
      const r = await searchProducts(t.database.db, { ...q, q: 'amoxicilline' }, member);
      expect(r.hits.map((h) => h.id)).toContain(id.groupvax);
      expect(r.hits.map((h) => h.id)).not.toContain(id.hiddenol);
      const other = { priceList: 'default', vetGroupIds: [t.fixture.vetGroups['east'] as number] };
      const r2 = await searchProducts(t.database.db, { ...q, q: 'groupvax' }, other);
      expect(r2.total).toBe(0);
    });

    it.skipIf(target.name !== 'postgres')(
      "reads the page's hits by id on the generic-plan connections, as on the database's own",
      async () => {
        const { db, genericPlans } = t.database;
        expect(genericPlans).toBeDefined();
        const member = { priceList: 'default', vetGroupIds: [t.fixture.vetGroups['west'] as number] };
        for (const viewer of [GUEST, member])
          for (const lang of ['fr', 'nl', 'en'] as const)
            for (const [q, sort, page] of [
              ['amoxicilline', 'relevance', 1],
              [undefined, 'name_asc', 1],
              [undefined, 'name_asc', 2],
              [undefined, 'price_desc', 1],
              ['chien', 'net_price_asc', 1],
              ['zzzz', 'relevance', 1],
            ] as const)
              // Seven runs: past the five after which PostgreSQL may switch a statement to its generic plan.
              for (let run = 0; run < 7; run += 1) {
                const query = { lang, q, sort, page, per_page: 3 };
                const reference = await searchProducts(db, query, viewer, null, db);
                const found = await searchProducts(db, query, viewer, null, genericPlans);
                expect(found, `${lang} ${q} ${sort} ${page}`).toEqual(reference);
                if (q === undefined) expect(found.hits).toHaveLength(3);
              }
        // The rows come in the order of the ids given, whatever the order of the ids.
        const ids = (
          await searchProducts(db, { lang: 'fr', sort: 'name_asc', page: 1, per_page: 6 }, GUEST)
        ).hits.map((h) => h.id);
        expect(ids).toHaveLength(6);
        for (const order of [ids, [...ids].reverse(), [ids[3], ids[0], ids[5], ids[1]]] as number[][])
          expect(
            (await hitRowsOf(db, genericPlans ?? db, null, order, 'fr', GUEST)).map((r) => r.id),
          ).toEqual(order);
        expect(await hitRowsOf(db, genericPlans ?? db, null, [], 'fr', GUEST)).toEqual([]);
      },
    );
  });

  describe('products, categories, resolve, sitemap, groups', () => {
    it('serves a product by id with pricing for the price list', async () => {
      const r = await getJson<ProductDetail>(t.app, `/catalog/products/${id.amoxival}?lang=nl`);
      expect(r.status).toBe(200);
      const p = productDetailSchema.parse(r.body);
      expect(p.name).toBe('Amoxival 500 mg tabletten');
      expect(p.url_keys).toEqual({
        fr: 'amoxival-500-mg-comprimes',
        nl: 'amoxival-500-mg-tabletten',
        en: 'amoxival-500-mg-tablets',
      });
      const v = p.variants[0];
      expect(v?.pricing).toMatchObject({
        price_list: 'default',
        gross: 10,
        net: 9,
        indicated: 15,
        tax_rate: 6,
      });
      expect(v?.pricing.tiers.map((x) => x.min_quantity)).toEqual([1, 10]);
      expect(v?.pricing.volume_discounts).toEqual([
        { discount: 15, min_quantity: 5, exclusive: false, date_start: null, date_end: null },
      ]);
      expect(v?.pricing.promotion?.kind).toBe('supplier_promotion');
      expect(p.categories.map((c) => c.url_key)).toEqual(['geneesmiddelen/antimicrobiele-middelen']);
      expect(p.medias[0]?.type).toBe('notice');
      expect(p.meta_description.length).toBeLessThanOrEqual(255);
    });

    it('lists a document address once when the leaflet and the information page are the same', async () => {
      const db = t.database.db;
      const epar = 'https://www.ema.europa.eu/en/medicines/veterinary/EPAR/amoxival';
      const medias = async () =>
        productDetailSchema.parse((await getJson(t.app, `/catalog/products/${id.amoxival}?lang=fr`)).body)
          .medias;
      try {
        await db.execute(
          sql`UPDATE products SET leaflet_url = ${epar}, info_url = ${epar} WHERE id = ${id.amoxival}`,
        );
        expect(await medias()).toEqual([
          { lang: 'fr', name: 'notice', sequence: 0, type: 'notice', url: epar },
        ]);
        await db.execute(sql`UPDATE products SET info_url = ${`${epar}/info`} WHERE id = ${id.amoxival}`);
        expect((await medias()).map((m) => [m.type, m.url])).toEqual([
          ['notice', epar],
          ['info', `${epar}/info`],
        ]);
      } finally {
        await db.execute(
          sql`UPDATE products SET leaflet_url = ${'https://example.org/leaflets/amoxival.pdf'}, info_url = NULL WHERE id = ${id.amoxival}`,
        );
      }
    });

    it('finds a product by canonical, redirect and other-locale url keys', async () => {
      const canonical = await getJson<ProductDetail>(
        t.app,
        '/catalog/products/by-url-key/amoxival-500-mg-comprimes',
      );
      expect(canonical.body.url_key).toBe('amoxival-500-mg-comprimes');
      const redirect = await getJson<ProductDetail>(
        t.app,
        '/catalog/products/by-url-key/amoxival-500?lang=fr',
      );
      expect(redirect.body.id).toBe(id.amoxival);
      expect(redirect.body.url_key).toBe('amoxival-500-mg-comprimes');
      const other = await getJson<ProductDetail>(
        t.app,
        '/catalog/products/by-url-key/amoxival-500-mg-tablets?lang=fr',
      );
      expect(other.body.url_key).toBe('amoxival-500-mg-comprimes');
      const missing = await getJson<{ code: string }>(t.app, '/catalog/products/by-url-key/nope');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('not_found');
      expect(missing.contentType).toContain('application/problem+json');
    });

    it('resolves url keys to products and categories with the redirected flag', async () => {
      const r = async (path: string): Promise<ResolveResult> => {
        const res = await getJson<ResolveResult>(t.app, path);
        expect(res.status).toBe(200);
        return resolveResultSchema.parse(res.body);
      };
      expect(await r('/catalog/resolve/parasitex?lang=nl')).toEqual({
        kind: 'product',
        id: id.parasitex,
        url_key: 'parasitex',
        redirected: false,
      });
      expect(await r('/catalog/resolve/amoxival-500?lang=fr')).toMatchObject({
        url_key: 'amoxival-500-mg-comprimes',
        redirected: true,
      });
      expect(await r('/catalog/resolve/amoxival-500-mg-tabletten?lang=en')).toMatchObject({
        kind: 'product',
        url_key: 'amoxival-500-mg-tablets',
        redirected: true,
      });
      expect(await r('/catalog/resolve/medicaments/antimicrobiens?lang=fr')).toEqual({
        kind: 'category',
        id: t.fixture.categories['meds/antimicrobial'],
        url_key: 'medicaments/antimicrobiens',
        redirected: false,
      });
      expect(await r('/catalog/resolve/medicaments/antibiotiques?lang=fr')).toMatchObject({
        redirected: true,
      });
      expect(await r('/catalog/resolve/medicines/antimicrobials?lang=nl')).toMatchObject({
        url_key: 'geneesmiddelen/antimicrobiele-middelen',
        redirected: true,
      });
      expect((await getJson(t.app, '/catalog/resolve/does/not/exist')).status).toBe(404);
    });

    it('serves the category tree, a category by id and by path url key', async () => {
      const tree = (await getJson<CategoryTreeNode[]>(t.app, '/catalog/categories?lang=en')).body;
      expect(tree.map((c) => c.url_key)).toEqual(['medicines', 'food', 'equipment']);
      expect(tree[0]?.children.map((c) => c.url_key)).toEqual(['medicines/antimicrobials']);
      const byId = await getJson<CategoryDetail>(
        t.app,
        `/catalog/categories/${t.fixture.categories['meds/antimicrobial']}`,
      );
      const c = categoryDetailSchema.parse(byId.body);
      expect(c.parents.map((p) => p.url_key)).toEqual(['medicaments']);
      expect(c.url_keys.nl).toBe('geneesmiddelen/antimicrobiele-middelen');
      const byKey = await getJson<CategoryDetail>(
        t.app,
        '/catalog/categories/by-url-key/medicaments/antibiotiques',
      );
      expect(byKey.body.url_key).toBe('medicaments/antimicrobiens');
      const parent = await getJson<CategoryDetail>(
        t.app,
        '/catalog/categories/by-url-key/medicaments?lang=fr',
      );
      expect(parent.body.children.map((x) => x.url_key)).toEqual(['medicaments/antimicrobiens']);
      expect((await getJson(t.app, '/catalog/categories/999999')).status).toBe(404);
    });

    it('lists the sitemap with url keys per locale', async () => {
      const map = sitemapSchema.parse((await getJson(t.app, '/catalog/sitemap')).body);
      expect(map.categories).toHaveLength(4);
      expect(map.products).toHaveLength(10);
      expect(Object.keys(map.products[0]?.url_keys ?? {}).sort()).toEqual(['en', 'fr', 'nl']);
    });

    it('lists veterinary groups sorted by sequence', async () => {
      const r = await getJson<VetGroupList>(t.app, '/veterinary_groups');
      expect(r.body.data.map((g) => g.code)).toEqual(['east', 'west']);
    });
  });

  describe('autocomplete', () => {
    const ac = async (qs: string): Promise<AutocompleteResult> => {
      const r = await getJson<AutocompleteResult>(t.app, `/catalog/autocomplete?${qs}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return autocompleteResultSchema.parse(r.body);
    };
    /** The statements' answer to `query`, once the search rows in memory (`index`) gave the same. */
    const sameFromMemory = async (
      index: Awaited<ReturnType<typeof loadAutocompleteIndex>>,
      query: Parameters<typeof autocomplete>[1],
      viewer: Viewer = GUEST,
    ): Promise<AutocompleteResult> => {
      const { db } = t.database;
      const reference = await autocomplete(db, query, viewer, null, db);
      const fromMemory = await autocomplete(
        db,
        query,
        viewer,
        null,
        db,
        index?.locales.get(query.lang) ?? null,
      );
      expect(fromMemory, `${query.lang} ${query.q} ${query.size} ${viewer.vetGroupIds.join()}`).toEqual(
        reference,
      );
      return reference;
    };
    it('orders name start > active principle > other matches', async () => {
      const r = await ac('q=amo');
      // name start (60), active principle (20), description word (10)
      expect(r.products.map((p) => keyOf(p.id))).toEqual(['amoxival', 'clavubactin', 'otoclean']);
      const m = await ac('q=M%C3%A9loxi');
      expect(m.products.map((p) => keyOf(p.id))).toEqual(['metacam']);
      const desc = await ac('q=amoxicilline');
      expect(desc.products.map((p) => keyOf(p.id))).toEqual(
        expect.arrayContaining(['amoxival', 'clavubactin', 'otoclean']),
      );
      expect(desc.products.map((p) => keyOf(p.id)).at(-1)).toBe('otoclean');
    });
    it('suggests a name that writes a strength with its space when it is typed without', async () => {
      // "Metacam 1,5 mg/ml suspension buvable": typed as vets type it.
      for (const q of ['metacam 1,5mg', 'METACAM 1,5MG/', 'lang=nl&q=metacam 1,5mg'])
        expect(
          (await ac(q.startsWith('lang=') ? q : `q=${encodeURIComponent(q)}`)).products.map((p) =>
            keyOf(p.id),
          ),
          q,
        ).toEqual(['metacam']);
      expect((await ac(`q=${encodeURIComponent('metacam 2mg')}`)).products).toEqual([]);
    });
    it('suggests a name whose strength is typed with the other decimal mark', async () => {
      // "Metacam 1,5 mg/ml suspension buvable", typed "1.5" as an English name writes it; a
      // strength after another word is one word of tier 3 ("suspension 1,5", as "vigophos 0,05"
      // finds "Vigophos 100 mg/ml + 0,05 mg/ml").
      for (const q of [
        'metacam 1.5 mg',
        'metacam 1.5mg',
        'lang=nl&q=metacam 1.5',
        'suspension 1,5',
        'suspension 1.5',
      ])
        expect(
          (await ac(q.startsWith('lang=') ? q : `q=${encodeURIComponent(q)}`)).products.map((p) =>
            keyOf(p.id),
          ),
          q,
        ).toEqual(['metacam']);
      expect((await ac(`q=${encodeURIComponent('metacam 1.6')}`)).products).toEqual([]);
      expect(otherDecimalMark('vigophos 0.05 / 1,5 mg')).toBe('vigophos 0,05 / 1.5 mg');
      expect(phraseWords('vigophos 0,05 mg/ml, 1.5')).toEqual(['vigophos', '0,05', 'mg', 'ml', '1.5']);
      const index = await loadAutocompleteIndex(t.database.db);
      for (const q of ['suspension 1,5', 'suspension 1.5 mg', 'suspension 1,5 m', 'metacam 1.5', 'a1.5'])
        for (const size of [1, 8]) await sameFromMemory(index, { q, lang: 'fr', size });
    });
    it('suggests a name that glues its strength when it is typed with a space', async () => {
      const db = t.database.db;
      const metacam = id.metacam as number;
      const [fr] = (
        await db.execute<{ name: string }>(
          sql`SELECT name FROM product_translations WHERE product_id = ${metacam} AND locale = 'fr'`,
        )
      ).rows;
      const setName = async (name: string) => {
        await db.execute(sql`UPDATE product_translations SET name = ${name}
                             WHERE product_id = ${metacam} AND locale = 'fr'`);
        await rebuildSearchIndex(db, [metacam]);
      };
      await setName('Metacam 1,5mg/ml suspension buvable');
      try {
        for (const q of ['metacam 1,5 mg', 'Metacam 1,5 MG/ml', 'metacam 1,5mg'])
          expect(
            (await ac(`q=${encodeURIComponent(q)}`)).products.map((p) => keyOf(p.id)),
            q,
          ).toEqual(['metacam']);
        expect((await ac(`q=${encodeURIComponent('metacam 2 mg')}`)).products).toEqual([]);
      } finally {
        await setName(fr!.name);
      }
    });
    it('matches an apostrophe whichever one the keyboard typed', async () => {
      // A phone types "d’", a desk "d'"; the index folds names through unaccent, which writes "'".
      const db = t.database.db;
      const setName = async (name: string) => {
        await db.execute(sql`UPDATE product_translations SET name = ${name}
                             WHERE product_id = ${id.gloves!} AND locale = 'fr'`);
        await rebuildSearchIndex(db);
      };
      await setName('Gants d’examen nitrile');
      try {
        for (const q of ['gants d’exa', "gants d'exa"]) {
          const r = await ac(`lang=fr&q=${encodeURIComponent(q)}`);
          expect(
            r.products.map((p) => keyOf(p.id)),
            q,
          ).toEqual(['gloves']);
        }
      } finally {
        await setName('Gants nitrile');
      }
    });
    it.skipIf(target.name !== 'postgres')(
      'answers the same with its key lookups on the generic-plan connections',
      async () => {
        const { db, genericPlans } = t.database;
        expect(genericPlans).toBeDefined();
        for (const lang of ['fr', 'nl', 'en'] as const)
          for (const q of ['a', 'am', 'amo', 'amoxicilline', 'méloxi', 'medic', 'otoc', 'chien', 'zzz'])
            for (let run = 0; run < 7; run += 1) {
              // Seven runs: past the five after which PostgreSQL may switch a statement to its generic plan.
              const query = { q, lang, size: 8 } as Parameters<typeof autocomplete>[1];
              const reference = await autocomplete(db, query, GUEST, null, db);
              expect(await autocomplete(db, query, GUEST, null, genericPlans), `${lang} ${q}`).toEqual(
                reference,
              );
            }
      },
    );
    it("suggests the products a product's own search words match, after the texts' matches, from memory too", async () => {
      // docs/decisions/autocomplete-index.md, "What a medicine is for, in the suggestions".
      const db = t.database.db;
      const ids = [id.metacam, id.otoclean] as number[];
      const setWords = async (words: string | null) => {
        await db.execute(sql`UPDATE product_translations SET search_words = ${words}
                             WHERE product_id = ANY(${sql.param(ids)}::int[]) AND locale = 'nl'`);
        await rebuildSearchIndex(db, ids);
      };
      await setWords('vlooien vlo teken amoxi-vlo');
      try {
        const keys = async (qs: string) => (await ac(qs)).products.map((p) => keyOf(p.id));
        expect((await keys('lang=nl&q=Vlooi')).sort()).toEqual(['metacam', 'otoclean']);
        expect((await keys('lang=nl&q=teken')).sort()).toEqual(['metacam', 'otoclean']);
        // Words joined by a hyphen are words apart, as on the search page.
        expect((await keys('lang=nl&q=teken-vlooien')).sort()).toEqual(['metacam', 'otoclean']);
        // Only in the locale the words are written in; a word's start only.
        expect(await keys('lang=fr&q=vlooi')).toEqual([]);
        expect(await keys('lang=nl&q=looien')).toEqual([]);
        // After the names, principles and descriptions: "amox" lists amoxival first, and the words'
        // "amoxi-vlo" adds metacam (otoclean's description already says amoxicilline).
        const amox = await keys('lang=nl&q=amox');
        expect(amox[0]).toBe('amoxival');
        expect(amox.at(-1)).toBe('metacam');
        expect((await ac('lang=nl&q=vlooi')).suggestion).toBeNull();
        const index = await loadAutocompleteIndex(db);
        for (const q of [
          'vlooi',
          'vlo',
          'teken',
          't',
          'amox',
          'amoxi v',
          'zzz',
          'vlooien amox',
          'amox vlo',
          'teken (',
          'teken-vlooien',
          'vlooi/metacam',
          'metacam hond',
        ])
          for (const size of [1, 8]) await sameFromMemory(index, { q, lang: 'nl', size });
      } finally {
        await setWords(null);
      }
      expect((await ac('lang=nl&q=vlooi')).products).toEqual([]);
    });
    it('ranks first the suggestions where each word before the last is a whole word, from memory too', async () => {
      // docs/decisions/autocomplete-index.md, "Words before the last: whole words first": "fer
      // porcelet" lists the iron before the fertility products that only start with "fer".
      const db = t.database.db;
      const setWords = async (productId: number, words: string | null) => {
        await db.execute(sql`UPDATE product_translations SET search_words = ${words}
                             WHERE product_id = ${productId} AND locale = 'nl'`);
        await rebuildSearchIndex(db, [productId]);
      };
      await setWords(id.metacam as number, 'ijzerhoudend');
      await setWords(id.otoclean as number, 'ijzer');
      try {
        const keys = async (q: string) =>
          (await ac(`lang=nl&q=${encodeURIComponent(q)}`)).products.map((p) => keyOf(p.id));
        // Both for dogs; in name order Metacam would come first.
        expect(await keys('ijzer hond')).toEqual(['otoclean', 'metacam']);
        // The last word too is a whole word of Otoclean only ("ijzerhoudend" is another word).
        expect(await keys('hond ijzer')).toEqual(['otoclean', 'metacam']);
        const index = await loadAutocompleteIndex(db);
        for (const q of ['ijzer hond', 'ijzer ho', 'hond ijzer', 'ijze hond', 'ijzer hond oor'])
          for (const size of [1, 8]) await sameFromMemory(index, { q, lang: 'nl', size });
      } finally {
        await setWords(id.metacam as number, null);
        await setWords(id.otoclean as number, null);
      }
    });
    it('suggests first the rows holding every word whole, the last too, from memory too', async () => {
      // docs/decisions/autocomplete-index.md, "The last word whole first": "wormer cat" lists the
      // cats' wormer (a word of its name, "cats" of its texts) before a text saying "wormer cattle",
      // which holds the whole phrase but "cat" only as the start of another word.
      const db = t.database.db;
      const setDescription = async (description: string | null) => {
        await db.execute(sql`UPDATE product_translations SET description = ${description}
                             WHERE product_id = ${id.clavubactin as number} AND locale = 'en'`);
        await rebuildSearchIndex(db, [id.clavubactin as number]);
      };
      await setDescription('Wormer cattle and sheep.');
      try {
        const keys = async (q: string) =>
          (await ac(`lang=en&q=${encodeURIComponent(q)}`)).products.map((p) => keyOf(p.id));
        expect(await keys('wormer cat')).toEqual(['parasitex', 'clavubactin']);
        expect(await keys('wormer cats')).toEqual(['parasitex']);
        // Two letters of the last word: every completion still open, the tiers as before.
        expect(await keys('wormer ca')).toEqual(['clavubactin', 'parasitex']);
        // Typed further, the phrase is whole in the cattle text only.
        expect(await keys('wormer catt')).toEqual(['clavubactin']);
        expect(await keys('wormer cattle')).toEqual(['clavubactin']);
        // One word: as before, the text match (tier 2) before the row holding it in its name.
        expect(await keys('wormer')).toEqual(['clavubactin', 'parasitex']);
        const index = await loadAutocompleteIndex(db);
        for (const q of [
          'wormer cat',
          'wormer ca',
          'wormer cattle',
          'cat wormer',
          'wormer',
          'treatment worm',
        ])
          for (const size of [1, 8]) await sameFromMemory(index, { q, lang: 'en', size });
      } finally {
        await setDescription('Antibiotic combination.');
      }
    });
    it('suggests a product by its packs, in the row language, from memory too', async () => {
      // A practice types the pack it wants ("seringue 5 ml"): the packs' names are words of the
      // row (search-index.ts `rowWords`), so tier 3 finds the product whose name lacks them.
      const suggested = async (lang: string, q: string) =>
        (await ac(`lang=${lang}&q=${encodeURIComponent(q)}`)).products.map((p) => keyOf(p.id));
      await withDropperPack(async () => {
        expect(await suggested('fr', 'compte gouttes 250')).toEqual(['metacam']);
        expect(await suggested('nl', 'druppelflacon 250 m')).toEqual(['metacam']);
        expect(await suggested('en', 'dropper bottle')).toEqual(['metacam']);
        // Another language's word for the pack, or a pack it lacks: nothing.
        expect(await suggested('en', 'druppelflacon')).toEqual([]);
        expect(await suggested('fr', 'compte gouttes 500')).toEqual([]);
        const index = await loadAutocompleteIndex(t.database.db);
        for (const [lang, q] of [
          ['fr', 'compte gouttes 250'],
          ['nl', 'druppelflacon 250 m'],
          ['en', 'dropper bottle'],
          ['fr', 'compte gouttes 500'],
        ] as const)
          for (const size of [1, 8]) await sameFromMemory(index, { q, lang, size });
      });
    });
    it('suggests a substance typed with the French and Dutch final "e" where the sources write the English INN, from memory too', async () => {
      // docs/decisions/autocomplete-index.md, "A substance in the customer's language": the UK VMD
      // and the EMA write "Ivermectin", the ANMV "Ivermectine".
      const db = t.database.db;
      const english = id.parasitex as number; // for cats
      const french = id.otoclean as number; // for dogs
      const setPrinciples = async (productId: number, principles: string[]) => {
        await db.execute(sql`UPDATE products SET active_principles = ${sql.param(principles)}::text[]
                             WHERE id = ${productId}`);
        await rebuildSearchIndex(db, [productId]);
      };
      await setPrinciples(english, ['Ivermectin']);
      await setPrinciples(french, ['Ivermectine']);
      try {
        const keys = async (lang: string, q: string) =>
          (await ac(`lang=${lang}&q=${encodeURIComponent(q)}`)).products.map((p) => keyOf(p.id));
        for (const lang of ['fr', 'nl', 'en']) {
          // The wording typed first, then the English one.
          expect(await keys(lang, 'Ivermectine'), lang).toEqual(['otoclean', 'parasitex']);
          // The English INN is a prefix of both: both, as before.
          expect((await keys(lang, 'ivermectin')).sort(), lang).toEqual(['otoclean', 'parasitex']);
        }
        expect(await keys('fr', 'ivermectine chat')).toEqual(['parasitex']);
        expect(await keys('nl', 'ivermectine hond')).toEqual(['otoclean']);
        // Every word loses its final "e", not the substance's alone: "chienne" → "chienn" starts
        // no word of these rows, as before.
        expect(await keys('fr', 'ivermectine chienne')).toEqual([]);
        const index = await loadAutocompleteIndex(db);
        for (const lang of ['fr', 'nl'] as const)
          for (const q of ['ivermectine', 'Ivermectine chat', 'ivermectin', 'ivermecti', 'chlorhexidine'])
            for (const size of [1, 8]) await sameFromMemory(index, { q, lang, size });
      } finally {
        await setPrinciples(english, ['praziquantel']);
        await setPrinciples(french, ['chlorhexidine']);
      }
    });
    it("suggests a category by its search words, and names each category's parents", async () => {
      const db = t.database.db;
      const key = 'geneesmiddelen/antimicrobiele-middelen';
      const setWords = (words: string | null) =>
        db.execute(sql`UPDATE category_translations SET meta_keywords = ${words} WHERE url_key = ${key}`);
      await setWords('antibiotica antibacterieel');
      try {
        const r = await ac('lang=nl&q=Antibio');
        expect(r.categories).toEqual([
          expect.objectContaining({
            url_key: key,
            name: 'Antimicrobiële middelen',
            parents: ['Geneesmiddelen'],
          }),
        ]);
        expect((await ac('lang=nl&q=bacterieel')).categories).toEqual([]);
      } finally {
        await setWords(null);
      }
      expect((await ac('lang=nl&q=antibio')).categories).toEqual([]);
      expect((await ac('q=medic')).categories).toEqual([
        expect.objectContaining({ url_key: 'medicaments', parents: [] }),
      ]);
    });
    it('returns categories and a suggestion', async () => {
      expect((await ac('q=medic')).categories.map((c) => c.url_key)).toEqual(['medicaments']);
      const s = await ac('q=amoxicillne');
      expect(s.products).toEqual([]);
      expect(s.suggestion).toBe('amoxicilline');
      expect((await ac('q=%25_%5C')).products).toEqual([]);
    });
    it('matches the categories of the current catalogue', async () => {
      const db = t.database.db;
      const before = await db.execute<{ name: string }>(
        sql`SELECT name FROM category_translations WHERE url_key = 'medicaments' AND locale = 'fr'`,
      );
      expect((await ac('q=medic')).categories.map((c) => c.url_key)).toEqual(['medicaments']);
      try {
        await db.execute(
          sql`UPDATE category_translations SET name = 'Remèdes vétérinaires' WHERE url_key = 'medicaments' AND locale = 'fr'`,
        );
        // folded by the database, matched at a word start, in the new name only
        expect((await ac('q=VETERIN')).categories.map((c) => c.name)).toContain('Remèdes vétérinaires');
        expect((await ac('q=medic')).categories.map((c) => c.url_key)).not.toContain('medicaments');
      } finally {
        await db.execute(
          sql`UPDATE category_translations SET name = ${before.rows[0]?.name ?? ''} WHERE url_key = 'medicaments' AND locale = 'fr'`,
        );
      }
      expect((await ac('q=medic')).categories.map((c) => c.url_key)).toEqual(['medicaments']);
    });
    it('chooses the same suggestions among the search rows in memory as the statements', async () => {
      const { db } = t.database;
      const index = await loadAutocompleteIndex(db);
      expect(index).not.toBeNull();
      const member: Viewer = { priceList: 'veterinary', vetGroupIds: [t.fixture.vetGroups.west as number] };
      let suggested = 0;
      for (const viewer of [GUEST, member])
        for (const lang of ['fr', 'nl', 'en'] as const)
          for (const q of [
            'a',
            'am',
            'amo',
            'amoxicilline',
            'méloxi',
            'medic',
            'otoc',
            'chien',
            'zzz',
            'c',
            'vac',
            '(',
            'mg/',
            // Words in different texts (tier 3): a brand and a species, a principle and a form.
            'metacam chien',
            'chien metacam',
            'amoxicilline chien',
            'otoc amox',
            'medic c',
          ]) {
            suggested += (await sameFromMemory(index, { q, lang, size: 8 }, viewer)).products.length;
          }
      expect(suggested).toBeGreaterThan(100);
    });
    it('counts the same facets from the search rows in memory as the statement', async () => {
      // docs/decisions/search-performance.md, "Facet counts of a text counted in memory": every
      // locale, two viewers, a browse (no text, a category browse among its filters), texts and a
      // code, each alone and under filters taken from its answer.
      const { db } = t.database;
      const index = await loadAutocompleteIndex(db);
      const member: Viewer = { priceList: 'veterinary', vetGroupIds: [t.fixture.vetGroups.west as number] };
      let compared = 0;
      let filtered = 0;
      for (const viewer of [GUEST, member])
        for (const lang of ['fr', 'nl', 'en'] as const) {
          const rows = index?.locales.get(lang)?.facets ?? null;
          expect(rows, lang).not.toBeNull();
          for (const q of ['', 'a', 'amox', 'chien dog', 'vaccin', 'meloxicam', 'VB-AMX-10', 'zzzz', 'c']) {
            const base = searchQuerySchema.parse({ lang, q, per_page: '5' });
            const reference = await searchProducts(db, base, viewer, null, db);
            const queries = [base];
            for (const facet of ['species', 'brand', 'category', 'vet_group'] as const) {
              const value = reference.facets[facet]?.[0]?.value;
              if (value) queries.push({ ...base, [facet]: [value] });
            }
            const species = reference.facets.species?.map((b) => b.value) ?? [];
            if (species.length > 1) queries.push({ ...base, species: species.slice(0, 2), in_stock: true });
            queries.push({ ...base, discount: true }, { ...base, in_stock: true, discount_ending: true });
            // A browse's page and a text's come from memory too: every sort, a second page, and
            // under a category.
            const categoryValue = reference.facets.category?.[0]?.value;
            if (['', 'a', 'vaccin', 'chien dog'].includes(q))
              for (const sort of SORTS)
                queries.push(
                  { ...base, sort },
                  { ...base, sort, page: 2 },
                  ...(categoryValue ? [{ ...base, sort, category: [categoryValue] }] : []),
                );
            for (const query of queries) {
              // A browse's counts are cached even without a version: each search counts afresh.
              clearFacetCache(db);
              const expected = await searchProducts(db, query, viewer, null, db);
              clearFacetCache(db);
              const fromMemory = await searchProducts(db, query, viewer, null, db, rows);
              expect(fromMemory, `${lang} ${JSON.stringify(query)} ${viewer.vetGroupIds.join()}`).toEqual(
                expected,
              );
              compared += 1;
              if (query !== base && expected.total > 0) filtered += 1;
            }
          }
        }
      expect(compared).toBeGreaterThan(150);
      expect(filtered).toBeGreaterThan(40);
    });
    it('never answers from search rows of an older version, and loads the new ones', async () => {
      const db = t.database.db;
      const amoxival = id.amoxival as number;
      const versions = async () => (await readVersions(db))!;
      const idsOf = async (): Promise<number[]> => (await ac('q=amoxiv&size=8')).products.map((p) => p.id);
      // Loads the rows of the current version now, past the delay between two loads: each call's
      // clock is a delay past the one before (whether or not an earlier test had loaded them).
      let clock = 0;
      const load = async (): Promise<void> => {
        clock = Math.max(clock, Date.now()) + AUTOCOMPLETE_INDEX_RELOAD_MS;
        autocompleteIndexAt(db, (await versions()).search, clock);
        await autocompleteIndexLoaded(db);
      };
      await load();
      const loaded = await versions();
      expect(autocompleteIndexAt(db, loaded.search)?.version).toBe(loaded.search);
      expect(await idsOf()).toEqual([amoxival]);
      // A price does not move the search documents version: the rows stay in use.
      await db.execute(sql`UPDATE price_lists SET name = name WHERE id = (SELECT min(id) FROM price_lists)`);
      const afterPrice = await versions();
      expect(afterPrice.catalog).not.toBe(loaded.catalog);
      expect(afterPrice.search).toBe(loaded.search);
      try {
        await db.execute(
          sql`UPDATE search_documents SET not_sold_on_website = true WHERE product_id = ${amoxival}`,
        );
        const hidden = await versions();
        expect(hidden.search).not.toBe(loaded.search);
        // The rows in memory still show it; the answer must not.
        expect(autocompleteIndexAt(db, hidden.search, -Infinity)).toBeNull();
        expect(await idsOf()).toEqual([]);
        await load();
        expect(autocompleteIndexAt(db, hidden.search)?.version).toBe(hidden.search);
        expect(await idsOf()).toEqual([]);
      } finally {
        await db.execute(
          sql`UPDATE search_documents SET not_sold_on_website = false WHERE product_id = ${amoxival}`,
        );
      }
      expect(await idsOf()).toEqual([amoxival]);
    });
  });

  describe('search index', () => {
    it('is idempotent and rebuilds a subset', async () => {
      const count = async (): Promise<[number, number]> => {
        const a = await t.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM search_documents`,
        );
        const b = await t.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM search_words`,
        );
        return [Number(a.rows[0]?.n), Number(b.rows[0]?.n)];
      };
      const before = await count();
      expect(before[0]).toBe(36);
      await rebuildSearchIndex(t.database.db);
      expect(await count()).toEqual(before);
      const report = await rebuildSearchIndex(t.database.db, [id.metacam as number]);
      expect(report.documents).toBe(3);
      expect(await count()).toEqual(before);
      expect(keys(await search('q=meloxicam'))).toEqual(['metacam']);
    });

    it('finds a name by its words whatever joins them: strengths, ratios and hyphens', async () => {
      const db = t.database.db;
      const metacam = id.metacam as number;
      const names = await db.execute<{ locale: string; name: string }>(
        sql`SELECT locale, name FROM product_translations WHERE product_id = ${metacam}`,
      );
      try {
        await db.execute(
          sql`UPDATE product_translations SET name = 'Metacam 1.5 mg/ml suspension anti-inflammatoire'
              WHERE product_id = ${metacam} AND locale = 'fr'`,
        );
        await rebuildSearchIndex(db, [metacam]);
        // The query splits on every non-alphanumeric character (queryWords): so must the index.
        const spaced = [
          'metacam 1.5 mg/ml',
          'metacam 1,5 mg ml',
          'mg/ml suspension',
          'anti inflammatoire',
          'anti-inflammatoire',
        ];
        // A strength typed without its space, as vets type it; and the other way round.
        const glued = ['metacam 5mg/ml', 'metacam 1,5MG', 'metacam 1.5mg/m', 'METACAM 1.5 MG'];
        for (const q of [...spaced, ...glued]) {
          expect(keys(await search(`q=${encodeURIComponent(q)}`)), q).toContain('metacam');
        }
        await db.execute(
          sql`UPDATE product_translations SET name = 'Metacam 1.5mg/ml suspension anti-inflammatoire'
              WHERE product_id = ${metacam} AND locale = 'fr'`,
        );
        await rebuildSearchIndex(db, [metacam]);
        for (const q of glued) {
          expect(keys(await search(`q=${encodeURIComponent(q)}`)), q).toContain('metacam');
        }
      } finally {
        for (const row of names.rows) {
          await db.execute(
            sql`UPDATE product_translations SET name = ${row.name} WHERE product_id = ${metacam} AND locale = ${row.locale}`,
          );
        }
        await rebuildSearchIndex(db, [metacam]);
      }
    });

    it('finds a product by its packs, in the row language, and not by a pack it lacks', async () => {
      const ask = async (lang: string, q: string) =>
        keys(await search(`lang=${lang}&q=${encodeURIComponent(q)}`));
      await withDropperPack(async () => {
        expect(await ask('fr', 'metacam compte gouttes 250 ml')).toEqual(['metacam']);
        expect(await ask('nl', 'metacam druppelflacon 250ml')).toEqual(['metacam']);
        expect(await ask('en', 'metacam dropper')).toEqual(['metacam']);
        // A pack the product does not have, or another language's word for it: not found.
        expect(await ask('fr', 'metacam compte gouttes 500 ml')).toEqual([]);
        expect(await ask('en', 'metacam druppelflacon')).toEqual([]);
      });
    });

    it("finds a medicine by its ATCvet code, and a class by the code's first letters", async () => {
      const db = t.database.db;
      const metacam = id.metacam as number;
      const before = await db.execute<{ atcvet: string | null }>(
        sql`SELECT atcvet FROM products WHERE id = ${metacam}`,
      );
      try {
        await db.execute(sql`UPDATE products SET atcvet = 'QM01AC06' WHERE id = ${metacam}`);
        await rebuildSearchIndex(db, [metacam]);
        for (const q of ['QM01AC06', 'qm01ac06', 'QM01', 'lang=nl&q=qm01a'])
          expect(keys(await search(q.startsWith('lang=') ? q : `q=${q}`)), q).toEqual(['metacam']);
        expect(keys(await search('q=QJ01'))).not.toContain('metacam');
      } finally {
        await db.execute(
          sql`UPDATE products SET atcvet = ${before.rows[0]?.atcvet ?? null} WHERE id = ${metacam}`,
        );
        await rebuildSearchIndex(db, [metacam]);
      }
    });

    it('serves a repeated search from the result cache until the catalogue version moves', async () => {
      const db = t.database.db;
      const metacam = id.metacam as number;
      const before = await search('q=meloxicam&lang=nl');
      expect(keys(before)).toContain('metacam');
      // A change the version does not see (its trigger off): the cached answer is served…
      await db.execute(sql`ALTER TABLE search_documents DISABLE TRIGGER search_documents_cv_update`);
      try {
        await db.execute(
          sql`UPDATE search_documents SET not_sold_on_website = TRUE WHERE product_id = ${metacam}`,
        );
        expect(await search('q=meloxicam&lang=nl')).toEqual(before);
        // …until the cache is cleared (import, index rebuild, price refresh)…
        clearFacetCache(db);
        expect(keys(await search('q=meloxicam&lang=nl'))).not.toContain('metacam');
      } finally {
        await db.execute(sql`ALTER TABLE search_documents ENABLE TRIGGER search_documents_cv_update`);
      }
      // …or the catalogue version moves (any change a catalogue page shows), in every process.
      await db.execute(
        sql`UPDATE search_documents SET not_sold_on_website = FALSE WHERE product_id = ${metacam}`,
      );
      expect(keys(await search('q=meloxicam&lang=nl'))).toContain('metacam');
      await rebuildSearchIndex(db);
      expect(keys(await search('q=meloxicam&lang=nl'))).toContain('metacam');
    });

    it('keeps the search summaries equal to an aggregation of variants, prices and categories', async () => {
      const db = t.database.db;
      await rebuildSearchIndex(db);
      const products = await db.execute<{ n: number }>(sql`
        WITH expected AS (
          SELECT p.id,
                 EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id
                         AND v.stock_state IN ('in_stock', 'in_limited_stock')) AS in_stock,
                 ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id ORDER BY 1) AS category_ids
          FROM products p)
        SELECT count(*)::int AS n FROM expected e FULL JOIN product_summaries s ON s.product_id = e.id
        WHERE s.product_id IS NULL OR e.id IS NULL OR s.in_stock <> e.in_stock OR s.category_ids <> e.category_ids`);
      expect(Number(products.rows[0]?.n)).toBe(0);
      const prices = await db.execute<{ n: number }>(sql`
        WITH expected AS (
          SELECT vp.price_list_id, v.product_id, bool_or(vp.has_discount) AS has_discount,
                 min(coalesce(vp.indicated_cents, vp.gross_cents)) AS min_price, min(vp.net_cents) AS min_net
          FROM product_variants v JOIN variant_prices vp ON vp.variant_id = v.id
          GROUP BY 1, 2)
        SELECT count(*)::int AS n FROM expected e
        FULL JOIN product_list_prices s ON s.product_id = e.product_id AND s.price_list_id = e.price_list_id
        WHERE s.product_id IS NULL OR e.product_id IS NULL OR s.has_discount <> e.has_discount
           OR s.min_price_cents IS DISTINCT FROM e.min_price OR s.min_net_cents IS DISTINCT FROM e.min_net`);
      expect(Number(prices.rows[0]?.n)).toBe(0);
      const terms = await db.execute<{ facet_terms: string[] }>(
        sql`SELECT facet_terms FROM product_summaries WHERE product_id = ${id.metacam as number}`,
      );
      expect(terms.rows[0]?.facet_terms).toEqual(expect.arrayContaining(['species:dog', 'family:meds']));
    });
  });
});

describe('search helpers', () => {
  it('builds safe tsquery text from folded words', () => {
    expect(queryWords(`Amoxi'cilline & !(chien) :* <-> é`)).toEqual(['amoxi', 'cilline', 'chien', 'e']);
    expect(tsqueryText(['a', 'b'])).toBe(`'a' & 'b':*`);
    expect(tsqueryText(['a', 'b'], false)).toBe(`'a' & 'b'`);
    // A number glued to a unit is the number and the unit (searchWords of @vetshop/domain, tested there).
    expect(queryWords('Metacam 15mg/ml B12')).toEqual(['metacam', '15', 'mg', 'ml', 'b12']);
  });
  it('finds the first matches of autocomplete candidates chunk by chunk, in order', async () => {
    const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
    const asked: number[] = [];
    const matchIn = async (chunk: number[], limit: number): Promise<number[]> => {
      asked.push(chunk.length);
      return chunk.filter((id) => id % 100 === 0).slice(0, limit);
    };
    expect(await firstMatchesInChunks(ids, 3, matchIn)).toEqual([100, 200, 300]);
    expect(asked).toEqual([64, 256]);
    asked.length = 0;
    expect(await firstMatchesInChunks(ids, 50, matchIn)).toHaveLength(20);
    expect(asked).toEqual([64, 256, 1024, 656]);
  });
  it('bounds the names that start with a prefix, in code point order', () => {
    expect(prefixUpperBound('pou')).toBe('pov');
    expect(prefixUpperBound('caf\u00e9')).toBe('caf\u00ea');
    // the next code point after an astral one is astral too (two UTF-16 units)
    expect(prefixUpperBound('a\u{1F600}')).toBe('a\u{1F601}');
    // surrogate code points are not characters: the bound skips them
    expect(prefixUpperBound('a\uD7FF')).toBe('a\uE000');
    expect(prefixUpperBound('a\u{10FFFF}')).toBeNull();
    expect(prefixUpperBound('')).toBeNull();
    for (const name of ['pou', 'poudre', 'pou\u{10FFFF}x'])
      expect(name < (prefixUpperBound('pou') ?? '')).toBe(true);
    expect('pov' < (prefixUpperBound('pou') ?? '')).toBe(false);
  });
  it('orders autocomplete categories as the statement did: name starts, level, code points, id', () => {
    const fold = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
    const entry = (id: number, name: string, level: number, keywords = ''): CategoryEntry => ({
      id,
      name,
      url_key: `c${id}`,
      folded: fold(name),
      keywords: fold(keywords),
      level,
      parents: [],
    });
    const entries = [
      entry(1, 'Soins des chats', 1),
      entry(2, 'Chats', 1),
      entry(3, 'Chatières', 2),
      entry(4, 'Chaussures', 0),
      entry(5, 'Antichats', 0),
      entry(6, 'Chats', 1),
      entry(7, '\u{1F408} chats', 0),
      entry(8, '\uFB01 chats', 0),
    ];
    expect(matchCategories(entries, 'chat').map((c) => c.id)).toEqual([2, 6, 3, 8, 7]);
    expect(matchCategories(entries, 'chau').map((c) => c.id)).toEqual([4]);
    expect(matchCategories(entries, 'hats')).toEqual([]);
    // A category's search words match after every name, at a word's start.
    const withWords = [
      entry(9, 'Honden', 1, 'hondenvoer hondenbrokken'),
      entry(10, 'Voeding', 0, 'hondenvoer'),
      entry(11, 'Hondenshampoo', 2),
    ];
    expect(matchCategories(withWords, 'hondenv').map((c) => c.id)).toEqual([10, 9]);
    expect(matchCategories(withWords, 'hondenbr').map((c) => c.id)).toEqual([9]);
    expect(matchCategories(withWords, 'honden').map((c) => c.id)).toEqual([9, 11, 10]);
    expect(matchCategories(withWords, 'brokken')).toEqual([]);
    // code point order: U+FB01 before U+1F408 (UTF-16 units would put the astral one first)
    expect(compareCodePoints('\uFB01', '\u{1F408}')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'a')).toBe(0);
  });
  it('computes edit distances up to a bound', () => {
    expect(editDistance('amoxiciline', 'amoxicilline')).toBe(1);
    expect(editDistance('chat', 'chta')).toBe(1);
    expect(editDistance('meloxicma', 'meloxicam')).toBe(1);
    expect(editDistance('chat', 'tach')).toBe(2);
    expect(editDistance('abc', 'abc')).toBe(0);
  });
});
