/**
 * Use cases of credentials authentication (docs/product/accounts.md#auth-calls, docs/product/accounts.md): sign-in with rate limiting and one
 * generic failure, password reset and change, email validation, profile update, and the single
 * mapping from stored user/customer rows to the profile answer (`toUserProfile`) that every module
 * returning the current user reuses.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Customer, CustomerFunction, ProfileUpdate, Role, UserProfile } from '@vetshop/domain';
import { registrations, users, userTokens } from '../../db/schema.ts';
import { ApiError, fieldError } from '../../errors.ts';
import { mailLocale } from '../mail/index.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { CustomerRow, UserRow } from '../../http/index.ts';
import { hashToken } from './session.ts';
import type { TokenPurpose } from './mails.ts';
import { beginSignIn, clearFailures, PASSWORD_CHANGE_LIMIT, signInLimits } from './rate-limit.ts';

/**
 * The profile answer (docs/product/accounts.md#user + Customer; GET auth/profile, GET customer, POST user, H2's
 * customer endpoints): `roles` = [role], `preferred_username` = login, `subject` = the OIDC
 * subject, `vetGroups` = the user's veterinary group ids, customer `opt_out` = !opt_in.
 * Staff users (no customer) get `customer: null`.
 */
export function toUserProfile(user: UserRow, customer: CustomerRow | null): UserProfile {
  return {
    id: user.id,
    name: user.name,
    login: user.login,
    email: user.email,
    title: user.title,
    phone: user.phone,
    mobile: user.mobile,
    role: user.role as Role,
    roles: [user.role],
    function: (user.function as CustomerFunction | null) ?? null,
    can_order: user.canOrder,
    can_import: user.canImport,
    email_verified: user.emailVerified,
    family_name: user.familyName,
    given_name: user.givenName,
    help_with_fee: user.helpWithFee,
    locale: mailLocale(user.locale),
    preferred_username: user.login,
    ref: user.ref,
    subject: user.oidcSubject,
    supplier_id: user.supplierId,
    vetGroups: user.vetGroupIds,
    price_list: user.priceList,
    price_list_discounts: user.priceListDiscounts,
    gross_price_list: user.grossPriceList,
    supplier_promotion: user.supplierPromotion,
    customer: customer ? toCustomer(customer) : null,
  };
}

/** The customer part of the profile (docs/product/accounts.md#customer). */
export function toCustomer(customer: CustomerRow): Customer {
  return {
    id: customer.id,
    number: customer.number,
    name: customer.name,
    function: customer.function as CustomerFunction,
    vat: customer.vat,
    vat_pending: customer.vatPending,
    depot_number: customer.depotNumber,
    subscription_number: customer.subscriptionNumber,
    apb_number: customer.apbNumber,
    vet_activities: customer.vetActivities,
    opt_in: customer.optIn,
    opt_out: !customer.optIn,
  };
}

/** Normalised login key: trimmed and lower-cased (logins are stored lower-cased). */
export function normaliseLogin(login: string): string {
  return login.trim().toLowerCase();
}

/** One generic failure for an unknown login, a wrong password or an inactive user (401). */
export function invalidCredentials(): ApiError {
  return new ApiError(401, 'invalid_credentials', 'Unauthorized', 'The login or the password is incorrect.');
}

/**
 * 403 `registration_pending`: the login and password are those of an application for an account
 * that staff have not decided yet (docs/decisions/pending-application-sign-in.md). Only answered
 * to the right password: a wrong one gets {@link invalidCredentials}.
 */
export function registrationPending(): ApiError {
  return new ApiError(
    403,
    'registration_pending',
    'Forbidden',
    'Your application for an account is being reviewed: you will receive an email as soon as it is accepted.',
  );
}

/** 400 `invalid_token`: a mailed token that is unknown, already used or expired. */
export function invalidToken(): ApiError {
  return new ApiError(
    400,
    'invalid_token',
    'Bad request',
    'This link is invalid or has expired. Ask for a new one.',
  );
}

