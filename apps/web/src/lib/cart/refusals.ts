/**
 * Cart additions the api refused for a regulated product (docs/decisions/regulated-products.md):
 * the sync answer lists them once (`refused`), so the browser keeps them in localStorage under
 * `vetshop.cart.v1.refused` (cleared with the carts at sign-out: same prefix) until the user
 * dismisses them, and announces each change with a window event. Kept apart from the cart store:
 * a later sync answer, without them, must not erase them before they are read.
 */
import type { CartLine, RefusedTransaction, RestrictionReason } from '@vetshop/domain';
import { CART_STORAGE_PREFIX } from './storage-prefix';

/** localStorage key of the refusals. */
export const REFUSALS_KEY = `${CART_STORAGE_PREFIX}refused`;
/** Window event fired when the refusals change. */
export const REFUSALS_EVENT = 'vetshop:cart-refusals';
/** At most this many refusals are kept (the newest). */
export const REFUSALS_MAX = 20;

/**
 * A refusal as the browser keeps it: the api's (transaction uuid, product id, reason) and the
 * product's name as the cart knew it when the answer came (the sync answer names no product, and
 * the refused product leaves the cart's names with its transaction); no name when the cart never
 * knew it.
 */
export type NotedRefusal = RefusedTransaction & { name?: string };

/** The stored refusals, oldest first ([] when none or unreadable; a name that is no text dropped). */
export function readRefusals(storage: Pick<Storage, 'getItem'>): NotedRefusal[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(REFUSALS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (r): r is NotedRefusal =>
          typeof r === 'object' &&
          r !== null &&
          typeof (r as NotedRefusal).uuid === 'string' &&
          typeof (r as NotedRefusal).product_id === 'number' &&
          typeof (r as NotedRefusal).reason === 'string',
      )
      .map(({ uuid, product_id, reason, name }) =>
        typeof name === 'string' && name !== ''
          ? { uuid, product_id, reason, name }
          : { uuid, product_id, reason },
      );
  } catch {
    return [];
  }
}

/**
 * `refused` with each product's name: from `names` (product id → name, the names of the products
 * added in this browser), else from the cart's lines; left without one when neither knows it.
 */
export function nameRefusals(
  refused: readonly RefusedTransaction[],
  names: Readonly<Record<string, { name: string }>>,
  lines: readonly Pick<CartLine, 'product_id' | 'name'>[] = [],
): NotedRefusal[] {
  return refused.map((r) => {
    const name = names[String(r.product_id)]?.name ?? lines.find((l) => l.product_id === r.product_id)?.name;
    return name ? { ...r, name } : { ...r };
  });
}

/** `stored` with `refused` added (one entry per uuid), the newest REFUSALS_MAX kept. */
export function mergeRefusals(
  stored: readonly NotedRefusal[],
  refused: readonly NotedRefusal[],
): NotedRefusal[] {
  const seen = new Set(stored.map((r) => r.uuid));
  const merged = [...stored, ...refused.filter((r) => !seen.has(r.uuid))];
  return merged.slice(-REFUSALS_MAX);
}

/**
 * Records the refusals of a sync answer, named (`nameRefusals`), and announces them (nothing when
 * none); storage errors are ignored. Called by the cart store (lib/cart/store.ts, its `onRefused`).
 */
export function noteRefusals(refused: readonly NotedRefusal[]): void {
  if (refused.length === 0 || typeof window === 'undefined') return;
  try {
    const storage = window.localStorage;
    storage.setItem(REFUSALS_KEY, JSON.stringify(mergeRefusals(readRefusals(storage), refused)));
    window.dispatchEvent(new Event(REFUSALS_EVENT));
  } catch {
    // Storage denied: the refusal is still in this answer's cart.
  }
}

/** Forgets the refusals (the user dismissed them). */
export function clearRefusals(): void {
  try {
    window.localStorage.removeItem(REFUSALS_KEY);
    window.dispatchEvent(new Event(REFUSALS_EVENT));
  } catch {
    // Nothing stored.
  }
}

/**
 * The product lines of a cart the customer may no longer order (their `restriction` reason from
 * the api: rights changed since the line was added), one per product, paid lines only (free units
 * follow their paying line). The cart page flags them and the checkout explains them before the
 * confirm, which the api would refuse (403 with the reason).
 */
export function restrictedLines(
  lines: readonly CartLine[],
): { product_id: number; name: string; reason: RestrictionReason }[] {
  const out = new Map<number, { product_id: number; name: string; reason: RestrictionReason }>();
  for (const l of lines) {
    if (l.is_delivery || l.is_free || l.product_id === null || !l.restriction) continue;
    if (!out.has(l.product_id))
      out.set(l.product_id, { product_id: l.product_id, name: l.name, reason: l.restriction });
  }
  return [...out.values()];
}
