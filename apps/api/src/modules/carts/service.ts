/**
 * Cart use cases (docs/product/cart-and-checkout.md#cart, docs/product/cart-and-checkout.md#delivery-and-carriers, docs/product/cart-and-checkout.md#pickup-point, docs/product/orders-and-documents.md#order, docs/product/cart-and-checkout.md#line-availability cart synchronisation and
 * availability, docs/product/cart-and-checkout.md#cart-operations, address validity and made-to-order consent, docs/product/cart-and-checkout.md#cart-calls Cart
 * and Carriers, docs/product/constants.md#delivery-and-fees fees and rounding).
 *
 * Exactly once (docs/decisions/cart-exactly-once.md): a sync runs
 * in one database transaction that locks the customer's open cart row (UPDATE … RETURNING, the
 * same row lock as SELECT … FOR UPDATE),
 * inserts the incoming transaction uuids into cart_transactions with ON CONFLICT DO NOTHING
 * RETURNING, and applies only the returned ones, through the domain's `foldTransactions`. A replay,
 * a second tab or a second api process on the same PostgreSQL database then changes nothing.
 *
 * Money: integer cents EUR excl. VAT inside, EUR with two decimals on the wire.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  bpToPercent,
  cartAddressesValid,
  cartTotals,
  centsToEur,
  CART_CONSTANTS,
  canonicalOptions,
  CART_LINE_QTY_MAX,
  documentTotals,
  expectedDeliveryDate,
  foldTransactions,
  foldAccents,
  handlingFeeCents,
  ORDER_TOTAL_MAX_CENTS,
  type Cart,
  type CartLine,
  type CartTransaction,
  type RefusedTransaction,
  type CartUpdate,
  type Carrier,
  type ConfirmBlocker,
  type ConfirmResponse,
  type Locale,
  type Pickup,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { addresses, carriers, carts, pickupSites, saleLines, users } from '../../db/schema.ts';
import { ApiError, notFound } from '../../errors.ts';
import { toAddress, type AddressRow } from '../addresses/index.ts';
import { visibleTo, type Viewer } from '../catalog/index.ts';
import { businessToday, parseJsonValue, priceInputsJson, pricesFrom, type PriceInputs } from './pricing.ts';
import { runPrepared } from './prepared.ts';
import { carrierText, HANDLING_FEE_NAME } from './carrier-text.ts';
import { toWireTotals } from './totals-wire.ts';
import { enqueueMail } from '../mail/index.ts';
import { picturesOfVariants } from '../images/index.ts';
import { reserveSaleStock } from '../stock/index.ts';
import {
  couponLineOf,
  freeLinesOf,
  cartTermsFrom,
  cartTermsJson,
  rewardTotalsLines,
  saleLinesOf,
  withFreeLines,
  type FreeLine,
} from './free-lines.ts';
import {
  cartReward,
  couponRefused,
  lockCoupon,
  recordRedemption,
  rewardOf,
  setCartCoupon,
  type CartCoupon,
} from '../coupons/index.ts';
import type { CouponReward } from '@vetshop/domain';
import {
  customerFactsSql,
  productFactsSql,
  reasonOfFacts,
  restrictedProblem,
  restrictionsOfVariants,
} from '../restrictions/index.ts';

/** An open Drizzle transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction. */
export type Conn = Db | Tx;

type CartRow = typeof carts.$inferSelect;

/** Who acts on the cart: the signed-in customer user. */
export interface CartActor {
  customerId: number;
  userId: number;
  /** Price list code and veterinary groups of the user (catalogue viewer). */
  viewer: Viewer;
  /** users.can_order: false keeps the cart but refuses the confirm (403 `cannot_order`). */
  canOrder: boolean;
  locale: Locale;
}

/** Order states whose goods are not yet (fully) delivered: they count towards the free threshold. */
export const UNDELIVERED_STATES = ['pending', 'processing', 'delivery_partial'] as const;

/** Availability of a variant without a stock_levels row, from its stock state (docs/product/cart-and-checkout.md#line-availability). */
export function availableFromState(stockState: string): number {
  if (stockState === 'in_stock') return 1000;
  if (stockState === 'in_limited_stock') return 5;
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Finding and creating the open cart

/** The customer's open cart, locked FOR UPDATE when `lock` (inside a transaction). */
async function openCart(conn: Conn, customerId: number, lock: boolean): Promise<CartRow | null> {
  const query = conn
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, customerId), eq(carts.state, 'open')));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The customer's open cart, created when absent (its invoicing and delivery addresses default to
 * the customer's main invoicing address), locked until the end of the transaction: an UPDATE of
 * its change date and user takes the same row lock as SELECT … FOR UPDATE, in one round trip.
 * Two concurrent creations meet on the unique index "one open cart per customer": the loser does
 * nothing and then locks the winner's row.
 */
async function openCartForUpdate(tx: Tx, actor: CartActor): Promise<CartRow> {
  // A named statement: parsed and planned once per connection (prepared.ts).
  const touch = () =>
    tx
      .update(carts)
      .set({ updatedAt: sql`now()`, userId: sql`${sql.placeholder('userId')}` })
      .where(and(eq(carts.customerId, sql.placeholder('customerId')), eq(carts.state, 'open')))
      .returning()
      .prepare('vetshop_cart_lock')
      .execute({ userId: actor.userId, customerId: actor.customerId });
  const [found] = await touch();
  if (found) return found;
  const [main] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        eq(addresses.customerId, actor.customerId),
        eq(addresses.type, 'invoicing'),
        sql`${addresses.deletedAt} IS NULL`,
      ),
    )
    .orderBy(sql`${addresses.isMain} DESC`, addresses.id)
    .limit(1);
  // A carrier is preselected: the first active one by sequence (docs/decisions/delivery-charges.md).
  await tx.execute(sql`
    INSERT INTO carts (uuid, customer_id, user_id, invoicing_address_id, delivery_address_id, carrier_id)
    VALUES (${randomUUID()}, ${actor.customerId}, ${actor.userId}, ${main?.id ?? null}, ${main?.id ?? null},
            (SELECT id FROM carriers WHERE active ORDER BY sequence, id LIMIT 1))
    ON CONFLICT (customer_id) WHERE state = 'open' DO NOTHING`);
  const [created] = await touch();
  if (!created) throw new Error('open cart vanished');
  return created;
}

// ---------------------------------------------------------------------------------------------
// Sync (docs/product/cart-and-checkout.md#sync POST carts/sync)

/** Sync input: the client's stored cart uuid (informative) and its pending transactions. */
export interface SyncInput {
  uuid: string | null;
  transactions: readonly CartTransaction[];
}

/**
 * Applies `transactions` exactly once to the customer's open cart (created when absent and
 * something is sent) and returns its id, or null when the customer has no cart and nothing was
 * sent (the route answers 204). `uuid` is the client's stored cart uuid: it is informative only —
 * when it is not the open cart's uuid the transactions still go to the open cart, whose own uuid
 * the answer carries (the client then drops its pending transactions, docs/product/cart-and-checkout.md#sync).
 *
 * Transactions naming unknown or invisible products are recorded as applied (a replay stays a
 * no-op) but change no line. Duplicated uuids inside one request count once.
 */
export async function syncCart(db: Db, actor: CartActor, input: SyncInput): Promise<number | null> {
  return db.transaction(async (tx) => (await applySync(tx, actor, input))?.row.id ?? null);
}

/**
 * The light answer of a sync (POST carts/sync?answer=summary): what the client needs to settle its
 * pending transactions (docs/product/cart-and-checkout.md#sync: the cart uuid, which it replaces when it changed) without the
 * priced cart. `lines_count` is the sum of the quantities of the product lines after the sync;
 * `applied` counts the transactions this request recorded (replays and duplicates excluded).
 */
export interface SyncSummary {
  id: number;
  uuid: string;
  lines_count: number;
  applied: number;
  /** Transactions refused for a regulated product (docs/decisions/regulated-products.md). */
  refused?: RefusedTransaction[];
}

