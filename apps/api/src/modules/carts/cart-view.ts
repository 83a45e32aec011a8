/**
 * The priced cart view (docs/product/cart-and-checkout.md#cart): `computeCart` prices the lines
 * with the user's price list, availability (docs/product/cart-and-checkout.md#line-availability),
 * the handling fee (docs/product/constants.md#delivery-and-fees fees and rounding,
 * docs/decisions/handling-fee.md, docs/decisions/delivery-charges.md), supplier promotions and
 * price terms (free-lines.ts), the coupon reward (docs/decisions/coupons.md), address validity and
 * made-to-order consent, and the confirm blockers; `currentCart` answers it. Used by the sync, the
 * cart updates and the confirm.
 *
 * Money: integer cents EUR excl. VAT inside, EUR with two decimals on the wire.
 */
import { eq, sql } from 'drizzle-orm';
import {
  bpToPercent,
  cartAddressesValid,
  cartTotals,
  centsToEur,
  CART_CONSTANTS,
  documentTotals,
  expectedDeliveryDate,
  handlingFeeCents,
  ORDER_TOTAL_MAX_CENTS,
  type Cart,
  type CartLine,
  type ConfirmBlocker,
  type CouponReward,
  type Family,
  type Pickup,
} from '@vetshop/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowFromJson } from '../../db/rows.ts';
import { executeNamed, preparedPer } from '../../db/statements.ts';
import { addresses, carriers, carts, pickupSites } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { toAddress, type AddressRow } from '../addresses/index.ts';
import { cartReward, rewardOf, type CartCoupon } from '../coupons/index.ts';
import { linePictureOf, variantImageJson, type MainImageRow } from '../images/index.ts';
import { pricesFrom, variantNameIn } from '../catalog/index.ts';
import { customerFactsSql, productFactsSql, reasonOfFacts } from '../restrictions/index.ts';
import { businessToday, parseJsonValue, priceInputsJson, type PriceInputs } from './pricing.ts';
import { carrierText, HANDLING_FEE_NAME } from './carrier-text.ts';
import { toWireTotals } from './totals-wire.ts';
import {
  couponLineOf,
  freeLinesOf,
  cartTermsFrom,
  cartTermsJson,
  rewardTotalsLines,
  withFreeLines,
  type FreeLine,
} from './free-lines.ts';
import { openCart, type CartActor, type CartRow } from './cart-rows.ts';

/** Order states whose goods are not yet (fully) delivered: they count towards the free threshold. */
export const UNDELIVERED_STATES = ['pending', 'processing', 'delivery_partial'] as const;

/** Availability of a variant without a stock_levels row, from its stock state (docs/product/cart-and-checkout.md#line-availability). */
export function availableFromState(stockState: string): number {
  if (stockState === 'in_stock') return 1000;
  if (stockState === 'in_limited_stock') return 5;
  return 0;
}

// ---------------------------------------------------------------------------------------------
// The cart view (docs/product/cart-and-checkout.md#cart)

type LineRow = {
  id: number;
  variant_id: number;
  options_key: string;
  qty: number;
  sku: string;
  variant_name: string;
  name: string | null;
  url_key: string | null;
  tax_rate_bp: number;
  made_to_order: boolean;
  stock_state: string;
  qty_available: number | null;
  /** Regulated-product facts of the line's product (productFactsSql, JSON text). */
  facts: string;
  /** The line picture's inputs (images `linePictureOf`): the product's family and stored presentation, the variant's picture. */
  family: Family;
  presentation: string | null;
  image: MainImageRow | null;
};

/** The figures of a cart in cents plus its wire form; used by the view and by the confirm. */
export interface CartComputation {
  cart: Cart;
  row: CartRow;
  /** Lines with their figures in cents (product lines then delivery lines). */
  priced: {
    variantId: number | null;
    name: string;
    qty: number;
    grossUnitCents: number;
    netUnitCents: number;
    discountBp: number;
    amountCents: number;
    discountCents: number;
    taxRateBp: number;
    isDelivery: boolean;
    madeToOrder: boolean;
    qtyUnavailable: number;
  }[];
  untaxedCents: number;
  taxCents: number;
  totalCents: number;
  shippingCents: number;
  invoicing: AddressRow | null;
  delivery: AddressRow | null;
  carrier: typeof carriers.$inferSelect | null;
  /** The pickup point the order goes to: chosen, and the carrier delivers to pickup points. */
  pickup: typeof pickupSites.$inferSelect | null;
  blockers: ConfirmBlocker[];
  /** Free units of supplier promotions (carts/free-lines.ts), after their paying product lines. */
  free: FreeLine[];
  /** The cart's coupon and its reward (modules/coupons), null without a code. */
  coupon: CartCoupon | null;
  reward: CouponReward;
}

