/**
 * Contracts of the staff stock operations (apps/api/src/modules/stock/routes.ts,
 * docs/decisions/stock-moves.md): the stock of a variant (free and reserved units, backorder), a
 * set or an adjustment of its free units, and the stock CSV import with its report.
 * Quantities are units (integers).
 */
import { z } from 'zod';
import { stockStateSchema } from './catalog.ts';

/** Largest stock quantity accepted for one variant. */
export const STOCK_QTY_MAX = 1_000_000;
/** Largest stock CSV accepted (characters). */
export const STOCK_CSV_MAX_CHARS = 2_000_000;

/** GET staff/stock?q=: a code (SKU, EAN, CNK) or part of the name; empty: the variants waiting for stock. */
export const stockQuerySchema = z.object({ q: z.string().trim().max(200).default('') });

/** The stock of one variant: free units, reserved units, backorder units waiting for stock. */
export const stockRowSchema = z.object({
  variant_id: z.number().int(),
  sku: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  stock_state: stockStateSchema,
  qty_available: z.number().int(),
  qty_reserved: z.number().int(),
  qty_backorder: z.number().int(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

export const stockListSchema = z.object({ items: z.array(stockRowSchema) });
export type StockList = z.infer<typeof stockListSchema>;

/** POST staff/stock/{variantId}: `set` the free units to qty (≥ 0), or `adjust` them by qty (signed). */
export const stockChangeSchema = z.object({
  mode: z.enum(['set', 'adjust']),
  qty: z.number().int().min(-STOCK_QTY_MAX).max(STOCK_QTY_MAX),
});
export type StockChange = z.infer<typeof stockChangeSchema>;

/** A picking made for backorder units when stock arrived. */
export const stockPickingSchema = z.object({
  sale_id: z.number().int(),
  picking_id: z.number().int(),
  name: z.string(),
});

/** Answer of a change: the row after it and the pickings of the backorders it served. */
export const stockChangeResultSchema = z.object({
  row: stockRowSchema,
  pickings: z.array(stockPickingSchema),
});
export type StockChangeResult = z.infer<typeof stockChangeResultSchema>;

/** POST staff/stock/import: the CSV text (code; quantity per line). */
export const stockImportSchema = z.object({ csv: z.string().max(STOCK_CSV_MAX_CHARS) });

/** Why a CSV line is refused. */
export const stockImportRefusalSchema = z.enum([
  'missing_code',
  'unknown_code',
  'ambiguous_code',
  'duplicate_code',
  'bad_quantity',
  'empty_file',
]);
export type StockImportRefusal = z.infer<typeof stockImportRefusalSchema>;

/** Report of an import: applied only when no line is refused (a refused file changes nothing). */
export const stockImportReportSchema = z.object({
  applied: z.boolean(),
  accepted: z.array(
    z.object({
      line: z.number().int(),
      code: z.string(),
      variant_id: z.number().int(),
      sku: z.string(),
      qty_before: z.number().int(),
      qty_after: z.number().int(),
    }),
  ),
  refused: z.array(z.object({ line: z.number().int(), code: z.string(), reason: stockImportRefusalSchema })),
  pickings: z.array(stockPickingSchema),
});
export type StockImportReport = z.infer<typeof stockImportReportSchema>;
