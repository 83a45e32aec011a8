/**
 * The benchmark data set (docs/decisions/scale-proof-figures.md): the real catalogue scaled ×18 (≈ 72,000 variants),
 * 2,000 customers of every function and veterinary group with 1–3 users and their addresses,
 * 5 years of orders (≈ 540,000 product lines) with pickings, invoices, credit notes and
 * backorders — generated set-based and deterministically from a seed by
 * bench/dataset-builder.ts, then prices refreshed, search index rebuilt, VACUUM ANALYZE.
 * Decisions and figures: docs/decisions/benchmark-dataset.md.
 *
 * A built data set is marked in its own table `bench_dataset_meta` (seed, builder version, counts,
 * phase times); {@link prepareDataset} reuses it when seed and version match, else rebuilds it
 * (PostgreSQL: drop + create the database; PGlite: remove the folder) — or, when only the seed or
 * the generator version differ and the catalogue part (scale, size) is the same, clears and
 * regenerates the generated part in place (minutes instead of the catalogue's 7–15). Concurrent callers wait
 * for the one building (PostgreSQL advisory lock per database name; a `.building` file for PGlite).
 *
 * CLI: `npm run bench:dataset -- --engine postgres|pglite|both --seed N [--small] [--rebuild] [--checksum]
 * [--database NAME] [--data-dir DIR]`
 * prints the counts, the load time per phase (ms), the database size (MB) and, with --checksum,
 * the md5 of the generated rows (equal for equal seeds, across engines too).
 * Env: BENCH_SERVER_URL (PostgreSQL server URL, default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { businessDate } from '@vetshop/domain';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import {
  importCatalogue,
  IMPORT_VERSION,
  refreshPricesIfStale,
  refreshVariantPrices,
} from '../apps/api/src/modules/catalog-import/index.ts';
import { rebuildSearchIndex, refreshSearchPopularity } from '../apps/api/src/modules/catalog/index.ts';
import { hashPassword } from '../apps/api/src/modules/auth/index.ts';
import {
  DATASET_LOGIN_DOMAIN,
  DATASET_STAFF_LOGIN,
  DATASET_VERSION,
  FULL_SIZE,
  clearDataset,
  datasetChecksum,
  SMALL_SIZE,
  generateDataset,
  type DatasetCounts,
} from './dataset-builder.ts';
import { ROOT } from './lib.ts';
import { SCALE_VERSION, scaleCatalogue } from './scale.ts';

export type Engine = 'postgres' | 'pglite';

/** Options of {@link prepareDataset}. */
export interface DatasetOptions {
  /** Seed of the generated data (default 1). */
  seed?: number;
  /** PostgreSQL database name (default vetshop_dataset; vetshop_dataset_small when `small`). */
  database?: string;
  /** PGlite folder (default bench/.data/pglite-<seed>, bench/.data/pglite-<seed>-small when `small`). */
  dataDir?: string;
  /** Tiny version for tests: the real catalogue unscaled, 40 customers, 1 year of orders. */
  small?: boolean;
  /** Rebuild even when a data set of the same seed and version exists. */
  rebuild?: boolean;
}

/** A prepared data set. */
export interface Dataset {
  engine: Engine;
  /** env for startApi(): DATABASE_URL or DATA_DIR (+ SEED_DEMO_ACCOUNTS=false) */
  env: Record<string, string>;
  counts: {
    products: number;
    variants: number;
    customers: number;
    users: number;
    sales: number;
    saleLines: number;
    invoices: number;
    backorderLines: number;
    waitingLines: number;
    addresses: number;
    pickings: number;
    creditNotes: number;
  };
  /** every dataset user signs in with this password */
  password: string;
  /** customer users for load (every generated customer user, by id): login, customer id, user id, function, price list */
  users: { login: string; customerId: number; userId: number; fn: string; priceList: string }[];
  staffLogin: string;
  seed: number;
  /** True when an existing data set was reused (no build). */
  reused: boolean;
  /** Build time per phase, ms (those of the original build when reused). */
  phasesMs: Record<string, number>;
  /** Database size on disk, MB (PostgreSQL: pg_database_size; PGlite: the folder). */
  sizeMb: number;
}

/** The password of every generated user. */
export const DATASET_PASSWORD = 'vetshop-dataset-2026';
/** Catalogue copies of the full data set (×18: ≈ 72,000 variants). */
const SCALE_FACTOR = 18;
/**
 * The catalogue part of the builder version: scale, size, the copies' version and the catalogue
 * import's version. A data set imported by another import version is rebuilt: otherwise the api,
 * at its start on it, would find the import inputs changed and import the catalogue again over the
 * scaled one.
 */
