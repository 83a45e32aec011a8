/**
 * Database access: PGlite in a data folder (embedded default) or a PostgreSQL server
 * (`DATABASE_URL`), behind one Drizzle type. Migrations run from code (drizzle-kit
 * migrate fails silently on PGlite with extensions).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
/** An open Drizzle transaction of `Db`: the `tx` of `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction of it: what a query that may run inside a transaction takes. */
export type DbOrTx = Db | Tx;
/** The database or an open transaction, of which only raw SQL (`execute`) is used. */
export type Queryable = Pick<Db, 'execute'>;

export interface Database {
  db: Db;
  /**
   * The same database through connections that keep ONE generic plan per named statement
   * (PostgreSQL: a small pool of its own whose sessions run with `plan_cache_mode =
   * force_generic_plan`; PGlite: `db` itself). For statements whose plan depends on no value:
   * the cart's hot path — the sync and the priced cart it answers
   * (docs/decisions/cart-sync-performance.md, "Generic plans for the hot path") — and the
   * autocomplete's key lookups (docs/decisions/search-performance.md, "Autocomplete: key lookups
   * on generic plans"). Their generic plan is as good as a custom one, but PostgreSQL's own choice
   * (`auto`) planned them afresh on every run, because a custom plan that knows a 2-element array
   * always looks cheaper than the generic estimate. Every statement sent on these connections,
   * named or not, runs on a generic plan, so nothing whose plan depends on its values (the search,
   * a trigram match) may use them. Absent: use `db`.
   */
  genericPlans?: Db;
  // The search's connections that plan every run for its values are `customPlansOf(db)`: kept
  // beside `db` rather than here, so the search reaches them through the `db` it is given, which
  // also keys its caches.
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
  /** Size of the generic-plan pool (`Database.genericPlans`, default 4). */
  genericPlansPoolSize?: number;
  /** Size of the custom-plan pool (`customPlansOf`, default 6). */
  customPlansPoolSize?: number;
  /**
   * PGlite in memory only: a dump (PGlite `dumpDataDir`, a tarball) of a database this code created
   * and migrated, loaded instead of creating an empty cluster; the migrations then find nothing
   * left to run. Creating a cluster runs PostgreSQL's initdb inside WebAssembly (5–12 s on a busy
   * 2-core machine, 2 s from a dump), so the tests open every in-memory database from one dump
   * (apps/api/test/pglite-template.ts, docs/decisions/test-databases-from-a-dump.md).
   */
  pgliteTemplate?: Blob;
}

/** Startup option of the generic-plan pool's sessions (`Database.genericPlans`). */
export const GENERIC_PLANS_OPTIONS = '-c plan_cache_mode=force_generic_plan';
/** Startup option of the custom-plan pool's sessions (`customPlansOf`). */
export const CUSTOM_PLANS_OPTIONS = '-c plan_cache_mode=force_custom_plan';

const customPlansByDb = new WeakMap<Db, Db>();

/**
 * The same PostgreSQL database as `db` through connections that plan EVERY run of a named
 * statement for its values (a pool of its own whose sessions run with `plan_cache_mode =
 * force_custom_plan`); undefined for PGlite and for a `db` that openDatabase did not open. For the
 * product search's statements (db/statements.ts `executeForValues`): their plans depend on their
 * values (how many rows a text or a category's terms select), so they must never settle on a
 * generic plan, but as named statements they are parsed once per connection instead of on every
 * run (docs/decisions/search-performance.md, "Search statements named on custom-plan connections").
 */
export function customPlansOf(db: Db): Db | undefined {
  return customPlansByDb.get(db);
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Opens the database and runs the migrations.
 * Errors: throws with a message naming the data folder when it cannot be created or opened.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = serverPool(opts.databaseUrl, opts.poolSize ?? 10);
    const genericPool = serverPool(opts.databaseUrl, opts.genericPlansPoolSize ?? 4, GENERIC_PLANS_OPTIONS);
    const customPool = serverPool(opts.databaseUrl, opts.customPlansPoolSize ?? 6, CUSTOM_PLANS_OPTIONS);
    const endPools = async () => {
      await Promise.all([pool.end(), genericPool.end(), customPool.end()]);
    };
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const genericPlans = drizzlePg(genericPool, { schema }) as unknown as Db;
    customPlansByDb.set(db, drizzlePg(customPool, { schema }) as unknown as Db);
    try {
      await migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
    } catch (err) {
      await endPools();
      throw err;
    }
    return { db, genericPlans, kind: 'postgres', close: endPools };
  }
  const dataDir = opts.dataDir && opts.dataDir !== 'memory://' ? path.resolve(opts.dataDir) : undefined;
  if (dataDir) {
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (err) {
      throw new Error(`Cannot create the data folder ${dataDir}: ${(err as Error).message}`);
    }
  }
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ?? 'memory://', {
      extensions: { pg_trgm, unaccent },
      ...(opts.pgliteTemplate && !dataDir ? { loadDataDir: opts.pgliteTemplate } : {}),
    });
  } catch (err) {
    release();
    throw new Error(`Cannot open the database in ${dataDir ?? 'memory'}: ${(err as Error).message}`);
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (err) {
    await client.close();
    release();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * Milliseconds an idle connection of a PostgreSQL pool stays open: 0, for as long as the pool.
 * node-postgres closes an idle connection after 10 s by default, and a new connection's first
 * statements pay its server process's warm-up (the catalogue caches of every table and index a
 * statement reads, the text-search dictionaries, the statement's parse and plans): a search asked
 * after 12 s of quiet took 80–100 ms against 21–25 ms on a warm connection (benchmark data set).
 * The pools are small (at most 20 connections per api process), so they are kept
 * (docs/decisions/search-performance.md, "Connections kept open").
 */
export const IDLE_CONNECTION_MS = 0;

/**
 * A node-postgres pool of at most `max` connections to `url`, with the session startup `options`
 * (e.g. GENERIC_PLANS_OPTIONS); idle connections stay open ({@link IDLE_CONNECTION_MS}). A
 * connection ended by the server (restart: 57P01, crash, network cut) emits 'error' on its client
 * — through the pool when idle, on the client itself when checked out between two queries of a
 * transaction. Without a listener node's EventEmitter throws it and
 * the whole api dies. The pool drops a client that is no longer queryable and opens a new one for
 * the next query; requests meanwhile answer 503 (errors.ts). docs/decisions/fault-tolerance.md.
 */
function serverPool(url: string, max: number, options?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    ...(options ? { options } : {}),
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Name of the lock file that keeps a PGlite data folder to one process. */
export const DATA_DIR_LOCK = 'vetshop.lock';

/**
 * PGlite is an in-process database: two processes on one data folder would corrupt it. Takes the
 * folder's lock file (holding our pid) or throws naming the folder and the process that holds it;
 * a lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, DATA_DIR_LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(`Cannot lock the data folder ${dataDir}: ${(err as Error).message}`);
      }
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `The data folder ${dataDir} is in use by another process (pid ${holder}); ` +
            'stop it, or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      rmSync(file, { force: true }); // stale lock of a stopped process
    }
  }
  throw new Error(`Cannot lock the data folder ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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
