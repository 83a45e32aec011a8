/**
 * The customer's documents (spec 3 Document, spec 7 GET documents, GET documents/{id}/download,
 * GET sales/{id}/download, GET invoice/{id}/download), generated on demand from the orders:
 * - order confirmation per sale (id "sale-<id>"), delivery note per picking ("picking-<id>"),
 *   invoice or credit note per invoices row ("invoice-<id>"): PDFs (pdf.ts);
 * - the price list ("price_list") and the promotions ("promotions"): CSV of the user's price list
 *   (sku, name, gross, net, discount, end date), cells neutralised against formula injection.
 * Every lookup is scoped by customer: another customer's document is "not found" (null).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { businessDate, type DocumentType, type Locale, type VetDocument } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { customers, invoices, pickings, productVariants, saleLines, sales } from '../../db/schema.ts';
import { visibleTo } from '../catalog/viewer.ts';
import { lineAmountFor, saleAddressOf } from '../sales/service.ts';
import type { PdfLine, PdfModel } from './pdf.ts';

type SaleRow = typeof sales.$inferSelect;

/** Names of the price-list documents per locale. */
const LIST_NAMES: Record<'price_list' | 'promotions', Record<Locale, string>> = {
  price_list: { fr: 'Liste de prix', nl: 'Prijslijst', en: 'Price list' },
  promotions: { fr: 'Promotions', nl: 'Promoties', en: 'Promotions' },
};

/**
 * One page of the customer's documents, newest first (the price list and promotions first: they
 * are always current). `type` filters (spec 9 "Documents filter by type").
 */
export async function listDocuments(
  db: Db,
  customerId: number,
  locale: Locale,
  { page, perPage, type }: { page: number; perPage: number; type?: DocumentType },
): Promise<{ count: number; items: VetDocument[] }> {
  const today = businessDate();
  const rows = await db.execute<{
    id: string;
    name: string;
    type: DocumentType;
    format: 'pdf' | 'csv';
    date: string | null;
    sale_channel: string | null;
    sale_id: number | null;
    total: number;
  }>(sql`
    SELECT d.*, count(*) OVER ()::int AS total FROM (
      SELECT 'price_list' AS id, ${LIST_NAMES.price_list[locale]} AS name, 'price_list' AS type, 'csv' AS format,
             ${today}::text AS date, NULL::text AS sale_channel, NULL::int AS sale_id,
             'infinity'::timestamptz AS sort_at, 1 AS sort_id
      UNION ALL
      SELECT 'promotions', ${LIST_NAMES.promotions[locale]}, 'promotions', 'csv', ${today}::text, NULL, NULL,
             'infinity'::timestamptz, 0
      UNION ALL
      SELECT 'sale-' || s.id, s.name, 'order_confirmation', 'pdf',
             to_char(s.date_order AT TIME ZONE 'Europe/Brussels', 'YYYY-MM-DD'), s.sale_channel, s.id,
             s.date_order, s.id
      FROM sales s WHERE s.customer_id = ${customerId}
      UNION ALL
      SELECT 'picking-' || p.id, p.name, 'delivery_note', 'pdf', p.date_done::text, s.sale_channel, s.id,
             p.created_at, p.id
      FROM pickings p JOIN sales s ON s.id = p.sale_id WHERE s.customer_id = ${customerId}
      UNION ALL
      SELECT 'invoice-' || i.id, i.name, i.type, 'pdf', i.date::text, s.sale_channel, i.sale_id,
             i.created_at, i.id
      FROM invoices i LEFT JOIN sales s ON s.id = i.sale_id WHERE i.customer_id = ${customerId}
    ) d
    WHERE ${type ?? null}::text IS NULL OR d.type = ${type ?? null}::text
    ORDER BY d.sort_at DESC, d.sort_id DESC
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}
  `);
  const items = rows.rows.map(({ total: _total, ...d }) => ({
    id: d.id,
    name: d.name,
    type: d.type,
    format: d.format,
    date: d.date,
    sale_channel: d.sale_channel,
    sale_id: d.sale_id === null ? null : Number(d.sale_id),
  }));
  let count = Number(rows.rows[0]?.total ?? 0);
  if (items.length === 0 && page > 1) {
    // Past the last page: count without the window.
    count = (await listDocuments(db, customerId, locale, { page: 1, perPage: 1, type })).count;
  }
  return { count, items };
}

