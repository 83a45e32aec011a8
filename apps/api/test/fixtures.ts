/**
 * A small deterministic catalogue inserted directly in the tables (no import needed), then indexed
 * with rebuildSearchIndex. Dates are relative to today's business date so that the "discount
 * ending this month" facet stays meaningful whatever day the tests run.
 */
import { businessDate } from '@vetshop/domain';
import type { Db } from '../src/db/client.ts';
import type { ImportReport } from '../src/modules/catalog-import/index.ts';
import type { CatalogImportOptions } from '../src/modules/staff/import.ts';
import {
  brands,
  categories,
  categoryTranslations,
  discounts,
  priceLists,
  priceTiers,
  productCategories,
  productTranslations,
  products,
  productVariants,
  supplierTerms,
  variantPrices,
  vetGroups,
  type Family,
  type StockState,
} from '../src/db/schema.ts';
import { rebuildSearchIndex } from '../src/modules/catalog/search-index.ts';
import { monthWindow } from '../src/modules/catalog/search.ts';

type Tr = { name: string; url: string; description?: string; short?: string; redirects?: string[] };
interface VariantSpec {
  sku: string;
  name: string;
  ean?: string;
  cnk?: string;
  stock: StockState;
  gross: number;
  net: number;
  indicated?: number;
  discountEnd?: string;
}
interface ProductSpec {
  key: string;
  family: Family;
  brand?: string;
  manufacturer?: string;
  principles?: string[];
  species?: string[];
  routes?: string[];
  presentation?: string;
  foodRanges?: string[];
  animalSizes?: string[];
  ages?: string[];
  indications?: string[];
  colours?: string[];
  sizes?: string[];
  amm?: string;
  vetGroup?: 'west';
  notSold?: boolean;
  categories: string[];
  fr: Tr;
  nl: Tr;
  en: Tr;
  variants: VariantSpec[];
}

/** Adds `days` to an ISO date. */
function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const { monthEnd } = monthWindow();
const NEXT_MONTH = addDays(monthEnd, 20);

