/**
 * Rows read as JSON inside a larger statement (apps/api/src/db/rows.ts `rowFromJson`, used by the
 * priced cart's one read, docs/decisions/cart-sync-performance.md): the same rows, types and
 * values the query builder answers for the same table, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rowFromJson } from '../src/db/rows.ts';
import { addresses, carriers } from '../src/db/schema.ts';
import { parseJsonValue } from '../src/modules/carts/pricing.ts';
import { createCustomer } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

describe.each(databaseTargets())('rows from JSON on $name', (target) => {
  let database: Database;
  let customerId = 0;

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_rows_from_json_test'));
    await insertFixture(database.db);
    ({ customerId } = await createCustomer(database.db, { login: 'rows-json@example.test' }));
    await database.db.insert(carriers).values([
      { code: 'rows_json_van', name: 'Van', freeFromCents: 25000, cutoffTime: '15:30' },
      {
        code: 'rows_json_points',
        name: 'Points',
        description: 'Pickup',
        withDropoffSite: true,
        active: false,
      },
    ]);
    // A soft-deleted address: a timestamp with microseconds, beside the null ones.
    await database.db
      .update(addresses)
      .set({ deletedAt: sql`'2026-11-30 10:11:12.345678+00'::timestamptz` })
      .where(eq(addresses.customerId, customerId));
  });

  afterAll(async () => {
    await database?.close();
  });

  it('gives the query builder’s address rows (dates as Date, nulls as null)', async () => {
    const built = await database.db.select().from(addresses).where(eq(addresses.customerId, customerId));
    const r = await database.db.execute<{ rows: unknown }>(
      sql`SELECT coalesce(json_agg(a ORDER BY a.id), '[]'::json) AS rows FROM addresses a
          WHERE a.customer_id = ${customerId}`,
    );
    const fromJson = parseJsonValue<Record<string, unknown>[]>(r.rows[0]!.rows).map((a) =>
      rowFromJson(addresses, a),
    );
    expect(built.length).toBeGreaterThan(0);
    expect(fromJson).toEqual(built);
    expect(fromJson[0]!.deletedAt).toBeInstanceOf(Date);
    expect(fromJson[0]!.deletedAt!.toISOString()).toBe('2026-11-30T10:11:12.345Z');
  });

  it('gives the query builder’s carrier rows', async () => {
    const built = await database.db.select().from(carriers).orderBy(carriers.id);
    const r = await database.db.execute<{ rows: unknown }>(
      sql`SELECT coalesce(json_agg(c ORDER BY c.id), '[]'::json) AS rows FROM carriers c`,
    );
    expect(built.length).toBeGreaterThan(0);
    expect(
      parseJsonValue<Record<string, unknown>[]>(r.rows[0]!.rows).map((c) => rowFromJson(carriers, c)),
    ).toEqual(built);
  });
});