/** Address snapshot → printable lines. */
function addressLines(json: Record<string, unknown> | null): string[] {
  const a = saleAddressOf(json);
  if (!a) return [];
  return [a.name, a.street, a.street2, `${a.zip} ${a.city}`.trim(), a.country_code].filter(Boolean);
}

/** The common part of the documents of a sale. */
async function baseModel(db: Db, sale: SaleRow, locale: Locale) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, sale.customerId));
  const invoicing = saleAddressOf(sale.invoicingAddress);
  const delivery = saleAddressOf(sale.deliveryAddress);
  const lines = await db
    .select({ line: saleLines, sku: productVariants.sku })
    .from(saleLines)
    .leftJoin(productVariants, eq(productVariants.id, saleLines.variantId))
    .where(eq(saleLines.saleId, sale.id))
    .orderBy(asc(saleLines.isDelivery), asc(saleLines.id));
  return {
    lines,
    model: {
      locale,
      orderNumber: sale.name,
      orderDate: sale.dateOrder.toISOString(),
      customer: {
        number: customer?.number ?? '',
        name: customer?.name ?? '',
        vat: invoicing?.vat ?? customer?.vat ?? null,
        depotNumber: delivery?.depot_number ?? customer?.depotNumber ?? null,
      },
      clientOrderRef: sale.clientOrderRef,
      suiteName: sale.suiteName,
      invoicingAddress: addressLines(sale.invoicingAddress),
      deliveryAddress: addressLines(sale.deliveryAddress),
      carrier: sale.carrierName,
      paymentMode: sale.paymentMode,
      paymentReference: sale.paymentReference,
    },
  };
}

type LineRow = { line: typeof saleLines.$inferSelect; sku: string | null };

/** A sale line with `qty` units → a priced PDF row. */
function pricedLine({ line, sku }: LineRow, qty: number): PdfLine {
  return {
    sku: sku ?? '',
    name: line.name,
    qty,
    priceUnitCents: line.priceUnitCents,
    discountBp: line.discountBp,
    amountCents: qty === line.qty ? line.amountCents : lineAmountFor(line, qty),
    taxRateBp: line.taxRateBp,
  };
}

/** Order confirmation of the customer's sale, or null (unknown or another customer's). */
export async function orderConfirmationModel(
  db: Db,
  customerId: number,
  saleId: number,
  locale: Locale,
): Promise<PdfModel | null> {
  const [sale] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.id, saleId), eq(sales.customerId, customerId)));
  if (!sale) return null;
  const { lines, model } = await baseModel(db, sale, locale);
  return {
    ...model,
    kind: 'order_confirmation',
    number: sale.name,
    date: sale.dateOrder.toISOString(),
    lines: lines.map((l) => pricedLine(l, l.line.qty)),
    totals: {
      untaxedCents: sale.amountUntaxedCents,
      taxCents: sale.amountTaxCents,
      totalCents: sale.amountTotalCents,
      shippingCents: sale.shippingCents,
    },
  };
}

/** Invoice or credit note of the customer, or null. Lines are the quantities it bills (credits). */
export async function invoiceModel(
  db: Db,
  customerId: number,
  invoiceId: number,
  locale: Locale,
): Promise<PdfModel | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.customerId, customerId)));
  if (!invoice || invoice.saleId === null) return null;
  const [sale] = await db.select().from(sales).where(eq(sales.id, invoice.saleId));
  if (!sale) return null;
  const { lines, model } = await baseModel(db, sale, locale);
  return {
    ...model,
    kind: invoice.type === 'credit_note' ? 'credit_note' : 'invoice',
    number: invoice.name,
    date: invoice.date,
    lines: lines
      .filter((l) => (invoice.lines[String(l.line.id)] ?? 0) > 0)
      .map((l) => pricedLine(l, invoice.lines[String(l.line.id)]!)),
    totals: {
      untaxedCents: invoice.amountUntaxedCents,
      taxCents: invoice.amountTaxCents,
      totalCents: invoice.amountTotalCents,
    },
  };
}

