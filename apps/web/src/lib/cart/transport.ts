/**
 * The cart calls of the browser through the same-origin /api proxy (docs/product/cart-and-checkout.md#cart-calls Cart, Carriers):
 * POST /carts/sync and the cart-page operations. The api validates and serialises its answers
 * against the domain contracts, so the browser only tells a cart from "no cart" here and does not
 * ship zod (docs/decisions/web-page-performance.md, "Browser bundle").
 */
import type { Cart, Locale, RefusedTransaction } from '@vetshop/domain';
import { callApi } from '../api/browser';
import type { SyncSummaryAnswer, SyncTransport } from './store';

/**
 * A server cart from an answer body: null for 204, `{}` or anything without a cart shape
 * (docs/product/cart-and-checkout.md#sync "A 204 answer means an empty cart. An empty object also means no cart").
 */
export function cartFromBody(body: unknown): Cart | null {
  if (body === null || typeof body !== 'object') return null;
  const { uuid, lines } = body as Partial<Record<keyof Cart, unknown>>;
  return typeof uuid === 'string' && Array.isArray(lines) ? (body as Cart) : null;
}

/**
 * A sync summary from an answer body ({id, uuid, lines_count, applied, refused?}); null when the
 * body has no such shape.
 */
export function summaryFromBody(body: unknown): SyncSummaryAnswer | null {
  if (body === null || typeof body !== 'object') return null;
  const { uuid, lines_count, refused } = body as Partial<Record<keyof SyncSummaryAnswer, unknown>>;
  if (typeof uuid !== 'string' || typeof lines_count !== 'number') return null;
  return {
    uuid,
    lines_count,
    ...(Array.isArray(refused) ? { refused: refused as RefusedTransaction[] } : {}),
  };
}

/**
 * POST /carts/sync {uuid, transactions} in `locale`, asking for the priced cart or, with answer
 * `summary`, POST /carts/sync?answer=summary (docs/decisions/cart-sync-performance.md). A 401 goes
 * to the login page (callApi); the outcome carries the status of any failure (0 for a network
 * error, 503 for the ERP unavailable).
 */
export function syncTransport(locale: Locale): SyncTransport {
  return async (request, answer) => {
    const path = answer === 'summary' ? '/carts/sync?answer=summary' : '/carts/sync';
    const result = await callApi('POST', path, { locale, body: request });
    if (result.ok) {
      if (answer === 'summary' && result.status !== 204) {
        const summary = summaryFromBody(result.data);
        if (summary) return { ok: true, summary };
      }
      return { ok: true, cart: result.status === 204 ? null : cartFromBody(result.data) };
    }
    return { ok: false, status: result.problem.status };
  };
}
