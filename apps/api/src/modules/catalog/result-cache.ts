/**
 * In-process cache of serialised catalogue answers (search and autocomplete; decision in
 * docs/decisions/search-performance.md#second-pass-2026-11-21-one-row-per-match-per-locale-autocomplete-indexes-cached-answers).
 *
 * Why it is legitimate: an answer of /catalog/search or /catalog/autocomplete is a function of the
 * validated query, the viewer's price list and veterinary groups (viewer.ts: nothing else of the
 * user is read), the catalogue tables and the business day. The key carries the catalogue version
 * (catalog-version module: a counter the database bumps on every change of what a catalogue page
 * shows, stock states included), so an answer is never served after a change, in every api process; the
 * import, an index rebuild and the daily price refresh also clear the cache of their process
 * (clearResultCache). Every guest of a price list therefore shares one entry per query and version.
 * The signed-in user's own price terms are applied per request after the cache
 * (viewer-prices.ts, docs/decisions/price-terms.md), so entries hold no user's terms.
 *
 * Entries are the JSON text sent to the client (the zod-encoded answer), so a hit costs neither the
 * search SQL nor serialisation. One lru-cache per database: concurrent misses of one key share one
 * computation (no stampede), at most RESULT_CACHE_MAX_BYTES of JSON, least recently used dropped
 * first, RESULT_CACHE_TTL_MS at most.
 */
import { LRUCache } from 'lru-cache';
import { businessDate } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { readVersions, type CatalogVersions } from '../catalog-version/index.ts';
import type { Viewer } from './viewer.ts';
import { forgetHitRows } from './search-hits.ts';

/**
 * Lifetime of an entry, ms. An entry is keyed by the catalogue version and the business day, and
 * the version moves with every change and at the clock's edges (docs/decisions/catalogue-time-edges.md),
 * so this bound only limits an entry cached under an unknown version (the counter could not be read).
 * It was 60 s, as the browse facet counts, while promotion dates moved without the version.
 */
export const RESULT_CACHE_TTL_MS = 10 * 60_000;
/** JSON kept per database at most, in UTF-16 code units (≈ bytes for the catalogue's text). */
export const RESULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** A cache of JSON answers; the computation of a miss is passed as the fetch context. */
type Store = LRUCache<string, string, () => Promise<string>>;

const stores = new WeakMap<object, Store>();

function storeOf(db: object): Store {
  let store = stores.get(db);
  if (!store) {
    store = new LRUCache<string, string, () => Promise<string>>({
      maxSize: RESULT_CACHE_MAX_BYTES,
      sizeCalculation: (json) => Math.max(1, json.length),
      ttl: RESULT_CACHE_TTL_MS,
      fetchMethod: (_key, _stale, { context }) => context(),
    });
    stores.set(db, store);
  }
  return store;
}

/**
 * Cache key of an answer: route, catalogue version (null when unknown: the entry then lives its TTL),
 * business day, viewer context (price list, sorted veterinary group ids) and the validated query
 * (keys sorted, so that parameter order does not matter).
 */
export function resultCacheKey(
  route: string,
  query: object,
  viewer: Viewer,
  catalogVersion: string | null,
): string {
  const q = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    route,
    catalogVersion,
    businessDate(),
    viewer.priceList,
    [...viewer.vetGroupIds].sort((a, b) => a - b),
    q,
  ]);
}

/**
 * The catalogue version and the search documents version of `db` in one read, or null when they
 * cannot be read (the autocomplete then asks the database and caches under the unknown version).
 */
export async function currentVersions(db: Db): Promise<CatalogVersions | null> {
  try {
    return await readVersions(db);
  } catch {
    return null;
  }
}

/**
 * The catalogue version of `db` for {@link resultCacheKey} (the `catalog` part of
 * {@link currentVersions}), or null when it cannot be read: the answer is then cached under the
 * unknown version for its TTL, as before the counter existed.
 */
export async function currentCatalogVersion(db: Db): Promise<string | null> {
  return (await currentVersions(db))?.catalog ?? null;
}

/**
 * The cached JSON of `key` in the cache of `db` (an object identifying the database), else
 * `compute()` (its JSON is cached once it resolves; a rejection is not cached and reaches every
 * caller waiting on it). Errors: those of `compute`.
 */
export async function cachedJson(db: object, key: string, compute: () => Promise<string>): Promise<string> {
  const json = await storeOf(db).fetch(key, { context: compute });
  // fetch resolves undefined only when the fetch method does, which `compute` never does.
  if (json === undefined) throw new Error(`result cache: no answer for ${key}`);
  return json;
}

/**
 * Drops every cached answer of `db`, and the search's hit rows kept under catalogue versions
 * (search-hits.ts `hitRowsOf`), after an import, an index rebuild or a price refresh.
 */
export function clearResultCache(db: object): void {
  stores.delete(db);
  forgetHitRows(db);
}

/** Number of cached answers of `db` (tests). */
export function resultCacheSize(db: object): number {
  return stores.get(db)?.size ?? 0;
}
