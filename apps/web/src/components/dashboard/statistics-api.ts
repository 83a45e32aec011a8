/**
 * Typed server-side client of the api's sale statistics (docs/product/customer-area.md#sale-statistics-calls; contracts in
 * @vetshop/domain contracts/statistics.ts). Server only: it forwards the request's cookies
 * (next/headers), so every answer is the signed-in customer's own, and never caches.
 *
 * Errors: a failed answer throws ApiError (problem+json code and status: 401 when the session is
 * missing or refused, 403 for a staff user), a network failure ApiError 503 `api_unavailable`, an
 * answer that breaks the contract ApiError 502 `bad_response`.
 */
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
import { apiGet } from '@/lib/api/client';

/** The sale statistics calls of the dashboard and the customer home. */
export const statisticsApi = {
  /** GET sale_statistics/five_years: five yearly totals per family and the key figures. */
  fiveYears(locale: Locale): Promise<FiveYears> {
    return apiGet('/sale_statistics/five_years', fiveYearsSchema, { locale, forwardCookies: true });
  },
  /** GET sale_statistics/monthly_ordered/{year}: 12 months per family (EUR excl. VAT). */
  monthly(locale: Locale, year: number): Promise<MonthlyOrdered> {
    return apiGet(`/sale_statistics/monthly_ordered/${year}`, monthlyOrderedSchema, {
      locale,
      forwardCookies: true,
    });
  },
  /** GET sale_statistics/top_ordered for a dashboard filter (docs/product/constants.md), first page of `perPage`. */
  topOrdered(locale: Locale, filter: TopOrderedFilter, perPage: number): Promise<TopOrdered> {
    return apiGet('/sale_statistics/top_ordered', topOrderedSchema, {
      locale,
      query: {
        lang: locale,
        per_page: perPage,
        ...topOrderedFilterQuery(filter),
      },
      forwardCookies: true,
    });
  },
};
