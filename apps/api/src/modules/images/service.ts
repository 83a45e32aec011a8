/**
 * Catalogue pictures (docs/decisions/product-pictures.md): pictures of products (optionally shown
 * for one variant) and categories, each resized ONCE at upload with sharp into four webp
 * renditions (small 160, medium 400, large 800, xlarge 1600 px wide, never enlarged), stored as
 * stored_files of purpose product_image and served at content-hashed, immutable urls.
 *
 * - `renderSizes(bytes)` → the four renditions `{data, width, height}` (px). Errors: 400
 *   `image_unreadable` (sharp cannot decode the bytes, or more than IMAGE_MAX_PIXELS pixels),
 *   400 `image_too_small` (a side under IMAGE_MIN_SIDE px).
 * - `addImage(db, owner, upload)`: checks the bytes' real type first (files module: 400
 *   `file_type_refused`, 413 `file_too_large`, 400 `file_empty`), renders, stores the four files
 *   and the row (last in the gallery) in one transaction.
 * - `imageUrl(rendition)`: `/api/images/{file id}-{first 16 hex of its sha256}.webp`.
 * - `imagesOfProducts` / `mainImageOfVariants` / `imagesOfCategory`: the shop's shape
 *   (`CatalogImage`, alt in the caller's locale); `mainImageJson` / `toCatalogImage`: a product's
 *   main picture read inside another statement (the search's hits).
 * - Staff: `findProductsForImages`, `staffProductImages`, `updateImage`, `reorderImages`,
 *   `deleteImage` (see each function).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  IMAGE_MIN_SIDE,
  IMAGE_SIZES,
  IMAGE_WIDTHS,
  type CatalogImage,
  type ImageAlt,
  type ImageSize,
  type LinePicture,
  type Locale,
  type StaffImage,
  type StaffImagePatch,
  type StaffProductImages,
} from '@vetshop/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  catalogImages,
  categories,
  products,
  productTranslations,
  productVariants,
  type Family,
  type StoredRendition,
} from '../../db/schema.ts';
import { namedOnce } from '../../db/statements.ts';
import { ApiError } from '../../errors.ts';
import { checkUpload, deleteStoredFile, storeDerivedFile } from '../files/index.ts';
import { presentationOf } from '../catalog-import/index.ts';
import { foldedPattern, productsNamedLike, variantNameIn, variantTextLike } from '../catalog/index.ts';

/** Largest decoded picture accepted, in pixels (a decompression bomb is refused, not decoded). */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** webp quality (0–100) of the renditions. */
export const WEBP_QUALITY = 80;

/** One rendition made by `renderSizes`: webp bytes and size in px. */
export interface Rendition {
  data: Buffer;
  width: number;
  height: number;
}

/** 400 `image_unreadable`: the bytes do not decode as a picture (or are far too large). */
export function imageUnreadable(): ApiError {
  return new ApiError(400, 'image_unreadable', 'Bad request', 'The picture cannot be read.', [
    { field: 'file', code: 'image_unreadable' },
  ]);
}

/** 400 `image_too_small`: a side is under IMAGE_MIN_SIDE px (problem member `min_px`). */
export function imageTooSmall(): ApiError {
  return new ApiError(
    400,
    'image_too_small',
    'Bad request',
    `The picture must be at least ${IMAGE_MIN_SIDE} × ${IMAGE_MIN_SIDE} px.`,
    [{ field: 'file', code: 'image_too_small' }],
    { min_px: IMAGE_MIN_SIDE },
  );
}

/**
 * Decodes `bytes` (png, jpeg, webp, gif — first frame —, avif) with sharp, applies the EXIF
 * orientation and renders the four webp renditions, each IMAGE_WIDTHS[size] px wide or the
 * picture's own width when it is narrower (never enlarged); metadata (EXIF, GPS) is not kept.
 */
