/**
 * zod contracts of the staff coupon routes (/staff/coupons, docs/decisions/coupons.md). Money on
 * the wire in EUR excl. VAT with two decimals, percentages in % with two decimals, dates
 * YYYY-MM-DD (inclusive, null = open).
 */
import { z } from 'zod';
import { familySchema, problemSchema } from './catalog.ts';

/** A coupon code: 2 to 40 letters, digits, '-' or '_', stored and compared upper-case. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/)
  .transform((s) => s.toUpperCase());

/** A calendar day YYYY-MM-DD that exists (2026-02-30 is refused). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, 'Not a calendar day.');
const uses = z.number().int().min(1).max(1_000_000).nullable();

/** Fields of a coupon as staff write them. Exactly one of `percent` and `amount` is set. */
const couponFields = z.strictObject({
  code: couponCodeSchema,
  description: z.string().max(200).default(''),
  /** Percentage off the eligible lines (0.01 to 100). */
  percent: z.number().min(0.01).max(100).nullable().default(null),
  /** Fixed amount off, EUR excl. VAT (0.01 to 100,000). */
  amount: z.number().min(0.01).max(100_000).nullable().default(null),
  /** Minimum order, EUR excl. VAT of the product lines before the reward. */
  min_order: z.number().min(0).max(1_000_000).default(0),
  valid_from: day.nullable().default(null),
  valid_to: day.nullable().default(null),
  uses_per_customer: uses.default(null),
  uses_total: uses.default(null),
  families: z.array(familySchema).max(3).default([]),
  brand_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(100).default([]),
  active: z.boolean().default(true),
});

/** POST /staff/coupons. */
export const couponCreateSchema = couponFields
  .refine((c) => (c.percent === null) !== (c.amount === null), {
    message: 'Give either a percentage or an amount.',
    path: ['percent'],
  })
  .refine((c) => !c.valid_from || !c.valid_to || c.valid_from <= c.valid_to, {
    message: 'The end date is before the start date.',
    path: ['valid_to'],
  });
export type CouponCreate = z.infer<typeof couponCreateSchema>;
/** The form's input shape (before defaults). */
export type CouponCreateInput = z.input<typeof couponCreateSchema>;

/** PUT /staff/coupons/:id: the whole coupon, as at creation. */
export const couponUpdateSchema = couponCreateSchema;

/** A coupon as staff read it, with how many orders used it. */
export const staffCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  percent: z.number().nullable(),
  amount: z.number().nullable(),
  min_order: z.number(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  uses_per_customer: z.number().int().nullable(),
  uses_total: z.number().int().nullable(),
  families: z.array(z.string()),
  brand_ids: z.array(z.number().int()),
  active: z.boolean(),
  /** Confirmed orders that used it. */
  used: z.number().int(),
});
export type StaffCoupon = z.infer<typeof staffCouponSchema>;
/**
 * GET /staff/coupons: newest first, with every brand of the catalogue by name (what a coupon can
 * be restricted to, and the names of the brands of `brand_ids`).
 */
export const staffCouponListSchema = z.object({
  items: z.array(staffCouponSchema),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type StaffCouponList = z.infer<typeof staffCouponListSchema>;

/** Codes of a refused coupon (400 on POST carts/current/coupon). */
export const COUPON_REFUSALS = [
  'coupon_unknown',
  'coupon_expired',
  'coupon_minimum',
  'coupon_used',
  'coupon_not_applicable',
] as const;

/** A refused coupon: the problem and, for `coupon_minimum`, the minimum order (EUR excl. VAT). */
export const couponProblemSchema = problemSchema.extend({ min_order: z.number().optional() });
