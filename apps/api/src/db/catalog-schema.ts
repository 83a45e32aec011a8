/**
 * Drizzle schema of the catalogue (docs/product/catalogue-and-search.md#product, docs/product/catalogue-and-search.md#search-index).
 *
 * Shape in one line: a `products` row is a model (what the search collapses on, one url key per
 * locale); its `product_variants` are what is sold (sku, EAN, CNK, stock state) and what the API
 * calls `product_id` in carts and orders. Money is stored in integer cents (EUR excl. VAT),
 * percentages in basis points (1250 = 12.50 %), dates as SQL `date` (validity windows inclusive,
 * open-ended when NULL, docs/product/prices.md#price-validity).
 *
 * The same schema runs on PGlite (embedded default) and on a PostgreSQL 15 server. The other
 * `*-schema.ts` files import the catalogue tables from here; `schema.ts` is the barrel of them all.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL `tsvector`, written by SQL (`setweight(to_tsvector(...))`), never by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Product families: drives tax, category roots and the dashboard filters (docs/product/constants.md). */
export type Family = 'meds' | 'food' | 'equipment';
/** Stock states of docs/product/catalogue-and-search.md#stock-states; only in_stock and in_limited_stock count as in stock. */
export type StockState =
  'in_stock' | 'in_limited_stock' | 'resupplying' | 'out_of_stock' | 'supplier_out_of_stock';
/** Supported interface locales (docs/product/README.md). */
export type Locale = 'fr' | 'nl' | 'en';

/** Veterinary groups (docs/product/catalogue-and-search.md#product veterinary groups; docs/product/catalogue-and-search.md#veterinary-groups). */
export const vetGroups = pgTable('vet_groups', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** Name in French, shown where `names` has no entry for the reader's language. */
  name: text('name').notNull(),
  /** Name per language, {"fr": …, "nl": …, "en": …} (0038_vet_group_names.sql); NULL: `name` everywhere. */
  names: jsonb('names').$type<Partial<Record<Locale, string>>>(),
  color: text('color').notNull(),
  sequence: integer('sequence').notNull().default(0),
  /** Discount (bp) on the products restricted to the group, for its members (docs/decisions/price-terms.md). */
  discountBp: integer('discount_bp').notNull().default(0),
});

/** Brands (docs/product/catalogue-and-search.md#product brand: id, name, image url). */
export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  imageUrl: text('image_url'),
});

/** Category tree; `code` is the stable import key ("meds", "meds/antimicrobial", "meds/species/dog"...). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    parentId: integer('parent_id'),
    level: integer('level').notNull().default(0),
    sequence: integer('sequence').notNull().default(0),
    family: text('family').$type<Family>().notNull(),
    generated: boolean('generated').notNull().default(true),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

/** Per-locale text of a category; url keys are unique per locale across products and categories. */
export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<Locale>().notNull(),
    name: text('name').notNull(),
    subtitle: text('subtitle'),
    shortDescription: text('short_description'),
    description: text('description'),
    seoTitle: text('seo_title'),
    metaDescription: text('meta_description'),
    metaKeywords: text('meta_keywords'),
    urlKey: text('url_key').notNull(),
    redirectUrlKeys: text('redirect_url_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.locale] }),
    uniqueIndex('category_translations_url_key_idx').on(t.locale, t.urlKey),
  ],
);

