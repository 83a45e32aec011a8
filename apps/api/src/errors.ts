/**
 * Problem details (RFC 9457, docs/product/errors.md): every error leaves the api as
 * `application/problem+json` `{type, title, status, detail, code}` with a stable `code` the web maps
 * to a message in the user's locale. Never a stack trace; bad input is a 400, never a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FieldError, Problem } from '@vetshop/domain';

/** An error the routes throw on purpose; the error handler turns it into a problem. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldError[],
    /** Extra problem members (e.g. `max`, `reason`); the route's error schema must declare them. */
    readonly extra?: Record<string, string | number | boolean>,
  ) {
    super(detail ?? title);
    this.name = 'ApiError';
  }
}

/** 400 naming one field and its code ('email_taken', 'wrong_password'...), shown next to the field. */
export function fieldError(field: string, code: string, detail?: string): ApiError {
  return new ApiError(400, code, 'Bad request', detail ?? `${field}: ${code}`, [{ field, code }]);
}

/** 401 `unauthorized`: no valid session or bearer token ("You are not logged in.", docs/product/errors.md). */
export function unauthorized(detail = 'You are not logged in.'): ApiError {
  return new ApiError(401, 'unauthorized', 'Unauthorized', detail);
}

/** 403 `forbidden`: signed in, but the role may not use this route (e.g. a customer on staff routes). */
export function forbidden(detail = 'This action is not allowed for your account.'): ApiError {
  return new ApiError(403, 'forbidden', 'Forbidden', detail);
}

/** 404 `not_found` with a detail naming what was looked for. */
export function notFound(detail: string): ApiError {
  return new ApiError(404, 'not_found', 'Not found', detail);
}

/** 400 `bad_request`. */
export function badRequest(detail: string, code = 'bad_request'): ApiError {
  return new ApiError(400, code, 'Bad request', detail);
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'Request timeout',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  429: 'Too many requests',
  431: 'Request header fields too large',
};

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
};

/** Builds a problem body. `type` is a stable URN per code. */
export function problem(status: number, code: string, title: string, detail?: string): Problem {
  return { type: `urn:vetshop:problem:${code}`, title, status, code, ...(detail ? { detail } : {}) };
}

/** Sends a problem with the right content type. */
export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.status(body.status).type('application/problem+json; charset=utf-8').send(body);
}

const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name (database does not exist)
]);

/** True when the error (or one of its causes) says the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 6; depth++) {
    if (typeof cur !== 'object') break;
    const e = cur as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && (DB_UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08')))
      return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connection timeout|PGlite is closed|Cannot use a pool after calling end|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    cur = e.cause;
  }
  return false;
}

/**
 * True when the error (or a cause) is input the database or the multipart parser cannot take, so
 * the request — not the server — is at fault (docs/decisions/security-testing.md fuzzing): a NUL character or an invalid
 * byte sequence in a text value (PostgreSQL 22021 / 22P05), or a malformed multipart body (no
 * boundary, truncated parts: busboy's messages).
 */
export function isMalformedInput(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 6; depth++) {
    if (typeof cur !== 'object') break;
    const e = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '22021' || e.code === '22P05') return true;
    if (
      typeof e.message === 'string' &&
      /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header)/.test(e.message)
    )
      return true;
    cur = e.cause;
  }
  return false;
}

/**
 * Stable code of one field error: the schema's own code when it set one ('vat_checksum',
 * 'required'... see @vetshop/domain contracts/account.ts), else one derived from zod's keyword.
 */
function fieldErrorCode(keyword: string, message: string | undefined): string {
  if (message && /^[a-z][a-z0-9_]{1,40}$/.test(message)) return message;
  switch (keyword) {
    case 'too_big':
      return 'too_long';
    case 'too_small':
      return 'too_short';
    case 'invalid_type':
      return 'invalid_type';
    case 'unrecognized_keys':
      return 'unknown_field';
    case 'invalid_format':
      return 'invalid_format';
    default:
      return 'invalid';
  }
}

/** Human summary of zod validation issues: "querystring.q: Too big: expected string to have <=200 characters". */
function validationDetail(error: FastifyError): { detail: string; code: string; errors?: FieldError[] } {
  const context = (error as FastifyError & { validationContext?: string }).validationContext ?? 'request';
  if (hasZodFastifySchemaValidationErrors(error)) {
    let code = 'bad_request';
    const errors = error.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || context,
      code: fieldErrorCode(v.keyword, v.message),
    }));
    const parts = error.validation.map((v) => {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const params = v.params as { keys?: unknown };
      if (field === 'q' && v.keyword === 'too_big') code = 'query_too_long';
      if (v.keyword === 'unrecognized_keys') {
        const keys = Array.isArray(params.keys)
          ? params.keys.map((k) => JSON.stringify(String(k).slice(0, 50)))
          : [];
        return `${context}: unknown parameter(s) ${keys.join(', ')}`;
      }
      return `${context}${field ? `.${field}` : ''}: ${v.message}`;
    });
    return { detail: parts.join('; ').slice(0, 1000), code, errors: errors.slice(0, 50) };
  }
  return { detail: error.message.slice(0, 1000), code: 'bad_request' };
}

/**
 * Installs the error and not-found handlers on `app`.
 * - validation → 400 `bad_request` (or `query_too_long`) naming the failing fields;
 * - ApiError → its status and code; Fastify client errors (4xx) → their status;
 * - unknown route → 404 `route_not_found`;
 * - database unreachable → 503 `service_unavailable`;
 * - unreadable input (NUL in a text value, malformed multipart: `isMalformedInput`) → 400 `bad_request`;
 * - anything else → 500 `internal_error`, generic title, logged with the stack (never sent).
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      // A 429/503 that knows when to come back says it (rate limits, the password-hashing queue).
      if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
        reply.header('retry-after', String(error.retryAfterSeconds));
      const body = { ...error.extra, ...problem(error.status, error.code, error.title, error.detail) };
      return sendProblem(reply, error.errors ? { ...body, errors: error.errors } : body);
    }
    if (error.validation) {
      const { detail, code, errors } = validationDetail(error);
      const body = problem(400, code, code === 'query_too_long' ? 'Query too long' : 'Bad request', detail);
      return sendProblem(reply, errors ? { ...body, errors } : body);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendProblem(
        reply,
        problem(
          503,
          'service_unavailable',
          'Service unavailable',
          'This information is temporarily unavailable.',
        ),
      );
    }
    if (isMalformedInput(error))
      return sendProblem(
        reply,
        problem(
          400,
          'bad_request',
          'Bad request',
          'The request holds characters or parts that cannot be read.',
        ),
      );
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return sendProblem(
        reply,
        problem(
          status,
          CODES[status] ?? 'bad_request',
          TITLES[status] ?? 'Bad request',
          error.message.slice(0, 500),
        ),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(
      reply,
      problem(500, 'internal_error', 'An error occurred', 'This information is temporarily unavailable.'),
    );
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    return sendProblem(
      reply,
      problem(
        404,
        'route_not_found',
        'Not found',
        `No route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}`,
      ),
    );
  });
}
