/**
 * zod contracts of standard orders, the requirements' "wishlists" (docs/product/customer-area.md#standard-orders, docs/product/customer-area.md
 * Wishlist, docs/product/customer-area.md#wishlist-calls, docs/product/errors.md#orders-and-customer-area "Wishlist duplicate"). Shared by apps/api (validation,
 * OpenAPI) and apps/web (answer parsing, forms).
 *
 * - `product_id` is the catalogue's variant id, the same id the cart's `product_id` carries, so a
 *   line goes to the cart as one transaction `{product_id, qty}`.
 * - Quantities are whole units; money is EUR excl. VAT with two decimals, for the caller's price
 *   list at the line's quantity (null when the product has no price in that list).
 * - A list belongs to the customer (practice): every user of the customer sees and edits it.
 *
 * Problem codes of the routes: 400 `bad_request` (malformed body or path),
 * 400 `wishlist_product_unknown` (product missing or not visible to the caller),
 * 400 `wishlist_line_unknown` (an update names a line that is not in the list),
 * 404 `not_found` (no such list for this customer), 409 `wishlist_duplicate_product`
 * ('This product already exists in this wishlist', docs/product/customer-area.md), 409 `wishlist_name_exists`
 * (another list of the customer has exactly this name, docs/product/customer-area.md).
 */
import { z } from 'zod';
import { linePictureSchema } from './images.ts';
import { stockStateSchema } from './catalog.ts';

import { WISHLIST_NAME_MAX, WISHLIST_PAGE_SIZE_MAX, WISHLIST_QTY_MAX } from '../constants/wishlist.ts';

/** Stable problem codes of the wishlist routes (the web maps them to messages). */
export const WISHLIST_ERROR_CODES = [
  'wishlist_duplicate_product',
  'wishlist_name_exists',
  'wishlist_product_unknown',
  'wishlist_line_unknown',
] as const;
export type WishlistErrorCode = (typeof WISHLIST_ERROR_CODES)[number];

/**
 * A list name: trimmed, 1 to WISHLIST_NAME_MAX characters; compared exactly (case-sensitive).
 * Same rule as constants/wishlist.ts `wishlistNameIssue` (the browser's check without zod).
 */
export const wishlistNameSchema = z.string().trim().min(1).max(WISHLIST_NAME_MAX);

/** A line quantity: whole units, 1 to WISHLIST_QTY_MAX. */
export const wishlistQtySchema = z.number().int().min(1).max(WISHLIST_QTY_MAX);

/** One line of a standard order as the api answers it (docs/product/customer-area.md: id, product_id, quantity). */
export const wishlistLineSchema = z.object({
  /** Line id (used by POST wishlists/{id}/update). */
  id: z.number().int(),
  /** Variant id (the cart's product_id). */
  product_id: z.number().int(),
  sku: z.string(),
  /** Product name — variant name when the product has several variants, in the request language. */
  name: z.string(),
  /** Url key of the product page in the request language (null when the product has none). */
  url_key: z.string().nullable(),
  /** The line's picture and illustration facts (docs/decisions/product-pictures.md); null for fee lines. */
  picture: linePictureSchema.nullable().optional(),
  quantity: z.number().int(),
  /** Availability state of the variant (docs/product/catalogue-and-search.md#product stock state). */
  stock_state: stockStateSchema,
  made_to_order: z.boolean(),
  /** Unit price before discounts for `quantity` units, EUR excl. VAT; null when unpriced. */
  price_unit: z.number().nullable(),
  /** Unit net price for `quantity` units in the caller's price list, EUR excl. VAT; null when unpriced. */
  price_unit_discounted: z.number().nullable(),
  /** price_unit_discounted × quantity rounded to cents, EUR excl. VAT; null when unpriced. */
  amount: z.number().nullable(),
});
export type WishlistLine = z.infer<typeof wishlistLineSchema>;

/** A standard order with its lines (GET wishlists/{id} and the answer of every change). */
export const wishlistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Lines the caller may see, in the order they were added. */
  lines: z.array(wishlistLineSchema),
  /** Number of (visible) lines. */
  lines_count: z.number().int(),
  /** Sum of the priced line amounts, EUR excl. VAT. */
  amount: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

/** A row of GET wishlists: the list without its lines. */
export const wishlistSummarySchema = wishlistSchema.omit({ lines: true, amount: true });
export type WishlistSummary = z.infer<typeof wishlistSummarySchema>;

/** GET wishlists → `count` (all lists of the customer) and the page's `items`, sorted by name. */
export const wishlistListSchema = z.object({
  count: z.number().int(),
  items: z.array(wishlistSummarySchema),
});
export type WishlistList = z.infer<typeof wishlistListSchema>;

/** Query of GET wishlists: page (default 1) and page_size (default and maximum 999, docs/product/customer-area.md). */
export const wishlistQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(WISHLIST_PAGE_SIZE_MAX).default(WISHLIST_PAGE_SIZE_MAX),
});

/** POST wishlists: a new, empty list named `name` (409 `wishlist_name_exists` when taken). */
export const wishlistCreateSchema = z.object({ name: wishlistNameSchema }).strict();
export type WishlistCreate = z.infer<typeof wishlistCreateSchema>;

/**
 * POST wishlists/{id}/add_item: adds `quantity` (default 1, docs/product/customer-area.md) units of variant `product_id`.
 * A product already in the list → 409 `wishlist_duplicate_product` (docs/product/customer-area.md: unique per list).
 */
export const wishlistAddItemSchema = z
  .object({
    product_id: z.number().int().min(1).max(2_147_483_647),
    quantity: wishlistQtySchema.default(1),
  })
  .strict();
export type WishlistAddItem = z.input<typeof wishlistAddItemSchema>;

/**
 * One line change of POST wishlists/{id}/update: the line `id` gets `quantity` units, or goes away
 * when `quantity` is 0.
 */
export const wishlistLineChangeSchema = z
  .object({
    id: z.number().int().min(1).max(2_147_483_647),
    quantity: z.number().int().min(0).max(WISHLIST_QTY_MAX),
  })
  .strict();
export type WishlistLineChange = z.infer<typeof wishlistLineChangeSchema>;

/**
 * POST wishlists/{id}/update: `name` renames the list (409 `wishlist_name_exists` when another list
 * of the customer has exactly that name); `lines` sets quantities, 0 removing the line (each line
 * id at most once, 400 `wishlist_line_unknown` for a line not in the list). At least one of the
 * two; everything is applied in one transaction or not at all. Answers the list.
 */
export const wishlistUpdateSchema = z
  .object({
    name: wishlistNameSchema.optional(),
    lines: z
      .array(wishlistLineChangeSchema)
      .max(1000)
      .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, {
        message: 'each line id at most once',
      })
      .optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.lines !== undefined, {
    message: 'name or lines is required',
  });
export type WishlistUpdate = z.infer<typeof wishlistUpdateSchema>;
