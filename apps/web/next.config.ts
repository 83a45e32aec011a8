import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { serverEnv } from './src/lib/env.ts';

const env = serverEnv();
const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * Next.js configuration of the storefront.
 * - `@vetshop/domain` is TypeScript source: transpiled by Next.
 * - Browser calls go to the same-origin `/api/*`, rewritten to the api (`API_URL`), so the browser
 *   never needs the api's origin (no CORS) and the user's cookies travel with the call.
 */
const nextConfig: NextConfig = {
  transpilePackages: ['@vetshop/domain'],
  poweredByHeader: false,
  async rewrites() {
    return [{ source: '/api/:path*', destination: `${env.API_URL}/:path*` }];
  },
};

export default withNextIntl(nextConfig);
