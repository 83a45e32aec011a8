/**
 * The cart calls of the browser through the same-origin /api proxy (spec 7 Cart, Carriers):
 * POST /carts/sync and the cart-page operations, with the answers parsed by the domain contracts.
 */
import { cartSchema, type Cart, type Locale } from '@vetshop/domain';
import { callApi } from '../api/browser';
import type { SyncTransport } from './store';
import { noteRefusals } from './refusals';

/**
 * A server cart from an answer body: null for 204, `{}` or anything without a cart shape
 * (spec 4 "A 204 answer means an empty cart. An empty object also means no cart").
 */
export function cartFromBody(body: unknown): Cart | null {
  if (body === null || typeof body !== 'object') return null;
  const parsed = cartSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * POST /carts/sync {uuid, transactions} in `locale`. A 401 goes to the login page (callApi); the
 * outcome carries the status of any failure (0 for a network error, 503 for the ERP unavailable).
 */
export function syncTransport(locale: Locale): SyncTransport {
  return async (request) => {
    const result = await callApi('POST', '/carts/sync', { locale, body: request });
    if (result.ok) {
      const cart = result.status === 204 ? null : cartFromBody(result.data);
      // Additions refused for a regulated product are kept until the user reads them.
      noteRefusals(cart?.refused);
      return { ok: true, cart };
    }
    return { ok: false, status: result.problem.status };
  };
}
