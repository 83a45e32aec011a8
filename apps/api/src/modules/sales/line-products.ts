/**
 * The catalogue's view of order lines (docs/decisions/order-history.md): an order line stores the
 * label it had at checkout (`sale_lines.name`: "Product — pack size" for web orders, but only the
 * pack size for imported history), so the order pages name each line from the catalogue of today
 * instead: product name in the reader's locale, variant label (pack size), url key, and whether
 * the reader may order it again (catalogue visibility, modules/catalog/viewer.ts).
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';
import type { Queryable } from '../../db/client.ts';
import { variantNameIn, visibleTo, type Viewer } from '../catalog/index.ts';

/** What the catalogue says of one variant (see the module comment). */
export interface LineProduct {
  productName: string | null;
  variantName: string;
  urlKey: string | null;
  /** Visible to the viewer (without a viewer: sold on the website at all). */
  orderable: boolean;
}

/**
 * Products of the variants `variantIds` (unknown ids are absent from the map): the product's
 * translation in `locale` when there is one, else another locale's (alphabetical: en, fr, nl). One query.
 * `viewer` decides `orderable` (its veterinary groups); null = staff, any customer: only products
 * not sold on the website are unorderable.
 */
export async function lineProducts(
  db: Queryable,
  variantIds: readonly number[],
  locale: Locale,
  viewer: Viewer | null,
): Promise<Map<number, LineProduct>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const visible = viewer ? visibleTo(viewer) : sql`(NOT p.not_sold_on_website)`;
  const rows = await db.execute<{
    id: number;
    variant_name: string;
    name: string | null;
    url_key: string | null;
    visible: boolean;
  }>(sql`
    SELECT v.id, ${variantNameIn(sql`v`, locale)} AS variant_name, pt.name, pt.url_key, ${visible} AS visible
    FROM product_variants v
    JOIN products p ON p.id = v.product_id
    LEFT JOIN LATERAL (SELECT t.name, t.url_key FROM product_translations t WHERE t.product_id = p.id
                       ORDER BY (t.locale = ${locale}) DESC, t.locale LIMIT 1) pt ON TRUE
    WHERE v.id = ANY(${sql.param(ids)}::int[])`);
  return new Map(
    rows.rows.map((r) => [
      Number(r.id),
      {
        productName: r.name,
        variantName: r.variant_name,
        urlKey: r.url_key,
        orderable: Boolean(r.visible),
      },
    ]),
  );
}
