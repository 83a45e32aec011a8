/**
 * Browser-side calls to the api through the same-origin `/api/*` proxy (app/api/[...path]), for
 * the account forms (docs/product/accounts.md#auth-calls, Customer, Addresses, Registrations). The session cookie is
 * HttpOnly: the browser sends it, scripts never see it. Safe to import from client components.
 */
import type { Locale } from '@vetshop/domain';
import { expiredHref } from '../auth-paths';
import { toFormProblem, type FormProblem } from '../form-errors';

/** Outcome of a call: the parsed JSON body (null for 204) or the problem. */
export type ApiResult<T = unknown> =
  | { ok: true; status: number; data: T | null }
  | { ok: false; problem: FormProblem; retryAfter: string | null };

export interface CallOptions {
  locale: Locale;
  body?: unknown;
  /**
   * What a 401 means: `signIn` (default; the session ended, docs/product/accounts.md#session "A 401 from the ERP logs out
   * and redirects to login": the browser goes to /auth/expired, which clears the cookie and opens
   * the login page with the current page as target) or `report` (the caller shows it, e.g. a
   * wrong password on the login form).
   */
  on401?: 'signIn' | 'report';
}

/**
 * `method` `/api<path>` with a JSON body and Accept-Language = `locale` (`lang` is added to the
 * query). Never throws: a network failure is the problem `{status: 0, code: 'network_error'}`.
 */
export async function callApi<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions,
): Promise<ApiResult<T>> {
  const separator = path.includes('?') ? '&' : '?';
  const url = `/api${path}${separator}lang=${options.locale}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        'accept-language': options.locale,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    return { ok: false, problem: { status: 0, code: 'network_error', errors: [] }, retryAfter: null };
  }
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.ok) return { ok: true, status: res.status, data: body as T | null };
  if (res.status === 401 && (options.on401 ?? 'signIn') === 'signIn') {
    window.location.assign(expiredHref(`${window.location.pathname}${window.location.search}`));
  }
  return { ok: false, problem: toFormProblem(res.status, body), retryAfter: res.headers.get('retry-after') };
}
