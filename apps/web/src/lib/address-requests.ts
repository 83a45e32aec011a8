/**
 * What an invoicing-address change request changes, as the staff screen lists it
 * (docs/decisions/address-change-requests.md, "What staff see"): each field of the requested address
 * beside the address as it is, with codes named (province, country, title) and the fields that
 * differ marked. Pure; unit-tested (address-requests.test.ts).
 */
import { countryName, stateName, type Address, type Locale } from '@vetshop/domain';

/** The fields of a requested address (AddressInput), in the order of the address form. */
export const REQUESTED_FIELDS = [
  'title',
  'name',
  'street',
  'street2',
  'zip',
  'city',
  'state_code',
  'country_code',
  'phone',
  'mobile',
  'email',
  'ref',
] as const;
export type RequestedField = (typeof REQUESTED_FIELDS)[number];

/** One line of a change request: the requested value as shown ('' when cleared), and whether it differs from the current one. */
export interface RequestedLine {
  key: RequestedField;
  value: string;
  changed: boolean;
}

/** A field's code or text as stored on the current address. */
function currentCode(address: Address, key: RequestedField): string {
  if (key === 'state_code') return address.state?.code ?? '';
  if (key === 'country_code') return address.country.code;
  return address[key] ?? '';
}

/**
 * The lines of a change request: every field the request carries that it or the current address
 * fills (a field it leaves out stays as it is, apps/api/src/modules/addresses/service.ts
 * `addressColumns`), its requested value named in `locale` (`titleName` names a title code: the web's `titles` messages),
 * `changed` when it differs from the current address (text compared trimmed; a field the request
 * leaves empty while the address has one is a change to nothing, `value` '').
 */
export function requestedLines(
  requested: Record<string, unknown>,
  current: Address,
  locale: Locale,
  titleName: (code: string) => string,
): RequestedLine[] {
  const lines: RequestedLine[] = [];
  for (const key of REQUESTED_FIELDS) {
    const raw = requested[key];
    // A field the request does not carry stays as it is (the address form sends no title).
    if (raw === undefined) continue;
    const asked = typeof raw === 'string' ? raw.trim() : '';
    const now = currentCode(current, key).trim();
    if (!asked && !now) continue;
    const value = !asked
      ? ''
      : key === 'state_code'
        ? stateName(asked, locale)
        : key === 'country_code'
          ? countryName(asked, locale)
          : key === 'title'
            ? titleName(asked)
            : asked;
    lines.push({ key, value, changed: asked !== now });
  }
  return lines;
}
