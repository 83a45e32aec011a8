/**
 * The confirmation (docs/product/cart-and-checkout.md#confirm POST carts/confirm,
 * docs/product/orders-and-documents.md#order): `confirmCart` turns the open cart into a sale in
 * one transaction with the cart locked — a repeated confirm answers the same sale
 * (docs/decisions/cart-exactly-once.md) — with the coupon redeemed (docs/decisions/coupons.md), the
 * rights re-checked (docs/decisions/regulated-products.md), the stock reserved
 * (docs/decisions/stock-moves.md) and the confirmation mail queued (docs/decisions/mail-outbox.md).
 *
 * Money: integer cents EUR excl. VAT inside, EUR with two decimals on the wire.
 */
import { and, eq, sql } from 'drizzle-orm';
import { centsToEur, type ConfirmBlocker, type ConfirmResponse, type Locale } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { carts, saleLines, users } from '../../db/schema.ts';
import { ApiError, notFound } from '../../errors.ts';
import { pickupDeliveryAddress, toAddress, type AddressRow } from '../addresses/index.ts';
import { lockCoupon, recordRedemption } from '../coupons/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { restrictedProblem, restrictionsOfVariants } from '../restrictions/index.ts';
import { reserveSaleStock } from '../stock/index.ts';
import { saleLinesOf } from './free-lines.ts';
import { computeCart } from './cart-view.ts';
import { cartChanged } from './cart-updates.ts';
import type { CartActor } from './cart-rows.ts';

// ---------------------------------------------------------------------------------------------
// Confirm (docs/product/cart-and-checkout.md#confirm POST carts/confirm)

/** Input of `confirmCart`. */
export interface ConfirmInput {
  customerId: number;
  userId: number;
  uuid: string;
  note?: string;
  customerRef?: string;
  suiteName?: string;
  /** on_account (default), bank_transfer or card. */
  paymentMode?: string;
  /** Belgian structured communication of a bank transfer. */
  paymentReference?: string | null;
  /** Language of the line names of delivery lines (default fr). */
  locale?: Locale;
  /** Sale channel of the order (default web; staff enter phone, fax and mail orders). */
  saleChannel?: 'web' | 'phone' | 'fax' | 'mail';
}

/** The sale of a confirm and whether this call created it. */
export interface ConfirmResult extends ConfirmResponse {
  created: boolean;
}

/**
 * Confirms the customer's cart `uuid` into a sale, in one transaction with the cart locked:
 * - the cart already confirmed → its sale (same id, `created` false): a repeated confirm never
 *   makes a second sale;
 * - `uuid` is not the customer's open or confirmed cart → 409 `cart_changed`;
 * - the user cannot order → 403 `cannot_order`; empty cart → 400 `cart_empty`; invalid addresses
 *   → 400 `addresses_invalid`; made-to-order lines without consent → 400
 *   `made_to_order_consent_required`; a line without a price → 400 `price_unavailable`; a carrier
 *   that delivers to pickup points without one chosen → 400 `pickup_point_required`;
 * - else creates the sale (state pending, channel `saleChannel` or web, number "SO" + year + 6-digit sequence
 *   taken under an advisory lock, address snapshots — the pickup point as delivery address when
 *   the order goes to one —, priced lines, delivery lines, amounts) and
 *   marks the cart confirmed with its sale id.
 * Used by POST carts/confirm and by the payment routes (paymentMode / paymentReference).
 */
