/**
 * The databases an api integration test runs on: in-memory PGlite always, and a scratch database
 * on the PostgreSQL server of TEST_DATABASE_URL when it is set (CI sets it).
 */
import { openDatabase, recreateDatabase, type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';

export interface Target {
  name: 'pglite' | 'postgres';
  /**
   * Opens a fresh database: PGlite in memory, or the PostgreSQL scratch database `scratch`
   * (dropped and created again) with a pool of `poolSize`; `url` is set for PostgreSQL so a second
   * process can join it.
   */
  open(scratch: string, poolSize?: number): Promise<{ database: Database; url?: string }>;
}

/** PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseTargets(): Target[] {
  const targets: Target[] = [{ name: 'pglite', open: async () => ({ database: await openTestPglite() }) }];
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    targets.push({
      name: 'postgres',
      open: async (scratch, poolSize = 4) => {
        const url = await recreateDatabase(server, scratch);
        return { database: await openDatabase({ databaseUrl: url, poolSize }), url };
      },
    });
  }
  return targets;
}
