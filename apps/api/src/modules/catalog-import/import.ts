/**
 * The real catalogue import (docs/product/catalogue-and-search.md#product; docs/product/constants.md#pricing): reads
 * data/catalogue (UK VMD bulk rows, ANMV products + presentations, EMA authorised EPARs), merges
 * the same medicine across sources, adds deterministic generated food, equipment, packs, codes,
 * stock and prices, and writes everything in ONE transaction. Idempotent: products and variants
 * are upserted by stable code / sku (ids kept) and a checksum of the inputs in import_runs skips
 * the work when nothing changed. Decisions: docs/decisions/catalogue-merge.md.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { businessDate, labelColon, metaDescription, toUrlKey } from '@vetshop/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  brands,
  categories,
  categoryTranslations,
  discounts,
  importRuns,
  priceLists,
  priceTiers,
  productCategories,
  productTranslations,
  products,
  productVariants,
  specials,
  substanceLabels,
  substanceTerms,
  supplierTerms,
  variantPrices,
  vetGroups,
  type Locale,
} from '../../db/schema.ts';
import { categoryDefs, categoryUrlKey, medicineSearchWords } from './categories.ts';
import {
  assignCnk,
  generatedEan,
  generateEquipment,
  generateFood,
  medicinePacks,
  presentationPrices,
  PRICE_LISTS,
  pricesFor,
  skuOf,
  SPECIES_LABELS,
  stockStateFor,
  VAT_BP,
  VET_GROUPS,
  windowsOn,
  type L10n,
  type PriceDraft,
  type ProductDraft,
} from './generate.ts';
import { presentationNames } from './presentation-names.ts';
import { variantNames } from './variant-names.ts';
import { medicineFlags, speciesCategory, type ParasiteKind } from './mapping.ts';
import { mergeRecords, substanceWords, type MergedMedicine } from './merge.ts';
import { refreshVariantPrices, refreshVariantPricesIn } from './prices.ts';
import {
  normaliseHolder,
  canonicalBrands,
  readSources,
  substanceKey,
  type BadRow,
  type SourceCounts,
  type SourceName,
} from './sources.ts';
import { rngFor } from './random.ts';
import { enrichRecords, parasiteKindsBySubstances, type EnrichCounts } from './enrich.ts';
import { substanceVocabulary } from './substances.ts';
import {
  DEFAULT_VOCABULARY_DIR,
  displayNames,
  loadVocabulary,
  substanceNamesOf,
  termLabel,
  type UnmappedValue,
} from './vocabulary.ts';
import { readFileSync } from 'node:fs';
import { rebuildSearchIndex } from '../catalog/index.ts';
import { syncStockStates } from '../stock/index.ts';

/** Default seed of the generated data. */
export const DEFAULT_SEED = 20261121;
/**
 * Bump when the mapping or the search index code changes, so that the checksum forces a re-import
 * (and the benchmark data set, which records it, a rebuild: bench/dataset.ts).
 */
export const IMPORT_VERSION = 'catalogue-import-v23';
/** Vocabulary files that take part in the checksum (data/vocabulary). */
const VOCABULARY_FILES = [
  'edqm-standard-terms.csv',
  'source-terms.csv',
  'species-supplement.csv',
  'substance-names.csv',
] as const;
const BATCH = 500;
/** Advisory lock key of the import transaction. */
const IMPORT_LOCK_KEY = 7_202_611;
const LOCALES: readonly Locale[] = ['fr', 'nl', 'en'];
const here = path.dirname(fileURLToPath(import.meta.url));

/** Default catalogue folder: <repo>/data/catalogue, resolved from this source file. */
export const DEFAULT_CATALOGUE_DIR = path.resolve(here, '../../../../../data/catalogue');

export interface ImportOptions {
  /** Folder holding the four CSV files (default: <repo>/data/catalogue). */
  catalogueDir?: string;
  /** Seed of the generated data (default 20261121). */
  seed?: number;
  /** Business day (ISO) of the stored prices (default: businessDate()). Does not change generated data. */
  today?: string;
  /** Re-import even when the checksum is unchanged (upserts keep ids). */
  force?: boolean;
}

/** Totals in the database after the import. */
export interface ImportTotals {
  products: number;
  medicines: number;
  food: number;
  equipment: number;
  generatedProducts: number;
  mergedProducts: number;
  variants: number;
  categories: number;
  brands: number;
  vetGroups: number;
  priceLists: number;
  priceTiers: number;
  discounts: number;
  supplierTerms: number;
  specials: number;
  variantPrices: number;
}

