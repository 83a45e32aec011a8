/**
 * Session and request security of the api (docs/decisions/security-testing.md: session cookie flags, session
 * rotation, sign-in rate limiting, CSRF protection). Where each property is asserted, including
 * the tests that already existed, is listed in docs/decisions/security-testing.md.
 *
 * - The session cookie is HttpOnly, SameSite=Lax, Path=/, Secure when SITE_URL is not localhost,
 *   with a Max-Age of the session lifetime (10 days by default).
 * - Sign-in never adopts an id the browser brought (session fixation): the id is fresh, the one
 *   the browser held is deleted, sign-out deletes the session.
 * - Sign-in is limited: the 6th failed attempt of a login → 429 problem+json with Retry-After
 *   (seconds), the right password then included.
 * - CSRF (http/csrf.ts, docs/decisions/csrf-protection.md): a cookie-authenticated change from
 *   another site is refused with 403 problem+json `csrf` and changes nothing; the web's own calls
 *   (server-side fetches without Origin, browser calls forwarded by the /api proxy) pass; bearer
 *   requests are exempt; guests are not checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { sessions, users } from '../src/db/schema.ts';
import { csrfVerdict, parseAllowedOrigins } from '../src/http/csrf.ts';
import { hashToken } from '../src/modules/auth/session.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { createCustomer, createStaff, FIXTURE_PASSWORD, signIn } from './account-fixtures.ts';

const silentMailer: Mailer = { send: async () => {} };
const SITE = 'https://shop.example.be';
const EXTRA = 'https://partner.example.org';

function expectProblem(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect((res.json() as { code: string }).code).toBe(code);
}

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'vetshop_session');
}

describe('session and request security', () => {
  let database: Database;
  /** Credentials app whose SITE_URL is an https origin (Secure cookie), plus one extra allowed origin. */
  let app: FastifyInstance;
  let ipSeq = 0;
  const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  beforeAll(async () => {
    database = await openTestPglite();
    app = await buildApp({
      db: database,
      mailer: silentMailer,
      auth: { type: 'credentials', siteUrl: SITE },
      csrfAllowedOrigins: [EXTRA],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const login = (loginName: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: loginName, password },
      headers,
      remoteAddress: freshIp(),
    });
  const profile = (cookie: string) =>
    app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie } });

  describe('session cookie', () => {
    it('is HttpOnly, SameSite=Lax, Path=/ and Secure outside localhost, for the session lifetime', async () => {
      const c = await createCustomer(database.db);
      const res = await login(c.login, FIXTURE_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      const cookie = sessionCookie(res)!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.path).toBe('/');
      expect(cookie.secure).toBe(true);
      expect(cookie.domain).toBeUndefined(); // host-only: not sent to sibling hosts
      expect(cookie.maxAge).toBe(10 * 24 * 3600);
      // 256 random bits; the table keeps only the SHA-256, never the cookie value.
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await database.db.select().from(sessions).where(eq(sessions.userId, c.userId));
      expect(rows.map((r) => r.id)).toEqual([hashToken(cookie.value)]);
      // Sign-out clears it with the same flags.
      const out = await app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: { cookie: `vetshop_session=${cookie.value}`, origin: SITE },
      });
      expect(out.statusCode).toBe(204);
      const cleared = sessionCookie(out)!;
      expect(cleared.value).toBe('');
      expect(cleared.httpOnly).toBe(true);
      expect(cleared.secure).toBe(true);
    });

    it('is not Secure on a localhost site (http development and the e2e runs)', async () => {
      const local = await buildApp({
        db: database,
        mailer: silentMailer,
        auth: { type: 'credentials', siteUrl: 'http://localhost:3000' },
      });
      try {
        const c = await createCustomer(database.db);
        const res = await local.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { login: c.login, password: FIXTURE_PASSWORD },
          remoteAddress: freshIp(),
        });
        const cookie = sessionCookie(res)!;
        expect(cookie.secure).toBeFalsy();
        expect(cookie.httpOnly).toBe(true);
        expect(cookie.sameSite).toBe('Lax');
      } finally {
        await local.close();
      }
    });
  });

  describe('session rotation', () => {
    it('never adopts an id the browser brought, deletes the replaced session, and sign-out ends it', async () => {
      const c = await createCustomer(database.db);
      // Fixation attempt: the browser arrives with an id chosen by an attacker.
      const planted = 'A'.repeat(43);
      const first = await login(c.login, FIXTURE_PASSWORD, { cookie: `vetshop_session=${planted}` });
      const firstId = sessionCookie(first)!.value;
      expect(firstId).not.toBe(planted);
      expectProblem(await profile(`vetshop_session=${planted}`), 401, 'unauthorized');
      expect((await profile(`vetshop_session=${firstId}`)).statusCode).toBe(200);

      // Signing in again (same browser) rotates the id; the old one is a guest from then on.
      const second = await login(c.login, FIXTURE_PASSWORD, { cookie: `vetshop_session=${firstId}` });
      const secondId = sessionCookie(second)!.value;
      expect(secondId).not.toBe(firstId);
      expectProblem(await profile(`vetshop_session=${firstId}`), 401, 'unauthorized');
      const rows = await database.db.select().from(sessions).where(eq(sessions.userId, c.userId));
      expect(rows.map((r) => r.id)).toEqual([hashToken(secondId)]);

      // Sign-out deletes it server-side: a replayed cookie is a guest.
      await app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: { cookie: `vetshop_session=${secondId}` },
      });
      expectProblem(await profile(`vetshop_session=${secondId}`), 401, 'unauthorized');
    });
  });

  describe('sign-in rate limiting', () => {
    it('answers the 6th failed attempt of a login from one address with 429 problem+json and Retry-After, even with the right password; the owner elsewhere still signs in', async () => {
      const c = await createCustomer(database.db);
      const from = (password: string, remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { login: c.login, password },
          remoteAddress,
        });
      const attacker = freshIp();
      for (let i = 0; i < 5; i++)
        expectProblem(await from(`wrong ${i}`, attacker), 401, 'invalid_credentials');
      const blocked = await from(FIXTURE_PASSWORD, attacker);
      expectProblem(blocked, 429, 'too_many_attempts');
      const retry = blocked.headers['retry-after'];
      expect(String(retry)).toMatch(/^\d+$/);
      expect(Number(retry)).toBeGreaterThan(0);
      expect(Number(retry)).toBeLessThanOrEqual(15 * 60);
      expect(sessionCookie(blocked)).toBeUndefined();
      // No lock-out handed to strangers (docs/decisions/sign-in-lockout.md).
      expect((await from(FIXTURE_PASSWORD, freshIp())).statusCode).toBe(200);
    });

    it('limits one client address across logins (20 failures per 15 minutes)', async () => {
      const ip = '198.51.100.9';
      for (let i = 0; i < 20; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { login: `nobody${i}@security.test`, password: 'x' },
          remoteAddress: ip,
        });
        expect(res.statusCode).toBe(401);
      }
      const c = await createCustomer(database.db);
      const blocked = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { login: c.login, password: FIXTURE_PASSWORD },
        remoteAddress: ip,
      });
      expectProblem(blocked, 429, 'too_many_attempts');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('CSRF', () => {
    let cookie = '';
    let userId = 0;
    const nameOf = async () =>
      (await database.db.select({ n: users.givenName }).from(users).where(eq(users.id, userId)))[0]!.n;
    /** POST /user (a cookie-authenticated change) with `headers`; `name` is what it would set. */
    const rename = (name: string, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/user',
        headers: { cookie, ...headers },
        payload: { given_name: name, family_name: 'Csrf' },
      });

    beforeAll(async () => {
      const c = await createCustomer(database.db);
      userId = c.userId;
      cookie = await signIn(app, c.login);
    });

    it.each([
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['a look-alike Origin', { origin: 'https://shop.example.be.evil.example' }],
      ['the site on another scheme', { origin: 'http://shop.example.be' }],
      ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }],
      [
        'a foreign Origin with Sec-Fetch-Site: same-site',
        { origin: 'https://x.example.be', 'sec-fetch-site': 'same-site' },
      ],
      ['no Origin and a foreign Referer', { referer: 'https://evil.example/page' }],
      ['no Origin and an unparsable Referer', { referer: 'not a url' }],
    ])(
      'refuses a cookie-authenticated change with %s (403 csrf, nothing changed)',
      async (_label, headers) => {
        const before = await nameOf();
        const res = await rename('Mallory', headers);
        expectProblem(res, 403, 'csrf');
        expect(res.body).not.toMatch(/at .*\.ts|node_modules/);
        expect(await nameOf()).toBe(before);
      },
    );

    it.each([
      ['application/x-www-form-urlencoded', 'given_name=Mallory&family_name=Csrf', {}],
      ['text/plain', '{"given_name":"Mallory","family_name":"Csrf"}', {}],
      ['multipart/form-data; boundary=x', '--x--\r\n', { 'sec-fetch-site': 'same-site' }],
    ])('refuses a cross-site form post (%s) without a matching Origin', async (type, body, extra) => {
      const before = await nameOf();
      const res = await app.inject({
        method: 'POST',
        url: '/user',
        headers: { cookie, 'content-type': type, ...extra },
        payload: body,
      });
      expectProblem(res, 403, 'csrf');
      expect(await nameOf()).toBe(before);
    });

    it('refuses every state-changing method (PUT, DELETE) from a foreign origin', async () => {
      expectProblem(
        await app.inject({
          method: 'PUT',
          url: '/customer',
          headers: { cookie, origin: 'https://evil.example' },
          payload: { opt_out: true },
        }),
        403,
        'csrf',
      );
      expectProblem(
        await app.inject({
          method: 'DELETE',
          url: '/wishlists/1',
          headers: { cookie, origin: 'https://evil.example' },
        }),
        403,
        'csrf',
      );
      // Sign-out is a change too: a forged one does not end the session.
      expectProblem(
        await app.inject({
          method: 'POST',
          url: '/auth/logout',
          headers: { cookie, origin: 'https://evil.example' },
        }),
        403,
        'csrf',
      );
      expect((await profile(cookie)).statusCode).toBe(200);
    });

    it.each([
      ['SITE_URL as Origin', { origin: SITE }],
      ['a configured extra origin (CSRF_ALLOWED_ORIGINS)', { origin: EXTRA }],
      ['the api’s own origin', { origin: 'http://localhost:80' }],
      ['a Referer on the site (no Origin)', { referer: `${SITE}/fr/account` }],
      ['the web server’s server-side fetch (no Origin, no Referer)', {}],
      [
        'a browser call forwarded by the web’s /api proxy',
        {
          origin: SITE,
          'sec-fetch-site': 'same-origin',
          'x-forwarded-for': '203.0.113.5',
          'user-agent': 'Mozilla/5.0',
        },
      ],
    ])('lets through %s', async (_label, headers) => {
      const name = `Anna${++ipSeq}`;
      const res = await rename(name, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(await nameOf()).toBe(name);
    });

    it('lets a same-origin multipart upload through to the route (the CSV import of the cart page)', async () => {
      const boundary = 'sec-boundary';
      const res = await app.inject({
        method: 'POST',
        url: '/carts/csv',
        headers: {
          cookie,
          origin: SITE,
          'sec-fetch-site': 'same-origin',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nsku;quantity\nX;1\n\r\n--${boundary}--\r\n`,
        ),
      });
      // The route answers (this user may not import: 403 import_forbidden), not the CSRF check.
      expect((res.json() as { code: string }).code).not.toBe('csrf');
    });

    it('does not check guests (no ambient credential) nor reads: a guest sign-in from another origin is answered', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: 'https://evil.example' },
        payload: { login: 'nobody@security.test', password: 'x' },
        remoteAddress: freshIp(),
      });
      expectProblem(res, 401, 'invalid_credentials');
      const read = await app.inject({
        method: 'GET',
        url: '/auth/profile',
        headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(read.statusCode).toBe(200);
    });

    it('exempts bearer-token requests (oidc-token): no browser sends Authorization cross-site', async () => {
      const staff = await createStaff(database.db);
      const [row] = await database.db.select().from(users).where(eq(users.id, staff.userId));
      const bearerApp = await buildApp({
        db: database,
        mailer: silentMailer,
        auth: {
          type: 'oidc-token',
          siteUrl: SITE,
          verifyBearer: async (token) => (token === 'good-token' ? row! : null),
        },
      });
      try {
        const res = await bearerApp.inject({
          method: 'POST',
          url: '/user',
          headers: { authorization: 'Bearer good-token', origin: 'https://elsewhere.example' },
          payload: { given_name: 'Bea', family_name: 'Rer' },
        });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await bearerApp.close();
      }
    });

    it.each([
      ['a bearer token', 'Bearer not-a-token'],
      ['browser-cached Basic credentials', 'Basic Zm9vOmJhcg=='],
    ])(
      'checks a cookie-authenticated change that also carries an Authorization header (%s)',
      async (_label, authorization) => {
        const before = await nameOf();
        const res = await rename('Mallory', { authorization, origin: 'https://evil.example' });
        expectProblem(res, 403, 'csrf');
        expect(await nameOf()).toBe(before);
      },
    );

    it('decides on headers alone (csrfVerdict) and parses CSRF_ALLOWED_ORIGINS strictly', () => {
      const allowed = new Set([SITE]);
      const s = 'vetshop_session=abc';
      expect(
        csrfVerdict({ method: 'GET', headers: { cookie: s, origin: 'https://evil.example' } }, allowed),
      ).toBeNull();
      expect(
        csrfVerdict({ method: 'PATCH', headers: { cookie: s, origin: 'https://evil.example' } }, allowed),
      ).not.toBeNull();
      expect(csrfVerdict({ method: 'post', headers: { cookie: s, origin: SITE } }, allowed)).toBeNull();
      // An Authorization header exempts only when no session cookie rides along.
      expect(
        csrfVerdict(
          {
            method: 'POST',
            headers: { cookie: s, authorization: 'Bearer t', origin: 'https://evil.example' },
          },
          allowed,
        ),
      ).not.toBeNull();
      expect(
        csrfVerdict(
          { method: 'POST', headers: { authorization: 'Bearer t', origin: 'https://evil.example' } },
          allowed,
        ),
      ).toBeNull();
      // Another cookie of the same name prefix is not the session.
      expect(
        csrfVerdict(
          { method: 'POST', headers: { cookie: 'vetshop_sessionx=1', origin: 'https://evil.example' } },
          allowed,
        ),
      ).toBeNull();
      expect(parseAllowedOrigins(' https://a.example/path , http://localhost:3000 ')).toEqual([
        'https://a.example',
        'http://localhost:3000',
      ]);
      expect(parseAllowedOrigins('')).toEqual([]);
      expect(() => parseAllowedOrigins('ftp://a.example')).toThrow(/CSRF_ALLOWED_ORIGINS/);
      expect(() => parseAllowedOrigins('not an origin')).toThrow(/CSRF_ALLOWED_ORIGINS/);
    });
  });
});
