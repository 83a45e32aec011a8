/**
 * Zod contracts of the sales (orders), documents and payment API (docs/product/orders-and-documents.md#order, docs/product/cart-and-checkout.md#payment,
 * docs/product/orders-and-documents.md#documents, docs/product/orders-and-documents.md#sales-calls, docs/product/cart-and-checkout.md#payment, docs/product/orders-and-documents.md#documents, docs/product/constants.md#search-and-list-sizes sales page size).
 * Money is EUR as numbers with 2 decimals (excl. VAT unless named otherwise); dates are ISO 8601.
 */
import { z } from 'zod';
import { linePictureSchema } from './images.ts';
import {
  DOCUMENT_TYPES,
  ORDER_STATES,
  PAYMENT_MODES,
  SALE_CHANNELS,
  SALES_DEFAULT_PAGE_SIZE,
} from '../order.ts';
import { totalsSchema } from './cart.ts';

export const orderStateSchema = z.enum(ORDER_STATES);
export const saleChannelSchema = z.enum(SALE_CHANNELS);
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export const paymentModeSchema = z.enum(PAYMENT_MODES);

/** Amounts of an order: untaxed (excl. VAT), tax (VAT) and total (incl. VAT), EUR. */
export const saleAmountSchema = z.object({
  untaxed: z.number(),
  tax: z.number(),
  total: z.number(),
});

/** One row of GET sales and GET orders (docs/product/orders-and-documents.md#order, docs/product/orders-and-documents.md progress). */
export const saleSummarySchema = z.object({
  id: z.number().int(),
  /** Order number. */
  name: z.string(),
  date_order: z.string(),
  /** Stored state; usually one of ORDER_STATES (other values have progress 0). */
  state: z.string(),
  state_label: z.string().optional(),
  /** 0-100 (docs/product/orders-and-documents.md). */
  progress: z.number().int(),
  sale_channel: z.string(),
  amount: saleAmountSchema,
  client_order_ref: z.string(),
  suite_name: z.string(),
});
export type SaleSummary = z.infer<typeof saleSummarySchema>;

/** Invoice or credit note of an order. */
export const saleInvoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['invoice', 'credit_note']),
  date: z.string(),
  amount_total: z.number(),
});

/**
 * One row of the order lists (GET sales, GET orders): the summary plus the order's invoices and
 * credit notes, oldest first, for their download links (docs/decisions/order-history.md).
 */
export const saleListItemSchema = saleSummarySchema.extend({
  invoices: z.array(saleInvoiceSchema),
});
export type SaleListItem = z.infer<typeof saleListItemSchema>;

/** GET sales?page&page_size → count (all the customer's sales) and the page's items, newest first. */
export const salesListSchema = z.object({
  count: z.number().int(),
  items: z.array(saleListItemSchema),
});
export type SalesList = z.infer<typeof salesListSchema>;

/** GET orders?page&page_size&sale_channel → size (total matching) and data (the page). */
export const ordersListSchema = z.object({
  size: z.number().int(),
  data: z.array(saleListItemSchema),
});
export type OrdersList = z.infer<typeof ordersListSchema>;

/** A calendar date `yyyy-mm-dd` that exists (2026-02-30 is refused). */
const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date yyyy-mm-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'not a calendar date');

/** An optional search text: trimmed, at most 100 characters; empty (a blank form field) = absent. */
const searchText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((s) => (s ? s : undefined));

/** An optional date of a GET form: empty = absent. */
const searchDate = z
  .union([z.literal(''), calendarDateSchema])
  .optional()
  .transform((s) => (s ? s : undefined));

/**
 * Search of the order lists (docs/decisions/order-history.md), all optional and combined with AND:
 * - `q`: contained in the order number or the customer reference (case-insensitive);
 * - `product`: contained in the name (any locale) or the SKU of one of the order's product lines;
 * - `date_from` / `date_to`: order dates (Europe/Brussels business days, both inclusive).
 */
export const salesSearchFields = {
  q: searchText,
  product: searchText,
  date_from: searchDate,
  date_to: searchDate,
};
export type SalesSearch = {
  q?: string | undefined;
  product?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
};