/** The import report (printed by the CLI, stored in import_runs.report). */
export interface ImportReport {
  /** False when the checksum matched the last run and nothing was written. */
  changed: boolean;
  checksum: string;
  seed: number;
  durationMs: number;
  sources: Record<SourceName | 'anmv_presentations', SourceCounts>;
  badRows: BadRow[];
  totals: ImportTotals;
  /** Products no longer in the sources: kept (ids referenced by orders) but not sold on the website. */
  withdrawn: number;
  searchIndex: 'rebuilt' | 'skipped';
  /**
   * Medicines per primary source (after the merge) and how many of them lack target species,
   * an administration route or a therapeutic group (group "other").
   */
  coverage?: Record<SourceName, Coverage>;
  /** Source form / route values without a vocabulary code (data/vocabulary/source-terms.csv). */
  unmapped?: UnmappedValue[];
  /** Fields completed from other records (apps/api/src/modules/catalog-import/enrich.ts). */
  enriched?: EnrichCounts;
}

/** Completeness counts of one source's medicines. */
export interface Coverage {
  products: number;
  noSpecies: number;
  noRoute: number;
  noTherapeuticGroup: number;
}

/** Completeness counts per primary source of the medicine drafts. */
export function coverageOf(drafts: readonly ProductDraft[]): Record<SourceName, Coverage> {
  const out: Record<SourceName, Coverage> = {
    uk_vmd: { products: 0, noSpecies: 0, noRoute: 0, noTherapeuticGroup: 0 },
    anmv: { products: 0, noSpecies: 0, noRoute: 0, noTherapeuticGroup: 0 },
    ema: { products: 0, noSpecies: 0, noRoute: 0, noTherapeuticGroup: 0 },
  };
  for (const d of drafts) {
    if (d.family !== 'meds' || d.generated) continue;
    const c = out[d.sources[0] as SourceName];
    if (!c) continue;
    c.products++;
    if (d.species.length === 0) c.noSpecies++;
    if (d.administrationRoutes.length === 0) c.noRoute++;
    if (!d.therapeuticGroup || d.therapeuticGroup === 'other') c.noTherapeuticGroup++;
  }
  return out;
}

// ------------------------------------------------------------------ labels for descriptions

const ROUTE_LABELS: Record<string, L10n> = {
  oral: { fr: 'orale', nl: 'oraal', en: 'oral' },
  intramuscular: { fr: 'intramusculaire', nl: 'intramusculair', en: 'intramuscular' },
  subcutaneous: { fr: 'sous-cutanée', nl: 'subcutaan', en: 'subcutaneous' },
  intravenous: { fr: 'intraveineuse', nl: 'intraveneus', en: 'intravenous' },
  parenteral: { fr: 'injectable', nl: 'injecteerbaar', en: 'by injection' },
  intramammary: { fr: 'intramammaire', nl: 'intramammair', en: 'intramammary' },
  topical: { fr: 'topique', nl: 'topisch', en: 'topical' },
  cutaneous: { fr: 'cutanée', nl: 'cutaan', en: 'cutaneous' },
  ophthalmic: { fr: 'oculaire', nl: 'oculair', en: 'ophthalmic' },
  auricular: { fr: 'auriculaire', nl: 'auriculair', en: 'auricular' },
  intrauterine: { fr: 'intra-utérine', nl: 'intra-uterien', en: 'intrauterine' },
  nasal: { fr: 'nasale', nl: 'nasaal', en: 'nasal' },
};
const DESC_WORDS: Record<
  Locale,
  { form: string; substances: string; species: string; routes: string; holder: string }
> = {
  fr: {
    form: 'Forme',
    substances: 'Substances actives',
    species: 'Espèces cibles',
    routes: 'Voies d’administration',
    holder: 'Titulaire de l’AMM',
  },
  nl: {
    form: 'Vorm',
    substances: 'Werkzame stoffen',
    species: 'Doeldiersoorten',
    routes: 'Toedieningswegen',
    holder: 'Vergunninghouder',
  },
  en: {
    form: 'Form',
    substances: 'Active substances',
    species: 'Target species',
    routes: 'Routes of administration',
    holder: 'Marketing authorisation holder',
  },
};

// ------------------------------------------------------------------ medicines → drafts

/**
 * One line of a medicine's description, "Label: value." ("Label\u00a0: value." in French, whose colon
 * keeps to its word: docs/decisions/french-typography.md). A value that already ends a sentence
 * ("Global Vet Health S.L.") gets no second full stop.
 */
