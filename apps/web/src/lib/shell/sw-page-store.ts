/**
 * The service worker's stored catalogue pages (docs/decisions/service-worker-caching.md "Whose copy
 * is shown offline"): guest copies and the signed-in browser's own copies kept apart, the viewer
 * remembered in a state cache, the own copies forgotten at sign-out. Framework-free: it takes the
 * CacheStorage to use (the worker's `caches`, or an in-memory fake in tests) and nothing from the
 * service-worker global, so it runs in node.
 */

/** Header the proxy (src/proxy.ts) sets on every page rendered for a browser with a session. */
export const PRIVATE_PAGE_HEADER = 'x-vetshop-private';
/** Copies of catalogue pages answered to a browser without session (public: every viewer may see them). */
export const GUEST_PAGES = 'vetshop-pages';
/**
 * Copies of catalogue pages answered to the signed-in browser (its own prices): emptied when the
 * browser signs out (a request to /auth/logout, /auth/expired or /auth/oidc/logged-out) and when a
 * page comes back without the private header (session gone), so they are only ever shown to the
 * session that loaded them.
 */
export const OWN_PAGES = 'vetshop-pages-own';
/** Entries kept per page cache (the oldest goes first). */
export const MAX_PAGES = 100;
/** Where the worker remembers whether the browser's last catalogue page was rendered for a session. */
export const STATE_CACHE = 'vetshop-state';
export const VIEWER_KEY = '/__vetshop/viewer';
/**
 * Beside {@link VIEWER_KEY}: the number of sign-outs the browser's workers have seen (decimal text).
 * Kept in the state cache rather than only in memory, so that a sign-out handled by one worker (the
 * new build's, after an update) is seen by another still finishing requests (the old build's), and
 * by a worker started again after being stopped.
 */
export const SIGN_OUTS_KEY = '/__vetshop/sign-outs';

/** Options of {@link createPageStore}. */
export interface PageStoreOptions {
  /** Entries kept per page cache, the oldest going first ({@link MAX_PAGES} by default). */
  maxPages?: number;
}

/**
 * The sign-outs seen when a catalogue request started (taken by {@link PageStore.signOutMark}):
 * those of this worker (in memory, exact) and the stored count of all workers ({@link SIGN_OUTS_KEY};
 * NaN when it could not be read, which counts as a sign-out since).
 */
export interface SignOutMark {
  readonly local: number;
  readonly stored: Promise<number>;
}

/** The page store of the service worker (see {@link createPageStore}). */
export interface PageStore {
  /** True when the browser's last stored catalogue page was rendered for a session. */
  signedIn(): Promise<boolean>;
  /** Records whose pages the browser is shown: its session's own copies, or guest copies. */
  setViewer(viewer: 'session' | 'guest'): Promise<void>;
  /**
   * Forgets the signed-in browser's pages (sign-out, session gone): counts one more sign-out (at
   * once in memory, then in {@link SIGN_OUTS_KEY}), then deletes {@link OWN_PAGES} and sets the
   * viewer to guest. Those two happen even when the count could not be stored (the error follows).
   */
  forgetOwnPages(): Promise<void>;
  /**
   * Sends a sign-out request (`send`: its network answer) and forgets the own pages twice: when it
   * starts, and again when its answer has arrived. The session cookie is cleared by that answer
   * only, so a catalogue page requested in between (the page's CACHE_URLS message, a prefetch)
   * still carried the session: the second count makes its answer one of an ended session, which
   * {@link PageStore.remember} drops. Resolves with the answer once both are done, even when the
   * pages could not be forgotten (cache errors); rejects as `send` does.
   */
  signOut(send: () => Promise<Response>): Promise<Response>;
  /**
   * The sign-outs seen so far. Take it synchronously when a catalogue request starts (before its
   * answer can arrive) and pass it to {@link PageStore.remember} with the answer.
   */
  signOutMark(): SignOutMark;
  /**
   * Stores a 200 page answer in the cache of its viewer (guest or session) and trims that cache.
   * A session's answer (header {@link PRIVATE_PAGE_HEADER}) to a request started before a sign-out
   * (`since` older than the current count) is dropped and leaves the viewer as it is: it was rendered
   * for the session that has just ended. When the sign-out comes while such an answer is being
   * stored, the answer is taken back out and the viewer set to guest. Guest answers are always stored.
   */
  remember(request: Request, response: Response, since: SignOutMark): Promise<void>;
  /** The stored copy a viewer may see: the session's own copy, else the public guest copy. */
  storedCopy(request: Request): Promise<Response | undefined>;
}

