/**
 * Variants found by their codes (docs/decisions/staff-product-codes.md): the one rule by which a
 * code a person typed or a file carries names a variant — its SKU in any case, else its CNK, else
 * its GTIN (EAN) — shared by the order import (carts/csv.ts) and the staff screens that name a
 * product by code (restrictions/staff.ts). A GTIN is the same trade item written in 13 or in 14
 * digits (GS1: GTIN-14 is the GTIN-13 with a leading 0), as a pack's 2D code gives it: both find
 * the variant. A CNK is seven digits, often printed and listed by pharmacies as `1234-567`: that
 * form finds it too. The forms are the search's (`codeCandidates`, docs/decisions/search-ranking.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { codeCandidates } from './search-query.ts';

/** Which code a lookup reads: one column, or `any` (SKU, then CNK, then GTIN). */
export type VariantCodeKind = 'sku' | 'cnk' | 'ean' | 'any';

/** A variant found by one of its codes. */
export type CodedVariant = {
  /** Variant id. */
  id: number;
  /** Product (model) id. */
  product_id: number;
  sku: string;
  cnk_code: string | null;
  barcode: string | null;
};

/**
 * Reads the variants whose SKU (any case), CNK or GTIN is one of `codes` (and, when given, that
 * match the SQL condition `where` on `v` the variant and `p` its product), in one statement, and
 * returns the lookup `(code, kind) → variant | undefined`. Where two variants carry the same code
 * the lower variant id wins, as it always has for the order import.
 */
export async function variantsByCode(
  db: Queryable,
  codes: readonly string[],
  where?: SQL,
): Promise<(code: string, kind?: VariantCodeKind) => CodedVariant | undefined> {
  const unique = [...new Set(codes.filter((c) => c !== '').flatMap(codeCandidates))];
  const found = unique.length
    ? await db.execute<CodedVariant>(sql`
        SELECT v.id, v.product_id, v.sku, v.cnk_code, v.barcode
        FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE (lower(v.sku) = ANY(${sql.param(unique.map((c) => c.toLowerCase()))}::text[])
               OR v.cnk_code = ANY(${sql.param(unique)}::text[]) OR v.barcode = ANY(${sql.param(unique)}::text[]))
          ${where ? sql`AND ${where}` : sql``}
        ORDER BY v.id`)
    : { rows: [] };
  const bySku = new Map<string, CodedVariant>();
  const byCnk = new Map<string, CodedVariant>();
  const byEan = new Map<string, CodedVariant>();
  for (const row of found.rows) {
    const r = { ...row, id: Number(row.id), product_id: Number(row.product_id) };
    if (!bySku.has(r.sku.toLowerCase())) bySku.set(r.sku.toLowerCase(), r);
    if (r.cnk_code && !byCnk.has(r.cnk_code)) byCnk.set(r.cnk_code, r);
    if (r.barcode && !byEan.has(r.barcode)) byEan.set(r.barcode, r);
  }
  const first = (codes: Map<string, CodedVariant>, code: string) =>
    codeCandidates(code)
      .map((c) => codes.get(c))
      .find((found) => found !== undefined);
  const ean = (code: string) => first(byEan, code);
  const cnk = (code: string) => first(byCnk, code);
  return (code, kind = 'any') => {
    const sku = bySku.get(code.toLowerCase());
    if (kind === 'sku') return sku;
    if (kind === 'cnk') return cnk(code);
    if (kind === 'ean') return ean(code);
    return sku ?? cnk(code) ?? ean(code);
  };
}
