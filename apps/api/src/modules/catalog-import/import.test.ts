/**
 * Catalogue import (apps/api/src/modules/catalog-import): real counts, a known medicine, a merged product,
 * idempotency (ids and counts unchanged) on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL;
 * bad rows and determinism (the same tiers as the PGlite import, in another database) on PostgreSQL
 * when it is set, else on PGlite.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, recreateDatabase, type Database, type Db } from '../../db/client.ts';
import { openTestPglite } from '../../../test/pglite-template.ts';
import {
  priceLists,
  priceTiers,
  productCategories,
  products,
  productTranslations,
  productVariants,
  variantPrices,
} from '../../db/schema.ts';
import { DEFAULT_CATALOGUE_DIR, ensureCatalogue, importCatalogue, type ImportReport } from './import.ts';
import { generateFood, pricesFor } from './generate.ts';
import { CATALOGUE_FILES, validGtin } from './sources.ts';
import { searchProducts } from '../catalog/search.ts';
import { GUEST } from '../catalog/viewer.ts';
import { variantNameIn } from '../catalog/variant-name.ts';
import type { SearchQuery } from '@vetshop/domain';

const SEARCH: SearchQuery = { lang: 'fr', page: 1, per_page: 100, sort: 'relevance' };

const TODAY = '2026-11-21';

async function idMaps(db: Db): Promise<{ products: Map<string, number>; variants: Map<string, number> }> {
  const p = await db.select({ id: products.id, code: products.code }).from(products);
  const v = await db.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants);
  return { products: new Map(p.map((r) => [r.code, r.id])), variants: new Map(v.map((r) => [r.sku, r.id])) };
}

/** The price tiers of the variants `DETERMINISM_SKUS` (a real ANMV pack and a generated food), ordered. */
const DETERMINISM_SKUS = ['ANMV-453-1', 'GEN-FOOD-NUTRIVET-DOG-RENAL-DRY-1'];
function tiersOf(db: Db, sku: string) {
  return db
    .select({
      list: priceLists.code,
      price: priceTiers.priceCents,
      min: priceTiers.minQuantity,
      start: priceTiers.dateStart,
      end: priceTiers.dateEnd,
    })
    .from(priceTiers)
    .innerJoin(productVariants, eq(productVariants.id, priceTiers.variantId))
    .innerJoin(priceLists, eq(priceLists.id, priceTiers.priceListId))
    .where(eq(productVariants.sku, sku))
    .orderBy(priceLists.code, priceTiers.minQuantity, priceTiers.priceCents);
}

/** The tiers of DETERMINISM_SKUS right after the PGlite suite's first import (the determinism test compares). */
const firstImportTiers = new Map<string, Awaited<ReturnType<typeof tiersOf>>>();

