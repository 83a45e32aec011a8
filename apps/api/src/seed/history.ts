/**
 * Deterministic purchase history of one customer (docs/decisions/sale-statistics.md: the dashboard of a
 * customer with 5 years of history, 10,000 order lines), used by bench/dashboard.bench.ts.
 *
 * From a seed, the same catalogue and the same `today`, the same history comes out: orders spread
 * over the `years` years before `today` (Brussels working hours), ~8 product lines each, products
 * drawn from a pool of sellable variants with a skewed popularity (a practice reorders the same
 * products), prices from the customer's price list (else the default list, else 10.00 EUR).
 * About 2 % of the orders are cancelled, 3 % of the lines have canceled units, and about 3 % of
 * the orders get a credit note of one unit of one line, 10 days after their invoice. Orders are stored
 * delivered (delivery_full) with a handling-fee line when below 150 EUR (docs/product/constants.md),
 * and carry what a handled order has: the customer's invoicing and delivery addresses, the carrier,
 * a delivery done the next working day and its invoice (`completeHistoryOrders`). Rows are inserted
 * in batches (a few seconds for 10,000 lines). Money in integer cents, EUR excl. VAT.
 */
import { and, eq, like, sql, type SQL } from 'drizzle-orm';
import { businessDate } from '@vetshop/domain';
import type { Db } from '../db/client.ts';
import { customers, invoices, saleLines, sales, users } from '../db/schema.ts';
import { vatOf } from '../modules/sales/sale-totals.ts';
import { rngFor } from '../modules/catalog-import/index.ts';

/** Options of {@link buildPurchaseHistory}. */
export interface HistoryOptions {
  /** Seed of the generator (default 2026). */
  seed?: number;
  /** Order lines to create (default 10,000). */
  lines?: number;
  /** Years of history before `today` (default 5). */
  years?: number;
  /** Business date `YYYY-MM-DD` the history ends on (default: a fixed 2026-11-20, so reruns match). */
  today?: string;
  /** Price list code used for the line prices (default `veterinary`). */
  priceList?: string;
  /** Prefix of the order numbers (unique per customer and run, default `H<customerId>`). */
  namePrefix?: string;
  /** Share of cancelled orders (default 0.02). */
  cancelRate?: number;
  /** Share of orders with a credit note (default 0.03). */
  creditRate?: number;
}

/** What was inserted. */
export interface HistoryReport {
  sales: number;
  lines: number;
  creditNotes: number;
}

const LINES_PER_ORDER = 8;
const BATCH = 1000;
const FEE_THRESHOLD_CENTS = 15_000;
const FEE_CENTS = 1050;

/**
 * Inserts the purchase history of `customerId` (see the module comment) and returns its size.
 * Errors: throws when the catalogue has no sellable variant (import the catalogue first).
 */
