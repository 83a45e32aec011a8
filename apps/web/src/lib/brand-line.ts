/**
 * The "brand · manufacturer" line of a result card: the manufacturer is left out when it names the
 * same company as the brand, which the sources often write twice ("AgriVet · AgriVet",
 * "Laboratoires Biove · LABORATOIRES BIOVE", "Global Vet Health S.L · Global Vet Health S.L.").
 * Compared without case, accents, punctuation and legal form.
 */
import { foldAccents } from '@vetshop/domain';

/** Legal forms ignored when two company names are compared (dots removed: "S.A." → "sa"). */
const LEGAL_FORMS = new Set(
  'ab ag aps as bv bvba co gmbh inc kft kg limited llc ltd nv oy plc sa sas sl slu spa sprl srl sro'.split(
    ' ',
  ),
);

/** A company name reduced to its words: lower case, no accents, no punctuation, no legal form. */
export function companyKey(name: string): string {
  return foldAccents(name)
    .replace(/\./g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !LEGAL_FORMS.has(word))
    .join(' ');
}

/** "brand · manufacturer", the manufacturer left out when it is the brand's company; null when neither is known. */
export function brandLine(
  brand: string | null | undefined,
  manufacturer: string | null | undefined,
): string | null {
  const parts = [brand?.trim(), manufacturer?.trim()].filter((p): p is string => Boolean(p));
  if (parts.length === 2 && companyKey(parts[0]!) === companyKey(parts[1]!)) parts.pop();
  return parts.length ? parts.join(' · ') : null;
}
