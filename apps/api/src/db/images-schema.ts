/**
 * Drizzle schema of catalogue pictures (migration 0024; docs/decisions/product-pictures.md).
 *
 * `catalog_images`: one row per picture of a product (optionally narrowed to one of its variants)
 * or of a category; `sequence` orders the gallery (ascending, the first is the main picture);
 * `alt` holds the alt text per locale; `sizes` the four webp renditions (stored_files rows of
 * purpose product_image) with their size in px and sha256; `source_sha256` the uploaded bytes'.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImageSize } from '@vetshop/domain';
import { users } from './accounts-schema.ts';
import { categories, products, productVariants } from './catalog-schema.ts';

/** One stored rendition: the stored_files row, its size in px and the sha256 (hex) of its bytes. */
export interface StoredRendition {
  file_id: number;
  width: number;
  height: number;
  sha256: string;
}

/** Pictures of products, variants and categories (see the module comment). */
export const catalogImages = pgTable(
  'catalog_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    tag: text('tag'),
    alt: jsonb('alt').$type<Partial<Record<'fr' | 'nl' | 'en', string>>>().notNull().default({}),
    sizes: jsonb('sizes').$type<Record<ImageSize, StoredRendition>>().notNull(),
    sourceSha256: text('source_sha256').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalog_images_product_idx').on(t.productId, t.sequence, t.id),
    index('catalog_images_category_idx').on(t.categoryId, t.sequence, t.id),
    index('catalog_images_variant_idx').on(t.variantId),
    check('catalog_images_one_owner', sql`(${t.productId} IS NULL) <> (${t.categoryId} IS NULL)`),
    check('catalog_images_variant_of_product', sql`${t.variantId} IS NULL OR ${t.productId} IS NOT NULL`),
  ],
);