/** The fixture products (keys are used by the tests). */
export const PRODUCTS: ProductSpec[] = [
  {
    key: 'amoxival',
    family: 'meds',
    brand: 'Virbac',
    manufacturer: 'Virbac SA',
    principles: ['amoxicilline'],
    species: ['dog', 'cat'],
    routes: ['oral'],
    presentation: 'comprimé',
    amm: 'FR/V/1234567',
    categories: ['meds/antimicrobial'],
    fr: {
      name: 'Amoxival 500 mg comprimés',
      url: 'amoxival-500-mg-comprimes',
      description: '<p>Antibiotique à large spectre pour chiens et chats.</p>',
      short: 'Antibiotique',
      redirects: ['amoxival-500'],
    },
    nl: {
      name: 'Amoxival 500 mg tabletten',
      url: 'amoxival-500-mg-tabletten',
      description: 'Breedspectrum antibioticum.',
    },
    en: {
      name: 'Amoxival 500 mg tablets',
      url: 'amoxival-500-mg-tablets',
      description: 'Broad-spectrum antibiotic for dogs.',
    },
    variants: [
      {
        sku: 'VB-AMX-10',
        name: 'Boîte de 10',
        ean: '5412345000017',
        cnk: '1234567',
        stock: 'in_stock',
        gross: 1000,
        net: 900,
        indicated: 1500,
        discountEnd: monthEnd,
      },
      {
        sku: 'VB-AMX-100',
        name: 'Boîte de 100',
        ean: '5412345000024',
        cnk: '1234574',
        stock: 'in_stock',
        gross: 8000,
        net: 7200,
        indicated: 12000,
        discountEnd: monthEnd,
      },
    ],
  },
  {
    key: 'clavubactin',
    family: 'meds',
    brand: 'Zoetis',
    manufacturer: 'Zoetis Belgium',
    principles: ['amoxicilline', 'acide clavulanique'],
    species: ['dog'],
    routes: ['oral'],
    presentation: 'comprimé',
    categories: ['meds/antimicrobial'],
    fr: { name: 'Clavubactin 250 mg', url: 'clavubactin-250-mg', description: 'Association antibiotique.' },
    nl: {
      name: 'Clavubactin 250 mg',
      url: 'clavubactin-250-mg-nl',
      description: 'Antibiotische combinatie.',
    },
    en: { name: 'Clavubactin 250 mg', url: 'clavubactin-250-mg-en', description: 'Antibiotic combination.' },
    variants: [
      {
        sku: 'ZO-CLV-50',
        name: '50 tablets',
        ean: '5412345000031',
        cnk: '2345678',
        stock: 'in_limited_stock',
        gross: 2500,
        net: 2500,
        indicated: 3500,
      },
    ],
  },
  {
    key: 'parasitex',
    family: 'meds',
    brand: 'Virbac',
    manufacturer: 'Virbac SA',
    principles: ['praziquantel'],
    species: ['cat'],
    routes: ['oral'],
    presentation: 'pâte orale',
    categories: ['meds'],
    fr: {
      name: 'Médicament vermifuge Parasitex',
      url: 'parasitex',
      description: 'Traitement des vers chez le chat.',
    },
    nl: {
      name: 'Parasitex ontwormingsmiddel',
      url: 'parasitex',
      description: 'Behandeling van wormen bij katten.',
    },
    en: { name: 'Parasitex wormer', url: 'parasitex', description: 'Treatment of worms in cats.' },
    variants: [
      {
        sku: 'VB-PRZ-1',
        name: 'Seringue 1 dose',
        ean: '5412345000048',
        cnk: '3456789',
        stock: 'in_stock',
        gross: 1200,
        net: 1200,
        indicated: 1900,
      },
    ],
  },
  {
    key: 'otoclean',
    family: 'equipment',
    brand: 'Virbac',
    manufacturer: 'Virbac SA',
    principles: ['chlorhexidine'],
    species: ['dog'],
    presentation: 'solution',
    categories: ['equipment'],
    fr: {
      name: 'Otoclean nettoyant auriculaire',
      url: 'otoclean-nettoyant-auriculaire',
      description: "Nettoyant doux. Ne contient pas d'amoxicilline.",
    },
    nl: {
      name: 'Otoclean oorreiniger',
      url: 'otoclean-oorreiniger',
      description: 'Zachte reiniger zonder amoxicilline.',
    },
    en: {
      name: 'Otoclean cleaning solution for ears',
      url: 'otoclean-cleaning-solution',
      description: 'Gentle cleaner without amoxicilline.',
    },
    variants: [
      {
        sku: 'VB-OTO-125',
        name: '125 ml',
        ean: '5412345000055',
        cnk: '4567890',
        stock: 'in_stock',
        gross: 900,
        net: 900,
        indicated: 1400,
      },
    ],
  },
  {
    key: 'hiddenol',
    family: 'meds',
    principles: ['amoxicilline'],
    species: ['dog'],
    notSold: true,
    categories: ['meds/antimicrobial'],
    fr: { name: 'Hiddenol amoxicilline', url: 'hiddenol' },
    nl: { name: 'Hiddenol amoxicilline', url: 'hiddenol' },
    en: { name: 'Hiddenol amoxicilline', url: 'hiddenol' },
    variants: [
      {
        sku: 'HD-001',
        name: 'Box',
        ean: '5412345000062',
        cnk: '5678901',
        stock: 'in_stock',
        gross: 500,
        net: 500,
      },
    ],
  },
  {
    key: 'groupvax',
    family: 'meds',
    principles: ['amoxicilline'],
    species: ['cattle'],
    vetGroup: 'west',
    categories: ['meds/antimicrobial'],
    fr: { name: 'Groupvax bovins', url: 'groupvax' },
    nl: { name: 'Groupvax runderen', url: 'groupvax' },
    en: { name: 'Groupvax cattle', url: 'groupvax' },
    variants: [
      {
        sku: 'GV-001',
        name: '100 ml',
        ean: '5412345000079',
        cnk: '6789012',
        stock: 'in_stock',
        gross: 3000,
        net: 3000,
      },
    ],
  },
  {
    key: 'renal',
    family: 'food',
    brand: 'Royal Canin',
    manufacturer: 'Royal Canin',
    species: ['dog'],
    foodRanges: ['renal'],
    animalSizes: ['large'],
    ages: ['adult'],
    indications: ['kidney disease'],
    categories: ['food'],
    fr: {
      name: 'Royal Canin Renal chien',
      url: 'royal-canin-renal-chien',
      description: 'Aliment diététique rénal.',
    },
    nl: {
      name: 'Royal Canin Renal hond',
      url: 'royal-canin-renal-hond',
      description: 'Dieetvoeding voor de nieren.',
    },
    en: { name: 'Royal Canin Renal dog', url: 'royal-canin-renal-dog', description: 'Renal dietetic food.' },
    variants: [
      {
        sku: 'RC-REN-2',
        name: '2 kg',
        ean: '5412345000086',
        stock: 'out_of_stock',
        gross: 2000,
        net: 1800,
        indicated: 2600,
        discountEnd: NEXT_MONTH,
      },
      {
        sku: 'RC-REN-12',
        name: '12 kg',
        ean: '5412345000093',
        stock: 'out_of_stock',
        gross: 9000,
        net: 8100,
        indicated: 11000,
        discountEnd: NEXT_MONTH,
      },
    ],
  },
  {
    key: 'sterilised',
    family: 'food',
    brand: 'Royal Canin',
    manufacturer: 'Royal Canin',
    species: ['cat'],
    foodRanges: ['sterilised'],
    animalSizes: ['small'],
    ages: ['adult', 'senior'],
    categories: ['food'],
    fr: {
      name: 'Croquettes chat stérilisé',
      url: 'croquettes-chat-sterilise',
      description: 'Pour chats stérilisés.',
    },
    nl: { name: 'Brokken gesteriliseerde kat', url: 'brokken-gesteriliseerde-kat' },
    en: { name: 'Sterilised cat kibble', url: 'sterilised-cat-kibble' },
    variants: [
      {
        sku: 'RC-STE-4',
        name: '4 kg',
        ean: '5412345000109',
        stock: 'in_stock',
        gross: 3500,
        net: 3500,
        indicated: 4200,
      },
    ],
  },
  {
    key: 'syringe',
    family: 'equipment',
    manufacturer: 'BD',
    colours: ['blue'],
    categories: ['equipment'],
    fr: { name: 'Seringue 5 ml', url: 'seringue-5-ml', description: 'Seringue stérile à usage unique.' },
    nl: { name: 'Spuit 5 ml', url: 'spuit-5-ml' },
    en: { name: 'Syringe 5 ml', url: 'syringe-5-ml' },
    variants: [
      {
        sku: 'BD-SYR-5',
        name: 'Boîte de 100',
        ean: '5412345000116',
        stock: 'in_limited_stock',
        gross: 1500,
        net: 1500,
        indicated: 2000,
      },
    ],
  },
  {
    key: 'gloves',
    family: 'equipment',
    manufacturer: 'Medline',
    colours: ['blue', 'white'],
    sizes: ['M', 'L'],
    categories: ['equipment'],
    fr: { name: 'Gants nitrile', url: 'gants-nitrile' },
    nl: { name: 'Nitril handschoenen', url: 'nitril-handschoenen' },
    en: { name: 'Nitrile gloves', url: 'nitrile-gloves' },
    variants: [
      {
        sku: 'ML-GLV-M',
        name: 'M',
        ean: '5412345000123',
        stock: 'resupplying',
        gross: 700,
        net: 700,
        indicated: 900,
      },
      {
        sku: 'ML-GLV-L',
        name: 'L',
        ean: '5412345000130',
        stock: 'resupplying',
        gross: 700,
        net: 700,
        indicated: 900,
      },
    ],
  },
  {
    key: 'metacam',
    family: 'meds',
    brand: 'Boehringer',
    manufacturer: 'Boehringer Ingelheim',
    principles: ['méloxicam'],
    species: ['dog', 'horse'],
    routes: ['oral'],
    presentation: 'suspension buvable',
    categories: ['meds'],
    fr: {
      name: 'Metacam 1,5 mg/ml suspension buvable',
      url: 'metacam-1-5-mg-ml',
      description: 'Anti-inflammatoire non stéroïdien.',
    },
    nl: {
      name: 'Metacam 1,5 mg/ml orale suspensie',
      url: 'metacam-1-5-mg-ml',
      description: 'Niet-steroïde ontstekingsremmer.',
    },
    en: {
      name: 'Metacam 1.5 mg/ml oral suspension',
      url: 'metacam-1-5-mg-ml',
      description: 'Non-steroidal anti-inflammatory.',
    },
    variants: [
      {
        sku: 'BI-MET-100',
        name: '100 ml',
        ean: '5412345000147',
        cnk: '7890123',
        stock: 'in_stock',
        gross: 4000,
        net: 3600,
        indicated: 5000,
        discountEnd: NEXT_MONTH,
      },
    ],
  },
  {
    key: 'bandage',
    family: 'equipment',
    manufacturer: 'Medline',
    colours: ['red'],
    categories: ['equipment'],
    fr: { name: 'Bande cohésive', url: 'bande-cohesive' },
    nl: { name: 'Cohesief verband', url: 'cohesief-verband' },
    en: { name: 'Cohesive bandage', url: 'cohesive-bandage' },
    variants: Array.from({ length: 101 }, (_, i) => ({
      sku: `ML-BND-${String(i + 1).padStart(3, '0')}`,
      name: `Variant ${i + 1}`,
      stock: 'in_stock' as const,
      gross: 300 + i,
      net: 300 + i,
      indicated: 400 + i,
    })),
  },
];

