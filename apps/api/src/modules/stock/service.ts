/**
 * Stock that moves (docs/decisions/stock-moves.md): the stock level of a variant is the one truth
 * for availability, and every move keeps its stock state and the search's in-stock flag in step.
 *
 * - `stock_levels.qty_available`: free units (what a cart line can still get);
 *   `stock_levels.qty_reserved`: units held for confirmed order lines not shipped yet.
 * - Confirm (`reserveSaleStock`): each product line takes min(qty, available) units from the free
 *   stock into the reserved stock; the rest is its backorder (sale_lines.qty_unavailable).
 * - Picking (`deliverFromStock`): shipped units leave the reserved stock.
 * - Cancellation (`releaseSaleStock`, `releaseCanceledUnits`): the cancelled units come off the
 *   backorder first, then the reserved units go back to the free stock.
 * - Free stock that grows (a staff adjustment, a CSV import, a release) goes to the oldest
 *   backorder lines first (`allocateBackorders`); after the commit, one picking per order ships the
 *   allocated units (`shipAllocations`, sales/pickings.ts addPicking).
 * - Stock state from the level (`stockStateOf`): more than LIMITED_STOCK_MAX free units →
 *   in_stock, 1..LIMITED_STOCK_MAX → in_limited_stock, 0 → out_of_stock unless the variant is
 *   resupplying or supplier_out_of_stock (kept). product_summaries.in_stock and
 *   search_documents.in_stock follow in the same transaction; the in-process search caches are
 *   cleared.
 *
 * Concurrency: every move locks the level rows it changes (SELECT … FOR UPDATE, by variant id
 * order) before reading the sale lines it changes; the sale lines are re-read after the lock.
 * Quantities are units; nothing here is money.
 */
import { sql, type SQL } from 'drizzle-orm';
import { IN_STOCK_STATES, type StockState } from '@vetshop/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { saleLines } from '../../db/schema.ts';
import { clearFacetCache } from '../catalog/index.ts';
import { availableFromState } from '../carts/index.ts';
import { addPicking } from '../sales/index.ts';

/** An open Drizzle transaction. */
type SaleLineRow = typeof saleLines.$inferSelect;

/** Up to this many free units a variant shows in_limited_stock; above it, in_stock. */
export const LIMITED_STOCK_MAX = 5;
/** Order states whose lines still hold or wait for stock. */
export const OPEN_SALE_STATES = ['pending', 'processing', 'delivery_partial'] as const;

/**
 * Stock state shown for `qtyAvailable` free units; `current` is kept at 0 units when it tells why
 * (resupplying, supplier_out_of_stock).
 */
export function stockStateOf(qtyAvailable: number, current: StockState): StockState {
  if (qtyAvailable > LIMITED_STOCK_MAX) return 'in_stock';
  if (qtyAvailable > 0) return 'in_limited_stock';
  return current === 'resupplying' || current === 'supplier_out_of_stock' ? current : 'out_of_stock';
}

/** SQL of `stockStateOf` over stock_levels `sl` and product_variants `v`. */
const STATE_SQL = sql.raw(`CASE WHEN sl.qty_available > ${LIMITED_STOCK_MAX} THEN 'in_stock'
  WHEN sl.qty_available > 0 THEN 'in_limited_stock'
  WHEN v.stock_state IN ('resupplying', 'supplier_out_of_stock') THEN v.stock_state
  ELSE 'out_of_stock' END`);

/**
 * SQL of the free units of product_variants `v` without a level row: carts/cart-view.ts
 * availableFromState (in_stock 1000, in_limited_stock 5, else 0). A function, not a constant:
 * carts and stock import each other, so availableFromState must not run while the modules load.
 */
export function unitsOfStateSql(): SQL {
  return sql.raw(
    `CASE v.stock_state WHEN 'in_stock' THEN ${availableFromState('in_stock')} WHEN 'in_limited_stock' THEN ${availableFromState('in_limited_stock')} ELSE 0 END`,
  );
}