/**
 * A product model. Descriptive attributes that are facets (docs/product/catalogue-and-search.md#search-filters) are arrays of
 * codes or source-language values so that one GIN index serves each facet.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** Stable import key, e.g. "vmd:ultrapen-la-30-...", "anmv:453", "gen:food:12". */
    code: text('code').notNull().unique(),
    family: text('family').$type<Family>().notNull(),
    modelName: text('model_name').notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    manufacturer: text('manufacturer'),
    /** Language the source text (name, description) is written in. */
    sourceLocale: text('source_locale').$type<Locale>().notNull(),
    /** Where the record comes from: uk_vmd, anmv, ema, generated (several when merged). */
    sources: text('sources').array().notNull(),
    /** Raw source references (ids, MA numbers, urls) for traceability. */
    sourceRefs: jsonb('source_refs').$type<Record<string, unknown>>().notNull().default({}),
    /** True when the whole record is derived (generated food / equipment). */
    generated: boolean('generated').notNull().default(false),
    ammCode: text('amm_code'),
    atcvet: text('atcvet'),
    legalCategory: text('legal_category'),
    therapeuticGroup: text('therapeutic_group'),
    activePrinciples: text('active_principles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Species codes (dog, cat, cattle, ...); labels live in the web message files. */
    species: text('species')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Administration route codes (oral, intramuscular, ...). */
    administrationRoutes: text('administration_routes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Pharmaceutical form or presentation in the source language. */
    presentation: text('presentation'),
    animalSizes: text('animal_sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ages: text('ages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    foodRanges: text('food_ranges')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    indications: text('indications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colours: text('colours')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    clothingSizes: text('clothing_sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Veterinary groups the product is restricted to; empty = visible to everybody. */
    vetGroupIds: integer('vet_group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** docs/product/catalogue-and-search.md#flags flags, as a JSON object of booleans: veterinary_only, pharmaceutical, ... */
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
    amcraClass: text('amcra_class'),
    storageTemperature: text('storage_temperature'),
    leafletUrl: text('leaflet_url'),
    infoUrl: text('info_url'),
    notSoldOnWebsite: boolean('not_sold_on_website').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Regulatory data (0026, docs/decisions/regulated-products.md); null / empty when unknown.
    /** Customer functions the product is sold to; empty = every function. */
    allowedPartnerTypes: text('allowed_partner_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ctiCode: text('cti_code'),
    packagings: text('packagings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    unitsPerShrinkWrap: integer('units_per_shrink_wrap'),
    firstBatchBestBefore: date('first_batch_best_before'),
  },
  (t) => [
    index('products_species_idx').using('gin', t.species),
    index('products_routes_idx').using('gin', t.administrationRoutes),
    index('products_principles_idx').using('gin', t.activePrinciples),
    index('products_family_idx').on(t.family),
    // A veterinary group's products (0043, the vet efficiency page).
    index('products_vet_groups_idx').using('gin', t.vetGroupIds),
    // Visibility and family of ordered products by index alone (0020, dashboard statistics).
    index('products_visibility_idx').on(t.id, t.notSoldOnWebsite, t.family, t.vetGroupIds),
    index('products_brand_idx').on(t.brandId),
    // AMM number with or without its date suffix (0025, code search).
    index('products_amm_number_idx').on(sql`upper(split_part(${t.ammCode}, ' ', 1))`),
    index('products_amm_compact_idx').on(sql`upper(regexp_replace(${t.ammCode}, '\\s+', '', 'g'))`),
  ],
);

/** Per-locale text of a product (docs/product/catalogue-and-search.md#product identity and search-engine text). */
export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<Locale>().notNull(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    urlKey: text('url_key').notNull(),
    redirectUrlKeys: text('redirect_url_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description'),
    shortDescription: text('short_description'),
    seoTitle: text('seo_title'),
    metaKeywords: text('meta_keywords'),
    metaDescription: text('meta_description'),
    /**
     * Words the product is searched by that its texts do not say (docs/decisions/search-ranking.md,
     * "Fleas are not worms"): indexed with label D, never shown.
     */
    searchWords: text('search_words'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    uniqueIndex('product_translations_url_key_idx').on(t.locale, t.urlKey),
  ],
);

/** Product ↔ category (a product sits in several categories: therapeutic group and species). */
export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_cat_idx').on(t.categoryId),
  ],
);

/** What is sold. Its id is the requirements' `product_id` in carts, orders and wishlists. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    /** Variant label (presentation / pack size, or generated size). */
    name: text('name').notNull(),
    /**
     * The label per language when it differs by language (a generated pack or equipment variant,
     * catalog-import/variant-names.ts); null: `name` in every language. Read through the catalog
     * module's `variantNameIn`.
     */
    names: jsonb('names').$type<Record<Locale, string>>(),
    /** EAN / GTIN. */
    barcode: text('barcode'),
    /** Belgian pharmacy code (7 digits), generated. */
    cnkCode: text('cnk_code'),
    sequence: integer('sequence').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
    stockState: text('stock_state').$type<StockState>().notNull(),
    /** VAT rate in basis points (600 = 6 %, 2100 = 21 %). */
    taxRateBp: integer('tax_rate_bp').notNull(),
    unitsPerPack: integer('units_per_pack'),
    madeToOrder: boolean('made_to_order').notNull().default(false),
    /** Variant axis value (e.g. {"size": "12 kg"}) for the variant selector. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId),
    index('product_variants_barcode_idx').on(t.barcode),
    index('product_variants_cnk_idx').on(t.cnkCode),
  ],
);

/** Price lists per role (docs/product/accounts.md#roles-and-permissions: the role selects the price list). */
export const priceLists = pgTable('price_lists', {
  id: serial('id').primaryKey(),
  /** default, veterinary, nurse, student, pharmacist, supplier, wholesaler */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** Gross price tiers (docs/product/prices.md#pricing: price, minQuantity, dates). */
export const priceTiers = pgTable(
  'price_tiers',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    minQuantity: integer('min_quantity').notNull().default(0),
    dateStart: date('date_start'),
    dateEnd: date('date_end'),
  },
  (t) => [index('price_tiers_variant_idx').on(t.variantId, t.priceListId)],
);

/** Discounts (docs/product/prices.md#pricing: discount, minQuantity, exclusive, dates). */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    discountBp: integer('discount_bp').notNull(),
    minQuantity: integer('min_quantity').notNull().default(0),
    exclusive: boolean('exclusive').notNull().default(false),
    dateStart: date('date_start'),
    dateEnd: date('date_end'),
  },
  (t) => [index('discounts_variant_idx').on(t.variantId, t.priceListId)],
);

/**
 * Supplier terms (docs/product/catalogue-and-search.md#product supplier terms): kind is supplier_discount,
 * supplier_discount_veterinary, supplier_promotion or supplier_promotion_veterinary.
 * Discounts carry discount_bp (the requirements' discount_sale); promotions carry main/promo quantities.
 */
export const supplierTerms = pgTable(
  'supplier_terms',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    discountBp: integer('discount_bp'),
    mainQuantity: integer('main_quantity'),
    promoQuantity: integer('promo_quantity'),
    timeFrame: text('time_frame'),
    dateStart: date('date_start'),
    dateEnd: date('date_end'),
  },
  (t) => [index('supplier_terms_variant_idx').on(t.variantId)],
);

/** Specials (docs/product/catalogue-and-search.md#product specials: date_start, date_end, sequence). */
export const specials = pgTable(
  'specials',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    dateStart: date('date_start'),
    dateEnd: date('date_end'),
  },
  (t) => [index('specials_variant_idx').on(t.variantId)],
);

/**
 * Net and gross price per variant and price list, as of `computedOn` (recomputed at import and
 * at start when the day changed), so that sorts and the discount facets are index lookups.
 */
export const variantPrices = pgTable(
  'variant_prices',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    grossCents: integer('gross_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    /** Indicated (public) price, in cents. */
    indicatedCents: integer('indicated_cents'),
    hasDiscount: boolean('has_discount').notNull().default(false),
    /** End of the active discount or promotion (for "discount ending this month"). */
    discountEnd: date('discount_end'),
    computedOn: date('computed_on').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.priceListId] }),
    index('variant_prices_list_net_idx').on(t.priceListId, t.netCents),
  ],
);

