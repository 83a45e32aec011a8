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
import type { z } from 'zod';
import {
  WISHLIST_PAGE_SIZE_MAX,
  wishlistListSchema,
  wishlistSchema,
  type Locale,
  type Wishlist,
  type WishlistList,
} from '@vetshop/domain';
import { serverEnv } from '../env';
import { buildQueryString, forwardedCookieHeader } from './client';
import { ApiError, apiErrorFromResponse } from './errors';

/** GETs `path` with the user's cookies in `locale` and parses the answer with `schema`. */
async function wishlistGet<S extends z.ZodType>(
  path: string,
  schema: S,
  locale: Locale,
): Promise<z.infer<S>> {
  const query = path === '/wishlists' ? { page: '1', page_size: String(WISHLIST_PAGE_SIZE_MAX) } : {};
  const url = `${serverEnv().API_URL}${path}${buildQueryString({ ...query, lang: locale })}`;
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': locale };
  const cookie = await forwardedCookieHeader();
  if (cookie) headers.cookie = cookie;
  let res: Response;
  try {
    res = await fetch(url, { headers, cache: 'no-store' });
  } catch (cause) {
    console.error(`[api] GET ${path} failed`, cause);
    throw new ApiError({ status: 503, code: 'api_unavailable', title: 'Service unavailable' });
  }
  if (!res.ok) throw await apiErrorFromResponse(res);
  const parsed = schema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) {
    console.error(`[api] GET ${path}: answer does not match the contract`, parsed.error.issues.slice(0, 5));
    throw new ApiError({ status: 502, code: 'bad_response', title: 'Bad gateway' });
  }
  return parsed.data;
}

/** Standard-order calls of the api for the signed-in customer of the current request. */
export const wishlistsApi = {
  /** GET /wishlists?page=1&page_size=999 (docs/product/customer-area.md): every list of the customer, without lines, sorted by name. */
  list(locale: Locale): Promise<WishlistList> {
    return wishlistGet('/wishlists', wishlistListSchema, locale);
  },
  /** GET /wishlists/:id: the list with its lines; ApiError 404 for a list of another customer. */
  get(locale: Locale, id: number): Promise<Wishlist> {
    return wishlistGet(`/wishlists/${id}`, wishlistSchema, locale);
  },
};
