/**
 * Who is calling (docs/product/accounts.md#session, docs/product/accounts.md#roles-and-permissions roles): the session cookie (credentials and oidc modes)
 * or a bearer access token (oidc and oidc-token modes) becomes `request.auth` (typed in
 * http/guards.ts), and the `guard` preHandlers below (over the guards of http/guards.ts) turn a
 * missing or wrong identity into 401 / 403 problems.
 *
 * - Cookie `vetshop_session`: HttpOnly, SameSite=Lax, Path=/, Secure unless the site runs on
 *   localhost; its value is a random 256-bit token, the sessions table stores only its SHA-256.
 * - Cross-site protection: a state-changing request that carries the session cookie is checked
 *   by the app-level CSRF hook (http/csrf.ts, 403 `csrf`) before this plugin reads the session.
 * - Bearer tokens are checked by the `verifyBearer` function given in the options (oidc.ts), which
 *   returns the user the token belongs to.
 */
import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, sessions, users, userTokens } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import {
  requireCustomer,
  requireStaff,
  requireUser,
  type CustomerRow,
  type UserRow,
} from '../../http/index.ts';
import type { AuthMode } from '../../config.ts';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'vetshop_session';

/** Options of the auth layer, from the configuration (config.ts) or set by tests. */
export interface AuthOptions {
  type: AuthMode;
  /** Session lifetime in ms (default 10 days, docs/product/constants.md). */
  sessionTtlMs?: number;
  /** Public origin of the shop (SITE_URL): allowed Origin, links in mails, cookie Secure flag. */
  siteUrl?: string;
  /** Resolves a bearer access token to a user, or null when invalid (oidc modes). */
  verifyBearer?: (token: string) => Promise<UserRow | null>;
}

/** Default session lifetime: 10 days (docs/product/constants.md#time-and-retry "Local user storage: 10 days"), in ms. */
export const DEFAULT_SESSION_TTL_MS = 10 * 24 * 3600 * 1000;

/** SHA-256 (hex) of a token: what the sessions and user_tokens tables store. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random token (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True when the site runs on localhost (cookies then go without the Secure flag). */
export function isLocalhost(siteUrl: string | undefined): boolean {
  if (!siteUrl) return true;
  const host = new URL(siteUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
}

/** Loads the user (active) and its customer. */
export async function loadUser(
  db: Db,
  userId: number,
): Promise<{ user: UserRow; customer: CustomerRow | null } | null> {
  const rows = await db
    .select({ user: users, customer: customers })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** A session as the request path needs it (the session cache's entries). */
interface CachedSession {
  user: UserRow;
  customer: CustomerRow | null;
  method: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** How long a cached session → user row stays usable, in ms (docs/decisions/cart-sync-performance.md). */
export const SESSION_CACHE_TTL_MS = 2000;
const SESSION_CACHE_MAX = 10_000;

/**
 * Per-process cache of session id (hash) → session, active user and customer, for SESSION_CACHE_TTL_MS
 * (docs/decisions/cart-sync-performance.md, "Request path"), used by every read and the cart sync
 * (usesSessionCache): a signed-in customer's syncs (several a second) and the 5–7 api reads of one
 * signed-in page skip the session statement after the first. Why it is safe:
 *
 * - an entry is never older than the TTL, and the session's expiry is checked on every hit;
 * - sign-in, sign-out and "close all sessions" (password change or reset) forget entries before
 *   they answer;
 * - every state-changing request (POST/PUT/PATCH/DELETE except the cart sync, which changes no
 *   user, customer or session) reads its session afresh and clears the whole cache before its
 *   answer is sent, so a change made through this process (a user deactivated, rights or price
 *   list changed) holds for the next request; a read that started before a clear is not stored
 *   (generation);
 * - what remains is a change made by another process or directly in the database (a second api
 *   process, the ERP import): a read or a sync sees it within the TTL, like a request already in
 *   flight. The sync takes only the customer id, the user id and the catalogue viewer (price
 *   list, groups) from the session; regulated-product facts are read by its own statement. A
 *   write (an order, a profile change) always checks the session afresh.
 */
class SessionCache {
  private readonly entries = new Map<string, { at: number; session: CachedSession }>();
  /** Bumped by every clear: a read that began before a clear must not be stored. */
  generation = 0;

  /** The entry of `id` when fresh and its session not expired; undefined otherwise. */
  get(id: string): CachedSession | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    const now = Date.now();
    if (now - entry.at > SESSION_CACHE_TTL_MS || entry.session.expiresAt.getTime() <= now) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.session;
  }

  /** Stores what a read that began at `generation` found (nothing when a clear came since). */
  set(id: string, generation: number, session: CachedSession): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= SESSION_CACHE_MAX) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(id, { at: Date.now(), session });
  }

  /** Forgets one session. */
  forget(id: string): void {
    this.entries.delete(id);
    this.generation += 1;
  }

  /** Forgets every session. */
  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }
}

