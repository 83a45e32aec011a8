/**
 * Cart updates (docs/product/cart-and-checkout.md#cart-operations,
 * docs/product/cart-and-checkout.md#cart-calls Cart and Carriers): references, note, consent and
 * addresses (`updateCart`); carriers and pickup points
 * (docs/product/cart-and-checkout.md#delivery-and-carriers,
 * docs/product/cart-and-checkout.md#pickup-point, docs/decisions/delivery-charges.md); the coupon
 * (docs/decisions/coupons.md); the next suite name; the availability refresh
 * (`refreshQtyUnavailable`) and its 409 `cart_changed` (`cartChanged`, also used by the confirm).
 * Each answers the priced cart (cart-view.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  expectedDeliveryDate,
  foldAccents,
  type Cart,
  type CartUpdate,
  type Carrier,
  type Locale,
  type Pickup,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { addresses, carriers, carts, pickupSites } from '../../db/schema.ts';
import { ApiError, notFound } from '../../errors.ts';
import { cartReward, couponRefused, setCartCoupon } from '../coupons/index.ts';
import { carrierText } from './carrier-text.ts';
import { carrierSchedule, computeCart, currentCart, toPickup } from './cart-view.ts';
import { openCart, requireOpenCart, type CartActor } from './cart-rows.ts';

// ---------------------------------------------------------------------------------------------
// Update, carriers, pickups, coupon, suite name, availability

/**
 * POST carts/current/update: references, note, consent and addresses of the open cart. The
 * delivery address must be one of the customer's addresses, the invoicing address the customer's
 * invoicing address (else 404 `not_found`). 404 when the customer has no open cart.
 */
export async function updateCart(db: Db, actor: CartActor, input: CartUpdate): Promise<Cart> {
  const id = await db.transaction(async (tx) => {
    const row = await requireOpenCart(tx, actor, true);
    const changes: Partial<typeof carts.$inferInsert> = { updatedAt: new Date() };
    if (input.note !== undefined) changes.note = input.note;
    if (input.client_order_ref !== undefined) changes.clientOrderRef = input.client_order_ref;
    if (input.made_to_order_consent !== undefined) changes.madeToOrderConsent = input.made_to_order_consent;
    for (const [kind, value] of [
      ['delivery', input.delivery],
      ['invoicing', input.invoicing],
    ] as const) {
      if (!value) continue;
      const [address] = await tx
        .select()
        .from(addresses)
        .where(
          and(
            eq(addresses.id, value.address_id),
            eq(addresses.customerId, actor.customerId),
            sql`${addresses.deletedAt} IS NULL`,
          ),
        );
      if (!address || (kind === 'invoicing' && address.type !== 'invoicing'))
        throw notFound(`No ${kind} address ${value.address_id}.`);
      if (kind === 'delivery') changes.deliveryAddressId = address.id;
      else changes.invoicingAddressId = address.id;
    }
    await tx.update(carts).set(changes).where(eq(carts.id, row.id));
    return row.id;
  });
  return (await computeCart(db, id, actor)).cart;
}

/**
 * A carrier on the wire, in `locale` (carrier-text.ts): no price of its own (the handling fee is
 * the only delivery charge), and the expected delivery date of an order placed at `now`.
 */
function toCarrier(carrier: typeof carriers.$inferSelect, locale: Locale, now: Date): Carrier {
  const text = carrierText(carrier, locale);
  return {
    id: carrier.id,
    code: carrier.code,
    name: text.name,
    description: text.description,
    price: 0,
    free_from: null,
    with_dropoff_site: carrier.withDropoffSite,
    expected_date: expectedDeliveryDate(now, carrierSchedule(carrier)),
  };
}

/**
 * Active carriers by sequence, named in `locale`, each with price 0 (no charge on top of the
 * handling fee, docs/decisions/delivery-charges.md) and the expected delivery date of an order
 * placed now.
 */
export async function listCarriers(db: Db, locale: Locale): Promise<Carrier[]> {
  const rows = await db
    .select()
    .from(carriers)
    .where(eq(carriers.active, true))
    .orderBy(carriers.sequence, carriers.id);
  const now = new Date();
  return rows.map((c) => toCarrier(c, locale, now));
}

/** POST carts/current/set_carrier: 404 for an unknown or inactive carrier; clears a pickup of another carrier. */
export async function setCarrier(db: Db, actor: CartActor, carrierId: number): Promise<Cart> {
  const id = await db.transaction(async (tx) => {
    const row = await requireOpenCart(tx, actor, true);
    const [carrier] = await tx
      .select()
      .from(carriers)
      .where(and(eq(carriers.id, carrierId), eq(carriers.active, true)));
    if (!carrier) throw notFound(`No carrier ${carrierId}.`);
    let pickupSiteId = row.pickupSiteId;
    if (pickupSiteId !== null) {
      const [site] = await tx.select().from(pickupSites).where(eq(pickupSites.id, pickupSiteId));
      if (!carrier.withDropoffSite || site?.carrierId !== carrier.id) pickupSiteId = null;
    }
    await tx
      .update(carts)
      .set({ carrierId, pickupSiteId, updatedAt: new Date() })
      .where(eq(carts.id, row.id));
    return row.id;
  });
  return (await computeCart(db, id, actor)).cart;
}

