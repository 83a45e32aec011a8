/**
 * Account hardening found by an outside probe (docs/decisions/account-enumeration-and-tokens.md):
 *
 * - Registration does not tell who is a customer: an application (POST /auth/register, POST
 *   /registrations) for an email that already has an account, or that already has an application
 *   waiting for review, gets the same status and body as a fresh application; nothing more is
 *   stored, and the owner of the address is told by mail (outbox, their language), at most once a
 *   day per address.
 * - One-time tokens do not outlive a password change: a reset link mailed before a password change
 *   (POST /auth/set_password {current_password, password}) no longer works after it, and using a
 *   reset link voids every other outstanding token of the user.
 * - POST /auth/set_password {token, password} checks the token before it hashes the password
 *   (argon2id is expensive: an unknown token costs no hash).
 *
 * Mails are read back from the .eml folder of the file mailer, as mails.test.ts does.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { buildApp } from '../src/app.ts';
import { type Database, type Db } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { mailOutbox, registrations, users, userTokens } from '../src/db/schema.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { createCustomer, FIXTURE_PASSWORD, registrationApplication, signIn } from './account-fixtures.ts';

/** Calls of hashPassword (argon2id), counted to prove the token is checked first. */
const hashCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock('../src/modules/auth/password.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/modules/auth/password.ts')>();
  return {
    ...actual,
    hashPassword: async (...args: Parameters<typeof actual.hashPassword>) => {
      hashCalls.n += 1;
      return actual.hashPassword(...args);
    },
  };
});

const SITE = 'http://shop.test';
const STAFF_TO = 'orders@vetshop.test';

/** The answer with what legitimately differs between two applications masked. */
function masked(body: string, email: string): string {
  return body
    .replaceAll(email, '<email>')
    .replace(/"id":\d+/, '"id":0')
    .replace(/"created_at":"[^"]+"/, '"created_at":"<t>"');
}

