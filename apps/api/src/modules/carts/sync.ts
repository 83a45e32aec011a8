/**
 * Cart synchronisation (docs/product/cart-and-checkout.md#sync POST carts/sync,
 * docs/product/cart-and-checkout.md#line-availability): `syncCart`, `syncCartSummary`,
 * `syncCartView`, the one-statement fast path `syncInOneStatement` and the reference path
 * `applySync` (docs/decisions/cart-sync-performance.md), regulated additions refused
 * (docs/decisions/regulated-products.md) and the line limit (docs/decisions/order-limits.md).
 *
 * Exactly once (docs/decisions/cart-exactly-once.md): a sync runs
 * in one database transaction that locks the customer's open cart row (UPDATE … RETURNING, the
 * same row lock as SELECT … FOR UPDATE),
 * inserts the incoming transaction uuids into cart_transactions with ON CONFLICT DO NOTHING
 * RETURNING, and applies only the returned ones, through the domain's `foldTransactions`. A replay,
 * a second tab or a second api process on the same PostgreSQL database then changes nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  canonicalOptions,
  CART_LINE_QTY_MAX,
  foldTransactions,
  type Cart,
  type CartTransaction,
  type RefusedTransaction,
} from '@vetshop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { rowFromJson } from '../../db/rows.ts';
import { carts } from '../../db/schema.ts';
import { executeNamed, namedOnce } from '../../db/statements.ts';
import { ApiError } from '../../errors.ts';
import { visibleTo, visibleToGroups } from '../catalog/index.ts';
import { customerFactsSql, productFactsSql, reasonOfFacts } from '../restrictions/index.ts';
import { computeCart } from './cart-view.ts';
import { openCart, openCartForUpdate, type CartActor, type CartRow } from './cart-rows.ts';

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
  return (await syncCartCounted(db, actor, input))?.id ?? null;
}

/**
 * `syncCart` telling what it refused: the cart id and the transactions refused for a regulated
 * product (docs/decisions/regulated-products.md). Null as for `syncCart`. The order import counts
 * its lines with it (csv.ts).
 */