/**
 * The cart row read of {@link computeCart} (`cartId`), named and built once per connection object
 * (db/statements.ts `preparedPer`).
 */
const cartRowRead = preparedPer((conn) =>
  conn
    .select()
    .from(carts)
    .where(eq(carts.id, sql.placeholder('cartId')))
    .prepare('vetshop_cart_row'),
);

/**
 * Computes the cart `cartId` for `actor`: lines priced with the user's price list for their
 * quantity, availability from stock_levels (else the stock state), the handling fee (docs/product/constants.md#delivery-and-fees,
 * docs/decisions/handling-fee.md) and the carrier price as delivery lines, totals in cents
 * (cartTotals: totals = sums of the lines), addresses and confirm blockers.
 * `previouslyUnavailable` (line id → units) marks lines available again.
 */
export async function computeCart(
  conn: DbOrTx,
  cartId: number,
  actor: CartActor,
  previouslyUnavailable: ReadonlyMap<number, number> = new Map(),
  known?: CartRow,
): Promise<CartComputation> {
  // Read here only when the caller has not just read it (the sync and GET carts/current pass it).
  const row = known ?? (await cartRowRead(conn).execute({ cartId }))[0];
  if (!row) throw notFound('Cart not found.');
  const addressIds = [row.invoicingAddressId, row.deliveryAddressId].filter(
    (id): id is number => id !== null,
  );
  // Lines (with their pictures), the undelivered orders (handling fee), the price inputs, the
  // user's terms (free-lines.ts), the carrier, the addresses and the pickup point in one statement
  // (docs/decisions/cart-sync-performance.md, "The priced cart's carrier, addresses and pickup
  // point in its one read"); the reads run one after the other (inside a transaction the
  // connection runs one query at a time: node-postgres 9 refuses queued ones). Named: planning it
  // cost more than running it (docs/decisions/cart-sync-performance.md, "Generic plans for the hot
  // path").
  const read = await executeNamed<{
    lines: unknown;
    undelivered: number | string | null;
    prices: unknown;
    terms: unknown;
    customer: string | null;
    carrier: unknown;
    addresses: unknown;
    pickup: unknown;
  }>(
    conn,
    sql`
    SELECT
      (SELECT coalesce(json_agg(x ORDER BY x.created_at, x.id), '[]'::json) FROM (
         SELECT l.id, l.variant_id, l.options_key, l.qty, l.created_at, v.sku,
                ${variantNameIn(sql`v`, actor.locale)} AS variant_name, pt.name,
                pt.url_key, v.tax_rate_bp, v.made_to_order, v.stock_state, sl.qty_available, rf.facts,
                rf.family, rf.presentation, ${variantImageJson(sql`v`)} AS image
         FROM cart_lines l
         -- One index probe per line (OFFSET 0 keeps the subquery from being flattened): on a small
         -- catalogue the planner otherwise hashes the whole variants table for a 20-line cart.
         CROSS JOIN LATERAL (SELECT vv.* FROM product_variants vv WHERE vv.id = l.variant_id OFFSET 0) v
         LEFT JOIN LATERAL (SELECT t.name, t.url_key FROM product_translations t WHERE t.product_id = v.product_id
                            ORDER BY (t.locale = ${actor.locale}) DESC, t.locale LIMIT 1) pt ON TRUE
         -- Regulated-product facts: a line the customer may no longer order carries the reason.
         -- With the product's family and presentation, which the line picture shows.
         LEFT JOIN LATERAL (SELECT ${productFactsSql(row.customerId, sql`pp`)} AS facts, pp.family, pp.presentation
                            FROM products pp WHERE pp.id = v.product_id) rf ON TRUE
         LEFT JOIN stock_levels sl ON sl.variant_id = v.id
         WHERE l.cart_id = ${cartId}) x) AS lines,
      ${customerFactsSql(row.customerId, row.deliveryAddressId, row.pickupSiteId)} AS customer,
      -- The customer's orders through sales_customer_date_idx alone (OFFSET 0 keeps the state
      -- test out of the scan): ANDed with sales_state_date_idx the planner read every open order
      -- of the shop (2,400 index entries, 3.5 ms of the 4.2 ms statement on the data set).
      (SELECT coalesce(sum(sl.amount_cents), 0)::int
       FROM (SELECT s0.id, s0.state FROM sales s0 WHERE s0.customer_id = ${row.customerId} OFFSET 0) s
       JOIN sale_lines sl ON sl.sale_id = s.id
       WHERE NOT sl.is_delivery AND s.state = ANY(${sql.param([...UNDELIVERED_STATES])}::text[])) AS undelivered,
      ${priceInputsJson(sql`ARRAY(SELECT variant_id FROM cart_lines WHERE cart_id = ${cartId})`, actor.viewer.priceList)} AS prices,
      ${cartTermsJson(actor.userId, sql`ARRAY(SELECT variant_id FROM cart_lines WHERE cart_id = ${cartId})`, actor.viewer.priceList)} AS terms,
      (SELECT row_to_json(cr) FROM carriers cr WHERE cr.id = ${row.carrierId}) AS carrier,
      (SELECT coalesce(json_agg(a), '[]'::json) FROM addresses a
       WHERE a.customer_id = ${row.customerId} AND a.id = ANY(${sql.param(addressIds)}::int[])) AS addresses,
      (SELECT row_to_json(ps) FROM pickup_sites ps WHERE ps.id = ${row.pickupSiteId}) AS pickup`,
  );
  const first = read.rows[0];
  const lines = { rows: parseJsonValue<LineRow[]>(first?.lines ?? []) };
  const undeliveredCents = Number(first?.undelivered ?? 0);
  const priceOf = pricesFrom(
    parseJsonValue<PriceInputs>(first?.prices ?? { tiers: [], discounts: [], terms: [] }),
    actor.viewer.priceList,
    businessToday(),
  );
  // The user's price terms and supplier promotions (docs/decisions/price-terms.md, supplier-promotions.md).
  const terms = cartTermsFrom(first?.terms, businessToday());
  const carrier = first?.carrier ? rowFromJson(carriers, first.carrier) : undefined;
  const addressRows = parseJsonValue<unknown[]>(first?.addresses ?? []).map((a) => rowFromJson(addresses, a));
  const pickup = first?.pickup ? rowFromJson(pickupSites, first.pickup) : undefined;

  let priceMissing = false;
  const productLines = lines.rows.map((l) => {
    const price = terms.price(l.variant_id, priceOf(l.variant_id, l.qty));
    if (price.netCents === null) priceMissing = true;
    const available = l.qty_available ?? availableFromState(l.stock_state);
    const restriction = first?.customer && l.facts ? reasonOfFacts(l.facts, first.customer) : null;
    return {
      row: l,
      restriction,
      grossUnitCents: price.grossCents ?? 0,
      netUnitCents: price.netCents ?? 0,
      discountBp: price.discountBp,
      qtyUnavailable: Math.max(0, l.qty - Math.max(0, available)),
      available,
    };
  });
  const productTotals = cartTotals(
    productLines.map((l) => ({
      grossUnitCents: l.grossUnitCents,
      netUnitCents: l.netUnitCents,
      qty: l.row.qty,
      taxRateBp: l.row.tax_rate_bp,
    })),
  );
  const linesAmountCents = productTotals.untaxedCents;
  const feeCents = terms.helpWithFee ? 0 : handlingFeeCents(linesAmountCents, undeliveredCents);
  const free = freeLinesOf(
    terms,
    productLines.map((l) => ({
      id: l.row.id,
      variantId: l.row.variant_id,
      name: l.row.name ? `${l.row.name} — ${l.row.variant_name}` : l.row.variant_name,
      qty: l.row.qty,
      available: l.available,
      taxRateBp: l.row.tax_rate_bp,
      madeToOrder: l.row.made_to_order,
    })),
  );
  const coupon =
    row.couponCode === null
      ? null
      : await cartReward(
          conn,
          row.couponCode,
          row.customerId,
          productLines.map((l, i) =>
            couponLineOf(terms, l.row.variant_id, productTotals.lines[i]!.amountCents, l.row.tax_rate_bp),
          ),
        );
  const reward = rewardOf(coupon);
  // The handling fee is the only delivery charge (docs/decisions/delivery-charges.md).
  const delivery: { name: string; cents: number }[] = [];
  if (feeCents > 0) delivery.push({ name: HANDLING_FEE_NAME[actor.locale], cents: feeCents });
  const all = [
    ...productLines.map((l) => ({
      grossUnitCents: l.grossUnitCents,
      netUnitCents: l.netUnitCents,
      qty: l.row.qty,
      taxRateBp: l.row.tax_rate_bp,
    })),
    ...delivery.map((d) => ({
      grossUnitCents: d.cents,
      netUnitCents: d.cents,
      qty: 1,
      taxRateBp: CART_CONSTANTS.HANDLING_FEE_TAX_BP,
    })),
    ...reward.perRate.map((r) => ({
      grossUnitCents: 0,
      netUnitCents: -r.cents,
      qty: 1,
      taxRateBp: r.taxRateBp,
    })),
  ];
  const totals = cartTotals(all);

  const invoicing = addressRows.find((a) => a.id === row.invoicingAddressId) ?? null;
  const deliveryAddress = addressRows.find((a) => a.id === row.deliveryAddressId) ?? null;
  const asLike = (a: AddressRow | null) => a && { ...a, is_dropoff_site: a.isDropoffSite };
  const addressesValid = cartAddressesValid(asLike(invoicing), asLike(deliveryAddress));

  const hasMadeToOrder = lines.rows.some((l) => l.made_to_order);
  const blockers: ConfirmBlocker[] = [];
  if (lines.rows.length === 0) blockers.push('cart_empty');
  if (!addressesValid) blockers.push('addresses_invalid');
  if (hasMadeToOrder && !row.madeToOrderConsent) blockers.push('made_to_order_consent_required');
  if (priceMissing) blockers.push('price_unavailable');
  if (!actor.canOrder) blockers.push('cannot_order');
  if (totals.totalCents > ORDER_TOTAL_MAX_CENTS) blockers.push('amount_too_large');
  if (carrier?.withDropoffSite && !pickup) blockers.push('pickup_point_required');

  const priced: CartComputation['priced'] = [
    ...productLines.map((l, i) => ({
      variantId: l.row.variant_id,
      name: l.row.name ? `${l.row.name} — ${l.row.variant_name}` : l.row.variant_name,
      qty: l.row.qty,
      grossUnitCents: l.grossUnitCents,
      netUnitCents: l.netUnitCents,
      discountBp: l.discountBp,
      amountCents: totals.lines[i]!.amountCents,
      discountCents: totals.lines[i]!.discountCents,
      taxRateBp: l.row.tax_rate_bp,
      isDelivery: false,
      madeToOrder: l.row.made_to_order,
      qtyUnavailable: l.qtyUnavailable,
    })),
    ...delivery.map((d, j) => ({
      variantId: null,
      name: d.name,
      qty: 1,
      grossUnitCents: d.cents,
      netUnitCents: d.cents,
      discountBp: 0,
      amountCents: totals.lines[productLines.length + j]!.amountCents,
      discountCents: 0,
      taxRateBp: CART_CONSTANTS.HANDLING_FEE_TAX_BP,
      isDelivery: true,
      madeToOrder: false,
      qtyUnavailable: 0,
    })),
  ];

  const wireLines: CartLine[] = priced.map((p, i) => {
    const source = productLines[i]?.row;
    return {
      id: source?.id ?? -(i - productLines.length + 1),
      product_id: p.variantId,
      sku: source?.sku ?? null,
      name: p.name,
      url_key: source?.url_key ?? null,
      // Read with the line (modules/images `variantImageJson`), no statement of its own.
      picture: source ? linePictureOf(source, actor.locale) : null,
      qty: p.qty,
      price_unit: centsToEur(p.grossUnitCents),
      price_unit_discounted: centsToEur(p.netUnitCents),
      discount: { rate: bpToPercent(p.discountBp), value: centsToEur(p.discountCents) },
      amount: centsToEur(p.amountCents),
      tax_rate: bpToPercent(p.taxRateBp),
      qty_unavailable: p.qtyUnavailable,
      qty_available_again:
        source !== undefined && (previouslyUnavailable.get(source.id) ?? 0) > 0 && p.qtyUnavailable === 0,
      options: source ? (JSON.parse(source.options_key) as Record<string, unknown>) : {},
      is_delivery: p.isDelivery,
      made_to_order: p.madeToOrder,
      ...(productLines[i]?.restriction ? { restriction: productLines[i].restriction } : {}),
    };
  });

  const shippingCents = delivery.reduce((s, d) => s + d.cents, 0);
  const breakdown = documentTotals([
    ...priced.map((p, i) => ({
      kind: p.isDelivery ? ('handling_fee' as const) : ('goods' as const),
      grossCents: p.isDelivery ? p.amountCents : totals.lines[i]!.grossAmountCents,
      amountCents: p.amountCents,
      taxRateBp: p.taxRateBp,
    })),
    ...rewardTotalsLines(reward),
  ]);
  const carrierLabel = carrier ? carrierText(carrier, actor.locale) : null;
  const cart: Cart = {
    id: row.id,
    uuid: row.uuid,
    name: `Cart ${row.id}`,
    date: row.updatedAt.toISOString(),
    state: row.state === 'confirmed' ? 'confirmed' : 'open',
    lines: withFreeLines(wireLines, free),
    amount: {
      untaxed: centsToEur(totals.untaxedCents),
      tax: centsToEur(totals.taxCents),
      total: centsToEur(totals.totalCents),
      discount_total: centsToEur(totals.discountTotalCents),
      total_without_discount: centsToEur(totals.totalWithoutDiscountCents),
    },
    lines_count: lines.rows.reduce((s, l) => s + Math.max(0, l.qty), 0),
    lines_amount: centsToEur(linesAmountCents),
    delivery: {
      address: deliveryAddress ? toAddress(deliveryAddress, actor.locale) : null,
      carrier:
        carrier && carrierLabel
          ? { id: carrier.id, code: carrier.code, name: carrierLabel.name, price: 0 }
          : null,
      pickup: pickup ? toPickup(pickup) : null,
      fees: centsToEur(shippingCents),
      expected_date: carrier ? expectedDeliveryDate(new Date(), carrierSchedule(carrier)) : null,
    },
    totals: toWireTotals(breakdown),
    invoicing: { address: invoicing ? toAddress(invoicing, actor.locale) : null },
    note: row.note,
    client_order_ref: row.clientOrderRef,
    suite_name: row.suiteName,
    promo_codes: row.couponCode ? [row.couponCode] : [],
    reward_amount: centsToEur(reward.untaxedCents),
    reward_amount_tax_incl: centsToEur(reward.totalCents),
    has_made_to_order: hasMadeToOrder,
    made_to_order_consent: row.madeToOrderConsent,
    addresses_valid: addressesValid,
    can_confirm: blockers.length === 0,
    confirm_blockers: blockers,
    sale_id: row.saleId,
  };
  return {
    cart,
    row,
    priced,
    untaxedCents: totals.untaxedCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    shippingCents,
    invoicing,
    delivery: deliveryAddress,
    carrier: carrier ?? null,
    pickup: carrier?.withDropoffSite ? (pickup ?? null) : null,
    blockers,
    free,
    coupon,
    reward,
  };
}

/** The customer's open cart as the api answers it, or null when there is none. */
export async function currentCart(db: Db, actor: CartActor): Promise<Cart | null> {
  const row = await openCart(db, actor.customerId, false);
  return row ? (await computeCart(db, row.id, actor, new Map(), row)).cart : null;
}

/** The schedule of `carrier` for the expected delivery date (domain delivery.ts). */
export function carrierSchedule(carrier: typeof carriers.$inferSelect) {
  return { cutoffTime: carrier.cutoffTime, leadBusinessDays: carrier.leadBusinessDays };
}

/** A pickup point on the wire. */
export function toPickup(site: typeof pickupSites.$inferSelect): Pickup {
  return {
    id: site.id,
    carrier_id: site.carrierId,
    code: site.code,
    name: site.name,
    street: site.street,
    street2: site.street2,
    zip: site.zip,
    city: site.city,
    phone: site.phone,
    state_code: site.stateCode,
    country_code: site.countryCode,
  };
}
