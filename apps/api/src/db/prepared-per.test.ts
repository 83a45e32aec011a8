/**
 * `preparedPer` (db/statements.ts): a prepared query is built once per connection object and
 * answers its rows on every run (PGlite; docs/decisions/cart-sync-performance.md "Prepared reads
 * built once").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestPglite } from '../../test/pglite-template.ts';
import type { Database } from './client.ts';
import { carriers } from './schema.ts';
import { preparedPer } from './statements.ts';

describe('preparedPer', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestPglite();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('builds once per connection object and runs the kept query with each run’s values', async () => {
    let builds = 0;
    const read = preparedPer((conn) => {
      builds += 1;
      return conn
        .select({ code: carriers.code })
        .from(carriers)
        .where(sql`${carriers.code} = ${sql.placeholder('code')}`)
        .prepare('test_prepared_per');
    });
    const codes = ['test-van', 'test-parcel'];
    await database.db.insert(carriers).values(codes.map((code) => ({ code, name: code })));
    for (const code of codes) expect(await read(database.db).execute({ code })).toEqual([{ code }]);
    expect(await read(database.db).execute({ code: 'no such carrier' })).toEqual([]);
    expect(builds).toBe(1);
    await database.db.transaction(async (tx) => {
      expect(await read(tx).execute({ code: codes[0] })).toEqual([{ code: codes[0] }]);
      expect(read(tx)).toBe(read(tx));
    });
    expect(builds).toBe(2);
  });
});