/** A level row as locked. */
export interface Level {
  variantId: number;
  qtyAvailable: number;
  qtyReserved: number;
}

/** Units of an order line given to it from arrived stock: shipped after the commit. */
export interface Allocation {
  saleId: number;
  lineId: number;
  variantId: number;
  qty: number;
}

/** What a move changed, for the work after its commit (`afterStockMove`). */
export interface StockMove {
  /** Products whose in-stock flag or a variant's stock state changed. */
  changedProducts: number[];
  allocations: Allocation[];
}

const ids = (values: Iterable<number>) => sql.param([...new Set(values)]);

/**
 * Locks the level rows of `variantIds` (by id order, so two moves never wait on each other in a
 * circle), creating the missing ones from the stock state first. Unknown variant ids are absent
 * from the answer.
 */
export async function lockLevels(tx: Tx, variantIds: readonly number[]): Promise<Map<number, Level>> {
  const levels = new Map<number, Level>();
  if (variantIds.length === 0) return levels;
  await tx.execute(sql`
    INSERT INTO stock_levels (variant_id, qty_available)
    SELECT v.id, ${unitsOfStateSql()}
    FROM product_variants v WHERE v.id = ANY(${ids(variantIds)}::int[])
    ON CONFLICT (variant_id) DO NOTHING`);
  const rows = await tx.execute<{ variant_id: number; qty_available: number; qty_reserved: number }>(sql`
    SELECT variant_id, qty_available, qty_reserved FROM stock_levels
    WHERE variant_id = ANY(${ids(variantIds)}::int[]) ORDER BY variant_id FOR UPDATE`);
  for (const r of rows.rows)
    levels.set(Number(r.variant_id), {
      variantId: Number(r.variant_id),
      qtyAvailable: Number(r.qty_available),
      qtyReserved: Number(r.qty_reserved),
    });
  return levels;
}

/**
 * Writes `levels` back (never below 0), then the stock state of their variants and the in-stock
 * flag of the products whose state changed. Returns those products.
 */
export async function writeLevels(tx: Tx, levels: Iterable<Level>): Promise<number[]> {
  const list = [...levels];
  if (list.length === 0) return [];
  await tx.execute(sql`
    UPDATE stock_levels sl SET qty_available = GREATEST(0, x.a), qty_reserved = GREATEST(0, x.r), updated_at = now()
    FROM unnest(${sql.param(list.map((l) => l.variantId))}::int[], ${sql.param(list.map((l) => l.qtyAvailable))}::int[],
                ${sql.param(list.map((l) => l.qtyReserved))}::int[]) AS x(id, a, r)
    WHERE sl.variant_id = x.id`);
  return syncStockStates(
    tx,
    list.map((l) => l.variantId),
  );
}

/**
 * Sets the stock state of `variantIds` from their level, and the in-stock flag of the search rows
 * (product_summaries, search_documents) of the products where a state changed. Returns them.
 */
export async function syncStockStates(tx: Tx, variantIds: readonly number[]): Promise<number[]> {
  if (variantIds.length === 0) return [];
  const changed = await tx.execute<{ product_id: number }>(sql`
    UPDATE product_variants v SET stock_state = ${STATE_SQL}
    FROM stock_levels sl
    WHERE sl.variant_id = v.id AND v.id = ANY(${ids(variantIds)}::int[]) AND v.stock_state <> ${STATE_SQL}
    RETURNING v.product_id`);
  const products = [...new Set(changed.rows.map((r) => Number(r.product_id)))];
  if (products.length === 0) return [];
  const inStock = sql`EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = t.product_id
                      AND pv.stock_state = ANY(${sql.param([...IN_STOCK_STATES])}::text[]))`;
  await tx.execute(
    sql`UPDATE product_summaries t SET in_stock = ${inStock} WHERE t.product_id = ANY(${ids(products)}::int[])`,
  );
  await tx.execute(
    sql`UPDATE search_documents t SET in_stock = ${inStock} WHERE t.product_id = ANY(${ids(products)}::int[])`,
  );
  return products;
}

