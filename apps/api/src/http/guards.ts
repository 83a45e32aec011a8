/**
 * Who a request is and the access guards (docs/product/accounts.md#session,
 * docs/product/accounts.md#roles-and-permissions): the `request.auth` identity that the session
 * plugin (modules/auth/session.ts) sets from the session cookie or a bearer token, and the guards
 * that turn a missing or wrong identity into 401 / 403 problems.
 *
 * The guards live here, not in the auth module, so route files read them with the other request
 * helpers; the auth module imports this file (never the reverse), so there is no import cycle.
 */
import type { FastifyRequest } from 'fastify';
import type { customers, users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';

/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;
/** A row of `customers`. */
export type CustomerRow = typeof customers.$inferSelect;

/** The identity of a request. Staff users have `customer: null`. */
export interface AuthContext {
  user: UserRow;
  customer: CustomerRow | null;
  /** Hash of the session cookie (null for bearer-token requests). */
  sessionId: string | null;
  via: 'session' | 'bearer';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session plugin (modules/auth/session.ts); null for guests. */
    auth: AuthContext | null;
  }
}

/** Any signed-in user; guests get 401 `unauthorized`. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** A signed-in customer user: 401 for guests, 403 for staff (no customer). */
export function requireCustomer(request: FastifyRequest): AuthContext & { customer: CustomerRow } {
  const auth = requireUser(request);
  if (!auth.customer) throw forbidden('This action needs a customer account.');
  return auth as AuthContext & { customer: CustomerRow };
}

/** A staff user (the association): 401 for guests, 403 for customers. */
export function requireStaff(request: FastifyRequest): AuthContext {
  const auth = requireUser(request);
  if (auth.user.role !== 'staff') throw forbidden();
  return auth;
}
