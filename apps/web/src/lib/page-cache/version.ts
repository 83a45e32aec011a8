/**
 * The api's catalogue version as the web process knows it (docs/decisions/guest-page-cache.md,
 * "Catalogue version and invalidation"): GET /catalog/version, asked at most once per
 * {@link VERSION_MEMO_MS} (concurrent callers share one request); null when the api cannot answer.
 * Read by the guest page cache (store.ts, direct.ts, src/proxy.ts) and by what the web keeps per
 * version outside it (lib/api/cms.ts: the info banners and advertisements). Each bundle that
 * imports this module (Next's proxy, the app's server code) keeps its own memo.
 */

/** How long a known catalogue version is trusted before the api is asked again, ms. */
export const VERSION_MEMO_MS = 1000;
/** Time allowed to GET /catalog/version, ms. */
const VERSION_TIMEOUT_MS = 1000;

let known: { version: string | null; at: number } | null = null;
let asking: Promise<string | null> | null = null;

/**
 * The catalogue version last read from the api while it is fresh (read less than `maxAgeMs` ago,
 * {@link VERSION_MEMO_MS} by default), else null; asks nothing (lib/page-cache/direct.ts).
 */
export function knownCatalogVersion(
  now: number = Date.now(),
  maxAgeMs: number = VERSION_MEMO_MS,
): string | null {
  return known && now - known.at < maxAgeMs ? known.version : null;
}

/**
 * The catalogue version (decimal string) of the api at `apiUrl`, memoised {@link VERSION_MEMO_MS}
 * (or `maxAgeMs`: read again sooner); null when the api does not answer (the caller then renders
 * per request).
 */
export async function catalogVersion(
  apiUrl: string,
  now: number = Date.now(),
  maxAgeMs: number = VERSION_MEMO_MS,
): Promise<string | null> {
  if (known && now - known.at < maxAgeMs) return known.version;
  if (!asking) {
    asking = (async () => {
      let version: string | null = null;
      try {
        const res = await fetch(`${apiUrl}/catalog/version`, {
          cache: 'no-store',
          signal: AbortSignal.timeout(VERSION_TIMEOUT_MS),
        });
        if (res.ok) {
          const body = (await res.json()) as { version?: unknown };
          if (typeof body.version === 'string' && /^\d+$/.test(body.version)) version = body.version;
        }
      } catch {
        version = null;
      }
      known = { version, at: Date.now() };
      return version;
    })().finally(() => {
      asking = null;
    });
  }
  return asking;
}

/** Forgets the memoised version (tests: store.ts `clearPageCache`). */
export function forgetCatalogVersion(): void {
  known = null;
}
