/**
 * Regulated products: may this customer order this product, delivered there?
 * The function × flag matrix is docs/decisions/regulated-products.md; this is its only
 * implementation (the api calls it for the catalogue, the cart sync and the confirm).
 */
import type { CustomerFunction } from '../contracts/account.ts';

/** Why a product cannot be ordered by the customer (null from `restrictionReason` = allowed). */
export const RESTRICTION_REASONS = [
  'partner_type_not_allowed',
  'belgium_only',
  'student_no_medicines',
  'narcotic_requires_depot',
  'psychotropic_requires_depot',
  'veterinary_only',
  'prescription_requires_depot',
  'prescription_requires_apb',
  'prescription_not_allowed',
] as const;
export type RestrictionReason = (typeof RESTRICTION_REASONS)[number];

/** The regulatory facts of a product the rule reads. */
export interface RestrictedProduct {
  /** Product flags (products.flags): meds, pharmaceutical, prescription, veterinary_only, narcotic_vet, psychotropic, belgium_only. */
  flags: Readonly<Record<string, boolean | undefined>>;
  /** Customer functions the product is sold to; empty = every function. */
  allowedPartnerTypes: readonly string[];
}

/** The customer facts the rule reads. */
export interface RestrictionCustomer {
  function: CustomerFunction | string;
  /** Veterinary medicine depot number (dépôt / depot), null when the practice has none. */
  depotNumber: string | null;
  /** Pharmacist's APB number, null when unknown. */
  apbNumber: string | null;
  /** ISO country code of the delivery address; null when no address is chosen yet (not checked then). */
  deliveryCountry: string | null;
  /** Staff granted an exception for this customer and product: lifts every rule except `belgium_only`. */
  exception?: boolean;
}

/** The restrictive flags, in the order the matrix lists them. */
export const RESTRICTION_FLAGS = [
  'meds',
  'prescription',
  'veterinary_only',
  'narcotic_vet',
  'psychotropic',
  'belgium_only',
] as const;
export type RestrictionFlag = (typeof RESTRICTION_FLAGS)[number];

const has = (s: string | null): boolean => s !== null && s.trim() !== '';

/** True when the product is a medicine (any medicine flag). */
export function isMedicine(flags: RestrictedProduct['flags']): boolean {
  return Boolean(
    flags.meds ||
    flags.pharmaceutical ||
    flags.prescription ||
    flags.veterinary_only ||
    flags.narcotic_vet ||
    flags.psychotropic,
  );
}

/**
 * The first reason why `customer` may not order `product`, or null when allowed.
 * Checked in this order: allowed partner types, Belgium only (delivery country other than BE),
 * students and medicines, narcotics and psychotropics (veterinarian with a depot number),
 * veterinary-only (veterinarian or wholesaler), prescription medicines (veterinarian with a depot
 * number, pharmacist with an APB number, wholesaler; never nurse or supplier).
 */
export function restrictionReason(
  product: RestrictedProduct,
  customer: RestrictionCustomer,
): RestrictionReason | null {
  const f = product.flags;
  if (f.belgium_only && customer.deliveryCountry !== null && customer.deliveryCountry.toUpperCase() !== 'BE')
    return 'belgium_only';
  if (customer.exception) return null;
  const fn = customer.function;
  if (product.allowedPartnerTypes.length > 0 && !product.allowedPartnerTypes.includes(fn))
    return 'partner_type_not_allowed';
  if (!isMedicine(f)) return null;
  if (fn === 'student') return 'student_no_medicines';
  const vetWithDepot = fn === 'veterinary' && has(customer.depotNumber);
  if (f.narcotic_vet && !vetWithDepot) return 'narcotic_requires_depot';
  if (f.psychotropic && !vetWithDepot) return 'psychotropic_requires_depot';
  if (f.veterinary_only && fn !== 'veterinary' && fn !== 'wholesaler') return 'veterinary_only';
  if (f.prescription || f.veterinary_only) {
    if (fn === 'veterinary') return vetWithDepot ? null : 'prescription_requires_depot';
    if (fn === 'pharmacist') return has(customer.apbNumber) ? null : 'prescription_requires_apb';
    if (fn === 'wholesaler') return null;
    return 'prescription_not_allowed';
  }
  return null;
}

/** Legal categories shown on the product page, from the strictest. */
export const LEGAL_CLASSES = ['narcotic', 'psychotropic', 'prescription', 'otc'] as const;
export type LegalClass = (typeof LEGAL_CLASSES)[number];

/**
 * The legal category of a product from its flags: narcotic, psychotropic, prescription, or OTC
 * (a medicine without prescription); null when the product is not a medicine.
 */
export function legalClass(flags: RestrictedProduct['flags']): LegalClass | null {
  if (flags.narcotic_vet) return 'narcotic';
  if (flags.psychotropic) return 'psychotropic';
  if (flags.prescription || flags.veterinary_only) return 'prescription';
  return isMedicine(flags) ? 'otc' : null;
}
