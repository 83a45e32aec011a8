/**
 * Known devices (docs/decisions/sign-in-lockout.md): a browser that signed in with the right
 * password gets the `vetshop_device` cookie (a random 256-bit token; HttpOnly, SameSite=Lax,
 * Path=/, Secure outside localhost, one year, renewed at each sign-in). The server keeps only the
 * token's SHA-256 and the user it belongs to (`known_devices`). A later sign-in of that user from
 * that browser counts only against the device's own limit (rate-limit.ts DEVICE_LIMIT), so failed
 * guesses of strangers — from one address or many — never lock the owner out of a device they used
 * before. One cookie per browser: signing in as another user makes the browser that user's device.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { knownDevices } from '../../db/schema.ts';
import { hashToken, isLocalhost, newToken } from './session.ts';

/** Name of the known-device cookie. */
export const DEVICE_COOKIE = 'vetshop_device';
/** Lifetime of the cookie, and how long an unused device stays known: 365 days, in seconds. */
export const DEVICE_TTL_SECONDS = 365 * 24 * 3600;

/** The request's known-device cookie as `{id (SHA-256), userId}`, or null when absent, unknown or stale. */
export async function deviceOf(
  db: Db,
  request: FastifyRequest,
): Promise<{ id: string; userId: number } | null> {
  const token = request.cookies?.[DEVICE_COOKIE];
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.id, id),
        gt(knownDevices.lastSeenAt, sql`now() - (${DEVICE_TTL_SECONDS}::int * interval '1 second')`),
      ),
    );
  return row ? { id, userId: row.userId } : null;
}

/**
 * After a sign-in with the right password: marks the browser a known device of `userId` (keeps
 * its cookie when it is already that user's device, else a new token) and sets the cookie.
 */
export async function rememberDevice(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  siteUrl: string | undefined,
): Promise<void> {
  const current = await deviceOf(db, request);
  let token = request.cookies?.[DEVICE_COOKIE] ?? '';
  if (current?.userId === userId) {
    await db
      .update(knownDevices)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(knownDevices.id, current.id));
  } else {
    token = newToken();
    await db.insert(knownDevices).values({ id: hashToken(token), userId });
  }
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalhost(siteUrl),
    maxAge: DEVICE_TTL_SECONDS,
  });
}
