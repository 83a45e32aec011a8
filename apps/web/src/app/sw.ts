/// <reference lib="webworker" />
/**
 * Service worker of the installable web app (docs/product/web-app-shell.md#offline "An offline worker is registered at
 * /sw.js"; docs/product/web-app-shell.md shell). Bundled by @serwist/turbopack (app/serwist/[path]/route.ts, esbuild at
 * build time) and served at /sw.js with scope /. Caching strategy (docs/decisions/service-worker-caching.md):
 * - precache: the code of the pages shown offline (Next's chunks that the catalogue pages and the
 *   offline pages load, lib/shell/precache-scope.ts), CSS, public files, and the offline page of
 *   each locale;
 * - catalogue pages (home, categories, products, search, promotions, selection, vet group, news,
 *   content pages; their HTML, not RSC payloads): network first (3 s timeout), then the stored
 *   copy, then the offline page. Copies of a signed-in browser's pages (header x-vetshop-private,
 *   set by src/proxy.ts) go to their own cache, emptied at sign-out and when a page comes back
 *   without session, so one user's prices are never shown to another; guest copies are public
 *   (lib/shell/sw-page-store.ts; a session's page answered after a sign-out is not stored);
 * - `/` (start URL): network, else the stored home of the browser's language, else offline page;
 * - account, cart, checkout and staff pages: network only (never cached), the offline page when
 *   the navigation fails; /api, /auth, /builds and any other request: not handled by the worker
 *   (the browser's own network path, no cache), but for the sign-out routes, sent on by the worker
 *   so that it knows when the session has ended;
 * - static assets (/_next/static, images, icons, fonts, manifest): stale-while-revalidate.
 * A new build ships a new worker: it waits until the page asks it to take over (message
 * SKIP_WAITING from the update banner), so a page is never served by two builds at once.
 */
import type {
  PrecacheEntry,
  RouteHandlerCallback,
  RouteMatchCallbackOptions,
  SerwistGlobalConfig,
  SerwistPlugin,
} from 'serwist';
import { ExpirationPlugin, NetworkOnly, Serwist, StaleWhileRevalidate } from 'serwist';
import { CATALOGUE_PAGE, OFFLINE_LOCALES } from '../lib/shell/offline-pages';
import { createPageStore } from '../lib/shell/sw-page-store';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/** Paths that are never cached: personal pages, the api proxy, sign-in routes, the build id. */
const NEVER_CACHED =
  /^\/(?:api|auth|builds|serwist)(?:\/|$)|^\/(?:fr|nl|en)\/(?:account|cart|cart-confirm|cart-validated|staff)(?:\/|$)/;

/** Keeps only 200 answers (static assets). */
const okOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/** Network wait (ms) before a stored copy of a catalogue page is served instead. */
const NETWORK_TIMEOUT_MS = 3000;
/** Sign-out routes: their request empties the own pages (OWN_PAGES of lib/shell/sw-page-store.ts). */
const SIGN_OUT = /^\/auth\/(?:logout|expired|oidc\/logged-out)(?:\/|$)/;

/**
 * Stored catalogue pages, guest and own copies apart, and the viewer (lib/shell/sw-page-store.ts;
 * docs/decisions/service-worker-caching.md "Whose copy is shown offline").
 */
const pages = createPageStore(self.caches);

/** A catalogue page's HTML (navigation, or the page's own CACHE_URLS message); not RSC payloads. */
const isPageRequest = ({ request, url, sameOrigin }: RouteMatchCallbackOptions): boolean =>
  sameOrigin &&
  request.method === 'GET' &&
  CATALOGUE_PAGE.test(url.pathname) &&
  !NEVER_CACHED.test(url.pathname) &&
  !url.searchParams.has('_rsc') &&
  request.headers.get('rsc') !== '1';

/** Answer of the network: the navigation preload when the browser started one, else a fetch. */
async function fromNetwork(request: Request, event: ExtendableEvent): Promise<Response> {
  if (request.mode === 'navigate' && event instanceof FetchEvent) {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    if (preloaded) return preloaded;
  }
  return fetch(request);
}

/**
 * Catalogue pages: network first; after {@link NETWORK_TIMEOUT_MS} without answer, or when the
 * network fails, the copy stored for this viewer; the answer is stored for later (guest copies and
 * the session's own copies apart). Throws when there is neither (the offline page follows).
 * The sign-outs seen are marked when the request starts, so that a session's answer arriving after a
 * sign-out is not stored (docs/decisions/service-worker-caching.md "Sign-out while a page loads").
 */
