/**
 * Password hashing as a CPU burner (docs/decisions/password-hashing-queue.md): the routes that
 * hash a new password (POST registrations, auth/register, auth/set_password) are limited per
 * address and globally (429 + Retry-After), and every argon2 run goes through a bounded queue
 * (modules/auth/password.ts) where sign-in verifications pass before new-password hashes and a
 * full queue answers 503 `password_hashing_busy` + Retry-After at once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { rateLimits } from '../src/db/schema.ts';
import { HASH_ROUTE_LIMITS } from '../src/modules/auth/hash-limits.ts';
import { HashQueue, hashQueue, PasswordHashingBusyError } from '../src/modules/auth/password.ts';
import { createCustomer, FIXTURE_PASSWORD, registrationApplication } from './account-fixtures.ts';
import { databaseTargets } from './targets.ts';

let seq = 0;

/** A promise and the function that resolves it. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe('HashQueue (unit)', () => {
  it('runs at most `concurrency` tasks at once and starts sign-ins before new passwords', async () => {
    const queue = new HashQueue({ concurrency: 1, queueMax: 4 });
    const started: string[] = [];
    const holder = gate();
    const first = queue.run('new_password', async () => {
      started.push('first');
      await holder.wait;
    });
    const later = queue.run('new_password', async () => void started.push('new_password'));
    const signin = queue.run('signin', async () => void started.push('signin'));
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['first']);
    expect(queue.stats).toEqual({ running: 1, signin: 1, new_password: 1 });
    holder.open();
    await Promise.all([first, later, signin]);
    expect(started).toEqual(['first', 'signin', 'new_password']);
    expect(queue.stats).toEqual({ running: 0, signin: 0, new_password: 0 });
  });

  it('refuses at once when the FIFO of its priority is full, and frees the slot after a failure', async () => {
    const queue = new HashQueue({ concurrency: 1, queueMax: 1 });
    const holder = gate();
    const first = queue.run('new_password', () => holder.wait);
    const queued = queue.run('new_password', async () => 'queued');
    await expect(queue.run('new_password', async () => 'refused')).rejects.toBeInstanceOf(
      PasswordHashingBusyError,
    );
    // The sign-in FIFO is separate: it still accepts one.
    const signin = queue.run('signin', async () => 'signin');
    holder.open();
    await first;
    expect(await signin).toBe('signin');
    expect(await queued).toBe('queued');
    await expect(queue.run('signin', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(queue.stats.running).toBe(0);
  });
});

describe.each(databaseTargets())('password-hashing limits ($name)', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let login: string;
  const saved = { ...hashQueue.settings };
  const savedLimits = structuredClone(HASH_ROUTE_LIMITS);

  beforeAll(async () => {
    database = (await target.open('vetshop_test_hashing')).database;
    app = await buildApp({ db: database, mailer: { send: async () => {} }, auth: { type: 'credentials' } });
    await app.ready();
    login = (await createCustomer(database.db)).login;
  });

  afterEach(async () => {
    Object.assign(hashQueue.settings, saved);
    Object.assign(HASH_ROUTE_LIMITS.perAddress, savedLimits.perAddress);
    Object.assign(HASH_ROUTE_LIMITS.global, savedLimits.global);
    await database.db.delete(rateLimits);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const register = (ip: string, url = '/registrations') =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      payload: registrationApplication(`hashing${++seq}-${Date.now()}@example.test`),
    });

  it('limits applications per address: the 21st within 15 minutes is a 429 with Retry-After', async () => {
    for (let i = 0; i < HASH_ROUTE_LIMITS.perAddress.max; i++) {
      const res = await register('198.51.100.7', i % 2 ? '/auth/register' : '/registrations');
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await register('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // set_password from that address is refused too (same budget), before any hash or token check.
    const reset = await app.inject({
      method: 'POST',
      url: '/auth/set_password',
      remoteAddress: '198.51.100.7',
      payload: { token: 'x'.repeat(32), password: 'a long enough password' },
    });
    expect(reset.statusCode).toBe(429);
    // Another address is not concerned.
    expect((await register('198.51.100.8')).statusCode).toBe(201);
  });

  it('limits all addresses together (global budget)', async () => {
    HASH_ROUTE_LIMITS.global.max = 3;
    for (let i = 0; i < 3; i++) expect((await register(`203.0.113.${i + 1}`)).statusCode).toBe(201);
    const refused = await register('203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('answers 503 + Retry-After when the hashing queue is full, while sign-in still gets through first', async () => {
    hashQueue.settings.concurrency = 1;
    hashQueue.settings.queueMax = 1;
    const holder = gate();
    const busy = hashQueue.run('new_password', () => holder.wait);
    const waitingHash = hashQueue.run('new_password', () => holder.wait);
    const full = await register('192.0.2.1');
    expect(full.statusCode).toBe(503);
    expect(full.json().code).toBe('password_hashing_busy');
    expect(full.headers['retry-after']).toBe('1');
    // A sign-in waits in its own FIFO and runs as soon as the slot frees, before the queued hash.
    const signIn = app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login, password: FIXTURE_PASSWORD },
    });
    for (let i = 0; i < 200 && hashQueue.stats.signin === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(hashQueue.stats).toMatchObject({ running: 1, signin: 1, new_password: 1 });
    holder.open();
    expect((await signIn).statusCode).toBe(200);
    await Promise.all([busy, waitingHash]);
  });
});
