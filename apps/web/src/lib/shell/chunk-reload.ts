import { CHUNK_RELOAD_WINDOW_MS } from './constants';

/** Session-storage key prefix of the last chunk-error reload per path (value: epoch ms). */
export const CHUNK_RELOAD_KEY_PREFIX = 'vetshop:chunk-reload:';

/** Minimal storage used by {@link shouldReloadAfterChunkError} (sessionStorage in the browser). */
export interface ReloadStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * True when `reason` (an error, a rejection reason or an error event message) is a failed load of an
 * on-demand script or CSS chunk (a deployment replaced the build the page was loaded from).
 */
export function isChunkLoadError(reason: unknown): boolean {
  const name = reason instanceof Error ? reason.name : '';
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return (
    name === 'ChunkLoadError' ||
    /Loading (?:CSS )?chunk [\w/.-]+ failed|Failed to load chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      message,
    )
  );
}

/**
 * Decides whether the page at `path` should reload after a chunk error (docs/product/web-app-shell.md#offline: "a failed load of
 * an on-demand page reloads it at most once per 10 s per path"): true, and records `now` (epoch ms),
 * when the last reload of that path is older than {@link CHUNK_RELOAD_WINDOW_MS}; false otherwise
 * (the error then reaches the error screen instead of looping).
 */
export function shouldReloadAfterChunkError(path: string, now: number, store: ReloadStore): boolean {
  const key = CHUNK_RELOAD_KEY_PREFIX + path;
  const last = Number(store.getItem(key) ?? '');
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  store.setItem(key, String(now));
  return true;
}

/**
 * Browser entry point: when `reason` is a chunk error and the current path was not reloaded in the
 * last 10 s, reloads the page and returns true. For error boundaries and global error listeners.
 */
export function reloadAfterChunkError(reason: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(reason)) return false;
  let store: ReloadStore;
  try {
    store = window.sessionStorage;
  } catch {
    return false;
  }
  if (!shouldReloadAfterChunkError(location.pathname, Date.now(), store)) return false;
  location.reload();
  return true;
}
