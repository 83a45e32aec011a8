/**
 * Rate limits (docs/decisions/sign-in-lockout.md, docs/decisions/credentials-sign-in.md): sign-in
 * failures, account mails and guest contact posts. One counter row per key in `rate_limits`
 * (key, hits, reset_at), bumped by ONE statement (`INSERT … ON CONFLICT DO UPDATE … RETURNING`), so
 * parallel requests — in one process or in many sharing the database — can never pass a limit
 * together: each sees the count including every request before it. Times are the database's `now()`.
 *
 * A window is fixed: it starts at the first event of the key and lasts `windowSeconds`; the next
 * event after it starts a new one. A request refused by a limit is taken back out of every counter
 * it bumped (a flood of refused attempts counts nothing). Rows whose window ended are deleted at most
 * once a minute per process, when a limit is taken.
 *
 * Sign-in keys (see {@link signInLimits}):
 * - `login-ip:<login>|<address>`: failures of one login from one address, LOGIN_ADDRESS_LIMIT (5 / 15 min);
 * - `ip:<address>`: failures from one address, any login, IP_LIMIT (20 / 15 min);
 * - `login:<login>`: failures of one login from anywhere, LOGIN_CEILING (100 / 15 min);
 * - `device:<device id>`: failures on a known device (modules/auth/known-device.ts), DEVICE_LIMIT
 *   (5 / 15 min) — the only key of a known device's attempt, so strangers' failures never lock it out.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knownDevices, loginAttempts, rateLimits } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

/** A limit: at most `max` events per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Failed sign-ins of one login from one client address: 5 per 15 minutes. */
export const LOGIN_ADDRESS_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };
/** Failed sign-ins from one client address (any login): 20 per 15 minutes. */
export const IP_LIMIT: Limit = { max: 20, windowSeconds: 15 * 60 };
/**
 * Failed sign-ins of one login from every address together: 100 per 15 minutes (a distributed
 * attack; beyond it only known devices sign in until the window ends).
 */
export const LOGIN_CEILING: Limit = { max: 100, windowSeconds: 15 * 60 };
/** Failed sign-ins on one known device: 5 per 15 minutes. */
export const DEVICE_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };
/** Wrong current passwords of a signed-in user changing the password: 5 per 15 minutes. */
export const PASSWORD_CHANGE_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };
/** Account mails (reset, re-sent validation) per login: 5 per hour. */
export const MAIL_LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };

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

/** A key and the limit it is held to. */
export interface LimitedKey {
  key: string;
  limit: Limit;
}

/** What {@link takeLimits} answers: allowed, or refused with the seconds until the window ends. */
export type LimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

let lastPurge = 0;

/**
 * Counts one event on every key in ONE statement (atomic across requests and processes) and
 * answers whether every key stayed within its limit. When one went over, the event is taken back
 * out of every key (the refused request counts nothing) and `retryAfterSeconds` (≥ 1) is the
 * longest wait of the keys over their limit. Keys must be distinct.
 */
export async function takeLimits(db: Db, keys: LimitedKey[]): Promise<LimitOutcome> {
  if (!keys.length) return { allowed: true };
  // The row locks are taken in KEY_ORDER, as in every other statement on these rows: two
  // requests bumping or giving back the same keys never deadlock.
  const sorted = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
  const values = sql.join(
    sorted.map((k) => sql`(${k.key}, 1, now() + (${k.limit.windowSeconds}::int * interval '1 second'))`),
    sql`, `,
  );
  const result = await db.execute<{ key: string; hits: number; wait: number }>(sql`
    INSERT INTO ${rateLimits} (key, hits, reset_at) VALUES ${values}
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN ${rateLimits}.reset_at <= now() THEN 1 ELSE ${rateLimits}.hits + 1 END,
      reset_at = CASE WHEN ${rateLimits}.reset_at <= now() THEN excluded.reset_at ELSE ${rateLimits}.reset_at END
    RETURNING key, hits, ceil(extract(epoch from (reset_at - now())))::int AS wait`);
  const byKey = new Map(result.rows.map((r) => [r.key, r]));
  let wait = 0;
  for (const k of sorted) {
    const row = byKey.get(k.key);
    if (row && Number(row.hits) > k.limit.max) wait = Math.max(wait, Math.max(1, Number(row.wait)));
  }
  if (Date.now() - lastPurge > 60_000) {
    lastPurge = Date.now();
    await purgeExpiredLimits(db);
  }
  if (wait === 0) return { allowed: true };
  await giveBack(
    db,
    sorted.map((k) => k.key),
  );
  return { allowed: false, retryAfterSeconds: wait };
}

