/**
 * Rate limits of the routes that hash a new password (docs/decisions/password-hashing-queue.md):
 * POST auth/set_password, POST auth/register and POST registrations. Each argon2id hash costs
 * tens of ms of CPU, so these routes are limited per client address and for the whole shop, on
 * top of the per-process hashing queue of password.ts.
 *
 * Counted by the shared limiter of rate-limit.ts (`takeLimits`: one atomic statement, fixed
 * windows, in the database so the limits hold across api processes):
 * - per address: `hash-ip:<address>`, HASH_ROUTE_LIMITS.perAddress (20 per 15 minutes);
 * - globally: `hash-all`, HASH_ROUTE_LIMITS.global (300 per 5 minutes, one hash a second on average).
 * Every request that passed validation counts; a refused one is taken back out (takeLimits).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import { takeLimits, type Limit } from './rate-limit.ts';

/** The limits (mutable only for tests and bench/argon2.bench.ts BENCH_NO_LIMITS). */
export const HASH_ROUTE_LIMITS: { perAddress: Limit; global: Limit } = {
  perAddress: { max: 20, windowSeconds: 15 * 60 },
  global: { max: 300, windowSeconds: 5 * 60 },
};

/** 429 `too_many_requests` with `retryAfterSeconds` (sent as Retry-After by the error handler). */
export class TooManyRequestsError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'too_many_requests',
      'Too many requests',
      `Too many requests. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    );
    this.name = 'TooManyRequestsError';
  }
}

/**
 * Counts one password-hashing request of `ip` and throws TooManyRequestsError (429) when the
 * address or the whole shop is over its limit (the longest wait of the two in Retry-After).
 */
export async function limitPasswordHashing(db: Db, ip: string): Promise<void> {
  const outcome = await takeLimits(db, [
    { key: `hash-ip:${ip}`, limit: HASH_ROUTE_LIMITS.perAddress },
    { key: 'hash-all', limit: HASH_ROUTE_LIMITS.global },
  ]);
  if (!outcome.allowed) throw new TooManyRequestsError(outcome.retryAfterSeconds);
}

/**
 * Fastify preHandler of the password-hashing routes (after validation: a malformed body costs no
 * hash and does not count). Needs `app.db`.
 */
export async function passwordHashingLimit(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await limitPasswordHashing(request.server.db, request.ip);
}
