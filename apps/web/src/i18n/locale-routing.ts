import createMiddleware from 'next-intl/middleware';
import { routing } from './routing';

/**
 * next-intl's locale routing of a request (docs/product/web-app-shell.md#languages): redirects `/`
 * and unprefixed paths to a locale prefix, and answers with the NEXT_LOCALE cookie to set when the
 * prefix differs from the visitor's cookie or browser language. One instance for src/proxy.ts and
 * the guest page cache's direct answer (lib/page-cache/direct.ts).
 */
export const handleI18nRouting = createMiddleware(routing);