export async function syncCartCounted(
  db: Db,
  actor: CartActor,
  input: SyncInput,
): Promise<{ id: number; refused: RefusedTransaction[] } | null> {
  return db.transaction(async (tx) => {
    const done = await applySync(tx, actor, input);
    return done && { id: done.row.id, refused: done.refused ?? [] };
  });
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
    if (fast) return (await computeCart(db, fast.id, actor, new Map(), rowFromJson(carts, fast.cart))).cart;
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

/**
 * What the one-statement sync answers: the open cart, its quantity after the sync, the recorded
 * count, and the cart row as the statement's lock left it (`row_to_json` of the row: db/rows.ts
 * `rowFromJson` turns it into the row a priced answer starts from, instead of reading it again).
 */
interface OneStatementSync {
  id: number;
  uuid: string;
  linesCount: number;
  applied: number;
  cart: unknown;
}

/** A placeholder of `syncStatement`, bound per run. */
const bound = (name: string): SQL => sql`${sql.placeholder(name)}`;

/**
 * The statement of `syncInOneStatement`, its text built once per process (db/statements.ts
 * `namedOnce`). Values: customer, user (ids), uuids, variants, qtys, options (the transactions in
 * request order, without duplicates), variantIds (distinct), vetGroupIds (the viewer's), cartUuid
 * (the client's cart uuid or null).
 */
const syncStatement = namedOnce<{
  id: number;
  uuid: string;
  ok: number;
  lines_count: number;
  applied: number;
  cart: unknown;
}>(
  () =>
    sql`
      WITH lock AS (
        UPDATE carts c SET updated_at = now(), user_id = ${bound('user')}
        WHERE c.customer_id = ${bound('customer')} AND c.state = 'open'
          AND c.xmin = (SELECT k.xmin FROM carts k WHERE k.customer_id = ${bound('customer')} AND k.state = 'open')
        RETURNING c.id, c.uuid, c.delivery_address_id, c.pickup_site_id, row_to_json(c) AS cart),
      who AS (
        SELECT c.function AS fn, coalesce(c.depot_number ~ '[[:alnum:]]', false) AS depot,
               coalesce(c.apb_number ~ '[[:alnum:]]', false) AS apb,
               -- The delivery country: the cart's pickup point's (it may be abroad), else its
               -- delivery address's, else the main address's (customerFactsSql, restrictions).
               -- Each branch's lookup runs only when its test holds (most carts have no point).
               CASE WHEN (SELECT pickup_site_id FROM lock) IS NOT NULL
                    THEN (SELECT ps.country_code FROM pickup_sites ps WHERE ps.id = (SELECT pickup_site_id FROM lock))
                    WHEN (SELECT delivery_address_id FROM lock) IS NOT NULL
                    THEN (SELECT a.country_code FROM addresses a WHERE a.id = (SELECT delivery_address_id FROM lock))
                    ELSE (SELECT a.country_code FROM addresses a WHERE a.customer_id = c.id AND a.deleted_at IS NULL
                          ORDER BY (a.type = 'invoicing') DESC, a.is_main DESC, a.id LIMIT 1) END AS country
        FROM customers c WHERE c.id = ${bound('customer')}),
      t AS (
        SELECT * FROM unnest(${bound('uuids')}::text[], ${bound('variants')}::int[],
                             ${bound('qtys')}::int[], ${bound('options')}::text[])
          WITH ORDINALITY AS t(uuid, variant_id, qty, options_key, n)),
      fresh AS (
        SELECT t.* FROM t
        WHERE NOT EXISTS (SELECT 1 FROM cart_transactions x WHERE x.customer_id = ${bound('customer')} AND x.uuid = t.uuid)),
      vis AS (
        SELECT v.id, ${refusedSql(bound('customer'))} AS refused
        FROM product_variants v JOIN products p ON p.id = v.product_id CROSS JOIN who w
        WHERE v.id = ANY(${bound('variantIds')}::int[]) AND ${visibleToGroups(bound('vetGroupIds'))}),
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
        WHERE (${bound('cartUuid')}::text IS NULL OR ${bound('cartUuid')}::text = k.uuid
               OR NOT EXISTS (SELECT 1 FROM carts z WHERE z.uuid = ${bound('cartUuid')}::text
                              AND z.customer_id = ${bound('customer')} AND z.state <> 'open'))
          AND NOT EXISTS (SELECT 1 FROM res WHERE res.after > ${CART_LINE_QTY_MAX})
          AND NOT EXISTS (SELECT 1 FROM fresh f JOIN vis ON vis.id = f.variant_id WHERE f.qty > 0 AND vis.refused)),
      ins AS (
        INSERT INTO cart_transactions (customer_id, cart_id, uuid, variant_id, qty)
        SELECT ${bound('customer')}, ok.id, f.uuid, f.variant_id, f.qty FROM fresh f CROSS JOIN ok ORDER BY f.n
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
      SELECT k.id, k.uuid, o.n AS ok, k.cart,
             ((SELECT coalesce(sum(qty), 0) FROM cart_lines WHERE cart_id = k.id)
              + (SELECT coalesce(sum(after - before), 0) FROM res))::int AS lines_count,
             CASE WHEN o.n = 0 THEN 0
                  WHEN (SELECT count(*) FROM ins) = (SELECT count(*) FROM fresh) THEN (SELECT count(*) FROM ins)::int
                  ELSE 1 / (SELECT 0) END AS applied
      FROM lock k CROSS JOIN (SELECT count(*)::int AS n FROM ok) o`,
);

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
  let result: Awaited<ReturnType<typeof syncStatement>>;
  try {
    result = await syncStatement(db, {
      customer: actor.customerId,
      user: actor.userId,
      uuids: list.map((t) => t.uuid),
      variants: list.map((t) => t.product_id),
      qtys: list.map((t) => t.qty),
      options: list.map((t) => canonicalOptions(t.options)),
      variantIds: [...new Set(list.map((t) => t.product_id))],
      vetGroupIds: actor.viewer.vetGroupIds,
      cartUuid: input.uuid ?? null,
    });
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
    cart: row.cart,
  };
}

/**
 * SQL boolean: the customer (`w`, the `who` row of `syncInOneStatement`) may be refused product
 * `p` — the domain's `restrictionReason` is not null — or the facts are too unusual to tell (a
 * NULL anywhere counts as refused). It only decides which path runs: true sends the sync to the
 * reference path, which computes the reason in JS; so every doubt errs towards true (a depot or
 * APB number counts only with a letter or digit; a flag is set unless false, null, 0 or "").
 */
function refusedSql(customerId: SQL): SQL {
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
  const read = await executeNamed<{
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
    SELECT 'who', ${customerFactsSql(actor.customerId, cart.deliveryAddressId, cart.pickupSiteId)}, NULL, NULL, NULL
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
  await executeNamed(
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
