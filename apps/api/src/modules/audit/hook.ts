/**
 * The staff audit log (docs/decisions/staff-audit-log.md "Every staff action is written to an audit log (who, what, when)"):
 * an app-level onSend hook that records every state-changing call (any method but GET) of a
 * route under `/staff/` made by a signed-in staff user, successful or not, into `audit_log`:
 * - who: `user_id` and `user_login`;
 * - what: `action` = METHOD + the route pattern (`POST /staff/sales/:id/state`), `target_type` =
 *   the first path segment after /staff/ (`sales`), `target_id` = the `id` path parameter (else the
 *   first path parameter), `details` = the path parameters and the JSON body (secrets redacted,
 *   at most 2000 characters of JSON, else only its keys);
 * - the answer's HTTP `status` (a refused or failed action is logged with its 4xx/5xx status; an
 *   action refused in a 200 answer, such as a stock file, adds `details.outcome`: `auditOutcome`);
 * - when: `created_at` (database clock).
 * GET calls (reads) and calls by non-staff users (refused with 401/403 before doing anything) are
 * not recorded.
 *
 * No action without its row (docs/decisions/staff-audit-log.md): a request that reaches its
 * handler has its row written first (preHandler, status AUDIT_PENDING_STATUS = 102 "processing"),
 * the status set when the answer leaves (onSend). When that first insert fails the action is not
 * run: 503 `audit_unavailable`. Requests refused before the handler (a 400 bad body) get their row
 * in onSend, where a failed write is only logged. Stored values are made storable first
 * (`storable`): lone UTF-16 surrogates become U+FFFD, NUL becomes U+2400 (␀).
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

/** Status of a row written before its action ran, until the answer's status replaces it. */
export const AUDIT_PENDING_STATUS = 102;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `value` with every string (object keys included) storable in PostgreSQL text and jsonb: lone
 * UTF-16 surrogates replaced by U+FFFD, NUL by U+2400 (SYMBOL FOR NULL). Nothing else changes.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string')
    return value.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '\u2400') as T;
  if (Array.isArray(value)) return value.map((v) => storable(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)])) as T;
  }
  return value;
}

/** Maximum size (characters of JSON) of a request body copied into `details`. */
export const AUDIT_MAX_BODY_CHARS = 2000;
const SECRET_KEY = /pass|token|secret|otp/i;

/** The request body with secret-looking keys replaced by "[redacted]" (objects only; others as is). */
function redact(value: unknown, depth = 0): unknown {
  if (depth > 5) return '[nested]';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1)]),
    );
  }
  return value;
}

/** `details` of an audit row: the path parameters and the (redacted, size-capped) JSON body. */
export function auditDetails(
  params: unknown,
  body: unknown,
  contentType: string | undefined,
): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (params && typeof params === 'object' && Object.keys(params).length) details.params = params;
  if (body === undefined || body === null) return details;
  if (contentType && !contentType.includes('json')) {
    details.body = `[${contentType.split(';')[0]}]`;
    return details;
  }
  const clean = redact(body);
  const json = JSON.stringify(clean) ?? '';
  if (json.length <= AUDIT_MAX_BODY_CHARS) details.body = clean;
  else details.body_keys = clean && typeof clean === 'object' ? Object.keys(clean).slice(0, 50) : [];
  return details;
}

/** The audit row of a finished request, or null when it is not a staff action. */
export function auditRow(request: FastifyRequest, status: number): typeof auditLog.$inferInsert | null {
  const route = request.routeOptions.url;
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return null;
  if (!route || !route.startsWith('/staff/')) return null;
  const user = request.auth?.user;
  if (!user || user.role !== 'staff') return null;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const target = params.id ?? Object.values(params)[0];
  return storable({
    userId: user.id,
    userLogin: user.login,
    action: `${request.method} ${route}`,
    targetType: route.split('/')[2] || null,
    targetId: target === undefined || target === null ? null : String(target).slice(0, 200),
    details: auditDetails(params, request.body, request.headers['content-type']),
    status,
  });
}

/** What a handler says of an action its 2xx status does not tell (`auditOutcome`), per request. */
const outcomes = new WeakMap<FastifyRequest, Record<string, unknown>>();

/**
 * Records on the audit row of `request` an outcome its status does not tell, stored as
 * `details.outcome` (e.g. a stock file refused as a whole: 200 with `{applied: false,
 * refused_lines: 3}`). The staff audit page shows such an action as refused
 * (docs/decisions/staff-audit-log.md, "An action refused in a 200").
 */
export function auditOutcome(request: FastifyRequest, outcome: Record<string, unknown>): void {
  outcomes.set(request, outcome);
}

/** Id of the row written before the action (preHandler), per request. */
const pendingRows = new WeakMap<FastifyRequest, number>();

/** Registers the preHandler and onSend hooks on the whole app (fastify-plugin: not encapsulated). */
export const auditPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    // Before the handler (after the guard and validation): the row is committed first, so an
    // action never runs without it; when it cannot be written the action is refused.
    app.addHook('preHandler', async (request) => {
      const row = auditRow(request, AUDIT_PENDING_STATUS);
      if (!row) return;
      try {
        const [written] = await db.insert(auditLog).values(row).returning({ id: auditLog.id });
        pendingRows.set(request, written!.id);
      } catch (err) {
        request.log.error({ err, action: row.action }, 'audit log write failed: action refused');
        throw new ApiError(
          503,
          'audit_unavailable',
          'Service unavailable',
          'The action was not performed: it could not be recorded in the audit log. Please try again.',
        );
      }
    });
    // onSend (not onResponse): the status is written before the answer leaves, so a client that
    // reads the log right after its action always finds it.
    app.addHook('onSend', async (request, reply, payload) => {
      const id = pendingRows.get(request);
      const outcome = outcomes.get(request);
      try {
        if (id !== undefined) {
          pendingRows.delete(request);
          await db
            .update(auditLog)
            .set({
              status: reply.statusCode,
              ...(outcome
                ? { details: sql`${auditLog.details} || ${JSON.stringify(storable({ outcome }))}::jsonb` }
                : {}),
            })
            .where(eq(auditLog.id, id));
        } else {
          const row = auditRow(request, reply.statusCode);
          if (row) await db.insert(auditLog).values(row);
        }
      } catch (err) {
        request.log.error({ err, action: request.routeOptions.url }, 'audit log write failed');
      }
      return payload;
    });
  },
  { name: 'audit-log' },
);
