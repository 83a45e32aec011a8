/**
 * Named (server-side prepared) statements for the cart's hot path (docs/decisions/cart-sync-performance.md).
 *
 * Profiling the sync on PostgreSQL showed planning costing more than executing: 0.44 ms to plan
 * the cart lock against 0.12 ms to run it, 1.1 ms against 0.7 ms for the read of the sync, 2 ms
 * against 1 ms for the cart view (EXPLAIN (ANALYZE, SUMMARY)). Drizzle sends `db.execute(sql)` as
 * an unnamed statement, parsed and planned on every call; a named statement is parsed once per
 * connection and its plan cached by the server (node-postgres keeps the names it prepared per
 * client). PGlite ignores the name and runs the statement as usual.
 *
 * The name derives from the statement's text, so one name never carries two texts (node-postgres
 * refuses that); at most MAX_NAMES texts are named per process, later ones run unnamed.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();
const MAX_NAMES = 64;

/**
 * Runs `query` on `conn` (the database or an open transaction) as a named prepared statement and
 * returns its rows (column names as the statement aliases them, values parsed by the driver).
 * Errors are the driver's, as with `conn.execute`.
 */
export async function runPrepared<T extends Record<string, unknown>>(
  conn: DbOrTx,
  query: SQL,
): Promise<{ rows: T[] }> {
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `vetshop_cart_${names.size + 1}`;
    names.set(built.sql, name);
  }
  const prepared = conn._.session.prepareQuery(built, undefined, name, false);
  return (await prepared.execute()) as { rows: T[] };
}
