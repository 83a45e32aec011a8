/**
 * VAT numbers of registrations and customers (docs/product/accounts.md#registration; docs/product/accounts.md#registration-fields "VAT number
 * (with a country prefix, for example BE followed by digits)").
 *
 * Belgium: "BE" + 10 digits, first digit 0 or 1, the last two digits = 97 − (first 8 mod 97). The
 * enterprise number typed without its prefix ("0123.456.749", as the Crossroads Bank for
 * Enterprises prints it and Belgian practices know it) is that VAT number when its check digits
 * hold: it is accepted and stored with "BE" (docs/decisions/vat-number-without-prefix.md). A number
 * of the nine digits Belgium used before 2007 ("BE 123.456.749") is the same number with a leading 0:
 * it is stored as "BE0123456749" when its check digits hold.
 * Other EU member states: checked by the format of their prefix (no checksum).
 */

/** Why a VAT number is refused; each is a stable error code the web maps to a message. */
export type VatError = 'vat_required' | 'vat_country' | 'vat_format' | 'vat_checksum';

/** Result of `checkVat`: the normalised number ("BE0123456749") or the reason it is refused. */
export type VatCheck = { ok: true; vat: string } | { ok: false; error: VatError };

/** Format of the national part per EU prefix (Greece uses EL). */
const EU_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d{7}[A-W][A-I]?$|^\d[A-Z+*]\d{5}[A-W]$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** EU VAT prefixes accepted by `checkVat`. */
export const VAT_PREFIXES = Object.keys(EU_FORMATS);

/** Removes spaces, dots, dashes and slashes and upper-cases: "be 0123.456.749" → "BE0123456749". */
export function normaliseVat(input: string): string {
  return input.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** True when the 10 Belgian digits carry a valid mod-97 check. */
export function belgianVatChecksumOk(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const base = Number(digits.slice(0, 8));
  const check = Number(digits.slice(8));
  return 97 - (base % 97) === check;
}

/** Checks a VAT number (docs/product/accounts.md#registration-fields); see the module comment for the rules. */
export function checkVat(input: string): VatCheck {
  const vat = normaliseVat(input);
  if (vat === '') return { ok: false, error: 'vat_required' };
  if (/^[01]\d{9}$/.test(vat) && belgianVatChecksumOk(vat)) return { ok: true, vat: `BE${vat}` };
  const prefix = vat.slice(0, 2);
  const format = EU_FORMATS[prefix];
  if (!/^[A-Z]{2}/.test(vat) || !format) return { ok: false, error: 'vat_country' };
  const typed = vat.slice(2);
  const national = prefix === 'BE' && /^\d{9}$/.test(typed) ? `0${typed}` : typed;
  if (!format.test(national)) return { ok: false, error: 'vat_format' };
  if (prefix === 'BE' && !belgianVatChecksumOk(national)) return { ok: false, error: 'vat_checksum' };
  return { ok: true, vat: `${prefix}${national}` };
}
