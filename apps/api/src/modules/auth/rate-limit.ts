/**
 * Rate limits of sign-in and account mails (issue 3 "sign-in attempts rate-limited per account and
 * per address"). Attempts are rows of `login_attempts` (key, at), so the limits hold across any
 * number of api processes sharing the database; times are the database's `now()`.
 *
 * - Failed sign-ins per login: `login:<lower-cased login>`, at most 5 in 15 minutes.
 * - Failed sign-ins per client address: `ip:<address>`, at most 20 in 15 minutes.
 * - Account mails (reset, re-sent validation) per login: `mail:<login>`, at most 5 per hour; beyond
 *   it the request still answers 204 but no mail leaves (no mail bombing, nothing leaks).
 * A successful sign-in (or a password reset) clears the login's failures. Rows older than the
 * longest window are deleted at most once a minute per process, when a failure is recorded.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

/** A limit: at most `max` events per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Failed sign-ins per login: 5 per 15 minutes. */
export const LOGIN_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };
/** Failed sign-ins per client address: 20 per 15 minutes. */
export const IP_LIMIT: Limit = { max: 20, windowSeconds: 15 * 60 };
/** Account mails per login: 5 per hour. */
export const MAIL_LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };

const LONGEST_WINDOW_SECONDS = Math.max(
  LOGIN_LIMIT.windowSeconds,
  IP_LIMIT.windowSeconds,
  MAIL_LIMIT.windowSeconds,
);

/** 429 `too_many_attempts`; `retryAfterSeconds` goes to the Retry-After header. */
export class TooManyAttemptsError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'too_many_attempts',
      'Too many requests',
      `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    );
    this.name = 'TooManyAttemptsError';
  }
}

/**
 * Seconds until `key` is below its limit again, or 0 when it is not limited now: the `max`-th
 * newest event in the window leaves it after that many seconds.
 */
export async function secondsUntilAllowed(db: Db, key: string, limit: Limit): Promise<number> {
  const window = sql`(${limit.windowSeconds}::int * interval '1 second')`;
  const rows = await db
    .select({
      wait: sql<number>`ceil(extract(epoch from (${loginAttempts.at} + ${window} - now())))::int`,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), sql`${loginAttempts.at} > now() - ${window}`))
    .orderBy(sql`${loginAttempts.at} desc`)
    .offset(limit.max - 1)
    .limit(1);
  const row = rows[0];
  return row ? Math.max(1, Number(row.wait)) : 0;
}

/**
 * Throws TooManyAttemptsError (429) when the login (already normalised) or the address (if given)
 * reached its limit of failed sign-ins.
 */
export async function checkLimits(db: Db, login: string, ip: string | null): Promise<void> {
  const waits = [await secondsUntilAllowed(db, `login:${login}`, LOGIN_LIMIT)];
  if (ip) waits.push(await secondsUntilAllowed(db, `ip:${ip}`, IP_LIMIT));
  const wait = Math.max(...waits);
  if (wait > 0) throw new TooManyAttemptsError(wait);
}

let lastPurge = 0;

/** Records a failed sign-in for the login and the address (if given); purges old rows now and then. */
export async function recordFailure(db: Db, login: string, ip: string | null): Promise<void> {
  const rows = [{ key: `login:${login}` }];
  if (ip) rows.push({ key: `ip:${ip}` });
  await db.insert(loginAttempts).values(rows);
  if (Date.now() - lastPurge > 60_000) {
    lastPurge = Date.now();
    await purgeOldAttempts(db);
  }
}

/** Deletes the attempts older than the longest window (they no longer count); returns how many. */
export async function purgeOldAttempts(db: Db): Promise<number> {
  const rows = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.at, sql`now() - (${LONGEST_WINDOW_SECONDS}::int * interval '1 second')`))
    .returning({ id: loginAttempts.id });
  return rows.length;
}

/** Forgets the failed sign-ins of a login (after a successful sign-in or a password reset). */
export async function clearFailures(db: Db, login: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, `login:${login}`));
}

/**
 * True (and counts one mail) when another account mail may be sent to `login` now; false when
 * MAIL_LIMIT is reached.
 */
export async function allowMail(db: Db, login: string): Promise<boolean> {
  const key = `mail:${login}`;
  if ((await secondsUntilAllowed(db, key, MAIL_LIMIT)) > 0) return false;
  await db.insert(loginAttempts).values({ key });
  return true;
}