export async function renderSizes(bytes: Uint8Array): Promise<Record<ImageSize, Rendition>> {
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' as const, animated: false };
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, options).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    width = (turned ? meta.height : meta.width) ?? 0;
    height = (turned ? meta.width : meta.height) ?? 0;
  } catch {
    throw imageUnreadable();
  }
  if (!width || !height || width * height > IMAGE_MAX_PIXELS) throw imageUnreadable();
  if (Math.min(width, height) < IMAGE_MIN_SIDE) throw imageTooSmall();
  const out = {} as Record<ImageSize, Rendition>;
  try {
    const base = sharp(bytes, options).rotate();
    for (const size of IMAGE_SIZES) {
      const { data, info } = await base
        .clone()
        .resize({ width: IMAGE_WIDTHS[size], withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      out[size] = { data, width: info.width, height: info.height };
    }
  } catch {
    throw imageUnreadable();
  }
  return out;
}

/** Url of a stored rendition: same origin, content-hashed (the bytes never change behind it). */
export function imageUrl(r: StoredRendition): string {
  return `/api/images/${r.file_id}-${r.sha256.slice(0, 16)}.webp`;
}

/** Parses `{file id}-{16 hex}.webp` (an image url's last segment), or null. */
export function parseImageName(name: string): { fileId: number; hash: string } | null {
  const m = /^([1-9][0-9]{0,9})-([0-9a-f]{16})\.webp$/.exec(name);
  if (!m) return null;
  const fileId = Number(m[1]);
  return fileId <= 2_147_483_647 ? { fileId, hash: m[2]! } : null;
}

/** Alt text in `locale`: that locale's, else another locale's, else `fallback`. */
export function resolveAlt(alt: ImageAlt, locale: Locale, fallback: string): string {
  return alt[locale] || alt.fr || alt.nl || alt.en || fallback;
}

type ImageRow = typeof catalogImages.$inferSelect;
/** The fields of a picture row that its shop shape needs (`mainImageJson` reads only these). */
export type MainImageRow = Pick<ImageRow, 'id' | 'sequence' | 'tag' | 'alt' | 'variantId' | 'sizes'>;

/**
 * The shop's shape of a picture row (also one read by {@link mainImageJson}): the four renditions'
 * urls and sizes (px), `alt` in `locale`, else `fallbackAlt`.
 */
export function toCatalogImage(row: MainImageRow, locale: Locale, fallbackAlt: string): CatalogImage {
  const rendition = (size: ImageSize) => {
    const r = row.sizes[size];
    return { src: imageUrl(r), width: r.width, height: r.height };
  };
  return {
    id: row.id,
    sequence: row.sequence,
    tag: row.tag,
    alt: resolveAlt(row.alt, locale, fallbackAlt),
    variant_id: row.variantId,
    small: rendition('small'),
    medium: rendition('medium'),
    large: rendition('large'),
    xlarge: rendition('xlarge'),
  };
}

function toStaffImage(row: ImageRow, locale: Locale, fallbackAlt: string): StaffImage {
  return { ...toCatalogImage(row, locale, fallbackAlt), alt_texts: { ...row.alt } };
}

/** Who a picture belongs to: a product (optionally shown for one of its variants) or a category. */
export type ImageOwner = { productId: number; variantId?: number | null } | { categoryId: number };

/** An upload with its descriptive fields. */
export interface ImageUpload {
  filename: string;
  bytes: Uint8Array;
  alt?: ImageAlt;
  tag?: string | null;
  userId: number | null;
}

function cleanAlt(alt: ImageAlt | undefined): ImageAlt {
  const out: ImageAlt = {};
  for (const locale of ['fr', 'nl', 'en'] as const) {
    const text = alt?.[locale]?.trim();
    if (text) out[locale] = text;
  }
  return out;
}

/**
 * Checks, renders and stores an uploaded picture as the last of its owner's gallery (see the
 * module comment for errors); answers the stored row.
 */
export async function addImage(db: Db, owner: ImageOwner, upload: ImageUpload): Promise<ImageRow> {
  await checkUpload('product_image', upload);
  const renditions = await renderSizes(upload.bytes);
  const sourceSha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const base = upload.filename.replace(/\.[^.]*$/, '') || 'picture';
  return db.transaction(async (tx) => {
    const sizes = {} as Record<ImageSize, StoredRendition>;
    for (const size of IMAGE_SIZES) {
      const r = renditions[size];
      const file = await storeDerivedFile(tx, {
        purpose: 'product_image',
        filename: `${base}-${size}`,
        ext: 'webp',
        contentType: 'image/webp',
        bytes: r.data,
        ownerUserId: upload.userId,
      });
      sizes[size] = { file_id: file.id, width: r.width, height: r.height, sha256: file.sha256 };
    }
    const ownerWhere =
      'categoryId' in owner
        ? eq(catalogImages.categoryId, owner.categoryId)
        : eq(catalogImages.productId, owner.productId);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${catalogImages.sequence})` })
      .from(catalogImages)
      .where(ownerWhere);
    const [row] = await tx
      .insert(catalogImages)
      .values({
        productId: 'productId' in owner ? owner.productId : null,
        variantId: 'productId' in owner ? (owner.variantId ?? null) : null,
        categoryId: 'categoryId' in owner ? owner.categoryId : null,
        sequence: (last?.max ?? 0) + 1,
        tag: upload.tag?.trim() || null,
        alt: cleanAlt(upload.alt),
        sizes,
        sourceSha256,
        createdBy: upload.userId,
      })
      .returning();
    if (!row) throw new Error('catalog_images insert returned no row');
    return row;
  });
}

/** SQL: the picture `ci` (a catalog_images row) as a JSON {@link MainImageRow}. */
const mainImageRowJson = sql`json_build_object('id', ci.id, 'sequence', ci.sequence, 'tag', ci.tag,
  'alt', ci.alt, 'variantId', ci.variant_id, 'sizes', ci.sizes)`;

/**
 * SQL expression: the main (first, by sequence then id) picture of the product whose id is the SQL
 * expression `productId`, as a JSON {@link MainImageRow}, or NULL when it has none. One lookup of
 * the `catalog_images_product_idx` index, so a statement listing products (the search's hits)
 * carries their pictures instead of asking for them in a second round trip
 * (docs/decisions/search-performance.md, "Hits with their pictures").
 */
export function mainImageJson(productId: SQL): SQL {
  return sql`(SELECT ${mainImageRowJson} FROM catalog_images ci WHERE ci.product_id = ${productId}
              ORDER BY ci.sequence, ci.id LIMIT 1)`;
}

/**
 * SQL expression: every picture of the product whose id is the SQL expression `productId`, in
 * gallery order (sequence, then id), as a JSON array of {@link MainImageRow} (empty when it has
 * none), for {@link toCatalogImage}: the product page reads them in its one statement
 * (catalog/service.ts `getProduct`) instead of a round trip of their own.
 */
export function productImagesJson(productId: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(${mainImageRowJson} ORDER BY ci.sequence, ci.id), '[]'::json)
              FROM catalog_images ci WHERE ci.product_id = ${productId})`;
}

/**
 * SQL expression: the picture to show for the variant of alias `v` (its `id` and `product_id`) as
 * a JSON {@link MainImageRow}, or NULL when it has none: the first (by sequence then id) picture
 * assigned to that variant, else its product's first picture assigned to no variant. One walk of
 * the `catalog_images_product_idx` index. A statement listing variants (the priced cart's lines,
 * carts/cart-view.ts `computeCart`) reads it with the product's family and presentation and
 * turns the three into a line picture with {@link linePictureOf}.
 */
export function variantImageJson(v: SQL): SQL {
  return sql`(SELECT ${mainImageRowJson} FROM catalog_images ci
              WHERE ci.product_id = ${v}.product_id AND (ci.variant_id = ${v}.id OR ci.variant_id IS NULL)
              ORDER BY ci.variant_id IS NULL, ci.sequence, ci.id LIMIT 1)`;
}

/**
 * The statement of {@link variantPictureRows}, built and named once (db/statements.ts `namedOnce`):
 * each variant of `ids` with its product's family and stored presentation and its picture
 * ({@link variantImageJson}). Unknown ids are absent.
 */
const variantPicturesStatement = namedOnce<{
  id: number;
  family: Family;
  presentation: string | null;
  image: MainImageRow | null;
}>(
  () => sql`
    SELECT v.id, p.family, p.presentation, ${variantImageJson(sql`v`)} AS image
    FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE v.id = ANY(${sql.placeholder('ids')}::int[])`,
);

/** The rows of {@link variantPicturesStatement} for `variantIds` (none asked when empty). */
async function variantPictureRows(db: DbOrTx, variantIds: readonly number[]) {
  const ids = [...new Set(variantIds)];
  return ids.length ? (await variantPicturesStatement(db, { ids })).rows : [];
}

/**
 * The picture to show for each variant (order, cart and wishlist lines): the first picture
 * assigned to that variant, else its product's first picture. Variants without any are absent.
 * `alt` falls back to `names` (by variant id), else ''.
 */
export async function mainImageOfVariants(
  db: DbOrTx,
  variantIds: number[],
  locale: Locale,
  names: Map<number, string> = new Map(),
): Promise<Map<number, CatalogImage>> {
  const out = new Map<number, CatalogImage>();
  for (const { id, image } of await variantPictureRows(db, variantIds))
    if (image) out.set(id, toCatalogImage(image, locale, names.get(id) ?? ''));
  return out;
}

/** Pictures of a category in gallery order. */
export async function imagesOfCategory(
  db: Db,
  categoryId: number,
  locale: Locale,
  name: string,
): Promise<CatalogImage[]> {
  const rows = await db
    .select()
    .from(catalogImages)
    .where(eq(catalogImages.categoryId, categoryId))
    .orderBy(asc(catalogImages.sequence), asc(catalogImages.id));
  return rows.map((row) => toCatalogImage(row, locale, name));
}

/** Product name in `locale` (else any locale), or null for an unknown product. */
async function productName(db: Db, productId: number, locale: Locale): Promise<string | null> {
  const rows = await db
    .select({ locale: productTranslations.locale, name: productTranslations.name })
    .from(productTranslations)
    .where(eq(productTranslations.productId, productId));
  if (!rows.length) return null;
  return (rows.find((r) => r.locale === locale) ?? rows[0]!).name;
}

/**
 * Products found by `q` for the back office picture page: a name (display name in any locale,
 * official model name or variant name) or a variant's SKU, EAN or CNK holding `q`, accents and case
 * folded; fewer than three characters: beginning with it (`foldedPattern`,
 * docs/decisions/staff-orders-on-behalf.md "Finding a product"); at most 20, by name. Answers id,
 * name in `locale`, family, SKUs and the number of pictures.
 */
export async function findProductsForImages(db: Db, q: string, locale: Locale) {
  // Qualified by hand: drizzle writes a selected column of the only table without its table name,
  // which a correlated subquery would resolve to its own `id`.
  const outerProductId = sql.raw('"products"."id"');
  const term = q.trim();
  if (!term) return { items: [] };
  const pattern = foldedPattern(term);
  // Read through indexes, as an array: the planner then reads the matches by key.
  const matches = sql`${products.id} = ANY(ARRAY(
    ${productsNamedLike(pattern)}
    UNION SELECT v.product_id FROM product_variants v WHERE ${variantTextLike(sql`v`, pattern)}
    UNION SELECT v.product_id FROM product_variants v WHERE v.barcode LIKE ${pattern}))`;
  const rows = await db
    .select({
      id: products.id,
      family: products.family,
      name: sql<string>`coalesce(
        (SELECT t.name FROM product_translations t WHERE t.product_id = ${outerProductId} AND t.locale = ${locale}),
        (SELECT t.name FROM product_translations t WHERE t.product_id = ${outerProductId} ORDER BY t.locale LIMIT 1),
        ${products.modelName})`,
      skus: sql<
        string[]
      >`coalesce((SELECT array_agg(v.sku ORDER BY v.sequence, v.id) FROM product_variants v WHERE v.product_id = ${outerProductId}), '{}')`,
      imageCount: sql<number>`(SELECT count(*)::int FROM catalog_images i WHERE i.product_id = ${outerProductId})`,
    })
    .from(products)
    .where(matches)
    .orderBy(sql`3`)
    .limit(20);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      family: r.family,
      skus: r.skus,
      image_count: Number(r.imageCount),
    })),
  };
}

