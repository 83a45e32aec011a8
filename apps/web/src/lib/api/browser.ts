/**
 * Browser-side calls to the api through the same-origin `/api/*` proxy (app/api/[...path]), for
 * the account forms (docs/product/accounts.md#auth-calls, Customer, Addresses, Registrations). The session cookie is
 * HttpOnly: the browser sends it, scripts never see it. Safe to import from client components.
 */
import type { Locale } from '@vetshop/domain';
import type { z } from 'zod';
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
  /**
   * Contract of a 2xx answer (a schema of @vetshop/domain): the body is checked with `safeParse`
   * and `data` is its parsed value; a body that does not match becomes the problem
   * `{status: 502, code: 'bad_response'}`. An empty answer (204, no body) stays `data: null`.
   * Without a schema `data` is the body as sent, typed by the caller. Only `import type` of zod
   * here: the schema's own module brings zod into the page's bundle (keep it off catalogue pages,
   * docs/decisions/web-page-performance.md).
   */
  schema?: z.ZodType;
}

/** HTTP methods of the browser's api calls. */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `method` `/api<path>` with a JSON body and Accept-Language = `locale` (`lang` is added to the
 * query). Answers `{ok: true, status, data}` for a 2xx (data: the JSON body, parsed with
 * `options.schema` when given, null for an empty answer) or `{ok: false, problem, retryAfter}`.
 * Never throws: a network failure is the problem `{status: 0, code: 'network_error'}`, an answer
 * that breaks `options.schema` the problem `{status: 502, code: 'bad_response'}`. A 401 sends the
 * browser to the sign-in page unless `on401: 'report'`. Never cached (`cache: 'no-store'`).
 */
export function callApi<S extends z.ZodType>(
  method: CallMethod,
  path: string,
  options: CallOptions & { schema: S },
): Promise<ApiResult<z.infer<S>>>;
export function callApi<T = unknown>(
  method: CallMethod,
  path: string,
  options: CallOptions,
): Promise<ApiResult<T>>;
export async function callApi<T = unknown>(
  method: CallMethod,
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
  if (res.ok) {
    if (!options.schema || body === null) return { ok: true, status: res.status, data: body as T | null };
    const parsed = options.schema.safeParse(body);
    if (parsed.success) return { ok: true, status: res.status, data: parsed.data as T };
    console.error(
      `[api] ${method} ${path}: answer does not match the contract`,
      parsed.error.issues.slice(0, 5),
    );
    return { ok: false, problem: { status: 502, code: 'bad_response', errors: [] }, retryAfter: null };
  }
  if (res.status === 401 && (options.on401 ?? 'signIn') === 'signIn') {
    window.location.assign(expiredHref(`${window.location.pathname}${window.location.search}`));
  }
  return { ok: false, problem: toFormProblem(res.status, body), retryAfter: res.headers.get('retry-after') };
}