/**
 * `syncCart` answering the light summary, no cart view (docs/decisions/cart-sync-performance.md):
 * one statement in the usual case (`syncInOneStatement`), else the reference path (`applySync`
 * in a transaction). Null when there is no cart and nothing was sent (204). With no transactions
 * the open cart is read (uuid and line count) without a lock.
 */
export async function syncCartSummary(
  db: Db,
  actor: CartActor,
  input: SyncInput,
  options: SyncOptions = {},
): Promise<SyncSummary | null> {
  if (input.transactions.length === 0) {
    const r = await db.execute<{ id: number; uuid: string; n: number }>(sql`
      SELECT c.id, c.uuid, (SELECT coalesce(sum(qty), 0)::int FROM cart_lines WHERE cart_id = c.id) AS n
      FROM carts c WHERE c.customer_id = ${actor.customerId} AND c.state = 'open'`);
    const row = r.rows[0];
    return row ? { id: Number(row.id), uuid: row.uuid, lines_count: Number(row.n), applied: 0 } : null;
  }
  if (options.path !== 'reference') {
    const fast = await syncInOneStatement(db, actor, input);
    if (fast) return { id: fast.id, uuid: fast.uuid, lines_count: fast.linesCount, applied: fast.applied };
  }
  return db.transaction(async (tx) => {
    const done = await applySync(tx, actor, input);
    if (!done) return null;
    return {
      id: done.row.id,
      uuid: done.row.uuid,
      lines_count: done.linesCount,
      applied: done.applied,
      ...(done.refused?.length ? { refused: done.refused } : {}),
    };
  });
}

/**
 * POST carts/sync: the sync (one statement in the usual case, `syncInOneStatement`) and then the
 * priced cart view (`computeCart`); on the reference path both run in one database transaction.
 * The cart as the sync left it, or null (204) when the customer has no cart and nothing was sent. Same errors as `syncCart` (503 when the database is gone,
 * nothing half-applied).
 */
export async function syncCartView(
  db: Db,
  actor: CartActor,
  input: SyncInput,
  options: SyncOptions = {},
): Promise<Cart | null> {
  if (options.path !== 'reference') {
    const fast = await syncInOneStatement(db, actor, input);
    if (fast) return (await computeCart(db, fast.id, actor, new Map())).cart;
  }
  return db.transaction(async (tx) => {
    const done = await applySync(tx, actor, input);
    if (!done) return null;
    const { cart } = await computeCart(tx, done.row.id, actor, new Map(), done.row);
    return done.refused?.length ? { ...cart, refused: done.refused } : cart;
  });
}

/**
 * Syncs with transactions answered by the one statement or by the reference path in this process
 * (tests and the benchmark read it; counts only).
 */
export const syncPaths = { oneStatement: 0, reference: 0 };

/** How a sync runs: `fast` (default) tries `syncInOneStatement` first; `reference` is `applySync` only (tests). */
export interface SyncOptions {
  path?: 'fast' | 'reference';
}

/** What the one-statement sync answers: the open cart, its quantity after the sync, the recorded count. */
interface OneStatementSync {
  id: number;
  uuid: string;
  linesCount: number;
  applied: number;
}

/**
 * The whole sync of `input.transactions` (non-empty) as ONE SQL statement in autocommit
 * (docs/decisions/cart-sync-performance.md): lock of the open cart row, the uuids recorded in
 * cart_transactions and the folded lines written, together. Returns null — nothing recorded, no
 * line changed — when the sync must take the reference path (`applySync` in a transaction):
 *
 * - no open cart (it is created there), or the cart row changed between the statement's snapshot
 *   and its lock. A statement reads with the snapshot taken when it starts, before it waits for the
 *   row lock; every writer of a cart's lines and transactions (the sync) updates the cart row
 *   under that lock, so "the locked row is the version the snapshot sees" (same `xmin`) proves the
 *   snapshot holds every earlier sync of the customer. Otherwise the UPDATE matches no row and the
 *   reference path, whose reads follow its lock, does the work;
 * - `input.uuid` names a closed cart of the customer (nothing applies, cart-exactly-once.md);
 * - a line would end above CART_LINE_QTY_MAX (the reference path answers 400 `line_qty_max`);
 * - an addition may be refused for a regulated product (`refusedSql`; the reference path records
 *   the reason, docs/decisions/regulated-products.md).
 *
 * The fold is `foldTransactions` in SQL: per line key (variant, canonical options) and start
 * quantity s, after transactions t1…tn (request order) with prefix sums S_k, the line holds
 * S_n + max(s, −min S_k) (a running sum floored at 0: the line removed at 0 restarts from 0);
 * a new line is created by the transaction after the last prefix minimum, and new lines are
 * inserted in that order, as the reference path's upsert does. Exactly once: replays and
 * duplicates are excluded by the snapshot read of cart_transactions (exact, see above), and the
 * statement fails (division by zero, rolled back whole; the caller then takes the reference path)
 * should its INSERT … ON CONFLICT DO NOTHING ever record fewer uuids than it applied.
 */
