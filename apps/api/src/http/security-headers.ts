/**
 * Security headers of every api answer (docs/decisions/security-headers.md).
 * The browser reaches the api through the web's same-origin `/api/*` proxy, which passes these
 * headers on; the api sets them itself so that no route (JSON, problem, download, stored file) and
 * no deployment that exposes the api directly goes without them.
 *
 * Set in `onSend`, only when the route did not set the header itself (stored files and downloads
 * set their own Content-Security-Policy sandbox and Cache-Control):
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`;
 * - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'; base-uri 'none';
 *   form-action 'none'` — an api answer is data, never a document that runs or loads anything —
 *   except under /docs (the Swagger UI page needs its scripts and styles; it gets
 *   `frame-ancestors 'none'` only);
 * - `Cache-Control: no-store` on every answer to a caller that sent credentials (the session
 *   cookie or an Authorization header): profiles, prices, orders and staff data are private.
 */
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/** Policy of the api's JSON and problem answers. */
export const API_CSP = `default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** Policy of the Swagger UI page (/docs): framing refused, the page itself may run. */
const DOCS_CSP = `frame-ancestors 'none'`;

/** True when the request carries a credential (session cookie or Authorization header). */
function hasCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && /(?:^|;\s*)vetshop_session=/.test(cookie);
}

/**
 * The `onSend` hook: adds the headers above that the route left unset. Never changes the payload.
 */
export const securityHeaders: onSendHookHandler = async (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) => {
  const setDefault = (name: string, value: string): void => {
    if (!reply.hasHeader(name)) void reply.header(name, value);
  };
  setDefault('x-content-type-options', 'nosniff');
  setDefault('referrer-policy', 'no-referrer');
  setDefault('x-frame-options', 'DENY');
  const docs = request.url === '/docs' || request.url.startsWith('/docs/');
  setDefault('content-security-policy', docs ? DOCS_CSP : API_CSP);
  if (hasCredentials(request)) setDefault('cache-control', 'no-store');
  return payload;
};