describe('account hardening: no account enumeration by registration, tokens die with the password', () => {
  let database: Database;
  let db: Db;
  let app: FastifyInstance;
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'vetshop-hardening-'));
  const seen = new Set<string>();
  let seq = 0;
  const unique = (name: string) => `${name}-${Date.now()}-${++seq}@example.test`;

  /** The mails written since the last call, parsed. */
  async function newMails(): Promise<ParsedMail[]> {
    const files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml') && !seen.has(f))
      .sort();
    files.forEach((f) => seen.add(f));
    return Promise.all(files.map((f) => simpleParser(readFileSync(path.join(outboxDir, f)))));
  }
  const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : [m.to]).map((a) => a?.text ?? '').join(', ');

  /** Waits for the background account mail to `address` and returns the token of its `page` link. */
  async function tokenMailedTo(address: string, page: string): Promise<string> {
    for (let i = 0; i < 200; i++) {
      const mail = (await newMails()).find((m) => to(m) === address);
      if (mail) {
        const match = new RegExp(`/account/${page}\\?token=([^\\s"<>&]+)`).exec(mail.text ?? '');
        if (!match) throw new Error(`no ${page} link in ${mail.text}`);
        return decodeURIComponent(match[1]!);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail to ${address}`);
  }
  const post = (url: string, payload: object, cookie?: string) =>
    app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    database = await openTestPglite();
    db = database.db;
    app = await buildApp({
      db: database,
      mailer: createMailer({ from: 'VetShop <no-reply@vetshop.test>', outboxDir }),
      auth: { type: 'credentials', siteUrl: SITE },
      leads: { staffTo: STAFF_TO },
      logger: { level: 'error' },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  describe('registration does not tell who is a customer', () => {
    it.each(['/auth/register', '/registrations'])(
      '%s: an email with an account gets the answer of a fresh application; its owner is told by mail, once a day',
      async (url) => {
        const owner = await createCustomer(db);
        await db.update(users).set({ locale: 'nl', givenName: 'Anne' }).where(eq(users.id, owner.userId));
        const freshEmail = unique('fresh');
        const fresh = await post(url, registrationApplication(freshEmail, 'nl'));
        expect(fresh.statusCode, fresh.body).toBe(201);

        const taken = await post(url, registrationApplication(owner.login.toUpperCase(), 'nl'));
        expect(taken.statusCode, taken.body).toBe(201);
        expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
        expect(masked(taken.body, owner.login)).toBe(masked(fresh.body, freshEmail));
        expect((taken.json() as { id: number }).id).toBeGreaterThan((fresh.json() as { id: number }).id);
        // Nothing stored for it; the next fresh application gets the following id, as usual.
        expect(await db.select().from(registrations).where(eq(registrations.email, owner.login))).toEqual([]);

        await app.mailOutbox.run();
        const mails = (await newMails()).filter((m) => to(m) === owner.login);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toBe('U hebt al een VetShop-account');
        expect(mails[0]!.text).toContain('Beste Anne,');
        expect(mails[0]!.text).toContain(`${SITE}/nl/account/login`);

        // A second try the same day: same answer, no second mail (no mail bombing through the form).
        const again = await post(url, registrationApplication(owner.login, 'fr'));
        expect(again.statusCode, again.body).toBe(201);
        await app.mailOutbox.run();
        expect((await newMails()).filter((m) => to(m) === owner.login)).toEqual([]);
      },
    );

    it('a second application while one awaits review gets the answer of a fresh one; the applicant is told by mail', async () => {
      const email = unique('pending');
      const first = await post('/auth/register', registrationApplication(email, 'en'));
      expect(first.statusCode, first.body).toBe(201);
      const second = await post('/auth/register', {
        ...registrationApplication(email, 'en'),
        company_name: 'Other',
      });
      expect(second.statusCode, second.body).toBe(201);
      expect(masked(second.body, email).replaceAll('"Other"', '"Dierenkliniek Janssens"')).toBe(
        masked(first.body, email),
      );
      const stored = await db.select().from(registrations).where(eq(registrations.email, email));
      expect(stored.map((r) => r.companyName)).toEqual(['Dierenkliniek Janssens']);

      await app.mailOutbox.run();
      const mails = (await newMails()).filter((m) => to(m) === email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Your VetShop application is already being reviewed');
      expect(mails[0]!.text).toContain('Hello Lotte,');
      const rows = await db
        .select({ key: mailOutbox.dedupeKey })
        .from(mailOutbox)
        .where(sql`${mailOutbox.toAddress} = ${email}`);
      expect(rows).toHaveLength(1);
    });
  });

  describe('one-time tokens do not outlive a password change', () => {
    it('a reset link mailed before a password change no longer works after it', async () => {
      const c = await createCustomer(db);
      expect((await post('/auth/request_reset_password', { login: c.login })).statusCode).toBe(204);
      const token = await tokenMailedTo(c.login, 'reset-password');
      const cookie = await signIn(app, c.login);
      const changed = await post(
        '/auth/set_password',
        { current_password: FIXTURE_PASSWORD, password: 'my brand new password' },
        cookie,
      );
      expect(changed.statusCode, changed.body).toBe(204);

      const reset = await post('/auth/set_password', { token, password: 'the attacker password' });
      expect(reset.statusCode, reset.body).toBe(400);
      expect((reset.json() as { code: string }).code).toBe('invalid_token');
      await signIn(app, c.login, 'my brand new password');
    });

    it('using a reset link voids every other outstanding token of the user', async () => {
      const c = await createCustomer(db, { emailVerified: false });
      expect((await post('/auth/resend_validation', { login: c.login })).statusCode).toBe(204);
      const validation = await tokenMailedTo(c.login, 'validate-email');
      expect((await post('/auth/request_reset_password', { login: c.login })).statusCode).toBe(204);
      const reset = await tokenMailedTo(c.login, 'reset-password');

      const used = await post('/auth/set_password', { token: reset, password: 'my brand new password' });
      expect(used.statusCode, used.body).toBe(204);
      const open = await db
        .select()
        .from(userTokens)
        .where(and(eq(userTokens.userId, c.userId), isNull(userTokens.usedAt)));
      expect(open).toEqual([]);
      const late = await post('/auth/validate_email', { token: validation });
      expect((late.json() as { code: string }).code).toBe('invalid_token');
    });

    it('POST auth/set_password checks the token before hashing the password', async () => {
      const before = hashCalls.n;
      const res = await post('/auth/set_password', {
        token: 'x'.repeat(43),
        password: 'a long enough password',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { code: string }).code).toBe('invalid_token');
      expect(hashCalls.n - before).toBe(0);

      const c = await createCustomer(db);
      await post('/auth/request_reset_password', { login: c.login });
      const token = await tokenMailedTo(c.login, 'reset-password');
      const hashesBefore = hashCalls.n;
      expect((await post('/auth/set_password', { token, password: 'another new password' })).statusCode).toBe(
        204,
      );
      expect(hashCalls.n - hashesBefore).toBe(1);
    });
  });
});