/** Refuses a date range whose start is after its end (400 naming `date_to`). */
function checkDateRange(value: SalesSearch, ctx: z.RefinementCtx): void {
  if (value.date_from && value.date_to && value.date_from > value.date_to)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'date_to is before date_from' });
}

/** Query of GET sales (defaults: page 1, page size 10) with the search fields; unknown keys refused. */
export const salesQuerySchema = z
  .strictObject({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(SALES_DEFAULT_PAGE_SIZE),
    ...salesSearchFields,
  })
  .superRefine(checkDateRange);

/** Query of GET orders: the sales query plus an optional sale channel (`all` = no filter). */
export const ordersQuerySchema = z
  .strictObject({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(SALES_DEFAULT_PAGE_SIZE),
    sale_channel: saleChannelSchema.default('all'),
    ...salesSearchFields,
  })
  .superRefine(checkDateRange);

/** Address snapshot kept on an order (an address edited later does not change a past order). */
export const saleAddressSchema = z.object({
  name: z.string(),
  street: z.string(),
  street2: z.string(),
  zip: z.string(),
  city: z.string(),
  country_code: z.string(),
  vat: z.string().nullable(),
  depot_number: z.string().nullable(),
  phone: z.string().nullable(),
});
export type SaleAddress = z.infer<typeof saleAddressSchema>;

/** Order line (docs/product/orders-and-documents.md#order-line). `product_id` is the variant id; amounts EUR excl. VAT. */
export const saleLineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  qty: z.number().int(),
  qty_delivered: z.number().int(),
  qty_unavailable: z.number().int(),
  qty_canceled: z.number().int(),
  price_unit: z.number(),
  /** rate in percent (e.g. 12.5), value in EUR for the line. */
  discount: z.object({ rate: z.number(), value: z.number() }),
  amount: z.number(),
  is_delivery: z.boolean(),
  /** Free units of a supplier promotion, price 0 (docs/decisions/supplier-promotions.md). */
  is_free: z.boolean().optional(),
  /** The coupon reward (negative amount, no product; docs/decisions/coupons.md). */
  is_reward: z.boolean().optional(),
  /**
   * The product as the catalogue names it today, in the request's locale (fallback: another
   * locale): product name, pack size / variant label, url key of /{lang}/p/{url_key}. Null for
   * fee lines and for a variant removed from the catalogue (then `name`, the stored line label, is all).
   */
  product_name: z.string().nullable(),
  variant_name: z.string().nullable(),
  url_key: z.string().nullable(),
  /** The line's picture and illustration facts (docs/decisions/product-pictures.md); null for fee lines. */
  picture: linePictureSchema.nullable().optional(),
  /** True when the variant can be added to the cart again (it exists and the caller may see it). */
  orderable: z.boolean(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

/** Delivery of an order (docs/product/orders-and-documents.md#picking). */
export const pickingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tracking_ref: z.string().nullable(),
  carrier: z.string().nullable(),
  date: z.string().nullable(),
});

/**
 * A delivery as GET sales/{id} shows it (docs/decisions/shipped-and-delivered.md): `state`
 * `shipped` from its creation (the goods left with their tracking reference), `delivered` once
 * staff confirm the delivery; `delivered_at` ISO 8601 or null.
 */
