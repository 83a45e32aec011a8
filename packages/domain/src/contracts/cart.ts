/**
 * zod contracts of the cart, carriers, pickup points and checkout confirm (docs/product/cart-and-checkout.md#cart, docs/product/cart-and-checkout.md#delivery-and-carriers,
 * docs/product/cart-and-checkout.md#pickup-point, docs/product/cart-and-checkout.md#sync, docs/product/cart-and-checkout.md#cart-calls). Shared by apps/api
 * (validation, OpenAPI) and apps/web (answer parsing). Wire names are snake_case; money is EUR
 * excl. VAT with two decimals unless named *_incl_tax; rates are percents with two decimals.
 */
import { z } from 'zod';
import { linePictureSchema } from './images.ts';
import { addressSchema } from './account.ts';
import { RESTRICTION_REASONS } from '../rules/restrictions.ts';

import {
  CART_TRANSACTION_QTY_MAX,
  CART_SYNC_BATCH_MAX,
  CART_OPTIONS_MAX_CHARS,
  CART_OPTIONS_MAX_DEPTH,
} from '../constants/cart.ts';

/** A row id of the back office: a positive 32-bit integer (anything else is a 400, never a 500). */
export const rowIdSchema = z.number().int().min(1).max(2_147_483_647);

/**
 * True when `value` nests no deeper than `maxDepth` objects/arrays and serialises to at most
 * `maxChars` characters; iterative, so a hostile 5,000-deep value cannot overflow the stack.
 */
export function boundedJson(value: unknown, maxDepth: number, maxChars: number): boolean {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return false;
    const children = Array.isArray(v) ? v : Object.values(v);
    seen += children.length;
    if (seen > maxChars) return false;
    for (const c of children) stack.push({ v: c, depth: depth + 1 });
  }
  return JSON.stringify(value ?? null).length <= maxChars;
}

/**
 * A pending cart transaction (docs/product/cart-and-checkout.md#cart transaction"): `qty` is a signed change added to the
 * line with the same product and options; `uuid` identifies it so a replay applies it once.
 */
export const cartTransactionSchema = z.object({
  uuid: z.string().min(1).max(64),
  /** The product variant id (the catalogue's variant id). */
  product_id: rowIdSchema,
  qty: z.number().int().min(-CART_TRANSACTION_QTY_MAX).max(CART_TRANSACTION_QTY_MAX),
  options: z
    .record(z.string(), z.unknown())
    .refine((o) => boundedJson(o, CART_OPTIONS_MAX_DEPTH, CART_OPTIONS_MAX_CHARS), {
      message: `Options may nest ${CART_OPTIONS_MAX_DEPTH} levels and ${CART_OPTIONS_MAX_CHARS} characters at most.`,
    })
    .optional()
    .default({}),
});
export type CartTransaction = z.infer<typeof cartTransactionSchema>;
/** A transaction as the client builds it (options may be omitted). */
export type CartTransactionInput = z.input<typeof cartTransactionSchema>;

