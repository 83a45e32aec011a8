/**
 * Standard orders (the requirements' "wishlists": docs/product/customer-area.md#standard-orders, docs/product/customer-area.md#standard-order-rules, docs/product/customer-area.md
 * Wishlists): named lists of products with quantities that a practice reorders in one action.
 *
 * - A list belongs to the customer (practice); another customer's list is "not found" (404).
 * - A product (variant) is at most once in a list (unique index; 409 `wishlist_duplicate_product`).
 * - Names are unique per customer by exact (case-sensitive) name (409 `wishlist_name_exists`).
 * - Visibility is the catalogue's (modules/catalog/viewer.ts `visibleTo`): a product the caller may
 *   not see is refused on add (400 `wishlist_product_unknown`) and left out of every answer.
 * - Prices come from the cart's pricing (modules/carts/pricing.ts `loadPrices`): the caller's price
 *   list at the line's quantity. Money in integer cents inside, EUR with two decimals on the wire.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  centsToEur,
  type Locale,
  type StockState,
  type Wishlist,
  type WishlistLine,
  type WishlistList,
  type WishlistUpdate,
} from '@vetshop/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { wishlistLines, wishlists } from '../../db/customer-area-schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';
import { variantNameIn, visibleTo, type Viewer } from '../catalog/index.ts';
import { loadPrices } from '../carts/index.ts';
import { picturesOfVariants } from '../images/index.ts';

/** Who acts on standard orders: the customer (owner), the user, the catalogue viewer and the language. */
export interface WishlistActor {
  customerId: number;
  userId: number;
  viewer: Viewer;
  locale: Locale;
}

type WishlistRow = typeof wishlists.$inferSelect;

/** 409 `wishlist_name_exists` (docs/product/customer-area.md: a name is checked for existence by exact name). */
function nameExists(name: string): ApiError {
  return new ApiError(
    409,
    'wishlist_name_exists',
    'Conflict',
    `A standard order named "${name}" already exists.`,
    [{ field: 'name', code: 'wishlist_name_exists' }],
  );
}

/** 409 `wishlist_duplicate_product`: docs/product/customer-area.md 'This product already exists in this wishlist'. */
function duplicateProduct(): ApiError {
  return new ApiError(
    409,
    'wishlist_duplicate_product',
    'Conflict',
    'This product already exists in this wishlist',
    [{ field: 'product_id', code: 'wishlist_duplicate_product' }],
  );
}

