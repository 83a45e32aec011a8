/**
 * A stand-in for what Next gives server code about the request, for the web unit tests of the
 * server-side api clients (vitest project `web`): `next/headers` (`cookies().getAll()`,
 * `headers().get(name)`) read {@link request}, which each test sets; `next/navigation`'s
 * `notFound` throws `NEXT_NOT_FOUND`. Test-only: no page or component imports it.
 *
 * ```ts
 * vi.mock('next/headers', async () => (await import('../../test/next-request')).nextHeaders);
 * vi.mock('next/navigation', async () => (await import('../../test/next-request')).nextNavigation);
 * import { request } from '../../test/next-request';
 * beforeEach(() => { request.cookies = []; request.headers = new Map(); });
 * ```
 */

/** The request the mocked `next/headers` answers from: its cookies and its headers (lower-case names). */
export const request = {
  cookies: [] as { name: string; value: string }[],
  headers: new Map<string, string>(),
};

/** The mocked `next/headers` module. */
export const nextHeaders = {
  cookies: async () => ({ getAll: () => request.cookies }),
  headers: async () => ({ get: (name: string) => request.headers.get(name) ?? null }),
};

/** The mocked `next/navigation` module: `notFound()` throws `NEXT_NOT_FOUND`, as Next's does. */
export const nextNavigation = {
  notFound: (): never => {
    throw new Error('NEXT_NOT_FOUND');
  },
};
