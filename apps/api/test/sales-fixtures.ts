/**
 * Orders inserted directly in the tables for the sales, documents and payment tests: a sale with
 * its product lines (and optionally a handling-fee line), amounts in cents computed from the lines.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { productVariants, saleLines, sales } from '../src/db/schema.ts';

let seq = 0;

export interface FixtureLine {
  sku: string;
  name: string;
  qty: number;
  priceUnitCents: number;
  /** Basis points (default 0). */
  discountBp?: number;
  taxRateBp?: number;
}

export interface FixtureSale {
  id: number;
  name: string;
  lineIds: number[];
}

/**
 * Inserts a sale of `customerId` with `lines`; `feeCents` adds a handling-fee line (21 % VAT).
 * The order number is unique per call ("T-<run>-<n>").
 */
export async function insertSale(
  db: Db,
  customerId: number,
  options: {
    lines: FixtureLine[];
    channel?: string;
    state?: string;
    dateOrder?: Date;
    feeCents?: number;
    clientOrderRef?: string;
    suiteName?: string;
  },
): Promise<FixtureSale> {
  seq += 1;
  const name = `T${process.pid}-${seq}`;
  const priced = [];
  for (const l of options.lines) {
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, l.sku));
    const gross = l.priceUnitCents * l.qty;
    const discount = Math.round((gross * (l.discountBp ?? 0)) / 10_000);
    priced.push({
      ...l,
      variantId: variant?.id ?? null,
      discountCents: discount,
      amountCents: gross - discount,
    });
  }
  const fee = options.feeCents ?? 0;
  const untaxed = priced.reduce((s, l) => s + l.amountCents, 0) + fee;
  const tax =
    priced.reduce((s, l) => s + Math.round((l.amountCents * (l.taxRateBp ?? 600)) / 10_000), 0) +
    Math.round((fee * 2100) / 10_000);
  const [sale] = await db
    .insert(sales)
    .values({
      name,
      customerId,
      state: options.state ?? 'pending',
      saleChannel: options.channel ?? 'web',
      dateOrder: options.dateOrder ?? new Date(),
      clientOrderRef: options.clientOrderRef ?? '',
      suiteName: options.suiteName ?? '',
      invoicingAddress: {
        name: 'Clinique du Parc',
        street: 'Rue du Parc 1',
        zip: '1000',
        city: 'Bruxelles',
        country_code: 'BE',
        vat: 'BE0123456749',
      },
      deliveryAddress: {
        name: 'Clinique du Parc',
        street: 'Rue du Parc 1',
        zip: '1000',
        city: 'Bruxelles',
        country_code: 'BE',
        depot_number: 'DEP-42',
      },
      carrierName: 'Transporteur',
      amountUntaxedCents: untaxed,
      amountTaxCents: tax,
      amountTotalCents: untaxed + tax,
      shippingCents: fee,
    })
    .returning({ id: sales.id, name: sales.name });
  const ids: number[] = [];
  for (const l of priced) {
    const [row] = await db
      .insert(saleLines)
      .values({
        saleId: sale!.id,
        variantId: l.variantId,
        name: l.name,
        qty: l.qty,
        priceUnitCents: l.priceUnitCents,
        discountBp: l.discountBp ?? 0,
        discountCents: l.discountCents,
        amountCents: l.amountCents,
        taxRateBp: l.taxRateBp ?? 600,
      })
      .returning({ id: saleLines.id });
    ids.push(row!.id);
  }
  if (fee > 0)
    await db.insert(saleLines).values({
      saleId: sale!.id,
      name: 'Handling fee',
      qty: 1,
      priceUnitCents: fee,
      amountCents: fee,
      taxRateBp: 2100,
      isDelivery: true,
    });
  return { id: sale!.id, name: sale!.name, lineIds: ids };
}