export function descriptionLine(loc: Locale, label: string, value: string): string {
  return `${label}${labelColon(loc)} ${value}${/[.!?]$/.test(value) ? '' : '.'}`;
}

/**
 * The product draft of one merged medicine; `substanceKinds`: what the antiparasitics of each set
 * of active substances act on (enrich.ts `parasiteKindsBySubstances`), for its search words.
 */
function medicineDraft(
  seed: number,
  m: MergedMedicine,
  substanceKinds: ReadonlyMap<string, ParasiteKind>,
): ProductDraft {
  const p = m.primary;
  const recs = m.records;
  const first = <T>(pick: (r: (typeof recs)[number]) => T | null): T | null => {
    for (const r of recs) {
      const v = pick(r);
      if (v !== null && v !== undefined && v !== '') return v;
    }
    return null;
  };
  const principles: string[] = [];
  const seenKeys = new Set<string>();
  for (const r of recs)
    for (const s of r.principles) {
      const k = substanceKey(s);
      if (!seenKeys.has(k)) {
        seenKeys.add(k);
        // Sources differ in case ("meloxicam" in EMA, "Meloxicam" in VMD): one facet value each.
        principles.push(s.charAt(0).toLocaleUpperCase('en') + s.slice(1));
      }
    }
  const species = [...new Set(recs.flatMap((r) => r.species))].sort();
  const routes = [...new Set(recs.flatMap((r) => r.routes))].sort();
  const group = recs.find((r) => r.group !== 'other')?.group ?? 'other';
  const form = first((r) => r.form);
  const formCode = first((r) => r.formCode);
  const legal = first((r) => r.legalCategory);
  const holder = first((r) => r.holder);
  const indication = first((r) => r.indication);
  const sourceRefs: Record<string, unknown> = {};
  for (const r of recs) {
    sourceRefs[r.source] = {
      ref: r.ref,
      line: r.line,
      amm_code: r.ammCode,
      leaflet_url: r.leafletUrl,
      ...(r.therapeuticGroupText ? { therapeutic_group: r.therapeuticGroupText } : {}),
      ...(r.legalCategory ? { legal_category: r.legalCategory } : {}),
      ...(r.form ? { form: r.form } : {}),
      ...(r.derived?.length ? { derived: r.derived } : {}),
      name: r.name,
    };
  }
  const realPacks = recs.flatMap((r) => r.presentations);
  const realPrices = presentationPrices(seed, p.code, realPacks);
  sourceRefs.generated =
    realPacks.length > 0 ? ['prices', 'cnk', 'stock'] : ['variants', 'prices', 'cnk', 'stock', 'ean'];
  const code = p.code;
  const sku = skuOf(code);
  const variants: ProductDraft['variants'] =
    realPacks.length > 0
      ? realPacks.map((pr, i) => ({
          sku: `${sku}-${i + 1}`,
          name: pr.name,
          barcode: pr.ean,
          sequence: i + 1,
          isMain: i === 0,
          taxRateBp: VAT_BP.meds,
          unitsPerPack: pr.units,
          madeToOrder: false,
          attributes: { presentation: pr.name, ...(pr.gtin ? { gtin: pr.gtin } : {}) },
          basePriceCents: realPrices[i] ?? 0,
        }))
      : medicinePacks(seed, code, form ?? p.name, group).map((pk, i) => ({
          sku: `${sku}-${i + 1}`,
          name: pk.name,
          sequence: i + 1,
          isMain: i === 0,
          taxRateBp: VAT_BP.meds,
          unitsPerPack: pk.units,
          madeToOrder: false,
          attributes: { size: pk.name },
          basePriceCents: pk.baseCents,
        }));
  const descriptions = {} as L10n;
  const shorts = {} as L10n;
  for (const loc of LOCALES) {
    const w = DESC_WORDS[loc];
    const lines: string[] = [];
    const formText = termLabel(formCode, loc) ?? form;
    if (formText) lines.push(descriptionLine(loc, w.form, formText));
    if (principles.length) lines.push(descriptionLine(loc, w.substances, principles.join(', ')));
    if (species.length)
      lines.push(
        descriptionLine(loc, w.species, species.map((s) => SPECIES_LABELS[s]?.[loc] ?? s).join(', ')),
      );
    const routeLabels = routes.map((r) => ROUTE_LABELS[r]?.[loc]).filter((x): x is string => !!x);
    if (routeLabels.length) lines.push(descriptionLine(loc, w.routes, routeLabels.join(', ')));
    if (holder) lines.push(descriptionLine(loc, w.holder, holder));
    if (indication) lines.push(indication);
    descriptions[loc] = lines.join('\n');
    shorts[loc] = [formText, principles.slice(0, 3).join(', ')].filter(Boolean).join(' – ') || p.name;
  }
  const categoryCodes = [
    `meds/${group}`,
    ...new Set(species.map((s) => `meds/species/${speciesCategory(s)}`)),
  ];
  return {
    code,
    family: 'meds',
    modelName: p.name,
    brand: normaliseHolder(holder),
    manufacturer: holder,
    sourceLocale: p.locale,
    sources: recs.map((r) => r.source),
    sourceRefs,
    generated: false,
    ammCode: p.ammCode ?? first((r) => r.ammCode),
    atcvet: first((r) => r.atcvet),
    legalCategory: legal,
    therapeuticGroup: group,
    activePrinciples: principles,
    species,
    administrationRoutes: routes,
    // The vocabulary code (data/vocabulary); the source wording only when it has no code.
    presentation: formCode ?? form,
    animalSizes: [],
    ages: [],
    foodRanges: [],
    indications: [],
    colours: [],
    clothingSizes: [],
    vetGroupCodes: [],
    flags: {
      ...medicineFlags(legal, principles),
      generated_prices: true,
      generated_variants: realPacks.length === 0,
    },
    leafletUrl: p.leafletUrl ?? first((r) => r.leafletUrl),
    infoUrl: recs.find((r) => r.source === 'ema')?.leafletUrl ?? null,
    storageTemperature: null,
    // The real presentations with their primary packaging (ANMV `conditionnement_primaire`).
    packagings: [
      ...new Set(realPacks.map((pr) => (pr.primaryPack ? `${pr.name} (${pr.primaryPack})` : pr.name))),
    ],
    notSoldOnWebsite: false,
    names: displayNames(p.name, p.locale, p.formCode, p.form),
    searchWords: medicineSearchWords({
      group,
      atcvet: first((r) => r.atcvet),
      groupText: first((r) => r.therapeuticGroupText),
      routes,
      species,
      substancesKind: substanceKinds.get(substanceWords(p)) ?? null,
      principles: p.principles,
      name: p.name,
      substanceNames: substanceNamesOf(p.principles),
    }),
    descriptions,
    shortDescriptions: shorts,
    categoryCodes,
    variants,
  };
}

