/**
 * Api problems in forms (docs/product/errors.md: problem+json `{status, code, detail, errors?:
 * [{field, code}]}`; contracts/account.ts: field error codes are stable and shown as
 * `validation.<code>` next to the field). Pure functions, unit-tested.
 */

/** A failed api answer as the forms need it. `status` 0 = the network failed. */
export interface FormProblem {
  status: number;
  code: string;
  detail?: string;
  errors: { field: string; code: string }[];
  /** Numeric members of the problem besides `status` (e.g. `min_order` of a refused coupon, EUR). */
  values?: Record<string, number>;
}

/** Reads a problem+json body (or anything else) into a FormProblem; unknown shapes get `http_<status>`. */
export function toFormProblem(status: number, body: unknown): FormProblem {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === 'string' && record.code ? record.code : `http_${status}`;
  const detail = typeof record.detail === 'string' ? record.detail : undefined;
  const errors = Array.isArray(record.errors)
    ? record.errors.flatMap((e: unknown) => {
        if (!e || typeof e !== 'object') return [];
        const { field, code: c } = e as Record<string, unknown>;
        return typeof field === 'string' && typeof c === 'string' ? [{ field, code: c }] : [];
      })
    : [];
  const values = Object.fromEntries(
    Object.entries(record).filter(
      (e): e is [string, number] => e[0] !== 'status' && typeof e[1] === 'number',
    ),
  );
  return { status, code, detail, errors, values };
}

/**
 * Splits a problem's field errors into those of the form's own fields (first code per field,
 * ready for react-hook-form's `setError`) and the rest (shown above the form). A nested path
 * ("address.zip") matches a form field of the same full name, else its last segment.
 */
export function splitFieldErrors<F extends string>(
  problem: Pick<FormProblem, 'errors'>,
  fields: readonly F[],
): { byField: Partial<Record<F, string>>; other: { field: string; code: string }[] } {
  const known = new Set<string>(fields);
  const byField: Partial<Record<F, string>> = {};
  const other: { field: string; code: string }[] = [];
  for (const error of problem.errors) {
    const last = error.field.split('.').pop() ?? error.field;
    const name = known.has(error.field) ? error.field : known.has(last) ? last : null;
    if (name === null) other.push(error);
    else if (byField[name as F] === undefined) byField[name as F] = error.code;
  }
  return { byField, other };
}

/** Message key of a field error code: `validation.<code>` when the messages have it, else `validation.invalid`. */
export function validationKey(code: string | undefined, has: (key: string) => boolean): string {
  const key = `validation.${code ?? 'invalid'}`;
  return code && /^[a-z0-9_]+$/.test(code) && has(key) ? key : 'validation.invalid';
}

/**
 * Minutes to wait from a Retry-After header (delay in seconds, or an HTTP date), rounded up, at
 * least 1; null when the header is missing or unreadable.
 */
export function retryAfterMinutes(
  header: string | null | undefined,
  now: number = Date.now(),
): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return null;
    seconds = (at - now) / 1000;
  }
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * A refusal that asks the user to wait and send the same form again, what it typed kept
 * (docs/decisions/password-hashing-queue.md; messages `formWait.*`): `too_many_requests` for a 429
 * (the limits of the password-hashing routes: registration, password reset and change), with the
 * wait from Retry-After in minutes (null when the header is missing); `busy` for a 503
 * `password_hashing_busy` (the hashing queue is full, Retry-After 1 s).
 */
export type WaitFailure = { kind: 'too_many_requests'; minutes: number | null } | { kind: 'busy' };

/** The WaitFailure of a failed answer, or null when the problem is not one (see WaitFailure). */
export function waitFailureOf(
  problem: Pick<FormProblem, 'status' | 'code'>,
  retryAfter: string | null,
  now: number = Date.now(),
): WaitFailure | null {
  if (problem.status === 429)
    return { kind: 'too_many_requests', minutes: retryAfterMinutes(retryAfter, now) };
  if (problem.status === 503 && problem.code === 'password_hashing_busy') return { kind: 'busy' };
  return null;
}

/** What the login form says for a failed POST auth/login (one generic text for wrong login or password). */
export type LoginFailure =
  | 'invalid_credentials'
  | 'too_many_attempts'
  | 'email_not_verified'
  | 'registration_pending'
  | 'busy'
  | 'technical';

/**
 * Maps a failed login answer to its message: 429 → too many attempts, 403 `email_not_verified` →
 * the unverified-email text (with the resend button), 403 `registration_pending` → the application
 * is being reviewed (docs/decisions/pending-application-sign-in.md), 503 `password_hashing_busy` →
 * the busy text (`formWait.busy`: send again in a moment), 401/400 → the generic invalid-login text,
 * anything else (5xx, network failure, a refused request) → the technical-problem text of docs/product/errors.md.
 */
export function loginFailureOf(problem: Pick<FormProblem, 'status' | 'code'>): LoginFailure {
  if (problem.status === 429 || problem.code === 'too_many_attempts') return 'too_many_attempts';
  if (problem.code === 'email_not_verified') return 'email_not_verified';
  if (problem.code === 'registration_pending') return 'registration_pending';
  if (waitFailureOf(problem, null)?.kind === 'busy') return 'busy';
  if (problem.code === 'invalid_credentials' || problem.status === 401 || problem.status === 400)
    return 'invalid_credentials';
  return 'technical';
}
