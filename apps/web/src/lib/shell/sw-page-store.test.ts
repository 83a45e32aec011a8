import { describe, expect, it } from 'vitest';
import {
  createPageStore,
  GUEST_PAGES,
  OWN_PAGES,
  PRIVATE_PAGE_HEADER,
  STATE_CACHE,
  VIEWER_KEY,
} from './sw-page-store';

/** Key of a cache entry: the URL of a request or string (the store only uses GET URLs). */
function keyOf(request: RequestInfo | URL): string {
  if (typeof request === 'string') return new URL(request, 'https://shop.test').href;
  return request instanceof URL ? request.href : request.url;
}

/** An in-memory Cache: entries in insertion order (as the browser's `keys()` lists them). */
class FakeCache implements Cache {
  readonly entries = new Map<string, Response>();

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(keyOf(request))?.clone();
  }

  async matchAll(request?: RequestInfo | URL): Promise<ReadonlyArray<Response>> {
    const all = [...this.entries.entries()];
    return all.filter(([k]) => request === undefined || k === keyOf(request)).map(([, r]) => r.clone());
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const key = keyOf(request);
    this.entries.delete(key);
    this.entries.set(key, response.clone());
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }

  async keys(): Promise<ReadonlyArray<Request>> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  async add(): Promise<void> {
    throw new Error('not used by the page store');
  }

  async addAll(): Promise<void> {
    throw new Error('not used by the page store');
  }
}

/**
 * An in-memory CacheStorage. As in the browser, a deleted cache's object stays usable but is no
 * longer reachable: the next `open` of that name makes a new, empty cache. `onOpen` runs before an
 * `open` resolves (to interleave another operation at that point).
 */
class FakeCacheStorage implements CacheStorage {
  readonly caches = new Map<string, FakeCache>();
  onOpen: ((name: string) => Promise<void>) | undefined;

