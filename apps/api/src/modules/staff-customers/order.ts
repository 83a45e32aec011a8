/**
 * Orders entered by staff on a customer's behalf (docs/decisions/staff-orders-on-behalf.md): an
 * order received by phone, fax or mail is priced and confirmed exactly as the customer's own web
 * order, with the customer's user as the actor (its price list, veterinary groups, order right and
 * the regulated-product rules), through the cart functions (modules/carts/sync.ts `syncCartView`
 * and `confirmCart`), and carries its sale channel.
 *
 * The customer's own open cart (what the customer is filling on the website) is left untouched:
 * in ONE transaction it is set aside (state `staff_hold`, its row locked), the staff lines go to a
 * fresh open cart that is confirmed into the sale, and the customer's cart is opened again. A
 * preview runs the same steps and rolls everything back.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  Cart,
  ConfirmResponse,
  Locale,
  StaffOrder,
  StaffOrderPreview,
  StaffOrderProduct,
} from '@vetshop/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { carts, users } from '../../db/schema.ts';
import { ApiError, notFound } from '../../errors.ts';
import { confirmCart, syncCartView, type CartActor } from '../carts/index.ts';
import {
  codeCandidates,
  codeOf,
  foldedPattern,
  likeEscape,
  productsNamedLike,
  variantNameIn,
  variantTextLike,
  visibleTo,
} from '../catalog/index.ts';
import { substanceFacetKey } from '../catalog-import/index.ts';
import { mailLocale } from '../mail/index.ts';
import { restrictionDetail } from '../restrictions/index.ts';

/** State of the customer's own open cart while staff confirm an order for the customer. */
const HOLD_STATE = 'staff_hold';

/**
 * The customer's user staff act as: `userId` when given (404 unless an active user of the
 * customer), else the first active user allowed to order. Errors: 404 unknown customer or user,
 * 409 `customer_cannot_order` when no active user of the customer may order.
 */
export async function actingUser(db: DbOrTx, customerId: number, userId?: number): Promise<CartActor> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.active, true)))
    .orderBy(asc(users.id));
  const user = userId === undefined ? rows.find((u) => u.canOrder) : rows.find((u) => u.id === userId);
  if (!user) {
    if (userId !== undefined) throw notFound(`No active user ${userId} in customer ${customerId}.`);
    const exists = await db.execute(sql`SELECT 1 FROM customers WHERE id = ${customerId}`);
    if (!exists.rows.length) throw notFound(`No customer ${customerId}.`);
    throw new ApiError(
      409,
      'customer_cannot_order',
      'Conflict',
      `No active user of customer ${customerId} may order.`,
    );
  }
  return {
    customerId,
    userId: user.id,
    viewer: { priceList: user.priceList, vetGroupIds: [...user.vetGroupIds] },
    canOrder: user.canOrder,
    locale: mailLocale(user.locale),
  };
}

/**
 * Variants the customer's user may see that `q` names, at most 20, by name, named in `locale` (the
 * staff user's language) when translated (docs/decisions/staff-orders-on-behalf.md, "Finding a
 * product"):
 * - whose CNK or GTIN is `q` in one of the forms the catalogue search reads (`1234-567`, a GTIN-14
 *   or a scanned GS1 string; search-query.ts `codeOf`, `codeCandidates`);
 * - whose SKU or CNK starts with `q` (case-insensitive);
 * - whose product name (in any language, or the official model name), variant name or active
 *   substance wording contains `q`, accents and case folded; a query of fewer than three letters
 *   (which no trigram index can narrow) matches where a name or the SKU begins with it;
 * - one of whose substances `q` begins, in any source's language and salt ("ivermectine" finds
 *   Ivermectin; docs/decisions/substance-facet.md).
 * Each part reads a trigram or btree index (migration 0045_staff_order_search.sql), never every
 * variant.
 */
export async function searchOrderProducts(
  db: Db,
  customerId: number,
  q: string,
  locale: Locale,
  userId?: number,
): Promise<StaffOrderProduct[]> {
  const actor = await actingUser(db, customerId, userId);
  const prefix = `${likeEscape(q)}%`;
  const pattern = foldedPattern(q);
  const code = codeOf(q);
  const codes = sql.param(code ? codeCandidates(code) : []);
  // A substance whose key begins with the key of what was typed: "dexamétha" → "dexametha%".
  const substance = substanceFacetKey(q);
  const substanceMatch =
    substance.length >= 3
      ? sql`UNION SELECT p.id FROM products p
              WHERE p.active_principles && ARRAY(SELECT st.wording FROM substance_terms st
                                                 WHERE st.key LIKE ${`${likeEscape(substance)}%`})`
      : sql``;
  const rows = await db.execute<{
    variant_id: number;
    sku: string;
    cnk: string | null;
    name: string;
    variant_name: string;
  }>(sql`
    WITH named AS (
      ${productsNamedLike(pattern)}
      UNION SELECT product_id FROM search_documents WHERE locale = 'fr' AND principles_norm LIKE ${pattern}
      ${substanceMatch}
    ), candidates AS (
      SELECT v.id FROM product_variants v WHERE v.product_id IN (SELECT product_id FROM named)
      UNION
      SELECT v.id FROM product_variants v
      WHERE ${variantTextLike(sql`v`, pattern)}
        AND (upper(v.sku) LIKE upper(${prefix}) OR v.cnk_code LIKE ${prefix} OR ${variantTextLike(sql`v`, pattern, true)})
      UNION
      SELECT v.id FROM product_variants v WHERE v.cnk_code = ANY(${codes}::text[]) OR v.barcode = ANY(${codes}::text[])
    )
    SELECT v.id AS variant_id, v.sku, v.cnk_code AS cnk, ${variantNameIn(sql`v`, locale)} AS variant_name,
           coalesce((SELECT t.name FROM product_translations t WHERE t.product_id = p.id
                     ORDER BY (t.locale = ${locale}) DESC, t.locale LIMIT 1), p.model_name) AS name
    FROM product_variants v JOIN products p ON p.id = v.product_id
    -- As an array: the planner then reads the candidates by key instead of joining every variant.
    WHERE v.id = ANY(ARRAY(SELECT id FROM candidates)) AND ${visibleTo(actor.viewer, sql`p`)}
    ORDER BY p.model_name, v.sequence, v.id
    LIMIT 20`);
  return rows.rows.map((r) => ({
    variant_id: Number(r.variant_id),
    sku: r.sku,
    cnk: r.cnk,
    name: r.name,
    variant_name: r.variant_name,
  }));
}

