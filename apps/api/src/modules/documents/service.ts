/**
 * The customer's documents (docs/product/orders-and-documents.md#documents, docs/product/orders-and-documents.md#document-calls GET documents, GET documents/{id}/download,
 * GET sales/{id}/download, GET invoice/{id}/download):
 * - order confirmation per sale (id "sale-<id>"), delivery note per picking ("picking-<id>"),
 *   invoice or credit note per invoices row ("invoice-<id>"): PDF models (pdf.ts) in the
 *   customer's language, rendered once and stored (frozen.ts);
 * - the price list ("price_list") and the promotions ("promotions"): CSV of the user's price list
 *   (sku, name, gross, net, discount, end date), cells neutralised against formula injection.
 * Every lookup is scoped by customer: another customer's document is "not found" (null).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  businessDate,
  DEFAULT_LOCALE,
  localeSchema,
  structuredCommunication,
  VAT_PREFIXES,
  type DocumentType,
  type Locale,
  type VetDocument,
} from '@vetshop/domain';
import { sellerIdentity } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { customers, invoices, pickings, productVariants, saleLines, sales, users } from '../../db/schema.ts';
import { variantNameIn, visibleTo } from '../catalog/index.ts';
import { lineAmountFor, saleAddressLines, saleAddressOf, totalsOfLines } from '../sales/index.ts';
import { deliveryCarrierName, orderCarrierName } from '../carts/index.ts';
import { LABELS, type PdfLine, type PdfModel } from './pdf.ts';

type SaleRow = typeof sales.$inferSelect;

/** Names of the price-list documents per locale. */
const LIST_NAMES: Record<'price_list' | 'promotions', Record<Locale, string>> = {
  price_list: { fr: 'Liste de prix', nl: 'Prijslijst', en: 'Price list' },
  promotions: { fr: 'Promotions', nl: 'Promoties', en: 'Promotions' },
};

/**
 * One page of the customer's documents, newest first by the date each shows (an order's date, a
 * delivery note's delivery date, an invoice's or credit note's own date; on one day the document
 * recorded last first), the price list and promotions first: they are always current. A credit
 * note recorded today for last year's invoice therefore sits at its own date, not at the top.
 * `type` filters (docs/product/constants.md#filters "Documents filter by type").
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
             'infinity'::date AS sort_day, 'infinity'::timestamptz AS sort_at, 1 AS sort_id
      UNION ALL
      SELECT 'promotions', ${LIST_NAMES.promotions[locale]}, 'promotions', 'csv', ${today}::text, NULL, NULL,
             'infinity'::date, 'infinity'::timestamptz, 0
      UNION ALL
      SELECT 'sale-' || s.id, s.name, 'order_confirmation', 'pdf',
             to_char(s.date_order AT TIME ZONE 'Europe/Brussels', 'YYYY-MM-DD'), s.sale_channel, s.id,
             (s.date_order AT TIME ZONE 'Europe/Brussels')::date, s.date_order, s.id
      FROM sales s WHERE s.customer_id = ${customerId}
      UNION ALL
      SELECT 'picking-' || p.id, p.name, 'delivery_note', 'pdf', p.date_done::text, s.sale_channel, s.id,
             coalesce(p.date_done, (p.created_at AT TIME ZONE 'Europe/Brussels')::date), p.created_at, p.id
      FROM pickings p JOIN sales s ON s.id = p.sale_id WHERE s.customer_id = ${customerId}
      UNION ALL
      SELECT 'invoice-' || i.id, i.name, i.type, 'pdf', i.date::text, s.sale_channel, i.sale_id,
             i.date, i.created_at, i.id
      FROM invoices i LEFT JOIN sales s ON s.id = i.sale_id WHERE i.customer_id = ${customerId}
    ) d
    WHERE ${type ?? null}::text IS NULL OR d.type = ${type ?? null}::text
    ORDER BY d.sort_day DESC, d.sort_at DESC, d.sort_id DESC
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

/** A database handle or a transaction (documents are frozen inside the issuing transaction). */

/**
 * The language of a customer's documents: the stored locale of the user who placed the order,
 * else of the customer's first user, else fr. Never the interface language of whoever downloads
 * (docs/decisions/documents.md "Language").
 */
export async function documentLocale(
  conn: DbOrTx,
  sale: { userId: number | null; customerId: number },
): Promise<Locale> {
  if (sale.userId !== null) {
    const [orderedBy] = await conn
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, sale.userId));
    const parsed = localeSchema.safeParse(orderedBy?.locale);
    if (parsed.success) return parsed.data;
  }
  const [first] = await conn
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.customerId, sale.customerId))
    .orderBy(asc(users.id))
    .limit(1);
  const parsed = localeSchema.safeParse(first?.locale);
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}