/** True when `error` (or one of its causes) is a PostgreSQL unique violation (SQLSTATE 23505). */
function isUniqueViolation(error: unknown): boolean {
  let cur: unknown = error;
  for (let depth = 0; cur && typeof cur === 'object' && depth < 6; depth++) {
    if ((cur as { code?: unknown }).code === '23505') return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/** The customer's list `id`, locked FOR UPDATE when `lock` (inside a transaction); null when not theirs. */
async function ownList(
  conn: DbOrTx,
  customerId: number,
  id: number,
  lock = false,
): Promise<WishlistRow | null> {
  const query = conn
    .select()
    .from(wishlists)
    .where(and(eq(wishlists.id, id), eq(wishlists.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

type LineRow = {
  id: number;
  variant_id: number;
  qty: number;
  sku: string;
  variant_name: string;
  variant_count: number;
  name: string | null;
  url_key: string | null;
  stock_state: StockState;
  made_to_order: boolean;
};

/**
 * The list `row` as the api answers it: its visible lines (in the order they were added) with
 * names in `actor.locale`, stock state and prices for the actor's price list at each quantity.
 */
async function view(conn: DbOrTx, row: WishlistRow, actor: WishlistActor): Promise<Wishlist> {
  const lines = await conn.execute<LineRow>(sql`
    SELECT l.id, l.variant_id, l.qty, v.sku, ${variantNameIn(sql`v`, actor.locale)} AS variant_name,
           v.stock_state, v.made_to_order,
           (SELECT count(*)::int FROM product_variants o WHERE o.product_id = v.product_id) AS variant_count,
           pt.name, pt.url_key
    FROM wishlist_lines l
    JOIN product_variants v ON v.id = l.variant_id
    JOIN products p ON p.id = v.product_id
    LEFT JOIN LATERAL (SELECT t.name, t.url_key FROM product_translations t WHERE t.product_id = p.id
                       ORDER BY (t.locale = ${actor.locale}) DESC, t.locale LIMIT 1) pt ON TRUE
    WHERE l.wishlist_id = ${row.id} AND ${visibleTo(actor.viewer)}
    ORDER BY l.sequence, l.id`);
  const priceOf = await loadPrices(
    conn,
    lines.rows.map((l) => Number(l.variant_id)),
    actor.viewer.priceList,
  );
  const pictures = await picturesOfVariants(
    conn,
    lines.rows.map((l) => Number(l.variant_id)),
    actor.locale,
  );
  let totalCents = 0;
  const out: WishlistLine[] = lines.rows.map((l) => {
    const qty = Number(l.qty);
    const price = priceOf(Number(l.variant_id), qty);
    const amountCents = price.netCents === null ? null : price.netCents * qty;
    totalCents += amountCents ?? 0;
    const base = l.name ?? l.variant_name;
    return {
      id: Number(l.id),
      product_id: Number(l.variant_id),
      sku: l.sku,
      name: l.name && Number(l.variant_count) > 1 ? `${base} — ${l.variant_name}` : base,
      url_key: l.url_key,
      picture: pictures.get(Number(l.variant_id)) ?? null,
      quantity: qty,
      stock_state: l.stock_state,
      made_to_order: Boolean(l.made_to_order),
      price_unit: price.grossCents === null ? null : centsToEur(price.grossCents),
      price_unit_discounted: price.netCents === null ? null : centsToEur(price.netCents),
      amount: amountCents === null ? null : centsToEur(amountCents),
    };
  });
  return {
    id: row.id,
    name: row.name,
    lines: out,
    lines_count: out.length,
    amount: centsToEur(totalCents),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * GET wishlists: the customer's lists sorted by name (then id), `pageSize` per page; each with the
 * number of lines the viewer may see. `count` is the number of all the customer's lists.
 */
export async function listWishlists(
  db: Db,
  actor: WishlistActor,
  paging: { page: number; pageSize: number },
): Promise<WishlistList> {
  const [counted, rows] = await Promise.all([
    db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wishlists WHERE customer_id = ${actor.customerId}`,
    ),
    db.execute<{ id: number; name: string; lines_count: number; created_at: string; updated_at: string }>(sql`
      SELECT w.id, w.name, w.created_at, w.updated_at,
             (SELECT count(*)::int FROM wishlist_lines l
                JOIN product_variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
               WHERE l.wishlist_id = w.id AND ${visibleTo(actor.viewer)}) AS lines_count
      FROM wishlists w
      WHERE w.customer_id = ${actor.customerId}
      ORDER BY w.name, w.id
      LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`),
  ]);
  return {
    count: Number(counted.rows[0]?.n ?? 0),
    items: rows.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      lines_count: Number(r.lines_count),
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
    })),
  };
}

/** GET wishlists/{id}: the customer's list with its visible lines, or null (404) when not theirs. */
export async function getWishlist(db: Db, actor: WishlistActor, id: number): Promise<Wishlist | null> {
  const row = await ownList(db, actor.customerId, id);
  return row ? view(db, row, actor) : null;
}

/** POST wishlists: creates an empty list `name` (already trimmed); 409 `wishlist_name_exists`. */
export async function createWishlist(db: Db, actor: WishlistActor, name: string): Promise<Wishlist> {
  const [row] = await db
    .insert(wishlists)
    .values({ customerId: actor.customerId, userId: actor.userId, name })
    .onConflictDoNothing({ target: [wishlists.customerId, wishlists.name] })
    .returning();
  if (!row) throw nameExists(name);
  return view(db, row, actor);
}

/**
 * POST wishlists/{id}/add_item: adds `qty` units of variant `productId` at the end of the list.
 * 404 when the list is not the customer's, 400 `wishlist_product_unknown` when the variant does not
 * exist or the viewer may not see it, 409 `wishlist_duplicate_product` when it is already listed.
 */
export async function addWishlistItem(
  db: Db,
  actor: WishlistActor,
  id: number,
  productId: number,
  qty: number,
): Promise<Wishlist> {
  return db.transaction(async (tx) => {
    const row = await ownList(tx, actor.customerId, id, true);
    if (!row) throw notFound(`Standard order ${id} not found.`);
    const visible = await tx.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE v.id = ${productId} AND ${visibleTo(actor.viewer)}`);
    if (visible.rows.length === 0)
      throw fieldError('product_id', 'wishlist_product_unknown', `Product ${productId} is not available.`);
    const inserted = await tx
      .insert(wishlistLines)
      .values({
        wishlistId: row.id,
        variantId: productId,
        qty,
        sequence: sql`(SELECT coalesce(max(sequence), 0) + 1 FROM wishlist_lines WHERE wishlist_id = ${row.id})`,
      })
      .onConflictDoNothing({ target: [wishlistLines.wishlistId, wishlistLines.variantId] })
      .returning({ id: wishlistLines.id });
    if (inserted.length === 0) throw duplicateProduct();
    const [touched] = await tx
      .update(wishlists)
      .set({ updatedAt: new Date() })
      .where(eq(wishlists.id, row.id))
      .returning();
    return view(tx, touched!, actor);
  });
}

/**
 * POST wishlists/{id}/update: renames and/or sets line quantities (0 removes the line), in one
 * transaction. 404 when the list is not the customer's, 400 `wishlist_line_unknown` for a line id
 * that is not in the list, 409 `wishlist_name_exists` when another list has exactly the new name.
 */
export async function updateWishlist(
  db: Db,
  actor: WishlistActor,
  id: number,
  input: WishlistUpdate,
): Promise<Wishlist> {
  try {
    return await db.transaction(async (tx) => {
      const row = await ownList(tx, actor.customerId, id, true);
      if (!row) throw notFound(`Standard order ${id} not found.`);
      if (input.name !== undefined && input.name !== row.name) {
        const taken = await tx
          .select({ id: wishlists.id })
          .from(wishlists)
          .where(and(eq(wishlists.customerId, actor.customerId), eq(wishlists.name, input.name)));
        if (taken.length > 0) throw nameExists(input.name);
      }
      const changes = input.lines ?? [];
      if (changes.length > 0) {
        const current = await tx
          .select({ id: wishlistLines.id })
          .from(wishlistLines)
          .where(eq(wishlistLines.wishlistId, row.id))
          .orderBy(asc(wishlistLines.id));
        const known = new Set(current.map((l) => l.id));
        const unknown = changes.findIndex((c) => !known.has(c.id));
        if (unknown >= 0)
          throw fieldError(
            `lines.${unknown}.id`,
            'wishlist_line_unknown',
            `Line ${changes[unknown]!.id} is not in this standard order.`,
          );
        for (const change of changes) {
          if (change.quantity === 0) await tx.delete(wishlistLines).where(eq(wishlistLines.id, change.id));
          else
            await tx
              .update(wishlistLines)
              .set({ qty: change.quantity })
              .where(eq(wishlistLines.id, change.id));
        }
      }
      const [updated] = await tx
        .update(wishlists)
        .set({ updatedAt: new Date(), ...(input.name !== undefined ? { name: input.name } : {}) })
        .where(eq(wishlists.id, row.id))
        .returning();
      return view(tx, updated!, actor);
    });
  } catch (error) {
    // Two renames to the same name at once: the unique index decides, the loser gets the 409.
    if (input.name !== undefined && isUniqueViolation(error)) throw nameExists(input.name);
    throw error;
  }
}

/** DELETE wishlists/{id}: deletes the customer's list and its lines; false when it is not theirs. */
export async function deleteWishlist(db: Db, customerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(wishlists)
    .where(and(eq(wishlists.id, id), eq(wishlists.customerId, customerId)))
    .returning({ id: wishlists.id });
  return deleted.length > 0;
}