const CATEGORIES: Array<{
  code: string;
  parent?: string;
  family: Family;
  level: number;
  seq: number;
  fr: Tr;
  nl: Tr;
  en: Tr;
}> = [
  {
    code: 'meds',
    family: 'meds',
    level: 0,
    seq: 1,
    fr: { name: 'Médicaments', url: 'medicaments' },
    nl: { name: 'Geneesmiddelen', url: 'geneesmiddelen' },
    en: { name: 'Medicines', url: 'medicines' },
  },
  {
    code: 'meds/antimicrobial',
    parent: 'meds',
    family: 'meds',
    level: 1,
    seq: 1,
    fr: {
      name: 'Antimicrobiens',
      url: 'medicaments/antimicrobiens',
      redirects: ['medicaments/antibiotiques'],
    },
    nl: { name: 'Antimicrobiële middelen', url: 'geneesmiddelen/antimicrobiele-middelen' },
    en: { name: 'Antimicrobials', url: 'medicines/antimicrobials' },
  },
  {
    code: 'food',
    family: 'food',
    level: 0,
    seq: 2,
    fr: { name: 'Alimentation', url: 'alimentation' },
    nl: { name: 'Voeding', url: 'voeding' },
    en: { name: 'Food', url: 'food' },
  },
  {
    code: 'equipment',
    family: 'equipment',
    level: 0,
    seq: 3,
    fr: { name: 'Matériel', url: 'materiel' },
    nl: { name: 'Materiaal', url: 'materiaal' },
    en: { name: 'Equipment', url: 'equipment' },
  },
];

