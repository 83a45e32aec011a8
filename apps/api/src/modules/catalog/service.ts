/**
 * Catalogue use cases other than search (docs/product/catalogue-and-search.md#product, docs/product/catalogue-and-search.md lookups by
 * id and url_key, GET veterinary_groups). Money is EUR excl. VAT on the wire (integer cents in SQL).
 */
import { sql } from 'drizzle-orm';
import {
  bpToPercent,
  businessDate,
  centsToEur,
  applyPriceTerms,
  isValidOn,
  legalClass,
  LOCALES,
  metaDescription,
  seoTitle,
  type CategoryDetail,
  type CategoryRef,
  type CategoryTreeNode,
  type Family,
  type Locale,
  type ProductDetail,
  type ResolveResult,
  type Sitemap,
  type StockState,
  type VariantDetail,
  tierBreaks,
  volumeDiscounts,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { variantSummaryOf } from './search.ts';
import { executeNamed } from '../../db/statements.ts';
import { presentationOf } from '../catalog-import/index.ts';
import { imagesOfCategory, productImagesJson, toCatalogImage, type MainImageRow } from '../images/index.ts';
import { priceListIdOf, visibleTo, type Viewer, GUEST } from './viewer.ts';
import type { DiscountRow, TierRow } from './price-rows.ts';
import { pricesFrom } from './quantity-prices.ts';
import { localizedNameIn, variantNameIn } from './variant-name.ts';

/** A veterinary group on the wire (docs/product/catalogue-and-search.md#veterinary-groups). */
export type VetGroupDto = {
  id: number;
  code: string;
  name: string;
  color: string;
  sequence: number;
};

/** Veterinary groups sorted by sequence (then name), named in `lang`. */
export async function listVetGroups(db: Db, lang: Locale): Promise<VetGroupDto[]> {
  const name = localizedNameIn(sql`g`, lang);
  const r = await db.execute<VetGroupDto>(
    sql`SELECT id, code, ${name} AS name, color, sequence FROM vet_groups g ORDER BY sequence, ${name} COLLATE "C", id`,
  );
  return r.rows;
}

/** A url key lookup hit: what was found and whether the key was not the canonical one of `lang`. */
export interface KeyHit {
  id: number;
  redirected: boolean;
}

/**
 * Finds a visible product by url key: the canonical key in `lang`, else a redirect key in `lang`,
 * else any key (canonical or redirect) of another locale.
 */
export async function findProductByUrlKey(
  db: Db,
  key: string,
  lang: Locale,
  viewer: Viewer,
): Promise<KeyHit | null> {
  // Candidates first, each from its own index (btree url_key, GIN redirect_url_keys): with the OR and
  // ORDER BY … LIMIT 1 in one query, the planner walked the primary key and filtered every row.
  const r = await executeNamed<{ id: number; rank: number }>(
    db,
    sql`
    WITH c AS MATERIALIZED (
      SELECT product_id, locale, url_key FROM product_translations WHERE url_key = ${key}
      UNION
      SELECT product_id, locale, url_key FROM product_translations WHERE redirect_url_keys @> ARRAY[${key}]::text[]
    )
    SELECT pt.product_id AS id,
           CASE WHEN pt.locale = ${lang} AND pt.url_key = ${key} THEN 0
                WHEN pt.locale = ${lang} THEN 1
                WHEN pt.url_key = ${key} THEN 2 ELSE 3 END AS rank
    FROM c pt JOIN products p ON p.id = pt.product_id
    WHERE ${visibleTo(viewer)}
    ORDER BY rank, pt.product_id LIMIT 1`,
  );
  const row = r.rows[0];
  return row ? { id: row.id, redirected: Number(row.rank) !== 0 } : null;
}

/** Same as findProductByUrlKey for categories (keys are paths like `medicaments/antimicrobiens`). */
export async function findCategoryByUrlKey(db: Db, key: string, lang: Locale): Promise<KeyHit | null> {
  const r = await db.execute<{ id: number; rank: number }>(sql`
    SELECT ct.category_id AS id,
           CASE WHEN ct.locale = ${lang} AND ct.url_key = ${key} THEN 0
                WHEN ct.locale = ${lang} THEN 1
                WHEN ct.url_key = ${key} THEN 2 ELSE 3 END AS rank
    FROM category_translations ct
    WHERE ct.url_key = ${key} OR ct.redirect_url_keys @> ARRAY[${key}]::text[]
    ORDER BY rank, ct.category_id LIMIT 1`);
  const row = r.rows[0];
  return row ? { id: row.id, redirected: Number(row.rank) !== 0 } : null;
}

/** Canonical url key of a product or category in `lang` (falls back to any locale). */
async function canonicalKey(
  db: Db,
  kind: 'product' | 'category',
  id: number,
  lang: Locale,
): Promise<string | null> {
  const r =
    kind === 'product'
      ? await db.execute<{ url_key: string }>(sql`
          SELECT url_key FROM product_translations WHERE product_id = ${id}
          ORDER BY (locale = ${lang}) DESC, locale LIMIT 1`)
      : await db.execute<{ url_key: string }>(sql`
          SELECT url_key FROM category_translations WHERE category_id = ${id}
          ORDER BY (locale = ${lang}) DESC, locale LIMIT 1`);
  return r.rows[0]?.url_key ?? null;
}

/**
 * What `/{lang}/{urlKey}` points to: a product first, then a category; `redirected` when the key
 * is not the canonical key in `lang` (the web then redirects to `url_key`).
 */
export async function resolveUrlKey(
  db: Db,
  key: string,
  lang: Locale,
  viewer: Viewer,
): Promise<ResolveResult | null> {
  const product = await findProductByUrlKey(db, key, lang, viewer);
  if (product) {
    const url = await canonicalKey(db, 'product', product.id, lang);
    if (url)
      return { kind: 'product', id: product.id, url_key: url, redirected: product.redirected || url !== key };
  }
  const category = await findCategoryByUrlKey(db, key, lang);
  if (category) {
    const url = await canonicalKey(db, 'category', category.id, lang);
    if (url)
      return {
        kind: 'category',
        id: category.id,
        url_key: url,
        redirected: category.redirected || url !== key,
      };
  }
  return null;
}

type ProductRow = {
  id: number;
  /** JSON of the product's veterinary groups (text on PGlite). */
  vet_groups: JsonColumn<NonNullable<ProductDetail['vet_groups']>> | null;
  family: Family;
  model_name: string;
  manufacturer: string | null;
  source_locale: string;
  sources: string[];
  generated: boolean;
  amm_code: string | null;
  atcvet: string | null;
  legal_category: string | null;
  therapeutic_group: string | null;
  active_principles: string[];
  species: string[];
  administration_routes: string[];
  presentation: string | null;
  flags: Record<string, boolean>;
  leaflet_url: string | null;
  info_url: string | null;
  brand_id: number | null;
  brand_name: string | null;
  brand_image_url: string | null;
  name: string;
  short_name: string | null;
  url_key: string;
  description: string | null;
  short_description: string | null;
  seo_title: string | null;
  meta_keywords: string | null;
  meta_description: string | null;
  /** Regulatory data of the product page (docs/decisions/regulated-products.md). */
  amcra_class: string | null;
  storage_temperature: string | null;
  cti_code: string | null;
  packagings: string[] | null;
  units_per_shrink_wrap: number | null;
  best_before: string | null;
};

/** A JSON column of a statement: parsed by node-postgres, text on PGlite. */
type JsonColumn<T> = T | string;

/** The value of a JSON column, whichever driver read it. */
function jsonColumn<T>(value: JsonColumn<T>): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The JSON columns of getProduct's statement beside the product row. */
type ProductParts = {
  url_keys: JsonColumn<Record<string, string>>;
  categories: JsonColumn<CategoryRef[]>;
  variants: JsonColumn<VariantRow[]>;
  tiers: JsonColumn<TierRow[]>;
  discounts: JsonColumn<DiscountRow[]>;
  promos: JsonColumn<SupplierTermRow[]>;
  /** Every picture of the product in gallery order (images module `productImagesJson`). */
  images: JsonColumn<MainImageRow[]>;
};

/** A supplier term (promotion) of a variant, as getProduct reads it. */
type SupplierTermRow = {
  variantId: number;
  kind: string;
  discountBp: number | null;
  mainQuantity: number | null;
  promoQuantity: number | null;
  dateStart: string | null;
  dateEnd: string | null;
};

type VariantRow = {
  id: number;
  sku: string;
  name: string;
  barcode: string | null;
  cnk_code: string | null;
  stock_state: StockState;
  is_main: boolean;
  tax_rate_bp: number;
  units_per_pack: number | null;
  made_to_order: boolean;
  attributes: Record<string, string>;
  gross_cents: number | null;
  net_cents: number | null;
  indicated_cents: number | null;
};

/**
 * Product page data in `lang` for `viewer` (null when missing or hidden to the viewer): text and
 * SEO fallbacks, classification, categories by level, medias, pictures, regulatory data
 * (docs/decisions/regulated-products.md), veterinary groups, and per variant the pricing of the
 * viewer's list (gross, net, indicated, tiers, volume discounts valid today, active promotion: a
 * supplier term, else a special offer, docs/decisions/special-offers.md).
 * A signed-in customer's restriction is added by restrictions/catalog.ts `withRestriction`.
 */
export async function getProduct(
  db: Db,
  id: number,
  lang: Locale,
  viewer: Viewer = GUEST,
): Promise<ProductDetail | null> {
  const today = businessDate();
  const pl = priceListIdOf(viewer);
  // One statement: the product row with its regulatory data and, as JSON columns, its url keys,
  // categories, variants with the viewer's prices, tiers, volume discounts, supplier terms and
  // pictures (each statement costs a round trip and a parse and plan:
  // docs/decisions/web-page-performance.md "Signed-in pages", "The product page's pictures and
  // regulatory data in its one statement"). Named:
  // its plan (1.5–1.8 ms to make, 0.7 ms to run; every lookup is by key, so the generic plan is
  // the custom one) is kept per connection (docs/decisions/search-performance.md, "Product page
  // statement").
  const r = await executeNamed<ProductRow & ProductParts>(
    db,
    sql`
    SELECT p.id, p.family, p.model_name, p.manufacturer, p.source_locale, p.sources, p.generated, p.amm_code,
           p.atcvet, p.legal_category, p.therapeutic_group, p.active_principles, p.species,
           p.administration_routes, p.presentation, p.flags, p.leaflet_url, p.info_url,
           b.id AS brand_id, b.name AS brand_name, b.image_url AS brand_image_url,
           pt.name, pt.short_name, pt.url_key, pt.description, pt.short_description, pt.seo_title,
           pt.meta_keywords, pt.meta_description,
           p.amcra_class, p.storage_temperature, p.cti_code, p.packagings, p.units_per_shrink_wrap,
           p.first_batch_best_before::text AS best_before, ${productImagesJson(sql`p.id`)} AS images,
           (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${localizedNameIn(sql`g`, lang)}, 'color', g.color,
                      'discount', g.discount_bp / 100.0) ORDER BY g.sequence, g.id), '[]'::json)
            FROM vet_groups g WHERE g.id = ANY(p.vet_group_ids)) AS vet_groups,
           (SELECT coalesce(json_object_agg(t.locale, t.url_key), '{}'::json)
            FROM product_translations t WHERE t.product_id = p.id) AS url_keys,
           (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', ct.name, 'url_key', ct.url_key,
                      'level', c.level) ORDER BY c.level, c.sequence, c.id), '[]'::json)
            FROM product_categories pc JOIN categories c ON c.id = pc.category_id
            JOIN category_translations ct ON ct.category_id = c.id AND ct.locale = ${lang}
            WHERE pc.product_id = p.id) AS categories,
           (SELECT coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'name', ${variantNameIn(sql`v`, lang)},
                      'barcode', v.barcode, 'cnk_code', v.cnk_code, 'stock_state', v.stock_state,
                      'is_main', v.is_main, 'tax_rate_bp', v.tax_rate_bp, 'units_per_pack', v.units_per_pack,
                      'made_to_order', v.made_to_order, 'attributes', v.attributes,
                      'gross_cents', vp.gross_cents, 'net_cents', vp.net_cents,
                      'indicated_cents', vp.indicated_cents) ORDER BY v.is_main DESC, v.sequence, v.id), '[]'::json)
            FROM product_variants v
            LEFT JOIN variant_prices vp ON vp.variant_id = v.id AND vp.price_list_id = ${pl}
            WHERE v.product_id = p.id) AS variants,
           (SELECT coalesce(json_agg(json_build_object('variantId', t.variant_id, 'priceCents', t.price_cents,
                      'minQuantity', t.min_quantity, 'dateStart', t.date_start::text, 'dateEnd', t.date_end::text)
                      ORDER BY t.variant_id, t.min_quantity, t.id), '[]'::json)
            FROM price_tiers t JOIN product_variants v ON v.id = t.variant_id
            WHERE v.product_id = p.id AND t.price_list_id = ${pl}) AS tiers,
           (SELECT coalesce(json_agg(json_build_object('variantId', d.variant_id, 'discountBp', d.discount_bp,
                      'minQuantity', d.min_quantity, 'exclusive', d.exclusive, 'dateStart', d.date_start::text,
                      'dateEnd', d.date_end::text) ORDER BY d.variant_id, d.min_quantity, d.id), '[]'::json)
            FROM discounts d JOIN product_variants v ON v.id = d.variant_id
            WHERE v.product_id = p.id AND d.price_list_id = ${pl}) AS discounts,
           (SELECT coalesce(json_agg(json_build_object('variantId', s.variant_id, 'kind', s.kind,
                      'discountBp', s.discount_bp, 'mainQuantity', s.main_quantity,
                      'promoQuantity', s.promo_quantity, 'dateStart', s.date_start::text,
                      'dateEnd', s.date_end::text) ORDER BY s.variant_id, s.rank, s.date_end NULLS LAST, s.id), '[]'::json)
            FROM (SELECT t.variant_id, 0 AS rank, t.kind, t.discount_bp, t.main_quantity, t.promo_quantity,
                         t.date_start, t.date_end, t.id
                  FROM supplier_terms t JOIN product_variants v ON v.id = t.variant_id WHERE v.product_id = p.id
                  UNION ALL
                  -- A special offer (docs/decisions/special-offers.md): after the supplier terms.
                  SELECT sp.variant_id, 1, 'special', NULL, NULL, NULL, sp.date_start, sp.date_end, sp.id
                  FROM specials sp JOIN product_variants v ON v.id = sp.variant_id WHERE v.product_id = p.id) s
            ) AS promos
    FROM products p
    JOIN LATERAL (SELECT * FROM product_translations t WHERE t.product_id = p.id
                  ORDER BY (t.locale = ${lang}) DESC, t.locale LIMIT 1) pt ON TRUE
    LEFT JOIN brands b ON b.id = p.brand_id
    WHERE p.id = ${id} AND ${visibleTo(viewer)}`,
  );
  const p = r.rows[0];
  if (!p) return null;
  const tiers = jsonColumn(p.tiers);
  const discounts = jsonColumn(p.discounts);
  const promos = jsonColumn(p.promos);

  // Validity windows (docs/product/catalogue-and-search.md) and the volume-discount rule (docs/product/constants.md) come from the domain rules.
  const ofVariant = <T extends { variantId: number }>(rows: readonly T[], variantId: number): T[] =>
    rows.filter((row) => row.variantId === variantId);

  // The user's price terms and its groups' discount (docs/decisions/price-terms.md), as the cart applies them.
  const groups = (p.vet_groups === null ? [] : jsonColumn(p.vet_groups)).map((g) => ({
    id: Number(g.id),
    name: g.name,
    color: g.color,
    discount: Number(g.discount),
  }));
  const groupDiscountBp = Math.max(
    0,
    ...groups.filter((g) => viewer.vetGroupIds.includes(g.id)).map((g) => Math.round(g.discount * 100)),
  );
  const termsNet = (grossCents: number | null, netCents: number | null): number | null =>
    viewer.terms
      ? applyPriceTerms(
          { grossCents, netCents, discountBp: 0 },
          { family: p.family, groupDiscountBp },
          viewer.terms,
        ).netCents
      : netCents;
  // What a cart pays per unit from each quantity break: the cart's own pricing (quantity-prices.ts)
  // and the user's terms, so that the product page's table and the cart never differ
  // (docs/decisions/price-tier-table.md).
  const priceOf = pricesFrom(
    {
      tiers,
      discounts,
      terms: promos.flatMap((t) => (t.discountBp === null ? [] : [{ ...t, discountBp: t.discountBp }])),
    },
    viewer.priceList,
    today,
  );
  // The quantities where the price may change: the tiers' breaks and the volume discounts' minimum
  // quantities (a discount from 10 units changes the price of 10 as a tier would).
  const quantityPrices = (variantId: number): VariantDetail['pricing']['quantity_prices'] => {
    const out: VariantDetail['pricing']['quantity_prices'] = [];
    const quantities = new Set([
      ...tierBreaks(ofVariant(tiers, variantId), today).map((b) => b.minQuantity),
      ...volumeDiscounts(ofVariant(discounts, variantId), today).map((d) => d.minQuantity),
    ]);
    for (const minQuantity of [...quantities].sort((a, b) => a - b)) {
      const price = priceOf(variantId, minQuantity);
      const net = termsNet(price.grossCents, price.netCents);
      if (price.grossCents === null || net === null || centsToEur(net) === out.at(-1)?.net) continue;
      out.push({ min_quantity: minQuantity, gross: centsToEur(price.grossCents), net: centsToEur(net) });
    }
    return out;
  };
  const variantDetails: VariantDetail[] = jsonColumn(p.variants).map((v) => {
    const promo = ofVariant(promos, v.id).find((t) => isValidOn(t, today));
    const net = termsNet(v.gross_cents, v.net_cents);
    // In the schema's order (pricing before attributes): the product answer is sent as built
    // (http/answers.ts), so its JSON is the text zod's encode gave.
    return {
      ...variantSummaryOf(v),
      pricing: {
        price_list: viewer.priceList,
        gross: v.gross_cents === null ? null : centsToEur(v.gross_cents),
        net: net === null ? null : centsToEur(net),
        indicated: v.indicated_cents === null ? null : centsToEur(v.indicated_cents),
        tax_rate: bpToPercent(v.tax_rate_bp),
        tiers: ofVariant(tiers, v.id)
          .filter((t) => isValidOn(t, today))
          .map((t) => ({
            price: centsToEur(t.priceCents),
            min_quantity: t.minQuantity,
            date_start: t.dateStart ?? null,
            date_end: t.dateEnd ?? null,
          })),
        quantity_prices: quantityPrices(v.id),
        // The gross price list gets no discount (docs/decisions/price-terms.md).
        volume_discounts: (viewer.terms?.grossPriceList
          ? []
          : volumeDiscounts(ofVariant(discounts, v.id), today)
        ).map((d) => ({
          discount: bpToPercent(d.discountBp),
          min_quantity: d.minQuantity,
          exclusive: d.exclusive,
          date_start: d.dateStart ?? null,
          date_end: d.dateEnd ?? null,
        })),
        promotion: promo
          ? {
              kind: promo.kind,
              discount: promo.discountBp === null ? null : bpToPercent(promo.discountBp),
              main_quantity: promo.mainQuantity,
              promo_quantity: promo.promoQuantity,
              date_start: promo.dateStart,
              date_end: promo.dateEnd,
            }
          : null,
      },
      attributes: v.attributes ?? {},
      made_to_order: v.made_to_order,
      units_per_pack: v.units_per_pack,
    };
  });

  const title = seoTitle(p.seo_title, p.name);
  const form = presentationOf(p.presentation, lang);
  const medias: ProductDetail['medias'] = [];
  if (p.leaflet_url)
    medias.push({ lang: p.source_locale, name: 'notice', sequence: 0, type: 'notice', url: p.leaflet_url });
  // An EMA medicine's information page is often its leaflet page too (one EPAR address): listed once.
  if (p.info_url && p.info_url !== p.leaflet_url)
    medias.push({ lang: p.source_locale, name: 'info', sequence: 1, type: 'info', url: p.info_url });
  return {
    id: p.id,
    lang,
    name: p.name,
    short_name: p.short_name,
    model_name: p.model_name,
    url_key: p.url_key,
    url_keys: jsonColumn(p.url_keys),
    family: p.family,
    description: p.description,
    short_description: p.short_description,
    seo_title: title,
    meta_description: metaDescription(p.meta_description, {
      title,
      shortDescription: p.short_description,
      description: p.description,
    }),
    meta_keywords: p.meta_keywords,
    brand:
      p.brand_id === null ? null : { id: p.brand_id, name: p.brand_name ?? '', image_url: p.brand_image_url },
    manufacturer: p.manufacturer,
    active_principles: p.active_principles,
    species: p.species,
    administration_routes: p.administration_routes,
    // The schema's order (presentation, then form code): the answer is sent as built.
    presentation: form.presentation,
    form: form.form,
    amm_code: p.amm_code,
    atcvet: p.atcvet,
    legal_category: p.legal_category,
    therapeutic_group: p.therapeutic_group,
    flags: p.flags ?? {},
    categories: jsonColumn(p.categories),
    medias,
    sources: p.sources,
    generated: p.generated,
    variants: variantDetails,
    images: jsonColumn(p.images).map((image) => toCatalogImage(image, lang, p.name)),
    regulatory: {
      legal_class: legalClass(p.flags ?? {}),
      amcra_class: p.amcra_class,
      storage_temperature: p.storage_temperature,
      cti_code: p.cti_code,
      packagings: p.packagings ?? [],
      units_per_shrink_wrap: p.units_per_shrink_wrap === null ? null : Number(p.units_per_shrink_wrap),
      first_batch_best_before: p.best_before,
    },
    // Group badges and conditions (docs/decisions/price-terms.md).
    vet_groups: groups,
  };
}

type CategoryRow = {
  id: number;
  parent_id: number | null;
  level: number;
  sequence: number;
  family: Family;
  name: string;
  url_key: string;
};

async function allCategories(db: Db, lang: Locale): Promise<CategoryRow[]> {
  const r = await db.execute<CategoryRow>(sql`
    SELECT c.id, c.parent_id, c.level, c.sequence, c.family, ct.name, ct.url_key
    FROM categories c
    JOIN LATERAL (SELECT * FROM category_translations t WHERE t.category_id = c.id
                  ORDER BY (t.locale = ${lang}) DESC, t.locale LIMIT 1) ct ON TRUE
    ORDER BY c.sequence, ct.name COLLATE "C", c.id`);
  return r.rows;
}

/** The category tree in `lang`, children sorted by sequence then name. */
export async function categoryTree(db: Db, lang: Locale): Promise<CategoryTreeNode[]> {
  const rows = await allCategories(db, lang);
  const nodes = new Map<number, CategoryTreeNode>();
  for (const c of rows) {
    nodes.set(c.id, {
      id: c.id,
      name: c.name,
      url_key: c.url_key,
      family: c.family,
      sequence: c.sequence,
      children: [],
    });
  }
  const roots: CategoryTreeNode[] = [];
  for (const c of rows) {
    const node = nodes.get(c.id);
    if (!node) continue;
    const parent = c.parent_id === null ? undefined : nodes.get(c.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Category page data in `lang` (null when missing): text, SEO fallbacks, children, parent chain. */
export async function getCategory(db: Db, id: number, lang: Locale): Promise<CategoryDetail | null> {
  const r = await db.execute<{
    id: number;
    parent_id: number | null;
    level: number;
    family: Family;
    name: string;
    subtitle: string | null;
    short_description: string | null;
    description: string | null;
    seo_title: string | null;
    meta_description: string | null;
    url_key: string;
  }>(sql`
    SELECT c.id, c.parent_id, c.level, c.family, ct.name, ct.subtitle, ct.short_description, ct.description,
           ct.seo_title, ct.meta_description, ct.url_key
    FROM categories c
    JOIN LATERAL (SELECT * FROM category_translations t WHERE t.category_id = c.id
                  ORDER BY (t.locale = ${lang}) DESC, t.locale LIMIT 1) ct ON TRUE
    WHERE c.id = ${id}`);
  const c = r.rows[0];
  if (!c) return null;
  const [all, keys] = await Promise.all([
    allCategories(db, lang),
    db.execute<{ locale: string; url_key: string }>(
      sql`SELECT locale, url_key FROM category_translations WHERE category_id = ${id}`,
    ),
  ]);
  const byId = new Map(all.map((x) => [x.id, x]));
  const parents: CategoryRef[] = [];
  const seen = new Set<number>([id]);
  for (let pid = c.parent_id; pid !== null;) {
    const parent = byId.get(pid);
    if (!parent || seen.has(parent.id)) break;
    seen.add(parent.id);
    parents.unshift({ id: parent.id, name: parent.name, url_key: parent.url_key, level: parent.level });
    pid = parent.parent_id;
  }
  const title = seoTitle(c.seo_title, c.name);
  return {
    id: c.id,
    lang,
    name: c.name,
    subtitle: c.subtitle,
    short_description: c.short_description,
    description: c.description,
    seo_title: title,
    meta_description: metaDescription(c.meta_description, {
      title,
      shortDescription: c.short_description,
      description: c.description,
    }),
    url_key: c.url_key,
    url_keys: Object.fromEntries(keys.rows.map((k) => [k.locale, k.url_key])),
    level: c.level,
    family: c.family,
    children: all
      .filter((x) => x.parent_id === c.id)
      .map((x) => ({ id: x.id, name: x.name, url_key: x.url_key, sequence: x.sequence })),
    parents,
    images: await imagesOfCategory(db, c.id, lang, c.name),
  };
}

/** Every category and every product visible to guests, with url keys per locale (sitemap). */
export async function sitemap(db: Db): Promise<Sitemap> {
  const [cats, prods] = await Promise.all([
    db.execute<{ id: number; locale: string; url_key: string }>(
      sql`SELECT category_id AS id, locale, url_key FROM category_translations ORDER BY category_id, locale`,
    ),
    db.execute<{ id: number; locale: string; url_key: string; updated_at: string }>(sql`
      SELECT p.id, pt.locale, pt.url_key,
             to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
      FROM products p JOIN product_translations pt ON pt.product_id = p.id
      WHERE ${visibleTo(GUEST)} ORDER BY p.id, pt.locale`),
  ]);
  const categories = new Map<number, Record<string, string>>();
  for (const c of cats.rows) categories.set(c.id, { ...(categories.get(c.id) ?? {}), [c.locale]: c.url_key });
  const products = new Map<number, { url_keys: Record<string, string>; updated_at: string }>();
  for (const p of prods.rows) {
    const cur = products.get(p.id) ?? { url_keys: {}, updated_at: p.updated_at };
    cur.url_keys[p.locale] = p.url_key;
    products.set(p.id, cur);
  }
  return {
    categories: [...categories].map(([id, url_keys]) => ({ id, url_keys })),
    products: [...products].map(([id, v]) => ({ id, ...v })),
  };
}

/** Whether a locale string is a supported locale. */
export function isLocale(s: string): s is Locale {
  return (LOCALES as readonly string[]).includes(s);
}