export async function buildPurchaseHistory(
  db: Db,
  customerId: number,
  opts: HistoryOptions = {},
): Promise<HistoryReport> {
  const seed = opts.seed ?? 2026;
  const totalLines = opts.lines ?? 10_000;
  const years = opts.years ?? 5;
  const today = opts.today ?? '2026-11-20';
  const prefix = opts.namePrefix ?? `H${customerId}`;
  const rng = rngFor(seed, `history:${totalLines}:${years}:${today}`);

  const pool = (
    await db.execute<{ id: number; name: string; tax: number; price: number | null }>(sql`
      SELECT v.id, v.name, v.tax_rate_bp AS tax,
             coalesce(vp.net_cents, dp.net_cents) AS price
      FROM product_variants v
      JOIN products p ON p.id = v.product_id
      LEFT JOIN variant_prices vp ON vp.variant_id = v.id
        AND vp.price_list_id = (SELECT id FROM price_lists WHERE code = ${opts.priceList ?? 'veterinary'})
      LEFT JOIN variant_prices dp ON dp.variant_id = v.id
        AND dp.price_list_id = (SELECT id FROM price_lists WHERE code = 'default')
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND NOT v.made_to_order
      ORDER BY v.id`)
  ).rows;
  if (pool.length === 0) throw new Error('No sellable product variant: import the catalogue first.');
  // A practice's assortment: up to 400 variants picked from the catalogue, in a seeded order.
  const assortment = Array.from(
    { length: Math.min(400, pool.length) },
    () => pool[rng.int(0, pool.length - 1)]!,
  );

  const orderCount = Math.ceil(totalLines / LINES_PER_ORDER);
  const end = Date.parse(`${today}T16:00:00Z`);
  const start = end - years * 365.25 * 86_400_000;
  const dates = Array.from({ length: orderCount }, () => {
    const day = Math.floor(start / 86_400_000) + rng.int(0, Math.floor((end - start) / 86_400_000));
    // 07:00–16:59 UTC: Brussels working hours.
    return new Date(day * 86_400_000 + rng.int(7 * 60, 16 * 60 + 59) * 60_000);
  }).sort((a, b) => a.getTime() - b.getTime());

  type Line = {
    variantId: number;
    name: string;
    qty: number;
    qtyCanceled: number;
    priceUnitCents: number;
    amountCents: number;
    taxRateBp: number;
  };
  const orders: { date: Date; state: string; lines: Line[] }[] = [];
  let remaining = totalLines;
  for (let o = 0; o < orderCount && remaining > 0; o++) {
    // About LINES_PER_ORDER lines (± 4), the last order taking what is left: exactly `lines` in all.
    const left = orderCount - o;
    const n =
      left === 1
        ? remaining
        : Math.max(1, Math.min(remaining, Math.round(remaining / left) + rng.int(-4, 4)));
    const lines: Line[] = [];
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      // Skewed popularity: low indexes come far more often.
      let v = assortment[Math.floor(rng.next() ** 2.5 * assortment.length)]!;
      if (seen.has(v.id)) v = assortment[rng.int(0, assortment.length - 1)]!;
      seen.add(v.id);
      const qty = rng.int(1, 12);
      const price = v.price ?? 1000;
      const qtyCanceled = rng.chance(0.03) ? rng.int(1, qty) : 0;
      lines.push({
        variantId: v.id,
        name: v.name,
        qty,
        qtyCanceled,
        priceUnitCents: price,
        amountCents: price * qty,
        taxRateBp: v.tax,
      });
    }
    remaining -= lines.length;
    orders.push({
      date: dates[o]!,
      state: rng.chance(opts.cancelRate ?? 0.02) ? 'cancel' : 'delivery_full',
      lines,
    });
  }

  let lineCount = 0;
  const saleIds: number[] = [];
  const credits: HistoryCredit[] = [];
  for (let from = 0; from < orders.length; from += BATCH / 8) {
    const chunk = orders.slice(from, from + BATCH / 8);
    const saleRows = await db
      .insert(sales)
      .values(
        chunk.map((o, i) => {
          const untaxed = o.lines.reduce((s, l) => s + l.amountCents, 0);
          const fee = untaxed < FEE_THRESHOLD_CENTS ? FEE_CENTS : 0;
          // VAT per rate on the lines and the fee (21 %), as a placed order (docs/decisions/order-totals.md).
          const tax = vatOf([...o.lines, ...(fee > 0 ? [{ amountCents: fee, taxRateBp: 2100 }] : [])]);
          return {
            name: `${prefix}-${String(from + i + 1).padStart(6, '0')}`,
            customerId,
            state: o.state,
            saleChannel: rng.chance(0.8) ? 'web' : rng.pick(['phone', 'fax', 'mail']),
            dateOrder: o.date,
            createdAt: o.date,
            amountUntaxedCents: untaxed + fee,
            amountTaxCents: tax,
            amountTotalCents: untaxed + fee + tax,
            shippingCents: fee,
          };
        }),
      )
      .returning({ id: sales.id, untaxed: sales.amountUntaxedCents, shipping: sales.shippingCents });
    const lineValues = chunk.flatMap((o, i) => {
      const saleId = saleRows[i]!.id;
      const product = o.lines.map((l) => ({
        saleId,
        variantId: l.variantId,
        name: l.name,
        qty: l.qty,
        qtyDelivered: o.state === 'cancel' ? 0 : l.qty - l.qtyCanceled,
        qtyCanceled: l.qtyCanceled,
        priceUnitCents: l.priceUnitCents,
        amountCents: l.amountCents,
        taxRateBp: l.taxRateBp,
      }));
      const fee = saleRows[i]!.shipping;
      return fee > 0
        ? [
            ...product,
            {
              saleId,
              variantId: null,
              name: 'Handling fee',
              qty: 1,
              qtyDelivered: 0,
              qtyCanceled: 0,
              priceUnitCents: fee,
              amountCents: fee,
              taxRateBp: 2100,
              isDelivery: true,
            },
          ]
        : product;
    });
    const inserted = await db.insert(saleLines).values(lineValues).returning({
      id: saleLines.id,
      saleId: saleLines.saleId,
      amount: saleLines.amountCents,
      qty: saleLines.qty,
      canceled: saleLines.qtyCanceled,
      isDelivery: saleLines.isDelivery,
      tax: saleLines.taxRateBp,
    });
    lineCount += inserted.filter((l) => !l.isDelivery).length;
    saleIds.push(...saleRows.map((r) => r.id));
    const bySale = new Map<number, typeof inserted>();
    for (const l of inserted)
      if (!l.isDelivery && l.qty > l.canceled) bySale.set(l.saleId, [...(bySale.get(l.saleId) ?? []), l]);
    chunk.forEach((o, i) => {
      if (o.state === 'cancel' || !rng.chance(opts.creditRate ?? 0.03)) return;
      const saleId = saleRows[i]!.id;
      const lines = bySale.get(saleId) ?? [];
      if (lines.length === 0) return;
      const line = lines[rng.int(0, lines.length - 1)]!;
      const untaxed = Math.round(line.amount / line.qty);
      credits.push({
        name: `${prefix}-CN-${String(from + i + 1).padStart(6, '0')}`,
        saleId,
        lineId: line.id,
        untaxed,
        tax: vatOf([{ amountCents: untaxed, taxRateBp: line.tax }]),
      });
    });
  }
  const creditNotes = await completeHistoryOrders(db, customerId, saleIds, credits, { prefix, today });
  // A customer since before its first order (the staff screens show "customer since"), a month
  // earlier, with its users; a later date left as it is.
  if (orders.length > 0) {
    const since = new Date(orders[0]!.date.getTime() - 30 * 86_400_000);
    await db
      .update(customers)
      .set({ createdAt: sql`least(${customers.createdAt}, ${since})` })
      .where(eq(customers.id, customerId));
    await db
      .update(users)
      .set({ createdAt: sql`least(${users.createdAt}, ${since})` })
      .where(eq(users.customerId, customerId));
  }
  return { sales: orders.length, lines: lineCount, creditNotes };
}

