/**
 * The addresses a cart may ship to (docs/decisions/delivery-charges.md "Where it ships"): the
 * customer's main (invoicing) address first, then each delivery address, once each; the cart's
 * current address is always among them (added when the lists do not hold it, e.g. an address
 * loaded before a change), so the select shows exactly where the order will go.
 */
import type { Address, Cart } from '@vetshop/domain';

/** One option of the delivery select: the address and whether it is the main address. */
export interface ShippingChoice {
  address: Address;
  main: boolean;
}

/**
 * Options of the delivery select, in this order: the main invoicing address (else the first
 * invoicing address), the delivery addresses, and `current` when it is none of those. Ids are
 * unique.
 */
export function shippingChoices(
  invoicing: readonly Address[],
  delivery: readonly Address[],
  current: Address | null,
): ShippingChoice[] {
  const main = invoicing.find((a) => a.main) ?? invoicing[0] ?? null;
  const out: ShippingChoice[] = [];
  const seen = new Set<number>();
  const push = (address: Address, isMain: boolean) => {
    if (seen.has(address.id)) return;
    seen.add(address.id);
    out.push({ address, main: isMain });
  };
  if (main) push(main, true);
  for (const a of delivery) push(a, false);
  if (current) push(current, current.id === main?.id);
  return out;
}

/** "Name, street, zip city" of an address or a pickup point (empty parts left out). */
export function addressLabel(a: Pick<Address, 'name' | 'street' | 'zip' | 'city'>): string {
  return [a.name, a.street, `${a.zip} ${a.city}`.trim()].filter((s) => s.trim() !== '').join(', ');
}

/**
 * True while the cart's carrier delivers to pickup points and none is chosen (its blocker
 * `pickup_point_required`): the order has no place of delivery yet, and the practice's address is
 * not it (docs/decisions/cart-delivery-calls.md). The cart and the checkout then name no place.
 */
export function awaitsPickupPoint(cart: Pick<Cart, 'delivery' | 'confirm_blockers'>): boolean {
  return !cart.delivery.pickup && cart.confirm_blockers.includes('pickup_point_required');
}