  async open(name: string): Promise<Cache> {
    await this.onOpen?.(name);
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(request: RequestInfo | URL, options?: MultiCacheQueryOptions): Promise<Response | undefined> {
    if (options?.cacheName !== undefined) return this.caches.get(options.cacheName)?.match(request);
    for (const cache of this.caches.values()) {
      const hit = await cache.match(request);
      if (hit) return hit;
    }
    return undefined;
  }

  /** URLs stored in cache `name` (oldest first); empty when the cache does not exist. */
  urls(name: string): string[] {
    return [...(this.caches.get(name)?.entries.keys() ?? [])];
  }
}

const url = (path: string): string => `https://shop.test${path}`;
const get = (path: string): Request => new Request(url(path));

/** A same-origin ('basic') page answer, as the worker gets it from the network. */
function page(
  body: string,
  { own = false, status = 200 }: { own?: boolean; status?: number } = {},
): Response {
  const response = new Response(body, {
    status,
    headers: { 'content-type': 'text/html', ...(own ? { [PRIVATE_PAGE_HEADER]: '1' } : {}) },
  });
  Object.defineProperty(response, 'type', { value: 'basic' });
  return response;
}

async function text(response: Response | undefined): Promise<string | undefined> {
  return response?.text();
}

describe('service worker page store', () => {
  it('stores a signed-in page in the own cache and shows it to that session', async () => {
    const caches = new FakeCacheStorage();
    const store = createPageStore(caches);
    await store.remember(get('/fr/p/metacam'), page('own prices', { own: true }), store.signOutMark());
    expect(caches.urls(OWN_PAGES)).toEqual([url('/fr/p/metacam')]);
    expect(caches.urls(GUEST_PAGES)).toEqual([]);
    expect(await store.signedIn()).toBe(true);
    expect(await text(await store.storedCopy(get('/fr/p/metacam')))).toBe('own prices');
  });

  it('stores a guest page in the public cache', async () => {
    const caches = new FakeCacheStorage();
    const store = createPageStore(caches);
    await store.remember(get('/nl/c/honden'), page('list prices'), store.signOutMark());
    expect(caches.urls(GUEST_PAGES)).toEqual([url('/nl/c/honden')]);
    expect(caches.urls(OWN_PAGES)).toEqual([]);
    expect(await store.signedIn()).toBe(false);
    expect(await text(await store.storedCopy(get('/nl/c/honden')))).toBe('list prices');
  });

  it('keeps only 200 same-origin answers', async () => {
    const caches = new FakeCacheStorage();
    const store = createPageStore(caches);
    await store.remember(get('/fr/p/a'), page('gone', { status: 404 }), store.signOutMark());
    const opaque = new Response('x');
    await store.remember(get('/fr/p/b'), opaque, store.signOutMark());
    expect(caches.urls(GUEST_PAGES)).toEqual([]);
  });

  it("prefers the session's own copy for a signed-in viewer, else the guest copy", async () => {
    const caches = new FakeCacheStorage();
    const store = createPageStore(caches);
    await store.remember(get('/fr/search'), page('guest copy'), store.signOutMark());
    await store.remember(get('/fr/promotions'), page('guest promotions'), store.signOutMark());
    await store.remember(get('/fr/search'), page('own copy', { own: true }), store.signOutMark());
    expect(await text(await store.storedCopy(get('/fr/search')))).toBe('own copy');
    // A URL only stored as a guest: the signed-in viewer gets the public copy.
    expect(await text(await store.storedCopy(get('/fr/promotions')))).toBe('guest promotions');

    // A guest viewer never gets an own copy, even while one is still stored.
    await store.setViewer('guest');
    expect(caches.urls(OWN_PAGES)).toContain(url('/fr/search'));
    expect(await text(await store.storedCopy(get('/fr/search')))).toBe('guest copy');
    expect(await store.storedCopy(get('/fr/p/unknown'))).toBeUndefined();
  });

  it('forgets the own pages at sign-out and when a page comes back without session', async () => {
    const caches = new FakeCacheStorage();
    const store = createPageStore(caches);
    await store.remember(get('/fr/p/a'), page('own a', { own: true }), store.signOutMark());
    await store.forgetOwnPages();
    expect(await caches.has(OWN_PAGES)).toBe(false);
    expect(await store.signedIn()).toBe(false);
    expect(await store.storedCopy(get('/fr/p/a'))).toBeUndefined();

    // Signed in again, then the session ends elsewhere: the first guest answer forgets the own pages.
    await store.remember(get('/fr/p/b'), page('own b', { own: true }), store.signOutMark());
    await store.remember(get('/fr/p/c'), page('guest c'), store.signOutMark());
    expect(caches.urls(OWN_PAGES)).toEqual([]);
    expect(await store.signedIn()).toBe(false);
    expect(await store.storedCopy(get('/fr/p/b'))).toBeUndefined();
  });

  it('keeps the newest pages of each cache, a page stored again counting as new', async () => {
    const caches = new FakeCacheStorage();
    const store = createPageStore(caches, { maxPages: 3 });
    for (const p of ['/fr/p/1', '/fr/p/2', '/fr/p/3'])
      await store.remember(get(p), page(p), store.signOutMark());
    await store.remember(get('/fr/p/1'), page('1 again'), store.signOutMark());
    await store.remember(get('/fr/p/4'), page('4'), store.signOutMark());
    await store.remember(get('/fr/p/5'), page('5'), store.signOutMark());
    expect(caches.urls(GUEST_PAGES)).toEqual([url('/fr/p/1'), url('/fr/p/4'), url('/fr/p/5')]);
    expect(await text(await store.storedCopy(get('/fr/p/1')))).toBe('1 again');
  });

  describe('a signed-in page answered after the sign-out', () => {
    it('is not stored and does not sign the viewer back in', async () => {
      const caches = new FakeCacheStorage();
      const store = createPageStore(caches);
      await store.remember(get('/fr'), page('own home', { own: true }), store.signOutMark());

      const since = store.signOutMark(); // catalogue request sent with the session
      await store.forgetOwnPages(); // /auth/logout while it is on its way
      await store.remember(get('/fr/p/metacam'), page('previous user prices', { own: true }), since);

      expect(await store.signedIn()).toBe(false);
      expect(caches.urls(OWN_PAGES)).toEqual([]);
      expect(await store.storedCopy(get('/fr/p/metacam'))).toBeUndefined();
    });

    it('is not stored when it was asked while the sign-out request was on its way', async () => {
      const caches = new FakeCacheStorage();
      const store = createPageStore(caches);
      await store.remember(get('/fr'), page('own home', { own: true }), store.signOutMark());

      let answer: (response: Response) => void = () => undefined;
      const signingOut = store.signOut(() => new Promise<Response>((resolve) => (answer = resolve)));
      // The sign-out's first count is stored by then (the request is on the network for tens of ms).
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(await caches.has(OWN_PAGES)).toBe(false);
      // The page asks for its own URL after /auth/logout was sent, before its answer cleared the
      // session cookie: the page is rendered for the ending session.
      const since = store.signOutMark();
      answer(new Response(null, { status: 303, headers: { location: '/fr' } }));
      expect((await signingOut).status).toBe(303);
      await store.remember(get('/fr/p/metacam'), page('previous user prices', { own: true }), since);

      expect(await store.signedIn()).toBe(false);
      expect(await caches.has(OWN_PAGES)).toBe(false);
      expect(await store.storedCopy(get('/fr/p/metacam'))).toBeUndefined();
    });

    it('stays unstored when the sign-out answer comes while it is being stored', async () => {
      const caches = new FakeCacheStorage();
      const store = createPageStore(caches);
      let answer: (response: Response) => void = () => undefined;
      const signingOut = store.signOut(() => new Promise<Response>((resolve) => (answer = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 0));
      const since = store.signOutMark();
      caches.onOpen = async (name) => {
        if (name !== OWN_PAGES) return;
        caches.onOpen = undefined;
        answer(new Response(null, { status: 303 }));
        await signingOut;
      };
      await store.remember(get('/fr/p/metacam'), page('previous user prices', { own: true }), since);

      expect(await store.signedIn()).toBe(false);
      expect(await caches.has(OWN_PAGES)).toBe(false);
    });

    it('does not keep the own pages when the sign-out request fails', async () => {
      const caches = new FakeCacheStorage();
      const store = createPageStore(caches);
      await store.remember(get('/fr/p/a'), page('own a', { own: true }), store.signOutMark());
      await expect(store.signOut(() => Promise.reject(new TypeError('offline')))).rejects.toThrow('offline');
      expect(await caches.has(OWN_PAGES)).toBe(false);
      expect(await store.signedIn()).toBe(false);
    });

    it('is not stored when the sign-out was seen by another worker (update, restart)', async () => {
      const caches = new FakeCacheStorage();
      const oldWorker = createPageStore(caches);
      const since = oldWorker.signOutMark();
      await createPageStore(caches).forgetOwnPages(); // the new worker handles /auth/logout
      await oldWorker.remember(get('/fr/p/metacam'), page('previous user prices', { own: true }), since);

      expect(await oldWorker.signedIn()).toBe(false);
      expect(caches.urls(OWN_PAGES)).toEqual([]);
    });

    it('is not kept when the sign-out comes while it is being stored', async () => {
      const caches = new FakeCacheStorage();
      const store = createPageStore(caches);
      let signedOut = false;
      caches.onOpen = async (name) => {
        if (name !== OWN_PAGES || signedOut) return;
        signedOut = true;
        await store.forgetOwnPages();
      };
      await store.remember(
        get('/fr/p/metacam'),
        page('previous user prices', { own: true }),
        store.signOutMark(),
      );

      expect(signedOut).toBe(true);
      expect(await store.signedIn()).toBe(false);
      expect(caches.urls(OWN_PAGES)).toEqual([]);
      // The cache the sign-out deleted is not left behind, empty, by the page's storing.
      expect(await caches.has(OWN_PAGES)).toBe(false);
    });

    it('still stores guest answers, and pages of the next session', async () => {
      const caches = new FakeCacheStorage();
      const store = createPageStore(caches);
      const since = store.signOutMark();
      await store.forgetOwnPages();
      await store.remember(get('/fr/news'), page('public news'), since);
      expect(caches.urls(GUEST_PAGES)).toEqual([url('/fr/news')]);

      // Signed in again: a request started after the sign-out is stored as usual, also by a
      // worker started after it.
      await store.remember(get('/fr/p/a'), page('new user a', { own: true }), store.signOutMark());
      const restarted = createPageStore(caches);
      await restarted.remember(get('/fr/p/b'), page('new user b', { own: true }), restarted.signOutMark());
      expect(caches.urls(OWN_PAGES)).toEqual([url('/fr/p/a'), url('/fr/p/b')]);
      expect(await restarted.signedIn()).toBe(true);
      expect(await text(await restarted.storedCopy(get('/fr/p/b')))).toBe('new user b');
    });
  });

  it('keeps the viewer in the state cache', async () => {
    const caches = new FakeCacheStorage();
    const store = createPageStore(caches);
    await store.setViewer('session');
    expect(await (await (await caches.open(STATE_CACHE)).match(VIEWER_KEY))?.text()).toBe('session');
  });
});