/** yyyy-mm-dd + `days` calendar days → yyyy-mm-dd (due date = invoice date + payment terms). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) throw new RangeError(`not a date: ${date}`);
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The structured communication of an invoice: the 10 digits of its number INV/<yyyy>/<nnnnnn>
 * (year then sequence) with their mod-97 check; other numbers (imported history) use the row id.
 */
export function invoiceCommunication(invoice: { id: number; name: string }): string {
  const m = /^INV\/(\d{4})\/(\d{6})$/.exec(invoice.name);
  return structuredCommunication(m ? Number(`${m[1]}${m[2]}`) : invoice.id);
}

/** Names of the handling-fee lines (carts/carrier-text.ts HANDLING_FEE_NAME in every language); other delivery lines are carriers. */
const FEE_NAMES = new Set(Object.values(LABELS).map((l) => l.handlingFee));

type LineRow = {
  line: typeof saleLines.$inferSelect;
  sku: string | null;
  /** The variant's label in the document's language. */
  variantName: string | null;
  /** Its other spellings: the stored name and its names per language (a line stores one of them). */
  variantSpellings?: readonly string[] | null;
  productName: string | null;
};

/**
 * The printed name of a sale line: product name (in the document's language) and pack size.
 * A stored name that is only the variant label ("10 doses": imported history) or the product name
 * of another language followed by the label (checkout in another interface language, whose label
 * may be another spelling of it: "4 injecteurs" for "4 syringes") is rebuilt as
 * "<product name> — <label>"; any other stored name is printed as stored.
 */
export function lineName(
  row: Pick<LineRow, 'line' | 'variantName' | 'productName' | 'variantSpellings'>,
): string {
  const stored = row.line.name;
  const label = row.variantName;
  if (!row.productName || !label) return stored;
  const spellings = [label, ...(row.variantSpellings ?? [])];
  if (spellings.some((s) => stored === s || stored.endsWith(` — ${s}`)))
    return `${row.productName} — ${label}`;
  return stored;
}

/** Lines of a sale with sku, variant label and product name in `locale` (fallback: another language). */
async function saleLinesOf(conn: DbOrTx, saleId: number, locale: Locale): Promise<LineRow[]> {
  return conn
    .select({
      line: saleLines,
      sku: productVariants.sku,
      variantName: sql<string | null>`${variantNameIn(sql`product_variants`, locale)}`,
      variantSpellings: sql<string[] | null>`array_remove(ARRAY[${productVariants.name},
        ${productVariants.names} ->> 'fr', ${productVariants.names} ->> 'nl', ${productVariants.names} ->> 'en'], NULL)`,
      productName: sql<string | null>`(SELECT t.name FROM product_translations t
        WHERE t.product_id = ${productVariants.productId}
        ORDER BY (t.locale = ${locale}) DESC, t.locale LIMIT 1)`,
    })
    .from(saleLines)
    .leftJoin(productVariants, eq(productVariants.id, saleLines.variantId))
    .where(eq(saleLines.saleId, saleId))
    .orderBy(asc(saleLines.isDelivery), asc(saleLines.id));
}

/**
 * The printed names (`lineName`) of a sale's lines in `locale`, by sale line id: the names the
 * PDFs print, for the mails that list the same lines (mail/outbox-content.ts).
 */
export async function saleLineNames(
  conn: DbOrTx,
  saleId: number,
  locale: Locale,
): Promise<Map<number, string>> {
  const rows = await saleLinesOf(conn, saleId, locale);
  return new Map(rows.map((row) => [row.line.id, lineName(row)]));
}

/** A sale line with `qty` units → the goods row of a PDF. */
function pricedLine(row: LineRow, qty: number): PdfLine {
  const { line } = row;
  return {
    sku: row.sku ?? '',
    name: lineName(row),
    qty,
    priceUnitCents: line.priceUnitCents,
    discountBp: line.discountBp,
    amountCents: qty === line.qty ? line.amountCents : lineAmountFor(line, qty),
    taxRateBp: line.taxRateBp,
    free: line.isFree,
  };
}

/**
 * Goods rows and totals (sales/sale-totals.ts `totalsOfLines`) of `qty` units per line: goods rows
 * for the product lines; handling-fee and carrier lines in the totals only.
 */
function linesAndTotals(rows: { row: LineRow; qty: number }[]) {
  // Coupon reward lines (docs/decisions/coupons.md) are listed with the goods.
  const goods = rows
    .filter(({ row }) => !row.line.isDelivery || row.line.isReward)
    .map(({ row, qty }) => pricedLine(row, qty));
  const carriers = rows
    .filter(({ row }) => row.line.isDelivery && !row.line.isReward && !FEE_NAMES.has(row.line.name))
    .map(({ row }) => row.line.name);
  const totals = totalsOfLines(rows.map(({ row, qty }) => ({ line: row.line, qty })));
  return { goods, totals, deliveryName: carriers.join(', ') || null };
}