/** Delivery note of one of the customer's pickings, or null. */
export async function deliveryNoteModel(
  db: Db,
  customerId: number,
  pickingId: number,
  locale: Locale,
): Promise<PdfModel | null> {
  const [row] = await db
    .select({ picking: pickings, sale: sales })
    .from(pickings)
    .innerJoin(sales, eq(sales.id, pickings.saleId))
    .where(and(eq(pickings.id, pickingId), eq(sales.customerId, customerId)));
  if (!row) return null;
  const { lines, model } = await baseModel(db, row.sale, locale);
  return {
    ...model,
    kind: 'delivery_note',
    number: row.picking.name,
    date: row.picking.dateDone ?? row.picking.createdAt.toISOString(),
    carrier: row.picking.carrierName ?? model.carrier,
    trackingRef: row.picking.trackingRef,
    lines: lines
      .filter((l) => (row.picking.lines[String(l.line.id)] ?? 0) > 0)
      .map(({ line, sku }) => ({
        sku: sku ?? '',
        name: line.name,
        qtyOrdered: line.qty,
        qty: row.picking.lines[String(line.id)]!,
      })),
  };
}

/** Cells starting with = + - @ (or tab / carriage return) get a leading quote (CSV formula injection). */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_HEADERS: Record<Locale, string[]> = {
  fr: ['Référence', 'Nom', 'Prix brut HTVA', 'Prix net HTVA', 'Remise %', 'Fin de la remise'],
  nl: ['Referentie', 'Naam', 'Brutoprijs excl. btw', 'Nettoprijs excl. btw', 'Korting %', 'Einde korting'],
  en: ['SKU', 'Name', 'Gross price excl. VAT', 'Net price excl. VAT', 'Discount %', 'Discount end'],
};

/**
 * CSV of the user's price list (`promotions`: only the discounted variants): sku, name (product
 * name in `locale` and variant label), gross, net (EUR excl. VAT, decimal comma in fr/nl), discount
 * percent and discount end date. Only products the user may see (visibility and vet groups).
 * Semicolon-separated, UTF-8 with BOM (opens in spreadsheet software of Belgian locales).
 */
export async function priceListCsv(
  db: Db,
  viewer: { priceList: string; vetGroupIds: number[] },
  locale: Locale,
  kind: 'price_list' | 'promotions',
): Promise<string> {
  const rows = await db.execute<{
    sku: string;
    product_name: string | null;
    variant_name: string;
    gross_cents: number;
    net_cents: number;
    discount_end: string | null;
  }>(sql`
    SELECT v.sku, pt.name AS product_name, v.name AS variant_name, vp.gross_cents, vp.net_cents,
           vp.discount_end::text AS discount_end
    FROM variant_prices vp
    JOIN product_variants v ON v.id = vp.variant_id
    JOIN products p ON p.id = v.product_id
    LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${locale}
    WHERE vp.price_list_id = (SELECT id FROM price_lists WHERE code = ${viewer.priceList})
      AND ${visibleTo({ priceList: viewer.priceList, vetGroupIds: viewer.vetGroupIds }, sql`p`)}
      AND (${kind === 'price_list'} OR vp.has_discount)
    ORDER BY v.sku
  `);
  const decimal = (cents: number) => {
    const s = (Number(cents) / 100).toFixed(2);
    return locale === 'en' ? s : s.replace('.', ',');
  };
  const data = rows.rows.map((r) => {
    const gross = Number(r.gross_cents);
    const net = Number(r.net_cents);
    const pct = gross > 0 ? ((gross - net) * 100) / gross : 0;
    const name = [r.product_name, r.variant_name].filter(Boolean).join(' - ');
    return [
      r.sku,
      name,
      decimal(gross),
      decimal(net),
      locale === 'en' ? pct.toFixed(2) : pct.toFixed(2).replace('.', ','),
      r.discount_end ?? '',
    ].map(neutraliseCell);
  });
  return `\ufeff${Papa.unparse({ fields: CSV_HEADERS[locale], data }, { delimiter: ';', newline: '\r\n' })}\r\n`;
}

/** A safe download file name: letters, digits, dot, dash and underscore only. */
export function safeFilename(base: string, ext: 'pdf' | 'csv'): string {
  const clean = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 100);
  return `${clean || 'document'}.${ext}`;
}
