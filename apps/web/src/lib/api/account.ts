/**
 * Typed server-side client of the api's account routes (docs/product/accounts.md#auth-calls, Customer, Addresses,
 * Veterinary groups, settings; contracts in @vetshop/domain contracts/account.ts). Server only: it
 * reads the request's cookies (next/headers) and forwards them, so every answer belongs to the
 * signed-in user and is fetched with `cache: 'no-store'`.
 *
 * Errors: a failed answer throws ApiError (problem+json code and status; 401 when the session is
 * missing or no longer accepted), a network failure ApiError 503 `api_unavailable`, an answer that
 * breaks the contract ApiError 502 `bad_response`. State-changing calls are made by the browser
 * through the same-origin /api proxy (lib/api/browser.ts).
 */
import {
  addressListSchema,
  salesPersonSchema,
  settingsSchema,
  userProfileSchema,
  vetGroupListSchema,
  type Address,
  type Locale,
  type SalesPerson,
  type Settings,
  type UserProfile,
  type VetGroup,
} from '@vetshop/domain';
import { apiGet } from './client';
import { ApiError } from './errors';

/** Seconds the reference data of GET settings stays cached (countries, titles, states). */
const SETTINGS_REVALIDATE_SECONDS = 3600;

/** Account calls of the api for the signed-in user of the current request. */
export const accountApi = {
  /** GET /auth/profile: the signed-in user (docs/product/accounts.md#user) with its customer. 401 for guests. */
  profile(locale: Locale): Promise<UserProfile> {
    return apiGet('/auth/profile', userProfileSchema, { locale, forwardCookies: true });
  },
  /** GET /addresses/invoicing: the main (invoicing) address(es) of the customer. */
  async invoicingAddresses(locale: Locale): Promise<Address[]> {
    return (await apiGet('/addresses/invoicing', addressListSchema, { locale, forwardCookies: true })).data;
  },
  /** GET /addresses/delivery?q=: delivery addresses, filtered by the docs/product/customer-area.md#address-rules when `q` is set. */
  async deliveryAddresses(locale: Locale, q?: string): Promise<Address[]> {
    return (
      await apiGet('/addresses/delivery', addressListSchema, {
        locale,
        query: { q: q && q.trim() ? q.trim() : undefined },
        forwardCookies: true,
      })
    ).data;
  },
  /** GET /customer/sales_person; null when the customer has none (404). */
  async salesPerson(locale: Locale): Promise<SalesPerson | null> {
    try {
      return await apiGet('/customer/sales_person', salesPersonSchema, { locale, forwardCookies: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  /**
   * GET /settings?lang=: countries, titles, states, currencies, lead subjects in `locale`.
   * docs/product/accounts.md "A failed settings fetch yields no settings": null on any failure.
   */
  async settings(locale: Locale): Promise<Settings | null> {
    try {
      return await apiGet('/settings', settingsSchema, {
        locale,
        query: { lang: locale },
        revalidate: SETTINGS_REVALIDATE_SECONDS,
      });
    } catch (error) {
      console.error('[api] settings unavailable', error instanceof Error ? error.message : error);
      return null;
    }
  },
  /** GET /veterinary_groups sorted by sequence; docs/product/accounts.md "A failed veterinary group fetch yields an empty list". */
  async vetGroups(locale: Locale): Promise<VetGroup[]> {
    try {
      const list = await apiGet('/veterinary_groups', vetGroupListSchema, { locale });
      return [...list.data].sort((a, b) => a.sequence - b.sequence);
    } catch {
      return [];
    }
  },
};
