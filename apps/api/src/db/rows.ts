/**
 * Rows of a table read as JSON inside a larger statement (`row_to_json`, `json_agg` of the
 * table's rows), turned into the rows drizzle's query builder answers, so that a read can join
 * another statement instead of paying a round trip of its own (docs/decisions/cart-sync-performance.md,
 * "The priced cart's carrier, addresses and pickup point in its one read").
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The drizzle row of `table` from its JSON form `json` (keys: the columns' database names, as
 * `row_to_json` writes them; an object as node-postgres parses it, or its text as PGlite answers
 * a json column): each column by its property name, through the column's own
 * mapping from the driver's value (a timestamp's text to a `Date`, a jsonb text parsed), a
 * missing or null value as null. Meant for tables whose columns JSON carries exactly (integers,
 * text, booleans, timestamps, jsonb): a `numeric` or `bigint` column would come as a JSON number
 * where the driver answers text.
 */
export function rowFromJson<T extends PgTable>(table: T, json: unknown): T['$inferSelect'] {
  const fields = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = fields[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
