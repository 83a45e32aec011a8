/**
 * Address rules (docs/product/cart-and-checkout.md#address-validity "Address validity" and "Search"; docs/product/accounts.md#address-rights).
 */
import { foldAccents } from './text.ts';

/** The fields the validity and search rules read. */
export interface AddressLike {
  id?: number;
  name?: string | null;
  street?: string | null;
  street2?: string | null;
  zip?: string | null;
  city?: string | null;
  is_dropoff_site?: boolean | null;
}

const filled = (v: string | null | undefined): boolean => typeof v === 'string' && v.trim() !== '';

/** docs/product/customer-area.md: valid when a dropoff site, or when name, street, zip and city are non-empty after trimming. */
export function isAddressValid(address: AddressLike | null | undefined): boolean {
  if (!address) return false;
  if (address.is_dropoff_site) return true;
  return filled(address.name) && filled(address.street) && filled(address.zip) && filled(address.city);
}

/** docs/product/customer-area.md: a cart has valid addresses only when both its invoicing and delivery addresses are valid. */
export function cartAddressesValid(
  invoicing: AddressLike | null | undefined,
  delivery: AddressLike | null | undefined,
): boolean {
  return isAddressValid(invoicing) && isAddressValid(delivery);
}

/** docs/product/customer-area.md: two addresses count as the same when their ids match. */
export function sameAddress(a: AddressLike | null | undefined, b: AddressLike | null | undefined): boolean {
  return a?.id !== undefined && a.id === b?.id;
}

/**
 * docs/product/customer-area.md#address-rules: case- and accent-insensitive match of every word of `query` over
 * name, street, street2, city, zip and the country name. An empty query matches everything.
 */
export function matchesAddressSearch(address: AddressLike, query: string, countryName = ''): boolean {
  const words = foldAccents(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldAccents(
    [address.name, address.street, address.street2, address.city, address.zip, countryName]
      .filter((v): v is string => typeof v === 'string')
      .join(' '),
  );
  return words.every((w) => haystack.includes(w));
}

/**
 * Postal code formats of the countries where the association's practices and their neighbours are
 * (docs/decisions/postal-codes.md): Belgium and Luxembourg four digits (Belgian codes from 1000,
 * Luxembourg's optionally written "L-1234"), the Netherlands four digits and two letters, France and
 * Germany five digits. Other countries are not checked.
 */
const POSTAL_CODE_FORMATS: Readonly<Record<string, RegExp>> = {
  BE: /^[1-9]\d{3}$/,
  LU: /^(?:L-?)?\d{4}$/i,
  NL: /^[1-9]\d{3} ?[A-Za-z]{2}$/,
  FR: /^\d{5}$/,
  DE: /^\d{5}$/,
};

/**
 * True when `zip` (trimmed) has the postal code format of `country` (ISO 3166-1 alpha-2), or when the
 * shop knows no format for that country; an empty zip is the `required` rule's concern, not this one.
 */
export function postalCodeFits(country: string, zip: string): boolean {
  const value = zip.trim();
  const format = POSTAL_CODE_FORMATS[country];
  return value === '' || !format || format.test(value);
}