function suite(name: string, open: () => Promise<Database>, keepTiers = false): void {
  describe(name, () => {
    let database: Database;
    let db: Db;
    let first: ImportReport;

    beforeAll(async () => {
      database = await open();
      db = database.db;
      const t0 = performance.now();
      first = await importCatalogue(db, { today: TODAY });
      console.log(
        `[${name}] full import: ${Math.round(performance.now() - t0)} ms`,
        JSON.stringify(first.totals),
      );
      if (keepTiers) for (const sku of DETERMINISM_SKUS) firstImportTiers.set(sku, await tiersOf(db, sku));
    });
    afterAll(async () => {
      await database?.close();
    });

    it('imports the real sources with their counts', async () => {
      expect(first.changed).toBe(true);
      expect(first.sources.uk_vmd).toMatchObject({ read: 1305, imported: 1182, skipped: 123 });
      expect(first.sources.anmv).toMatchObject({ read: 120, imported: 120, skipped: 0 });
      expect(first.sources.anmv_presentations).toMatchObject({ read: 339, imported: 339 });
      expect(first.sources.ema.imported).toBe(269);
      expect(first.badRows.filter((b) => b.reason.startsWith('origin'))).toHaveLength(123);
      const anmvVariants = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(productVariants)
        .where(sql`${productVariants.sku} like 'ANMV-%'`);
      expect(anmvVariants[0]?.n).toBe(339);
      expect(first.totals.products).toBeGreaterThan(1700);
      expect(first.totals.food).toBeGreaterThan(100);
      expect(first.totals.equipment).toBeGreaterThan(80);
      expect(first.totals.categories).toBe(38);
      expect(first.totals.priceLists).toBe(7);
    });

    it('maps COLICILLINE with its GTIN barcode, species and routes', async () => {
      const [p] = await db.select().from(products).where(eq(products.code, 'anmv:453'));
      expect(p?.modelName).toBe('COLICILLINE');
      expect(p?.species).toEqual(['cattle', 'pig']);
      expect(p?.administrationRoutes).toEqual(expect.arrayContaining(['intramuscular', 'subcutaneous']));
      expect(p?.activePrinciples).toEqual(['Ampicilline', 'Sulfate de colistine']);
      expect(p?.flags).toMatchObject({
        prescription: true,
        veterinary_only: true,
        meds: true,
        pharmaceutical: true,
      });
      expect(p?.sourceLocale).toBe('fr');
      const variants = await db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, p?.id ?? 0));
      expect(variants.map((v) => v.barcode)).toContain('3597132203296');
      expect(variants).toHaveLength(3);
      // The authorised French presentation, and its Dutch and English names (given by injection:
      // a vial; docs/decisions/presentation-names.md).
      const fifty = variants.find((v) => v.name === 'Flacon de 50 ml');
      expect(fifty?.names).toEqual({
        fr: 'Flacon de 50 ml',
        nl: 'Injectieflacon van 50 ml',
        en: 'Vial of 50 ml',
      });
      const [read] = (
        await db.execute<{ nl: string; en: string }>(
          sql`SELECT ${variantNameIn(sql`v`, 'nl')} AS nl, ${variantNameIn(sql`v`, 'en')} AS en
              FROM product_variants v WHERE v.id = ${fifty?.id ?? 0}`,
        )
      ).rows;
      expect(read).toEqual({ nl: 'Injectieflacon van 50 ml', en: 'Vial of 50 ml' });
      const tr = await db
        .select()
        .from(productTranslations)
        .where(eq(productTranslations.productId, p?.id ?? 0));
      expect(tr.map((t) => t.locale).sort()).toEqual(['en', 'fr', 'nl']);
      // Title case instead of the source's capitals; the official name stays the model name.
      expect(new Set(tr.map((t) => t.name))).toEqual(new Set(['Colicilline']));
      expect(p?.presentation).toBe('suspension_for_injection');
      // Regulatory data the source really gives: the presentations with their primary packaging.
      expect(p?.packagings).toEqual([
        'Flacon de 50 ml (Flacon verre)',
        'Flacon de 100 ml (Flacon verre)',
        'Flacon de 250 ml (Flacon verre)',
      ]);
      expect(p?.storageTemperature).toBeNull();
      expect(p?.amcraClass).toBeNull();
    });

    it('merges the same medicine across sources', async () => {
      const [p] = await db.select().from(products).where(eq(products.modelName, 'DOLETHAL'));
      expect(p?.sources).toEqual(['anmv', 'uk_vmd']);
      expect(Object.keys(p?.sourceRefs ?? {})).toEqual(expect.arrayContaining(['anmv', 'uk_vmd']));
      expect(p?.flags.psychotropic).toBe(true);
      expect(first.totals.mergedProducts).toBeGreaterThan(30);
    });

    it('keeps target species through the merge: a dog filter on meloxicam finds Metacam', async () => {
      const r = await searchProducts(db, { ...SEARCH, q: 'meloxicam', species: ['dog'] }, GUEST);
      const names = r.hits.map((h) => h.name);
      for (const n of ['Metacam', 'Loxitab', 'Meloxoral']) expect(names).toContain(n);
      const [metacam] = await db.select().from(products).where(eq(products.code, 'ema:EMEA-V-C-000033'));
      expect(metacam?.species).toEqual(expect.arrayContaining(['dog', 'cat', 'cattle', 'horse', 'pig']));
      expect(metacam?.atcvet).toBe('QM01AC06');
      expect(metacam?.therapeuticGroup).toBe('anti_inflammatories');
    });

    it("names a medicine's target species in its description as one list of plurals, per locale", async () => {
      // "Doeldiersoorten: kat, runderen, hond, paarden…" mixed singular and plural.
      const rows = await db
        .select({ locale: productTranslations.locale, description: productTranslations.description })
        .from(productTranslations)
        .innerJoin(products, eq(products.id, productTranslations.productId))
        .where(eq(products.code, 'ema:EMEA-V-C-000033'));
      const line = (locale: string) =>
        rows
          .find((r) => r.locale === locale)
          ?.description?.match(/(?:Espèces cibles|Doeldiersoorten|Target species)[^<]*/)?.[0];
      expect(line('fr')).toMatch(/^Espèces cibles\u00a0: chats, bovins, chiens, chevaux, porcs/);
      expect(line('nl')).toMatch(/^Doeldiersoorten: katten, runderen, honden, paarden, varkens/);
      expect(line('en')).toMatch(/^Target species: cats, cattle, dogs, horses, pigs/);
    });

    it('filters an active substance as one value across sources, salts and languages, labelled per locale', async () => {
      // The sources write dexamethasone in French and English, with or without its salt.
      const wordings = await db.execute<{ x: string; n: number }>(
        sql`SELECT x, count(*)::int AS n FROM products, unnest(active_principles) x
            WHERE unaccent(lower(x)) LIKE '%dexamethason%' GROUP BY x`,
      );
      expect(wordings.rows.map((r) => r.x)).toEqual(
        expect.arrayContaining(['Dexaméthasone', 'Dexamethasone', 'Acétate de dexaméthasone']),
      );
      const bucket = async (lang: SearchQuery['lang']) =>
        (await searchProducts(db, { ...SEARCH, lang, per_page: 1 }, GUEST)).facets.active_principle?.find(
          (b) => b.value === 'dexamethason',
        );
      const fr = await bucket('fr');
      expect(fr?.label).toBe('Dexaméthasone');
      // One value holds more products than any one wording did.
      expect(fr?.count).toBeGreaterThan(Math.max(...wordings.rows.map((r) => r.n)));
      expect(await bucket('en')).toEqual({ ...fr, label: 'Dexamethasone' });
      expect(await bucket('nl')).toEqual({ ...fr, label: 'Dexamethasone' });
      const filtered = await searchProducts(db, { ...SEARCH, active_principle: ['dexamethason'] }, GUEST);
      expect(filtered.total).toBe(fr?.count);
      expect(filtered.hits.map((h) => h.active_principles.join(' '))).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/Acétate de dexaméthasone/),
          expect.stringMatching(/^Dexamethasone/),
        ]),
      );
      // Ivermectin (UK, EMA) and Ivermectine (ANMV) are one value too.
      const ivermectin = await searchProducts(
        db,
        { ...SEARCH, active_principle: ['ivermectin'], per_page: 1 },
        GUEST,
      );
      expect(ivermectin.facets.active_principle?.find((b) => b.value === 'ivermectin')?.label).toBe(
        'Ivermectine',
      );
      const names = await searchProducts(db, { ...SEARCH, active_principle: ['ivermectin'] }, GUEST);
      expect(names.hits.flatMap((h) => h.active_principles)).toEqual(
        expect.arrayContaining(['Ivermectin', 'Ivermectine']),
      );
    });

    it('files an EMA medicine under the group of its ATCvet code, and finds a group by its search words', async () => {
      // "High-ceiling diuretics;Sulfonamides, plain": torasemide, a diuretic, not an antibacterial.
      const [isemid] = await db.select().from(products).where(eq(products.code, 'ema:EMEA-V-C-004345'));
      expect(isemid?.atcvet).toBe('QC03CA04');
      expect(isemid?.therapeuticGroup).toBe('cardiovascular');
      // A class searched by a practitioner's word that no product text holds (categories.ts).
      const dewormers = await searchProducts(db, { ...SEARCH, q: 'vermifuge chat' }, GUEST);
      expect(dewormers.total).toBeGreaterThan(3);
      const antibiotics = await searchProducts(db, { ...SEARCH, q: 'antibiotique chien' }, GUEST);
      expect(antibiotics.hits.map((h) => h.name)).not.toContain('Isemid');
      expect(antibiotics.total).toBeGreaterThan(10);
    });

    it('names UK medicines in the page language and reports the completeness per source', async () => {
      const [p] = await db
        .select()
        .from(products)
        .where(eq(products.modelName, 'Metacam 15 mg/ml Oral Suspension for Horses'));
      const tr = await db
        .select({ locale: productTranslations.locale, name: productTranslations.name })
        .from(productTranslations)
        .where(eq(productTranslations.productId, p?.id ?? 0));
      const byLocale = Object.fromEntries(tr.map((t) => [t.locale, t.name]));
      expect(byLocale).toEqual({
        en: 'Metacam 15 mg/ml Oral Suspension for Horses',
        fr: 'Metacam 15 mg/ml, suspension buvable pour chevaux',
        nl: 'Metacam 15 mg/ml, suspensie voor oraal gebruik voor paarden',
      });
      // The official name stays searchable in every language.
      const hits = await searchProducts(
        db,
        { ...SEARCH, lang: 'nl', q: 'Oral Suspension for Horses' },
        GUEST,
      );
      expect(hits.hits.map((h) => h.id)).toContain(p?.id);
      expect(first.unmapped).toEqual([]);
      expect(first.coverage?.anmv).toMatchObject({ products: 120, noSpecies: 0, noRoute: 0 });
      expect(first.coverage?.uk_vmd.noSpecies).toBe(0);
    });

    it('puts every product in a category and gives every variant a unique CNK and valid EAN', async () => {
      const orphans = await db.execute(
        sql`select count(*)::int as n from ${products} p where not exists (select 1 from ${productCategories} pc where pc.product_id = p.id)`,
      );
      expect(Number((orphans.rows[0] as { n: number }).n)).toBe(0);
      const variants = await db
        .select({ cnk: productVariants.cnkCode, ean: productVariants.barcode })
        .from(productVariants);
      const cnks = variants.map((v) => v.cnk);
      expect(cnks.every((c) => c !== null && /^\d{7}$/.test(c))).toBe(true);
      expect(new Set(cnks).size).toBe(cnks.length);
      expect(variants.filter((v) => v.ean).every((v) => validGtin(v.ean ?? ''))).toBe(true);
      const vp = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(variantPrices)
        .where(eq(variantPrices.computedOn, TODAY));
      expect(vp[0]?.n).toBe(first.totals.variantPrices);
    });

    // A full import takes 1-2 min on a loaded machine.
    it(
      'is idempotent: a second run changes nothing, a forced run keeps ids',
      { timeout: 600_000 },
      async () => {
        const before = await idMaps(db);
        const second = await importCatalogue(db, { today: TODAY });
        expect(second.changed).toBe(false);
        expect(second.totals).toEqual(first.totals);
        const forced = await importCatalogue(db, { today: TODAY, force: true });
        expect(forced.changed).toBe(true);
        expect(forced.totals).toEqual(first.totals);
        const after = await idMaps(db);
        expect(after.products).toEqual(before.products);
        expect(after.variants).toEqual(before.variants);
        expect(await ensureCatalogue(db, { today: TODAY })).toEqual({ action: 'none' });
        expect((await ensureCatalogue(db, { today: '2026-11-22' })).action).toBe('prices_refreshed');
      },
    );
  });
}

