/**
 * Drizzle schema of regulated-product exceptions and product links (migration 0026;
 * docs/decisions/regulated-products.md, docs/decisions/product-links.md).
 *
 * `restriction_exceptions`: staff let one customer order one product despite its restrictions
 * (Belgium only excepted). `product_links`: cross-sell, up-sell and related products per product,
 * ordered by `sequence`.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers, users } from './accounts-schema.ts';
import { products } from './catalog-schema.ts';

/** A customer × product exception to the regulated-product rules. */
export const restrictionExceptions = pgTable(
  'restriction_exceptions',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] })],
);

/** Kinds of product links. */
export const PRODUCT_LINK_KINDS = ['cross', 'up', 'related'] as const;
export type ProductLinkKind = (typeof PRODUCT_LINK_KINDS)[number];

/** A link from a product to another (cross-sell, up-sell or related). */
export const productLinks = pgTable(
  'product_links',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    linkedProductId: integer('linked_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ProductLinkKind>().notNull(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.kind, t.linkedProductId] }),
    check('product_links_kind', sql`${t.kind} IN ('cross', 'up', 'related')`),
    check('product_links_not_self', sql`${t.productId} <> ${t.linkedProductId}`),
  ],
);