/** Ids of what the fixture inserted, by key. */
export interface Fixture {
  products: Record<string, number>;
  categories: Record<string, number>;
  vetGroups: Record<string, number>;
  priceLists: Record<string, number>;
}

/** Inserts the fixture catalogue into an empty database and builds the search index. */
export async function insertFixture(db: Db): Promise<Fixture> {
  const today = businessDate();
  const lists = await db
    .insert(priceLists)
    .values([
      { code: 'default', name: 'Default' },
      { code: 'veterinary', name: 'Veterinary' },
    ])
    .returning();
  const priceListIds = Object.fromEntries(lists.map((l) => [l.code, l.id]));
  const defaultList = priceListIds.default as number;

  const groups = await db
    .insert(vetGroups)
    .values([
      { code: 'west', name: 'Groupe Ouest', color: '#0055aa', sequence: 2 },
      { code: 'east', name: 'Groupe Est', color: '#aa5500', sequence: 1 },
    ])
    .returning();
  const groupIds = Object.fromEntries(groups.map((g) => [g.code, g.id]));

  const brandRows = await db
    .insert(brands)
    .values([{ name: 'Virbac' }, { name: 'Zoetis' }, { name: 'Royal Canin' }, { name: 'Boehringer' }])
    .returning();
  const brandIds = Object.fromEntries(brandRows.map((b) => [b.name, b.id]));

  const categoryIds: Record<string, number> = {};
  for (const c of CATEGORIES) {
    const [row] = await db
      .insert(categories)
      .values({
        code: c.code,
        parentId: c.parent ? categoryIds[c.parent] : null,
        level: c.level,
        sequence: c.seq,
        family: c.family,
      })
      .returning();
    if (!row) throw new Error('category insert failed');
    categoryIds[c.code] = row.id;
    await db.insert(categoryTranslations).values(
      (['fr', 'nl', 'en'] as const).map((locale) => ({
        categoryId: row.id,
        locale,
        name: c[locale].name,
        urlKey: c[locale].url,
        redirectUrlKeys: c[locale].redirects ?? [],
      })),
    );
  }

  const productIds: Record<string, number> = {};
  for (const p of PRODUCTS) {
    const [row] = await db
      .insert(products)
      .values({
        code: `test:${p.key}`,
        family: p.family,
        modelName: p.en.name,
        brandId: p.brand ? brandIds[p.brand] : null,
        manufacturer: p.manufacturer ?? null,
        sourceLocale: 'fr',
        sources: ['generated'],
        generated: true,
        ammCode: p.amm ?? null,
        activePrinciples: p.principles ?? [],
        species: p.species ?? [],
        administrationRoutes: p.routes ?? [],
        presentation: p.presentation ?? null,
        foodRanges: p.foodRanges ?? [],
        animalSizes: p.animalSizes ?? [],
        ages: p.ages ?? [],
        indications: p.indications ?? [],
        colours: p.colours ?? [],
        clothingSizes: p.sizes ?? [],
        vetGroupIds: p.vetGroup ? [groupIds[p.vetGroup] as number] : [],
        notSoldOnWebsite: p.notSold ?? false,
        leafletUrl: p.family === 'meds' ? `https://example.org/leaflets/${p.key}.pdf` : null,
      })
      .returning();
    if (!row) throw new Error('product insert failed');
    productIds[p.key] = row.id;
    await db.insert(productTranslations).values(
      (['fr', 'nl', 'en'] as const).map((locale) => ({
        productId: row.id,
        locale,
        name: p[locale].name,
        urlKey: p[locale].url,
        redirectUrlKeys: p[locale].redirects ?? [],
        description: p[locale].description ?? null,
        shortDescription: p[locale].short ?? null,
      })),
    );
    await db
      .insert(productCategories)
      .values(p.categories.map((code) => ({ productId: row.id, categoryId: categoryIds[code] as number })));
    const variants = await db
      .insert(productVariants)
      .values(
        p.variants.map((v, i) => ({
          productId: row.id,
          sku: v.sku,
          name: v.name,
          barcode: v.ean ?? null,
          cnkCode: v.cnk ?? null,
          sequence: i,
          isMain: i === 0,
          stockState: v.stock,
          taxRateBp: p.family === 'meds' ? 600 : 2100,
        })),
      )
      .returning();
    const bySku = new Map(variants.map((v) => [v.sku, v.id]));
    await db.insert(variantPrices).values(
      p.variants.map((v) => ({
        variantId: bySku.get(v.sku) as number,
        priceListId: defaultList,
        grossCents: v.gross,
        netCents: v.net,
        indicatedCents: v.indicated ?? null,
        hasDiscount: v.net < v.gross,
        discountEnd: v.net < v.gross ? (v.discountEnd ?? null) : null,
        computedOn: today,
      })),
    );
    await db.insert(priceTiers).values(
      p.variants.flatMap((v) => [
        {
          variantId: bySku.get(v.sku) as number,
          priceListId: defaultList,
          priceCents: v.gross,
          minQuantity: 1,
        },
        {
          variantId: bySku.get(v.sku) as number,
          priceListId: defaultList,
          priceCents: Math.round(v.gross * 0.95),
          minQuantity: 10,
        },
      ]),
    );
    const discounted = p.variants.filter((v) => v.net < v.gross);
    if (discounted.length) {
      await db.insert(discounts).values(
        discounted.map((v) => ({
          variantId: bySku.get(v.sku) as number,
          priceListId: defaultList,
          discountBp: 1000,
          minQuantity: 0,
          dateEnd: v.discountEnd ?? null,
        })),
      );
      await db.insert(discounts).values(
        discounted.map((v) => ({
          variantId: bySku.get(v.sku) as number,
          priceListId: defaultList,
          discountBp: 1500,
          minQuantity: 5,
        })),
      );
      await db.insert(supplierTerms).values(
        discounted.map((v) => ({
          variantId: bySku.get(v.sku) as number,
          kind: 'supplier_promotion',
          mainQuantity: 10,
          promoQuantity: 1,
          dateEnd: v.discountEnd ?? null,
        })),
      );
    }
  }
  await rebuildSearchIndex(db);
  return { products: productIds, categories: categoryIds, vetGroups: groupIds, priceLists: priceListIds };
}

/**
 * Stand-in of the catalogue importer for POST /staff/catalog/import in tests that build the app
 * on the fixture catalogue: it reports an unchanged catalogue (the real importer would replace the
 * fixture). `checksum` names the test in the report.
 */
export function unchangedCatalogImport(checksum: string): CatalogImportOptions {
  return {
    run: async (): Promise<ImportReport> => {
      const none = { read: 0, imported: 0, merged: 0, skipped: 0 };
      return {
        changed: false,
        checksum,
        seed: 1,
        durationMs: 1,
        sources: { uk_vmd: none, anmv: none, ema: none, anmv_presentations: none },
        badRows: [],
        totals: {
          products: 0,
          medicines: 0,
          food: 0,
          equipment: 0,
          generatedProducts: 0,
          mergedProducts: 0,
          variants: 0,
          categories: 0,
          brands: 0,
          vetGroups: 0,
          priceLists: 0,
          priceTiers: 0,
          discounts: 0,
          supplierTerms: 0,
          specials: 0,
          variantPrices: 0,
        },
        withdrawn: 0,
        searchIndex: 'skipped',
      };
    },
  };
}
