/**
 * The per-process session cache on reads (apps/api/src/modules/auth/session.ts `SessionCache`,
 * docs/decisions/cart-sync-performance.md "Request path"): the 5–7 api reads of one signed-in page
 * share one session statement; a state-changing request always checks the session afresh and
 * clears the cache; sign-out forgets the session at once; an entry lives SESSION_CACHE_TTL_MS at
 * most. The session row is deleted straight in the database to stand for a change made by another
 * api process, which the cache may not see before its TTL.
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { sessions } from '../src/db/schema.ts';
import { forgetCachedSessions, hashToken, SESSION_CACHE_TTL_MS } from '../src/modules/auth/session.ts';
import { createCustomer, signIn } from './account-fixtures.ts';
import { databaseTargets } from './targets.ts';

describe.each(databaseTargets())('session cache on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;

  const profile = (cookie: string) =>
    app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie } });
  /** Deletes the session of `cookie` in the database only, as another api process would. */
  const deleteSessionRow = async (cookie: string) => {
    const token = cookie.slice(cookie.indexOf('=') + 1);
    await database.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  };

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_session_cache_test'));
    app = await buildApp({ db: database, auth: { type: 'credentials', siteUrl: 'http://localhost:3000' } });
    await app.ready();
  });
  afterEach(() => {
    vi.useRealTimers();
    forgetCachedSessions();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers the reads of one page from one session statement, until the entry is forgotten', async () => {
    const c = await createCustomer(database.db);
    const cookie = await signIn(app, c.login);
    expect((await profile(cookie)).statusCode).toBe(200);
    await deleteSessionRow(cookie);
    // Another process ended the session: a read within the TTL is still answered from the cache.
    const cached = await profile(cookie);
    expect(cached.statusCode).toBe(200);
    expect(cached.json()).toMatchObject({ id: c.userId });
    forgetCachedSessions();
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('reads the session afresh once the entry is older than its TTL', async () => {
    const c = await createCustomer(database.db);
    const cookie = await signIn(app, c.login);
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await profile(cookie)).statusCode).toBe(200);
    await deleteSessionRow(cookie);
    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS + 1);
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('checks the session afresh on a state-changing request, which clears the cache for the reads', async () => {
    const c = await createCustomer(database.db);
    const cookie = await signIn(app, c.login);
    expect((await profile(cookie)).statusCode).toBe(200);
    await deleteSessionRow(cookie);
    const write = await app.inject({
      method: 'POST',
      url: '/wishlists',
      headers: { cookie },
      payload: { name: 'Monthly order' },
    });
    expect(write.statusCode).toBe(401);
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('forgets the session at sign-out, before its answer', async () => {
    const c = await createCustomer(database.db);
    const cookie = await signIn(app, c.login);
    expect((await profile(cookie)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBeLessThan(300);
    expect((await profile(cookie)).statusCode).toBe(401);
  });
});