/** The common part of the documents of a sale, in `locale`. */
async function baseModel(conn: DbOrTx, sale: SaleRow, locale: Locale) {
  const [customer] = await conn.select().from(customers).where(eq(customers.id, sale.customerId));
  const invoicing = saleAddressOf(sale.invoicingAddress);
  const delivery = saleAddressOf(sale.deliveryAddress);
  const lines = await saleLinesOf(conn, sale.id, locale);
  return {
    lines,
    paymentTermsDays: customer?.paymentTermsDays ?? 30,
    model: {
      locale,
      seller: sellerIdentity(),
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
      invoicingAddress: saleAddressLines(sale.invoicingAddress, locale),
      deliveryAddress: saleAddressLines(sale.deliveryAddress, locale),
      carrier: await orderCarrierName(conn, sale, locale),
      paymentMode: sale.paymentMode,
    },
  };
}

/** A document model and the customer it belongs to. */
export interface OwnedModel {
  customerId: number;
  model: PdfModel;
}

/**
 * Order confirmation of a sale in the customer's language (`customerId` null: no customer check,
 * for staff and freezing), or null when unknown or another customer's.
 */
export async function orderConfirmationModel(
  conn: DbOrTx,
  saleId: number,
  customerId: number | null,
): Promise<OwnedModel | null> {
  const [sale] = await conn
    .select()
    .from(sales)
    .where(
      customerId === null
        ? eq(sales.id, saleId)
        : and(eq(sales.id, saleId), eq(sales.customerId, customerId)),
    );
  if (!sale) return null;
  const locale = await documentLocale(conn, sale);
  const { lines, model } = await baseModel(conn, sale, locale);
  const { goods, totals, deliveryName } = linesAndTotals(lines.map((row) => ({ row, qty: row.line.qty })));
  return {
    customerId: sale.customerId,
    model: {
      ...model,
      kind: 'order_confirmation',
      number: sale.name,
      date: sale.dateOrder.toISOString(),
      lines: goods,
      totals,
      deliveryName,
      paymentReference: sale.paymentReference,
    },
  };
}

/**
 * Invoice or credit note in the customer's language, or null (unknown, another customer's, or
 * without order). Lines are the quantities it bills (credits); invoices carry the due date (stored
 * at issue, else date + the customer's terms), the terms and the structured communication; credit
 * notes the invoice they correct (stored, else the latest earlier invoice of the order that billed
 * one of its lines).
 */
