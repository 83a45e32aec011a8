import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import type { z } from 'zod';
import {
  categoryDetailSchema,
  categoryTreeNodeSchema,
  VARIANT_RESTRICTIONS_MAX,
  variantRestrictionsSchema,
  productDetailSchema,
  productPageSchema,
  resolveResultSchema,
  searchResultSchema,
  sitemapSchema,
  type CategoryDetail,
  type CategoryTreeNode,
  type Locale,
  type RestrictionReason,
  type ProductDetail,
  type ProductPage,
  type ResolveResult,
  type SearchQuery,
  type SearchResult,
  type Sitemap,
} from '@vetshop/domain';
import { serverEnv } from '../env';
import { ApiError, apiErrorOf } from './errors';
import { getShared, getUncached } from './transport';
import { catalogVersionFetchHeaders } from '../page-cache/render-version';

/** Seconds a catalogue answer stays in the web's shared answers (transport.ts `getShared`; catalogue pages are the same for every guest). */
export const CATALOG_REVALIDATE_SECONDS = 60;

/**
 * Cookies that belong to the web app only and are never forwarded to the api (the locale, and the
 * encrypted OIDC sign-in state and tokens of lib/oidc.ts).
 */
const WEB_ONLY_COOKIES = new Set(['NEXT_LOCALE', 'vetshop_oidc', 'vetshop_oidc_tx']);

/** Name of the api's session cookie (apps/api modules/auth/session.ts), HttpOnly on the web origin. */
export const SESSION_COOKIE = 'vetshop_session';

/** Query parameters of an api GET; arrays are repeated keys (`species=dog&species=cat`). */
export type ApiQuery = Record<string, string | number | boolean | readonly string[] | undefined>;

interface RequestOptions {
  locale: Locale;
  /** Query parameters; arrays are repeated keys (`species=dog&species=cat`). */
  query?: ApiQuery;
  /** Forward the user's cookies (session → price list). Off for data that is the same for everybody. */
  forwardCookies?: boolean;
  /** On 404: call Next's `notFound()` (default) or throw the ApiError. */
  on404?: 'notFound' | 'throw';
  revalidate?: number;
}

