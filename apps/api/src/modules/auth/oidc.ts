/**
 * Bearer access tokens of the association's OpenID Provider (docs/product/accounts.md#authentication-mode: oidc and
 * oidc-token; docs/product/accounts.md#auth-calls "POST {auth}/signin with a bearer access token header"; docs/product/errors.md#sign-in "Missing
 * endpoint").
 *
 * `createBearerVerifier` discovers the issuer's metadata (`/.well-known/openid-configuration`,
 * cached), verifies a JWT access token with the issuer's JWKS (jose: signature with an algorithm of
 * the key set, `iss`, `aud` when configured, `exp`/`nbf`), then finds the shop user it belongs to:
 * 1. the user whose `oidc_subject` is the token's `sub`;
 * 2. else the one active user whose email is the token's `email` claim — only when the provider
 *    asserts `email_verified: true` (in the token, or else in its userinfo answer) — and links
 *    `oidc_subject` to it on that first use;
 * 3. else nobody (→ 401).
 *
 * Errors: an invalid, expired, foreign or garbled token → `null` (the caller answers 401); the
 * provider unreachable (discovery or JWKS) → ApiError 503 `identity_provider_unavailable`, never a
 * 500; metadata without `jwks_uri` → OidcConfigurationError (a start-up error, docs/product/errors.md).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { UserRow } from '../../http/index.ts';

/** The provider's metadata is wrong (e.g. no `jwks_uri`): a configuration problem, not an outage. */
export class OidcConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OidcConfigurationError';
  }
}

/** The parts of the discovery document the api uses. */
export interface IssuerMetadata {
  issuer: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

/** A verified access token and the user it belongs to. */
export interface VerifiedBearer {
  user: UserRow;
  /** Verified claims of the token (`sub`, `exp` in seconds since the epoch, ...). */
  claims: JWTPayload & { sub: string; exp: number };
}

/** Options of createBearerVerifier. */
export interface BearerVerifierOptions {
  /** Issuer URL (OIDC_ISSUER); must equal the metadata's `issuer`. */
  issuer: string;
  /** Expected `aud` of access tokens (OIDC_AUDIENCE); not checked when unset. */
  audience?: string;
  db: Db;
  /** How long discovery stays cached, in ms (default 1 hour). */
  discoveryTtlMs?: number;
  /** Timeout of each request to the provider, in ms (default 5000). */
  timeoutMs?: number;
  /** Clock skew tolerated on `exp`/`nbf`, in seconds (default 0). */
  clockToleranceSec?: number;
}

/**
 * The verifier: call it with a token to get the user (or null); `verify` also returns the verified
 * claims; `discover` loads (and caches) the provider's metadata — main.ts calls it at start-up.
 */
export interface BearerVerifier {
  (token: string): Promise<UserRow | null>;
  verify(token: string): Promise<VerifiedBearer | null>;
  discover(): Promise<IssuerMetadata>;
  readonly issuer: string;
  readonly audience: string | undefined;
}

/** Signature algorithms accepted for access tokens (asymmetric only: never `none` nor HMAC). */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** jose error codes that mean "this token is not valid" (→ 401), as opposed to an outage (→ 503). */
const INVALID_TOKEN_CODES = new Set([
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWT_INVALID',
  'ERR_JWS_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
]);

function unavailable(detail: string): ApiError {
  return new ApiError(503, 'identity_provider_unavailable', 'Service unavailable', detail);
}

/** The issuer without a trailing slash, for building the discovery URL. */
function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Fetches and checks the discovery document of `issuer`.
 * Errors: OidcConfigurationError when the document is not the issuer's or lacks `jwks_uri`;
 * ApiError 503 when the provider cannot be reached or answers an error.
 */
export async function discoverIssuer(issuer: string, timeoutMs = 5000): Promise<IssuerMetadata> {
  const url = `${trimSlash(issuer)}/.well-known/openid-configuration`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw unavailable(`The identity provider ${issuer} cannot be reached: ${(err as Error).message}`);
  }
  if (!res.ok) throw unavailable(`The identity provider's discovery ${url} answered ${res.status}.`);
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object')
    throw new OidcConfigurationError(`The discovery document ${url} is not JSON.`);
  if (typeof body.issuer !== 'string' || trimSlash(body.issuer) !== trimSlash(issuer))
    throw new OidcConfigurationError(
      `The discovery document ${url} names the issuer ${JSON.stringify(body.issuer)}, not ${issuer} (OIDC_ISSUER).`,
    );
  if (typeof body.jwks_uri !== 'string' || body.jwks_uri === '')
    throw new OidcConfigurationError(
      `The identity provider ${issuer} has no jwks_uri in its metadata (missing endpoint): access tokens cannot be verified.`,
    );
  return {
    issuer: body.issuer,
    jwks_uri: body.jwks_uri,
    ...(typeof body.userinfo_endpoint === 'string' ? { userinfo_endpoint: body.userinfo_endpoint } : {}),
  };
}

