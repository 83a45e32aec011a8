/**
 * How a statement is sent to PostgreSQL (docs/decisions/search-performance.md, "Uncached CPU",
 * "Custom plans for the search", "Product page statement"): named, so that each pooled connection
 * parses it once and may keep its plan (`executeNamed`), or planned for the values of each run
 * (`executeForValues`: named too, on connections that never keep a plan). Both take drizzle SQL and
 * answer as `db.execute` does.
 */
import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { customPlansOf, type Db, type DbOrTx } from './client.ts';

const dialect = new PgDialect();

/**
 * Distinct statement texts given a name per process at most. The named statements are a bounded
 * family of texts (the autocomplete's tiers and chunks, the product page's reads, the cart's sync
 * and priced view), each with its values as parameters; past this bound statements run unnamed,
 * so neither this process nor the server's sessions keep an unbounded number of prepared
 * statements.
 */
export const NAMED_STATEMENTS_MAX = 256;
/**
 * Distinct texts of `executeForValues` given a name per process at most: a budget of their own, so
 * that the search's shapes (sorts, filter sets, with or without text or code) never take the names
 * of the hot statements above; each name costs every custom-plan connection one parsed statement.
 */
export const CUSTOM_PLAN_STATEMENTS_MAX = 64;

/** A namer of at most `max` texts: `vs_` + 24 hex digits of the text's sha-1, null past the bound. */
function namer(max: number): (text: string) => string | null {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= max) return null;
    const name = `vs_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
}

/** Name of the prepared statement of `text` (`vs_` + 24 hex digits of its sha-1), null past the bound. */
export const statementName = namer(NAMED_STATEMENTS_MAX);
/** Name of an `executeForValues` statement (as `statementName`, within CUSTOM_PLAN_STATEMENTS_MAX). */
const customPlanStatementName = namer(CUSTOM_PLAN_STATEMENTS_MAX);

/**
 * Runs `query` as a **named** prepared statement (PostgreSQL: node-postgres parses it once per
 * pooled connection, then only binds and executes it; the server skips the parse and analysis of
 * the text and, under `plan_cache_mode = auto`, may reuse a plan — or, when a custom plan looks
 * cheaper than the generic estimate, plan it again on every run; on `Database.genericPlans`
 * (db/client.ts) the plan is always kept). For hot statements whose generic plan is as good as a
 * custom one: the autocomplete's small statements, and the product page's
 * reads, every condition of which is a key lookup and whose planning took longer than their run
 * (docs/decisions/search-performance.md, "Product page statement"), and the cart's sync and priced
 * view, whose planning cost more than their run too (docs/decisions/cart-sync-performance.md).
 * `conn` is the database or an open transaction (a transaction's connection keeps its names like
 * any pooled connection). The rows, types and errors are those of `conn.execute(query)`. PGlite
 * runs in process without a statement cache: the name is ignored there and the statement runs as
 * with `execute`.
 */
export async function executeNamed<T>(conn: DbOrTx, query: SQL): Promise<{ rows: T[] }> {
  const built = dialect.sqlToQuery(query);
  const prepared = conn._.session.prepareQuery(
    built,
    undefined,
    statementName(built.sql) ?? undefined,
    false,
  );
  return (await prepared.execute()) as { rows: T[] };
}

/**
 * A named statement whose SQL text is built **once per process**: `build` returns drizzle SQL whose
 * per-run values are `sql.placeholder(name)`s; the first run turns it into text and parameters
 * (as `executeNamed` does on every run) and names it, every run then binds `values` (placeholder
 * name → value, arrays as PostgreSQL arrays) and executes it as `executeNamed` would. For the
 * hottest statements, whose text does not depend on the values: building a large statement's text
 * through drizzle on every run cost more node CPU than the rest of the request path
 * (docs/decisions/cart-sync-performance.md, "The sync statement built once"). Rows, types and
 * errors are those of `conn.execute`; a placeholder without a value throws before anything is sent.
 */
export function namedOnce<T>(
  build: () => SQL,
): (conn: DbOrTx, values: Record<string, unknown>) => Promise<{ rows: T[] }> {
  let built: { query: Query; name: string | undefined } | undefined;
  return async (conn, values) => {
    if (!built) {
      const query = dialect.sqlToQuery(build());
      built = { query, name: statementName(query.sql) ?? undefined };
    }
    const prepared = conn._.session.prepareQuery(built.query, undefined, built.name, false);
    return (await prepared.execute(values)) as { rows: T[] };
  };
}

/**
 * Runs `query` planned for the values of this run, as `db.execute(query)` does (same rows, types
 * and errors). For the product search's statements: as named statements on the api's own
 * connections, PostgreSQL switched them to a generic plan after five runs whenever it estimated that
 * cheaper, and a generic plan cannot see how many rows a category's term array or a text query
 * selects (a large category's browse then read and sorted 24,000 rows, 131 ms, instead of walking
 * the name index to its 24 rows, 3 ms; docs/decisions/search-performance.md, "Custom plans for the
 * search"). On PostgreSQL the statement runs **named on the custom-plan connections**
 * (db/client.ts `customPlansOf`), which plan every run for its values: each connection parses a
 * text once instead of on every run (about 0.5 ms of the server's CPU per search;
 * docs/decisions/search-performance.md, "Search statements named on custom-plan connections").
 * Past CUSTOM_PLAN_STATEMENTS_MAX texts it runs there unnamed; on PGlite, unnamed on `db`.
 */
export async function executeForValues<T>(db: Db, query: SQL): Promise<{ rows: T[] }> {
  const built = dialect.sqlToQuery(query);
  const custom = customPlansOf(db);
  const name = custom ? customPlanStatementName(built.sql) : null;
  const prepared = (custom ?? db)._.session.prepareQuery(built, undefined, name ?? undefined, false);
  return (await prepared.execute()) as { rows: T[] };
}

/**
 * A drizzle prepared query (`….prepare(name)`) built once per connection object `conn` (the
 * database, or one transaction) instead of on every call: `build` makes it, later calls with the
 * same `conn` answer the kept one, which `execute(values)` runs as often as needed (a pool takes a
 * connection per run). Building a query builder's SELECT cost more of the api's CPU than running
 * it on a priced cart sync (docs/decisions/cart-sync-performance.md, "Prepared reads built once").
 */
export function preparedPer<P>(build: (conn: DbOrTx) => P): (conn: DbOrTx) => P {
  const kept = new WeakMap<DbOrTx, P>();
  return (conn) => {
    let prepared = kept.get(conn);
    if (prepared === undefined) kept.set(conn, (prepared = build(conn)));
    return prepared;
  };
}
