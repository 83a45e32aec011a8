/**
 * The customer's open cart row (docs/product/cart-and-checkout.md#cart): finding it, creating it
 * when absent, locking it, and the types every cart file shares (`CartRow`,
 * `CartActor`; `Tx`, `DbOrTx` come from db/client.ts). The lock taken by `openCartForUpdate` (UPDATE … RETURNING, the same row lock as
 * SELECT … FOR UPDATE) is the one the sync relies on for exactly once
 * (docs/decisions/cart-exactly-once.md); a carrier is preselected on creation
 * (docs/decisions/delivery-charges.md).
 *
 * The bottom of the cart files: it imports none of them (sync.ts, cart-view.ts, cart-updates.ts
 * and confirm.ts import it).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { addresses, carts } from '../../db/schema.ts';
import { preparedPer } from '../../db/statements.ts';
import { notFound } from '../../errors.ts';
import type { Viewer } from '../catalog/index.ts';

/** A row of `carts`. */
export type CartRow = typeof carts.$inferSelect;

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

// ---------------------------------------------------------------------------------------------
// Finding and creating the open cart

/**
 * SQL condition "the cart is open", with 'open' written in the statement rather than sent as a
 * parameter: only then may a generic plan (the cart routes' connections, db/client.ts
 * `Database.genericPlans`) use the partial index `carts_one_open_per_customer`; with a parameter
 * it read the whole carts table.
 */
export const cartIsOpen = sql`${carts.state} = 'open'`;

/** The customer's open cart as a query with the placeholder `customerId`. */
const openCartSelect = (conn: DbOrTx) =>
  conn
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, sql.placeholder('customerId')), cartIsOpen));
/** Its read, and the same read locking the row (FOR UPDATE), as named statements built once per connection object. */
const openCartReads = {
  read: preparedPer((conn) => openCartSelect(conn).prepare('vetshop_open_cart')),
  lock: preparedPer((conn) => openCartSelect(conn).for('update').prepare('vetshop_open_cart_lock')),
};

/**
 * The customer's open cart, locked FOR UPDATE when `lock` (inside a transaction). A named
 * statement: parsed and planned once per connection, where the query builder's unnamed one was
 * parsed and planned on every call, which cost PostgreSQL a fifth of a GET carts/current
 * (docs/decisions/cart-sync-performance.md, "The open cart's read as a named statement").
 */
export async function openCart(conn: DbOrTx, customerId: number, lock: boolean): Promise<CartRow | null> {
  const [row] = await openCartReads[lock ? 'lock' : 'read'](conn).execute({ customerId });
  return row ?? null;
}

/**
 * The customer's open cart, created when absent (its invoicing and delivery addresses default to
 * the customer's main invoicing address), locked until the end of the transaction: an UPDATE of
 * its change date and user takes the same row lock as SELECT … FOR UPDATE, in one round trip.
 * Two concurrent creations meet on the unique index "one open cart per customer": the loser does
 * nothing and then locks the winner's row.
 */
export async function openCartForUpdate(tx: Tx, actor: CartActor): Promise<CartRow> {
  // A named statement: parsed and planned once per connection (db/statements.ts).
  const touch = () =>
    tx
      .update(carts)
      .set({ updatedAt: sql`now()`, userId: sql`${sql.placeholder('userId')}` })
      .where(and(eq(carts.customerId, sql.placeholder('customerId')), cartIsOpen))
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

/** The open cart or 404 `not_found` ("No cart."). */
export async function requireOpenCart(conn: DbOrTx, actor: CartActor, lock = false): Promise<CartRow> {
  const row = await openCart(conn, actor.customerId, lock);
  if (!row) throw notFound('No open cart.');
  return row;
}
