/**
 * Reads of a customer's orders (docs/product/orders-and-documents.md#order,
 * docs/product/orders-and-documents.md#order-states and progress, docs/product/orders-and-documents.md#sales-calls,
 * docs/product/constants.md#search-and-list-sizes sales page size): the summary row of GET sales /
 * GET orders, one page of them, one sale, its address snapshots, the full order of GET
 * sales/{id} and the invoice summary. Reads are scoped by customer: an id of another customer's
 * sale is "not found" (the routes answer 404).
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  bpToPercent,
  centsToEur,
  countryName,
  DEFAULT_LOCALE,
  orderProgress,
  type Locale,
  type SaleAddress,
  type SaleDetail,
  type SaleSummary,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { deliveryCarrierName, orderCarrierName, toWireTotals } from '../carts/index.ts';
import { customers, invoices, pickings, productVariants, saleLines, sales } from '../../db/schema.ts';
import type { Viewer } from '../catalog/index.ts';
import { picturesOfVariants } from '../images/index.ts';
import { lineProducts, type LineProduct } from './line-products.ts';
import type { InvoiceRow, SaleRow, Tx } from './sale-rows.ts';
import { saleTotals } from './sale-totals.ts';

/** A sale row → one row of GET sales / GET orders. */
export function toSummary(row: SaleRow): SaleSummary {
  return {
    id: row.id,
    name: row.name,
    date_order: row.dateOrder.toISOString(),
    state: row.state,
    progress: orderProgress(row.state),
    sale_channel: row.saleChannel,
    amount: {
      untaxed: centsToEur(row.amountUntaxedCents),
      tax: centsToEur(row.amountTaxCents),
      total: centsToEur(row.amountTotalCents),
    },
    client_order_ref: row.clientOrderRef,
    suite_name: row.suiteName,
  };
}

/**
 * One page of a customer's sales, newest first (order date, then id). `channel` filters on the
 * sale channel unless undefined or 'all'. Returns the total matching count and the page.
 */