/** The process's session cache (see SessionCache). */
const sessionCache = new SessionCache();

/**
 * The state-changing routes that use the session cache: the cart sync (POST), the one request a
 * signed-in page sends several times a second. It changes no user, customer or session, so it does
 * not clear the cache either.
 */
const SESSION_CACHED_ROUTES = new Set(['/carts/sync', '/v2/cart/sync']);

/**
 * True when `request` may take its session from the cache: every read (GET, HEAD: a signed-in
 * catalogue page asks the api 5–7 times within a few milliseconds, each with the same session)
 * and the cart sync. Every other state-changing request reads the session afresh and clears the
 * cache before its answer leaves (see SessionCache).
 */
function usesSessionCache(request: FastifyRequest): boolean {
  const method = request.method;
  if (method === 'GET' || method === 'HEAD') return true;
  return method === 'POST' && SESSION_CACHED_ROUTES.has(request.routeOptions.url ?? '');
}

/**
 * Forgets every cached session of this process: for code that changes users, customers or
 * sessions outside an HTTP request of this api (jobs, scripts, tests).
 */
export function forgetCachedSessions(): void {
  sessionCache.clear();
}

/** Session functions the auth routes use (decorated on the app as `app.sessions`). */
export interface SessionManager {
  /**
   * Opens a session for `userId` (a fresh id: the id rotates at every sign-in), deletes the
   * session being replaced, and sets the cookie on `reply`. `options.expiresAt` ends the session
   * earlier than the configured lifetime (an OIDC session ends with its access token; it is not
   * extended by activity, the web renews it with a fresh token).
   */
  open(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    method: 'credentials' | 'oidc',
    options?: { expiresAt?: Date },
  ): Promise<void>;
  /** Deletes the request's session (if any) and clears the cookie. */
  close(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Deletes every session of a user (after a password change or reset), except `keep`. */
  closeAllOf(userId: number, keep?: string | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionManager;
    authOptions: AuthOptions;
  }
}

/**
 * The session plugin: registers @fastify/cookie, resolves `request.auth` on every request, checks
 * cross-site requests, and decorates `app.sessions` and `app.authOptions`.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { db: Db; auth: AuthOptions }) => {
  const { db, auth } = opts;
  const ttlMs = auth.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
  const secure = !isLocalhost(auth.siteUrl);
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.decorate('authOptions', auth);

  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };

  // One statement: the session, its active user and the user's customer. Prepared once, named
  // (PostgreSQL parses and plans it once per pooled connection): built per request by drizzle, it
  // was most of the api's CPU on a cache miss (docs/decisions/cart-sync-performance.md, "The sync
  // statement built once").
  const sessionRow = db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      method: sessions.method,
      user: users,
      customer: customers,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.active, true)))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('vs_session_user');

  app.decorate<SessionManager>('sessions', {
    async open(request, reply, userId, method, options) {
      const token = newToken();
      const old = request.cookies[SESSION_COOKIE];
      const lifetimeMs = Math.max(
        1000,
        Math.min(ttlMs, options?.expiresAt ? options.expiresAt.getTime() - Date.now() : ttlMs),
      );
      if (old) sessionCache.forget(hashToken(old));
      await db.transaction(async (tx) => {
        if (old) await tx.delete(sessions).where(eq(sessions.id, hashToken(old)));
        await tx.insert(sessions).values({
          id: hashToken(token),
          userId,
          method,
          expiresAt: new Date(Date.now() + lifetimeMs),
          userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
        });
      });
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions,
        maxAge: Math.max(1, Math.floor(lifetimeMs / 1000)),
      });
    },
    async close(request, reply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) sessionCache.forget(hashToken(token));
      if (token) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    async closeAllOf(userId, keep) {
      sessionCache.clear();
      await db
        .delete(sessions)
        .where(
          keep
            ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keep}`)
            : eq(sessions.userId, userId),
        );
    },
  });

  // Every state-changing request except the cart sync may change a user, a customer or a
  // session: the cache forgets everything before its answer leaves (see SessionCache).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'OPTIONS' && !usesSessionCache(request)) sessionCache.clear();
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    if (auth.type === 'none') return;
    const token = request.cookies[SESSION_COOKIE];
    const authorization = request.headers.authorization;
    if (token && token.length <= 100) {
      const id = hashToken(token);
      const cacheable = usesSessionCache(request);
      const cached = cacheable ? sessionCache.get(id) : undefined;
      if (cached) {
        request.auth = { user: cached.user, customer: cached.customer, sessionId: id, via: 'session' };
        if (cached.method !== 'oidc' && Date.now() - cached.lastSeenAt.getTime() > 5 * 60 * 1000) {
          cached.lastSeenAt = new Date();
          await db
            .update(sessions)
            .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + ttlMs) })
            .where(eq(sessions.id, id));
        }
        return;
      }
      const generation = sessionCache.generation;
      const rows = await sessionRow.execute({ id });
      const row = rows[0];
      if (row) {
        request.auth = { user: row.user, customer: row.customer, sessionId: id, via: 'session' };
        if (cacheable)
          sessionCache.set(id, generation, {
            user: row.user,
            customer: row.customer,
            method: row.method,
            lastSeenAt: row.lastSeenAt,
            expiresAt: row.expiresAt,
          });
        // Sliding expiry, written at most every 5 minutes (not for OIDC sessions: they end with
        // their access token).
        if (row.method !== 'oidc' && Date.now() - row.lastSeenAt.getTime() > 5 * 60 * 1000) {
          await db
            .update(sessions)
            .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + ttlMs) })
            .where(eq(sessions.id, id));
        }
        return;
      }
    }
    if (authorization?.startsWith('Bearer ') && auth.verifyBearer) {
      const user = await auth.verifyBearer(authorization.slice(7).trim());
      if (!user)
        throw new ApiError(401, 'invalid_token', 'Unauthorized', 'The access token is invalid or expired.');
      const loaded = await loadUser(db, user.id);
      if (loaded) request.auth = { ...loaded, sessionId: null, via: 'bearer' };
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Guards (http/guards.ts: `requireUser`, `requireCustomer`, `requireStaff`, called at the top of a
// handler) as preHandler hooks

/** preHandler hooks for route options: `{ preHandler: guard.customer }`. */
export const guard = {
  user: async (request: FastifyRequest) => void requireUser(request),
  customer: async (request: FastifyRequest) => void requireCustomer(request),
  staff: async (request: FastifyRequest) => void requireStaff(request),
};

/**
 * Deletes expired sessions and one-time tokens that expired more than a day ago (run hourly by
 * main.ts); returns how many sessions went.
 */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} < now()`)
    .returning({ id: sessions.id });
  await db.delete(userTokens).where(sql`${userTokens.expiresAt} < now() - interval '1 day'`);
  return gone.length;
}