/** A credit note drawn for a delivered order: one unit of one line (cents, EUR excl. VAT / VAT). */
interface HistoryCredit {
  name: string;
  saleId: number;
  lineId: number;
  untaxed: number;
  tax: number;
}

/**
 * SQL: the snapshot a confirmed order stores of the customer's `type` address (carts/confirm.ts,
 * read back by sales/sale-read.ts `saleAddressOf`): its main live address of that type, for the
 * customer of the `sales` row `s`.
 */
export function addressSnapshotSql(type: 'invoicing' | 'delivery'): SQL {
  return sql`(SELECT jsonb_build_object('name', a.name, 'street', a.street, 'street2', a.street2, 'zip', a.zip,
      'city', a.city, 'country_code', a.country_code, 'vat', a.vat, 'depot_number', a.depot_number, 'phone', a.phone)
    FROM addresses a WHERE a.customer_id = s.customer_id AND a.type = ${type} AND a.deleted_at IS NULL
    ORDER BY a.is_main DESC, a.id LIMIT 1)`;
}

/**
 * SQL (a subquery for a LATERAL join): what a first invoice of the sale `saleId` bills, its delivered
 * units and its fee lines — `untaxed` and `tax` (cents; VAT per rate on the sum of the rate's
 * lines, rounded half-up, as staff invoicing computes it, sales/invoicing.ts `vatOf`) and `lines`
 * (sale line id → billed quantity).
 */
export function deliveredAmountsSql(saleId: SQL): SQL {
  return sql`(
    WITH q AS (
      SELECT l.id, l.tax_rate_bp, CASE WHEN l.is_delivery THEN l.qty ELSE l.qty_delivered END AS billed,
        round(l.amount_cents::numeric * (CASE WHEN l.is_delivery THEN l.qty ELSE l.qty_delivered END) / l.qty) AS amount
      FROM sale_lines l WHERE l.sale_id = ${saleId} AND (l.is_delivery OR l.qty_delivered > 0))
    SELECT (SELECT sum(amount) FROM q)::int AS untaxed,
      (SELECT sum(round(base * rate / 10000)) FROM
        (SELECT tax_rate_bp AS rate, sum(amount) AS base FROM q GROUP BY tax_rate_bp) r)::int AS tax,
      (SELECT jsonb_object_agg(id::text, billed) FROM q) AS lines)`;
}

/**
 * Gives the generated orders `saleIds` what a real order has once the association has handled it
 * (docs/product/orders-and-documents.md): the invoicing and delivery addresses and the carrier (the
 * association's van) as the checkout stores them; for a delivered order, its delivery (a picking
 * `<order>/OUT/001` of the delivered units, done and delivered the next working day) and its invoice
 * (`<prefix>-INV-<n>`, that day: the delivered units and the handling fee); then the drawn credit
 * notes, each crediting its order's invoice 10 days later (never after `today`). Returns the number of
 * credit notes.
 */