/** The product, its variants and its pictures for the back office, or null for an unknown product. */
export async function staffProductImages(
  db: Db,
  productId: number,
  locale: Locale,
): Promise<StaffProductImages | null> {
  const [product] = await db
    .select({ id: products.id, family: products.family, presentation: products.presentation })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const [translations, variants, rows] = await Promise.all([
    db
      .select({
        locale: productTranslations.locale,
        name: productTranslations.name,
        urlKey: productTranslations.urlKey,
      })
      .from(productTranslations)
      .where(eq(productTranslations.productId, productId)),
    db
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        name: sql<string>`${variantNameIn(sql`product_variants`, locale)}`,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.sequence), asc(productVariants.id)),
    db
      .select()
      .from(catalogImages)
      .where(eq(catalogImages.productId, productId))
      .orderBy(asc(catalogImages.sequence), asc(catalogImages.id)),
  ]);
  const t = translations.find((r) => r.locale === locale) ?? translations[0];
  const name = t?.name ?? '';
  return {
    product: {
      id: product.id,
      name,
      url_key: t?.urlKey ?? '',
      family: product.family,
      presentation: presentationOf(product.presentation, locale).presentation,
    },
    variants,
    images: rows.map((row) => toStaffImage(row, locale, name)),
  };
}

/** The picture row, or null. */
export async function getImage(db: Db, id: number): Promise<ImageRow | null> {
  const [row] = await db.select().from(catalogImages).where(eq(catalogImages.id, id));
  return row ?? null;
}