/** POST carts/sync and v2/cart/sync: the stored cart uuid (null when none) and pending transactions. */
export const syncRequestSchema = z.object({
  uuid: z.string().max(64).nullable(),
  transactions: z.array(cartTransactionSchema).max(CART_SYNC_BATCH_MAX),
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;

/** A cart line (docs/product/cart-and-checkout.md#cart-line). */
export const cartLineSchema = z.object({
  id: z.number().int(),
  /** The product variant id; null for the handling-fee line. */
  product_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  /** Url key of the product in the request locale (null for the fee line). */
  url_key: z.string().nullable(),
  /** The line's picture and illustration facts (docs/decisions/product-pictures.md); null for fee lines. */
  picture: linePictureSchema.nullable().optional(),
  qty: z.number().int(),
  /** Unit price before discount, EUR excl. VAT. */
  price_unit: z.number(),
  /** Unit price after discount (net of the user's price list for this quantity), EUR excl. VAT. */
  price_unit_discounted: z.number(),
  /** Discount rate (%) and value (EUR, for the whole line). */
  discount: z.object({ rate: z.number(), value: z.number() }),
  /** Line amount EUR excl. VAT = round(price_unit_discounted × qty). */
  amount: z.number(),
  /** VAT rate (%). */
  tax_rate: z.number(),
  /** Units not available now (backorder, docs/product/cart-and-checkout.md#line-availability). */
  qty_unavailable: z.number().int(),
  /** The line had unavailable units and is now fully available. */
  qty_available_again: z.boolean(),
  options: z.record(z.string(), z.unknown()),
  /** The handling fee (docs/product/constants.md#delivery-and-fees) is a delivery line. */
  is_delivery: z.boolean(),
  made_to_order: z.boolean(),
  /**
   * Free units of a supplier promotion ("10 + 2", docs/decisions/supplier-promotions.md): price 0,
   * recomputed on every read; `free_of` is the id of the paying line. Absent on other lines.
   */
  is_free: z.boolean().optional(),
  free_of: z.number().int().nullable().optional(),
  /** The supplier promotion that gives the free units (main + promotional quantity). */
  free_terms: z.object({ main_quantity: z.number().int(), promo_quantity: z.number().int() }).optional(),
  /**
   * Why the customer may no longer order this line's product (rights changed since it was added:
   * depot number withdrawn, exception revoked, delivery moved abroad), docs/decisions/regulated-products.md.
   * Absent when the product may be ordered; the confirm refuses the cart while a line carries it.
   */
  restriction: z.enum(RESTRICTION_REASONS).optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Reasons a cart cannot be confirmed now. */
export const CONFIRM_BLOCKERS = [
  'cart_empty',
  'addresses_invalid',
  'made_to_order_consent_required',
  /** A product has no price in the user's price list. */
  'price_unavailable',
  'cannot_order',
  /** The total incl. VAT is above ORDER_TOTAL_MAX_CENTS. */
  'amount_too_large',
  /**
   * The chosen carrier delivers to pickup points and none is chosen: the order would have no place
   * of delivery (docs/decisions/cart-delivery-calls.md).
   */
  'pickup_point_required',
] as const;
export const confirmBlockerSchema = z.enum(CONFIRM_BLOCKERS);
export type ConfirmBlocker = z.infer<typeof confirmBlockerSchema>;

/** A pickup point (docs/product/cart-and-checkout.md#pickup-point). */
export const pickupSchema = z.object({
  id: z.number().int(),
  carrier_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  street: z.string(),
  street2: z.string(),
  zip: z.string(),
  city: z.string(),
  phone: z.string().nullable(),
  state_code: z.string().nullable(),
  country_code: z.string(),
});
export type Pickup = z.infer<typeof pickupSchema>;

/** A carrier (docs/product/cart-and-checkout.md#delivery-and-carriers) with the price applied to the cart (EUR excl. VAT). */
export const carrierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Price applied to the current cart (0 from its free threshold); list price without a cart. */
  price: z.number(),
  /** Free from this cart amount (EUR excl. VAT), null when never free. */
  free_from: z.number().nullable(),
  with_dropoff_site: z.boolean(),
  /** Expected delivery date (ISO) of an order placed now with this carrier. */
  expected_date: z.string().nullable(),
});
export type Carrier = z.infer<typeof carrierSchema>;

/** Totals the way an accountant reads them (packages/domain/src/totals.ts), EUR excl. VAT unless named. */
export const totalsSchema = z.object({
  /** Goods before discount. */
  goods_gross: z.number(),
  /** Discounts on goods (positive). */
  discount: z.number(),
  /** Goods after discount. */
  goods_net: z.number(),
  handling_fee: z.number(),
  delivery: z.number(),
  untaxed: z.number(),
  /** VAT per rate: rate (%), base (EUR excl. VAT) and tax (EUR). */
  vat: z.array(z.object({ rate: z.number(), base: z.number(), tax: z.number() })),
  tax: z.number(),
  /** EUR incl. VAT. */
  total: z.number(),
});
export type Totals = z.infer<typeof totalsSchema>;
export const carrierListSchema = z.object({ data: z.array(carrierSchema) });
export const pickupListSchema = z.object({ data: z.array(pickupSchema) });

/** A cart transaction the sync refused: its uuid, the variant id and the reason code. */
export const refusedTransactionSchema = z.object({
  uuid: z.string(),
  product_id: z.number().int(),
  reason: z.enum(RESTRICTION_REASONS),
});
export type RefusedTransaction = z.infer<typeof refusedTransactionSchema>;

/** The cart (docs/product/cart-and-checkout.md#cart). */
export const cartSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** Display name (e.g. "Cart 12"). */
  name: z.string(),
  /** Last change, ISO date-time. */
  date: z.string(),
  state: z.enum(['open', 'confirmed']),
  lines: z.array(cartLineSchema),
  amount: z.object({
    untaxed: z.number(),
    tax: z.number(),
    total: z.number(),
    discount_total: z.number(),
    total_without_discount: z.number(),
  }),
  /** Sum of the positive quantities of product lines (the fee line excluded). */
  lines_count: z.number().int(),
  /** Sum of product line amounts, EUR excl. VAT (fee excluded). */
  lines_amount: z.number(),
  delivery: z.object({
    address: addressSchema.nullable(),
    carrier: z
      .object({ id: z.number().int(), code: z.string(), name: z.string(), price: z.number() })
      .nullable(),
    pickup: pickupSchema.nullable(),
    /** Handling fee + delivery charges applied, EUR excl. VAT. */
    fees: z.number(),
    /** Expected delivery date (ISO) if confirmed now with the chosen carrier; null without carrier. */
    expected_date: z.string().nullable(),
  }),
  /** The accountant's breakdown of `amount`. */
  totals: totalsSchema,
  invoicing: z.object({ address: addressSchema.nullable() }),
  note: z.string(),
  client_order_ref: z.string(),
  suite_name: z.string(),
  promo_codes: z.array(z.string()),
  /** Reward of the applied coupon (docs/decisions/coupons.md), EUR excl. VAT; 0 without coupon. */
  reward_amount: z.number().optional(),
  /** The same reward incl. VAT (EUR). */
  reward_amount_tax_incl: z.number().optional(),
  has_made_to_order: z.boolean(),
  made_to_order_consent: z.boolean(),
  /** docs/product/cart-and-checkout.md: both invoicing and delivery addresses valid. */
  addresses_valid: z.boolean(),
  can_confirm: z.boolean(),
  confirm_blockers: z.array(confirmBlockerSchema),
  /** Sale created by the confirm, when confirmed. */
  sale_id: z.number().int().nullable(),
  /**
   * Transactions of this sync refused for a regulated product (docs/decisions/regulated-products.md):
   * recorded (a replay stays refused) but no line changed. Only in the answer of the sync that refused them.
   */
  refused: z.array(refusedTransactionSchema).optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** POST carts/current/update (docs/product/cart-and-checkout.md): every field optional; address ids must be the customer's. */
export const cartUpdateSchema = z.strictObject({
  client_order_ref: z.string().max(120).optional(),
  note: z.string().max(2000).optional(),
  delivery: z.strictObject({ address_id: rowIdSchema }).optional(),
  invoicing: z.strictObject({ address_id: rowIdSchema }).optional(),
  made_to_order_consent: z.boolean().optional(),
});
export type CartUpdate = z.infer<typeof cartUpdateSchema>;

/** POST carts/current/set_carrier. */
export const setCarrierSchema = z.strictObject({ carrier_id: rowIdSchema });
/** POST carts/current/set_pickup. */
export const setPickupSchema = z.strictObject({ pickup_site_id: rowIdSchema });
/** POST carts/current/coupon (empty code: nothing happens, docs/product/cart-and-checkout.md). */
export const couponSchema = z.strictObject({ code: z.string().max(60).optional().default('') });
/** GET delivery_pickups?carrier_id&name. */
export const pickupQuerySchema = z.object({
  carrier_id: z.coerce.number().pipe(rowIdSchema),
  name: z.string().max(100).optional().default(''),
});
/** GET carts/next_suite_name. */
export const nextSuiteNameSchema = z.object({ value: z.string() });
/**
 * POST carts/refresh_qty_unavailable: the cart uuid and, optionally, the unavailable units per line
 * as the client last showed them (so lines now fully available come back with qty_available_again).
 */
export const refreshQtyRequestSchema = z.object({
  uuid: z.string().max(64),
  previous: z
    .array(
      z.object({ line_id: z.number().int(), qty_unavailable: z.number().int().min(0).max(2_147_483_647) }),
    )
    .max(500)
    .optional(),
});

/** POST carts/confirm (docs/product/cart-and-checkout.md). */
export const confirmRequestSchema = z.object({
  uuid: z.string().min(1).max(64),
  note: z.string().max(2000).optional(),
  customer_ref: z.string().max(120).optional(),
  suite_name: z.string().max(120).optional(),
});
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

/** The sale created (or already created) by the confirm. */
export const confirmResponseSchema = z.object({
  sale_id: z.number().int(),
  name: z.string(),
  state: z.string(),
  /** EUR incl. VAT. */
  amount_total: z.number(),
});
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

/**
 * Why a line of an order-import file was not imported. `code_rounded`: the code is a number a
 * spreadsheet wrote in scientific notation ("5,41235E+12"), its digits lost; `quantity_ambiguous`:
 * "1.000" or "1,000", a thousand or one by convention (docs/decisions/order-file-encodings.md);
 * `not_orderable`: a product the customer may not order (docs/decisions/regulated-products.md).
 */
export const IMPORT_LINE_ERRORS = [
  'missing_code',
  'code_rounded',
  'unknown_product',
  'invalid_quantity',
  'quantity_ambiguous',
  'not_orderable',
] as const;

/** POST carts/csv: the cart after the import, the lines imported and the lines refused. */
export const csvImportResultSchema = z.object({
  cart: cartSchema,
  /** Number of file lines that became cart transactions. */
  imported: z.number().int(),
  /** Lines not imported: 1-based line number in the file, the reason and the code read. */
  errors: z.array(
    z.object({ line: z.number().int(), reason: z.enum(IMPORT_LINE_ERRORS), value: z.string() }),
  ),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;
