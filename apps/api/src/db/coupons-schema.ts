/**
 * Drizzle schema of coupons and their redemptions (0028_coupons_and_price_terms.sql,
 * docs/decisions/coupons.md). Money in integer cents EUR excl. VAT unless named *_tax_incl,
 * rates in basis points, dates are business days (inclusive, NULL = open).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts-schema.ts';
import { sales } from './orders-schema.ts';

/** A coupon code: a percentage or an amount off the eligible product lines. Codes are upper-case. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    percentBp: integer('percent_bp'),
    amountCents: integer('amount_cents'),
    minOrderCents: integer('min_order_cents').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    usesPerCustomer: integer('uses_per_customer'),
    usesTotal: integer('uses_total'),
    families: text('families')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    brandIds: integer('brand_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);

/** One row per confirmed order that used a coupon, with the reward granted. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    rewardCents: integer('reward_cents').notNull(),
    rewardTaxInclCents: integer('reward_tax_incl_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_sale_key').on(t.saleId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.customerId),
  ],
);