/**
 * The page store over `caches` (docs/decisions/service-worker-caching.md): copies of catalogue pages
 * in {@link GUEST_PAGES} and {@link OWN_PAGES} (at most `options.maxPages` entries each, default
 * {@link MAX_PAGES}), the viewer and the sign-out count in {@link STATE_CACHE}. Cache errors reject
 * the returned promises. One store per worker (its in-memory sign-out count is per store).
 */
export function createPageStore(caches: CacheStorage, options: PageStoreOptions = {}): PageStore {
  const maxPages = options.maxPages ?? MAX_PAGES;
  /** Sign-outs handled by this worker since it started. */
  let localSignOuts = 0;
  /** The stored count's updates, one at a time (read, then write one more). */
  let counting: Promise<unknown> = Promise.resolve();

  async function storedSignOuts(): Promise<number> {
    const count = Number(await (await (await caches.open(STATE_CACHE)).match(SIGN_OUTS_KEY))?.text());
    return Number.isSafeInteger(count) ? count : 0;
  }

  /** True when a sign-out happened since `mark` was taken (or the stored count cannot be read). */
  async function signedOutSince(mark: SignOutMark): Promise<boolean> {
    if (localSignOuts !== mark.local) return true;
    const [then, now] = await Promise.all([mark.stored, storedSignOuts().catch(() => Number.NaN)]);
    return !(then === now);
  }

  async function signedIn(): Promise<boolean> {
    const state = await (await caches.open(STATE_CACHE)).match(VIEWER_KEY);
    return (await state?.text()) === 'session';
  }

  async function setViewer(viewer: 'session' | 'guest'): Promise<void> {
    await (await caches.open(STATE_CACHE)).put(VIEWER_KEY, new Response(viewer));
  }

  async function forgetOwnPages(): Promise<void> {
    localSignOuts += 1;
    // The count is stored before the pages go: a worker storing a session's page at the same time
    // either sees it on its check after storing (and takes the page back) or stored it before the
    // deletion below.
    const counted = counting.then(async () => {
      const count = await storedSignOuts();
      await (await caches.open(STATE_CACHE)).put(SIGN_OUTS_KEY, new Response(String(count + 1)));
    });
    counting = counted.catch(() => undefined);
    try {
      await counted;
    } finally {
      await caches.delete(OWN_PAGES);
      await setViewer('guest');
    }
  }

  async function signOut(send: () => Promise<Response>): Promise<Response> {
    const started = forgetOwnPages().catch(() => undefined);
    try {
      return await send();
    } finally {
      await started;
      await forgetOwnPages().catch(() => undefined);
    }
  }

  function signOutMark(): SignOutMark {
    const stored = storedSignOuts().catch(() => Number.NaN);
    return { local: localSignOuts, stored };
  }

  async function remember(request: Request, response: Response, since: SignOutMark): Promise<void> {
    if (response.status !== 200 || response.type !== 'basic') return;
    const own = response.headers.has(PRIVATE_PAGE_HEADER);
    if (own) {
      // Rendered for a session that has signed out since the request started: no longer the viewer's.
      if (await signedOutSince(since)) return;
      await setViewer('session');
    } else if (await signedIn()) await forgetOwnPages();
    const cache = await caches.open(own ? OWN_PAGES : GUEST_PAGES);
    const key = request.url;
    await cache.delete(key);
    await cache.put(key, response);
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - maxPages))) await cache.delete(old);
    if (own && (await signedOutSince(since))) {
      // The sign-out came while the page was being stored (possibly after it emptied the cache,
      // which the `open` above then made anew): the own pages go again, cache and all. A page of a
      // session started since then is lost with them (it is only an offline copy).
      await caches.delete(OWN_PAGES);
      await setViewer('guest');
    }
  }

  async function storedCopy(request: Request): Promise<Response | undefined> {
    // `match` with a cache name, not `open`: opening would make the own pages' cache anew when a
    // sign-out has just deleted it.
    const own = (await signedIn()) ? await caches.match(request.url, { cacheName: OWN_PAGES }) : undefined;
    return own ?? (await caches.match(request.url, { cacheName: GUEST_PAGES }));
  }

  return { signedIn, setViewer, forgetOwnPages, signOut, signOutMark, remember, storedCopy };
}
