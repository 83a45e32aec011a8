/// <reference lib="webworker" />
/**
 * Service worker of the installable web app (spec 2 / spec 7 "An offline worker is registered at
 * /sw.js"; issue 6 shell). Bundled by @serwist/turbopack (app/serwist/[path]/route.ts, esbuild at
 * build time) and served at /sw.js with scope /. Caching strategy (docs/decisions/service-worker-caching.md):
 * - precache: Next's static chunks and CSS, public files, and the offline page of each locale;
 * - navigations (HTML) and RSC payloads of catalogue pages (home, categories, products, search,
 *   promotions, selection, vet group, news, content pages): network first (3 s timeout), then the
 *   cached copy, then the offline page; a response rendered for a signed-in browser (header
 *   x-vetshop-private, set by src/proxy.ts) is never stored;
 * - account, cart, checkout and staff pages: network only (never cached), the offline page when
 *   the navigation fails; /api, /auth, /builds and any other request: not handled by the worker
 *   (the browser's own network path, no cache);
 * - static assets (/_next/static, images, icons, fonts, manifest): stale-while-revalidate.
 * A new build ships a new worker: it waits until the page asks it to take over (message
 * SKIP_WAITING from the update banner), so a page is never served by two builds at once.
 */
import type { PrecacheEntry, RouteMatchCallbackOptions, SerwistGlobalConfig, SerwistPlugin } from 'serwist';
import { ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist, StaleWhileRevalidate } from 'serwist';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const LOCALES = ['fr', 'nl', 'en'] as const;
const PRIVATE_PAGE_HEADER = 'x-vetshop-private';

/** Paths that are never cached: personal pages, the api proxy, sign-in routes, the build id. */
const NEVER_CACHED =
  /^\/(?:api|auth|builds|serwist)(?:\/|$)|^\/(?:fr|nl|en)\/(?:account|cart|cart-confirm|cart-validated|staff)(?:\/|$)/;

/** Catalogue pages whose visited copies are kept for offline use. */
const CATALOGUE_PAGE =
  /^\/(?:fr|nl|en)(?:\/?$|\/(?:c|p|search|promotions|selection|vetgroup|news|page)(?:\/|$))/;

/** Refuses to store anything but a 200 answer rendered for a browser without session. */
const publicOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && !response.headers.has(PRIVATE_PAGE_HEADER) ? response : null,
};

/** A catalogue page: its HTML (navigation, or the page's own CACHE_URLS message) or RSC payload. */
const isPageRequest = ({ request, url, sameOrigin }: RouteMatchCallbackOptions): boolean =>
  sameOrigin &&
  request.method === 'GET' &&
  CATALOGUE_PAGE.test(url.pathname) &&
  !NEVER_CACHED.test(url.pathname);

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: false,
  clientsClaim: true,
  // Navigations are fetched by the browser itself while the worker starts (faster; the page's
  // cookies and redirects behave exactly as without a worker).
  navigationPreload: true,
  runtimeCaching: [
    {
      // Personal pages: network only, the offline page when it fails. Other requests to these
      // paths (api calls, sign-in redirects, the build id) are left to the browser untouched.
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === 'navigate' && NEVER_CACHED.test(url.pathname),
      handler: new NetworkOnly(),
    },
    {
      matcher: isPageRequest,
      handler: new NetworkFirst({
        cacheName: 'vetshop-pages',
        networkTimeoutSeconds: 3,
        plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin &&
        request.method === 'GET' &&
        (url.pathname.startsWith('/_next/static/') ||
          /\.(?:css|js|woff2?|svg|png|jpe?g|webp|ico|webmanifest)$/i.test(url.pathname)),
      handler: new StaleWhileRevalidate({
        cacheName: 'vetshop-static',
        plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
      handler: new NetworkOnly(),
    },
  ],
  fallbacks: {
    entries: [
      ...LOCALES.map((locale) => ({
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

serwist.addEventListeners();
