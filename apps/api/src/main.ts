/**
 * Entry point of the api (`npm start -w @vetshop/api`): configuration → database (migrated) →
 * catalogue imported when missing or changed → prices refreshed when stale (and hourly) → app → listen
 * → the guest category pages' facet counts primed (and kept for each catalogue version).
 * SIGTERM/SIGINT close the server, then the database. Start-up problems print one clear message
 * (no stack trace) and exit with status 1.
 */
import { accessSync, constants, mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { buildApp } from './app.ts';
import {
  createBearerVerifier,
  OidcConfigurationError,
  type BearerVerifier,
  purgeExpiredSessions,
} from './modules/auth/index.ts';
import { createMailer } from './modules/mail/index.ts';
import { ensureCatalogue, refreshPricesIfStale } from './modules/catalog-import/index.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './seed/accounts.ts';
import {
  clearFacetCache,
  refreshSearchPopularity,
  startAutocompleteIndexLoad,
  startBrowseFacetPrimer,
} from './modules/catalog/index.ts';
import { watchTimeEdges } from './modules/catalog-version/index.ts';
import { seedCarriers } from './seed/carriers.ts';
import { seedDemoHistory } from './seed/history.ts';
import { seedDemoStandardOrder } from './seed/standard-order.ts';
import { seedSelection } from './modules/promotions/index.ts';
import { seedDefaultForms } from './modules/leads/index.ts';
import { seedContent } from './modules/cms/seed.ts';

/** Thrown for start-up problems whose message is enough (printed without a stack). */
class StartupError extends Error {}

/** Free space the PGlite data folder needs at start (MB): below it the api refuses to start. */
const DATA_DIR_MIN_FREE_MB = 64;

/**
 * Checks that the PGlite data folder exists (or can be created), is writable (a probe file is
 * written and removed: root ignores permission bits, a read-only mount does not) and has at least
 * DATA_DIR_MIN_FREE_MB of free space, so that a read-only folder or a full disk stops start-up
 * with one line naming the folder before PGlite writes anything (docs/decisions/fault-tolerance.md,
 * docs/decisions/fault-tolerance.md). Errors: StartupError.
 */
function checkDataDir(dir: string): void {
  const abs = path.resolve(dir);
  const probe = path.join(abs, `.write-probe-${process.pid}`);
  try {
    mkdirSync(abs, { recursive: true });
    accessSync(abs, constants.R_OK | constants.W_OK);
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (err) {
    throw new StartupError(
      `The data folder ${abs} (DATA_DIR) cannot be created or is not writable: ${(err as Error).message}. ` +
        'Set DATA_DIR to a writable folder, or DATABASE_URL to a PostgreSQL server.',
    );
  }
  const { bavail, bsize } = statfsSync(abs);
  const freeMb = Math.floor((Number(bavail) * Number(bsize)) / (1024 * 1024));
  if (freeMb < DATA_DIR_MIN_FREE_MB) {
    throw new StartupError(
      `The data folder ${abs} (DATA_DIR) has only ${freeMb} MB of free disk space (at least ` +
        `${DATA_DIR_MIN_FREE_MB} MB needed): free some space, or set DATA_DIR to a folder on another disk.`,
    );
  }
}

/** How often the api checks that prices were computed for the current business day (ms). */
const PRICE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Recomputes the materialised prices when they date from a business day before `day` (validity
 * windows and "discount ending this month" move with the date), then drops the cached facet
 * counts computed from the old prices. Run when the business day begins (watchTimeEdges) and
 * hourly as a backstop.
 */
async function refreshPrices(db: Db, log: pino.Logger, day?: string): Promise<void> {
  if (!(await refreshPricesIfStale(db, day))) return;
  clearFacetCache(db);
  log.info('prices refreshed for the new business day');
}

/**
 * The access-token verifier of the oidc and oidc-token modes (modules/auth/oidc.ts), its provider
 * discovered at start: metadata without a jwks_uri (docs/product/errors.md#sign-in "Missing endpoint") stops start-up; a
 * provider that cannot be reached yet is only a warning (sign-ins answer 503 until it is back).
 */
async function oidcVerifier(config: Config, db: Db, log: pino.Logger): Promise<BearerVerifier | undefined> {
  if (config.AUTH_TYPE !== 'oidc' && config.AUTH_TYPE !== 'oidc-token') return undefined;
  const verifier = createBearerVerifier({ issuer: config.OIDC_ISSUER!, audience: config.OIDC_AUDIENCE, db });
  if (!config.OIDC_AUDIENCE)
    log.warn('OIDC_AUDIENCE is not set: access tokens issued by the provider for any audience are accepted');
  try {
    await verifier.discover();
    log.info({ issuer: config.OIDC_ISSUER }, 'identity provider discovered');
  } catch (err) {
    if (err instanceof OidcConfigurationError) throw new StartupError(err.message);
    log.warn(
      { issuer: config.OIDC_ISSUER, reason: (err as Error).message },
      'identity provider not reachable yet',
    );
  }
  return verifier;
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
  // Imports the catalogue when missing or when its sources or the import code changed, else
  // refreshes stale prices; then checks the prices every hour.
  const started = Date.now();
  const { action } = await ensureCatalogue(database.db);
  log.info({ action, ms: Date.now() - started }, 'catalogue ready');
  // Carriers and pickup points (idempotent).
  const seeded = await seedCarriers(database.db);
  log.info(seeded, 'carriers ready');
  // Default contact forms when none exists (idempotent; staff edits are kept).
  log.info({ inserted: await seedDefaultForms(database.db) }, 'contact forms ready');
  // Demo accounts (README): on the embedded PGlite default, or on any database when asked for.
  if (
    config.SEED_DEMO_ACCOUNTS === 'true' ||
    (config.SEED_DEMO_ACCOUNTS === 'auto' && !config.DATABASE_URL)
  ) {
    const demo = await seedDemoAccounts(database.db);
    log.info(
      { logins: demo.logins, password: DEMO_PASSWORD, created: demo.created.length },
      'demo accounts (SEED_DEMO_ACCOUNTS): sign in with one of these logins and the shared demo password',
    );
    // A few real products in the curated selection (/{lang}/selection) when it is empty.
    log.info({ added: await seedSelection(database.db) }, 'demo selection ready');
    // Two years of delivered orders for the demo veterinary, so its dashboard and home have figures.
    const history = await seedDemoHistory(database.db);
    if (history) log.info(history, 'demo purchase history ready');
    // Its standard order: the products it orders most, as a practice keeps one.
    const standardOrder = await seedDemoStandardOrder(database.db);
    if (standardOrder) log.info(standardOrder, 'demo standard order ready');
    // Default website content (pages, snippets, news in fr/nl/en) when the content table is empty.
    log.info({ added: await seedContent(database.db) }, 'website content ready');
  }
  // What practices ordered in the last year orders equally relevant search hits (the demo history
  // above counts; docs/decisions/search-ranking.md); each new business day refreshes it again.
  log.info({ rows: await refreshSearchPopularity(database.db) }, 'search popularity ready');
  const priceTimer = setInterval(() => {
    refreshPrices(database.db, log).catch((err: unknown) => log.error({ err }, 'price refresh failed'));
    purgeExpiredSessions(database.db).catch((err: unknown) => log.error({ err }, 'session purge failed'));
  }, PRICE_CHECK_INTERVAL_MS);
  priceTimer.unref();

  const oidc = await oidcVerifier(config, database.db, log);
  const app = await buildApp({
    db: database,
    oidc,
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    payment:
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? { stripe: { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET } }
        : {},
    leads: { staffTo: config.MAIL_STAFF_TO },
    mailOutbox: { intervalMs: config.MAIL_OUTBOX_INTERVAL_MS },
    promoAlerts: {
      leadDays: config.PROMO_ALERT_LEAD_DAYS,
      intervalMs: config.PROMO_ALERTS_INTERVAL_MINUTES * 60_000,
    },
    auth: {
      type: config.AUTH_TYPE,
      sessionTtlMs: config.SESSION_TTL_HOURS * 3600 * 1000,
      siteUrl: config.SITE_URL,
    },
    mailer: createMailer({
      from: config.MAIL_FROM,
      replyTo: config.MAIL_REPLY_TO,
      smtpUrl: config.SMTP_URL,
      outboxDir: config.MAIL_OUTBOX_DIR,
    }),
  });
  let stopPrimer = async (): Promise<void> => undefined;
  // The clock's edges move the catalogue version; a new business day first refreshes the stored
  // prices (docs/decisions/catalogue-time-edges.md), then the search rows' popularity.
  const stopTimeEdges = watchTimeEdges(database.db, {
    onNewBusinessDay: async (day) => {
      await refreshPrices(database.db, log, day);
      await refreshSearchPopularity(database.db);
    },
    onEdge: (report) => log.info(report, 'catalogue time edge'),
    onError: (err) => log.error({ err }, 'catalogue time edge check failed'),
  });
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    try {
      clearInterval(priceTimer);
      await stopTimeEdges();
      await stopPrimer();
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
  // After listen: requests are answered while the counts are made, one browse at a time.
  stopPrimer = startBrowseFacetPrimer(
    database.db,
    (report) => log.info(report, 'guest browse facets primed'),
    (err) => log.error({ err }, 'guest browse facet priming failed'),
  );
  startAutocompleteIndexLoad(database.db);
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