/** Thrown inside the preview transaction to roll it back with the priced cart. */
class PreviewDone extends Error {
  constructor(readonly cart: Cart) {
    super('preview rolled back');
  }
}

/**
 * Runs `finish` on a fresh open cart of the customer holding `lines`, inside one transaction in
 * which the customer's own open cart is set aside and opened again afterwards. Errors: 400
 * `unknown_product` (field `lines.<i>.variant_id`) when a line is unknown or not visible to the
 * acting user; 403 with the regulated-product reason as code (`student_no_medicines`,
 * `prescription_requires_depot`…, same field) when the customer may not order it; the acting
 * user's errors.
 */
async function withStaffCart<T>(
  db: Db,
  customerId: number,
  input: StaffOrderPreview,
  finish: (tx: Db, actor: CartActor, cart: Cart) => Promise<T>,
): Promise<T> {
  return db.transaction(async (outer) => {
    // The cart functions open their own (nested: savepoint) transactions on the handle they get.
    const tx = outer as unknown as Db;
    const actor = await actingUser(outer, customerId, input.user_id);
    const held = await outer
      .update(carts)
      .set({ state: HOLD_STATE })
      .where(and(eq(carts.customerId, customerId), eq(carts.state, 'open')))
      .returning({ id: carts.id });
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const cart = await syncCartView(tx, actor, {
      uuid: null,
      transactions: input.lines.map((l, i) => ({
        uuid: `staff-${stamp}-${i}`,
        product_id: l.variant_id,
        qty: l.qty,
        options: {},
      })),
    });
    // The customer's rules apply (function, numbers, exceptions; docs/decisions/regulated-products.md):
    // a refused line is a 403 whose code is the reason.
    const refused = cart?.refused?.[0];
    if (refused) {
      const i = input.lines.findIndex((l) => l.variant_id === refused.product_id);
      throw new ApiError(403, refused.reason, 'Forbidden', restrictionDetail(refused.reason, actor.locale), [
        { field: `lines.${Math.max(i, 0)}.variant_id`, code: refused.reason },
      ]);
    }
    const present = new Set((cart?.lines ?? []).map((l) => l.product_id));
    const missing = input.lines.findIndex((l) => !present.has(l.variant_id));
    if (!cart || missing >= 0)
      throw new ApiError(400, 'unknown_product', 'Bad request', `Line ${missing + 1}: not orderable.`, [
        { field: `lines.${Math.max(missing, 0)}.variant_id`, code: 'unknown_product' },
      ]);
    const result = await finish(tx, actor, cart);
    if (held.length) await outer.update(carts).set({ state: 'open' }).where(eq(carts.id, held[0]!.id));
    return result;
  });
}

/**
 * The lines priced for the customer's user as its cart would price them (EUR excl. VAT, totals
 * incl. VAT), with the blockers a confirm would meet; nothing is stored. Errors: as withStaffCart.
 */
export async function previewStaffOrder(db: Db, customerId: number, input: StaffOrderPreview): Promise<Cart> {
  try {
    await withStaffCart(db, customerId, input, async (_tx, _actor, cart) => {
      throw new PreviewDone(cart);
    });
  } catch (err) {
    if (err instanceof PreviewDone) return err.cart;
    throw err;
  }
  throw new Error('preview did not roll back');
}

/**
 * Confirms the order for the customer: the sale (state pending, channel `sale_channel`, the
 * acting user, the customer's main invoicing address as invoicing and delivery address, the first
 * carrier, payment on account) with the order-confirmation mail of a web order. Errors: those of
 * confirmCart (403 `cannot_order`, 400 `price_unavailable`, `addresses_invalid`, restricted
 * products…) and of withStaffCart.
 */
export async function placeStaffOrder(
  db: Db,
  customerId: number,
  input: StaffOrder,
): Promise<ConfirmResponse> {
  const result = await withStaffCart(db, customerId, input, (tx, actor, cart) =>
    confirmCart(tx, {
      customerId,
      userId: actor.userId,
      uuid: cart.uuid,
      note: input.note,
      customerRef: input.customer_ref,
      locale: actor.locale,
      saleChannel: input.sale_channel,
    }),
  );
  return {
    sale_id: result.sale_id,
    name: result.name,
    state: result.state,
    amount_total: result.amount_total,
  };
}
