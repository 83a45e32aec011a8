/**
 * Purchase statistics of a customer (docs/product/customer-area.md#statistics, docs/product/customer-area.md#sale-statistics-calls), computed in SQL
 * from the stored orders. Decisions: docs/decisions/sale-statistics.md.
 *
 * What counts ("movements"):
 * - every product line of the customer's orders that are not cancelled (state <> 'cancel'): its
 *   amount excl. VAT pro rata of the quantity not canceled, round(amount × (qty − canceled) / qty),
 *   on the Brussels day of the order;
 * - minus every credit note of the customer on those orders: round(amount × credited / qty) per
 *   credited line (the rule of the credit notes' own amounts), on the credit note's date. Credit
 *   notes issued by a backorder cancellation are skipped: the cancellation already raised the
 *   line's canceled quantity, so subtracting them again would count the units twice.
 * Handling-fee / shipping lines (is_delivery) are not purchases and are left out. Families come
 * from the ordered product (meds, food, equipment). Month and year boundaries are those of the
 * Europe/Brussels calendar: an order at 00:30 on 1 January in Brussels belongs to the new year even
 * though it is still 31 December in UTC. Money is summed in integer cents, answered in EUR.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  businessDate,
  centsToEur,
  FAMILIES,
  STATISTICS_YEARS,
  type Family,
  type FamilyTotals,
  type FiveYears,
  type Locale,
  type MonthlyOrdered,
  type StockState,
  type TopOrdered,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { priceValueOf, priceListIdOf, variantNameIn, visibleTo, type Viewer } from '../catalog/index.ts';
import { picturesOfVariants } from '../images/index.ts';

/** The shop's calendar: months and years of the statistics. */
export const STATISTICS_TIME_ZONE = 'Europe/Brussels';

/**
 * SQL rows (day date, family text, cents bigint) of the customer's movements on the Brussels days
 * [fromDay, toDay) (`YYYY-MM-DD`): order lines (+) and credit notes (−), as the module comment says.
 * The order-time bounds are Brussels midnights turned into instants, so the (customer, date) index
 * of sales serves them.
 */
export function movementsSql(customerId: number, fromDay: string, toDay: string): SQL {
  const tz = STATISTICS_TIME_ZONE;
  return sql`
    SELECT (s.date_order AT TIME ZONE ${tz})::date AS day, p.family,
           round(sl.amount_cents::numeric * (sl.qty - sl.qty_canceled) / sl.qty)::bigint AS cents
    FROM sales s
    JOIN sale_lines sl ON sl.sale_id = s.id AND NOT sl.is_delivery AND sl.qty > 0
    JOIN product_variants v ON v.id = sl.variant_id
    JOIN products p ON p.id = v.product_id
    WHERE s.customer_id = ${customerId} AND s.state <> 'cancel'
      AND s.date_order >= (${fromDay}::timestamp AT TIME ZONE ${tz})
      AND s.date_order < (${toDay}::timestamp AT TIME ZONE ${tz})
    UNION ALL
    SELECT i.date AS day, p.family,
           -round(sl.amount_cents::numeric * c.qty::numeric / sl.qty)::bigint AS cents
    FROM invoices i
    CROSS JOIN LATERAL jsonb_each_text(i.lines) AS c(line_id, qty)
    JOIN sale_lines sl ON sl.id = c.line_id::int AND NOT sl.is_delivery AND sl.qty > 0
    JOIN sales s ON s.id = sl.sale_id AND s.customer_id = i.customer_id AND s.state <> 'cancel'
    JOIN product_variants v ON v.id = sl.variant_id
    JOIN products p ON p.id = v.product_id
    WHERE i.customer_id = ${customerId} AND i.type = 'credit_note'
      AND i.date >= ${fromDay}::date AND i.date < ${toDay}::date
      AND NOT EXISTS (SELECT 1 FROM backorder_cancellations bc WHERE bc.credit_note_id = i.id)`;
}

type Cents = Record<Family, number>;
const zeroCents = (): Cents => ({ meds: 0, food: 0, equipment: 0 });

/** Cents per family → EUR per family and their total (summed in cents, then converted). */
export function totalsOf(c: Cents): FamilyTotals {
  return {
    meds: centsToEur(c.meds),
    food: centsToEur(c.food),
    equipment: centsToEur(c.equipment),
    total: centsToEur(c.meds + c.food + c.equipment),
  };
}

function isFamily(v: string): v is Family {
  return (FAMILIES as readonly string[]).includes(v);
}

/**
 * GET sale_statistics/monthly_ordered/{year}: the customer's purchases per Brussels month of `year`
 * (12 months, January first, `YYYY-MM`), per family and in total, and the year's totals (EUR excl.
 * VAT; a month with more credited than ordered is negative).
 */