async function completeHistoryOrders(
  db: Db,
  customerId: number,
  saleIds: number[],
  credits: HistoryCredit[],
  { prefix, today }: { prefix: string; today: string },
): Promise<number> {
  if (saleIds.length === 0) return 0;
  const ids = `{${saleIds.join(',')}}`;
  await db.execute(sql`
    UPDATE sales s SET invoicing_address = ${addressSnapshotSql('invoicing')},
      delivery_address = coalesce(${addressSnapshotSql('delivery')}, ${addressSnapshotSql('invoicing')}),
      carrier_id = c.id, carrier_name = c.name
    FROM (SELECT 1) one LEFT JOIN carriers c ON c.code = 'own_van'
    WHERE s.id = ANY(${ids}::int[])`);
  await db.execute(sql`
    INSERT INTO pickings (sale_id, name, carrier_name, date_done, delivered_at, lines, created_at)
    SELECT s.id, s.name || '/OUT/001', s.carrier_name, d.day,
      (d.day + time '11:00') AT TIME ZONE 'Europe/Brussels', l.lines, s.date_order
    FROM sales s
    CROSS JOIN LATERAL (SELECT (s.date_order AT TIME ZONE 'Europe/Brussels')::date AS ordered) o
    CROSS JOIN LATERAL (SELECT least(${today}::date, o.ordered
      + CASE extract(isodow FROM o.ordered) WHEN 5 THEN 3 WHEN 6 THEN 2 ELSE 1 END) AS day) d
    JOIN (SELECT sale_id, jsonb_object_agg(id::text, qty_delivered) AS lines FROM sale_lines
          WHERE NOT is_delivery AND qty_delivered > 0 GROUP BY sale_id) l ON l.sale_id = s.id
    WHERE s.id = ANY(${ids}::int[]) AND s.state = 'delivery_full'`);
  await db.execute(sql`
    INSERT INTO invoices (name, type, sale_id, customer_id, date, amount_untaxed_cents, amount_tax_cents,
      amount_total_cents, lines, created_at)
    SELECT ${`${prefix}-INV-`} || right(s.name, 6), 'invoice', s.id, s.customer_id, p.date_done,
      a.untaxed, a.tax, a.untaxed + a.tax, a.lines, p.delivered_at
    FROM pickings p JOIN sales s ON s.id = p.sale_id
    JOIN LATERAL ${deliveredAmountsSql(sql`s.id`)} a ON true
    WHERE s.id = ANY(${ids}::int[])
    ORDER BY p.date_done, s.id`);
  if (credits.length === 0) return 0;
  const invoiceOf = new Map(
    (
      await db.execute<{ id: number; sale_id: number; date: string }>(sql`
        SELECT id, sale_id, to_char(date, 'YYYY-MM-DD') AS date FROM invoices
        WHERE type = 'invoice' AND sale_id = ANY(${ids}::int[])`)
    ).rows.map((r) => [Number(r.sale_id), { id: Number(r.id), date: r.date }]),
  );
  const rows = credits.flatMap((c) => {
    const invoice = invoiceOf.get(c.saleId);
    if (!invoice) return [];
    const later = new Date(`${invoice.date}T12:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 10);
    const date = [later.toISOString().slice(0, 10), today].sort()[0]!;
    return [
      {
        name: c.name,
        type: 'credit_note',
        saleId: c.saleId,
        customerId,
        date,
        amountUntaxedCents: c.untaxed,
        amountTaxCents: c.tax,
        amountTotalCents: c.untaxed + c.tax,
        lines: { [String(c.lineId)]: 1 },
        creditedInvoiceId: invoice.id,
      },
    ];
  });
  if (rows.length) await db.insert(invoices).values(rows);
  return rows.length;
}

/** Order-number prefix of the demo history (its presence makes {@link seedDemoHistory} a no-op). */
export const DEMO_HISTORY_PREFIX = 'DEMO-H';

/**
 * A short purchase history (2 years, 800 lines, no cancelled order, a few credit notes) for the
 * demo account `login` (default the demo veterinary), so its dashboard shows a chart and most
 * ordered items (README demo accounts). Meant for the start-up seeding when SEED_DEMO_ACCOUNTS is
 * on, after seedDemoAccounts. Idempotent: nothing happens when the account is missing or already
 * has its demo history. Deterministic for a given day and catalogue. Returns what was inserted, or null.
 */
export async function seedDemoHistory(
  db: Db,
  login = 'veterinary@demo.vetshop.be',
): Promise<HistoryReport | null> {
  const [user] = await db
    .select({ customerId: users.customerId, priceList: users.priceList })
    .from(users)
    .where(eq(users.login, login));
  if (!user?.customerId) return null;
  const [existing] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.customerId, user.customerId), like(sales.name, `${DEMO_HISTORY_PREFIX}-%`)))
    .limit(1);
  if (existing) return null;
  return buildPurchaseHistory(db, user.customerId, {
    seed: 2026,
    lines: 800,
    years: 2,
    // Up to yesterday: no order later than now.
    today: businessDate(new Date(Date.now() - 86_400_000)),
    priceList: user.priceList,
    namePrefix: DEMO_HISTORY_PREFIX,
    cancelRate: 0,
  });
}