/** Units of a line held in the reserved stock: neither shipped, cancelled nor on backorder. */
export function reservedPart(
  line: Pick<SaleLineRow, 'qty' | 'qtyDelivered' | 'qtyCanceled' | 'qtyUnavailable'>,
) {
  return Math.max(0, line.qty - line.qtyDelivered - line.qtyCanceled - line.qtyUnavailable);
}

/** Product lines of `saleIds` or `lineIds`, read after the level lock (FOR UPDATE). */
async function lockLines(
  tx: Tx,
  where: { saleId: number } | { lineIds: readonly number[] },
): Promise<
  {
    id: number;
    saleId: number;
    variantId: number;
    qty: number;
    qtyDelivered: number;
    qtyCanceled: number;
    qtyUnavailable: number;
  }[]
> {
  const filter =
    'saleId' in where ? sql`l.sale_id = ${where.saleId}` : sql`l.id = ANY(${ids(where.lineIds)}::int[])`;
  const rows = await tx.execute<{
    id: number;
    sale_id: number;
    variant_id: number;
    qty: number;
    qty_delivered: number;
    qty_canceled: number;
    qty_unavailable: number;
  }>(sql`
    SELECT l.id, l.sale_id, l.variant_id, l.qty, l.qty_delivered, l.qty_canceled, l.qty_unavailable
    FROM sale_lines l WHERE ${filter} AND NOT l.is_delivery AND l.variant_id IS NOT NULL ORDER BY l.id FOR UPDATE`);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    saleId: Number(r.sale_id),
    variantId: Number(r.variant_id),
    qty: Number(r.qty),
    qtyDelivered: Number(r.qty_delivered),
    qtyCanceled: Number(r.qty_canceled),
    qtyUnavailable: Number(r.qty_unavailable),
  }));
}

/** Sets qty_unavailable of lines (line id → units). */
async function setUnavailable(tx: Tx, values: Map<number, number>): Promise<void> {
  if (values.size === 0) return;
  await tx.execute(sql`
    UPDATE sale_lines l SET qty_unavailable = GREATEST(0, x.u)
    FROM unnest(${sql.param([...values.keys()])}::int[], ${sql.param([...values.values()])}::int[]) AS x(id, u)
    WHERE l.id = x.id`);
}

/**
 * Confirm: reserves the stock of the new sale `saleId` (inside the confirming transaction, after
 * its lines are written). Each product line, in line order, takes min(qty, free units) into the
 * reserved stock; its qty_unavailable becomes the rest (its backorder). Concurrent confirms of
 * the last unit wait on the level row lock: one line gets it, the other goes on backorder.
 * `cacheOwner`: the database whose search caches are cleared when a stock state changed.
 */
export async function reserveSaleStock(tx: Tx, saleId: number, cacheOwner?: Db): Promise<StockMove> {
  const probe = await tx.execute<{ variant_id: number }>(sql`
    SELECT DISTINCT variant_id FROM sale_lines WHERE sale_id = ${saleId} AND NOT is_delivery AND variant_id IS NOT NULL`);
  const levels = await lockLevels(
    tx,
    probe.rows.map((r) => Number(r.variant_id)),
  );
  const lines = await lockLines(tx, { saleId });
  const unavailable = new Map<number, number>();
  for (const line of lines) {
    const level = levels.get(line.variantId);
    if (!level) continue;
    const wanted = line.qty - line.qtyDelivered - line.qtyCanceled;
    const take = Math.max(0, Math.min(wanted, level.qtyAvailable));
    level.qtyAvailable -= take;
    level.qtyReserved += take;
    if (line.qtyUnavailable !== wanted - take) unavailable.set(line.id, wanted - take);
  }
  await setUnavailable(tx, unavailable);
  const move = { changedProducts: await writeLevels(tx, levels.values()), allocations: [] };
  if (cacheOwner && move.changedProducts.length > 0) clearFacetCache(cacheOwner);
  return move;
}

