/**
 * The api's PostgreSQL pools keep their idle connections (db/client.ts `IDLE_CONNECTION_MS`;
 * docs/decisions/search-performance.md, "Connections kept open"): node-postgres would close one
 * after 10 s of quiet, and the next search would pay a new server process's warm-up. Each pool
 * (the main one, the generic-plan one, the custom-plan one) answers from the same server process
 * before and after a minute of quiet (timers faked, so the minute takes no time).
 *
 * PostgreSQL only (PGlite has no pool): needs TEST_DATABASE_URL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { customPlansOf, recreateDatabase, type Database, type Db } from '../src/db/client.ts';
import { openOneConnectionPerPool } from './helpers.ts';

const server = process.env.TEST_DATABASE_URL;

/** The server process (`pg_backend_pid`) that answers a statement on `db`. */
async function backendOf(db: Db): Promise<number> {
  const r = await db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
  return Number(r.rows[0]!.pid);
}

describe.skipIf(!server)('idle pool connections (PostgreSQL)', () => {
  let database: Database | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await database?.close();
  });

  it('answers from the same server process after a minute of quiet, on each pool', async () => {
    const url = await recreateDatabase(server!, 'vetshop_pool_idle_test');
    database = await openOneConnectionPerPool(url);
    const pools = [database.db, database.genericPlans!, customPlansOf(database.db)!];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = [];
    for (const db of pools) before.push(await backendOf(db));
    await vi.advanceTimersByTimeAsync(60_000);
    const after = [];
    for (const db of pools) after.push(await backendOf(db));
    expect(new Set(before).size).toBe(3);
    expect(after).toEqual(before);
  }, 60_000);
});
