/**
 * Carriers and pickup points of the shop (docs/product/cart-and-checkout.md#delivery-and-carriers, docs/product/cart-and-checkout.md#carrier-calls):
 * the association's own delivery van, bpost home delivery and a pickup-point carrier with dropoff
 * sites in Belgian cities.
 *
 * Idempotent: carriers are upserted by code and pickup points by code (ON CONFLICT DO NOTHING), so
 * a restart or two api processes starting together change nothing. main.ts runs it after the
 * catalogue.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { CARRIER_TEXTS } from '../modules/carts/index.ts';

/**
 * The seeded carriers. None charges anything: the handling fee of the terms of sale is the only
 * delivery charge (docs/decisions/delivery-charges.md). Names and descriptions shown to customers
 * come per locale from modules/carts/carrier-text.ts (`CARRIER_TEXTS`); the stored ones are its
 * French texts.
 */
export const SEED_CARRIERS = [
  {
    code: 'own_van',
    ...CARRIER_TEXTS.own_van.fr,
    cutoffTime: '16:00',
    leadBusinessDays: 1,
    withDropoffSite: false,
    sequence: 1,
  },
  {
    code: 'bpost_home',
    ...CARRIER_TEXTS.bpost_home.fr,
    cutoffTime: '16:00',
    leadBusinessDays: 2,
    withDropoffSite: false,
    sequence: 2,
  },
  {
    code: 'pickup_point',
    ...CARRIER_TEXTS.pickup_point.fr,
    cutoffTime: '16:00',
    leadBusinessDays: 2,
    withDropoffSite: true,
    sequence: 3,
  },
] as const;

/** Pickup points of the pickup_point carrier. */
export const SEED_PICKUPS = [
  {
    code: 'PR-BXL-01',
    name: 'Librairie du Sablon',
    street: 'Rue de Rollebeek 12',
    zip: '1000',
    city: 'Bruxelles',
  },
  {
    code: 'PR-BXL-02',
    name: 'Night Shop Flagey',
    street: 'Place Eugène Flagey 7',
    zip: '1050',
    city: 'Ixelles',
  },
  { code: 'PR-ANT-01', name: 'Dagbladhandel De Meir', street: 'Meir 48', zip: '2000', city: 'Antwerpen' },
  { code: 'PR-GNT-01', name: 'Krantenwinkel Korenmarkt', street: 'Korenmarkt 3', zip: '9000', city: 'Gent' },
  {
    code: 'PR-LGE-01',
    name: 'Presse Saint-Lambert',
    street: 'Place Saint-Lambert 21',
    zip: '4000',
    city: 'Liège',
  },
  { code: 'PR-NAM-01', name: 'Épicerie du Grognon', street: 'Rue du Pont 5', zip: '5000', city: 'Namur' },
  {
    code: 'PR-CHA-01',
    name: 'Tabac-Presse Ville Haute',
    street: 'Boulevard Audent 14',
    zip: '6000',
    city: 'Charleroi',
  },
  { code: 'PR-LEU-01', name: 'Boekhandel Ladeuze', street: 'Ladeuzeplein 22', zip: '3000', city: 'Leuven' },
  { code: 'PR-BRG-01', name: 'Dagbladhandel ’t Zand', street: "'t Zand 9", zip: '8000', city: 'Brugge' },
  {
    code: 'PR-MON-01',
    name: 'Librairie de la Grand-Place',
    street: 'Grand-Place 30',
    zip: '7000',
    city: 'Mons',
  },
  {
    code: 'PR-HAS-01',
    name: 'Krantenzaak Grote Markt',
    street: 'Grote Markt 11',
    zip: '3500',
    city: 'Hasselt',
  },
] as const;

/**
 * Inserts the missing carriers and pickup points; existing rows are left as they are. Returns how
 * many carriers and pickup points were created.
 */
export async function seedCarriers(db: Db): Promise<{ carriers: number; pickups: number }> {
  return db.transaction(async (tx) => {
    let carriers = 0;
    for (const c of SEED_CARRIERS) {
      const r = await tx.execute(sql`
        INSERT INTO carriers (code, name, description, cutoff_time, lead_business_days, with_dropoff_site, sequence)
        VALUES (${c.code}, ${c.name}, ${c.description}, ${c.cutoffTime}, ${c.leadBusinessDays}, ${c.withDropoffSite}, ${c.sequence})
        ON CONFLICT (code) DO NOTHING RETURNING id`);
      carriers += r.rows.length;
    }
    let pickups = 0;
    for (const p of SEED_PICKUPS) {
      const r = await tx.execute(sql`
        INSERT INTO pickup_sites (carrier_id, code, name, street, zip, city, country_code)
        SELECT id, ${p.code}, ${p.name}, ${p.street}, ${p.zip}, ${p.city}, 'BE' FROM carriers WHERE code = 'pickup_point'
        ON CONFLICT (code) DO NOTHING RETURNING id`);
      pickups += r.rows.length;
    }
    return { carriers, pickups };
  });
}