/** Finds a user by login (case-insensitive), active or not. */
export async function findUserByLogin(app: FastifyInstance, login: string): Promise<UserRow | null> {
  const rows = await app.db
    .select()
    .from(users)
    .where(eq(users.login, normaliseLogin(login)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The password hash of the newest application awaiting staff (state `pending`) whose email is
 * `login` (already normalised), or null when there is none or it carries no password.
 */
async function pendingApplicationHash(app: FastifyInstance, login: string): Promise<string | null> {
  const rows = await app.db
    .select({ passwordHash: registrations.passwordHash })
    .from(registrations)
    .where(and(eq(registrations.email, login), eq(registrations.status, 'pending')))
    .orderBy(desc(registrations.id))
    .limit(1);
  return rows[0]?.passwordHash ?? null;
}

/**
 * Checks a sign-in (POST auth/login) and returns the user to open a session for.
 * Order: the attempt is counted (rate-limit.ts `signInLimits`, one atomic statement: 429
 * `too_many_attempts` before any hash), then the password (a hash is always spent, even for
 * unknown logins), then the email check. `device` is the request's known-device cookie
 * (known-device.ts): when it belongs to this login's user, only the device's own limit applies
 * (docs/decisions/sign-in-lockout.md). When no user has the login, the password is checked against
 * the application awaiting staff with that email, if any (the same one hash is spent; both
 * lookups always run): docs/decisions/pending-application-sign-in.md.
 * Errors: 429 `too_many_attempts` (ApiError with `retryAfterSeconds`), 401 `invalid_credentials`
 * (same body for unknown login, wrong password, inactive or password-less user, and a refused or
 * approved application without a user; stays counted for the login from the address, the address
 * and the login's ceiling), 403 `email_not_verified` (right password, email not validated yet;
 * not counted), 403 `registration_pending` (no user, right password of a pending application; not
 * counted). A success takes the attempt back and forgets the failures of the login from that
 * address.
 */
export async function checkCredentials(
  app: FastifyInstance,
  login: string,
  password: string,
  ip: string,
  device: { id: string; userId: number } | null = null,
): Promise<UserRow> {
  const key = normaliseLogin(login);
  const [user, applicationHash] = await Promise.all([
    findUserByLogin(app, key),
    pendingApplicationHash(app, key),
  ]);
  const deviceId = user && device?.userId === user.id ? device.id : null;
  const attempt = await beginSignIn(app.db, signInLimits(key, ip, deviceId));
  const ok = await verifyPassword(user ? user.passwordHash : applicationHash, password);
  if (!user && ok) {
    await attempt.succeeded();
    throw registrationPending();
  }
  if (!user || !ok || !user.active) throw invalidCredentials();
  await attempt.succeeded();
  if (!user.emailVerified) {
    throw new ApiError(
      403,
      'email_not_verified',
      'Forbidden',
      'Your email address is not confirmed yet. Use the link of the mail we sent you, or ask for a new one.',
    );
  }
  return user;
}

/**
 * Consumes a mailed token of `purpose` (one statement: a replay or a concurrent use finds it
 * used) and returns its user id. Errors: 400 `invalid_token` when unknown, used, expired or of
 * another purpose.
 */
export async function consumeToken(
  app: FastifyInstance,
  token: string,
  purpose: TokenPurpose,
): Promise<number> {
  const rows = await app.db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.id, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: userTokens.userId });
  const row = rows[0];
  if (!row) throw invalidToken();
  return row.userId;
}

/**
 * Voids every outstanding (unused) one-time token of `userId` of the given purposes (all purposes
 * when none are given): a password change makes the reset links mailed before it useless
 * (docs/decisions/account-enumeration-and-tokens.md). Returns the number of tokens voided.
 */
export async function voidOutstandingTokens(
  app: FastifyInstance,
  userId: number,
  purposes?: readonly TokenPurpose[],
): Promise<number> {
  const rows = await app.db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.userId, userId),
        isNull(userTokens.usedAt),
        purposes?.length ? inArray(userTokens.purpose, [...purposes]) : undefined,
      ),
    )
    .returning({ id: userTokens.id });
  return rows.length;
}

