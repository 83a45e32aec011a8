/**
 * Entry point of the api (`npm start -w @vetshop/api`): configuration → database (migrated) →
 * catalogue imported when missing → prices refreshed when stale → app → listen.
 * SIGTERM/SIGINT close the server, then the database. Start-up problems print one clear message
 * (no stack trace) and exit with status 1.
 */
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { businessDate } from '@vetshop/domain';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { buildApp } from './app.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Thrown for start-up problems whose message is enough (printed without a stack). */
class StartupError extends Error {}

/** Loads an optional module of the catalogue import (another engineer's), or null when absent. */
async function optionalModule(relative: string): Promise<Record<string, unknown> | null> {
  const file = path.join(here, relative);
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/** Checks that the PGlite data folder exists (or can be created) and is writable. */
function checkDataDir(dir: string): void {
  const abs = path.resolve(dir);
  try {
    mkdirSync(abs, { recursive: true });
    accessSync(abs, constants.R_OK | constants.W_OK);
  } catch (err) {
    throw new StartupError(
      `The data folder ${abs} (DATA_DIR) cannot be created or is not writable: ${(err as Error).message}. ` +
        'Set DATA_DIR to a writable folder, or DATABASE_URL to a PostgreSQL server.',
    );
  }
}

/** Imports the catalogue when the import module exists (ensureCatalogue is idempotent). */
async function ensureCatalogue(db: Db, log: pino.Logger): Promise<void> {
  const mod = await optionalModule('seed/import.ts');
  const ensure = mod?.ensureCatalogue;
  if (typeof ensure !== 'function') {
    log.warn('catalogue import module not available; starting with the current catalogue');
    return;
  }
  const started = Date.now();
  await (ensure as (db: Db) => Promise<unknown>)(db);
  log.info({ ms: Date.now() - started }, 'catalogue ready');
}

/** Recomputes variant_prices when they were computed on an earlier business day. */
async function refreshPricesWhenStale(db: Db, log: pino.Logger): Promise<void> {
  const today = businessDate();
  const r = await db.execute<{ on: string | null }>(
    sql`SELECT max(computed_on)::text AS on FROM variant_prices`,
  );
  const on = r.rows[0]?.on ?? null;
  if (on === null || on >= today) return;
  const mod = await optionalModule('seed/prices.ts');
  const refresh = mod?.refreshVariantPrices;
  if (typeof refresh !== 'function') return;
  await (refresh as (db: Db, on: string) => Promise<unknown>)(db, today);
  log.info({ from: on, to: today }, 'prices refreshed');
}

async function start(config: Config, log: pino.Logger): Promise<void> {
  if (!config.DATABASE_URL) checkDataDir(config.DATA_DIR);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (err) {
    const where = config.DATABASE_URL
      ? `the PostgreSQL server of DATABASE_URL`
      : `the data folder ${path.resolve(config.DATA_DIR)} (DATA_DIR)`;
    throw new StartupError(`Cannot open the database in ${where}: ${(err as Error).message}`);
  }
  log.info({ database: database.kind }, 'database open');
  await ensureCatalogue(database.db, log);
  await refreshPricesWhenStale(database.db, log);

  const app = await buildApp({ db: database, logger: { level: config.LOG_LEVEL } });
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.API_PORT, host: config.API_HOST });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL, name: 'api' });
  try {
    await start(config, log);
  } catch (err) {
    const message = err instanceof StartupError ? err.message : `Start-up failed: ${(err as Error).message}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
}

void main();