/** Postgres unique violation (oidc_subject linked concurrently). */
function isUniqueViolation(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; cur && typeof cur === 'object' && i < 4; i++) {
    if ((cur as { code?: unknown }).code === '23505') return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Creates the verifier of the provider's access tokens (see the module comment for the rules).
 * Discovery and the key set are fetched lazily and cached; a failed discovery is retried on the
 * next call.
 */
export function createBearerVerifier(options: BearerVerifierOptions): BearerVerifier {
  const { db, audience } = options;
  const issuer = options.issuer;
  const ttlMs = options.discoveryTtlMs ?? 3600_000;
  const timeoutMs = options.timeoutMs ?? 5000;
  interface Loaded {
    metadata: IssuerMetadata;
    jwks: ReturnType<typeof createRemoteJWKSet>;
    at: number;
  }
  let cached: Loaded | null = null;
  let inflight: Promise<Loaded> | null = null;

  async function load(): Promise<Loaded> {
    if (cached && Date.now() - cached.at < ttlMs) return cached;
    inflight ??= (async (): Promise<Loaded> => {
      try {
        const metadata = await discoverIssuer(issuer, timeoutMs);
        // Keep the key set (and its cache) when the jwks_uri did not change.
        const jwks =
          cached && cached.metadata.jwks_uri === metadata.jwks_uri
            ? cached.jwks
            : createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: timeoutMs });
        cached = { metadata, jwks, at: Date.now() };
        return cached;
      } catch (err) {
        // Provider down but metadata known: keep serving with it, ask again in a minute.
        if (cached && err instanceof ApiError) {
          cached = { ...cached, at: Date.now() - ttlMs + 60_000 };
          return cached;
        }
        throw err;
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  }

  /** Email claims from the provider's userinfo endpoint (only when the token lacks them). */
  async function userinfoEmail(
    metadata: IssuerMetadata,
    token: string,
    sub: string,
  ): Promise<{ email?: unknown; email_verified?: unknown }> {
    if (!metadata.userinfo_endpoint) return {};
    try {
      const res = await fetch(metadata.userinfo_endpoint, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) return {};
      const body = (await res.json()) as Record<string, unknown>;
      // The answer must be about the same subject (OpenID Connect Core 5.3.2).
      return body.sub === sub ? { email: body.email, email_verified: body.email_verified } : {};
    } catch {
      return {};
    }
  }

  async function findUser(claims: JWTPayload & { sub: string }, token: string, metadata: IssuerMetadata) {
    const [bySubject] = await db
      .select()
      .from(users)
      .where(and(eq(users.oidcSubject, claims.sub), eq(users.active, true)))
      .limit(1);
    if (bySubject) return bySubject;

    let email: unknown = claims.email;
    let verified: unknown = claims.email_verified;
    if (typeof email !== 'string' || verified !== true) {
      const info = await userinfoEmail(metadata, token, claims.sub);
      if (typeof info.email === 'string') email = info.email;
      if (info.email_verified !== undefined) verified = info.email_verified;
    }
    if (typeof email !== 'string' || email === '' || verified !== true) return null;
    // Exactly one active, not yet linked user with this email; several → refuse (ambiguous).
    const candidates = await db
      .select()
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
          eq(users.active, true),
          isNull(users.oidcSubject),
        ),
      )
      .limit(2);
    if (candidates.length !== 1) return null;
    try {
      const [linked] = await db
        .update(users)
        .set({ oidcSubject: claims.sub })
        .where(and(eq(users.id, candidates[0]!.id), isNull(users.oidcSubject)))
        .returning();
      if (linked) return linked;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    // Linked concurrently by another request: read it again by subject.
    const [again] = await db
      .select()
      .from(users)
      .where(and(eq(users.oidcSubject, claims.sub), eq(users.active, true)))
      .limit(1);
    return again ?? null;
  }

  async function verify(token: string): Promise<VerifiedBearer | null> {
    // A compact JWS has three base64url parts; anything else is garbage, refused without I/O.
    if (token.length > 8192 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
    const { metadata, jwks } = await load();
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, jwks, {
        issuer: metadata.issuer,
        ...(audience ? { audience } : {}),
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: options.clockToleranceSec ?? 0,
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWKSTimeout)
        throw unavailable('The identity provider did not send its keys in time.');
      if (err instanceof joseErrors.JOSEError && INVALID_TOKEN_CODES.has(err.code)) return null;
      // Anything else (the key set cannot be fetched or read): an outage, not a bad token.
      throw unavailable(`The identity provider's keys cannot be read: ${(err as Error).message}`);
    }
    if (typeof claims.sub !== 'string' || claims.sub === '' || typeof claims.exp !== 'number') return null;
    const user = await findUser(claims as JWTPayload & { sub: string }, token, metadata);
    return user ? { user, claims: claims as VerifiedBearer['claims'] } : null;
  }

  const verifier = (async (token: string) => (await verify(token))?.user ?? null) as BearerVerifier;
  Object.defineProperties(verifier, {
    verify: { value: verify },
    discover: { value: async () => (await load()).metadata },
    issuer: { value: issuer },
    audience: { value: audience },
  });
  return verifier;
}