/**
 * Picking: `parts` (sale line, units shipped) leave the stock, inside the picking's transaction
 * and BEFORE it writes the lines' qty_delivered. Units come out of the line's reserved part first;
 * units beyond it (shipped while on backorder) come off the backorder and the free stock.
 */
export async function deliverFromStock(
  tx: Tx,
  parts: { line: Pick<SaleLineRow, 'id' | 'variantId' | 'isDelivery'>; qty: number }[],
  cacheOwner?: Db,
): Promise<void> {
  const product = parts.filter((p) => !p.line.isDelivery && p.line.variantId !== null && p.qty > 0);
  if (product.length === 0) return;
  const levels = await lockLevels(
    tx,
    product.map((p) => p.line.variantId!),
  );
  const lines = new Map(
    (await lockLines(tx, { lineIds: product.map((p) => p.line.id) })).map((l) => [l.id, l]),
  );
  const unavailable = new Map<number, number>();
  for (const { line: ref, qty } of product) {
    const line = lines.get(ref.id);
    const level = levels.get(ref.variantId!);
    if (!line || !level) continue;
    const fromReserved = Math.min(qty, reservedPart(line));
    const extra = qty - fromReserved;
    level.qtyReserved -= fromReserved;
    if (extra > 0) {
      level.qtyAvailable = Math.max(0, level.qtyAvailable - extra);
      line.qtyUnavailable = Math.max(0, line.qtyUnavailable - extra);
      unavailable.set(line.id, line.qtyUnavailable);
    }
    line.qtyDelivered += qty;
  }
  await setUnavailable(tx, unavailable);
  const changed = await writeLevels(tx, levels.values());
  if (cacheOwner && changed.length > 0) clearFacetCache(cacheOwner);
}

/**
 * Free units of `levels` go to the oldest backorder lines of open orders first (order date, then
 * order and line id): each takes min(its backorder, free units) into the reserved stock and its
 * qty_unavailable goes down by as much. `budget` (variant id → units) caps what is given per
 * variant: a release gives only the units it released. Mutates `levels`; returns the allocations.
 */
export async function allocateBackorders(
  tx: Tx,
  levels: Map<number, Level>,
  budget?: ReadonlyMap<number, number>,
): Promise<Allocation[]> {
  const left = new Map(
    [...levels.values()].map((l) => [
      l.variantId,
      Math.min(l.qtyAvailable, budget?.get(l.variantId) ?? Infinity),
    ]),
  );
  const withStock = [...left].filter(([, units]) => units > 0).map(([id]) => id);
  if (withStock.length === 0) return [];
  const rows = await tx.execute<{
    id: number;
    sale_id: number;
    variant_id: number;
    qty_unavailable: number;
    open: number;
  }>(sql`
    SELECT l.id, l.sale_id, l.variant_id, l.qty_unavailable, (l.qty - l.qty_delivered - l.qty_canceled) AS open
    FROM sale_lines l JOIN sales s ON s.id = l.sale_id
    WHERE l.variant_id = ANY(${ids(withStock)}::int[]) AND l.qty_unavailable > 0 AND NOT l.is_delivery
      AND s.state = ANY(${sql.param([...OPEN_SALE_STATES])}::text[])
    ORDER BY s.date_order, s.id, l.id
    FOR UPDATE OF l`);
  const allocations: Allocation[] = [];
  const unavailable = new Map<number, number>();
  for (const r of rows.rows) {
    const level = levels.get(Number(r.variant_id));
    const units = left.get(Number(r.variant_id)) ?? 0;
    if (!level || units <= 0) continue;
    const waiting = Math.min(Number(r.qty_unavailable), Math.max(0, Number(r.open)));
    const take = Math.min(waiting, units);
    if (take <= 0) continue;
    left.set(level.variantId, units - take);
    level.qtyAvailable -= take;
    level.qtyReserved += take;
    unavailable.set(Number(r.id), Number(r.qty_unavailable) - take);
    allocations.push({
      saleId: Number(r.sale_id),
      lineId: Number(r.id),
      variantId: Number(r.variant_id),
      qty: take,
    });
  }
  await setUnavailable(tx, unavailable);
  return allocations;
}

