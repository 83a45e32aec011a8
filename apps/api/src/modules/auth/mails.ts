/**
 * Account mails (docs/product/accounts.md#auth-calls "Email verification and password reset by mail"): each issues a one-time
 * token in `user_tokens` (only its SHA-256 is stored) and sends, in the user's locale (fr/nl/en),
 * a mail holding the link of the web page that uses the token:
 * - welcome (account approved) and validation: `validate_email` token, 7 days,
 *   `${siteUrl}/${locale}/account/validate-email?token=…` (POST /auth/validate_email);
 * - password reset: `reset_password` token, 1 hour, `${siteUrl}/${locale}/account/reset-password?token=…`
 *   (POST /auth/set_password); a new reset mail voids the user's earlier unused reset tokens.
 * `siteUrl` is `app.authOptions.siteUrl` (SITE_URL), default http://localhost:3000.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { users, userTokens } from '../../db/schema.ts';
import { mailLocale, renderMail, type MailKind } from '../mail/index.ts';
import { hashToken, newToken } from './session.ts';

/** Lifetime of a `validate_email` token: 7 days, in ms. */
export const VALIDATE_EMAIL_TTL_MS = 7 * 24 * 3600 * 1000;
/** Lifetime of a `reset_password` token: 1 hour, in ms. */
export const RESET_PASSWORD_TTL_MS = 3600 * 1000;

/** Purposes of `user_tokens` rows. */
export type TokenPurpose = 'validate_email' | 'reset_password';

/** Public origin of the web shop used in mail links (no trailing slash). */
export function siteUrlOf(app: FastifyInstance): string {
  return (app.authOptions?.siteUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
}

/**
 * Stores a new token of `purpose` for `userId`, valid `ttlMs`, and returns the clear token (to put
 * in a link; only its hash is kept).
 */
export async function issueToken(
  app: FastifyInstance,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = newToken();
  await app.db.insert(userTokens).values({
    id: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

async function sendTokenMail(
  app: FastifyInstance,
  userId: number,
  kind: MailKind,
  purpose: TokenPurpose,
  ttlMs: number,
  page: string,
): Promise<void> {
  const [user] = await app.db
    .select({ email: users.email, locale: users.locale, givenName: users.givenName, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Error(`sendTokenMail: no user ${userId}`);
  if (purpose === 'reset_password') {
    // Only the newest reset link works.
    await app.db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.userId, userId),
          eq(userTokens.purpose, 'reset_password'),
          isNull(userTokens.usedAt),
        ),
      );
  }
  const token = await issueToken(app, userId, purpose, ttlMs);
  const locale = mailLocale(user.locale);
  const link = `${siteUrlOf(app)}/${locale}/account/${page}?token=${encodeURIComponent(token)}`;
  const mail = renderMail(kind, locale, { name: user.givenName || user.name, link });
  await app.mailer.send({ to: user.email, ...mail });
}

/**
 * Welcome mail after staff approve an application (docs/product/accounts.md#auth-calls): says the account was approved and
 * carries the email-validation link (`validate_email` token, 7 days). Errors: rejects when the user
 * does not exist or the mail cannot be sent.
 */
export function sendWelcomeMail(app: FastifyInstance, userId: number): Promise<void> {
  return sendTokenMail(app, userId, 'welcome', 'validate_email', VALIDATE_EMAIL_TTL_MS, 'validate-email');
}

/**
 * Password-reset mail (POST /auth/request_reset_password): `reset_password` token valid 1 hour,
 * earlier unused reset tokens of the user are voided. Errors: as sendWelcomeMail.
 */
export function sendPasswordResetMail(app: FastifyInstance, userId: number): Promise<void> {
  return sendTokenMail(
    app,
    userId,
    'reset_password',
    'reset_password',
    RESET_PASSWORD_TTL_MS,
    'reset-password',
  );
}

/**
 * Invitation of a user staff added to a practice (modules/staff-customers/service.ts): a
 * `reset_password` token valid 7 days (VALIDATE_EMAIL_TTL_MS) to the set-password page; setting
 * the password also marks the email verified. Errors: as sendWelcomeMail.
 */
export function sendInvitationMail(app: FastifyInstance, userId: number): Promise<void> {
  return sendTokenMail(app, userId, 'invitation', 'reset_password', VALIDATE_EMAIL_TTL_MS, 'reset-password');
}

/**
 * Email-validation mail without the welcome text (POST /auth/resend_validation): `validate_email`
 * token, 7 days. Errors: as sendWelcomeMail.
 */
export function sendValidationMail(app: FastifyInstance, userId: number): Promise<void> {
  return sendTokenMail(
    app,
    userId,
    'validate_email',
    'validate_email',
    VALIDATE_EMAIL_TTL_MS,
    'validate-email',
  );
}
