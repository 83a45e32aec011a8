import { BUILD_ID_PATH } from './constants';

/**
 * True when the build-id document names another build than the one that rendered the page
 * (docs/product/web-app-shell.md "A changed id triggers an update prompt"). Unknown ids (development server, unreadable
 * document) never trigger it.
 */
export function isNewBuild(pageBuildId: string, latestId: unknown): boolean {
  return (
    typeof latestId === 'string' &&
    latestId !== '' &&
    latestId !== 'unknown' &&
    pageBuildId !== 'unknown' &&
    latestId !== pageBuildId
  );
}

/** URL of the build-id document with the cache-busting time query (`t` = epoch ms). */
export function buildIdUrl(now: number): string {
  return `${BUILD_ID_PATH}?t=${now}`;
}

/**
 * Fetches the build-id document (client) and returns its id, or null on any failure (offline,
 * non-JSON answer): a failed check never prompts.
 */
export async function fetchLatestBuildId(now = Date.now()): Promise<string | null> {
  try {
    const res = await fetch(buildIdUrl(now), { cache: 'no-store' });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    const id = body && typeof body === 'object' && 'id' in body ? body.id : null;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