/**
 * True when `token` is a current (unknown, used and expired ones are not) token of `purpose`.
 * Reads only: the token is consumed later by {@link consumeToken}.
 */
async function isLiveToken(app: FastifyInstance, token: string, purpose: TokenPurpose): Promise<boolean> {
  const rows = await app.db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.id, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Password reset with a mailed token (POST auth/set_password {token, password}): checks the token
 * BEFORE hashing the password (argon2id is expensive: an unknown, used or expired token costs no
 * hash), then consumes it (one statement: of two concurrent uses only one wins), stores the new
 * hash, marks the email verified (the mail was received), voids every other outstanding token of
 * the user (older reset links, validation links), clears the login's failure counter and closes
 * every session of the user. Errors: 400 `invalid_token` (also for an inactive user).
 */
export async function resetPassword(app: FastifyInstance, token: string, password: string): Promise<void> {
  if (!(await isLiveToken(app, token, 'reset_password'))) throw invalidToken();
  const passwordHash = await hashPassword(password);
  const userId = await consumeToken(app, token, 'reset_password');
  const rows = await app.db
    .update(users)
    .set({ passwordHash, emailVerified: true })
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .returning({ login: users.login });
  const row = rows[0];
  if (!row) throw invalidToken();
  await voidOutstandingTokens(app, userId);
  await clearFailures(app.db, row.login);
  await app.sessions.closeAllOf(userId);
}

/**
 * Password change of a signed-in user (POST auth/set_password {current_password, password}):
 * checks the current password (at most 5 wrong ones per 15 minutes per user, rate-limit.ts
 * PASSWORD_CHANGE_LIMIT), stores the new hash, voids the user's outstanding reset links (a link
 * mailed before the change must not undo it; validation links stay: they prove the mailbox, not
 * the password) and closes the user's other sessions (`keepSessionId` stays open). Errors: 429 `too_many_attempts`,
 * 400 with errors [{field: 'current_password', code: 'wrong_password'}].
 */
export async function changePassword(
  app: FastifyInstance,
  user: UserRow,
  currentPassword: string,
  password: string,
  keepSessionId: string | null,
): Promise<void> {
  const attempt = await beginSignIn(app.db, [
    { key: `password-change:${user.id}`, limit: PASSWORD_CHANGE_LIMIT },
  ]);
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw fieldError('current_password', 'wrong_password', 'The current password is incorrect.');
  await attempt.succeeded();
  const passwordHash = await hashPassword(password);
  await app.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  await voidOutstandingTokens(app, user.id, ['reset_password']);
  await app.sessions.closeAllOf(user.id, keepSessionId);
}

/**
 * Email validation (POST auth/validate_email): consumes a `validate_email` token and sets
 * `email_verified`. Errors: 400 `invalid_token`.
 */
export async function validateEmail(app: FastifyInstance, token: string): Promise<void> {
  const userId = await consumeToken(app, token, 'validate_email');
  await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/**
 * Saves the profile fields a user may change (POST user) and returns the updated row.
 * `name` becomes "given family"; an absent optional field is left unchanged, an empty phone or
 * mobile is stored as null, `title: null` clears the title.
 */
export async function updateProfile(
  app: FastifyInstance,
  userId: number,
  update: ProfileUpdate,
): Promise<UserRow> {
  const values: Partial<typeof users.$inferInsert> = {
    givenName: update.given_name,
    familyName: update.family_name,
    name: `${update.given_name} ${update.family_name}`.trim(),
  };
  if (update.title !== undefined) values.title = update.title;
  if (update.phone !== undefined) values.phone = update.phone || null;
  if (update.mobile !== undefined) values.mobile = update.mobile || null;
  if (update.locale !== undefined) values.locale = update.locale;
  const rows = await app.db.update(users).set(values).where(eq(users.id, userId)).returning();
  const row = rows[0];
  if (!row) throw new ApiError(401, 'unauthorized', 'Unauthorized', 'You are not logged in.');
  return row;
}