suite('catalogue import on PGlite', () => openTestPglite(), true);

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl)
  suite('catalogue import on PostgreSQL', async () =>
    openDatabase({ databaseUrl: await recreateDatabase(pgUrl, 'vetshop_seed_test') }),
  );

// Engine-independent behaviour: on PostgreSQL when there is one (a full import takes half the time
// of PGlite's), else on PGlite.
describe('bad rows and determinism', () => {
  let dir: string;
  let database: Database;
  let ukBadLine = 0;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vetshop-catalogue-'));
    for (const f of Object.values(CATALOGUE_FILES))
      copyFileSync(path.join(DEFAULT_CATALOGUE_DIR, f), path.join(dir, f));
    const uk = readFileSync(path.join(dir, CATALOGUE_FILES.uk), 'utf8');
    const text = uk.endsWith('\n') ? uk : `${uk}\n`;
    ukBadLine = text.split('\n').length; // the appended row's physical line
    writeFileSync(
      path.join(dir, CATALOGUE_FILES.uk),
      `${text},,Vm 1/1,Nothing,Dogs,Tablet,POM-V,Holder,https://x,Authorised,GB,,vmd_bulk\nbroken,"Broken row\n`,
    );
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // A full import takes 1-2 min on a loaded machine.
  it('reports a broken row with its line and imports the rest', { timeout: 600_000 }, async () => {
    database = pgUrl
      ? await openDatabase({ databaseUrl: await recreateDatabase(pgUrl, 'vetshop_import_bad_rows_test') })
      : await openTestPglite();
    const report = await importCatalogue(database.db, { catalogueDir: dir, today: TODAY });
    const own = report.badRows.filter((b) => !b.reason.startsWith('origin'));
    expect(own).toContainEqual({ file: CATALOGUE_FILES.uk, line: ukBadLine, reason: 'missing product_name' });
    expect(own.some((b) => b.line === ukBadLine + 1)).toBe(true);
    expect(report.sources.uk_vmd.imported).toBe(1182);
    expect(report.totals.products).toBeGreaterThan(1700);
  });

  // A full import takes 1-2 min on a loaded machine.
  it('keeps a changed url key as a redirect url key on re-import', { timeout: 600_000 }, async () => {
    const file = path.join(dir, CATALOGUE_FILES.anmvProducts);
    writeFileSync(file, readFileSync(file, 'utf8').replace('453,COLICILLINE,', '453,COLICILLINE LA,'));
    await importCatalogue(database.db, { catalogueDir: dir, today: TODAY });
    const [p] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.code, 'anmv:453'));
    const rows = await database.db
      .select({
        locale: productTranslations.locale,
        urlKey: productTranslations.urlKey,
        redirects: productTranslations.redirectUrlKeys,
      })
      .from(productTranslations)
      .where(eq(productTranslations.productId, p?.id ?? 0));
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.urlKey).toBe('colicilline-la');
      expect(r.redirects).toEqual(['colicilline']);
    }
  });

  // A full import takes 1-2 min on a loaded machine.
  it('generates the same prices from the same seed', { timeout: 600_000 }, async () => {
    expect(pricesFor(7, 'SKU-1', 1234, 'meds')).toEqual(pricesFor(7, 'SKU-1', 1234, 'meds'));
    expect(generateFood(7)).toEqual(generateFood(7));
    expect(generateFood(7)[0]?.variants[0]?.basePriceCents).not.toBe(
      generateFood(8)[0]?.variants[0]?.basePriceCents,
    );
    // Same seed in a separate database (the PGlite suite's, right after its import): identical tiers
    // for a real and a generated variant.
    for (const sku of DETERMINISM_SKUS) {
      const a = firstImportTiers.get(sku) ?? [];
      expect(a.length).toBeGreaterThan(0);
      expect(await tiersOf(database.db, sku)).toEqual(a);
    }
  });
});
