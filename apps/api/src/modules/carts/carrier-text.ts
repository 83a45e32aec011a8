/**
 * Carrier names and descriptions and the handling-fee label per locale (docs/decisions/delivery-charges.md):
 * the one table the cart, the carriers list, the confirm (sale lines, carrier name) and the PDFs
 * read, so a customer sees "Handling fee" / "Frais de participation" / "Deelnamekosten" and the
 * carrier in the language of the document. A carrier the table does not know (created by staff)
 * keeps its stored name and description.
 */
import { eq } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { carriers } from '../../db/schema.ts';

/** Name and description of one carrier in one locale. */
export interface CarrierText {
  name: string;
  description: string;
}

/**
 * Texts of the shop's seeded carriers by code and locale. The seed stores the French ones as a
 * carrier row's defaults (seed/carriers.ts).
 */
export const CARRIER_TEXTS = {
  own_van: {
    fr: {
      name: 'Livraison VetShop (camionnette)',
      description:
        'Tournées de la centrale\u00a0: commande avant 16 h un jour ouvrable, livrée le jour ouvrable suivant.',
    },
    nl: {
      name: 'VetShop-levering (bestelwagen)',
      description:
        'Ronde van de centrale: besteld vóór 16 u op een werkdag, geleverd op de volgende werkdag.',
    },
    en: {
      name: 'VetShop delivery (van)',
      description: 'Our own rounds: ordered before 4 pm on a business day, delivered the next business day.',
    },
  },
  bpost_home: {
    fr: {
      name: 'bpost — livraison à domicile',
      description: 'Colis bpost\u00a0: commande avant 16 h, livré en 2 jours ouvrables.',
    },
    nl: {
      name: 'bpost — levering aan huis',
      description: 'bpost-pakket: besteld vóór 16 u, geleverd binnen 2 werkdagen.',
    },
    en: {
      name: 'bpost — home delivery',
      description: 'bpost parcel: ordered before 4 pm, delivered in 2 business days.',
    },
  },
  pickup_point: {
    fr: {
      name: 'Point relais',
      description: 'Retrait dans un point relais de votre choix, 2 jours ouvrables.',
    },
    nl: {
      name: 'Afhaalpunt',
      description: 'Afhalen in een afhaalpunt naar keuze, 2 werkdagen.',
    },
    en: {
      name: 'Pickup point',
      description: 'Collect at a pickup point of your choice, 2 business days.',
    },
  },
} as const satisfies Record<string, Record<Locale, CarrierText>>;

/** Name of the handling (participation) fee line per locale (terms of sale). */
export const HANDLING_FEE_NAME: Record<Locale, string> = {
  fr: 'Frais de participation',
  nl: 'Deelnamekosten',
  en: 'Handling fee',
};

/** The carrier `code`'s name and description in `locale`, else the stored ones. */
export function carrierText(
  carrier: { code: string; name: string; description: string },
  locale: Locale,
): CarrierText {
  return (
    (CARRIER_TEXTS as Record<string, Record<Locale, CarrierText>>)[carrier.code]?.[locale] ?? {
      name: carrier.name,
      description: carrier.description,
    }
  );
}

/**
 * The name, in `locale`, of the carrier an order was placed with: the carrier's text by code when
 * the order names a carrier row, else the name stored on the order (null when none). Documents and
 * mails are written in the customer's language, whatever language the order was placed in.
 */
export async function orderCarrierName(
  conn: Pick<Db, 'select'>,
  order: { carrierId: number | null; carrierName: string | null },
  locale: Locale,
): Promise<string | null> {
  if (order.carrierId === null) return order.carrierName;
  const [row] = await conn
    .select({ code: carriers.code, name: carriers.name, description: carriers.description })
    .from(carriers)
    .where(eq(carriers.id, order.carrierId));
  return row ? carrierText(row, locale).name : order.carrierName;
}

/**
 * The carrier of one delivery (a picking) as its reader sees it: the order's carrier in the
 * reader's language (`orderCarrier`, from `orderCarrierName`) when the picking names none or
 * repeats the name stored on the order (`storedOrderCarrier`: sales/pickings.ts copies it when
 * staff name no other carrier), else the carrier staff wrote for this delivery, as written. Null
 * when neither names one. The order page, the delivery note and the shipment mail all print this
 * (docs/decisions/delivery-charges.md, "A delivery's carrier").
 */
export function deliveryCarrierName(
  pickingCarrier: string | null,
  storedOrderCarrier: string | null,
  orderCarrier: string | null,
): string | null {
  const own = pickingCarrier?.trim() || null;
  return own === null || own === storedOrderCarrier?.trim() ? orderCarrier : own;
}