function catalogueVersion(small: boolean): string {
  return `scale${small ? 1 : SCALE_FACTOR}/${small ? 'small' : 'full'}/${SCALE_VERSION}/${IMPORT_VERSION}`;
}
/** Builder version stored in bench_dataset_meta: generator version + catalogue part. */
function builderVersion(small: boolean): string {
  return `${DATASET_VERSION}/${catalogueVersion(small)}`;
}
/** The catalogue part of a stored builder version. */
const catalogueOf = (version: string): string => version.slice(version.indexOf('/') + 1);
const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Advisory lock (per database name, server-wide) held while a PostgreSQL data set is checked or built. */
const lockKey = (name: string): string => `vetshop-dataset:${name}`;

interface Meta {
  seed: number;
  version: string;
  counts: Dataset['counts'];
  phases: Record<string, number>;
}

function urlOf(database: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Size of a folder in MB. */
function folderMb(dir: string): number {
  let bytes = 0;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else bytes += statSync(p).size;
    }
  };
  if (existsSync(dir)) walk(dir);
  return Math.round(bytes / 1048576);
}

async function readMeta(database: Database): Promise<Meta | null> {
  try {
    const rows = (
      await database.db.execute<{
        seed: number;
        version: string;
        counts: Meta['counts'];
        phases: Meta['phases'];
      }>(sql`SELECT seed, version, counts, phases FROM bench_dataset_meta LIMIT 1`)
    ).rows;
    return rows[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * A reused data set built on an earlier day: refreshes its prices now (minutes at 72k variants),
 * as the api would do synchronously at start (longer than startApi waits).
 */
async function refreshIfStale(database: Database, log: (s: string) => void): Promise<void> {
  const t0 = performance.now();
  if (await refreshPricesIfStale(database.db))
    log(`  prices of an earlier day refreshed in ${Math.round(performance.now() - t0)} ms`);
}

async function sampleUsers(database: Database): Promise<Dataset['users']> {
  const rows = (
    await database.db.execute<{
      login: string;
      customer_id: number;
      id: number;
      role: string;
      price_list: string;
    }>(
      sql`SELECT login, customer_id, id, role, price_list FROM users
          WHERE customer_id IS NOT NULL AND login LIKE ${`%@${DATASET_LOGIN_DOMAIN}`} ORDER BY id`,
    )
  ).rows;
  return rows.map((r) => ({
    login: r.login,
    customerId: r.customer_id,
    userId: r.id,
    fn: r.role,
    priceList: r.price_list,
  }));
}

/** Times phases into `phases` and logs them. */
function timer(phases: Record<string, number>, log: (s: string) => void) {
  return async <T>(name: string, f: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await f();
    phases[name] = Math.round(performance.now() - t0);
    log(`  ${name.padEnd(14)} ${String(phases[name]).padStart(8)} ms`);
    return out;
  };
}

/**
 * Builds the data set in the open, empty `database`: import, scale, prices, search index, then
 * {@link generate}. Returns the meta.
 */
async function build(
  database: Database,
  seed: number,
  small: boolean,
  log: (s: string) => void,
): Promise<Meta> {
  const db = database.db;
  const today = businessDate();
  const phases: Record<string, number> = {};
  const time = timer(phases, log);
  await time('import', () => importCatalogue(db, { today }));
  await time('scale', () => scaleCatalogue(db, small ? 1 : SCALE_FACTOR));
  await time('prices', () => refreshVariantPrices(db, today));
  await time('searchIndex', () => rebuildSearchIndex(db));
  return generate(database, seed, small, phases, log);
}

/**
 * The generated part on a database holding the scaled catalogue (and possibly an older generated
 * part when `regenerating`: cleared first, tables rewritten after): accounts, orders, documents,
 * the search rows' popularity,
 * VACUUM ANALYZE, then the meta row (replaced).
 */
async function generate(
  database: Database,
  seed: number,
  small: boolean,
  phases: Record<string, number>,
  log: (s: string) => void,
  regenerating = false,
): Promise<Meta> {
  const db = database.db;
  const today = businessDate();
  const time = timer(phases, log);
  if (regenerating) await time('clear', () => clearDataset(db));
  const passwordHash = await time('passwordHash', () => hashPassword(DATASET_PASSWORD));
  const t0 = performance.now();
  const report = await generateDataset(db, {
    seed,
    today,
    size: small ? SMALL_SIZE : FULL_SIZE,
    passwordHash,
  });
  Object.assign(phases, report.phasesMs);
  for (const [k, v] of Object.entries(report.phasesMs)) log(`  ${k.padEnd(14)} ${String(v).padStart(8)} ms`);
  phases.generate = Math.round(performance.now() - t0);
  // The orders' popularity in the search rows, as the api writes it at start and each day.
  await time('popularity', () => refreshSearchPopularity(db));
  if (regenerating)
    // The deleted generation left the tables half empty: rewrite them so the data set is as
    // compact as a fresh build (benchmarks would otherwise scan the dead space).
    await time('vacuumFull', () =>
      db.execute(
        sql`VACUUM FULL customers, users, addresses, sales, sale_lines, pickings, invoices, payment_transactions`,
      ),
    );
  await time('vacuumAnalyze', () => db.execute(sql`VACUUM ANALYZE`));
  phases.total = Object.entries(phases)
    .filter(([k]) => k !== 'generate' && k !== 'total')
    .reduce((s, [, v]) => s + v, 0);
  const catalogue = (
    await db.execute<{ products: number; variants: number }>(sql`
      SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM product_variants) AS variants`)
  ).rows[0];
  const c: DatasetCounts = report.counts;
  const counts: Dataset['counts'] = {
    products: catalogue?.products ?? 0,
    variants: catalogue?.variants ?? 0,
    customers: c.customers,
    users: c.users,
    sales: c.sales,
    saleLines: c.saleLines,
    invoices: c.invoices,
    backorderLines: c.backorderLines,
    waitingLines: c.waitingLines,
    addresses: c.addresses,
    pickings: c.pickings,
    creditNotes: c.creditNotes,
  };
  const version = builderVersion(small);
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS bench_dataset_meta (seed int NOT NULL, version text NOT NULL, today date NOT NULL,
      built_at timestamptz NOT NULL DEFAULT now(), counts jsonb NOT NULL, phases jsonb NOT NULL)`);
  await db.execute(sql`DELETE FROM bench_dataset_meta`);
  await db.execute(sql`
    INSERT INTO bench_dataset_meta (seed, version, today, counts, phases)
    VALUES (${seed}, ${version}, ${today}, ${JSON.stringify(counts)}::jsonb, ${JSON.stringify(phases)}::jsonb)`);
  return { seed, version, counts, phases };
}

async function finish(
  engine: Engine,
  database: Database,
  meta: Meta,
  env: Record<string, string>,
  reused: boolean,
  sizeMb: () => Promise<number>,
): Promise<Dataset> {
  const users = await sampleUsers(database);
  const size = await sizeMb();
  await database.close();
  return {
    engine,
    env: { ...env, SEED_DEMO_ACCOUNTS: 'false' },
    counts: meta.counts,
    password: DATASET_PASSWORD,
    users,
    staffLogin: DATASET_STAFF_LOGIN,
    seed: meta.seed,
    reused,
    phasesMs: meta.phases,
    sizeMb: size,
  };
}

async function preparePostgres(
  seed: number,
  opts: DatasetOptions,
  log: (s: string) => void,
): Promise<Dataset> {
  const small = opts.small ?? false;
  const name = opts.database ?? (small ? 'vetshop_dataset_small' : 'vetshop_dataset');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
  const url = urlOf(name);
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    // One builder at a time on the server; the others wait here, then reuse its result.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey(name)]);
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (exists && !opts.rebuild) {
      const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
      const meta = await readMeta(database);
      if (meta && meta.seed === seed && meta.version === builderVersion(small)) {
        log(`[postgres] reusing ${name} (seed ${seed}, ${meta.version})`);
        await refreshIfStale(database, log);
        return finish('postgres', database, meta, { DATABASE_URL: url }, true, () => pgSizeMb(database));
      }
      if (meta && catalogueOf(meta.version) === catalogueVersion(small)) {
        // Same catalogue, other seed or generator version: regenerate only the generated part.
        log(
          `[postgres] regenerating ${name} (seed ${meta.seed} → ${seed}, ${meta.version} → ${builderVersion(small)})`,
        );
        await refreshIfStale(database, log);
        const regenerated = await generate(database, seed, small, {}, log, true);
        return finish('postgres', database, regenerated, { DATABASE_URL: url }, false, () =>
          pgSizeMb(database),
        );
      }
      await database.close();
    }
    log(`[postgres] building ${name} (seed ${seed}, ${builderVersion(small)})`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const meta = await build(database, seed, small, log);
    return finish('postgres', database, meta, { DATABASE_URL: url }, false, () => pgSizeMb(database));
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey(name)]).catch(() => undefined);
    await admin.end();
  }
}

async function pgSizeMb(database: Database): Promise<number> {
  const rows = (
    await database.db.execute<{ b: string }>(sql`SELECT pg_database_size(current_database())::text AS b`)
  ).rows;
  return Math.round(Number(rows[0]?.b ?? 0) / 1048576);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function preparePglite(seed: number, opts: DatasetOptions, log: (s: string) => void): Promise<Dataset> {
  const small = opts.small ?? false;
  const dir = path.resolve(
    opts.dataDir ?? path.join(ROOT, 'bench/.data', `pglite-${seed}${small ? '-small' : ''}`),
  );
  const marker = `${dir}.building`;
  mkdirSync(path.dirname(dir), { recursive: true });
  // Wait for another process building the same folder.
  for (;;) {
    try {
      writeFileSync(marker, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(readFileSync(marker, 'utf8').trim());
      if (!Number.isInteger(holder) || holder <= 0 || !isRunning(holder)) {
        rmSync(marker, { force: true });
        continue;
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  try {
    if (existsSync(dir) && !opts.rebuild) {
      const database = await openDatabase({ dataDir: dir });
      const meta = await readMeta(database);
      if (meta && meta.seed === seed && meta.version === builderVersion(small)) {
        log(`[pglite] reusing ${dir} (seed ${seed}, ${meta.version})`);
        await refreshIfStale(database, log);
        return finish('pglite', database, meta, { DATA_DIR: dir }, true, async () => folderMb(dir));
      }
      if (meta && catalogueOf(meta.version) === catalogueVersion(small)) {
        log(
          `[pglite] regenerating ${dir} (seed ${meta.seed} → ${seed}, ${meta.version} → ${builderVersion(small)})`,
        );
        await refreshIfStale(database, log);
        const regenerated = await generate(database, seed, small, {}, log, true);
        const ds = await finish('pglite', database, regenerated, { DATA_DIR: dir }, false, async () => 0);
        return { ...ds, sizeMb: folderMb(dir) };
      }
      await database.close();
    }
    log(`[pglite] building ${dir} (seed ${seed}, ${builderVersion(small)})`);
    rmSync(dir, { recursive: true, force: true });
    const database = await openDatabase({ dataDir: dir });
    const meta = await build(database, seed, small, log);
    // Size after close (PGlite flushes its files on close).
    const ds = await finish('pglite', database, meta, { DATA_DIR: dir }, false, async () => 0);
    return { ...ds, sizeMb: folderMb(dir) };
  } finally {
    rmSync(marker, { force: true });
  }
}

/** Builds (or reuses when already built with the same seed and builder version) the data set. */
export async function prepareDataset(engine: Engine, opts: DatasetOptions = {}): Promise<Dataset> {
  const seed = opts.seed ?? 1;
  if (!Number.isInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  const log = (s: string): void => console.log(s);
  return engine === 'postgres' ? preparePostgres(seed, opts, log) : preparePglite(seed, opts, log);
}

function printDataset(ds: Dataset): void {
  console.log(
    `[${ds.engine}] data set seed ${ds.seed} ${ds.reused ? '(reused)' : '(built)'}: ${ds.sizeMb} MB`,
  );
  const order: (keyof Dataset['counts'])[] = [
    'products',
    'variants',
    'customers',
    'users',
    'addresses',
    'sales',
    'saleLines',
    'pickings',
    'invoices',
    'creditNotes',
    'backorderLines',
    'waitingLines',
  ];
  for (const k of order) console.log(`  ${k.padEnd(16)} ${String(ds.counts[k]).padStart(9)}`);
  console.log(`  phases (ms): ${JSON.stringify(ds.phasesMs)}`);
  console.log(`  env: ${JSON.stringify(ds.env)}  staff: ${ds.staffLogin}  users: ${ds.users.length}`);
}

/** md5 of the generated rows of a prepared data set (see datasetChecksum), opening it again. */
export async function checksumOf(ds: Dataset): Promise<string> {
  const database = await openDatabase(
    ds.engine === 'postgres'
      ? { databaseUrl: ds.env.DATABASE_URL, poolSize: 1 }
      : { dataDir: ds.env.DATA_DIR },
  );
  try {
    return await datasetChecksum(database.db);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined => {
    const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
    if (i < 0) return undefined;
    const a = args[i] ?? '';
    return a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[i + 1];
  };
  const engineArg = value('--engine') ?? 'both';
  if (!['postgres', 'pglite', 'both'].includes(engineArg))
    throw new Error(`--engine must be postgres, pglite or both, got ${engineArg}`);
  const seed = Number(value('--seed') ?? 1);
  const engines: Engine[] = engineArg === 'both' ? ['postgres', 'pglite'] : [engineArg as Engine];
  for (const engine of engines) {
    const ds = await prepareDataset(engine, {
      seed,
      database: value('--database'),
      dataDir: value('--data-dir'),
      small: args.includes('--small'),
      rebuild: args.includes('--rebuild'),
    });
    printDataset(ds);
    if (args.includes('--checksum')) {
      const t0 = performance.now();
      console.log(`  checksum: ${await checksumOf(ds)} (${Math.round(performance.now() - t0)} ms)`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(
        `bench:dataset failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      process.exit(1);
    },
  );
}
