import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { serverEnv } from './src/lib/env.ts';

// Validate API_URL and SITE_URL when the server starts: a bad value stops it, naming the variable.
serverEnv();
const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * Next.js configuration of the storefront.
 * - `@vetshop/domain` is TypeScript source: transpiled by Next.
 * - Browser calls go to the same-origin `/api/*` (src/app/api/[...path]/route.ts proxies them to
 *   `API_URL` at request time), so the browser never needs the api's origin (no CORS) and the
 *   user's cookies travel with the call.
 */
const nextConfig: NextConfig = {
  transpilePackages: ['@vetshop/domain'],
  poweredByHeader: false,
};

export default withNextIntl(nextConfig);
