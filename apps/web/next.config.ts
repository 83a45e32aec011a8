import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { withSerwist } from '@serwist/turbopack';
import { serverEnv } from './src/lib/env.ts';
import { contentSecurityPolicy, SECURITY_HEADERS } from './src/lib/shell/csp.ts';

// Validate API_URL and SITE_URL when the server starts: a bad value stops it, naming the variable.
serverEnv();
// Messages are precompiled at build time (next-intl's catalog loader): the browser gets compact
// compiled messages and a small formatter instead of the ICU parser (docs/decisions/web-page-performance.md).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/** Bytes of api answers Next's data cache keeps in memory per web process (50 MB, Next's default). */
const DATA_CACHE_MAX_BYTES = 50 * 1024 * 1024;

/**
 * Next.js configuration of the storefront.
 * - `@vetshop/domain` is TypeScript source: transpiled by Next.
 * - Browser calls go to the same-origin `/api/*` (src/app/api/[...path]/route.ts proxies them to
 *   `API_URL` at request time), so the browser never needs the api's origin (no CORS) and the
 *   user's cookies travel with the call.
 * - Web-app shell (docs/product/web-app-shell.md): the service worker is built by @serwist/turbopack's route
 *   (src/app/serwist/[path]/route.ts, esbuild at build time) and served at /sw.js (rewrite; scope /);
 *   security headers on every path (nosniff, referrer policy, frame denial); the per-request CSP
 *   with a nonce is set by src/proxy.ts, and the static offline pages get a nonce-less policy here.
 * - Next's data cache is kept in memory only, at most `cacheMaxMemorySize` bytes: on disk it was
 *   never pruned (docs/decisions/guest-page-cache.md, "Data cache in memory only"). The api answers
 *   shared between renders are now kept by lib/api/transport.ts `getShared` instead, so nothing of
 *   the shop should reach it; the bounds stay for any `fetch` with `revalidate` that would.
 * - Types are checked once, by `npm run typecheck` (`next typegen` writes the route types, then
 *   `tsc -p apps/web` checks them with the code), not a second time inside `next build`.
 */
const nextConfig: NextConfig = {
  transpilePackages: ['@vetshop/domain'],
  poweredByHeader: false,
  // server.mjs compresses Next's answers (brotli or gzip; docs/decisions/answer-compression.md).
  compress: false,
  typescript: { ignoreBuildErrors: true },
  cacheMaxMemorySize: DATA_CACHE_MAX_BYTES,
  experimental: { isrFlushToDisk: false },
  async rewrites() {
    return {
      beforeFiles: [
        { source: '/sw.js', destination: '/serwist/sw.js' },
        { source: '/sw.js.map', destination: '/serwist/sw.js.map' },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
  async headers() {
    return [
      { source: '/:path*', headers: [...SECURITY_HEADERS] },
      {
        source: '/offline/:lang',
        headers: [{ key: 'Content-Security-Policy', value: contentSecurityPolicy({ nonce: null }) }],
      },
      {
        source: '/sw.js',
        headers: [
          { key: 'Cache-Control', value: 'no-cache' },
          { key: 'Service-Worker-Allowed', value: '/' },
        ],
      },
    ];
  },
};

export default withSerwist(withNextIntl(nextConfig));
