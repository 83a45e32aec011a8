/**
 * The cart's delivery calls (docs/decisions/cart-delivery-calls.md): a public pickup point of a
 * carrier's network chosen for the open cart, and the delivery method chosen by carrier id.
 *
 * A public point is kept as a pickup_sites row of its carrier whose code is
 * `public:<carrier id>:<the carrier's code>` (PUBLIC_PICKUP_PREFIX): choosing the same point again
 * reuses (and refreshes) the row, the order keeps it like any pickup point, and the shop's own
 * pickup search (GET delivery_pickups, carts/cart-updates.ts searchPickups) never lists these rows, so
 * a customer cannot publish a point to others.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Cart, SetPublicPickup } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { carriers } from '../../db/schema.ts';
import { fieldError, notFound } from '../../errors.ts';
import { setCarrier, setPickup, type CartActor } from './service.ts';

/** Code prefix of the pickup_sites rows of public pickup points. */
export const PUBLIC_PICKUP_PREFIX = 'public:';

/**
 * POST carts/current/set_public_delivery_pickup: records the public pickup point of `carrier_id`
 * (active, with pickup points) and chooses it, with its carrier, for the open cart. Errors: 404
 * unknown or inactive carrier; 400 `carrier_without_pickup` on field carrier_id for a carrier that
 * delivers to addresses; 404 without an open cart. Answers the cart.
 */
export async function setPublicPickup(db: Db, actor: CartActor, input: SetPublicPickup): Promise<Cart> {
  const [carrier] = await db
    .select()
    .from(carriers)
    .where(and(eq(carriers.id, input.carrier_id), eq(carriers.active, true)));
  if (!carrier) throw notFound(`No carrier ${input.carrier_id}.`);
  if (!carrier.withDropoffSite)
    throw fieldError(
      'carrier_id',
      'carrier_without_pickup',
      'This carrier delivers to addresses, not to pickup points.',
    );
  const p = input.pickup;
  const code = `${PUBLIC_PICKUP_PREFIX}${carrier.id}:${p.code}`;
  const saved = await db.execute<{ id: number }>(sql`
    INSERT INTO pickup_sites (carrier_id, code, name, street, street2, zip, city, phone, state_code, country_code)
    VALUES (${carrier.id}, ${code}, ${p.name}, ${p.street}, ${p.street2}, ${p.zip}, ${p.city}, ${p.phone},
            ${p.state_code}, ${p.country_code})
    ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, street = EXCLUDED.street, street2 = EXCLUDED.street2,
      zip = EXCLUDED.zip, city = EXCLUDED.city, phone = EXCLUDED.phone, state_code = EXCLUDED.state_code,
      country_code = EXCLUDED.country_code
    RETURNING id`);
  const id = saved.rows[0]?.id;
  if (id === undefined) throw new Error('pickup point not saved');
  return setPickup(db, actor, Number(id));
}

/**
 * POST carts/set_delivery_method {method_id}: the delivery method of the open cart is the carrier
 * `methodId` (carts/cart-updates.ts setCarrier: 404 unknown or inactive carrier or no open cart; a
 * pickup point of another carrier is dropped). Answers the cart.
 */
export async function setDeliveryMethod(db: Db, actor: CartActor, methodId: number): Promise<Cart> {
  return setCarrier(db, actor, methodId);
}