const catalogueHandler: RouteHandlerCallback = async ({ request, event }) => {
  const since = pages.signOutMark();
  const network = fromNetwork(request, event).then((response) => {
    event.waitUntil(pages.remember(request, response.clone(), since).catch(() => undefined));
    return response;
  });
  network.catch(() => undefined);
  const slow = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), NETWORK_TIMEOUT_MS));
  const first = await Promise.race([network, slow]).catch(() => 'failed' as const);
  if (first instanceof Response) return first;
  const copy = await pages.storedCopy(request);
  if (copy) return copy;
  return network;
};

/**
 * Sign-out requests (any method: the sign-out form posts, /auth/expired is a navigation): sent to
 * the network as they are, the browser's stored own pages forgotten when the request starts and
 * again when its answer (which clears the session cookie) arrives, so that a page asked for in
 * between is not kept (PageStore.signOut, docs/decisions/service-worker-caching.md).
 */
const signOutHandler: RouteHandlerCallback = ({ request, event }) =>
  pages.signOut(() => fromNetwork(request, event));

const isSignOut = ({ url, sameOrigin }: RouteMatchCallbackOptions): boolean =>
  sameOrigin && SIGN_OUT.test(url.pathname);

/**
 * `/` (the installed app's start URL; the proxy redirects it to a locale): network, else the
 * stored home page of the browser's first language we serve, else the offline page.
 */
const startHandler: RouteHandlerCallback = async ({ request, event, url }) => {
  try {
    return await fromNetwork(request, event);
  } catch {
    const preferred = self.navigator.languages.map((l) => l.slice(0, 2));
    const order = [...OFFLINE_LOCALES].sort((a, b) => rank(preferred, a) - rank(preferred, b));
    for (const locale of order) {
      const copy = await pages.storedCopy(new Request(new URL(`/${locale}`, url)));
      if (copy) return copy;
    }
    return offlinePage(new URL(`/${order[0]}`, url));
  }
};

function rank(preferred: string[], locale: string): number {
  const i = preferred.indexOf(locale);
  return i === -1 ? preferred.length : i;
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: false,
  clientsClaim: true,
  // Navigations are fetched by the browser itself while the worker starts (faster; the page's
  // cookies and redirects behave exactly as without a worker).
  navigationPreload: true,
  runtimeCaching: [
    { matcher: isSignOut, handler: signOutHandler, method: 'POST' },
    { matcher: isSignOut, handler: signOutHandler },
    {
      // Personal pages: network only, the offline page when it fails. Other requests to these
      // paths (api calls, sign-in redirects, the build id) are left to the browser untouched.
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === 'navigate' && NEVER_CACHED.test(url.pathname),
      handler: new NetworkOnly(),
    },
    {
      matcher: isPageRequest,
      handler: catalogueHandler,
    },
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin &&
        request.method === 'GET' &&
        (url.pathname.startsWith('/_next/static/') ||
          /\.(?:css|js|woff2?|svg|png|jpe?g|webp|ico|webmanifest)$/i.test(url.pathname)),
      handler: new StaleWhileRevalidate({
        cacheName: 'vetshop-static',
        plugins: [okOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === 'navigate' && url.pathname === '/',
      handler: startHandler,
    },
    {
      matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
      handler: new NetworkOnly(),
    },
  ],
  fallbacks: {
    entries: [
      ...OFFLINE_LOCALES.map((locale) => ({
        url: `/offline/${locale}`,
        matcher: ({ request }: { request: Request }) =>
          request.destination === 'document' && new URL(request.url).pathname.startsWith(`/${locale}`),
      })),
      {
        url: '/offline/fr',
        matcher: ({ request }: { request: Request }) => request.destination === 'document',
      },
    ],
  },
});

/** The offline page of a failed navigation's locale (fr by default). */
async function offlinePage(url: URL): Promise<Response> {
  const locale =
    OFFLINE_LOCALES.find((l) => url.pathname === `/${l}` || url.pathname.startsWith(`/${l}/`)) ?? 'fr';
  return (await serwist.matchPrecache(`/offline/${locale}`)) ?? Response.error();
}

// Catalogue navigations whose network failed without stored copy (the strategy-less handler above
// gets no fallback plugin) get the offline page too.
serwist.setCatchHandler(async ({ request, url }) =>
  request.mode === 'navigate' ? offlinePage(url) : Response.error(),
);

serwist.addEventListeners();
