/**
 * Database access: PGlite in a data folder (embedded default) or a PostgreSQL server
 * (`DATABASE_URL`), behind one Drizzle type. Migrations run from code (DESIGN: drizzle-kit
 * migrate fails silently on PGlite with extensions).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. Both expose select/insert/execute alike. */
export type Db = ReturnType<typeof drizzlePglite<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… URL of a server; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` (or undefined) keeps it in memory (tests). */
  dataDir?: string;
  /** node-postgres pool size (default 10). */
  poolSize?: number;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Opens the database and runs the migrations.
 * Errors: throws with a message naming the data folder when it cannot be created or opened.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = opts.dataDir && opts.dataDir !== 'memory://' ? path.resolve(opts.dataDir) : undefined;
  if (dataDir) {
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (err) {
      throw new Error(`Cannot create the data folder ${dataDir}: ${(err as Error).message}`);
    }
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm, unaccent } });
  } catch (err) {
    throw new Error(`Cannot open the database in ${dataDir ?? 'memory'}: ${(err as Error).message}`);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * Creates (or recreates) a scratch database `name` on the server of `serverUrl` and returns its URL.
 * Used by tests and benchmarks to stay apart from each other on one PostgreSQL server.
 */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
