/**
 * Staff stock operations (docs/decisions/stock-moves.md "Staff"): the stock of variants found by
 * code or name, a set or an adjustment of the free units of one variant, and the stock CSV import
 * (code; quantity per line, all lines applied in one transaction or none). Free units that grow go
 * to the oldest backorders first and are shipped (service.ts allocateBackorders, afterStockMove).
 * Every call is written to the staff audit log by modules/audit/hook.ts (routes under /staff/).
 */
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import {
  STOCK_QTY_MAX,
  type Locale,
  type StockChange,
  type StockChangeResult,
  type StockImportReport,
  type StockRow,
  type StockState,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { foldedPattern, productsNamedLike, variantNameIn, variantTextLike } from '../catalog/index.ts';
import { fieldError, notFound } from '../../errors.ts';
import {
  afterStockMove,
  allocateBackorders,
  lockLevels,
  OPEN_SALE_STATES,
  unitsOfStateSql,
  writeLevels,
  type ShippedPicking,
} from './service.ts';

/** Rows answered by a stock search at most. */
export const STOCK_LIST_LIMIT = 50;
/** Data lines of a stock CSV at most. */
export const STOCK_CSV_MAX_LINES = 20_000;

const toWirePickings = (p: ShippedPicking[]) =>
  p.map((x) => ({ sale_id: x.saleId, picking_id: x.pickingId, name: x.name }));

/**
 * Stock rows of the variants matching `q` (exact SKU, EAN or CNK first, else the SKU, CNK, variant
 * or product name holding it, accents and case folded; fewer than three characters: beginning with
 * it — `foldedPattern`), or of `variantIds`; without either, the variants waiting for stock
 * (units on backorder in open orders). Most units on backorder first, then SKU order; at most
 * STOCK_LIST_LIMIT. Names in `locale` (default fr). A variant without a level row shows the units
 * of its stock state.
 */
export async function listStock(
  db: Db,
  filter: { q?: string; variantIds?: number[]; locale?: Locale },
): Promise<StockRow[]> {
  const q = filter.q?.trim() ?? '';
  const pattern = foldedPattern(q);
  const where = filter.variantIds
    ? sql`v.id = ANY(${sql.param(filter.variantIds)}::int[])`
    : q === ''
      ? sql`v.id IN (SELECT l.variant_id FROM sale_lines l JOIN sales s ON s.id = l.sale_id
                     WHERE l.qty_unavailable > 0 AND NOT l.is_delivery
                       AND s.state = ANY(${sql.param([...OPEN_SALE_STATES])}::text[]))`
      : // Read through indexes (docs/decisions/staff-orders-on-behalf.md, "Finding a product"), as
        // an array: the planner then reads the matches by key instead of testing every variant.
        sql`v.id = ANY(ARRAY(
            SELECT v2.id FROM product_variants v2 WHERE v2.sku = ${q} OR v2.barcode = ${q} OR v2.cnk_code = ${q}
            UNION SELECT v2.id FROM product_variants v2 WHERE ${variantTextLike(sql`v2`, pattern)}
            UNION SELECT v2.id FROM product_variants v2
                  WHERE v2.product_id IN (${productsNamedLike(pattern)})))`;
  const rows = await db.execute<{
    id: number;
    sku: string;
    barcode: string | null;
    name: string;
    stock_state: StockState;
    qty_available: number;
    qty_reserved: number;
    qty_backorder: number;
  }>(sql`
    SELECT v.id, v.sku, v.barcode,
           coalesce((SELECT t.name FROM product_translations t WHERE t.product_id = v.product_id
                     ORDER BY (t.locale = ${filter.locale ?? 'fr'}) DESC, t.locale LIMIT 1) || ' — ', '')
             || ${variantNameIn(sql`v`, filter.locale ?? 'fr')} AS name,
           v.stock_state,
           coalesce(sl.qty_available, ${unitsOfStateSql()}) AS qty_available,
           coalesce(sl.qty_reserved, 0) AS qty_reserved,
           (SELECT coalesce(sum(l.qty_unavailable), 0)::int FROM sale_lines l JOIN sales s ON s.id = l.sale_id
            WHERE l.variant_id = v.id AND l.qty_unavailable > 0 AND NOT l.is_delivery
              AND s.state = ANY(${sql.param([...OPEN_SALE_STATES])}::text[])) AS qty_backorder
    FROM product_variants v LEFT JOIN stock_levels sl ON sl.variant_id = v.id
    WHERE ${where}
    ORDER BY (v.sku = ${q} OR v.barcode = ${q}) DESC, qty_backorder DESC, v.sku
    LIMIT ${STOCK_LIST_LIMIT}`);
  return rows.rows.map((r) => ({
    variant_id: Number(r.id),
    sku: r.sku,
    barcode: r.barcode,
    name: r.name,
    stock_state: r.stock_state,
    qty_available: Number(r.qty_available),
    qty_reserved: Number(r.qty_reserved),
    qty_backorder: Number(r.qty_backorder),
  }));
}

/**
 * Sets (`set`: qty ≥ 0) or adjusts (`adjust`: signed qty) the free units of `variantId`. 404 unknown
 * variant; 400 `stock_negative` on field `qty` when the result would be below 0 (or above
 * STOCK_QTY_MAX: `stock_too_large`). Units added go to the oldest backorders and are shipped.
 */
export async function changeStock(
  db: Db,
  variantId: number,
  change: StockChange,
): Promise<StockChangeResult> {
  const move = await db.transaction(async (tx) => {
    const levels = await lockLevels(tx, [variantId]);
    const level = levels.get(variantId);
    if (!level) throw notFound(`Variant ${variantId} not found.`);
    const next = change.mode === 'set' ? change.qty : level.qtyAvailable + change.qty;
    if (next < 0) throw fieldError('qty', 'stock_negative', 'The stock cannot go below 0.');
    if (next > STOCK_QTY_MAX)
      throw fieldError('qty', 'stock_too_large', `The stock cannot exceed ${STOCK_QTY_MAX}.`);
    const grew = next > level.qtyAvailable;
    level.qtyAvailable = next;
    const allocations = grew ? await allocateBackorders(tx, levels) : [];
    return { changedProducts: await writeLevels(tx, levels.values()), allocations };
  });
  const pickings = await afterStockMove(db, move);
  const [row] = await listStock(db, { variantIds: [variantId] });
  if (!row) throw notFound(`Variant ${variantId} not found.`);
  return { row, pickings: toWirePickings(pickings) };
}

/** A data line of a stock CSV. */
interface CsvLine {
  line: number;
  code: string;
  qty: string;
}

/** Data lines of `csv`: separator detected (, ; tab |), blank lines skipped, a header row skipped. */
export function parseStockCsv(csv: string): CsvLine[] {
  const text = csv.replace(/^\uFEFF/, '');
  // The separator is the first of ; tab | , found on the first non-blank line.
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const delimiter = [';', '\t', '|', ','].find((d) => first.includes(d)) ?? ';';
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const out: CsvLine[] = [];
  parsed.data.forEach((cells, i) => {
    const code = (cells[0] ?? '').trim();
    const qty = (cells[1] ?? '').trim();
    if (code === '' && qty === '' && cells.every((c) => c.trim() === '')) return;
    // A first row whose quantity is not a number names the columns.
    if (out.length === 0 && i === 0 && !/^[+-]?\d+$/.test(qty) && /[a-z]/i.test(qty)) return;
    out.push({ line: i + 1, code, qty });
  });
  return out;
}

/**
 * Stock CSV import: each line "code;quantity" sets the free units of the variant whose SKU or EAN
 * is the code. Refused lines (missing or unknown code, a code matching two variants, a code twice
 * in the file, a quantity that is not an integer in 0..STOCK_QTY_MAX, an empty file) make the whole
 * file refused: `applied` false and nothing changes. Else every line is applied in one
 * transaction, and units added go to the oldest backorders and are shipped.
 */
export async function importStockCsv(db: Db, csv: string): Promise<StockImportReport> {
  const lines = parseStockCsv(csv);
  const refused: StockImportReport['refused'] = [];
  if (lines.length === 0 || lines.length > STOCK_CSV_MAX_LINES)
    return {
      applied: false,
      accepted: [],
      refused: [{ line: 0, code: '', reason: 'empty_file' }],
      pickings: [],
    };
  const codes = [...new Set(lines.map((l) => l.code).filter((c) => c !== ''))];
  const found = await db.execute<{ id: number; sku: string; barcode: string | null }>(sql`
    SELECT id, sku, barcode FROM product_variants
    WHERE sku = ANY(${sql.param(codes)}::text[]) OR barcode = ANY(${sql.param(codes)}::text[])`);
  const byCode = new Map<string, { id: number; sku: string }[]>();
  for (const r of found.rows)
    for (const key of new Set([r.sku, r.barcode].filter((c): c is string => !!c && codes.includes(c)))) {
      const list = byCode.get(key) ?? [];
      list.push({ id: Number(r.id), sku: r.sku });
      byCode.set(key, list);
    }
  const wanted: { line: number; code: string; id: number; sku: string; qty: number }[] = [];
  const seen = new Set<number>();
  for (const l of lines) {
    const refuse = (reason: StockImportReport['refused'][number]['reason']) =>
      refused.push({ line: l.line, code: l.code, reason });
    if (l.code === '') {
      refuse('missing_code');
      continue;
    }
    const matches = byCode.get(l.code) ?? [];
    if (matches.length === 0) {
      refuse('unknown_code');
      continue;
    }
    if (matches.length > 1) {
      refuse('ambiguous_code');
      continue;
    }
    if (!/^\+?\d+$/.test(l.qty) || Number(l.qty) > STOCK_QTY_MAX) {
      refuse('bad_quantity');
      continue;
    }
    const match = matches[0]!;
    if (seen.has(match.id)) {
      refuse('duplicate_code');
      continue;
    }
    seen.add(match.id);
    wanted.push({ line: l.line, code: l.code, id: match.id, sku: match.sku, qty: Number(l.qty) });
  }
  if (refused.length > 0) return { applied: false, accepted: [], refused, pickings: [] };

  const before = new Map<number, number>();
  const move = await db.transaction(async (tx) => {
    const levels = await lockLevels(
      tx,
      wanted.map((w) => w.id),
    );
    let grew = false;
    for (const w of wanted) {
      const level = levels.get(w.id)!;
      before.set(w.id, level.qtyAvailable);
      if (w.qty > level.qtyAvailable) grew = true;
      level.qtyAvailable = w.qty;
    }
    const allocations = grew ? await allocateBackorders(tx, levels) : [];
    return { changedProducts: await writeLevels(tx, levels.values()), allocations };
  });
  const pickings = await afterStockMove(db, move);
  return {
    applied: true,
    accepted: wanted.map((w) => ({
      line: w.line,
      code: w.code,
      variant_id: w.id,
      sku: w.sku,
      qty_before: before.get(w.id) ?? 0,
      qty_after: w.qty,
    })),
    refused: [],
    pickings: toWirePickings(pickings),
  };
}