/** Restrictions to vet groups and "not sold on website", deterministic per product code. */
function applyRestrictions(seed: number, d: ProductDraft): void {
  const r = rngFor(seed, `restrict:${d.code}`);
  if (r.chance(0.03)) {
    const code = d.species.includes('horse')
      ? 'equine'
      : d.species.some((s) => s === 'cattle' || s === 'pig' || s === 'sheep' || s === 'poultry')
        ? 'rural'
        : d.species.some((s) => s === 'dog' || s === 'cat')
          ? 'companion'
          : 'university';
    d.vetGroupCodes = [code];
  }
  if (r.chance(0.015)) d.notSoldOnWebsite = true;
}

// ------------------------------------------------------------------ helpers

/** `SET col = excluded.col` for every column of `table` except the given keys. */
function excludedSet(table: PgTable, skip: readonly string[]): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    if (skip.includes(key)) continue;
    set[key] = sql.raw(`excluded."${col.name}"`);
  }
  return set;
}

async function inBatches<T>(
  rows: readonly T[],
  size: number,
  fn: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size));
}

async function count(db: DbOrTx, table: PgTable, where?: SQL): Promise<number> {
  const q = db.select({ n: sql<number>`count(*)::int` }).from(table);
  const rows = where ? await q.where(where) : await q;
  return rows[0]?.n ?? 0;
}

async function totals(db: DbOrTx): Promise<ImportTotals> {
  return {
    products: await count(db, products),
    medicines: await count(db, products, sql`${products.family} = 'meds'`),
    food: await count(db, products, sql`${products.family} = 'food'`),
    equipment: await count(db, products, sql`${products.family} = 'equipment'`),
    generatedProducts: await count(db, products, sql`${products.generated}`),
    mergedProducts: await count(db, products, sql`cardinality(${products.sources}) > 1`),
    variants: await count(db, productVariants),
    categories: await count(db, categories),
    brands: await count(db, brands),
    vetGroups: await count(db, vetGroups),
    priceLists: await count(db, priceLists),
    priceTiers: await count(db, priceTiers),
    discounts: await count(db, discounts),
    supplierTerms: await count(db, supplierTerms),
    specials: await count(db, specials),
    variantPrices: await count(db, variantPrices),
  };
}

// ------------------------------------------------------------------ the import