export async function listSales(
  db: Db,
  customerId: number,
  { page, pageSize, channel }: { page: number; pageSize: number; channel?: string },
): Promise<{ count: number; items: SaleSummary[] }> {
  const where =
    channel && channel !== 'all'
      ? and(eq(sales.customerId, customerId), eq(sales.saleChannel, channel))
      : eq(sales.customerId, customerId);
  const [total] = await db.select({ n: count() }).from(sales).where(where);
  const rows = await db
    .select()
    .from(sales)
    .where(where)
    .orderBy(desc(sales.dateOrder), desc(sales.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: Number(total?.n ?? 0), items: rows.map(toSummary) };
}

/** A sale of the customer (or of anyone when `customerId` is null: staff), or null. */
export async function findSale(
  db: Db | Tx,
  saleId: number,
  customerId: number | null,
): Promise<SaleRow | null> {
  const [row] = await db
    .select()
    .from(sales)
    .where(
      customerId === null
        ? eq(sales.id, saleId)
        : and(eq(sales.id, saleId), eq(sales.customerId, customerId)),
    );
  return row ?? null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The address snapshot stored on a sale (jsonb, written at confirmation) → the wire shape. Accepts
 * snake_case or camelCase keys (country_code / countryCode / country_id, depot_number / depotNumber).
 */
export function saleAddressOf(json: Record<string, unknown> | null | undefined): SaleAddress | null {
  if (!json || typeof json !== 'object') return null;
  return {
    name: str(json.name),
    street: str(json.street),
    street2: str(json.street2),
    zip: str(json.zip),
    city: str(json.city),
    country_code: str(json.country_code ?? json.countryCode ?? json.country_id) || 'BE',
    vat: strOrNull(json.vat),
    depot_number: strOrNull(json.depot_number ?? json.depotNumber),
    phone: strOrNull(json.phone),
  };
}

/**
 * Printable lines of a sale's address snapshot, as documents and mails print it: name, street,
 * second line, "zip city", and the country named in `locale` ("België", never the code "BE").
 * Empty lines are left out; [] when there is no address.
 */
export function saleAddressLines(json: Record<string, unknown> | null | undefined, locale: Locale): string[] {
  const a = saleAddressOf(json);
  if (!a) return [];
  return [
    a.name,
    a.street,
    a.street2,
    `${a.zip} ${a.city}`.trim(),
    countryName(a.country_code, locale),
  ].filter((line) => line.trim() !== '');
}

/**
 * The full order for GET sales/{id}: lines (with the variant's sku, and the catalogue's product
 * name in `view.locale`, pack size, url key and orderability for `view.viewer`: line-products.ts),
 * pickings (shipped / delivered), invoices and the displayed figures (customer number, VAT and
 * depot numbers, suite, subtotal, shipping, VAT, total).
 * Null when the sale does not exist or belongs to another customer (`customerId` null: staff).
 */
export async function getSaleDetail(
  db: Db,
  saleId: number,
  customerId: number | null,
  view: { locale?: Locale; viewer?: Viewer | null } = {},
): Promise<SaleDetail | null> {
  const sale = await findSale(db, saleId, customerId);
  if (!sale) return null;
  const [customer] = await db.select().from(customers).where(eq(customers.id, sale.customerId));
  const lines = await db
    .select({ line: saleLines, sku: productVariants.sku })
    .from(saleLines)
    .leftJoin(productVariants, eq(productVariants.id, saleLines.variantId))
    .where(eq(saleLines.saleId, sale.id))
    .orderBy(asc(saleLines.isDelivery), asc(saleLines.id));
  const picks = await db
    .select()
    .from(pickings)
    .where(eq(pickings.saleId, sale.id))
    .orderBy(asc(pickings.id));
  const bills = await db
    .select()
    .from(invoices)
    .where(eq(invoices.saleId, sale.id))
    .orderBy(asc(invoices.id));
  const catalogue = await lineProducts(
    db,
    lines.flatMap((l) => (l.line.variantId === null ? [] : [l.line.variantId])),
    view.locale ?? DEFAULT_LOCALE,
    view.viewer ?? null,
  );
  const pictures = await picturesOfVariants(
    db,
    lines.flatMap((l) => (l.line.variantId === null || l.line.isDelivery ? [] : [l.line.variantId])),
    view.locale ?? DEFAULT_LOCALE,
  );
  const invoicing = saleAddressOf(sale.invoicingAddress);
  const delivery = saleAddressOf(sale.deliveryAddress);
  const productLines = lines.filter((l) => !l.line.isDelivery);
  const subtotal = productLines.reduce((s, l) => s + l.line.amountCents, 0);
  const deliveryLines = lines
    .filter((l) => l.line.isDelivery && !l.line.isReward)
    .reduce((s, l) => s + l.line.amountCents, 0);
  const shipping = sale.shippingCents || deliveryLines;
  const carrierName =
    sale.carrierName || sale.carrierId
      ? await orderCarrierName(db, sale, view.locale ?? DEFAULT_LOCALE)
      : null;
  return {
    ...toSummary(sale),
    note: sale.note,
    customer_number: customer?.number ?? '',
    vat_number: invoicing?.vat ?? customer?.vat ?? null,
    suite_number: sale.suiteName,
    depot_number: delivery?.depot_number ?? customer?.depotNumber ?? null,
    subtotal: centsToEur(subtotal),
    shipping_cost: centsToEur(shipping),
    total_vat: centsToEur(sale.amountTaxCents),
    total: centsToEur(sale.amountTotalCents),
    lines: lines.map(({ line, sku }) => ({
      ...lineCatalogue(
        line.isDelivery || line.variantId === null ? undefined : catalogue.get(line.variantId),
      ),
      picture: line.variantId === null || line.isDelivery ? null : (pictures.get(line.variantId) ?? null),
      id: line.id,
      name: line.name,
      product_id: line.variantId,
      sku: sku ?? null,
      qty: line.qty,
      qty_delivered: line.qtyDelivered,
      qty_unavailable: line.qtyUnavailable,
      qty_canceled: line.qtyCanceled,
      price_unit: centsToEur(line.priceUnitCents),
      discount: { rate: bpToPercent(line.discountBp), value: centsToEur(line.discountCents) },
      amount: centsToEur(line.amountCents),
      is_delivery: line.isDelivery,
      is_free: line.isFree,
      is_reward: line.isReward,
    })),
    invoicing_address: invoicing,
    delivery_address: delivery,
    carrier: sale.carrierName || sale.carrierId ? { id: sale.carrierId, name: carrierName ?? '' } : null,
    pickings: picks.map((p) => ({
      id: p.id,
      name: p.name,
      tracking_ref: p.trackingRef,
      carrier: deliveryCarrierName(p.carrierName, sale.carrierName, carrierName),
      date: p.dateDone,
      state: p.deliveredAt ? ('delivered' as const) : ('shipped' as const),
      shipped_at: p.createdAt.toISOString(),
      delivered_at: p.deliveredAt?.toISOString() ?? null,
    })),
    invoices: bills.map(invoiceSummary),
    payment_mode: sale.paymentMode,
    payment_reference: sale.paymentReference,
    expected_delivery_date: sale.expectedDeliveryDate ?? null,
    totals: toWireTotals(saleTotals(lines.map((l) => l.line))),
  };
}

/** The catalogue fields of a sale line (line-products.ts); all null / not orderable when unknown. */
function lineCatalogue(p: LineProduct | undefined) {
  return {
    product_name: p?.productName ?? null,
    variant_name: p?.variantName ?? null,
    url_key: p?.urlKey ?? null,
    orderable: p?.orderable ?? false,
  };
}

/** An invoices row → {id, name, type, date, amount_total}. */
export function invoiceSummary(row: InvoiceRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type === 'credit_note' ? ('credit_note' as const) : ('invoice' as const),
    date: row.date,
    amount_total: centsToEur(row.amountTotalCents),
  };
}
