/**
 * The `detail` of the staff customer routes' refusals in the caller's language (fr, nl, en),
 * following modules/images/problems.ts; the web shows its own text by `code` (messages namespace
 * staffCustomers.errors).
 */
import type { FastifyRequest } from 'fastify';
import type { Locale } from '@vetshop/domain';
import { ApiError } from '../../errors.ts';
import { requestLocale } from '../../http/index.ts';
import { isRestrictionReason, restrictionDetail } from '../restrictions/index.ts';

const DETAILS: Record<string, Record<Locale, string>> = {
  not_found: { fr: 'Introuvable.', nl: 'Niet gevonden.', en: 'Not found.' },
  unknown_vet_group: {
    fr: 'Ce groupe vétérinaire n’existe pas.',
    nl: 'Deze dierenartsengroep bestaat niet.',
    en: 'This veterinary group does not exist.',
  },
  unknown_sales_person: {
    fr: 'Ce délégué commercial n’existe pas.',
    nl: 'Deze vertegenwoordiger bestaat niet.',
    en: 'This sales person does not exist.',
  },
  email_taken: {
    fr: 'Un utilisateur se connecte déjà avec cette adresse e-mail.',
    nl: 'Er meldt zich al een gebruiker aan met dit e-mailadres.',
    en: 'A user already signs in with this email address.',
  },
  user_inactive: {
    fr: 'Cet utilisateur est désactivé.',
    nl: 'Deze gebruiker is gedeactiveerd.',
    en: 'This user is deactivated.',
  },
  mail_unavailable: {
    fr: 'Le message n’a pas pu être envoyé. Réessayez plus tard.',
    nl: 'Het bericht kon niet worden verzonden. Probeer later opnieuw.',
    en: 'The mail could not be sent. Please try again later.',
  },
  customer_cannot_order: {
    fr: 'Aucun utilisateur actif de ce client ne peut commander.',
    nl: 'Geen actieve gebruiker van deze klant mag bestellen.',
    en: 'No active user of this customer may order.',
  },
  unknown_product: {
    fr: 'Produit inconnu ou non commandable pour ce client.',
    nl: 'Onbekend product of niet bestelbaar voor deze klant.',
    en: 'Unknown product, or not orderable for this customer.',
  },
};

/** Runs `fn`; an ApiError with a translated code leaves with its detail in the caller's language. */
export async function localized<T>(request: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) {
      const locale = requestLocale(request);
      // Regulated-product refusals (docs/decisions/regulated-products.md) keep their reason code.
      const detail =
        DETAILS[err.code]?.[locale] ??
        (isRestrictionReason(err.code) ? restrictionDetail(err.code, locale) : undefined);
      if (detail) throw new ApiError(err.status, err.code, err.title, detail, err.errors, err.extra);
    }
    throw err;
  }
}
