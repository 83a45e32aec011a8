/**
 * HTTP routes of the current user and of credentials authentication (docs/product/accounts.md#auth-calls, docs/product/accounts.md
 * Session, docs/product/accounts.md). Paths sit at the api root. Nothing is registered when AUTH_TYPE is `none`
 * (a guest-only shop: every path below answers 404 `route_not_found`).
 *
 * Every mode with accounts (credentials, oidc, oidc-token):
 * - POST /auth/logout → 204; closes the session and clears the cookie (also for guests).
 * - GET /auth/profile, GET /customer → 200 UserProfile of the caller; 401 `unauthorized` for guests.
 * - POST /user (ProfileUpdate) → 200 the updated UserProfile; 401 for guests.
 * - POST /auth/validate_email {token} → 204; 400 `invalid_token`.
 * - POST /auth/resend_validation {login} → always 204 (mail only to an active unverified user).
 * Credentials mode only (404 `route_not_found` in the oidc modes, where passwords live at the
 * identity provider):
 * - POST /auth/login {login, password} → 200 UserProfile + session cookie (the id rotates);
 *   401 `invalid_credentials` (one generic answer), 403 `email_not_verified`, 403
 *   `registration_pending` (the password of an application staff have not decided yet), 429
 *   `too_many_attempts` with Retry-After (seconds).
 * - POST /auth/request_reset_password {login} → always 204 (mail only to an active user).
 * - POST /auth/set_password {token, password} | {current_password, password} → 204;
 *   400 `invalid_token`, 400 `wrong_password` on field current_password, 401 for a guest change.
 * Account mails are sent in the background (the answer time does not tell whether a login
 * exists); the app waits for them when it closes.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginRequestSchema,
  profileUpdateSchema,
  resetRequestSchema,
  setPasswordSchema,
  userProfileSchema,
  validateEmailSchema,
} from '@vetshop/domain';
import { unauthorized } from '../../errors.ts';
import { problemReplies, requireUser } from '../../http/index.ts';
import { sendPasswordResetMail, sendValidationMail } from './mails.ts';
import { passwordHashingLimit } from './hash-limits.ts';
import { deviceOf, rememberDevice } from './known-device.ts';
import { allowMail, TooManyAttemptsError } from './rate-limit.ts';
import {
  changePassword,
  checkCredentials,
  findUserByLogin,
  resetPassword,
  toUserProfile,
  updateProfile,
  validateEmail,
} from './service.ts';
import { loadUser } from './session.ts';

const tags = ['auth'];
const noContent = z.null().describe('No content');
const problems = problemReplies(400, 401, 403, 404, 429, 500, 503);

/** Adds Retry-After to a 429 thrown by `run`, then rethrows. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TooManyAttemptsError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/** Registers the auth and current-user routes (nothing when `app.authOptions.type` is `none`). */
export const authRoutes: FastifyPluginAsync = async (instance) => {
  if (instance.authOptions.type === 'none') return;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const credentials = app.authOptions.type === 'credentials';

  // Background account mails: never awaited by the request, awaited when the app closes.
  const pending = new Set<Promise<void>>();
  const background = (work: () => Promise<void>): void => {
    const task = work()
      .catch((err: unknown) => app.log.error({ err }, 'account mail failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  const profileOf = (request: Parameters<typeof requireUser>[0]) => {
    const auth = requireUser(request);
    return toUserProfile(auth.user, auth.customer);
  };

  /** POST /auth/logout (docs/product/accounts.md#auth-calls): closes the caller's session, clears the cookie; 204 even for guests. */
  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: closes the session and clears the cookie',
        response: { 204: noContent, ...problems },
      },
    },
    async (request, reply) => {
      await app.sessions.close(request, reply);
      return reply.status(204).send(null);
    },
  );

  /**
   * GET /auth/profile and GET /customer (docs/product/accounts.md#auth-calls "GET customer (current user)"): the signed-in user
   * (docs/product/accounts.md#user + Customer), the same body on both paths; 401 for guests.
   */
  for (const [url, summary] of [
    ['/auth/profile', 'The signed-in user and its customer'],
    ['/customer', 'The current user (same answer as GET /auth/profile)'],
  ] as const) {
    app.get(
      url,
      { schema: { tags, summary, response: { 200: userProfileSchema, ...problems } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return profileOf(request);
      },
    );
  }

  /**
   * POST /user (docs/product/accounts.md "POST to the user endpoint to save the profile"): title, given and family
   * name (name = "given family"), phone, mobile, locale. 200 the updated profile; 401 for guests;
   * 400 with field errors for bad input.
   */
  app.post(
    '/user',
    {
      schema: {
        tags,
        summary: 'Save the profile of the signed-in user',
        body: profileUpdateSchema,
        response: { 200: userProfileSchema, ...problems },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const user = await updateProfile(app, auth.user.id, request.body);
      reply.header('cache-control', 'no-store');
      return toUserProfile(user, auth.customer);
    },
  );

  /** POST /auth/validate_email (docs/product/accounts.md): consumes the mailed token, marks the email verified; 204. */
  app.post(
    '/auth/validate_email',
    {
      schema: {
        tags,
        summary: 'Confirm the email address with the mailed token',
        body: validateEmailSchema,
        response: { 204: noContent, ...problems },
      },
    },
    async (request, reply) => {
      await validateEmail(app, request.body.token);
      return reply.status(204).send(null);
    },
  );

  /**
   * POST /auth/resend_validation {login}: mails a new validation link to an active user whose
   * email is not verified yet (at most 5 account mails per hour per login). Always 204.
   */
  app.post(
    '/auth/resend_validation',
    {
      schema: {
        tags,
        summary: 'Send the email-validation link again (always 204)',
        body: resetRequestSchema,
        response: { 204: noContent, ...problems },
      },
    },
    async (request, reply) => {
      const login = request.body.login;
      background(async () => {
        const user = await findUserByLogin(app, login);
        if (user && user.active && !user.emailVerified && (await allowMail(app.db, user.login))) {
          await sendValidationMail(app, user.id);
        }
      });
      return reply.status(204).send(null);
    },
  );

  if (!credentials) return;

  /**
   * POST /auth/login (docs/product/accounts.md#auth-calls): checks login and password, opens a session (new id, cookie
   * HttpOnly SameSite=Lax), marks the browser a known device (cookie `vetshop_device`, one year;
   * docs/decisions/sign-in-lockout.md) and answers the profile. 401 `invalid_credentials`
   * (generic), 403 `email_not_verified`, 403 `registration_pending` (right password of an
   * application awaiting staff, docs/decisions/pending-application-sign-in.md), 429
   * `too_many_attempts` + Retry-After.
   */
  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with login and password (sets the session cookie)',
        body: loginRequestSchema,
        response: { 200: userProfileSchema, ...problems },
      },
    },
    async (request, reply) => {
      const { login, password } = request.body;
      const device = await deviceOf(app.db, request);
      const user = await withRetryAfter(reply, () =>
        checkCredentials(app, login, password, request.ip, device),
      );
      const loaded = await loadUser(app.db, user.id);
      if (!loaded) throw unauthorized();
      await app.sessions.open(request, reply, user.id, 'credentials');
      await rememberDevice(app.db, request, reply, user.id, app.authOptions?.siteUrl);
      reply.header('cache-control', 'no-store');
      return toUserProfile(loaded.user, loaded.customer);
    },
  );

  /**
   * POST /auth/request_reset_password (docs/product/accounts.md#auth-calls) {login}: mails a reset link (1 hour) to an active
   * user (at most 5 account mails per hour per login). Always 204: nothing tells whether the
   * login exists.
   */
  app.post(
    '/auth/request_reset_password',
    {
      schema: {
        tags,
        summary: 'Ask for a password-reset mail (always 204)',
        body: resetRequestSchema,
        response: { 204: noContent, ...problems },
      },
    },
    async (request, reply) => {
      const login = request.body.login;
      background(async () => {
        const user = await findUserByLogin(app, login);
        if (user && user.active && (await allowMail(app.db, user.login))) {
          await sendPasswordResetMail(app, user.id);
        }
      });
      return reply.status(204).send(null);
    },
  );

  /**
   * POST /auth/set_password (docs/product/accounts.md): `{token, password}` resets with a mailed token (closes every
   * session of the user, marks the email verified); `{current_password, password}` changes the
   * password of the signed-in user (closes its other sessions). 204.
   */
  app.post(
    '/auth/set_password',
    {
      // Per-address and global limit of password hashing (hash-limits.ts): 429 + Retry-After.
      preHandler: passwordHashingLimit,
      schema: {
        tags,
        summary: 'Set a new password with a reset token, or change it with the current one',
        body: setPasswordSchema,
        response: { 204: noContent, ...problems },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ('token' in body) {
        await resetPassword(app, body.token, body.password);
      } else {
        const auth = requireUser(request);
        await withRetryAfter(reply, () =>
          changePassword(app, auth.user, body.current_password, body.password, auth.sessionId),
        );
      }
      return reply.status(204).send(null);
    },
  );
};