async function syncInOneStatement(
  db: Db,
  actor: CartActor,
  input: SyncInput,
): Promise<OneStatementSync | null> {
  if (input.transactions.length === 0) return null;
  const unique = new Map<string, CartTransaction>();
  for (const t of input.transactions) if (!unique.has(t.uuid)) unique.set(t.uuid, t);
  const list = [...unique.values()];
  const customer = actor.customerId;
  const variantIds = sql`${sql.param([...new Set(list.map((t) => t.product_id))])}::int[]`;
  let result: { rows: { id: number; uuid: string; ok: number; lines_count: number; applied: number }[] };
  try {
    result = await runPrepared(
      db,
      sql`
      WITH lock AS (
        UPDATE carts c SET updated_at = now(), user_id = ${actor.userId}
        WHERE c.customer_id = ${customer} AND c.state = 'open'
          AND c.xmin = (SELECT k.xmin FROM carts k WHERE k.customer_id = ${customer} AND k.state = 'open')
        RETURNING c.id, c.uuid, c.delivery_address_id),
      who AS (
        SELECT c.function AS fn, coalesce(c.depot_number ~ '[[:alnum:]]', false) AS depot,
               coalesce(c.apb_number ~ '[[:alnum:]]', false) AS apb,
               CASE WHEN (SELECT delivery_address_id FROM lock) IS NOT NULL
                    THEN (SELECT a.country_code FROM addresses a WHERE a.id = (SELECT delivery_address_id FROM lock))
                    ELSE (SELECT a.country_code FROM addresses a WHERE a.customer_id = c.id AND a.deleted_at IS NULL
                          ORDER BY (a.type = 'invoicing') DESC, a.is_main DESC, a.id LIMIT 1) END AS country
        FROM customers c WHERE c.id = ${customer}),
      t AS (
        SELECT * FROM unnest(${sql.param(list.map((t) => t.uuid))}::text[], ${sql.param(list.map((t) => t.product_id))}::int[],
                             ${sql.param(list.map((t) => t.qty))}::int[], ${sql.param(list.map((t) => canonicalOptions(t.options)))}::text[])
          WITH ORDINALITY AS t(uuid, variant_id, qty, options_key, n)),
      fresh AS (
        SELECT t.* FROM t
        WHERE NOT EXISTS (SELECT 1 FROM cart_transactions x WHERE x.customer_id = ${customer} AND x.uuid = t.uuid)),
      vis AS (
        SELECT v.id, ${refusedSql(customer)} AS refused
        FROM product_variants v JOIN products p ON p.id = v.product_id CROSS JOIN who w
        WHERE v.id = ANY(${variantIds}) AND ${visibleTo(actor.viewer)}),
      run AS (
        SELECT f.variant_id, f.options_key, f.n, f.qty,
               sum(f.qty) OVER (PARTITION BY f.variant_id, f.options_key ORDER BY f.n) AS s
        FROM fresh f JOIN vis ON vis.id = f.variant_id),
      low AS (
        SELECT r.*, min(r.s) OVER k AS low, sum(r.qty) OVER k AS total
        FROM run r WINDOW k AS (PARTITION BY r.variant_id, r.options_key)),
      fold AS (
        SELECT variant_id, options_key, max(total) AS total, max(low) AS low,
               max(n) FILTER (WHERE s - qty = least(low, 0)) AS born
        FROM low GROUP BY variant_id, options_key),
      res AS (
        SELECT f.variant_id, f.options_key, f.born, l.id AS line_id, coalesce(l.qty, 0) AS before,
               f.total + greatest(coalesce(l.qty, 0), -f.low) AS after
        FROM fold f LEFT JOIN cart_lines l
          ON l.cart_id = (SELECT id FROM lock) AND l.variant_id = f.variant_id AND l.options_key = f.options_key),
      ok AS (
        SELECT k.id FROM lock k
        WHERE (${input.uuid}::text IS NULL OR ${input.uuid}::text = k.uuid
               OR NOT EXISTS (SELECT 1 FROM carts z WHERE z.uuid = ${input.uuid}::text
                              AND z.customer_id = ${customer} AND z.state <> 'open'))
          AND NOT EXISTS (SELECT 1 FROM res WHERE res.after > ${CART_LINE_QTY_MAX})
          AND NOT EXISTS (SELECT 1 FROM fresh f JOIN vis ON vis.id = f.variant_id WHERE f.qty > 0 AND vis.refused)),
      ins AS (
        INSERT INTO cart_transactions (customer_id, cart_id, uuid, variant_id, qty)
        SELECT ${customer}, ok.id, f.uuid, f.variant_id, f.qty FROM fresh f CROSS JOIN ok ORDER BY f.n
        ON CONFLICT DO NOTHING RETURNING uuid),
      up AS (
        INSERT INTO cart_lines (cart_id, variant_id, options_key, qty)
        SELECT ok.id, r.variant_id, r.options_key, r.after FROM res r CROSS JOIN ok
        WHERE r.after > 0 AND (r.line_id IS NULL OR r.after <> r.before)
        ORDER BY r.born
        ON CONFLICT (cart_id, variant_id, options_key) DO UPDATE SET qty = EXCLUDED.qty
        RETURNING id),
      del AS (
        DELETE FROM cart_lines d USING res r, ok WHERE d.id = r.line_id AND r.after <= 0 RETURNING d.id)
      SELECT k.id, k.uuid, o.n AS ok,
             ((SELECT coalesce(sum(qty), 0) FROM cart_lines WHERE cart_id = k.id)
              + (SELECT coalesce(sum(after - before), 0) FROM res))::int AS lines_count,
             CASE WHEN o.n = 0 THEN 0
                  WHEN (SELECT count(*) FROM ins) = (SELECT count(*) FROM fresh) THEN (SELECT count(*) FROM ins)::int
                  ELSE 1 / (SELECT 0) END AS applied
      FROM lock k CROSS JOIN (SELECT count(*)::int AS n FROM ok) o`,
    );
  } catch (err) {
    // 22012: the statement found a recorded uuid it had not seen (see above) — rolled back whole.
    const cause = (err as { cause?: { code?: string } }).cause;
    if ((err as { code?: string }).code === '22012' || cause?.code === '22012') {
      syncPaths.reference += 1;
      return null;
    }
    throw err;
  }
  const row = result.rows[0];
  if (!row || Number(row.ok) === 0) {
    syncPaths.reference += 1;
    return null;
  }
  syncPaths.oneStatement += 1;
  return {
    id: Number(row.id),
    uuid: row.uuid,
    linesCount: Number(row.lines_count),
    applied: Number(row.applied),
  };
}

/**
 * SQL boolean: the customer (`w`, the `who` row of `syncInOneStatement`) may be refused product
 * `p` — the domain's `restrictionReason` is not null — or the facts are too unusual to tell (a
 * NULL anywhere counts as refused). It only decides which path runs: true sends the sync to the
 * reference path, which computes the reason in JS; so every doubt errs towards true (a depot or
 * APB number counts only with a letter or digit; a flag is set unless false, null, 0 or "").
 */
function refusedSql(customerId: number): SQL {
  const flag = (name: string) =>
    sql`coalesce(p.flags -> ${name} NOT IN ('false'::jsonb, 'null'::jsonb, '0'::jsonb, '""'::jsonb), false)`;
  const medicine = sql`(${flag('meds')} OR ${flag('pharmaceutical')} OR ${flag('prescription')} OR ${flag('veterinary_only')} OR ${flag('narcotic_vet')} OR ${flag('psychotropic')})`;
  const vetWithDepot = sql`(w.fn = 'veterinary' AND w.depot)`;
  const exception = sql`EXISTS (SELECT 1 FROM restriction_exceptions e WHERE e.customer_id = ${customerId} AND e.product_id = p.id)`;
  return sql`coalesce(
    (${flag('belgium_only')} AND w.country IS NOT NULL AND upper(w.country) <> 'BE')
    OR (NOT ${exception} AND (
      (cardinality(p.allowed_partner_types) > 0 AND NOT coalesce(w.fn = ANY(p.allowed_partner_types), false))
      OR (${medicine} AND (
        w.fn = 'student'
        OR (${flag('narcotic_vet')} AND NOT ${vetWithDepot})
        OR (${flag('psychotropic')} AND NOT ${vetWithDepot})
        OR (${flag('veterinary_only')} AND w.fn NOT IN ('veterinary', 'wholesaler'))
        OR ((${flag('prescription')} OR ${flag('veterinary_only')})
            AND NOT ((w.fn = 'veterinary' AND w.depot) OR (w.fn = 'pharmacist' AND w.apb) OR w.fn = 'wholesaler'))))))
    , true)`;
}

/**
 * The sync inside an open transaction, in three statements (docs/decisions/cart-sync-performance.md):
 * 1. lock (or create) the open cart row;
 * 2. record the uuids (ON CONFLICT DO NOTHING RETURNING) and, in the same statement, read which
 *    variants the viewer may buy and the cart's lines of the variants concerned — read after the
 *    lock, so every earlier sync of the customer is visible;
 * 3. write the folded lines in one statement (upsert of the changed lines, delete of the emptied).
 * Returns the cart row, the line count after the sync (only when transactions were sent; -1
 * otherwise) and how many transactions were newly recorded; null when there is no open cart and
 * nothing was sent.
 */
