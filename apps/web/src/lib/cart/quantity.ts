/**
 * Typed cart quantities (docs/decisions/order-limits.md): what the cart page's quantity field
 * accepts and how long it waits before saving.
 */
import { CART_LINE_QTY_MAX } from '@vetshop/domain';

/** Calm (ms) after the last keystroke or +/− click before a quantity becomes a cart transaction. */
export const QTY_SAVE_DELAY_MS = 700;

/**
 * The quantity typed in a cart line's field: an integer from 0 (remove the line) to
 * CART_LINE_QTY_MAX, surrounding spaces allowed; null for anything else (empty, decimal, negative,
 * too large, not a number).
 */
export function parseLineQty(typed: string): number | null {
  const s = typed.trim();
  if (!/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n <= CART_LINE_QTY_MAX ? n : null;
}