export async function confirmCart(db: Db, input: ConfirmInput): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    // Lock and read the cart in one statement.
    const [row] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.uuid, input.uuid), eq(carts.customerId, input.customerId)))
      .for('update');
    if (!row) throw cartChanged();
    if (row.state === 'confirmed' && row.saleId !== null) {
      const sale = await tx.execute<{ id: number; name: string; state: string; amount_total_cents: number }>(
        sql`SELECT id, name, state, amount_total_cents FROM sales WHERE id = ${row.saleId}`,
      );
      const s = sale.rows[0];
      if (!s) throw cartChanged();
      return {
        sale_id: s.id,
        name: s.name,
        state: s.state,
        amount_total: centsToEur(Number(s.amount_total_cents)),
        created: false,
      };
    }
    if (row.state !== 'open') throw cartChanged();

    const [user] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (!user || user.customerId !== input.customerId) throw notFound('User not found.');
    const actor: CartActor = {
      customerId: input.customerId,
      userId: input.userId,
      viewer: { priceList: user.priceList, vetGroupIds: [...user.vetGroupIds] },
      canOrder: user.canOrder,
      locale: input.locale ?? 'fr',
    };
    await lockCoupon(tx, row.couponCode);
    const c = await computeCart(tx, row.id, actor, new Map(), row);
    if (!user.canOrder)
      throw new ApiError(403, 'cannot_order', 'Forbidden', 'This account cannot place orders.');
    const blocker = c.blockers.find((b) => b !== 'cannot_order');
    if (blocker) throw new ApiError(400, blocker, 'Bad request', BLOCKER_DETAIL[blocker]);
    // Rights re-checked now: they may have changed since the lines were added (403 with the reason).
    const lineIds = c.priced.flatMap((p) => (p.variantId === null || p.isDelivery ? [] : [p.variantId]));
    const restricted = await restrictionsOfVariants(
      tx,
      input.customerId,
      lineIds,
      row.deliveryAddressId,
      actor.locale,
      c.pickup?.id,
    );
    const first = lineIds.map((id) => ({ id, r: restricted.get(id) })).find((x) => x.r)?.r;
    if (first) throw restrictedProblem(first.reason, first.name, actor.locale);

    const year = new Date().getUTCFullYear();
    // One numbering at a time (across processes): the lock is released at commit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(482001)`);
    // The year's highest number: a backward range scan of sales_name_idx that stops at the first
    // 12-character name (a LIKE prefix cannot use the index under a non-C collation).
    const last = await tx.execute<{ name: string | null }>(
      sql`SELECT name FROM sales WHERE name >= ${`SO${year}`} AND name < ${`SO${year + 1}`} AND length(name) = 12
          ORDER BY name DESC LIMIT 1`,
    );
    const lastSeq = last.rows[0]?.name ? Number(last.rows[0].name.slice(6)) : 0;
    const name = `SO${year}${String(lastSeq + 1).padStart(6, '0')}`;
    const snapshot = (a: AddressRow | null) =>
      a ? (toAddress(a, actor.locale) as unknown as Record<string, unknown>) : null;
    // An order for a pickup point is delivered there (docs/decisions/cart-delivery-calls.md).
    const deliverySnapshot = c.pickup
      ? pickupDeliveryAddress(c.pickup, c.delivery, actor.locale)
      : snapshot(c.delivery);
    const inserted = await tx.execute<{ id: number; state: string }>(sql`
      INSERT INTO sales (name, customer_id, user_id, cart_id, state, sale_channel, note, client_order_ref,
                         suite_name, invoicing_address, delivery_address, carrier_id, carrier_name, payment_mode,
                         payment_reference, amount_untaxed_cents, amount_tax_cents, amount_total_cents, shipping_cents,
                         expected_delivery_date)
      VALUES (${name}, ${input.customerId}, ${input.userId}, ${row.id}, 'pending', ${input.saleChannel ?? 'web'},
              ${input.note ?? row.note}, ${input.customerRef ?? row.clientOrderRef}, ${input.suiteName ?? row.suiteName},
              ${JSON.stringify(snapshot(c.invoicing))}::jsonb, ${JSON.stringify(deliverySnapshot)}::jsonb,
              ${c.carrier?.id ?? null}, ${c.cart.delivery.carrier?.name ?? null}, ${input.paymentMode ?? 'on_account'},
              ${input.paymentReference ?? null}, ${c.untaxedCents}, ${c.taxCents}, ${c.totalCents}, ${c.shippingCents},
              ${c.cart.delivery.expected_date})
      RETURNING id, state`);
    const sale = inserted.rows[0];
    if (!sale) throw new Error('sale insert failed');
    // All lines in one statement.
    if (c.priced.length > 0)
      await tx.insert(saleLines).values(
        saleLinesOf(c, actor.locale).map((p) => ({
          saleId: sale.id,
          variantId: p.variantId,
          name: p.name,
          qty: p.qty,
          qtyUnavailable: p.qtyUnavailable,
          priceUnitCents: p.grossUnitCents,
          discountBp: p.discountBp,
          discountCents: p.discountCents,
          amountCents: p.amountCents,
          taxRateBp: p.taxRateBp,
          isDelivery: p.isDelivery,
          madeToOrder: p.madeToOrder,
          isFree: p.isFree,
          isReward: p.isReward,
        })),
      );
    await recordRedemption(tx, c.coupon, input.customerId, sale.id);
    // The stock of the lines is reserved; what is missing goes on backorder (docs/decisions/stock-moves.md).
    await reserveSaleStock(tx, sale.id, db);
    // Order confirmation to the user and the staff copy, committed with the sale (modules/mail/outbox.ts).
    await enqueueMail(tx, { kind: 'order_confirmation', saleId: sale.id, userId: input.userId });
    await tx
      .update(carts)
      .set({
        state: 'confirmed',
        saleId: sale.id,
        note: input.note ?? row.note,
        clientOrderRef: input.customerRef ?? row.clientOrderRef,
        suiteName: input.suiteName ?? row.suiteName,
        updatedAt: new Date(),
      })
      .where(eq(carts.id, row.id));
    return {
      sale_id: sale.id,
      name,
      state: sale.state,
      amount_total: centsToEur(c.totalCents),
      created: true,
    };
  });
}

const BLOCKER_DETAIL: Record<ConfirmBlocker, string> = {
  cart_empty: 'The cart is empty.',
  addresses_invalid: 'The invoicing and delivery addresses must both be complete.',
  made_to_order_consent_required:
    'Made-to-order products cannot be returned or exchanged: please give your consent first.',
  price_unavailable: 'A product of the cart has no price in your price list.',
  cannot_order: 'This account cannot place orders.',
  amount_too_large: 'An order cannot exceed 1,000,000 EUR incl. VAT: please split it or call the order desk.',
  pickup_point_required: 'The chosen carrier delivers to a pickup point: choose one in the cart.',
};