/**
 * Import the catalogue into `db` (docs/product/cart-and-checkout.md#sync, docs/product/constants.md). One transaction: on any error nothing is
 * written and the error is rethrown. Bad rows are reported ({file, line, reason}) and skipped.
 * Returns the report; `changed` is false when the inputs (files, seed, import version) have the
 * checksum of the last run, in which case only stale prices are refreshed.
 * Errors: throws when a catalogue file is missing or the database rejects a write.
 */
export async function importCatalogue(db: Db, opts: ImportOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  const seed = opts.seed ?? DEFAULT_SEED;
  const today = opts.today ?? businessDate();
  const parsed = readSources(opts.catalogueDir ?? DEFAULT_CATALOGUE_DIR);
  const enriched = enrichRecords(parsed.records);
  const hash = createHash('sha256').update(`${IMPORT_VERSION}\n${seed}\n`);
  for (const c of parsed.contents) hash.update(c).update('\n\u0000\n');
  for (const f of VOCABULARY_FILES)
    hash.update(readFileSync(path.join(DEFAULT_VOCABULARY_DIR, f), 'utf8')).update('\n\u0000\n');
  const checksum = hash.digest('hex');

  const merged = mergeRecords(parsed.records);
  for (const m of merged) {
    for (const r of m.records) {
      const c = parsed.counts[r.source];
      c.imported++;
      if (r !== m.primary) c.merged++;
    }
  }

  const last = await db
    .select({ checksum: importRuns.checksum })
    .from(importRuns)
    .orderBy(desc(importRuns.id))
    .limit(1);
  // Drafts: medicines, then generated food and equipment.
  const substanceKinds = parasiteKindsBySubstances(parsed.records);
  const medicineDrafts = merged.map((m) => medicineDraft(seed, m, substanceKinds));
  const coverage = coverageOf(medicineDrafts);
  if (!opts.force && last[0]?.checksum === checksum) {
    await refreshPricesIfStale(db, today);
    return {
      coverage,
      unmapped: parsed.unmapped,
      enriched,
      changed: false,
      checksum,
      seed,
      durationMs: Math.round(performance.now() - started),
      sources: parsed.counts,
      badRows: parsed.badRows,
      totals: await totals(db),
      withdrawn: 0,
      searchIndex: 'skipped',
    };
  }

  const drafts: ProductDraft[] = [...medicineDrafts, ...generateFood(seed), ...generateEquipment(seed)];
  for (const d of drafts) applyRestrictions(seed, d);
  // One spelling per brand across the sources (sources.ts canonicalBrands).
  const brandSpelling = canonicalBrands(drafts.flatMap((d) => (d.brand ? [d.brand] : [])));
  for (const d of drafts) if (d.brand) d.brand = brandSpelling.get(d.brand) ?? d.brand;

  const report = await db.transaction(async (tx) => {
    // Serialise concurrent imports (several api processes starting on an empty database).
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
    // Reference data.
    await tx
      .insert(vetGroups)
      .values([...VET_GROUPS])
      .onConflictDoUpdate({ target: vetGroups.code, set: excludedSet(vetGroups, ['id', 'code']) });
    const groupIds = new Map((await tx.select().from(vetGroups)).map((g) => [g.code, g.id]));
    await tx
      .insert(priceLists)
      .values(PRICE_LISTS.map((l) => ({ code: l.code, name: l.name })))
      .onConflictDoUpdate({ target: priceLists.code, set: excludedSet(priceLists, ['id', 'code']) });
    const listIds = new Map((await tx.select().from(priceLists)).map((l) => [l.code, l.id]));
    const brandNames = [...new Set(drafts.map((d) => d.brand).filter((b): b is string => !!b))].sort();
    await inBatches(brandNames, BATCH, (b) =>
      tx
        .insert(brands)
        .values(b.map((name) => ({ name })))
        .onConflictDoNothing(),
    );
    const brandIds = new Map((await tx.select().from(brands)).map((b) => [b.name, b.id]));

    // Categories (parents first).
    const defs = categoryDefs();
    const catIds = new Map<string, number>();
    for (const d of defs) {
      const parentId = d.parent ? (catIds.get(d.parent) ?? null) : null;
      const level = d.code.split('/').length - 1;
      const [row] = await tx
        .insert(categories)
        .values({ code: d.code, parentId, level, sequence: d.sequence, family: d.family, generated: true })
        .onConflictDoUpdate({ target: categories.code, set: excludedSet(categories, ['id', 'code']) })
        .returning({ id: categories.id });
      if (!row) throw new Error(`category ${d.code} not written`);
      catIds.set(d.code, row.id);
    }
    const catTr = defs.flatMap((d) =>
      LOCALES.map((locale) => ({
        categoryId: catIds.get(d.code) ?? 0,
        locale,
        name: d.names[locale],
        seoTitle: d.names[locale],
        metaDescription: metaDescription(null, { title: d.names[locale] }),
        metaKeywords: d.keywords?.[locale] || null,
        urlKey: categoryUrlKey(defs, d.code, locale),
      })),
    );
    await tx
      .insert(categoryTranslations)
      .values(catTr)
      .onConflictDoUpdate({
        target: [categoryTranslations.categoryId, categoryTranslations.locale],
        set: {
          ...excludedSet(categoryTranslations, ['categoryId', 'locale', 'redirectUrlKeys']),
          // A changed url key stays reachable as a redirect url key (docs/product/README.md).
          redirectUrlKeys: sql`CASE WHEN ${categoryTranslations.urlKey} = excluded.url_key
            THEN ${categoryTranslations.redirectUrlKeys}
            ELSE array_append(array_remove(${categoryTranslations.redirectUrlKeys}, excluded.url_key), ${categoryTranslations.urlKey}) END`,
        },
      });

    // Products (upsert by code, ids kept).
    const codes = drafts.map((d) => d.code);
    const productIds = new Map<string, number>();
    await inBatches(drafts, BATCH, async (batch) => {
      const rows = await tx
        .insert(products)
        .values(
          batch.map((d) => ({
            code: d.code,
            family: d.family,
            modelName: d.modelName,
            brandId: d.brand ? (brandIds.get(d.brand) ?? null) : null,
            manufacturer: d.manufacturer,
            sourceLocale: d.sourceLocale,
            sources: d.sources,
            sourceRefs: d.sourceRefs,
            generated: d.generated,
            ammCode: d.ammCode,
            atcvet: d.atcvet,
            legalCategory: d.legalCategory,
            therapeuticGroup: d.therapeuticGroup,
            activePrinciples: d.activePrinciples,
            species: d.species,
            administrationRoutes: d.administrationRoutes,
            presentation: d.presentation,
            animalSizes: d.animalSizes,
            ages: d.ages,
            foodRanges: d.foodRanges,
            indications: d.indications,
            colours: d.colours,
            clothingSizes: d.clothingSizes,
            vetGroupIds: d.vetGroupCodes.map((c) => groupIds.get(c) ?? 0).filter((n) => n > 0),
            flags: d.flags,
            amcraClass: null,
            storageTemperature: d.storageTemperature,
            packagings: d.packagings ?? [],
            leafletUrl: d.leafletUrl,
            infoUrl: d.infoUrl,
            notSoldOnWebsite: d.notSoldOnWebsite,
          })),
        )
        .onConflictDoUpdate({
          target: products.code,
          set: excludedSet(products, ['id', 'code', 'createdAt']),
        })
        .returning({ id: products.id, code: products.code });
      for (const r of rows) productIds.set(r.code, r.id);
    });
    const ids = [...productIds.values()];
    const withdrawnRows = await tx
      .update(products)
      .set({ notSoldOnWebsite: true, flags: sql`${products.flags} || '{"withdrawn": true}'::jsonb` })
      .where(notInArray(products.code, codes))
      .returning({ id: products.id });
    // A brand no product carries any more (an earlier import's spelling, sources.ts
    // canonicalBrands) leaves the staff's brand pickers, unless a coupon names it.
    await tx.execute(sql`
      DELETE FROM brands b
      WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.brand_id = b.id)
        AND NOT EXISTS (SELECT 1 FROM coupons c WHERE b.id = ANY (c.brand_ids))`);

    // Translations: url keys unique per locale (sorted by code, suffix -2, -3...).
    const used: Record<Locale, Set<string>> = { fr: new Set(), nl: new Set(), en: new Set() };
    for (const t of catTr) used[t.locale].add(t.urlKey);
    const others = await tx
      .select({ locale: productTranslations.locale, urlKey: productTranslations.urlKey })
      .from(productTranslations)
      .where(notInArray(productTranslations.productId, ids.length ? ids : [0]));
    for (const o of others) used[o.locale].add(o.urlKey);
    // A url key that changes (e.g. a renamed medicine) stays reachable: the previous key becomes a
    // redirect url key of the product (docs/product/catalogue-and-search.md#search-engine-text "redirect url keys"), so old links and search-engine
    // entries get a permanent redirect instead of a 404.
    const previous = new Map<string, string[]>();
    await inBatches(ids, 5000, async (b) => {
      const rows = await tx
        .select({
          productId: productTranslations.productId,
          locale: productTranslations.locale,
          urlKey: productTranslations.urlKey,
          redirectUrlKeys: productTranslations.redirectUrlKeys,
        })
        .from(productTranslations)
        .where(inArray(productTranslations.productId, b));
      for (const r of rows) previous.set(`${r.productId}:${r.locale}`, [...r.redirectUrlKeys, r.urlKey]);
    });
    const trRows: (typeof productTranslations.$inferInsert)[] = [];
    for (const d of [...drafts].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))) {
      const productId = productIds.get(d.code) ?? 0;
      for (const locale of LOCALES) {
        const base = toUrlKey(d.names[locale]) || toUrlKey(d.code);
        let key = base;
        for (let n = 2; used[locale].has(key); n++) key = `${base}-${n}`;
        used[locale].add(key);
        trRows.push({
          productId,
          locale,
          name: d.names[locale],
          urlKey: key,
          redirectUrlKeys: [...new Set(previous.get(`${productId}:${locale}`) ?? [])].filter(
            (k) => k !== key,
          ),
          description: d.descriptions[locale],
          shortDescription: d.shortDescriptions[locale],
          metaKeywords:
            [...d.activePrinciples, ...d.species.map((s) => SPECIES_LABELS[s]?.[locale] ?? s)].join(', ') ||
            null,
          searchWords: d.searchWords?.[locale] ?? null,
          metaDescription: metaDescription(null, {
            title: d.names[locale],
            shortDescription: d.shortDescriptions[locale],
            description: d.descriptions[locale],
          }),
        });
      }
    }
    await inBatches(ids, 5000, (b) =>
      tx.delete(productTranslations).where(inArray(productTranslations.productId, b)),
    );
    await inBatches(trRows, BATCH, (b) => tx.insert(productTranslations).values(b));

    // Product ↔ categories.
    const pcRows = drafts.flatMap((d) =>
      [...new Set(d.categoryCodes)].map((c) => ({
        productId: productIds.get(d.code) ?? 0,
        categoryId: catIds.get(c) ?? 0,
      })),
    );
    if (pcRows.some((r) => r.categoryId === 0)) throw new Error('a product points to an unknown category');
    await inBatches(ids, 5000, (b) =>
      tx.delete(productCategories).where(inArray(productCategories.productId, b)),
    );
    await inBatches(pcRows, BATCH, (b) => tx.insert(productCategories).values(b));

    // Variants (upsert by sku): CNK for all, EAN for generated, stock state.
    const allVariants = drafts.flatMap((d) => d.variants.map((v) => ({ d, v })));
    const cnk = assignCnk(
      seed,
      allVariants.map((x) => x.v.sku),
    );
    const usedEans = new Set(allVariants.map((x) => x.v.barcode).filter((b): b is string => !!b));
    const variantRows = allVariants.map(({ d, v }) => ({
      productId: productIds.get(d.code) ?? 0,
      sku: v.sku,
      name: v.name,
      // A generated label per language; a real presentation translated phrase by phrase, or none.
      names:
        v.attributes.presentation === undefined
          ? variantNames(v.name)
          : presentationNames(v.name, d.administrationRoutes),
      barcode: v.barcode !== undefined ? v.barcode : generatedEan(seed, v.sku, usedEans),
      cnkCode: cnk.get(v.sku) ?? null,
      sequence: v.sequence,
      isMain: v.isMain,
      stockState: stockStateFor(seed, v.sku),
      taxRateBp: v.taxRateBp,
      unitsPerPack: v.unitsPerPack,
      madeToOrder: v.madeToOrder,
      attributes: v.attributes,
    }));
    const variantIds = new Map<string, number>();
    await inBatches(variantRows, BATCH, async (b) => {
      const rows = await tx
        .insert(productVariants)
        .values(b)
        .onConflictDoUpdate({ target: productVariants.sku, set: excludedSet(productVariants, ['id', 'sku']) })
        .returning({ id: productVariants.id, sku: productVariants.sku });
      for (const r of rows) variantIds.set(r.sku, r.id);
    });

    // Pricing rows: replaced for the imported variants.
    const vIds = [...variantIds.values()];
    // A variant with a stock level shows the state of its level, not the file's (docs/decisions/stock-moves.md).
    await syncStockStates(tx, vIds);
    for (const table of [priceTiers, discounts, supplierTerms, specials] as const) {
      await inBatches(vIds, 5000, (b) => tx.delete(table).where(inArray(table.variantId, b)));
    }
    const tierRows: (typeof priceTiers.$inferInsert)[] = [];
    const discRows: (typeof discounts.$inferInsert)[] = [];
    const termRows: (typeof supplierTerms.$inferInsert)[] = [];
    const specialRows: (typeof specials.$inferInsert)[] = [];
    const windows = windowsOn(today);
    for (const { d, v } of allVariants) {
      const variantId = variantIds.get(v.sku) ?? 0;
      const pd: PriceDraft = pricesFor(seed, v.sku, v.basePriceCents, d.family, windows);
      for (const t of pd.tiers)
        tierRows.push({
          variantId,
          priceListId: listIds.get(t.list) ?? 0,
          priceCents: t.priceCents,
          minQuantity: t.minQuantity,
          dateStart: t.dateStart,
          dateEnd: t.dateEnd,
        });
      for (const x of pd.discounts)
        discRows.push({
          variantId,
          priceListId: listIds.get(x.list) ?? 0,
          discountBp: x.discountBp,
          minQuantity: x.minQuantity,
          exclusive: x.exclusive,
          dateStart: x.dateStart,
          dateEnd: x.dateEnd,
        });
      for (const t of pd.terms) termRows.push({ variantId, ...t });
      for (const s of pd.specials) specialRows.push({ variantId, ...s });
    }
    await inBatches(tierRows, BATCH, (b) => tx.insert(priceTiers).values(b));
    await inBatches(discRows, BATCH, (b) => tx.insert(discounts).values(b));
    await inBatches(termRows, BATCH, (b) => tx.insert(supplierTerms).values(b));
    await inBatches(specialRows, BATCH, (b) => tx.insert(specials).values(b));

    // The substances' filter keys and labels (docs/decisions/substance-facet.md), read by the
    // product summaries' facet terms just below.
    const substances = substanceVocabulary(drafts, LOCALES, loadVocabulary().substanceNames);
    await tx.delete(substanceTerms);
    await tx.delete(substanceLabels);
    await inBatches(substances.terms, BATCH, (b) => tx.insert(substanceTerms).values(b));
    await inBatches(substances.labels, BATCH, (b) => tx.insert(substanceLabels).values(b));

    await refreshVariantPricesIn(tx, today);

    const result: ImportReport = {
      coverage,
      unmapped: parsed.unmapped,
      enriched,
      changed: true,
      checksum,
      seed,
      durationMs: 0,
      sources: parsed.counts,
      badRows: parsed.badRows,
      totals: await totals(tx),
      withdrawn: withdrawnRows.length,
      searchIndex: 'rebuilt', // after the commit, below
    };
    await tx.insert(importRuns).values({
      checksum,
      report: { ...result, badRows: result.badRows.slice(0, 1000) } as unknown as Record<string, unknown>,
    });
    return result;
  });

  await rebuildSearchIndex(db);
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

