/**
 * Drizzle schema of carts, orders and their documents (docs/product/cart-and-checkout.md#cart, docs/product/orders-and-documents.md#order, docs/product/cart-and-checkout.md#delivery-and-carriers, docs/product/cart-and-checkout.md#payment,
 * docs/product/orders-and-documents.md#documents, docs/product/cart-and-checkout.md#sync and order state).
 *
 * Shape in one line: a customer has at most one open `carts` row (its `uuid` is what the client
 * stores); `cart_lines` hold quantities per product (variant) and options; `cart_transactions`
 * records every applied transaction uuid per cart, so a replayed sync changes nothing (exactly once).
 * Confirming a cart creates one `sales` row (unique per cart: a repeated confirm returns it) with
 * its `sale_lines`; staff add `pickings` and issue `invoices` (invoices and credit notes).
 * Money in integer cents (EUR excl. VAT unless named *_incl_tax), rates in basis points.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { addresses, customers, users } from './accounts-schema.ts';
import { bytea } from './content-schema.ts';
import { productVariants } from './catalog-schema.ts';

/** Carriers (docs/product/cart-and-checkout.md#delivery-and-carriers): price applied to the cart in cents; free from `freeFromCents` when set. */
export const carriers = pgTable('carriers', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull().default(0),
  freeFromCents: integer('free_from_cents'),
  withDropoffSite: boolean('with_dropoff_site').notNull().default(false),
  sequence: integer('sequence').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Orders placed up to this Brussels time ("HH:MM") leave the same business day. */
  cutoffTime: text('cutoff_time').notNull().default('16:00'),
  /** Business days from departure to delivery (docs/decisions/delivery-charges.md). */
  leadBusinessDays: integer('lead_business_days').notNull().default(1),
});

/** Pickup points of a carrier (docs/product/cart-and-checkout.md#pickup-point), searchable by name. */
export const pickupSites = pgTable(
  'pickup_sites',
  {
    id: serial('id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    street: text('street').notNull().default(''),
    street2: text('street2').notNull().default(''),
    zip: text('zip').notNull().default(''),
    city: text('city').notNull().default(''),
    phone: text('phone'),
    stateCode: text('state_code'),
    countryCode: text('country_code').notNull().default('BE'),
  },
  (t) => [index('pickup_sites_carrier_idx').on(t.carrierId)],
);

/**
 * Stock level per variant (docs/decisions/stock-moves.md, modules/stock/service.ts): `qtyAvailable`
 * free units (availability of cart lines), `qtyReserved` units held for confirmed order lines not
 * yet shipped (0027). Absent → created from the stock state on the first stock move.
 */
export const stockLevels = pgTable('stock_levels', {
  variantId: integer('variant_id')
    .primaryKey()
    .references(() => productVariants.id, { onDelete: 'cascade' }),
  qtyAvailable: integer('qty_available').notNull(),
  qtyReserved: integer('qty_reserved').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's cart (docs/product/cart-and-checkout.md#cart). `state` open → confirmed (then `saleId` is set). */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `open` or `confirmed`. */
    state: text('state').notNull().default('open'),
    note: text('note').notNull().default(''),
    clientOrderRef: text('client_order_ref').notNull().default(''),
    suiteName: text('suite_name').notNull().default(''),
    invoicingAddressId: integer('invoicing_address_id').references(() => addresses.id),
    deliveryAddressId: integer('delivery_address_id').references(() => addresses.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    pickupSiteId: integer('pickup_site_id').references(() => pickupSites.id),
    couponCode: text('coupon_code'),
    madeToOrderConsent: boolean('made_to_order_consent').notNull().default(false),
    saleId: integer('sale_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one open cart per customer.
    uniqueIndex('carts_one_open_per_customer')
      .on(t.customerId)
      .where(sql`state = 'open'`),
  ],
);

/** Lines of a cart: one per product (variant) and options; quantity always > 0 (0 deletes the line). */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id),
    /** Canonical JSON of the options ('{}' when none): part of the line's identity. */
    optionsKey: text('options_key').notNull().default('{}'),
    qty: integer('qty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_lines_identity').on(t.cartId, t.variantId, t.optionsKey)],
);

/**
 * Transaction uuids already applied, per customer and for ever (exactly-once sync,
 * docs/decisions/cart-exactly-once.md); `cartId` is the cart that received it.
 */
export const cartTransactions = pgTable(
  'cart_transactions',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    uuid: text('uuid').notNull(),
    variantId: integer('variant_id'),
    qty: integer('qty').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** RestrictionReason when the sync refused it (docs/decisions/regulated-products.md, 0026). */
    refusedReason: text('refused_reason'),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.uuid] }), index('cart_transactions_cart_idx').on(t.cartId)],
);

