/**
 * Typed server-side client of the api's standard-order routes (docs/product/customer-area.md#wishlist-calls; contracts in
 * @vetshop/domain contracts/wishlist.ts). Server only: it forwards the request's cookies
 * (next/headers), so every answer belongs to the signed-in customer, and never caches.
 *
 * Errors: a failed answer throws ApiError (problem+json code and status; 401 when the session is
 * missing or refused, 403 for a staff user, 404 for a list of another customer), a network
 * failure ApiError 503 `api_unavailable`, an answer that breaks the contract ApiError 502
 * `bad_response`. Changes are made by the browser through the /api proxy (lib/api/browser.ts).
 */
import {
  WISHLIST_PAGE_SIZE_MAX,
  wishlistListSchema,
  wishlistSchema,
  type Locale,
  type Wishlist,
  type WishlistList,
} from '@vetshop/domain';
import { apiGet } from './client';

/** Standard-order calls of the api for the signed-in customer of the current request. */
export const wishlistsApi = {
  /** GET /wishlists?page=1&page_size=999 (docs/product/customer-area.md): every list of the customer, without lines, sorted by name. */
  list(locale: Locale): Promise<WishlistList> {
    return apiGet('/wishlists', wishlistListSchema, {
      locale,
      query: { page: '1', page_size: String(WISHLIST_PAGE_SIZE_MAX), lang: locale },
      forwardCookies: true,
    });
  },
  /** GET /wishlists/:id: the list with its lines; ApiError 404 for a list of another customer. */
  get(locale: Locale, id: number): Promise<Wishlist> {
    return apiGet(`/wishlists/${id}`, wishlistSchema, {
      locale,
      query: { lang: locale },
      forwardCookies: true,
    });
  },
};