/**
 * The one order in which statements lock several counter rows: the keys' UTF-8 bytes (COLLATE "C"),
 * which is also the order {@link takeLimits} sorts its VALUES in (`Buffer.compare`). An UPDATE or
 * DELETE by `key IN (…)` alone locks in the order it happens to scan (heap order after updates),
 * which crossed takeLimits' order and made PostgreSQL kill one request with "deadlock detected".
 */
const KEY_ORDER = sql`ORDER BY key COLLATE "C"`;

/** The keys of the counters matching `where`, locked in KEY_ORDER (a sub-select for `key IN`). */
const lockedKeys = (where: SQL) => sql`SELECT key FROM ${rateLimits} WHERE ${where} ${KEY_ORDER} FOR UPDATE`;

/** `key IN (…keys)` as SQL. */
const keyIn = (keys: string[]) =>
  sql`key IN (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )})`;

/** Takes one event back out of each key (a refused or successful attempt); never below 0. */
export async function giveBack(db: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.execute(sql`
    UPDATE ${rateLimits} SET hits = greatest(hits - 1, 0)
    WHERE key IN (${lockedKeys(sql`${keyIn(keys)} AND reset_at > now()`)})`);
}

/**
 * Deletes the counters whose window ended, known devices unused for a year and `login_attempts`
 * rows older than a day; returns how many counters.
 */
export async function purgeExpiredLimits(db: Db): Promise<number> {
  // SKIP LOCKED: a counter being bumped right now is left for the next purge (never waits).
  const rows = await db.execute<{ key: string }>(
    sql`DELETE FROM ${rateLimits} WHERE key IN (
      SELECT key FROM ${rateLimits} WHERE reset_at <= now() FOR UPDATE SKIP LOCKED) RETURNING key`,
  );
  await db.execute(sql`DELETE FROM ${knownDevices} WHERE last_seen_at < now() - interval '365 days'`);
  await db.execute(sql`DELETE FROM ${loginAttempts} WHERE at < now() - interval '1 day'`);
  return rows.rows.length;
}

/**
 * The keys a sign-in attempt of `login` (normalised) counts against: on a known device of that
 * login (`deviceId`, the SHA-256 of its cookie) only `device:<id>`; else the login from the
 * address, the address, and the login's ceiling. Without an address (none known) the login's
 * ceiling and `login-ip:<login>|` stand in.
 */
export function signInLimits(login: string, ip: string | null, deviceId: string | null): LimitedKey[] {
  if (deviceId) return [{ key: `device:${deviceId}`, limit: DEVICE_LIMIT }];
  const keys: LimitedKey[] = [
    { key: `login-ip:${login}|${ip ?? ''}`, limit: LOGIN_ADDRESS_LIMIT },
    { key: `login:${login}`, limit: LOGIN_CEILING },
  ];
  if (ip) keys.push({ key: `ip:${ip}`, limit: IP_LIMIT });
  return keys;
}

/**
 * Counts a sign-in attempt before the password is checked (so parallel guesses cannot pass the
 * limits together). Throws TooManyAttemptsError (429) when a limit is reached; else answers
 * `succeeded()`, to call when the password was right: it takes the attempt back and forgets the
 * failures of the login from that address (or on that device).
 */
export async function beginSignIn(db: Db, keys: LimitedKey[]): Promise<{ succeeded(): Promise<void> }> {
  const outcome = await takeLimits(db, keys);
  if (!outcome.allowed) throw new TooManyAttemptsError(outcome.retryAfterSeconds);
  return {
    async succeeded() {
      const names = keys.map((k) => k.key);
      // The shared counters (the address, the login's ceiling) only lose this attempt; the
      // failures of this login from this address (or on this device) are forgotten.
      const shared = names.filter((k) => k.startsWith('ip:') || k.startsWith('login:'));
      const own = names.filter((k) => !shared.includes(k));
      await giveBack(db, shared);
      if (own.length)
        await db.execute(sql`DELETE FROM ${rateLimits} WHERE key IN (${lockedKeys(keyIn(own))})`);
    },
  };
}

/**
 * Forgets every sign-in failure of a login (after a password reset: whoever reset it holds the
 * mailbox): its ceiling and its per-address counters.
 */
export async function clearFailures(db: Db, login: string): Promise<void> {
  const prefix = `login-ip:${login}|`;
  await db.execute(
    sql`DELETE FROM ${rateLimits} WHERE key IN (${lockedKeys(
      sql`key = ${`login:${login}`} OR left(key, ${prefix.length}) = ${prefix}`,
    )})`,
  );
}

/**
 * True (and counts one mail) when another account mail may be sent to `login` now; false when
 * MAIL_LIMIT is reached.
 */
export async function allowMail(db: Db, login: string): Promise<boolean> {
  return (await takeLimits(db, [{ key: `mail:${login}`, limit: MAIL_LIMIT }])).allowed;
}