/**
 * Orders (docs/product/orders-and-documents.md#order). `name` is the order number; `state` one of cancel, pending, processing,
 * delivery_partial, delivery_full (docs/product/orders-and-documents.md); `cartId` unique: confirming a cart twice returns the
 * same sale. Addresses are snapshots (an address edited later does not change a past order).
 */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cartId: integer('cart_id').references(() => carts.id),
    state: text('state').notNull().default('pending'),
    /** web, fax, mail or phone. */
    saleChannel: text('sale_channel').notNull().default('web'),
    dateOrder: timestamp('date_order', { withTimezone: true }).notNull().defaultNow(),
    note: text('note').notNull().default(''),
    clientOrderRef: text('client_order_ref').notNull().default(''),
    suiteName: text('suite_name').notNull().default(''),
    invoicingAddress: jsonb('invoicing_address').$type<Record<string, unknown>>(),
    deliveryAddress: jsonb('delivery_address').$type<Record<string, unknown>>(),
    carrierId: integer('carrier_id').references(() => carriers.id),
    carrierName: text('carrier_name'),
    /** on_account, bank_transfer or card. */
    paymentMode: text('payment_mode').notNull().default('on_account'),
    /** Belgian structured communication of a bank transfer (+++xxx/xxxx/xxxxx+++). */
    paymentReference: text('payment_reference'),
    amountUntaxedCents: integer('amount_untaxed_cents').notNull().default(0),
    amountTaxCents: integer('amount_tax_cents').notNull().default(0),
    amountTotalCents: integer('amount_total_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    /** Expected delivery date of the chosen carrier at confirm time (domain delivery.ts). */
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_cart_key').on(t.cartId),
    index('sales_customer_date_idx').on(t.customerId, t.dateOrder),
    // Staff lists and counts of open orders (staff/summary, staff/sales?state=open).
    index('sales_state_date_idx').on(t.state, t.dateOrder),
    // The year's last order number at checkout (carts/confirm.ts confirmCart).
    index('sales_name_idx').on(t.name),
    // Dashboard statistics by index alone (0020, docs/decisions/checkout-and-sign-in-speed.md).
    index('sales_customer_stats_idx').on(t.customerId, t.dateOrder, t.id, t.state),
  ],
);

/** Order lines (docs/product/orders-and-documents.md#order-line); `isDelivery` marks the handling fee / shipping lines. */
export const saleLines = pgTable(
  'sale_lines',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    qtyDelivered: integer('qty_delivered').notNull().default(0),
    qtyUnavailable: integer('qty_unavailable').notNull().default(0),
    qtyCanceled: integer('qty_canceled').notNull().default(0),
    priceUnitCents: integer('price_unit_cents').notNull(),
    /** Discount rate in basis points and its value in cents (per line). */
    discountBp: integer('discount_bp').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    isDelivery: boolean('is_delivery').notNull().default(false),
    madeToOrder: boolean('made_to_order').notNull().default(false),
    /** Free units of a supplier promotion, price 0 (docs/decisions/supplier-promotions.md). */
    isFree: boolean('is_free').notNull().default(false),
    /** The coupon reward line: no product, negative amount (docs/decisions/coupons.md). */
    isReward: boolean('is_reward').notNull().default(false),
  },
  (t) => [
    index('sale_lines_sale_idx').on(t.saleId),
    index('sale_lines_variant_idx').on(t.variantId),
    // Dashboard statistics by index alone (0020, docs/decisions/checkout-and-sign-in-speed.md).
    index('sale_lines_sale_stats_idx').on(
      t.saleId,
      t.isDelivery,
      t.variantId,
      t.qty,
      t.qtyCanceled,
      t.amountCents,
    ),
  ],
);

/** Deliveries of an order (docs/product/orders-and-documents.md#picking). */
export const pickings = pgTable(
  'pickings',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    name: text('name').notNull().unique(),
    trackingRef: text('tracking_ref'),
    carrierName: text('carrier_name'),
    dateDone: date('date_done'),
    /** Delivered quantity per sale line id. */
    lines: jsonb('lines').$type<Record<string, number>>().notNull().default({}),
    /** Null while shipped (on its way); set when staff confirm the delivery (docs/decisions/shipped-and-delivered.md). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pickings_sale_idx').on(t.saleId)],
);

/** Invoices and credit notes (docs/product/orders-and-documents.md#documents types invoice / credit note). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    /** `invoice` or `credit_note`. */
    type: text('type').notNull(),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    amountUntaxedCents: integer('amount_untaxed_cents').notNull(),
    amountTaxCents: integer('amount_tax_cents').notNull(),
    amountTotalCents: integer('amount_total_cents').notNull(),
    /** Invoiced (or credited) quantity per sale line id. */
    lines: jsonb('lines').$type<Record<string, number>>().notNull().default({}),
    /** Invoices: date + the customer's payment terms, fixed at issue (NULL on credit notes and older rows). */
    dueDate: date('due_date'),
    /** Credit notes: the invoice they correct (0018_frozen_documents.sql). */
    creditedInvoiceId: integer('credited_invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_customer_idx').on(t.customerId, t.date),
    // Invoice links of the order list and a sale's invoices (0019_order_history.sql).
    index('invoices_sale_idx').on(t.saleId),
  ],
);

/**
 * Documents as issued (docs/decisions/documents.md "Frozen documents", 0018_frozen_documents.sql):
 * the PDF bytes and their sha-256 (hex) per document; `kind` order_confirmation | delivery_note |
 * invoice (also credit notes), `sourceId` the sales / pickings / invoices row. Every download
 * serves these bytes.
 */
export const documentFiles = pgTable(
  'document_files',
  {
    kind: text('kind').notNull(),
    sourceId: integer('source_id').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The document number (file name of the download). */
    number: text('number').notNull(),
    /** Language it was rendered in (fr, nl, en). */
    locale: text('locale').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'document_files_pkey', columns: [t.kind, t.sourceId] })],
);

/** Payment transactions (docs/product/cart-and-checkout.md#payment Transaction). */
export const paymentTransactions = pgTable('payment_transactions', {
  id: serial('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  provider: text('provider').notNull(),
  cartId: integer('cart_id').references(() => carts.id),
  saleId: integer('sale_id').references(() => sales.id),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('EUR'),
  /** draft, pending, done, cancel, error. */
  state: text('state').notNull().default('draft'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