async function applySync(
  tx: Tx,
  actor: CartActor,
  input: SyncInput,
): Promise<{ row: CartRow; linesCount: number; applied: number; refused?: RefusedTransaction[] } | null> {
  if (input.transactions.length === 0) {
    const row = await openCart(tx, actor.customerId, false);
    return row ? { row, linesCount: -1, applied: 0 } : null;
  }
  const cart = await openCartForUpdate(tx, actor);
  // A sync naming one of the customer's carts that is no longer open (confirmed since) applies
  // nothing: its transactions were made against that cart; the answer carries the open cart, whose
  // new uuid makes the client drop them (docs/decisions/cart-exactly-once.md).
  if (input.uuid !== null && input.uuid !== cart.uuid) {
    const stale = await tx.execute<{ n: number }>(sql`
      SELECT (SELECT coalesce(sum(qty), 0)::int FROM cart_lines WHERE cart_id = ${cart.id}) AS n
      WHERE EXISTS (SELECT 1 FROM carts WHERE uuid = ${input.uuid} AND customer_id = ${actor.customerId}
                    AND state <> 'open')`);
    const closed = stale.rows[0];
    if (closed) return { row: cart, linesCount: Number(closed.n), applied: 0 };
  }
  const unique = new Map<string, CartTransaction>();
  for (const t of input.transactions) if (!unique.has(t.uuid)) unique.set(t.uuid, t);
  const list = [...unique.values()];
  const variantIds = sql`${sql.param([...new Set(list.map((t) => t.product_id))])}::int[]`;
  const read = await runPrepared<{
    kind: string;
    key: string;
    variant_id: number | null;
    qty: number | null;
    id: number | null;
  }>(
    tx,
    sql`
    WITH ins AS (
      INSERT INTO cart_transactions (customer_id, cart_id, uuid, variant_id, qty)
      SELECT ${actor.customerId}, ${cart.id}, t.uuid, t.variant_id, t.qty
      FROM unnest(${sql.param(list.map((t) => t.uuid))}::text[], ${sql.param(list.map((t) => t.product_id))}::int[],
                  ${sql.param(list.map((t) => t.qty))}::int[]) AS t(uuid, variant_id, qty)
      ON CONFLICT DO NOTHING RETURNING uuid)
    SELECT 'tx' AS kind, uuid AS key, NULL::int AS variant_id, NULL::int AS qty, NULL::int AS id FROM ins
    UNION ALL
    SELECT 'visible', ${productFactsSql(actor.customerId)}, v.id, NULL, NULL
    FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE v.id = ANY(${variantIds}) AND ${visibleTo(actor.viewer)}
    UNION ALL
    SELECT 'who', ${customerFactsSql(actor.customerId, cart.deliveryAddressId)}, NULL, NULL, NULL
    UNION ALL
    SELECT 'line', l.options_key, l.variant_id, l.qty, l.id FROM cart_lines l
    WHERE l.cart_id = ${cart.id} AND l.variant_id = ANY(${variantIds})
    UNION ALL
    SELECT 'count', '', NULL, coalesce(sum(l.qty), 0)::int, NULL FROM cart_lines l WHERE l.cart_id = ${cart.id}`,
  );
  const fresh = new Set<string>();
  const visible = new Set<number>();
  const facts = new Map<number, string>();
  let who: string | null = null;
  const current: ExistingLine[] = [];
  let countBefore = 0;
  for (const r of read.rows) {
    if (r.kind === 'tx') fresh.add(r.key);
    else if (r.kind === 'count') countBefore = Number(r.qty);
    else if (r.kind === 'who') who = r.key;
    else if (r.kind === 'visible') {
      visible.add(Number(r.variant_id));
      facts.set(Number(r.variant_id), r.key);
    } else
      current.push({
        id: Number(r.id),
        variantId: Number(r.variant_id),
        optionsKey: r.key,
        qty: Number(r.qty),
      });
  }
  // Regulated products (docs/decisions/regulated-products.md): an addition the customer may not
  // order is recorded with its reason and changes no line; a removal is always applied.
  const refused: RefusedTransaction[] = [];
  for (const t of list) {
    const f = facts.get(t.product_id);
    if (!fresh.has(t.uuid) || t.qty <= 0 || f === undefined || who === null) continue;
    const reason = reasonOfFacts(f, who);
    if (reason) refused.push({ uuid: t.uuid, product_id: t.product_id, reason });
  }
  if (refused.length > 0)
    await tx.execute(sql`
      UPDATE cart_transactions t SET refused_reason = r.reason
      FROM unnest(${sql.param(refused.map((r) => r.uuid))}::text[], ${sql.param(refused.map((r) => r.reason))}::text[]) AS r(uuid, reason)
      WHERE t.customer_id = ${actor.customerId} AND t.uuid = r.uuid`);
  const refusedUuids = new Set(refused.map((r) => r.uuid));
  const toApply = list.filter(
    (t) => fresh.has(t.uuid) && visible.has(t.product_id) && !refusedUuids.has(t.uuid),
  );
  const delta = await applyToLines(tx, cart.id, current, toApply);
  return { row: cart, linesCount: countBefore + delta, applied: fresh.size, refused };
}

/** A stored cart line the sync may change. */
interface ExistingLine {
  id: number;
  variantId: number;
  optionsKey: string;
  qty: number;
}

/**
 * Folds `transactions` into the (locked) cart's lines `current` (those of the variants concerned)
 * with the domain's `foldTransactions`, and writes the difference in one statement: changed and
 * new lines upserted on (cart, variant, options), lines that reached 0 deleted. Returns the change
 * of the cart's total quantity.
 */
async function applyToLines(
  tx: Tx,
  cartId: number,
  current: readonly ExistingLine[],
  transactions: readonly CartTransaction[],
): Promise<number> {
  if (transactions.length === 0) return 0;
  const before = new Map(current.map((l) => [`${l.variantId}|${l.optionsKey}`, l]));
  const after = foldTransactions(
    current.map((l) => ({
      product_id: l.variantId,
      qty: l.qty,
      options: JSON.parse(l.optionsKey) as Record<string, unknown>,
    })),
    transactions,
  );
  const keep = new Set<string>();
  const upsert: { variantId: number; optionsKey: string; qty: number }[] = [];
  for (const line of after) {
    if (line.qty > CART_LINE_QTY_MAX) throw lineQtyMax(line.product_id);
    const optionsKey = canonicalOptions(line.options);
    const key = `${line.product_id}|${optionsKey}`;
    keep.add(key);
    if (before.get(key)?.qty !== line.qty)
      upsert.push({ variantId: line.product_id, optionsKey, qty: line.qty });
  }
  const removed = [...before].filter(([key]) => !keep.has(key)).map(([, l]) => l.id);
  const delta = after.reduce((sum, l) => sum + l.qty, 0) - current.reduce((sum, l) => sum + l.qty, 0);
  if (upsert.length === 0 && removed.length === 0) return delta;
  // Data-modifying CTEs run whether or not the main statement reads them; the upserted and the
  // deleted keys are disjoint. New lines keep the request order (ORDINALITY → serial ids).
  await runPrepared(
    tx,
    sql`
    WITH up AS (
      INSERT INTO cart_lines (cart_id, variant_id, options_key, qty)
      SELECT ${cartId}, u.variant_id, u.options_key, u.qty
      FROM unnest(${sql.param(upsert.map((u) => u.variantId))}::int[], ${sql.param(upsert.map((u) => u.optionsKey))}::text[],
                  ${sql.param(upsert.map((u) => u.qty))}::int[]) WITH ORDINALITY AS u(variant_id, options_key, qty, n)
      ORDER BY u.n
      ON CONFLICT (cart_id, variant_id, options_key) DO UPDATE SET qty = EXCLUDED.qty
      RETURNING id)
    DELETE FROM cart_lines WHERE cart_id = ${cartId} AND id = ANY(${sql.param(removed)}::int[])`,
  );
  return delta;
}

/**
 * 400 `line_qty_max`: the sync would take the line of `variantId` above CART_LINE_QTY_MAX units
 * (docs/decisions/order-limits.md); the whole sync is refused and nothing is recorded.
 */
function lineQtyMax(variantId: number): ApiError {
  return new ApiError(
    400,
    'line_qty_max',
    'Bad request',
    `The quantity must be between 1 and ${CART_LINE_QTY_MAX} (product ${variantId}).`,
  );
}

// ---------------------------------------------------------------------------------------------
// The cart view (docs/product/cart-and-checkout.md#cart)

type LineRow = {
  id: number;
  variant_id: number;
  options_key: string;
  qty: number;
  sku: string;
  variant_name: string;
  name: string | null;
  url_key: string | null;
  tax_rate_bp: number;
  made_to_order: boolean;
  stock_state: string;
  qty_available: number | null;
  /** Regulated-product facts of the line's product (productFactsSql, JSON text). */
  facts: string;
};

/** The figures of a cart in cents plus its wire form; used by the view and by the confirm. */
export interface CartComputation {
  cart: Cart;
  row: CartRow;
  /** Lines with their figures in cents (product lines then delivery lines). */
  priced: {
    variantId: number | null;
    name: string;
    qty: number;
    grossUnitCents: number;
    netUnitCents: number;
    discountBp: number;
    amountCents: number;
    discountCents: number;
    taxRateBp: number;
    isDelivery: boolean;
    madeToOrder: boolean;
    qtyUnavailable: number;
  }[];
  untaxedCents: number;
  taxCents: number;
  totalCents: number;
  shippingCents: number;
  invoicing: AddressRow | null;
  delivery: AddressRow | null;
  carrier: typeof carriers.$inferSelect | null;
  blockers: ConfirmBlocker[];
  /** Free units of supplier promotions (carts/free-lines.ts), after their paying product lines. */
  free: FreeLine[];
  /** The cart's coupon and its reward (modules/coupons), null without a code. */
  coupon: CartCoupon | null;
  reward: CouponReward;
}

