/**
 * Credentials authentication and the current user (docs/product/accounts.md#auth-calls, docs/product/accounts.md#session, docs/product/accounts.md): session
 * cookie and its rotation, one generic failure, rate limits per login and per address, sign-out
 * server-side, cross-site refusal, password reset and email validation through a real SMTP server
 * on loopback, mails in the user's locale, profile update, auth modes, bad input.
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { eq, sql } from 'drizzle-orm';
import { problemSchema, userProfileSchema } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import { type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { rateLimits, registrations, sessions, users } from '../src/db/schema.ts';
import { purgeExpiredSessions } from '../src/modules/auth/session.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { sendWelcomeMail } from '../src/modules/auth/mails.ts';
import { LOGIN_CEILING, purgeExpiredLimits, takeLimits } from '../src/modules/auth/rate-limit.ts';
import { createCustomer, createStaff, FIXTURE_PASSWORD, signIn } from './account-fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

// ---------------------------------------------------------------------------------------------
// A real SMTP server on loopback that keeps every received message.

interface Received {
  to: string[];
  raw: string;
}

interface Inbox {
  port: number;
  messages: Received[];
  /** Waits for a message to `to` received after `since` messages (by default the next one to arrive). */
  next(to: string, since: number, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

async function startSmtp(): Promise<Inbox> {
  const messages: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    async next(to, since, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(since).find((m) => m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes quoted-printable (soft line breaks, =XX bytes) as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text/plain part of a raw message, decoded (quoted-printable or base64 or plain). */
function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? raw;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The token of the first link to `/account/<page>?token=` in the mail, and the link. */
function linkOf(mail: Received, page: string): { link: string; token: string } {
  const text = plainText(mail.raw);
  const match = new RegExp(`https?://\\S+/account/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in\n${text}`);
  return { link: match[0], token: decodeURIComponent(match[1]!) };
}

// ---------------------------------------------------------------------------------------------

function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === 'vetshop_session');
  return c && c.value ? `vetshop_session=${c.value}` : undefined;
}

function expectProblem(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const body = problemSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

describe.each(targets)('credentials auth on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let inbox: Inbox;
  let ipSeq = 0;
  /** A fresh client address per use, so per-address counters of tests do not add up. */
  const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  const post = (url: string, payload: unknown, opts: { cookie?: string; ip?: string } = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      remoteAddress: opts.ip ?? freshIp(),
    });
  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    inbox = await startSmtp();
    ({ database } = await target.open('vetshop_auth_test'));
    app = await buildApp({
      db: database,
      auth: { type: 'credentials', siteUrl: 'http://localhost:3000' },
      mailer: createMailer({
        from: 'VetShop <no-reply@vetshop.localhost>',
        smtpUrl: `smtp://127.0.0.1:${inbox.port}`,
        outboxDir: '/nonexistent',
      }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await inbox?.close();
  });

  it('signs in with an HttpOnly SameSite=Lax cookie and rotates the id at every sign-in', async () => {
    const c = await createCustomer(database.db);
    const first = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD });
    expect(first.statusCode, first.body).toBe(200);
    const profile = userProfileSchema.parse(first.json());
    expect(profile.login).toBe(c.login);
    expect(profile.customer?.id).toBe(c.customerId);
    const cookie = first.cookies.find((x) => x.name === 'vetshop_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy(); // localhost site
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const oldCookie = sessionCookieOf(first)!;

    // A second sign-in on the same browser (it sends the old cookie) gets a new id.
    const second = await post(
      '/auth/login',
      { login: c.login.toUpperCase(), password: FIXTURE_PASSWORD },
      { cookie: oldCookie },
    );
    expect(second.statusCode, second.body).toBe(200);
    const newCookie = sessionCookieOf(second)!;
    expect(newCookie).not.toBe(oldCookie);
    expectProblem(await get('/auth/profile', oldCookie), 401, 'unauthorized');
    const me = await get('/auth/profile', newCookie);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json()).toEqual(profile);
  });

  it('answers a wrong password and an unknown login with the same 401 body', async () => {
    const c = await createCustomer(database.db);
    const wrong = await post('/auth/login', { login: c.login, password: 'not the password' });
    const unknown = await post('/auth/login', {
      login: 'nobody-here@example.test',
      password: 'not the password',
    });
    await database.db.update(users).set({ active: false }).where(eq(users.id, c.userId));
    const inactive = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD });
    const body = expectProblem(wrong, 401, 'invalid_credentials');
    expectProblem(unknown, 401, 'invalid_credentials');
    expect(unknown.json()).toEqual(body);
    expect(inactive.json()).toEqual(body);
    expect(sessionCookieOf(wrong)).toBeUndefined();
    expect(sessionCookieOf(inactive)).toBeUndefined();
  });

  it('tells the right password of an application awaiting staff 403 registration_pending; wrong or refused stay generic', async () => {
    const email = `applicant-${Date.now()}@praktijk.test`;
    const password = 'an applicant password';
    const submitted = await post('/registrations', {
      title: 'dr',
      first_name: 'Anne',
      last_name: 'Peeters',
      email,
      mobile: '+32 470 11 22 33',
      company_name: 'Dierenkliniek Peeters',
      vat: 'BE 0412.345.614',
      street: 'Kerkstraat 5',
      zip: '2000',
      city: 'Antwerpen',
      country: 'BE',
      function: 'veterinary',
      terms_accepted: true,
      locale: 'nl',
      password,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const unknown = await post('/auth/login', { login: 'nobody-else@example.test', password });

    // The right password, from one address more times than a wrong one may be tried: never
    // counted as a failure, no session.
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      const pending = await post('/auth/login', { login: email.toUpperCase(), password }, { ip });
      const body = expectProblem(pending, 403, 'registration_pending');
      expect(body.detail).toMatch(/being reviewed/);
      expect(sessionCookieOf(pending)).toBeUndefined();
    }
    // A wrong password gets the same body as an unknown login: nothing tells an application exists.
    const wrong = await post('/auth/login', { login: email, password: 'not the password' });
    expectProblem(wrong, 401, 'invalid_credentials');
    expect(wrong.json()).toEqual(unknown.json());
    // Refused: the generic answer, even with the password.
    await database.db
      .update(registrations)
      .set({ status: 'refused', reason: 'Not a practice' })
      .where(eq(registrations.email, email));
    const refused = await post('/auth/login', { login: email, password });
    expectProblem(refused, 401, 'invalid_credentials');
    expect(refused.json()).toEqual(unknown.json());
  });

  it('refuses the 6th attempt of a login from one address with 429 and Retry-After, even with the right password', async () => {
    const c = await createCustomer(database.db);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expectProblem(
        await post('/auth/login', { login: c.login, password: `wrong ${i}` }, { ip }),
        401,
        'invalid_credentials',
      );
    }
    const sixth = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { ip });
    expectProblem(sixth, 429, 'too_many_attempts');
    const retry = Number(sixth.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookieOf(sixth)).toBeUndefined();
    // Another login from the same address is not affected.
    const other = await createCustomer(database.db);
    expect(
      (await post('/auth/login', { login: other.login, password: FIXTURE_PASSWORD }, { ip })).statusCode,
    ).toBe(200);
    // Once the window is over the login may sign in again from that address.
    await database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `login-ip:${c.login}|${ip}`));
    expect(
      (await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { ip })).statusCode,
    ).toBe(200);
  });

  it('counts 20 parallel wrong passwords atomically: exactly 5 refusals of the password, 15 × 429', async () => {
    const c = await createCustomer(database.db);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/auth/login', { login: c.login, password: `wrong ${i}` }, { ip }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const r of answers.filter((a) => a.statusCode === 429)) expectProblem(r, 429, 'too_many_attempts');
  });

  it('a storm of refused attempts on the same keys never deadlocks: every one is refused, none is counted', async () => {
    // Each refused attempt bumps the keys (one INSERT … ON CONFLICT) then takes them back (one
    // UPDATE); both statements must lock the rows in one order, else PostgreSQL kills one of two
    // crossing requests with "deadlock detected" (a 500 to the user).
    const prefix = `storm-${Date.now()}`;
    const keys = ['c', 'a', 'b', 'é', 'B'].map((k) => ({
      key: `${prefix}:${k}`,
      limit: { max: 0, windowSeconds: 60 },
    }));
    const outcomes = await Promise.all(Array.from({ length: 2000 }, () => takeLimits(database.db, keys)));
    expect(outcomes.every((o) => !o.allowed)).toBe(true);
    const rows = await database.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(sql`left(${rateLimits.key}, ${prefix.length}) = ${prefix}`);
    expect(rows.map((r) => r.hits)).toEqual([0, 0, 0, 0, 0]);
  });

  it.each([5, 20])(
    'after %i wrong passwords from address A: the owner from B and the owner’s known device from A sign in, the attacker from A is limited',
    async (wrong) => {
      const c = await createCustomer(database.db);
      const A = freshIp();
      const B = freshIp();
      // The owner signed in on this device before: it holds the known-device cookie.
      const earlier = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD });
      expect(earlier.statusCode, earlier.body).toBe(200);
      const device = earlier.cookies.find((x) => x.name === 'vetshop_device');
      expect(device, 'known-device cookie set at sign-in').toBeDefined();
      expect(device!.httpOnly).toBe(true);
      expect(device!.sameSite).toBe('Lax');
      expect(device!.maxAge).toBeGreaterThanOrEqual(30 * 24 * 3600);
      const deviceCookie = `vetshop_device=${device!.value}`;

      const attacks: number[] = [];
      for (let i = 0; i < wrong; i++)
        attacks.push(
          (await post('/auth/login', { login: c.login, password: `guess ${i}` }, { ip: A })).statusCode,
        );
      expect(attacks.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(attacks.slice(5).every((s) => s === 429)).toBe(true);
      // The attacker from A is limited, even with the right password.
      expectProblem(
        await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { ip: A }),
        429,
        'too_many_attempts',
      );
      // The owner from B signs in.
      expect(
        (await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { ip: B })).statusCode,
      ).toBe(200);
      // The owner's known device signs in from A.
      const known = await post(
        '/auth/login',
        { login: c.login, password: FIXTURE_PASSWORD },
        { ip: A, cookie: deviceCookie },
      );
      expect(known.statusCode, known.body).toBe(200);
      // A known-device cookie of another account gives the attacker nothing.
      const other = await createCustomer(database.db);
      const otherDevice = (
        await post('/auth/login', { login: other.login, password: FIXTURE_PASSWORD })
      ).cookies.find((x) => x.name === 'vetshop_device')!;
      expectProblem(
        await post(
          '/auth/login',
          { login: c.login, password: FIXTURE_PASSWORD },
          { ip: A, cookie: `vetshop_device=${otherDevice.value}` },
        ),
        429,
        'too_many_attempts',
      );
    },
  );

  it('a known device guessing passwords is limited too (5 per 15 minutes per device)', async () => {
    const c = await createCustomer(database.db);
    const first = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD });
    const cookie = `vetshop_device=${first.cookies.find((x) => x.name === 'vetshop_device')!.value}`;
    for (let i = 0; i < 5; i++)
      expectProblem(
        await post('/auth/login', { login: c.login, password: `x${i}` }, { cookie }),
        401,
        'invalid_credentials',
      );
    expectProblem(
      await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { cookie }),
      429,
      'too_many_attempts',
    );
  });

  it('keeps a much higher ceiling per login: beyond it only known devices sign in', async () => {
    const c = await createCustomer(database.db);
    const first = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD });
    const cookie = `vetshop_device=${first.cookies.find((x) => x.name === 'vetshop_device')!.value}`;
    // A distributed attack reached the ceiling (seeded: hashing 100 guesses would only slow the test).
    const ceiling = { hits: LOGIN_CEILING.max, resetAt: sql`now() + interval '10 minutes'` };
    await database.db
      .insert(rateLimits)
      .values({ key: `login:${c.login}`, ...ceiling })
      .onConflictDoUpdate({ target: rateLimits.key, set: ceiling });
    expectProblem(
      await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }),
      429,
      'too_many_attempts',
    );
    expect(
      (await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { cookie })).statusCode,
    ).toBe(200);
  });

  it('a successful sign-in clears the failures of the login from that address', async () => {
    const c = await createCustomer(database.db);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await post('/auth/login', { login: c.login, password: 'wrong' }, { ip });
    expect(
      (await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { ip })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 4; i++) await post('/auth/login', { login: c.login, password: 'wrong' }, { ip });
    expect(
      (await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { ip })).statusCode,
    ).toBe(200);
  });

  it('limits failed sign-ins per client address to 20 per 15 minutes', async () => {
    const ip = '192.0.2.77';
    const c = await createCustomer(database.db);
    const first = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD });
    const cookie = `vetshop_device=${first.cookies.find((x) => x.name === 'vetshop_device')!.value}`;
    for (let i = 0; i < 20; i++) {
      expectProblem(
        await post('/auth/login', { login: `ghost${i}@example.test`, password: 'x' }, { ip }),
        401,
        'invalid_credentials',
      );
    }
    const blocked = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { ip });
    expectProblem(blocked, 429, 'too_many_attempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from another address signs in, and from this address on its known device.
    expect((await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD })).statusCode).toBe(200);
    expect(
      (await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }, { ip, cookie })).statusCode,
    ).toBe(200);
  });

  it('ignores a forged X-Forwarded-For from an untrusted peer', async () => {
    const peer = '198.51.100.77';
    for (let i = 0; i < 20; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { login: `forged${i}@example.test`, password: 'x' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        remoteAddress: peer,
      });
      expectProblem(res, 401, 'invalid_credentials');
    }
    const c = await createCustomer(database.db);
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { login: c.login, password: FIXTURE_PASSWORD },
        headers: { 'x-forwarded-for': '203.0.113.200' },
        remoteAddress: peer,
      }),
      429,
      'too_many_attempts',
    );
  });

  it('purges limits whose window ended long ago', async () => {
    await database.db.insert(rateLimits).values([
      { key: 'login:old@example.test', hits: 3, resetAt: new Date(Date.now() - 3 * 3600 * 1000) },
      { key: 'login:recent@example.test', hits: 1, resetAt: new Date(Date.now() + 600 * 1000) },
    ]);
    expect(await purgeExpiredLimits(database.db)).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain('login:old@example.test');
    expect(keys).toContain('login:recent@example.test');
  });

  it('GET /auth/profile and GET /customer: 401 for a guest, the same profile when signed in', async () => {
    expectProblem(await get('/auth/profile'), 401, 'unauthorized');
    expectProblem(await get('/customer'), 401, 'unauthorized');
    const c = await createCustomer(database.db, { fn: 'pharmacist', vetGroupIds: [3, 7] });
    const cookie = await signIn(app, c.login);
    const profile = (await get('/auth/profile', cookie)).json();
    expect((await get('/customer', cookie)).json()).toEqual(profile);
    const p = userProfileSchema.parse(profile);
    expect(p).toMatchObject({
      role: 'pharmacist',
      roles: ['pharmacist'],
      price_list: 'pharmacist',
      preferred_username: c.login,
      vetGroups: [3, 7],
      subject: null,
      email_verified: true,
    });
    expect(p.customer).toMatchObject({ id: c.customerId, opt_in: false, opt_out: true });

    const staff = await createStaff(database.db);
    const s = userProfileSchema.parse((await get('/auth/profile', await signIn(app, staff.login))).json());
    expect(s.role).toBe('staff');
    expect(s.customer).toBeNull();
  });

  it('sign-out closes the session server-side; a replayed cookie is a guest', async () => {
    const c = await createCustomer(database.db);
    const cookie = await signIn(app, c.login);
    const out = await post('/auth/logout', {}, { cookie });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const cleared = out.cookies.find((x) => x.name === 'vetshop_session');
    expect(cleared?.value).toBe('');
    expectProblem(await get('/auth/profile', cookie), 401, 'unauthorized');
    // Signing out as a guest is fine too.
    expect((await post('/auth/logout', {})).statusCode).toBe(204);
  });

  it('an expired session is a guest, and the hourly purge deletes it but keeps live ones', async () => {
    const a = await createCustomer(database.db);
    const b = await createCustomer(database.db);
    const expired = await signIn(app, a.login);
    const live = await signIn(app, b.login);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, a.userId));
    expectProblem(await get('/auth/profile', expired), 401, 'unauthorized');
    expect(await purgeExpiredSessions(database.db)).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, a.userId))).toHaveLength(0);
    expect((await get('/auth/profile', live)).statusCode).toBe(200);
  });

  it('refuses cross-site state-changing requests carrying the cookie', async () => {
    const c = await createCustomer(database.db);
    const cookie = await signIn(app, c.login);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expectProblem(crossSite, 403, 'csrf');
    const foreign = await app.inject({
      method: 'POST',
      url: '/user',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { given_name: 'Eve', family_name: 'Mallory' },
    });
    expectProblem(foreign, 403, 'csrf');
    // Neither request had an effect: still signed in, name unchanged.
    const me = await get('/auth/profile', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().given_name).not.toBe('Eve');
    // The shop's own origin is accepted.
    const own = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(own.statusCode).toBe(204);
  });

  it('resets a password through the mailed link (real SMTP), closing every session', async () => {
    const c = await createCustomer(database.db, { emailVerified: false });
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, c.userId));
    const browserA = await signIn(app, c.login);
    const browserB = await signIn(app, c.login);
    await database.db.update(users).set({ emailVerified: false }).where(eq(users.id, c.userId));

    const since = inbox.messages.length;
    expect((await post('/auth/request_reset_password', { login: 'ghost@example.test' })).statusCode).toBe(
      204,
    );
    const req = await post('/auth/request_reset_password', { login: c.login.toUpperCase() });
    expect(req.statusCode).toBe(204);
    const mail = await inbox.next(c.login, since);
    expect(inbox.messages.slice(since).some((m) => m.to.includes('ghost@example.test'))).toBe(false);
    const { link, token } = linkOf(mail, 'reset-password');
    expect(link.startsWith('http://localhost:3000/fr/account/reset-password?token=')).toBe(true);
    expect(plainText(mail.raw)).toContain('mot de passe');

    const newPassword = 'a brand new password';
    expect((await post('/auth/set_password', { token, password: newPassword })).statusCode).toBe(204);
    expectProblem(await get('/auth/profile', browserA), 401, 'unauthorized');
    expectProblem(await get('/auth/profile', browserB), 401, 'unauthorized');
    expectProblem(
      await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD }),
      401,
      'invalid_credentials',
    );
    const signed = await post('/auth/login', { login: c.login, password: newPassword });
    expect(signed.statusCode, signed.body).toBe(200);
    // The mail proved the address: the email is verified now.
    expect(userProfileSchema.parse(signed.json()).email_verified).toBe(true);
    // The token works once.
    expectProblem(
      await post('/auth/set_password', { token, password: 'yet another password' }),
      400,
      'invalid_token',
    );
    expectProblem(
      await post('/auth/set_password', { token: 'x'.repeat(43), password: 'yet another password' }),
      400,
      'invalid_token',
    );
  });

  it('refuses an expired reset token, and only the newest reset link works', async () => {
    const c = await createCustomer(database.db);
    let since = inbox.messages.length;
    await post('/auth/request_reset_password', { login: c.login });
    const first = linkOf(await inbox.next(c.login, since), 'reset-password').token;
    since = inbox.messages.length;
    await post('/auth/request_reset_password', { login: c.login });
    const second = linkOf(await inbox.next(c.login, since), 'reset-password').token;
    expectProblem(
      await post('/auth/set_password', { token: first, password: 'new password one' }),
      400,
      'invalid_token',
    );
    await database.db.execute(
      sql`UPDATE user_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = ${c.userId}`,
    );
    expectProblem(
      await post('/auth/set_password', { token: second, password: 'new password two' }),
      400,
      'invalid_token',
    );
  });

  it('sends mails in the user locale (a Dutch user gets Dutch text and a /nl link)', async () => {
    const c = await createCustomer(database.db);
    await database.db.update(users).set({ locale: 'nl', givenName: 'Jan' }).where(eq(users.id, c.userId));
    const since = inbox.messages.length;
    await post('/auth/request_reset_password', { login: c.login });
    const mail = await inbox.next(c.login, since);
    const text = plainText(mail.raw);
    expect(text).toContain('Beste Jan,');
    expect(text).toContain('wachtwoord');
    expect(text).not.toContain('mot de passe');
    expect(linkOf(mail, 'reset-password').link).toContain('/nl/account/reset-password?token=');
  });

  it('validates the email with the token of the welcome mail; a replayed token is refused', async () => {
    const c = await createCustomer(database.db, { emailVerified: false });
    await database.db.update(users).set({ locale: 'en' }).where(eq(users.id, c.userId));
    const refused = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD });
    expectProblem(refused, 403, 'email_not_verified');
    expect(sessionCookieOf(refused)).toBeUndefined();

    const since = inbox.messages.length;
    await sendWelcomeMail(app, c.userId);
    const mail = await inbox.next(c.login, since);
    expect(plainText(mail.raw)).toContain('approved');
    expect(mail.raw).toMatch(/content-type:\s*text\/html/i);
    const { link, token } = linkOf(mail, 'validate-email');
    expect(link).toContain('http://localhost:3000/en/account/validate-email?token=');

    expect((await post('/auth/validate_email', { token })).statusCode).toBe(204);
    const signed = await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(userProfileSchema.parse(signed.json()).email_verified).toBe(true);
    expectProblem(await post('/auth/validate_email', { token }), 400, 'invalid_token');
  });

  it('re-sends the validation link to an unverified user only, always answering 204', async () => {
    const c = await createCustomer(database.db, { emailVerified: false });
    const verified = await createCustomer(database.db);
    const since = inbox.messages.length;
    expect((await post('/auth/resend_validation', { login: verified.login })).statusCode).toBe(204);
    expect((await post('/auth/resend_validation', { login: 'ghost2@example.test' })).statusCode).toBe(204);
    expect((await post('/auth/resend_validation', { login: c.login })).statusCode).toBe(204);
    const mail = await inbox.next(c.login, since);
    const text = plainText(mail.raw);
    expect(text).not.toContain('approuvée');
    const { token } = linkOf(mail, 'validate-email');
    expect(inbox.messages.slice(since).some((m) => m.to.includes(verified.login))).toBe(false);
    expect((await post('/auth/validate_email', { token })).statusCode).toBe(204);
    expect((await post('/auth/login', { login: c.login, password: FIXTURE_PASSWORD })).statusCode).toBe(200);
  });

  it('changes the password with the current one, keeping only the current session', async () => {
    const c = await createCustomer(database.db);
    const here = await signIn(app, c.login);
    const elsewhere = await signIn(app, c.login);
    expectProblem(
      await post('/auth/set_password', {
        current_password: FIXTURE_PASSWORD,
        password: 'new secret password',
      }),
      401,
      'unauthorized',
    );
    const wrong = await post(
      '/auth/set_password',
      { current_password: 'not it at all', password: 'new secret password' },
      { cookie: here },
    );
    expect(expectProblem(wrong, 400, 'wrong_password').errors).toEqual([
      { field: 'current_password', code: 'wrong_password' },
    ]);
    const ok = await post(
      '/auth/set_password',
      { current_password: FIXTURE_PASSWORD, password: 'new secret password' },
      { cookie: here },
    );
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await get('/auth/profile', here)).statusCode).toBe(200);
    expectProblem(await get('/auth/profile', elsewhere), 401, 'unauthorized');
    expect((await post('/auth/login', { login: c.login, password: 'new secret password' })).statusCode).toBe(
      200,
    );
  });

  it('POST /user saves the profile (name = given + family) and validates it', async () => {
    const c = await createCustomer(database.db);
    const cookie = await signIn(app, c.login);
    expectProblem(await post('/user', { given_name: 'A', family_name: 'B' }), 401, 'unauthorized');
    const res = await post(
      '/user',
      { title: 'dr', given_name: '  Anne ', family_name: 'Peeters', phone: '+32 2 123 45 67', locale: 'nl' },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const p = userProfileSchema.parse(res.json());
    expect(p).toMatchObject({
      name: 'Anne Peeters',
      given_name: 'Anne',
      family_name: 'Peeters',
      phone: '+32 2 123 45 67',
      locale: 'nl',
    });
    expect((await get('/auth/profile', cookie)).json()).toEqual(res.json());
    const bad = await post('/user', { given_name: '', family_name: 'x'.repeat(81) }, { cookie });
    const body = expectProblem(bad, 400, 'bad_request');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'given_name', code: 'required' },
        { field: 'family_name', code: 'too_long' },
      ]),
    );
  });

  it('answers bad input with 400 problem+json naming the field', async () => {
    const overlong = await post('/auth/login', { login: `${'a'.repeat(250)}@x.test`, password: 'x' });
    expect(expectProblem(overlong, 400, 'bad_request').errors).toEqual([
      { field: 'login', code: 'too_long' },
    ]);
    const missing = await post('/auth/login', { login: 'a@b.test' });
    expect(expectProblem(missing, 400, 'bad_request').errors).toEqual([
      { field: 'password', code: 'required' },
    ]);
    const extra = await post('/auth/login', { login: 'a@b.test', password: 'x', admin: true });
    expect(expectProblem(extra, 400, 'bad_request').errors).toEqual([
      { field: 'body', code: 'unknown_field' },
    ]);
    const short = await post('/auth/set_password', { token: 'y'.repeat(43), password: 'short' });
    expect(expectProblem(short, 400, 'bad_request').errors).toEqual(
      expect.arrayContaining([{ field: 'password', code: 'password_too_short' }]),
    );
    const email = await post('/auth/request_reset_password', { login: 'not an email' });
    expect(expectProblem(email, 400, 'bad_request').errors).toEqual([
      { field: 'login', code: 'invalid_email' },
    ]);
    expectProblem(await post('/auth/validate_email', {}), 400, 'bad_request');
  });

  it('lists the auth routes in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json')).json() as { paths: Record<string, unknown> };
    for (const p of [
      '/auth/login',
      '/auth/logout',
      '/auth/profile',
      '/customer',
      '/user',
      '/auth/request_reset_password',
      '/auth/set_password',
      '/auth/validate_email',
      '/auth/resend_validation',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});

describe('auth modes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestPglite();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('AUTH_TYPE none: no account routes (404 route_not_found)', async () => {
    const app = await buildApp({ db: database, auth: { type: 'none' } });
    try {
      for (const [method, url] of [
        ['POST', '/auth/login'],
        ['GET', '/auth/profile'],
        ['POST', '/auth/logout'],
        ['GET', '/customer'],
      ] as const) {
        const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expectProblem(res, 404, 'route_not_found');
      }
    } finally {
      await app.close();
    }
  });

  it('oidc-token: no password sign-in (404), profile answers 401 to a guest', async () => {
    const app = await buildApp({
      db: database,
      auth: { type: 'oidc-token', verifyBearer: async () => null },
    });
    try {
      expectProblem(
        await app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { login: 'a@b.test', password: 'x' },
        }),
        404,
        'route_not_found',
      );
      expectProblem(
        await app.inject({
          method: 'POST',
          url: '/auth/request_reset_password',
          payload: { login: 'a@b.test' },
        }),
        404,
        'route_not_found',
      );
      expectProblem(await app.inject({ method: 'GET', url: '/auth/profile' }), 401, 'unauthorized');
    } finally {
      await app.close();
    }
  });
});