export async function monthlyOrdered(db: Db, customerId: number, year: number): Promise<MonthlyOrdered> {
  const rows = await db.execute<{ month: number; family: string; cents: string | number }>(sql`
    SELECT extract(month FROM m.day)::int AS month, m.family, sum(m.cents)::bigint AS cents
    FROM (${movementsSql(customerId, `${year}-01-01`, `${year + 1}-01-01`)}) m
    GROUP BY 1, 2`);
  const months: Cents[] = Array.from({ length: 12 }, zeroCents);
  const year_ = zeroCents();
  for (const r of rows.rows) {
    if (!isFamily(r.family)) continue;
    const cents = Number(r.cents);
    months[r.month - 1]![r.family] += cents;
    year_[r.family] += cents;
  }
  return {
    year,
    months: months.map((c, i) => ({ month: `${year}-${String(i + 1).padStart(2, '0')}`, ...totalsOf(c) })),
    totals: totalsOf(year_),
  };
}

/**
 * GET sale_statistics/five_years: totals per family and number of non-cancelled orders for the
 * current Brussels year (of `today`, `YYYY-MM-DD`) and the 4 before, oldest first, and the key
 * figures: this year's and last year's totals, the average per month of this year (its total over
 * the months begun, rounded to the cent), this year's number of orders and the last order.
 */
export async function fiveYears(
  db: Db,
  customerId: number,
  today: string = businessDate(),
): Promise<FiveYears> {
  const year = Number(today.slice(0, 4));
  const first = year - STATISTICS_YEARS + 1;
  const from = `${first}-01-01`;
  const to = `${year + 1}-01-01`;
  const tz = STATISTICS_TIME_ZONE;
  const [amounts, orders, last] = await Promise.all([
    db.execute<{ year: number; family: string; cents: string | number }>(sql`
      SELECT extract(year FROM m.day)::int AS year, m.family, sum(m.cents)::bigint AS cents
      FROM (${movementsSql(customerId, from, to)}) m
      GROUP BY 1, 2`),
    db.execute<{ year: number; n: number }>(sql`
      SELECT extract(year FROM (s.date_order AT TIME ZONE ${tz}))::int AS year, count(*)::int AS n
      FROM sales s
      WHERE s.customer_id = ${customerId} AND s.state <> 'cancel'
        AND s.date_order >= (${from}::timestamp AT TIME ZONE ${tz})
        AND s.date_order < (${to}::timestamp AT TIME ZONE ${tz})
      GROUP BY 1`),
    db.execute<{ id: number; name: string; date_order: string; amount_untaxed_cents: number }>(sql`
      SELECT s.id, s.name, to_json(s.date_order)#>>'{}' AS date_order, s.amount_untaxed_cents
      FROM sales s
      WHERE s.customer_id = ${customerId} AND s.state <> 'cancel'
      ORDER BY s.date_order DESC, s.id DESC
      LIMIT 1`),
  ]);
  const perYear = new Map<number, Cents>();
  for (let y = first; y <= year; y++) perYear.set(y, zeroCents());
  for (const r of amounts.rows) {
    const c = perYear.get(r.year);
    if (c && isFamily(r.family)) c[r.family] += Number(r.cents);
  }
  const orderCount = new Map(orders.rows.map((r) => [r.year, Number(r.n)]));
  const years = [...perYear.entries()].map(([y, c]) => ({
    year: y,
    ...totalsOf(c),
    orders: orderCount.get(y) ?? 0,
  }));
  const sumCents = (c: Cents | undefined) => (c ? c.meds + c.food + c.equipment : 0);
  const thisYear = sumCents(perYear.get(year));
  const monthsElapsed = Number(today.slice(5, 7));
  const l = last.rows[0];
  return {
    years,
    key_figures: {
      year,
      this_year_total: centsToEur(thisYear),
      last_year_total: centsToEur(sumCents(perYear.get(year - 1))),
      average_per_month: centsToEur(Math.round(thisYear / monthsElapsed)),
      months_elapsed: monthsElapsed,
      orders_this_year: orderCount.get(year) ?? 0,
      last_order: l
        ? {
            id: l.id,
            name: l.name,
            date_order: new Date(l.date_order).toISOString(),
            amount_untaxed: centsToEur(Number(l.amount_untaxed_cents)),
          }
        : null,
    },
  };
}

/** Options of GET sale_statistics/top_ordered (already validated). */
export interface TopOrderedOptions {
  lang: Locale;
  page: number;
  perPage: number;
  /** Empty: every family. */
  families: readonly Family[];
  /** Only products with a discount or promotion for the viewer's price list today. */
  discountOnly: boolean;
}