/**
 * Computes the cart `cartId` for `actor`: lines priced with the user's price list for their
 * quantity, availability from stock_levels (else the stock state), the handling fee (docs/product/constants.md#delivery-and-fees,
 * docs/decisions/handling-fee.md) and the carrier price as delivery lines, totals in cents
 * (cartTotals: totals = sums of the lines), addresses and confirm blockers.
 * `previouslyUnavailable` (line id → units) marks lines available again.
 */
export async function computeCart(
  conn: Conn,
  cartId: number,
  actor: CartActor,
  previouslyUnavailable: ReadonlyMap<number, number> = new Map(),
  known?: CartRow,
): Promise<CartComputation> {
  const row = known ?? (await conn.select().from(carts).where(eq(carts.id, cartId)))[0];
  if (!row) throw notFound('Cart not found.');
  // Lines, the undelivered orders (handling fee), the price inputs and the user's terms (free-lines.ts) in one statement;
  // the reads run one after the other (inside a transaction the connection runs one query at a
  // time: node-postgres 9 refuses queued ones).
  const read = await conn.execute<{
    lines: unknown;
    undelivered: number | string | null;
    prices: unknown;
    terms: unknown;
    customer: string | null;
  }>(sql`
    SELECT
      (SELECT coalesce(json_agg(x ORDER BY x.created_at, x.id), '[]'::json) FROM (
         SELECT l.id, l.variant_id, l.options_key, l.qty, l.created_at, v.sku, v.name AS variant_name, pt.name,
                pt.url_key, v.tax_rate_bp, v.made_to_order, v.stock_state, sl.qty_available, rf.facts
         FROM cart_lines l
         -- One index probe per line (OFFSET 0 keeps the subquery from being flattened): on a small
         -- catalogue the planner otherwise hashes the whole variants table for a 20-line cart.
         CROSS JOIN LATERAL (SELECT vv.* FROM product_variants vv WHERE vv.id = l.variant_id OFFSET 0) v
         LEFT JOIN LATERAL (SELECT t.name, t.url_key FROM product_translations t WHERE t.product_id = v.product_id
                            ORDER BY (t.locale = ${actor.locale}) DESC, t.locale LIMIT 1) pt ON TRUE
         -- Regulated-product facts: a line the customer may no longer order carries the reason.
         LEFT JOIN LATERAL (SELECT ${productFactsSql(row.customerId, sql`pp`)} AS facts
                            FROM products pp WHERE pp.id = v.product_id) rf ON TRUE
         LEFT JOIN stock_levels sl ON sl.variant_id = v.id
         WHERE l.cart_id = ${cartId}) x) AS lines,
      ${customerFactsSql(row.customerId, row.deliveryAddressId)} AS customer,
      -- The customer's orders through sales_customer_date_idx alone (OFFSET 0 keeps the state
      -- test out of the scan): ANDed with sales_state_date_idx the planner read every open order
      -- of the shop (2,400 index entries, 3.5 ms of the 4.2 ms statement on the data set).
      (SELECT coalesce(sum(sl.amount_cents), 0)::int
       FROM (SELECT s0.id, s0.state FROM sales s0 WHERE s0.customer_id = ${row.customerId} OFFSET 0) s
       JOIN sale_lines sl ON sl.sale_id = s.id
       WHERE NOT sl.is_delivery AND s.state = ANY(${sql.param([...UNDELIVERED_STATES])}::text[])) AS undelivered,
      ${priceInputsJson(sql`ARRAY(SELECT variant_id FROM cart_lines WHERE cart_id = ${cartId})`, actor.viewer.priceList)} AS prices,
      ${cartTermsJson(actor.userId, sql`ARRAY(SELECT variant_id FROM cart_lines WHERE cart_id = ${cartId})`, actor.viewer.priceList)} AS terms`);
  const first = read.rows[0];
  const lines = { rows: parseJsonValue<LineRow[]>(first?.lines ?? []) };
  const undeliveredCents = Number(first?.undelivered ?? 0);
  const priceOf = pricesFrom(
    parseJsonValue<PriceInputs>(first?.prices ?? { tiers: [], discounts: [], terms: [] }),
    actor.viewer.priceList,
  );
  // The user's price terms and supplier promotions (docs/decisions/price-terms.md, supplier-promotions.md).
  const terms = cartTermsFrom(first?.terms, businessToday());
  const carrierRows = row.carrierId
    ? await conn.select().from(carriers).where(eq(carriers.id, row.carrierId))
    : [];
  const addressIds = [row.invoicingAddressId, row.deliveryAddressId].filter(
    (id): id is number => id !== null,
  );
  const addressRows =
    addressIds.length === 0
      ? []
      : await conn
          .select()
          .from(addresses)
          .where(
            and(
              eq(addresses.customerId, sql.placeholder('customerId')),
              sql`${addresses.id} = ANY(${sql.placeholder('ids')}::int[])`,
            ),
          )
          .prepare('vetshop_cart_addresses')
          .execute({ customerId: row.customerId, ids: addressIds });
  const pickupRows = row.pickupSiteId
    ? await conn.select().from(pickupSites).where(eq(pickupSites.id, row.pickupSiteId))
    : [];

  let priceMissing = false;
  const productLines = lines.rows.map((l) => {
    const price = terms.price(l.variant_id, priceOf(l.variant_id, l.qty));
    if (price.netCents === null) priceMissing = true;
    const available = l.qty_available ?? availableFromState(l.stock_state);
    const restriction = first?.customer && l.facts ? reasonOfFacts(l.facts, first.customer) : null;
    return {
      row: l,
      restriction,
      grossUnitCents: price.grossCents ?? 0,
      netUnitCents: price.netCents ?? 0,
      discountBp: price.discountBp,
      qtyUnavailable: Math.max(0, l.qty - Math.max(0, available)),
      available,
    };
  });
  const productTotals = cartTotals(
    productLines.map((l) => ({
      grossUnitCents: l.grossUnitCents,
      netUnitCents: l.netUnitCents,
      qty: l.row.qty,
      taxRateBp: l.row.tax_rate_bp,
    })),
  );
  const linesAmountCents = productTotals.untaxedCents;
  const feeCents = terms.helpWithFee ? 0 : handlingFeeCents(linesAmountCents, undeliveredCents);
  const free = freeLinesOf(
    terms,
    productLines.map((l) => ({
      id: l.row.id,
      variantId: l.row.variant_id,
      name: l.row.name ? `${l.row.name} — ${l.row.variant_name}` : l.row.variant_name,
      qty: l.row.qty,
      available: l.available,
      taxRateBp: l.row.tax_rate_bp,
      madeToOrder: l.row.made_to_order,
    })),
  );
  const coupon =
    row.couponCode === null
      ? null
      : await cartReward(
          conn,
          row.couponCode,
          row.customerId,
          productLines.map((l, i) =>
            couponLineOf(terms, l.row.variant_id, productTotals.lines[i]!.amountCents, l.row.tax_rate_bp),
          ),
        );
  const reward = rewardOf(coupon);
  const carrier = carrierRows[0];
  // The handling fee is the only delivery charge (docs/decisions/delivery-charges.md).
  const delivery: { name: string; cents: number }[] = [];
  if (feeCents > 0) delivery.push({ name: HANDLING_FEE_NAME[actor.locale], cents: feeCents });
  const all = [
    ...productLines.map((l) => ({
      grossUnitCents: l.grossUnitCents,
      netUnitCents: l.netUnitCents,
      qty: l.row.qty,
      taxRateBp: l.row.tax_rate_bp,
    })),
    ...delivery.map((d) => ({
      grossUnitCents: d.cents,
      netUnitCents: d.cents,
      qty: 1,
      taxRateBp: CART_CONSTANTS.HANDLING_FEE_TAX_BP,
    })),
    ...reward.perRate.map((r) => ({
      grossUnitCents: 0,
      netUnitCents: -r.cents,
      qty: 1,
      taxRateBp: r.taxRateBp,
    })),
  ];
  const totals = cartTotals(all);

  const invoicing = addressRows.find((a) => a.id === row.invoicingAddressId) ?? null;
  const deliveryAddress = addressRows.find((a) => a.id === row.deliveryAddressId) ?? null;
  const asLike = (a: AddressRow | null) => a && { ...a, is_dropoff_site: a.isDropoffSite };
  const addressesValid = cartAddressesValid(asLike(invoicing), asLike(deliveryAddress));
  const pickup = pickupRows[0];

  const hasMadeToOrder = lines.rows.some((l) => l.made_to_order);
  const blockers: ConfirmBlocker[] = [];
  if (lines.rows.length === 0) blockers.push('cart_empty');
  if (!addressesValid) blockers.push('addresses_invalid');
  if (hasMadeToOrder && !row.madeToOrderConsent) blockers.push('made_to_order_consent_required');
  if (priceMissing) blockers.push('price_unavailable');
  if (!actor.canOrder) blockers.push('cannot_order');
  if (totals.totalCents > ORDER_TOTAL_MAX_CENTS) blockers.push('amount_too_large');

  const priced: CartComputation['priced'] = [
    ...productLines.map((l, i) => ({
      variantId: l.row.variant_id,
      name: l.row.name ? `${l.row.name} — ${l.row.variant_name}` : l.row.variant_name,
      qty: l.row.qty,
      grossUnitCents: l.grossUnitCents,
      netUnitCents: l.netUnitCents,
      discountBp: l.discountBp,
      amountCents: totals.lines[i]!.amountCents,
      discountCents: totals.lines[i]!.discountCents,
      taxRateBp: l.row.tax_rate_bp,
      isDelivery: false,
      madeToOrder: l.row.made_to_order,
      qtyUnavailable: l.qtyUnavailable,
    })),
    ...delivery.map((d, j) => ({
      variantId: null,
      name: d.name,
      qty: 1,
      grossUnitCents: d.cents,
      netUnitCents: d.cents,
      discountBp: 0,
      amountCents: totals.lines[productLines.length + j]!.amountCents,
      discountCents: 0,
      taxRateBp: CART_CONSTANTS.HANDLING_FEE_TAX_BP,
      isDelivery: true,
      madeToOrder: false,
      qtyUnavailable: 0,
    })),
  ];

  // Line pictures (modules/images): one read for the cart's variants.
  const pictures = await picturesOfVariants(
    conn,
    productLines.map((l) => l.row.variant_id),
    actor.locale,
  );
  const wireLines: CartLine[] = priced.map((p, i) => {
    const source = productLines[i]?.row;
    return {
      id: source?.id ?? -(i - productLines.length + 1),
      product_id: p.variantId,
      sku: source?.sku ?? null,
      name: p.name,
      url_key: source?.url_key ?? null,
      picture: p.variantId === null ? null : (pictures.get(p.variantId) ?? null),
      qty: p.qty,
      price_unit: centsToEur(p.grossUnitCents),
      price_unit_discounted: centsToEur(p.netUnitCents),
      discount: { rate: bpToPercent(p.discountBp), value: centsToEur(p.discountCents) },
      amount: centsToEur(p.amountCents),
      tax_rate: bpToPercent(p.taxRateBp),
      qty_unavailable: p.qtyUnavailable,
      qty_available_again:
        source !== undefined && (previouslyUnavailable.get(source.id) ?? 0) > 0 && p.qtyUnavailable === 0,
      options: source ? (JSON.parse(source.options_key) as Record<string, unknown>) : {},
      is_delivery: p.isDelivery,
      made_to_order: p.madeToOrder,
      ...(productLines[i]?.restriction ? { restriction: productLines[i].restriction } : {}),
    };
  });

  const shippingCents = delivery.reduce((s, d) => s + d.cents, 0);
  const breakdown = documentTotals([
    ...priced.map((p, i) => ({
      kind: p.isDelivery ? ('handling_fee' as const) : ('goods' as const),
      grossCents: p.isDelivery ? p.amountCents : totals.lines[i]!.grossAmountCents,
      amountCents: p.amountCents,
      taxRateBp: p.taxRateBp,
    })),
    ...rewardTotalsLines(reward),
  ]);
  const carrierLabel = carrier ? carrierText(carrier, actor.locale) : null;
  const cart: Cart = {
    id: row.id,
    uuid: row.uuid,
    name: `Cart ${row.id}`,
    date: row.updatedAt.toISOString(),
    state: row.state === 'confirmed' ? 'confirmed' : 'open',
    lines: withFreeLines(wireLines, free),
    amount: {
      untaxed: centsToEur(totals.untaxedCents),
      tax: centsToEur(totals.taxCents),
      total: centsToEur(totals.totalCents),
      discount_total: centsToEur(totals.discountTotalCents),
      total_without_discount: centsToEur(totals.totalWithoutDiscountCents),
    },
    lines_count: lines.rows.reduce((s, l) => s + Math.max(0, l.qty), 0),
    lines_amount: centsToEur(linesAmountCents),
    delivery: {
      address: deliveryAddress ? toAddress(deliveryAddress, actor.locale) : null,
      carrier:
        carrier && carrierLabel
          ? { id: carrier.id, code: carrier.code, name: carrierLabel.name, price: 0 }
          : null,
      pickup: pickup ? toPickup(pickup) : null,
      fees: centsToEur(shippingCents),
      expected_date: carrier ? expectedDeliveryDate(new Date(), carrierSchedule(carrier)) : null,
    },
    totals: toWireTotals(breakdown),
    invoicing: { address: invoicing ? toAddress(invoicing, actor.locale) : null },
    note: row.note,
    client_order_ref: row.clientOrderRef,
    suite_name: row.suiteName,
    promo_codes: row.couponCode ? [row.couponCode] : [],
    reward_amount: centsToEur(reward.untaxedCents),
    reward_amount_tax_incl: centsToEur(reward.totalCents),
    has_made_to_order: hasMadeToOrder,
    made_to_order_consent: row.madeToOrderConsent,
    addresses_valid: addressesValid,
    can_confirm: blockers.length === 0,
    confirm_blockers: blockers,
    sale_id: row.saleId,
  };
  return {
    cart,
    row,
    priced,
    untaxedCents: totals.untaxedCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    shippingCents,
    invoicing,
    delivery: deliveryAddress,
    carrier: carrier ?? null,
    blockers,
    free,
    coupon,
    reward,
  };
}