/** `Cookie` header for the api from a request's cookies, leaving out the web-only ones (undefined when none). */
export function apiCookieHeader(all: readonly { name: string; value: string }[]): string | undefined {
  const pairs = all
    .filter((c) => !WEB_ONLY_COOKIES.has(c.name))
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`);
  return pairs.length > 0 ? pairs.join('; ') : undefined;
}

/**
 * The request's cookies as a `Cookie` header for the api (web-only cookies left out), or undefined
 * when there are none or when called outside a request.
 */
export async function forwardedCookieHeader(): Promise<string | undefined> {
  try {
    return apiCookieHeader((await cookies()).getAll());
  } catch {
    // Outside a request (e.g. sitemap generation at build time): nothing to forward.
    return undefined;
  }
}

/** True when a `Cookie` header carries the session cookie (a signed-in user, or a stale session). */
export function hasSessionCookie(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** Appends query parameters, repeating array values and skipping undefined/empty ones. */
export function buildQueryString(query: ApiQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Options of `apiGet`: the only ways the server-side GETs of the web app differ. */
export interface ApiGetOptions {
  /** Interface locale, sent as `Accept-Language` (a `lang` query parameter, when the route takes one, goes in `query`). */
  locale: Locale;
  /** Query parameters, in url order (undefined values left out). */
  query?: ApiQuery;
  /** Forward the request's cookies (web-only ones left out): the answer is the signed-in user's. Default false. */
  forwardCookies?: boolean;
  /**
   * Seconds the answer is kept in memory and shared (transport.ts `getShared`); undefined = never
   * kept. A request whose forwarded cookies carry a session is never kept.
   */
  revalidate?: number;
  /** Send the catalogue-version header of lib/page-cache/render-version.ts (answers a guest page render may cache). */
  catalogVersion?: boolean;
  /** A 404 answer: throw the ApiError (default), answer null, or call Next's `notFound()`. */
  on404?: 'throw' | 'null' | 'notFound';
  /** Answer null for a 204, an empty body or `{}` instead of parsing it (the cart routes). */
  emptyIsNull?: boolean;
}

/**
 * GETs `${API_URL}${path}${query}` from the server and parses the JSON answer with `schema` (a zod
 * schema of @vetshop/domain): the one fetch-and-validate helper of the server-side api clients.
 *
 * Request: `Accept: application/json`, `Accept-Language: locale`, plus the request's cookies when
 * `forwardCookies` and the catalogue-version header when `catalogVersion`.
 * Cache: kept `revalidate` seconds and shared between renders (transport.ts `getShared`, 2xx
 * answers only) when `revalidate` is set and no session cookie is forwarded (a signed-in user's
 * answer, e.g. its prices, is never shared); else never kept, asked through transport.ts
 * `getUncached` (memoised per render only).
 * Answer: the parsed body (`z.infer<S>`), or null for a 404 with `on404: 'null'` and for an empty
 * answer (204, no body, `{}`) with `emptyIsNull`.
 * Errors: a network failure throws ApiError 503 `api_unavailable`; a failed answer throws the
 * ApiError of its problem+json (lib/api/errors.ts: status and code, `http_<status>` without one;
 * 401 session missing or refused), except a 404 under `on404: 'null'` / `'notFound'`; an answer that
 * breaks the contract throws ApiError 502 `bad_response` (its first issues are logged).
 */
export function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiGetOptions & { on404?: 'throw' | 'notFound'; emptyIsNull?: false },
): Promise<z.infer<S>>;
export function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiGetOptions,
): Promise<z.infer<S> | null>;
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiGetOptions,
): Promise<z.infer<S> | null> {
  const url = `${serverEnv().API_URL}${path}${buildQueryString(options.query)}`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': options.locale,
    // A render for the guest page cache: no shared answer of an older catalogue version.
    ...(options.catalogVersion ? await catalogVersionFetchHeaders() : {}),
  };
  const cookie = options.forwardCookies ? await forwardedCookieHeader() : undefined;
  if (cookie) headers.cookie = cookie;
  // A signed-in user's answer (its price list) is never kept: the shared answers must not hand
  // one user's prices to another. Guests share the kept answers. Both are asked without `fetch`
  // (transport.ts: the same answer for less CPU than undici and Next's data cache).
  const personal = cookie !== undefined && hasSessionCookie(cookie);
  let answer: { status: number; statusText: string; json: () => Promise<unknown> };
  try {
    const raw =
      personal || options.revalidate === undefined
        ? await getUncached(url, headers)
        : await getShared(url, headers, options.revalidate);
    answer = { status: raw.status, statusText: raw.statusText, json: async () => JSON.parse(raw.body) };
  } catch (cause) {
    console.error(`[api] GET ${path} failed`, cause);
    throw new ApiError({ status: 503, code: 'api_unavailable', title: 'Service unavailable' });
  }
  const readBody = (): Promise<unknown> => answer.json().catch(() => null);
  if (answer.status < 200 || answer.status > 299) {
    if (answer.status === 404 && options.on404 === 'null') return null;
    const error = apiErrorOf(answer.status, answer.statusText, await readBody());
    if (error.status === 404 && options.on404 === 'notFound') notFound();
    throw error;
  }
  if (options.emptyIsNull && answer.status === 204) return null;
  const body = await readBody();
  if (
    options.emptyIsNull &&
    (body === null || (typeof body === 'object' && Object.keys(body).length === 0))
  ) {
    return null;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`[api] GET ${path}: answer does not match the contract`, parsed.error.issues.slice(0, 5));
    throw new ApiError({ status: 502, code: 'bad_response', title: 'Bad gateway' });
  }
  return parsed.data;
}

/** GET of a catalogue route: `lang` first in the query, the catalogue-version header, 60 s cache for guests, 404 → `notFound()`. */
function get<S extends z.ZodType>(path: string, schema: S, options: RequestOptions): Promise<z.infer<S>> {
  return apiGet(path, schema, {
    locale: options.locale,
    query: { lang: options.locale, ...options.query },
    forwardCookies: options.forwardCookies,
    revalidate: options.revalidate ?? CATALOG_REVALIDATE_SECONDS,
    catalogVersion: true,
    on404: options.on404 ?? 'notFound',
  });
}

/** Encodes each segment of a slash-separated url key (category keys contain slashes). */
function encodePath(key: string): string {
  return key
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => encodeURIComponent(s))
    .join('/');
}

/** Search query without `lang` (the client adds it from the locale). */
export type SearchParamsForApi = Omit<Partial<SearchQuery>, 'lang'>;

/**
 * Typed server-side client of apps/api's catalogue routes (contracts in @vetshop/domain).
 * Every call sends `lang` and `Accept-Language` = the interface locale.
 */
export const catalogApi = {
  /** GET /catalog/search: one page of models with disjunctive facets (user's price list). */
  search(locale: Locale, query: SearchParamsForApi): Promise<SearchResult> {
    return get('/catalog/search', searchResultSchema, { locale, query: { ...query }, forwardCookies: true });
  },
  /** GET /catalog/products/:id. */
  product(locale: Locale, id: number): Promise<ProductDetail> {
    return get(`/catalog/products/${id}`, productDetailSchema, { locale, forwardCookies: true });
  },
  /**
   * GET /catalog/products/by-url-key/:urlKey: the product page's data (answer carries the canonical
   * url_key, the links the caller may see and a signed-in customer's consumption).
   */
  productByUrlKey(locale: Locale, urlKey: string): Promise<ProductPage> {
    return get(`/catalog/products/by-url-key/${encodeURIComponent(urlKey)}`, productPageSchema, {
      locale,
      forwardCookies: true,
    });
  },
  /**
   * GET /catalog/restrictions: {variant id: reason} of the variants the signed-in customer may not
   * order (docs/decisions/regulated-products.md), for the listings that add to the cart; {} for
   * guests and staff, and when the api cannot answer (the cart sync still refuses).
   */
  async restrictions(
    locale: Locale,
    variantIds: readonly number[],
  ): Promise<Record<string, RestrictionReason>> {
    const ids = [...new Set(variantIds)].slice(0, VARIANT_RESTRICTIONS_MAX);
    if (ids.length === 0 || !hasSessionCookie((await forwardedCookieHeader()) ?? '')) return {};
    try {
      const r = await get('/catalog/restrictions', variantRestrictionsSchema, {
        locale,
        query: { variant_ids: ids.join(',') },
        forwardCookies: true,
        on404: 'throw',
      });
      return r.restrictions;
    } catch (error) {
      console.error('[api] restrictions unavailable', error instanceof Error ? error.message : error);
      return {};
    }
  },
  /** GET /catalog/categories: the category tree (same for everybody). */
  categories(locale: Locale): Promise<CategoryTreeNode[]> {
    return get('/catalog/categories', categoryTreeNodeSchema.array(), { locale, on404: 'throw' });
  },
  /** GET /catalog/categories/:id. */
  category(locale: Locale, id: number): Promise<CategoryDetail> {
    return get(`/catalog/categories/${id}`, categoryDetailSchema, { locale });
  },
  /** GET /catalog/categories/by-url-key/<path with slashes>. */
  categoryByUrlKey(locale: Locale, urlKey: string): Promise<CategoryDetail> {
    return get(`/catalog/categories/by-url-key/${encodePath(urlKey)}`, categoryDetailSchema, { locale });
  },
  /** GET /catalog/resolve/<urlKey>: what /{lang}/{urlKey} points to. */
  resolve(locale: Locale, urlKey: string): Promise<ResolveResult> {
    return get(`/catalog/resolve/${encodePath(urlKey)}`, resolveResultSchema, { locale });
  },
  /** GET /catalog/sitemap: every category and product with its url key per locale. */
  sitemap(): Promise<Sitemap> {
    return get('/catalog/sitemap', sitemapSchema, { locale: 'fr', on404: 'throw', revalidate: 3600 });
  },
};
