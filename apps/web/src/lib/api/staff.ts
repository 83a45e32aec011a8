/**
 * Typed server-side client of the staff api routes (docs/product/back-office.md#staff-back-office; contracts in
 * @vetshop/domain contracts/staff.ts, sales.ts, account.ts). Server only: forwards the request's
 * cookies and never caches. Errors: a failed answer throws ApiError (401 session ended, 403 not
 * staff, 404 unknown id), a network failure ApiError 503 `api_unavailable`, an answer that breaks
 * the contract ApiError 502 `bad_response`. State-changing calls go from the browser through the
 * /api proxy (lib/api/browser.ts callApi).
 *
 * Other staff screens (small ads, content, leads, forms) may use `staffGet` for their own lists.
 */
import { z } from 'zod';
import {
  addressSchema,
  auditLogListSchema,
  catalogImportStatusSchema,
  registrationSchema,
  staffSaleDetailSchema,
  staffSalesListSchema,
  staffSummarySchema,
  type AuditLogList,
  type CatalogImportStatus,
  type Locale,
  type StaffSaleDetail,
  type StaffSalesList,
  type StaffSummary,
} from '@vetshop/domain';
import { apiGet } from './client';

/** Query values of a staff list call (undefined and empty values are left out). */
export type StaffQuery = Record<string, string | number | undefined>;

/**
 * GETs staff route `path` with the user's cookies and parses the answer with `schema` (lib/api/client.ts
 * `apiGet`; no cache; undefined and empty query values left out). Errors: see the module comment.
 */
export function staffGet<S extends z.ZodType>(
  path: string,
  schema: S,
  locale: Locale,
  query: StaffQuery = {},
): Promise<z.infer<S>> {
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  // No `lang` here: most staff list queries are strict (unknown parameters are a 400).
  return apiGet(path, schema, { locale, query: clean, forwardCookies: true });
}

/** One address change request as GET staff/address_change_requests answers it (fields kept loose). */
export const addressRequestSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  customer_id: z.number().int(),
  customer_number: z.string(),
  customer_name: z.string(),
  address_id: z.number().int(),
  /** The address as it is now. */
  address: addressSchema,
  /** The fields the customer asked for (AddressInput). */
  requested: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AddressRequest = z.infer<typeof addressRequestSchema>;

/** The staff calls of the back office core screens. */
export const staffApi = {
  /** GET /staff/summary: the home counts. */
  summary(locale: Locale): Promise<StaffSummary> {
    return staffGet('/staff/summary', staffSummarySchema, locale);
  },
  /** GET /staff/registrations?state&page&per_page. */
  registrations(locale: Locale, query: StaffQuery) {
    return staffGet(
      '/staff/registrations',
      z.object({ count: z.number().int(), items: z.array(registrationSchema) }),
      locale,
      query,
    );
  },
  /** GET /staff/address_change_requests?state&page&per_page. */
  addressRequests(locale: Locale, query: StaffQuery) {
    return staffGet(
      '/staff/address_change_requests',
      z.object({ count: z.number().int(), items: z.array(addressRequestSchema) }),
      locale,
      { ...query, lang: locale },
    );
  },
  /** GET /staff/sales?state&q&page&per_page. */
  sales(locale: Locale, query: StaffQuery): Promise<StaffSalesList> {
    return staffGet('/staff/sales', staffSalesListSchema, locale, query);
  },
  /** GET /staff/sales/{id}. */
  sale(locale: Locale, id: number): Promise<StaffSaleDetail> {
    return staffGet(`/staff/sales/${id}`, staffSaleDetailSchema, locale);
  },
  /** GET /staff/catalog/import. */
  importStatus(locale: Locale): Promise<CatalogImportStatus> {
    return staffGet('/staff/catalog/import', catalogImportStatusSchema, locale);
  },
  /** GET /staff/audit_log?user&action&from&to&page&per_page. */
  auditLog(locale: Locale, query: StaffQuery): Promise<AuditLogList> {
    return staffGet('/staff/audit_log', auditLogListSchema, locale, query);
  },
};
