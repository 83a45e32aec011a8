/**
 * Session routes of the oidc mode (docs/product/accounts.md#authentication-mode, docs/product/accounts.md#auth-calls "POST {auth}/signin
 * with a bearer access token header", "POST {auth}/signout"). Registered when AUTH_TYPE is `oidc` or
 * `oidc-token`; in `credentials` and `none` these paths answer 404 `route_not_found`. In both oidc
 * modes every call may also carry the bearer token itself (session.ts): that is all an api client
 * of the `oidc-token` mode needs, while the web shop, whose tokens never reach the browser, always
 * turns the token into this session (docs/decisions/oidc-mode.md).
 *
 * - POST /auth/signin with `Authorization: Bearer <access token>` → 200 UserProfile and the session
 *   cookie (a fresh id; the session being replaced is closed). The session ends when the token
 *   expires if that comes before SESSION_TTL_HOURS: the web renews it with a refreshed token
 *   (apps/web/src/app/auth/oidc/refresh). 401 `invalid_token` for a missing, invalid, expired or
 *   foreign token or an identity linked to no shop user; 503 `identity_provider_unavailable`
 *   when the provider's metadata or keys cannot be fetched.
 * - POST /auth/signout → 204; closes the caller's session and clears the cookie (also for guests).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userProfileSchema } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import { problemReplies } from '../../http/index.ts';
import type { BearerVerifier } from './oidc.ts';
import { toUserProfile } from './service.ts';
import { loadUser } from './session.ts';

const tags = ['auth'];
const problems = problemReplies(401, 403, 503);

function invalidToken(): ApiError {
  return new ApiError(
    401,
    'invalid_token',
    'Unauthorized',
    'The access token is invalid or expired, or its identity has no shop account.',
  );
}

/** Registers POST /auth/signin and POST /auth/signout (oidc modes only; see the module comment). */
export const oidcRoutes: FastifyPluginAsync<{ verifier: BearerVerifier; db: Db }> = async (
  instance,
  opts,
) => {
  const type = instance.authOptions.type;
  if (type !== 'oidc' && type !== 'oidc-token') return;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { verifier, db } = opts;

  /** POST /auth/signin: bearer access token → session cookie + profile (docs/product/accounts.md#auth-calls). */
  app.post(
    '/auth/signin',
    {
      schema: {
        tags,
        summary: 'Opens a session from an access token of the identity provider',
        description:
          'Send `Authorization: Bearer <access token>`. The token is verified against the provider (JWKS, issuer, audience, expiry) and linked to a shop user by subject, else by verified email. The session ends with the token unless renewed by a new sign-in.',
        headers: z.object({ authorization: z.string().max(10_000).optional() }),
        response: { 200: userProfileSchema, ...problems },
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match) throw invalidToken();
      const verified = await verifier.verify(match[1]!);
      if (!verified) throw invalidToken();
      const loaded = await loadUser(db, verified.user.id);
      if (!loaded) throw invalidToken();
      await app.sessions.open(request, reply, loaded.user.id, 'oidc', {
        expiresAt: new Date(verified.claims.exp * 1000),
      });
      reply.header('cache-control', 'no-store');
      return toUserProfile(loaded.user, loaded.customer);
    },
  );

  /** POST /auth/signout: closes the session (docs/product/accounts.md#auth-calls); 204 even without one. */
  app.post(
    '/auth/signout',
    {
      schema: {
        tags,
        summary: 'Closes the session opened by /auth/signin and clears the cookie',
        response: { 204: z.null().describe('No content'), ...problems },
      },
    },
    async (request, reply) => {
      await app.sessions.close(request, reply);
      return reply.status(204).send(null);
    },
  );
};