type TopRow = {
  total: number;
  variant_id: number | null;
  n: number;
  qty: number;
  last_day: string;
  model_id: number;
  sku: string;
  variant_name: string;
  stock_state: StockState;
  family: Family;
  name: string;
  url_key: string;
  gross_cents: number | null;
  net_cents: number | null;
  has_discount: boolean;
};

/**
 * GET sale_statistics/top_ordered: the products (variants) the customer ordered most, in its
 * non-cancelled orders, units canceled left out: ranked by number of orders, then units, then the
 * latest order; only products the viewer may see and buy today (catalog visibility rules), named
 * in `lang`, priced for the viewer's list. `families` and `discountOnly` filter (docs/product/constants.md#filters filter:
 * all / meds / food / equipment / promotions). Answers the count of matching products and the page.
 */
export async function topOrdered(
  db: Db,
  customerId: number,
  viewer: Viewer,
  opts: TopOrderedOptions,
): Promise<TopOrdered> {
  const tz = STATISTICS_TIME_ZONE;
  const filters: SQL[] = [visibleTo(viewer)];
  if (opts.families.length) filters.push(sql`p.family = ANY(${sql.param([...opts.families])}::text[])`);
  // Same as coalesce(vp.has_discount, FALSE) on the (variant, list) price row, which is unique.
  if (opts.discountOnly)
    filters.push(sql`EXISTS (SELECT 1 FROM variant_prices dp WHERE dp.variant_id = v.id
                             AND dp.price_list_id = ${priceListIdOf(viewer)} AND dp.has_discount)`);
  // A product without a name in `lang` is not listed (the page's inner join below).
  filters.push(
    sql`EXISTS (SELECT 1 FROM product_translations nt WHERE nt.product_id = p.id AND nt.locale = ${opts.lang})`,
  );
  const rows = await db.execute<TopRow>(sql`
    WITH o AS (
      SELECT sl.variant_id, count(DISTINCT s.id)::int AS n, sum(sl.qty - sl.qty_canceled)::int AS qty,
             max(s.date_order) AS last_at
      FROM sales s
      JOIN sale_lines sl ON sl.sale_id = s.id
      WHERE s.customer_id = ${customerId} AND s.state <> 'cancel'
        AND NOT sl.is_delivery AND sl.variant_id IS NOT NULL AND sl.qty > sl.qty_canceled
      GROUP BY sl.variant_id
    ), m AS (
      SELECT o.variant_id, o.n, o.qty, o.last_at, v.product_id AS model_id, v.sku,
             ${variantNameIn(sql`v`, opts.lang)} AS variant_name,
             v.stock_state, p.family
      FROM o
      JOIN product_variants v ON v.id = o.variant_id
      JOIN products p ON p.id = v.product_id
      WHERE ${sql.join(filters, sql` AND `)}
    )
    -- Name and price are read for the page only (docs/decisions/checkout-and-sign-in-speed.md):
    -- joined for every ordered product, they were most of the statement's page reads.
    SELECT t.total, pg.*
    FROM (SELECT count(*)::int AS total FROM m) t
    LEFT JOIN LATERAL (
      SELECT m.*, to_char(m.last_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS last_day,
             pt.name, pt.url_key, vp.gross_cents, vp.net_cents, coalesce(vp.has_discount, FALSE) AS has_discount
      FROM (SELECT * FROM m ORDER BY m.n DESC, m.qty DESC, m.last_at DESC, m.variant_id
            LIMIT ${opts.perPage} OFFSET ${(opts.page - 1) * opts.perPage}) m
      JOIN product_translations pt ON pt.product_id = m.model_id AND pt.locale = ${opts.lang}
      LEFT JOIN variant_prices vp ON vp.variant_id = m.variant_id AND vp.price_list_id = ${priceListIdOf(viewer)}
      ORDER BY m.n DESC, m.qty DESC, m.last_at DESC, m.variant_id
    ) pg ON TRUE`);
  const count = Number(rows.rows[0]?.total ?? 0);
  const items = rows.rows
    .filter((r): r is TopRow & { variant_id: number } => r.variant_id !== null)
    .map((r) => ({
      product_id: r.variant_id,
      model_id: r.model_id,
      sku: r.sku,
      name: r.name,
      variant_name: r.variant_name,
      url_key: r.url_key,
      family: r.family,
      last_ordered: { date: r.last_day, family: r.family, count: Number(r.n) },
      qty_ordered: Number(r.qty),
      price: priceValueOf(r.gross_cents, r.net_cents),
      stock_state: r.stock_state,
      has_discount: r.has_discount === true,
    }));
  const pictures = await picturesOfVariants(
    db,
    items.map((i) => i.product_id),
    opts.lang,
  );
  return {
    count,
    page: opts.page,
    per_page: opts.perPage,
    items: items.map((i) => ({ ...i, picture: pictures.get(i.product_id) ?? null })),
  };
}
