/**
 * Drizzle schema of the customer area (docs/product/customer-area.md; docs/product/customer-area.md#standard-orders, docs/product/customer-area.md#promo-subscriptions,
 * docs/product/orders-and-documents.md#backorders, docs/product/orders-and-documents.md#backorder-cancel): standard orders (wishlists) of a practice, promo-end
 * alert subscriptions of a user with the alerts already mailed, backorder cancellations, and the
 * curated product selection (docs/product/catalogue-and-search.md#screens /{lang}/selection).
 *
 * Purchase statistics have no table: they are computed in SQL from `sales`, `sale_lines` and
 * credit notes in `invoices` (see modules/statistics).
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './accounts-schema.ts';
import { invoices, saleLines } from './orders-schema.ts';
import { productVariants } from './catalog-schema.ts';

/**
 * Standard orders (docs/product/customer-area.md#standard-orders, the requirements' "wishlists"): named lists of a practice
 * (`customerId`), shared by its users; `userId` is who created it. Names are unique per customer
 * (docs/product/customer-area.md "a wishlist name is checked for existence by exact name").
 */
export const wishlists = pgTable(
  'wishlists',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlists_customer_name_uq').on(t.customerId, t.name)],
);

/** Lines of a standard order: a product (variant) at most once per list (docs/product/customer-area.md), quantity ≥ 1. */
export const wishlistLines = pgTable(
  'wishlist_lines',
  {
    id: serial('id').primaryKey(),
    wishlistId: integer('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull().default(1),
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_lines_product_uq').on(t.wishlistId, t.variantId)],
);

/** Promo-end alert subscriptions (docs/product/customer-area.md#promo-subscriptions): one per user and product (variant). */
export const promoSubscriptions = pgTable(
  'promo_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variantId] }),
    index('promo_subscriptions_variant_idx').on(t.variantId),
  ],
);

/**
 * Promo-end alerts already mailed: one row per user, product and promotion (`promoKey`, e.g.
 * `special:12:2026-11-30`), inserted before the mail is sent, so each alert goes out once even with
 * several api processes running the job.
 */
export const promoAlertsSent = pgTable(
  'promo_alerts_sent',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    promoKey: text('promo_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.variantId, t.promoKey] })],
);

/**
 * Backorder cancellations (docs/product/orders-and-documents.md#backorder-cancel): `qty` units of a sale line cancelled by a
 * user; `creditNoteId` is set when part of them had been invoiced and a credit note was issued.
 */
export const backorderCancellations = pgTable(
  'backorder_cancellations',
  {
    id: serial('id').primaryKey(),
    saleLineId: integer('sale_line_id')
      .notNull()
      .references(() => saleLines.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    qty: integer('qty').notNull(),
    creditNoteId: integer('credit_note_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('backorder_cancellations_line_idx').on(t.saleLineId)],
);

/** The curated product selection (docs/product/catalogue-and-search.md#screens /{lang}/selection), ordered by `sequence`, kept by staff. */
export const selectionItems = pgTable(
  'selection_items',
  {
    variantId: integer('variant_id')
      .primaryKey()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('selection_items_sequence_idx').on(t.sequence)],
);