export const salePickingSchema = pickingSchema.extend({
  state: z.enum(['shipped', 'delivered']),
  shipped_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type SalePicking = z.infer<typeof salePickingSchema>;

/** GET sales/{id}: the order with its lines and the displayed figures (docs/product/orders-and-documents.md#order). */
export const saleDetailSchema = saleSummarySchema.extend({
  note: z.string(),
  customer_number: z.string(),
  vat_number: z.string().nullable(),
  suite_number: z.string(),
  depot_number: z.string().nullable(),
  /** Sum of the product lines excl. VAT. */
  subtotal: z.number(),
  /** Handling fee / shipping excl. VAT. */
  shipping_cost: z.number(),
  total_vat: z.number(),
  total: z.number(),
  lines: z.array(saleLineSchema),
  invoicing_address: saleAddressSchema.nullable(),
  delivery_address: saleAddressSchema.nullable(),
  carrier: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  pickings: z.array(salePickingSchema),
  invoices: z.array(saleInvoiceSchema),
  payment_mode: z.string(),
  payment_reference: z.string().nullable(),
  /** Expected delivery date (ISO) computed at confirm for the chosen carrier; null for older orders. */
  expected_delivery_date: z.string().nullable(),
  /** The accountant's breakdown of the order's lines (docs/decisions/order-totals.md). */
  totals: totalsSchema,
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

/** A downloadable document (docs/product/orders-and-documents.md#documents). `id` is e.g. "invoice-12", "picking-3", "sale-5", "price_list". */
export const documentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: documentTypeSchema,
  /** pdf or csv. */
  format: z.enum(['pdf', 'csv']),
  date: z.string().nullable(),
  sale_channel: z.string().nullable(),
  sale_id: z.number().int().nullable(),
});
export type VetDocument = z.infer<typeof documentSchema>;

/** GET documents?page&per_page&type. */
export const documentListSchema = z.object({
  count: z.number().int(),
  items: z.array(documentSchema),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(SALES_DEFAULT_PAGE_SIZE),
  type: documentTypeSchema.optional(),
});

/** Staff: POST staff/sales/{id}/state. */
export const saleStateInputSchema = z.strictObject({ state: orderStateSchema });

/** Quantities per sale line id (keys are the line ids as strings), each > 0. */
export const lineQuantitiesSchema = z.record(
  z.string().regex(/^\d{1,9}$/),
  z.number().int().min(1).max(1000000),
);

/** Staff: POST staff/sales/{id}/pickings. */
export const pickingInputSchema = z.strictObject({
  tracking_ref: z.string().trim().max(100).optional(),
  carrier_name: z.string().trim().max(100).optional(),
  lines: lineQuantitiesSchema,
});

/** Staff: POST staff/invoices/{id}/credit_note. */
export const creditNoteInputSchema = z.strictObject({ lines: lineQuantitiesSchema });

/** GET carts/current/payable (docs/product/cart-and-checkout.md#payment). amount incl. VAT in EUR. */
export const payableSchema = z.object({
  reference: z.string(),
  amount: z.number(),
  currency_code: z.string(),
  formatted_amount: z.string(),
});
export type Payable = z.infer<typeof payableSchema>;

/** A payment provider offered to the customer (docs/product/orders-and-documents.md Provider). */
export const paymentProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  state: z.string(),
  icons: z.array(z.object({ sequence: z.number().int(), name: z.string(), image: z.string() })),
});
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** GET payment/methods?payable=. */
export const paymentMethodsSchema = z.object({ providers: z.array(paymentProviderSchema) });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** POST payment/transactions (docs/product/cart-and-checkout.md#payment-calls). `payable` is the cart uuid (the payable reference). */
export const paymentTransactionRequestSchema = z.strictObject({
  payable: z.string().min(1).max(100),
  flow: z.literal('redirect'),
  provider_id: z.number().int(),
  frontend_redirect_url: z.string().url().max(2000),
  provider_input: z
    .strictObject({
      note: z.string().max(2000).optional(),
      customer_ref: z.string().max(100).optional(),
      suite_name: z.string().max(100).optional(),
    })
    .optional(),
});
export type PaymentTransactionRequest = z.infer<typeof paymentTransactionRequestSchema>;

/** Answer of POST payment/transactions (docs/product/cart-and-checkout.md#payment). */
export const paymentTransactionSchema = z.object({
  flow: z.literal('redirect'),
  provider_id: z.number().int(),
  provider_code: z.string(),
  /** Transaction reference. */
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  partner: z.number().int().nullable(),
  /** Where the browser goes next (the frontend for on account / bank transfer, Stripe for card). */
  redirect_url: z.string(),
  redirect_form_html: z.string().nullable(),
  session_id: z.string().nullable(),
  publishable_key: z.string().nullable(),
  client_secret: z.string().nullable(),
  /** Order number once the cart is confirmed (null while a card payment is open). */
  sale_name: z.string().nullable(),
  sale_id: z.number().int().nullable(),
  payment_reference: z.string().nullable(),
});
export type PaymentTransaction = z.infer<typeof paymentTransactionSchema>;
