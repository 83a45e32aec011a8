/**
 * In-process cache of serialised catalogue answers (search and autocomplete; decision in
 * docs/decisions/search-performance.md#second-pass-2026-11-21-one-row-per-match-per-locale-autocomplete-indexes-cached-answers).
 *
 * Why it is legitimate: an answer of /catalog/search or /catalog/autocomplete is a function of the
 * validated query, the viewer's price list and veterinary groups (viewer.ts: nothing else of the
 * user is read), the catalogue tables and the business day. The catalogue tables change only
 * through the import (which ends with rebuildSearchIndex) and the daily price refresh; both clear
 * this cache in the process that ran them (clearFacetCache), and another api process sees the change
 * within RESULT_CACHE_TTL_MS. Every guest of a price list therefore shares one entry per query.
 * The signed-in user's own price terms are applied per request after the cache
 * (viewer-prices.ts, docs/decisions/price-terms.md), so entries hold no user's terms.
 *
 * Entries are the JSON text sent to the client (the zod-encoded answer), so a hit costs neither
 * SQL nor serialisation. Concurrent misses of one key share one computation (no stampede).
 * Bounded: at most RESULT_CACHE_MAX_BYTES of JSON per database, the oldest entries dropped first.
 */
import { businessDate } from '@vetshop/domain';
import type { Viewer } from './viewer.ts';

/** Lifetime of an entry, ms (the same as the facet counts of browse pages). */
export const RESULT_CACHE_TTL_MS = 60_000;
/** JSON kept per database at most, in UTF-16 code units (≈ bytes for the catalogue's text). */
export const RESULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  at: number;
  size: number;
  json: Promise<string>;
}

interface Store {
  entries: Map<string, Entry>;
  bytes: number;
}

const stores = new WeakMap<object, Store>();

/**
 * Cache key of an answer: route, business day, viewer context (price list, sorted veterinary
 * group ids) and the validated query (keys sorted, so that parameter order does not matter).
 */
export function resultCacheKey(route: string, query: object, viewer: Viewer): string {
  const q = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    route,
    businessDate(),
    viewer.priceList,
    [...viewer.vetGroupIds].sort((a, b) => a - b),
    q,
  ]);
}

/**
 * The cached JSON of `key` in the cache of `db` (any object identifying the database), else
 * `compute()` (its JSON is cached once it resolves; a rejection is not cached). Errors: those of
 * `compute`.
 */
export async function cachedJson(db: object, key: string, compute: () => Promise<string>): Promise<string> {
  let store = stores.get(db);
  if (!store) {
    store = { entries: new Map(), bytes: 0 };
    stores.set(db, store);
  }
  const now = Date.now();
  const found = store.entries.get(key);
  if (found && now - found.at < RESULT_CACHE_TTL_MS) return found.json;
  if (found) forget(store, key);
  const entry: Entry = { at: now, size: 0, json: compute() };
  store.entries.set(key, entry);
  const owner = store;
  try {
    const json = await entry.json;
    if (owner.entries.get(key) === entry) {
      entry.size = json.length;
      owner.bytes += entry.size;
      for (const [k] of owner.entries) {
        if (owner.bytes <= RESULT_CACHE_MAX_BYTES) break;
        forget(owner, k);
      }
    }
    return json;
  } catch (err) {
    if (owner.entries.get(key) === entry) owner.entries.delete(key);
    throw err;
  }
}

function forget(store: Store, key: string): void {
  const e = store.entries.get(key);
  if (!e) return;
  store.bytes -= e.size;
  store.entries.delete(key);
}

/** Drops every cached answer of `db` (after an import, an index rebuild or a price refresh). */
export function clearResultCache(db: object): void {
  stores.delete(db);
}

/** Number of cached answers of `db` (tests). */
export function resultCacheSize(db: object): number {
  return stores.get(db)?.entries.size ?? 0;
}