/** 400 `variant_not_of_product`: the variant is not one of the picture's product. */
function variantNotOfProduct(): ApiError {
  return new ApiError(
    400,
    'variant_not_of_product',
    'Bad request',
    'This variant is not one of the product.',
    [{ field: 'variant_id', code: 'variant_not_of_product' }],
  );
}

/** Checks that `variantId` (when set) is a variant of `productId` (400 `variant_not_of_product`). */
export async function checkVariantOf(db: Db, productId: number, variantId: number | null | undefined) {
  if (variantId == null) return;
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  if (!row) throw variantNotOfProduct();
}

/**
 * Updates a picture's alt texts (the locales sent replace the stored ones; an empty text removes
 * that locale), tag and variant (null = the whole product). Null for an unknown id.
 */
export async function updateImage(
  db: Db,
  id: number,
  patch: StaffImagePatch,
  locale: Locale,
): Promise<StaffImage | null> {
  const row = await getImage(db, id);
  if (!row) return null;
  if (patch.variant_id !== undefined && patch.variant_id !== null) {
    if (row.productId === null) throw variantNotOfProduct();
    await checkVariantOf(db, row.productId, patch.variant_id);
  }
  const alt = patch.alt ? cleanAlt({ ...row.alt, ...patch.alt }) : row.alt;
  const [updated] = await db
    .update(catalogImages)
    .set({
      alt,
      ...(patch.tag !== undefined ? { tag: patch.tag?.trim() || null } : {}),
      ...(patch.variant_id !== undefined ? { variantId: patch.variant_id } : {}),
    })
    .where(eq(catalogImages.id, id))
    .returning();
  return staffImageOf(db, updated!, locale);
}