/**
 * One search row per product model and locale (docs/decisions/search-performance.md).
 * `document` carries weighted labels A (sku, codes) B (active principle) C (name) D (CNK, species);
 * `descriptionVector` is ranked apart and lower. `nameNorm` is unaccented lower-case name for
 * prefix and trigram matching (autocomplete, "did you mean").
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<Locale>().notNull(),
    document: tsvector('document').notNull(),
    descriptionVector: tsvector('description_vector').notNull(),
    nameNorm: text('name_norm').notNull(),
    principlesNorm: text('principles_norm').notNull().default(''),
    descriptionNorm: text('description_norm').notNull().default(''),
    /**
     * The product's own search words in the locale (`product_translations.search_words`), its
     * species labels (search-index.ts `SPECIES_LABELS`) and the names and search words of its
     * categories, folded, words split at every character that is not
     * a letter or a digit: read by the autocomplete's last tier (docs/decisions/autocomplete-index.md,
     * "What a medicine is for, in the suggestions").
     */
    wordsNorm: text('words_norm').notNull().default(''),
    /**
     * Denormalised from the product and its summary (docs/decisions/search-performance.md),
     * written by rebuildSearchIndex: the search filters, counts facets and checks visibility on the
     * row its text index returns, without joining products and product_summaries per match.
     */
    facetTerms: text('facet_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inStock: boolean('in_stock').notNull().default(false),
    notSoldOnWebsite: boolean('not_sold_on_website').notNull().default(true),
    vetGroupIds: integer('vet_group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /**
     * Practices that ordered the product in the last 365 days (docs/decisions/search-ranking.md,
     * "Equally relevant products"): orders the products a text matches equally well, most bought
     * first. Written by rebuildSearchIndex and refreshSearchPopularity (each new business day).
     */
    popularity: integer('popularity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    index('search_documents_document_idx').using('gin', t.document),
    index('search_documents_description_idx').using('gin', t.descriptionVector),
    // Category browse: `facet_terms && ARRAY['category:…']` (migration 0033).
    index('search_documents_facet_terms_idx').using('gin', t.facetTerms),
  ],
);

/**
 * The text match's narrow rows (docs/decisions/search-performance.md, "A text matched on narrow
 * rows"): per search row, only what a search's text statement reads (its two vectors for the match
 * and the rank, its visibility), so that a broad word's bitmap heap visit reads about twice as many
 * rows per page. A mirror of {@link searchDocuments}, written by that table's triggers in the
 * changing statement (migration 0041_search_texts.sql), never by the api's code; its per-locale
 * partial GIN indexes are created there too.
 */
export const searchTexts = pgTable(
  'search_texts',
  {
    productId: integer('product_id').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    document: tsvector('document').notNull(),
    descriptionVector: tsvector('description_vector').notNull(),
    notSoldOnWebsite: boolean('not_sold_on_website').notNull(),
    vetGroupIds: integer('vet_group_ids').array().notNull(),
  },
  (t) => [primaryKey({ name: 'search_texts_pk', columns: [t.productId, t.locale] })],
);

/** Vocabulary of search words per locale for "did you mean" (trigram index added in SQL). */
export const searchWords = pgTable(
  'search_words',
  {
    locale: text('locale').$type<Locale>().notNull(),
    word: text('word').notNull(),
    frequency: integer('frequency').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.locale, t.word] })],
);

