/**
 * Data of the profile page /{lang}/account/profile (docs/product/customer-area.md#profile;
 * docs/product/customer-area.md#address-calls; docs/product/accounts.md#customer-calls). Server
 * only: the calls go through accountApi (lib/api/client.ts `apiGet`, the request's cookies, never
 * cached) and are parsed into the domain's `Address`, `SalesPerson` and `Settings` shapes.
 */
import {
  COUNTRY_CODES,
  STATES,
  countryName,
  type Address,
  type Locale,
  type SalesPerson,
  type Settings,
} from '@vetshop/domain';
import { accountApi } from '@/lib/api/account';
import { loadForPage } from '@/lib/session';
import type { AddressOptions } from '@/components/account/Addresses';

/** What the profile page shows of a customer beyond the session's user. */
export interface ProfileData {
  /** GET addresses/invoicing. */
  invoicing: Address[];
  /** GET addresses/delivery. */
  delivery: Address[];
  /** GET customer/sales_person; null when the customer has none. */
  salesPerson: SalesPerson | null;
  /** GET settings (countries and states of the address forms); null when the api cannot answer. */
  settings: Settings | null;
}

/**
 * The profile data of the page at `path` (`/{lang}/account/profile`): the four calls in parallel
 * for a customer; empty lists and nulls for a user without a customer (staff), without calling
 * the api. Errors: a 401 (session ended) redirects to login (lib/session.ts `loadForPage`); other
 * ApiErrors are rethrown.
 */
export async function profileData(locale: Locale, path: string, isCustomer: boolean): Promise<ProfileData> {
  if (!isCustomer) return { invoicing: [], delivery: [], salesPerson: null, settings: null };
  const [invoicing, delivery, salesPerson, settings] = await loadForPage(locale, path, () =>
    Promise.all([
      accountApi.invoicingAddresses(locale),
      accountApi.deliveryAddresses(locale),
      accountApi.salesPerson(locale),
      accountApi.settings(locale),
    ]),
  );
  return { invoicing, delivery, salesPerson, settings };
}

/**
 * Countries and states of the address forms (docs/product/customer-area.md#address-rules): GET
 * settings, else the shop's own reference lists; countries with Belgium first then by name,
 * states by name, in `locale`'s collation.
 */
export function addressOptions(settings: Settings | null, locale: Locale): AddressOptions {
  const countries =
    settings && settings.countries.length > 0
      ? settings.countries.map((c) => ({ code: c.code, name: c.name }))
      : COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) }));
  const states =
    settings && settings.states.length > 0
      ? settings.states
      : STATES.map((s) => ({ code: s.code, name: s.names[locale], country_code: s.country }));
  return {
    countries: [...countries].sort((a, b) =>
      a.code === 'BE' ? -1 : b.code === 'BE' ? 1 : a.name.localeCompare(b.name, locale),
    ),
    states: [...states].sort((a, b) => a.name.localeCompare(b.name, locale)),
  };
}