/** True when variant_prices were computed before `today` (or are missing). */
async function pricesStale(db: Db, today: string): Promise<boolean> {
  return (
    (await count(db, variantPrices, sql`${variantPrices.computedOn} < ${today}`)) > 0 ||
    (await count(db, variantPrices)) === 0
  );
}

/**
 * Recomputes variant_prices (and the product summaries) when they date from an earlier business
 * day: validity windows and "discount ending this month" move with the date. Cheap when fresh
 * (two counts). Returns true when it refreshed. Used by the api every hour.
 */
export async function refreshPricesIfStale(db: Db, today: string = businessDate()): Promise<boolean> {
  if (!(await pricesStale(db, today))) return false;
  await refreshVariantPrices(db, today);
  return true;
}

/**
 * Used by the api at start: imports the catalogue when the database has none or when the inputs
 * (source files, seed, import code version) changed since the last import, otherwise refreshes
 * stale prices. Idempotent. Returns what was done. Errors: as importCatalogue.
 */
export async function ensureCatalogue(
  db: Db,
  opts: ImportOptions = {},
): Promise<{ action: 'imported' | 'prices_refreshed' | 'none'; report?: ImportReport }> {
  const today = opts.today ?? businessDate();
  const stale = await pricesStale(db, today);
  // With unchanged inputs importCatalogue skips the import and only refreshes stale prices.
  const report = await importCatalogue(db, { ...opts, today });
  if (report.changed) return { action: 'imported', report };
  return { action: stale ? 'prices_refreshed' : 'none' };
}

/** Re-exported for the api (docs/product/constants.md#pricing: prices are recomputed when the business day changes). */
export { refreshVariantPrices };