/**
 * GET delivery_pickups: pickup points of `carrierId` whose name, city or zip contains every word
 * of `name` (case- and accent-insensitive, docs/product/cart-and-checkout.md#pickup-point "It can be searched by name"); at most 50.
 */
export async function searchPickups(db: Db, carrierId: number, name: string): Promise<Pickup[]> {
  const rows = await db
    .select()
    .from(pickupSites)
    // Public points chosen by customers are not listed (carts/delivery-calls.ts).
    .where(and(eq(pickupSites.carrierId, carrierId), sql`${pickupSites.code} NOT LIKE 'public:%'`))
    .orderBy(pickupSites.name, pickupSites.id);
  const words = foldAccents(name).split(/\s+/).filter(Boolean);
  return rows
    .filter((r) => {
      const hay = foldAccents(`${r.name} ${r.city} ${r.zip}`);
      return words.every((w) => hay.includes(w));
    })
    .slice(0, 50)
    .map(toPickup);
}

/** POST carts/current/set_pickup: the pickup point also selects its carrier; 404 when unknown. */
export async function setPickup(db: Db, actor: CartActor, pickupSiteId: number): Promise<Cart> {
  const id = await db.transaction(async (tx) => {
    const row = await requireOpenCart(tx, actor, true);
    const [site] = await tx.select().from(pickupSites).where(eq(pickupSites.id, pickupSiteId));
    if (!site) throw notFound(`No pickup point ${pickupSiteId}.`);
    await tx
      .update(carts)
      .set({ pickupSiteId: site.id, carrierId: site.carrierId, updatedAt: new Date() })
      .where(eq(carts.id, row.id));
    return row.id;
  });
  return (await computeCart(db, id, actor)).cart;
}

/**
 * DELETE carts/current/coupon: the open cart keeps no promo code (its reward goes); answers the
 * cart computed without it, null when the customer has no open cart (docs/decisions/coupons.md).
 */
export async function removeCoupon(db: Db, actor: CartActor): Promise<Cart | null> {
  const row = await openCart(db, actor.customerId, false);
  if (!row) return null;
  await setCartCoupon(db, row.id, null);
  return (await computeCart(db, row.id, actor, new Map(), { ...row, couponCode: null })).cart;
}

/**
 * POST carts/current/coupon: an empty code does nothing (docs/product/cart-and-checkout.md) and answers the cart (null when
 * there is none). Otherwise the code is set on the open cart (404 without one) and the cart is
 * computed with it in the same transaction: when the coupon gives no reward the change is rolled
 * back and the answer is 400 with the refusal code (coupon_unknown, coupon_expired,
 * coupon_minimum with `min_order`, coupon_used, coupon_not_applicable; docs/decisions/coupons.md).
 */
export async function applyCoupon(db: Db, actor: CartActor, code: string): Promise<Cart | null> {
  if (code.trim() === '') return currentCart(db, actor);
  return db.transaction(async (tx) => {
    const row = await requireOpenCart(tx, actor, true);
    await setCartCoupon(tx, row.id, code);
    const c = await computeCart(tx, row.id, actor, new Map(), {
      ...row,
      couponCode: code.trim().toUpperCase(),
    });
    if (!c.coupon || !c.coupon.outcome.ok)
      throw couponRefused(c.coupon ?? (await cartReward(tx, code, actor.customerId, [])), actor.locale);
    return c.cart;
  });
}

/**
 * GET carts/next_suite_name: "S-<customer number>-<n+1>" where n counts the customer's orders
 * that carry a suite name.
 */
export async function nextSuiteName(db: Db, customerId: number): Promise<string> {
  const r = await db.execute<{ number: string; n: number }>(sql`
    SELECT c.number, (SELECT count(*)::int FROM sales s WHERE s.customer_id = c.id AND s.suite_name <> '') AS n
    FROM customers c WHERE c.id = ${customerId}`);
  const row = r.rows[0];
  if (!row) throw notFound('Customer not found.');
  return `S-${row.number}-${Number(row.n) + 1}`;
}

/**
 * POST carts/refresh_qty_unavailable: the cart with qty_unavailable per line recomputed from the
 * stock; lines whose unavailable units (as the client last saw them: `previous`, line id → units)
 * are now all available carry qty_available_again. 409 `cart_changed` when `uuid` is not the
 * customer's open cart.
 */
export async function refreshQtyUnavailable(
  db: Db,
  actor: CartActor,
  uuid: string,
  previous: ReadonlyMap<number, number> = new Map(),
): Promise<Cart> {
  const row = await requireOpenCart(db, actor);
  if (row.uuid !== uuid) throw cartChanged();
  return (await computeCart(db, row.id, actor, previous)).cart;
}

/** 409 `cart_changed`: the client's cart uuid is not the customer's open cart. */
export function cartChanged(): ApiError {
  return new ApiError(
    409,
    'cart_changed',
    'Conflict',
    'The cart changed: synchronise it again before confirming.',
  );
}