export async function invoiceModel(
  conn: DbOrTx,
  invoiceId: number,
  customerId: number | null,
): Promise<OwnedModel | null> {
  const [invoice] = await conn
    .select()
    .from(invoices)
    .where(
      customerId === null
        ? eq(invoices.id, invoiceId)
        : and(eq(invoices.id, invoiceId), eq(invoices.customerId, customerId)),
    );
  if (!invoice || invoice.saleId === null) return null;
  const [sale] = await conn.select().from(sales).where(eq(sales.id, invoice.saleId));
  if (!sale) return null;
  const locale = await documentLocale(conn, sale);
  const { lines, model, paymentTermsDays } = await baseModel(conn, sale, locale);
  const billed = lines
    .filter((row) => (invoice.lines[String(row.line.id)] ?? 0) > 0)
    .map((row) => ({ row, qty: invoice.lines[String(row.line.id)]! }));
  const { goods, totals, deliveryName } = linesAndTotals(billed);
  const isCredit = invoice.type === 'credit_note';
  let credited: { number: string; date: string } | null = null;
  if (isCredit) {
    const candidates = await conn
      .select({ id: invoices.id, name: invoices.name, date: invoices.date, lines: invoices.lines })
      .from(invoices)
      .where(
        invoice.creditedInvoiceId !== null
          ? eq(invoices.id, invoice.creditedInvoiceId)
          : and(
              eq(invoices.saleId, sale.id),
              eq(invoices.type, 'invoice'),
              sql`${invoices.id} < ${invoice.id}`,
            ),
      )
      .orderBy(desc(invoices.id));
    const hit = candidates.find(
      (c) =>
        invoice.creditedInvoiceId !== null || Object.keys(invoice.lines).some((id) => (c.lines[id] ?? 0) > 0),
    );
    if (hit) credited = { number: hit.name, date: hit.date };
  }
  const dueDate = isCredit ? null : (invoice.dueDate ?? addDays(invoice.date, paymentTermsDays));
  const terms = dueDate
    ? Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${invoice.date}T00:00:00Z`)) / 86_400_000)
    : paymentTermsDays;
  const vat = model.customer.vat ?? '';
  const prefix = vat.slice(0, 2).toUpperCase();
  return {
    customerId: invoice.customerId,
    model: {
      ...model,
      kind: isCredit ? 'credit_note' : 'invoice',
      number: invoice.name,
      date: invoice.date,
      lines: goods,
      totals,
      deliveryName,
      invoice: {
        dueDate,
        paymentTermsDays: terms,
        communication: isCredit ? null : invoiceCommunication(invoice),
        credited,
        intraEu: prefix !== 'BE' && VAT_PREFIXES.includes(prefix) && totals.taxCents === 0,
        paidByCard: sale.paymentMode === 'card',
      },
    },
  };
}

/** Delivery note of a picking in the customer's language, or null (unknown or another customer's). */
export async function deliveryNoteModel(
  conn: DbOrTx,
  pickingId: number,
  customerId: number | null,
): Promise<OwnedModel | null> {
  const [row] = await conn
    .select({ picking: pickings, sale: sales })
    .from(pickings)
    .innerJoin(sales, eq(sales.id, pickings.saleId))
    .where(
      customerId === null
        ? eq(pickings.id, pickingId)
        : and(eq(pickings.id, pickingId), eq(sales.customerId, customerId)),
    );
  if (!row) return null;
  const locale = await documentLocale(conn, row.sale);
  const { lines, model } = await baseModel(conn, row.sale, locale);
  return {
    customerId: row.sale.customerId,
    model: {
      ...model,
      kind: 'delivery_note',
      number: row.picking.name,
      date: row.picking.dateDone ?? row.picking.createdAt.toISOString(),
      carrier: deliveryCarrierName(row.picking.carrierName, row.sale.carrierName, model.carrier),
      trackingRef: row.picking.trackingRef,
      lines: lines
        .filter((l) => (row.picking.lines[String(l.line.id)] ?? 0) > 0)
        .map((l) => ({
          sku: l.sku ?? '',
          name: lineName(l),
          qtyOrdered: l.line.qty,
          qty: row.picking.lines[String(l.line.id)]!,
          free: l.line.isFree,
        })),
    },
  };
}

/** Cells starting with = + - @ (or tab / carriage return) get a leading quote (CSV formula injection). */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_HEADERS: Record<Locale, string[]> = {
  fr: [
    'Référence',
    'Nom',
    'Prix brut HTVA',
    'Prix net HTVA',
    'Remise %',
    'Fin de la remise',
    'CNK',
    'GTIN',
    'TVA %',
  ],
  nl: [
    'Referentie',
    'Naam',
    'Brutoprijs excl. btw',
    'Nettoprijs excl. btw',
    'Korting %',
    'Einde korting',
    'CNK',
    'GTIN',
    'Btw %',
  ],
  en: [
    'SKU',
    'Name',
    'Gross price excl. VAT',
    'Net price excl. VAT',
    'Discount %',
    'Discount end',
    'CNK',
    'GTIN',
    'VAT %',
  ],
};

/**
 * CSV of the user's price list (`promotions`: only the discounted variants): sku, name (product
 * name in `locale` and variant label), gross, net (EUR excl. VAT, decimal comma in fr/nl), discount
 * percent, discount end date, then the codes a practice's software matches articles by — CNK and
 * GTIN (empty when the variant has none) — and the VAT rate in percent the net price bears
 * (docs/decisions/documents.md, "Price list and promotions"). Only products the user may see
 * (visibility and vet groups). Semicolon-separated, UTF-8 with BOM (opens in spreadsheet software
 * of Belgian locales).
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
    cnk_code: string | null;
    barcode: string | null;
    tax_rate_bp: number;
  }>(sql`
    SELECT v.sku, pt.name AS product_name, ${variantNameIn(sql`v`, locale)} AS variant_name, vp.gross_cents, vp.net_cents,
           vp.discount_end::text AS discount_end, v.cnk_code, v.barcode, v.tax_rate_bp
    FROM variant_prices vp
    JOIN product_variants v ON v.id = vp.variant_id
    JOIN products p ON p.id = v.product_id
    LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${locale}
    WHERE vp.price_list_id = (SELECT id FROM price_lists WHERE code = ${viewer.priceList})
      AND ${visibleTo({ priceList: viewer.priceList, vetGroupIds: viewer.vetGroupIds }, sql`p`)}
      AND (${kind === 'price_list'} OR vp.has_discount)
    ORDER BY v.sku
  `);
  const comma = (s: string) => (locale === 'en' ? s : s.replace('.', ','));
  const decimal = (cents: number) => comma((Number(cents) / 100).toFixed(2));
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
      comma(pct.toFixed(2)),
      r.discount_end ?? '',
      r.cnk_code ?? '',
      r.barcode ?? '',
      comma(String(Number(r.tax_rate_bp) / 100)),
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
