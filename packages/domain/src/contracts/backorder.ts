/**
 * Zod contracts of the products on order (backorders) of a customer (docs/product/orders-and-documents.md#screens
 * /{lang}/account/products_on_order, docs/product/orders-and-documents.md#backorders (order-line quantity)", docs/product/orders-and-documents.md#backorder-cancel Backorder
 * cancel, docs/product/orders-and-documents.md#backorder-cancel, docs/product/orders-and-documents.md#products-on-order-calls, docs/product/errors.md, docs/product/constants.md#filters).
 *
 * A product on order is a product line (not a handling fee / shipping line) of one of the
 * customer's orders whose order is neither cancelled nor fully delivered and whose backorder
 * quantity `qty − qty_delivered − qty_canceled` is above 0. Quantities are units; money is EUR
 * excl. VAT (2 decimals).
 *
 * `restricts[]` values (several = union; none = every product on order):
 * - `backorder`: lines of which part was not available when ordered (`qty_unavailable > 0`: the
 *   rest "goes on backorder", docs/product/cart-and-checkout.md#line-availability);
 * - `made_to_order`: lines of made-to-order products.
 * The page's three-value filter (docs/product/web-app-shell.md#routes / 9) maps onto them with BACKORDER_FILTER_RESTRICTS:
 * `all` → none, `backorders` (backorders plus made-to-order) → both, `made_to_order` → made_to_order.
 */
import { z } from 'zod';
import { familySchema, localeSchema } from './catalog.ts';
import { SALES_DEFAULT_PAGE_SIZE } from '../order.ts';

/** Values of GET products_on_order `restricts[]` (see the module comment). */
export const BACKORDER_RESTRICTS = ['backorder', 'made_to_order'] as const;
export const backorderRestrictSchema = z.enum(BACKORDER_RESTRICTS);
export type BackorderRestrict = z.infer<typeof backorderRestrictSchema>;

/** The page filter of docs/product/web-app-shell.md#routes: all, backorders plus made-to-order, made-to-order only. */
export const BACKORDER_FILTERS = ['all', 'backorders', 'made_to_order'] as const;
export type BackorderFilter = (typeof BACKORDER_FILTERS)[number];

/** The `restricts[]` sent for each page filter value. */
export const BACKORDER_FILTER_RESTRICTS: Record<BackorderFilter, readonly BackorderRestrict[]> = {
  all: [],
  backorders: ['backorder', 'made_to_order'],
  made_to_order: ['made_to_order'],
};

/**
 * Why a product on order cannot be cancelled (the `reason` of a 409 `backorder_not_cancelable`,
 * shown as 'This product order cannot be canceled: {reason}', docs/product/errors.md#orders-and-customer-area). See
 * docs/decisions/backorder-cancellation.md:
 * - `order_closed`: the order is cancelled or fully delivered;
 * - `made_to_order_ordered`: a made-to-order product already ordered from the supplier (its order is
 *   no longer pending);
 * - `nothing_on_order`: nothing of the line is left on order (delivered or cancelled meanwhile).
 */
export const BACKORDER_NOT_CANCELABLE_REASONS = [
  'order_closed',
  'made_to_order_ordered',
  'nothing_on_order',
] as const;
export const backorderNotCancelableReasonSchema = z.enum(BACKORDER_NOT_CANCELABLE_REASONS);
export type BackorderNotCancelableReason = z.infer<typeof backorderNotCancelableReasonSchema>;

/** One value or a repeated query parameter (`a=x&a=y` arrives as an array). */
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).max(10)]).optional();

/**
 * Query of GET products_on_order: page (default 1), per_page (1-100, default 10, docs/product/constants.md#search-and-list-sizes list
 * default), families[] (meds, food, equipment) and restricts[] (see BACKORDER_RESTRICTS). The
 * bracketed and the plain names are both accepted; `lang` (added by the web's browser calls) is
 * ignored. Unknown values or parameters → 400.
 */
