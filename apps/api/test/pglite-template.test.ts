/**
 * The tests' PGlite databases opened from a dump (apps/api/test/pglite-template.ts,
 * docs/decisions/test-databases-from-a-dump.md): `openDatabase` loads the dump it is given, and a
 * database opened from the shared dump has the schema a freshly migrated one has, and is its own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';

/** Tables, columns, indexes, constraints, functions, triggers and extensions of the public schema. */
async function schemaOf(database: Database): Promise<string[]> {
  const r = await database.db.execute<{ line: string }>(sql`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable
           || ' ' || coalesce(column_default, '') AS line
    FROM information_schema.columns WHERE table_schema IN ('public', 'drizzle')
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname IN ('public', 'drizzle')
    UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 'function ' || p.oid::regprocedure::text FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL SELECT 'trigger ' || tgrelid::regclass || ' ' || tgname FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'extension ' || extname || ' ' || extversion FROM pg_extension
    UNION ALL SELECT 'migration ' || hash FROM drizzle.__drizzle_migrations
    ORDER BY 1`);
  return r.rows.map((row) => row.line);
}

describe('PGlite databases from a dump', () => {
  const open: Database[] = [];
  afterAll(async () => {
    for (const database of open) await database.close();
  });

  it('opens the dump it is given: its rows are there, and the migrations run nothing again', async () => {
    const source = await openDatabase({});
    open.push(source);
    await source.db.execute(sql`CREATE TABLE dump_marker (note text)`);
    await source.db.execute(sql`INSERT INTO dump_marker VALUES ('from the dump')`);
    const dump = await source.db.$client.dumpDataDir('none');
    const copy = await openDatabase({ pgliteTemplate: dump });
    open.push(copy);
    const rows = await copy.db.execute<{ note: string }>(sql`SELECT note FROM dump_marker`);
    expect(rows.rows).toEqual([{ note: 'from the dump' }]);
    expect(await schemaOf(copy)).toEqual(await schemaOf(source));
  });

  it('gives each test a database with the schema of a freshly migrated one, apart from the others', async () => {
    const fresh = await openDatabase({});
    const first = await openTestPglite();
    const second = await openTestPglite();
    open.push(fresh, first, second);
    const expected = await schemaOf(fresh);
    expect(expected.filter((line) => line.startsWith('migration ')).length).toBeGreaterThan(30);
    expect(await schemaOf(first)).toEqual(expected);
    await first.db.execute(sql`CREATE TABLE only_in_first (id int)`);
    expect(await schemaOf(second)).toEqual(expected);
  });
});