/** The customer's open cart as the api answers it, or null when there is none. */
export async function currentCart(db: Db, actor: CartActor): Promise<Cart | null> {
  const row = await openCart(db, actor.customerId, false);
  return row ? (await computeCart(db, row.id, actor)).cart : null;
}

/** The open cart or 404 `not_found` ("No cart."). */
async function requireOpenCart(conn: Conn, actor: CartActor, lock = false): Promise<CartRow> {
  const row = await openCart(conn, actor.customerId, lock);
  if (!row) throw notFound('No open cart.');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Update, carriers, pickups, coupon, suite name, availability

/**
 * POST carts/current/update: references, note, consent and addresses of the open cart. The
 * delivery address must be one of the customer's addresses, the invoicing address the customer's
 * invoicing address (else 404 `not_found`). 404 when the customer has no open cart.
 */
export async function updateCart(db: Db, actor: CartActor, input: CartUpdate): Promise<Cart> {
  const id = await db.transaction(async (tx) => {
    const row = await requireOpenCart(tx, actor, true);
    const changes: Partial<typeof carts.$inferInsert> = { updatedAt: new Date() };
    if (input.note !== undefined) changes.note = input.note;
    if (input.client_order_ref !== undefined) changes.clientOrderRef = input.client_order_ref;
    if (input.made_to_order_consent !== undefined) changes.madeToOrderConsent = input.made_to_order_consent;
    for (const [kind, value] of [
      ['delivery', input.delivery],
      ['invoicing', input.invoicing],
    ] as const) {
      if (!value) continue;
      const [address] = await tx
        .select()
        .from(addresses)
        .where(
          and(
            eq(addresses.id, value.address_id),
            eq(addresses.customerId, actor.customerId),
            sql`${addresses.deletedAt} IS NULL`,
          ),
        );
      if (!address || (kind === 'invoicing' && address.type !== 'invoicing'))
        throw notFound(`No ${kind} address ${value.address_id}.`);
      if (kind === 'delivery') changes.deliveryAddressId = address.id;
      else changes.invoicingAddressId = address.id;
    }
    await tx.update(carts).set(changes).where(eq(carts.id, row.id));
    return row.id;
  });
  return (await computeCart(db, id, actor)).cart;
}

/** The schedule of `carrier` for the expected delivery date (domain delivery.ts). */
export function carrierSchedule(carrier: typeof carriers.$inferSelect) {
  return { cutoffTime: carrier.cutoffTime, leadBusinessDays: carrier.leadBusinessDays };
}

/**
 * A carrier on the wire, in `locale` (carrier-text.ts): no price of its own (the handling fee is
 * the only delivery charge), and the expected delivery date of an order placed at `now`.
 */
function toCarrier(carrier: typeof carriers.$inferSelect, locale: Locale, now: Date): Carrier {
  const text = carrierText(carrier, locale);
  return {
    id: carrier.id,
    code: carrier.code,
    name: text.name,
    description: text.description,
    price: 0,
    free_from: null,
    with_dropoff_site: carrier.withDropoffSite,
    expected_date: expectedDeliveryDate(now, carrierSchedule(carrier)),
  };
}

function toPickup(site: typeof pickupSites.$inferSelect): Pickup {
  return {
    id: site.id,
    carrier_id: site.carrierId,
    code: site.code,
    name: site.name,
    street: site.street,
    street2: site.street2,
    zip: site.zip,
    city: site.city,
    phone: site.phone,
    state_code: site.stateCode,
    country_code: site.countryCode,
  };
}

/**
 * Active carriers by sequence, named in `locale`, each with price 0 (no charge on top of the
 * handling fee, docs/decisions/delivery-charges.md) and the expected delivery date of an order
 * placed now.
 */
export async function listCarriers(db: Db, locale: Locale): Promise<Carrier[]> {
  const rows = await db
    .select()
    .from(carriers)
    .where(eq(carriers.active, true))
    .orderBy(carriers.sequence, carriers.id);
  const now = new Date();
  return rows.map((c) => toCarrier(c, locale, now));
}

/** POST carts/current/set_carrier: 404 for an unknown or inactive carrier; clears a pickup of another carrier. */
export async function setCarrier(db: Db, actor: CartActor, carrierId: number): Promise<Cart> {
  const id = await db.transaction(async (tx) => {
    const row = await requireOpenCart(tx, actor, true);
    const [carrier] = await tx
      .select()
      .from(carriers)
      .where(and(eq(carriers.id, carrierId), eq(carriers.active, true)));
    if (!carrier) throw notFound(`No carrier ${carrierId}.`);
    let pickupSiteId = row.pickupSiteId;
    if (pickupSiteId !== null) {
      const [site] = await tx.select().from(pickupSites).where(eq(pickupSites.id, pickupSiteId));
      if (!carrier.withDropoffSite || site?.carrierId !== carrier.id) pickupSiteId = null;
    }
    await tx
      .update(carts)
      .set({ carrierId, pickupSiteId, updatedAt: new Date() })
      .where(eq(carts.id, row.id));
    return row.id;
  });
  return (await computeCart(db, id, actor)).cart;
}

/**
 * GET delivery_pickups: pickup points of `carrierId` whose name, city or zip contains every word
 * of `name` (case- and accent-insensitive, docs/product/cart-and-checkout.md#pickup-point "It can be searched by name"); at most 50.
 */
export async function searchPickups(db: Db, carrierId: number, name: string): Promise<Pickup[]> {
  const rows = await db
    .select()
    .from(pickupSites)
    // Public points chosen by customers are not listed (carts/delivery-calls.ts).
    .where(and(eq(pickupSites.carrierId, carrierId), sql`${pickupSites.code} NOT LIKE 'public:%'`))
    .orderBy(pickupSites.name, pickupSites.id);
  const words = foldAccents(name).split(/\s+/).filter(Boolean);
  return rows
    .filter((r) => {
      const hay = foldAccents(`${r.name} ${r.city} ${r.zip}`);
      return words.every((w) => hay.includes(w));
    })
    .slice(0, 50)
    .map(toPickup);
}

/** POST carts/current/set_pickup: the pickup point also selects its carrier; 404 when unknown. */
export async function setPickup(db: Db, actor: CartActor, pickupSiteId: number): Promise<Cart> {
  const id = await db.transaction(async (tx) => {
    const row = await requireOpenCart(tx, actor, true);
    const [site] = await tx.select().from(pickupSites).where(eq(pickupSites.id, pickupSiteId));
    if (!site) throw notFound(`No pickup point ${pickupSiteId}.`);
    await tx
      .update(carts)
      .set({ pickupSiteId: site.id, carrierId: site.carrierId, updatedAt: new Date() })
      .where(eq(carts.id, row.id));
    return row.id;
  });
  return (await computeCart(db, id, actor)).cart;
}

/**
 * DELETE carts/current/coupon: the open cart keeps no promo code (its reward goes); answers the
 * cart computed without it, null when the customer has no open cart (docs/decisions/coupons.md).
 */
export async function removeCoupon(db: Db, actor: CartActor): Promise<Cart | null> {
  const row = await openCart(db, actor.customerId, false);
  if (!row) return null;
  await setCartCoupon(db, row.id, null);
  return (await computeCart(db, row.id, actor, new Map(), { ...row, couponCode: null })).cart;
}

/**
 * POST carts/current/coupon: an empty code does nothing (docs/product/cart-and-checkout.md) and answers the cart (null when
 * there is none). Otherwise the code is set on the open cart (404 without one) and the cart is
 * computed with it in the same transaction: when the coupon gives no reward the change is rolled
 * back and the answer is 400 with the refusal code (coupon_unknown, coupon_expired,
 * coupon_minimum with `min_order`, coupon_used, coupon_not_applicable; docs/decisions/coupons.md).
 */
export async function applyCoupon(db: Db, actor: CartActor, code: string): Promise<Cart | null> {
  if (code.trim() === '') return currentCart(db, actor);
  return db.transaction(async (tx) => {
    const row = await requireOpenCart(tx, actor, true);
    await setCartCoupon(tx, row.id, code);
    const c = await computeCart(tx, row.id, actor, new Map(), {
      ...row,
      couponCode: code.trim().toUpperCase(),
    });
    if (!c.coupon || !c.coupon.outcome.ok)
      throw couponRefused(c.coupon ?? (await cartReward(tx, code, actor.customerId, [])), actor.locale);
    return c.cart;
  });
}

/**
 * GET carts/next_suite_name: "S-<customer number>-<n+1>" where n counts the customer's orders
 * that carry a suite name.
 */
export async function nextSuiteName(db: Db, customerId: number): Promise<string> {
  const r = await db.execute<{ number: string; n: number }>(sql`
    SELECT c.number, (SELECT count(*)::int FROM sales s WHERE s.customer_id = c.id AND s.suite_name <> '') AS n
    FROM customers c WHERE c.id = ${customerId}`);
  const row = r.rows[0];
  if (!row) throw notFound('Customer not found.');
  return `S-${row.number}-${Number(row.n) + 1}`;
}

/**
 * POST carts/refresh_qty_unavailable: the cart with qty_unavailable per line recomputed from the
 * stock; lines whose unavailable units (as the client last saw them: `previous`, line id → units)
 * are now all available carry qty_available_again. 409 `cart_changed` when `uuid` is not the
 * customer's open cart.
 */
export async function refreshQtyUnavailable(
  db: Db,
  actor: CartActor,
  uuid: string,
  previous: ReadonlyMap<number, number> = new Map(),
): Promise<Cart> {
  const row = await requireOpenCart(db, actor);
  if (row.uuid !== uuid) throw cartChanged();
  return (await computeCart(db, row.id, actor, previous)).cart;
}

function cartChanged(): ApiError {
  return new ApiError(
    409,
    'cart_changed',
    'Conflict',
    'The cart changed: synchronise it again before confirming.',
  );
}

// ---------------------------------------------------------------------------------------------
// Confirm (docs/product/cart-and-checkout.md#confirm POST carts/confirm)

/** Input of `confirmCart`. */
export interface ConfirmInput {
  customerId: number;
  userId: number;
  uuid: string;
  note?: string;
  customerRef?: string;
  suiteName?: string;
  /** on_account (default), bank_transfer or card. */
  paymentMode?: string;
  /** Belgian structured communication of a bank transfer. */
  paymentReference?: string | null;
  /** Language of the line names of delivery lines (default fr). */
  locale?: Locale;
  /** Sale channel of the order (default web; staff enter phone, fax and mail orders). */
  saleChannel?: 'web' | 'phone' | 'fax' | 'mail';
}

/** The sale of a confirm and whether this call created it. */
export interface ConfirmResult extends ConfirmResponse {
  created: boolean;
}

/**
 * Confirms the customer's cart `uuid` into a sale, in one transaction with the cart locked:
 * - the cart already confirmed → its sale (same id, `created` false): a repeated confirm never
 *   makes a second sale;
 * - `uuid` is not the customer's open or confirmed cart → 409 `cart_changed`;
 * - the user cannot order → 403 `cannot_order`; empty cart → 400 `cart_empty`; invalid addresses
 *   → 400 `addresses_invalid`; made-to-order lines without consent → 400
 *   `made_to_order_consent_required`; a line without a price → 400 `price_unavailable`;
 * - else creates the sale (state pending, channel `saleChannel` or web, number "SO" + year + 6-digit sequence
 *   taken under an advisory lock, address snapshots, priced lines, delivery lines, amounts) and
 *   marks the cart confirmed with its sale id.
 * Used by POST carts/confirm and by the payment routes (paymentMode / paymentReference).
 */
export async function confirmCart(db: Db, input: ConfirmInput): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    // Lock and read the cart in one statement.
    const [row] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.uuid, input.uuid), eq(carts.customerId, input.customerId)))
      .for('update');
    if (!row) throw cartChanged();
    if (row.state === 'confirmed' && row.saleId !== null) {
      const sale = await tx.execute<{ id: number; name: string; state: string; amount_total_cents: number }>(
        sql`SELECT id, name, state, amount_total_cents FROM sales WHERE id = ${row.saleId}`,
      );
      const s = sale.rows[0];
      if (!s) throw cartChanged();
      return {
        sale_id: s.id,
        name: s.name,
        state: s.state,
        amount_total: centsToEur(Number(s.amount_total_cents)),
        created: false,
      };
    }
    if (row.state !== 'open') throw cartChanged();

    const [user] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (!user || user.customerId !== input.customerId) throw notFound('User not found.');
    const actor: CartActor = {
      customerId: input.customerId,
      userId: input.userId,
      viewer: { priceList: user.priceList, vetGroupIds: [...user.vetGroupIds] },
      canOrder: user.canOrder,
      locale: input.locale ?? 'fr',
    };
    await lockCoupon(tx, row.couponCode);
    const c = await computeCart(tx, row.id, actor, new Map(), row);
    if (!user.canOrder)
      throw new ApiError(403, 'cannot_order', 'Forbidden', 'This account cannot place orders.');
    const blocker = c.blockers.find((b) => b !== 'cannot_order');
    if (blocker) throw new ApiError(400, blocker, 'Bad request', BLOCKER_DETAIL[blocker]);
    // Rights re-checked now: they may have changed since the lines were added (403 with the reason).
    const lineIds = c.priced.flatMap((p) => (p.variantId === null || p.isDelivery ? [] : [p.variantId]));
    const restricted = await restrictionsOfVariants(tx, input.customerId, lineIds, row.deliveryAddressId);
    const first = lineIds.map((id) => ({ id, r: restricted.get(id) })).find((x) => x.r)?.r;
    if (first) throw restrictedProblem(first.reason, first.name, actor.locale);

    const year = new Date().getUTCFullYear();
    // One numbering at a time (across processes): the lock is released at commit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(482001)`);
    // The year's highest number: a backward range scan of sales_name_idx that stops at the first
    // 12-character name (a LIKE prefix cannot use the index under a non-C collation).
    const last = await tx.execute<{ name: string | null }>(
      sql`SELECT name FROM sales WHERE name >= ${`SO${year}`} AND name < ${`SO${year + 1}`} AND length(name) = 12
          ORDER BY name DESC LIMIT 1`,
    );
    const lastSeq = last.rows[0]?.name ? Number(last.rows[0].name.slice(6)) : 0;
    const name = `SO${year}${String(lastSeq + 1).padStart(6, '0')}`;
    const snapshot = (a: AddressRow | null) =>
      a ? (toAddress(a, actor.locale) as unknown as Record<string, unknown>) : null;
    const inserted = await tx.execute<{ id: number; state: string }>(sql`
      INSERT INTO sales (name, customer_id, user_id, cart_id, state, sale_channel, note, client_order_ref,
                         suite_name, invoicing_address, delivery_address, carrier_id, carrier_name, payment_mode,
                         payment_reference, amount_untaxed_cents, amount_tax_cents, amount_total_cents, shipping_cents,
                         expected_delivery_date)
      VALUES (${name}, ${input.customerId}, ${input.userId}, ${row.id}, 'pending', ${input.saleChannel ?? 'web'},
              ${input.note ?? row.note}, ${input.customerRef ?? row.clientOrderRef}, ${input.suiteName ?? row.suiteName},
              ${JSON.stringify(snapshot(c.invoicing))}::jsonb, ${JSON.stringify(snapshot(c.delivery))}::jsonb,
              ${c.carrier?.id ?? null}, ${c.cart.delivery.carrier?.name ?? null}, ${input.paymentMode ?? 'on_account'},
              ${input.paymentReference ?? null}, ${c.untaxedCents}, ${c.taxCents}, ${c.totalCents}, ${c.shippingCents},
              ${c.cart.delivery.expected_date})
      RETURNING id, state`);
    const sale = inserted.rows[0];
    if (!sale) throw new Error('sale insert failed');
    // All lines in one statement.
    if (c.priced.length > 0)
      await tx.insert(saleLines).values(
        saleLinesOf(c, actor.locale).map((p) => ({
          saleId: sale.id,
          variantId: p.variantId,
          name: p.name,
          qty: p.qty,
          qtyUnavailable: p.qtyUnavailable,
          priceUnitCents: p.grossUnitCents,
          discountBp: p.discountBp,
          discountCents: p.discountCents,
          amountCents: p.amountCents,
          taxRateBp: p.taxRateBp,
          isDelivery: p.isDelivery,
          madeToOrder: p.madeToOrder,
          isFree: p.isFree,
          isReward: p.isReward,
        })),
      );
    await recordRedemption(tx, c.coupon, input.customerId, sale.id);
    // The stock of the lines is reserved; what is missing goes on backorder (docs/decisions/stock-moves.md).
    await reserveSaleStock(tx, sale.id, db);
    // Order confirmation to the user and the staff copy, committed with the sale (modules/mail/outbox.ts).
    await enqueueMail(tx, { kind: 'order_confirmation', saleId: sale.id, userId: input.userId });
    await tx
      .update(carts)
      .set({
        state: 'confirmed',
        saleId: sale.id,
        note: input.note ?? row.note,
        clientOrderRef: input.customerRef ?? row.clientOrderRef,
        suiteName: input.suiteName ?? row.suiteName,
        updatedAt: new Date(),
      })
      .where(eq(carts.id, row.id));
    return {
      sale_id: sale.id,
      name,
      state: sale.state,
      amount_total: centsToEur(c.totalCents),
      created: true,
    };
  });
}

const BLOCKER_DETAIL: Record<ConfirmBlocker, string> = {
  cart_empty: 'The cart is empty.',
  addresses_invalid: 'The invoicing and delivery addresses must both be complete.',
  made_to_order_consent_required:
    'Made-to-order products cannot be returned or exchanged: please give your consent first.',
  price_unavailable: 'A product of the cart has no price in your price list.',
  cannot_order: 'This account cannot place orders.',
  amount_too_large: 'An order cannot exceed 1,000,000 EUR incl. VAT: please split it or call the order desk.',
};