/**
 * Per-product search summary (docs/decisions/search-performance.md): what the search filters
 * and facets need from the variants, precomputed so that a search never aggregates variants.
 * Rebuilt set-based with variant_prices (modules/catalog-import/prices.ts refreshProductSummariesIn) and with the
 * search index. `inStock`: a variant is in_stock or in_limited_stock; `categoryIds`: the product's
 * direct categories (a category filter expands to its subtree at query time).
 */
export const productSummaries = pgTable('product_summaries', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  inStock: boolean('in_stock').notNull().default(false),
  categoryIds: integer('category_ids')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  /**
   * Distinct "facet:value" terms of the product's term facets (species:dog, brand:Zoetis,
   * category:12, vet_group:<code>, ...), so that all term facets are counted in one pass.
   */
  facetTerms: text('facet_terms')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/**
 * Per-product, per-price-list price summary over the variants' stored prices (variant_prices):
 * cheapest indicated price (indicated, else gross) and cheapest net price in cents, whether a
 * variant is discounted and the earliest end of an active discount (for "discount ending this
 * month", compared with the business month at query time). Only products with a priced variant
 * in the list have a row.
 */
export const productListPrices = pgTable(
  'product_list_prices',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    hasDiscount: boolean('has_discount').notNull().default(false),
    /** Earliest discount_end of the discounted variants (null: none or open-ended). */
    discountEnd: date('discount_end'),
    minPriceCents: integer('min_price_cents'),
    minNetCents: integer('min_net_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId] }),
    index('product_list_prices_net_idx').on(t.priceListId, t.minNetCents),
    index('product_list_prices_price_idx').on(t.priceListId, t.minPriceCents),
    // Also `product_list_prices_cover_idx` (price_list_id, product_id) INCLUDE (the four other
    // columns), written in migration 0040 only (drizzle's index builder has no INCLUDE): the
    // search reads a list's rows from it alone.
  ],
);

/** Import runs, for the idempotency report (counts per run, checksum of the source files). */
export const importRuns = pgTable('import_runs', {
  id: serial('id').primaryKey(),
  checksum: text('checksum').notNull(),
  report: jsonb('report').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The substance key of each source wording of an active substance (docs/decisions/substance-facet.md;
 * drizzle/0044_substance_vocabulary.sql): the `active_principle` facet counts keys, so that one
 * substance written in French, in English or as one of its salts is one filter value. Filled by the
 * catalogue import; a wording without a row is its own key.
 */
export const substanceTerms = pgTable('substance_terms', {
  wording: text('wording').primaryKey(),
  key: text('key').notNull(),
});

/** The label of a substance key per locale (docs/decisions/substance-facet.md); filled by the catalogue import. */
export const substanceLabels = pgTable(
  'substance_labels',
  {
    key: text('key').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.locale] })],
);