export const productsOnOrderQuerySchema = z.strictObject({
  lang: localeSchema.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(SALES_DEFAULT_PAGE_SIZE),
  'families[]': oneOrMany(familySchema),
  families: oneOrMany(familySchema),
  'restricts[]': oneOrMany(backorderRestrictSchema),
  restricts: oneOrMany(backorderRestrictSchema),
});
export type ProductsOnOrderQuery = z.infer<typeof productsOnOrderQuerySchema>;

/** A product on order (docs/product/orders-and-documents.md#backorders). `id` is the sale line id. */
export const productOnOrderSchema = z.object({
  id: z.number().int(),
  /** The order holding the line. */
  sale: z.object({
    id: z.number().int(),
    name: z.string(),
    date_order: z.string(),
    state: z.string(),
  }),
  /** Variant id (null for a product no longer in the catalogue). */
  product_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  /** The label the line stored at checkout (only the pack size for imported history). */
  name: z.string(),
  /** The catalogue's product name and pack size in the request's language (null: product gone). */
  product_name: z.string().nullable(),
  variant_name: z.string().nullable(),
  family: familySchema.nullable(),
  made_to_order: z.boolean(),
  /** Units ordered, delivered, unavailable when ordered, cancelled. */
  qty: z.number().int(),
  qty_delivered: z.number().int(),
  qty_unavailable: z.number().int(),
  qty_canceled: z.number().int(),
  /** Units still on order: qty − qty_delivered − qty_canceled (> 0 for a listed line). */
  qty_backorder: z.number().int(),
  /** Net unit price, EUR excl. VAT (line amount / qty). */
  price_unit: z.number(),
  /** Amount of the units on order, EUR excl. VAT. */
  amount_backorder: z.number(),
  /** Whether POST products_on_order/cancel/{id} is allowed now; else the reason. */
  cancelable: z.boolean(),
  not_cancelable_reason: backorderNotCancelableReasonSchema.nullable(),
});
export type ProductOnOrder = z.infer<typeof productOnOrderSchema>;

/** GET products_on_order: `count` (lines matching the filters) and the page's `items`, newest order first. */
export const productsOnOrderListSchema = z.object({
  count: z.number().int(),
  items: z.array(productOnOrderSchema),
});
export type ProductsOnOrderList = z.infer<typeof productsOnOrderListSchema>;

/**
 * Body of POST products_on_order/cancel/{id}: units to cancel. Any number passes the schema; the
 * service answers 400 `backorder_cancel_quantity` (with `max`) unless it is an integer
 * 1..qty_backorder, so the web shows the docs/product/orders-and-documents.md message for every wrong value.
 */
export const backorderCancelInputSchema = z.strictObject({
  quantity: z.number(),
});
export type BackorderCancelInput = z.infer<typeof backorderCancelInputSchema>;

/**
 * Answer of a cancellation: the line after it (`qty_backorder` may be 0), the units cancelled, the
 * order's new state and the credit note issued for the part already invoiced (null when none).
 */
export const backorderCancelResultSchema = z.object({
  line: productOnOrderSchema,
  canceled: z.number().int(),
  sale_state: z.string(),
  credit_note: z
    .object({ id: z.number().int(), name: z.string(), amount_total: z.number(), qty: z.number().int() })
    .nullable(),
});
export type BackorderCancelResult = z.infer<typeof backorderCancelResultSchema>;

/**
 * Problem of the products-on-order routes: the usual problem plus `max` (400
 * `backorder_cancel_quantity`: 'The quantity must be between 1 and {max}') and `reason` (409
 * `backorder_not_cancelable`: 'This product order cannot be canceled: {reason}').
 */
export const backorderProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), code: z.string() })).optional(),
  max: z.number().int().optional(),
  reason: backorderNotCancelableReasonSchema.optional(),
});
export type BackorderProblem = z.infer<typeof backorderProblemSchema>;

/** The quantity check of docs/product/orders-and-documents.md: an integer between 1 and `max` (the backorder quantity). */
export function isValidCancelQuantity(quantity: number, max: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= max;
}
