/**
 * Statements built once (apps/api/src/db/statements.ts `namedOnce`,
 * docs/decisions/cart-sync-performance.md "The sync statement built once"): the text is built on
 * the first run only, every run binds its own values, a missing value throws before anything is
 * sent, and on PostgreSQL the statement is prepared under its name on the connection. On PGlite,
 * plus PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { namedOnce, statementName } from '../src/db/statements.ts';
import { testDatabases } from './helpers.ts';

for (const target of testDatabases()) {
  describe(`statements built once (${target.name})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await target.open();
    });
    afterAll(async () => {
      await database?.close();
    });

    it('builds the text once and binds each run its own values, arrays included', async () => {
      let builds = 0;
      const run = namedOnce<{ next: number; names: string[]; none: string | null }>(() => {
        builds += 1;
        return sql`SELECT ${sql.placeholder('n')}::int + 1 AS next, ${sql.placeholder('names')}::text[] AS names,
                          ${sql.placeholder('maybe')}::text AS none`;
      });
      const a = await run(database.db, { n: 1, names: ['a', 'b'], maybe: null });
      const b = await run(database.db, { n: 41, names: ['é', 'x,y', ''], maybe: 'z' });
      expect(a.rows).toEqual([{ next: 2, names: ['a', 'b'], none: null }]);
      expect(b.rows).toEqual([{ next: 42, names: ['é', 'x,y', ''], none: 'z' }]);
      expect(builds).toBe(1);
    });

    it('refuses a run with a value missing, and the next complete run works', async () => {
      const run = namedOnce<{ x: number }>(() => sql`SELECT ${sql.placeholder('x')}::int AS x`);
      await expect(run(database.db, {})).rejects.toThrow(/placeholder "x"/);
      expect((await run(database.db, { x: 7 })).rows).toEqual([{ x: 7 }]);
    });

    it.skipIf(target.name !== 'postgres')(
      'prepares the statement under its name on the connection that runs it',
      async () => {
        const text = sql`SELECT ${sql.placeholder('v')}::int * 2 AS doubled`;
        const run = namedOnce<{ doubled: number }>(() => text);
        await database.db.transaction(async (tx) => {
          expect((await run(tx, { v: 21 })).rows).toEqual([{ doubled: 42 }]);
          const prepared = await tx.execute<{ name: string }>(
            sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE '%AS doubled%'`,
          );
          expect(prepared.rows.map((r) => r.name)).toEqual([statementName('SELECT $1::int * 2 AS doubled')]);
        });
      },
    );
  });
}
