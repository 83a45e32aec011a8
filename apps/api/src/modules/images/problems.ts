/**
 * The `detail` of the picture routes' refusals in the caller's language (fr, nl, en), so a
 * problem+json read by a person (a script, the api reference) speaks their language; the web
 * shows its own text from its message files by `code` (namespace images.staff.errors).
 */
import { IMAGE_MIN_SIDE, IMAGE_UPLOAD_MAX_MB, type Locale } from '@vetshop/domain';

const DETAILS: Record<string, Record<Locale, string>> = {
  file_type_refused: {
    fr: 'Ce fichier n’est pas une image acceptée (PNG, JPEG, WebP, GIF ou AVIF).',
    nl: 'Dit bestand is geen aanvaarde afbeelding (PNG, JPEG, WebP, GIF of AVIF).',
    en: 'This file is not an accepted picture (PNG, JPEG, WebP, GIF or AVIF).',
  },
  image_unreadable: {
    fr: 'Cette image ne peut pas être lue.',
    nl: 'Deze afbeelding kan niet worden gelezen.',
    en: 'This picture cannot be read.',
  },
  image_too_small: {
    fr: `L’image doit mesurer au moins ${IMAGE_MIN_SIDE} × ${IMAGE_MIN_SIDE} px.`,
    nl: `De afbeelding moet minstens ${IMAGE_MIN_SIDE} × ${IMAGE_MIN_SIDE} px groot zijn.`,
    en: `The picture must be at least ${IMAGE_MIN_SIDE} × ${IMAGE_MIN_SIDE} px.`,
  },
  file_too_large: {
    fr: `Le fichier ne peut pas dépasser ${IMAGE_UPLOAD_MAX_MB} Mo.`,
    nl: `Het bestand mag niet groter zijn dan ${IMAGE_UPLOAD_MAX_MB} MB.`,
    en: `The file cannot exceed ${IMAGE_UPLOAD_MAX_MB} MB.`,
  },
  file_empty: { fr: 'Le fichier est vide.', nl: 'Het bestand is leeg.', en: 'The file is empty.' },
  file_missing: {
    fr: 'Aucun fichier n’a été envoyé.',
    nl: 'Er werd geen bestand verzonden.',
    en: 'No file was sent.',
  },
  variant_not_of_product: {
    fr: 'Cette variante n’appartient pas au produit.',
    nl: 'Deze variant hoort niet bij het product.',
    en: 'This variant is not one of the product.',
  },
  image_order_mismatch: {
    fr: 'Envoyez chaque image du produit une seule fois.',
    nl: 'Stuur elke afbeelding van het product precies één keer.',
    en: 'Send every picture of the product exactly once.',
  },
  not_found: { fr: 'Introuvable.', nl: 'Niet gevonden.', en: 'Not found.' },
};

/** The detail of `code` in `locale`, or undefined for a code without a translation. */
export function localizedDetail(code: string, locale: Locale): string | undefined {
  return DETAILS[code]?.[locale];
}