/**
 * Order cancellation: the reserved units of every product line of `saleId` go back to the free
 * stock, then to the oldest backorders (`allocateBackorders`). Call inside the cancelling
 * transaction with the sale locked; run `afterStockMove` after its commit.
 */
export async function releaseSaleStock(tx: Tx, saleId: number): Promise<StockMove> {
  const probe = await tx.execute<{ variant_id: number }>(sql`
    SELECT DISTINCT variant_id FROM sale_lines WHERE sale_id = ${saleId} AND NOT is_delivery AND variant_id IS NOT NULL`);
  const levels = await lockLevels(
    tx,
    probe.rows.map((r) => Number(r.variant_id)),
  );
  const released = new Map<number, number>();
  for (const line of await lockLines(tx, { saleId })) {
    const level = levels.get(line.variantId);
    if (!level) continue;
    const units = Math.min(reservedPart(line), level.qtyReserved);
    level.qtyReserved -= units;
    level.qtyAvailable += units;
    released.set(line.variantId, (released.get(line.variantId) ?? 0) + units);
  }
  const allocations = await allocateBackorders(tx, levels, released);
  return { changedProducts: await writeLevels(tx, levels.values()), allocations };
}

/**
 * Backorder cancellation: `qty` cancelled units of sale line `lineId` come off its backorder
 * (qty_unavailable) first; the rest were reserved and go back to the free stock, then to the
 * oldest backorders. Call inside the cancelling transaction, BEFORE it writes qty_canceled; run
 * `afterStockMove` after its commit.
 */
export async function releaseCanceledUnits(
  tx: Tx,
  lineId: number,
  variantId: number | null,
  qty: number,
): Promise<StockMove> {
  if (variantId === null || qty <= 0) return { changedProducts: [], allocations: [] };
  const levels = await lockLevels(tx, [variantId]);
  const [line] = await lockLines(tx, { lineIds: [lineId] });
  const level = levels.get(variantId);
  if (!line || !level) return { changedProducts: [], allocations: [] };
  const fromBackorder = Math.min(qty, line.qtyUnavailable);
  const fromReserved = Math.min(qty - fromBackorder, reservedPart(line), level.qtyReserved);
  await setUnavailable(tx, new Map([[line.id, line.qtyUnavailable - fromBackorder]]));
  level.qtyReserved -= fromReserved;
  level.qtyAvailable += fromReserved;
  const allocations = await allocateBackorders(tx, levels, new Map([[variantId, fromReserved]]));
  return { changedProducts: await writeLevels(tx, levels.values()), allocations };
}

/** A picking made for allocated backorder units. */
export interface ShippedPicking {
  saleId: number;
  pickingId: number;
  name: string;
}

/**
 * After the commit of a move: ships the allocated units, one picking per order (addPicking: the
 * delivery note and the shipment mail follow), and clears the search caches of `db` when a stock
 * state changed. A picking refused (the order closed meanwhile) leaves the units reserved for the
 * line, to ship by hand.
 */
export async function afterStockMove(db: Db, move: StockMove): Promise<ShippedPicking[]> {
  if (move.changedProducts.length > 0) clearFacetCache(db);
  const bySale = new Map<number, Record<string, number>>();
  for (const a of move.allocations) {
    const lines = bySale.get(a.saleId) ?? {};
    lines[String(a.lineId)] = (lines[String(a.lineId)] ?? 0) + a.qty;
    bySale.set(a.saleId, lines);
  }
  const shipped: ShippedPicking[] = [];
  for (const [saleId, lines] of [...bySale].sort((a, b) => a[0] - b[0])) {
    try {
      const picking = await addPicking(db, saleId, { lines });
      shipped.push({ saleId, pickingId: picking.id, name: picking.name });
    } catch {
      // Kept reserved for the line: staff ship it with a picking of their own.
    }
  }
  return shipped;
}
