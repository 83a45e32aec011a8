/**
 * Typed server-side client of the api's sale statistics (docs/product/customer-area.md#sale-statistics-calls; contracts in
 * @vetshop/domain contracts/statistics.ts). Server only: it forwards the request's cookies
 * (next/headers), so every answer is the signed-in customer's own, and never caches.
 *
 * Errors: a failed answer throws ApiError (problem+json code and status: 401 when the session is
 * missing or refused, 403 for a staff user), a network failure ApiError 503 `api_unavailable`, an
 * answer that breaks the contract ApiError 502 `bad_response`.
 */
import type { z } from 'zod';
import {
  fiveYearsSchema,
  monthlyOrderedSchema,
  topOrderedFilterQuery,
  topOrderedSchema,
  type FiveYears,
  type Locale,
  type MonthlyOrdered,
  type TopOrdered,
  type TopOrderedFilter,
} from '@vetshop/domain';
import { serverEnv } from '@/lib/env';
import { buildQueryString, forwardedCookieHeader } from '@/lib/api/client';
import { ApiError, apiErrorFromResponse } from '@/lib/api/errors';

async function personalGet<S extends z.ZodType>(
  path: string,
  schema: S,
  locale: Locale,
  query?: Record<string, string | number | readonly string[] | undefined>,
): Promise<z.infer<S>> {
  const url = `${serverEnv().API_URL}${path}${buildQueryString(query)}`;
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

/** The sale statistics calls of the dashboard and the customer home. */
export const statisticsApi = {
  /** GET sale_statistics/five_years: five yearly totals per family and the key figures. */
  fiveYears(locale: Locale): Promise<FiveYears> {
    return personalGet('/sale_statistics/five_years', fiveYearsSchema, locale);
  },
  /** GET sale_statistics/monthly_ordered/{year}: 12 months per family (EUR excl. VAT). */
  monthly(locale: Locale, year: number): Promise<MonthlyOrdered> {
    return personalGet(`/sale_statistics/monthly_ordered/${year}`, monthlyOrderedSchema, locale);
  },
  /** GET sale_statistics/top_ordered for a dashboard filter (docs/product/constants.md), first page of `perPage`. */
  topOrdered(locale: Locale, filter: TopOrderedFilter, perPage: number): Promise<TopOrdered> {
    return personalGet('/sale_statistics/top_ordered', topOrderedSchema, locale, {
      lang: locale,
      per_page: perPage,
      ...topOrderedFilterQuery(filter),
    });
  },
};
