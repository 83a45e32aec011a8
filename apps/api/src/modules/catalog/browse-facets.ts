/**
 * Primed facet counts of the guest category pages (docs/decisions/search-performance.md#primed-browse-facets-2026-11-24):
 * a category page's first visit must not wait for its facet counts (a pass over every model of
 * the category: 0.3–0.8 s for the largest categories of the benchmark data set), so the api counts
 * them for the guest, in every locale, before anyone asks: at start, and again whenever the
 * catalogue version has moved or the counts were dropped (import, price refresh). One browse at a
 * time, so the priming never takes more than one database connection and one core from requests.
 */
import { sql } from 'drizzle-orm';
import { LOCALES, searchQuerySchema, type SearchQuery } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { readCatalogVersion } from '../catalog-version/index.ts';
import { facetsCountedFor, searchProducts } from './search-products.ts';
import { GUEST } from './viewer.ts';

/** How often the primer checks the catalogue version (ms): the life of a facet entry. */
export const BROWSE_PRIME_INTERVAL_MS = 60_000;

/** What one priming did: browses looked at, browses counted, catalogue version, duration (ms). */
export interface PrimeReport {
  browses: number;
  counted: number;
  version: string | null;
  ms: number;
}

/**
 * The guest browses whose facet counts are primed: the browse without a category (the search page
 * without text, and the category facet of every category page) and every category, in each locale,
 * as the web asks them (default sort and page size: the facet counts depend on neither).
 */
async function guestBrowses(db: Db): Promise<SearchQuery[]> {
  const categories = await db.execute<{ id: number }>(sql`SELECT id FROM categories ORDER BY id`);
  return LOCALES.flatMap((lang) => [
    searchQuerySchema.parse({ lang }),
    ...categories.rows.map((c) => searchQuerySchema.parse({ lang, category: [String(c.id)] })),
  ]);
}

/** The last priming of each database (browseFacetsPrimed). */
const primed = new WeakMap<object, PrimeReport>();

/**
 * Whether the guest browse facets of `db` were primed since the api started (GET /health
 * `browse_facets_primed`: a benchmark or a load balancer may wait for it; requests are answered
 * before it too, counting what they need).
 */
export function browseFacetsPrimed(db: Db): boolean {
  return primed.has(db);
}

/**
 * Counts the facets of every guest browse (guestBrowses) not yet counted for the current
 * catalogue version, one after the other, through searchProducts (which caches them), until
 * `stopped()` says so (checked before each browse). Returns what it did; with no readable version it
 * counts nothing (the counts could not be dated).
 * Errors: those of the database (the caller logs them; the cache keeps what was counted).
 */
export async function primeBrowseFacets(db: Db, stopped: () => boolean = () => false): Promise<PrimeReport> {
  const started = performance.now();
  const version = await readCatalogVersion(db);
  const browses = version === null ? [] : await guestBrowses(db);
  let counted = 0;
  for (const query of browses) {
    if (stopped()) break;
    if (version === null || facetsCountedFor(db, query, GUEST, version)) continue;
    await searchProducts(db, query, GUEST, version);
    counted++;
  }
  const report = { browses: browses.length, counted, version, ms: Math.round(performance.now() - started) };
  if (version !== null && !stopped()) primed.set(db, report);
  return report;
}

/**
 * Starts priming at once, then every BROWSE_PRIME_INTERVAL_MS (a priming that finds every count
 * current costs one version read and one cache look-up per browse). `onReport` receives each
 * priming that counted something, `onError` each failure. Returns the function that stops it: it
 * resolves once the running priming has stopped (after its current browse), so the database can
 * be closed behind it.
 */
export function startBrowseFacetPrimer(
  db: Db,
  onReport: (report: PrimeReport) => void,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = (): void => {
    if (running || stopped) return;
    running = primeBrowseFacets(db, () => stopped)
      .then(
        (report) => {
          if (report.counted > 0 && !stopped) onReport(report);
        },
        (err: unknown) => {
          if (!stopped) onError(err);
        },
      )
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, BROWSE_PRIME_INTERVAL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