/**
 * A stored picture as the back office shows it: alt texts resolved in `locale`, the product's name
 * (in `locale`) as fallback alt; a category picture has no fallback.
 */
export async function staffImageOf(db: Db, row: ImageRow, locale: Locale): Promise<StaffImage> {
  const name = row.productId !== null ? ((await productName(db, row.productId, locale)) ?? '') : '';
  return toStaffImage(row, locale, name);
}

/** Whether the product or category a picture would belong to exists. */
export async function imageOwnerExists(db: Db, owner: ImageOwner): Promise<boolean> {
  const [row] =
    'productId' in owner
      ? await db.select({ id: products.id }).from(products).where(eq(products.id, owner.productId))
      : await db.select({ id: categories.id }).from(categories).where(eq(categories.id, owner.categoryId));
  return row !== undefined;
}

/**
 * Puts the product's pictures in the order of `ids` (sequence 1, 2, …). `ids` must hold every
 * picture of the product exactly once: else 400 `image_order_mismatch`.
 */
export async function reorderImages(db: Db, productId: number, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: catalogImages.id })
      .from(catalogImages)
      .where(eq(catalogImages.productId, productId))
      .for('update');
    const current = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== current.size || ids.some((id) => !current.has(id)))
      throw new ApiError(
        400,
        'image_order_mismatch',
        'Bad request',
        'Send every picture of the product exactly once.',
        [{ field: 'ids', code: 'image_order_mismatch' }],
      );
    for (const [i, id] of ids.entries())
      await tx
        .update(catalogImages)
        .set({ sequence: i + 1 })
        .where(eq(catalogImages.id, id));
  });
}

/** Deletes a picture and its four stored files; false for an unknown id. */
export async function deleteImage(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(catalogImages).where(eq(catalogImages.id, id)).returning();
    if (!row) return false;
    for (const size of IMAGE_SIZES) await deleteStoredFile(tx, row.sizes[size].file_id);
    return true;
  });
}

/**
 * The line picture of each variant (cart, order, standard-order and dashboard lines): its picture
 * (mainImageOfVariants) and its product's family and presentation, which choose the fallback
 * illustration on the web. Unknown variants are absent. One named statement of index lookups
 * (planned once per connection, docs/decisions/cart-sync-performance.md "Line pictures in one
 * statement"); usable in a transaction.
 */
export async function picturesOfVariants(
  db: DbOrTx,
  variantIds: readonly number[],
  locale: Locale,
): Promise<Map<number, LinePicture>> {
  const out = new Map<number, LinePicture>();
  for (const f of await variantPictureRows(db, variantIds)) out.set(f.id, linePictureOf(f, locale));
  return out;
}

/**
 * The line picture of a variant from its product's `family` and stored `presentation` and its
 * picture `image` ({@link variantImageJson}, null when it has none) in `locale`: the illustration's
 * family, the form and presentation labels, the picture's sizes and alt text (empty: the line's
 * name says what it is).
 */
export function linePictureOf(
  f: { family: Family; presentation: string | null; image: MainImageRow | null },
  locale: Locale,
): LinePicture {
  return {
    family: f.family,
    // The stored presentation is a vocabulary form code when the import mapped it.
    ...presentationOf(f.presentation, locale),
    image: f.image ? toCatalogImage(f.image, locale, '') : null,
  };
}
