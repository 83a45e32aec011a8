/**
 * The OIDC sign-in of the web shop (docs/product/accounts.md#authentication-mode oidc / oidc-token, "Session":
 * "An OIDC login completes from a redirect carrying code and state", "Access tokens renew silently
 * through a refresh token", "If an OIDC sign-in callback fails, the existing session user is kept";
 * docs/product/accounts.md#auth-calls: authorisation-code flow with PKCE, discovery, token, userinfo, revocation and
 * end-session; docs/product/errors.md#sign-in login errors; docs/product/constants.md#time-and-retry "Stale sign-in state age: 15 minutes", "Silent request
 * timeout: 10 seconds"). Server only: openid-client v6 runs in the route handlers under
 * /auth/oidc/*; tokens never reach browser JavaScript.
 *
 * Cookies (HttpOnly, SameSite=Lax, Secure when SITE_URL is https; contents encrypted with jose,
 * `dir` + A256GCM, key derived from WEB_SESSION_SECRET with HKDF-SHA-256):
 * - `vetshop_oidc_tx` (Path=/auth/oidc, 15 min): state, nonce, PKCE verifier, target and locale of
 *   one sign-in in progress; used once by the callback.
 * - `vetshop_oidc` (Path=/, 30 days): refresh token, ID token and access-token expiry of the
 *   signed-in user, for renewal (refresh route) and sign-out (revocation, end-session).
 * The api session itself is the api's `vetshop_session` cookie, opened by POST {API_URL}/auth/signin
 * with the access token and copied to the browser.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import type { NextRequest } from 'next/server';
import * as client from 'openid-client';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { LOCALES, safeRelativeTarget, type Locale } from '@vetshop/domain';
import { serverEnv } from './env';
import { SESSION_COOKIE } from './api/client';
import { accountHome, afterLoginHref, loginHref } from './auth-paths';

/** Cookie of a sign-in in progress (state, nonce, PKCE verifier). */
export const OIDC_TX_COOKIE = 'vetshop_oidc_tx';
/** Cookie of the signed-in user's tokens (refresh token, ID token, expiry). */
export const OIDC_COOKIE = 'vetshop_oidc';

/** docs/product/constants.md#time-and-retry "Stale sign-in state age: 15 minutes", in seconds. */
export const SIGN_IN_STATE_MAX_AGE = 15 * 60;
/** Lifetime of the token cookie, in seconds (the provider's refresh token decides in practice). */
const TOKENS_MAX_AGE = 30 * 24 * 3600;
/** docs/product/constants.md#time-and-retry "Silent request timeout: 10 seconds": timeout of each call to the provider, in seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * Error codes the login page shows as `oidc.errors.<code>` (docs/product/errors.md#sign-in login errors that apply to a
 * redirect flow, plus `account_not_linked` and `session_expired`); anything else is `technical`
 * ('Sorry, it seems that we have a technical problem. Please try again later.').
 */
export const OIDC_ERROR_CODES = [
  'state_mismatch',
  'no_matching_state',
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
  'access_denied',
  'account_not_linked',
  'session_expired',
  'technical',
] as const;
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

/** The code to show for an error code of the provider or of the flow (unknown → `technical`). */
export function oidcErrorCode(code: string | null | undefined): OidcErrorCode {
  return (OIDC_ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as OidcErrorCode) : 'technical';
}

/** The login page showing `code` (and keeping the target for the next attempt). */
export function loginErrorHref(locale: Locale, code: OidcErrorCode, target?: string | null): string {
  const base = loginHref(locale, target);
  return `${base}${base.includes('?') ? '&' : '?'}error=${code}`;
}

// ---------------------------------------------------------------------------------------------
// Settings, discovery, cookie encryption

interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string;
  resource?: string;
  siteUrl: string;
  apiUrl: string;
  secure: boolean;
}

function settings(): OidcSettings {
  const env = serverEnv();
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID)
    throw new Error('OIDC_ISSUER and OIDC_CLIENT_ID are required in the oidc modes');
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    scopes: env.OIDC_SCOPES,
    resource: env.OIDC_RESOURCE,
    siteUrl: env.SITE_URL,
    apiUrl: env.API_URL,
    secure: env.SITE_URL.startsWith('https:'),
  };
}

/** The callback URL registered at the provider: {SITE_URL}/auth/oidc/callback. */
export function redirectUri(): string {
  return `${settings().siteUrl}/auth/oidc/callback`;
}

/** Where the provider sends the browser after end-session: {SITE_URL}/auth/oidc/logged-out. */
export function postLogoutRedirectUri(): string {
  return `${settings().siteUrl}/auth/oidc/logged-out`;
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');
}

let discovered: Promise<client.Configuration> | null = null;

/**
 * The provider's configuration (discovery of OIDC_ISSUER, cached for the process; a failure is
 * retried at the next call). http issuers are accepted on loopback only.
 * Errors: throws when the provider cannot be reached or its metadata is unusable.
 */
export function oidcConfiguration(): Promise<client.Configuration> {
  if (discovered) return discovered;
  const s = settings();
  const issuer = new URL(s.issuer);
  if (issuer.protocol !== 'https:' && !isLoopback(issuer))
    throw new Error(`OIDC_ISSUER must be an https URL (got ${s.issuer})`);
  discovered = client
    .discovery(
      issuer,
      s.clientId,
      undefined,
      s.clientSecret ? client.ClientSecretBasic(s.clientSecret) : client.None(),
      {
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_SECONDS,
      },
    )
    .then((config) => {
      config.timeout = PROVIDER_TIMEOUT_SECONDS;
      return config;
    })
    .catch((error: unknown) => {
      discovered = null;
      throw error;
    });
  return discovered;
}

let key: Uint8Array | null = null;

/** 256-bit key of the encrypted cookies, derived from WEB_SESSION_SECRET (random when unset). */
function cookieKey(): Uint8Array {
  if (key) return key;
  let secret = serverEnv().WEB_SESSION_SECRET;
  if (!secret) {
    console.warn(
      '[oidc] WEB_SESSION_SECRET is not set: using a random secret for this process (sign-ins end at restart and cannot be shared between web processes)',
    );
    secret = randomBytes(32).toString('base64url');
  }
  key = new Uint8Array(hkdfSync('sha256', secret, 'vetshop-web', 'oidc-cookies-v1', 32));
  return key;
}

async function seal(payload: Record<string, unknown>, maxAgeSeconds: number): Promise<string> {
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${maxAgeSeconds}s`)
    .encrypt(cookieKey());
}

async function unseal<T>(value: string | undefined): Promise<T | null> {
  if (!value) return null;
  try {
    const { payload } = await jwtDecrypt(value, cookieKey(), { keyManagementAlgorithms: ['dir'] });
    return payload as T;
  } catch {
    return null; // tampered, expired, or sealed with another secret
  }
}

/** Cookie attributes; a cleared cookie (maxAge 0) also gets an expiry in the past. */
function cookieOptions(path: string, maxAge: number) {
  return {
    path,
    maxAge,
    ...(maxAge === 0 ? { expires: new Date(0) } : {}),
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: settings().secure,
  };
}

/** A sign-in in progress (the `vetshop_oidc_tx` cookie). */
interface SignInTransaction {
  state: string;
  nonce: string;
  verifier: string;
  target: string;
  locale: Locale;
  redirectUri: string;
}

/** The signed-in user's tokens (the `vetshop_oidc` cookie). */
interface TokenSet {
  refreshToken?: string;
  idToken?: string;
  /** Access-token expiry, seconds since the epoch. */
  expiresAt: number;
  sub?: string;
}

// ---------------------------------------------------------------------------------------------
// The api session

/** Result of POST {API_URL}/auth/signin: its status and the Set-Cookie lines to pass on. */
interface ApiSignIn {
  status: number;
  setCookies: string[];
}

/**
 * POST {API_URL}/auth/signin with the access token (and the current session cookie, which the api
 * replaces). Network failure → status 503.
 */
async function apiSignIn(accessToken: string, sessionCookie: string | undefined, locale: Locale) {
  try {
    const res = await fetch(`${settings().apiUrl}/auth/signin`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        'accept-language': locale,
        ...(sessionCookie ? { cookie: `${SESSION_COOKIE}=${sessionCookie}` } : {}),
      },
      cache: 'no-store',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
    });
    await res.body?.cancel();
    return { status: res.status, setCookies: res.headers.getSetCookie() } satisfies ApiSignIn;
  } catch (error) {
    console.error('[oidc] api sign-in failed:', error instanceof Error ? error.message : error);
    return { status: 503, setCookies: [] } satisfies ApiSignIn;
  }
}

/** POST {API_URL}/auth/signout with the session cookie (best effort). */
async function apiSignOut(sessionCookie: string | undefined): Promise<void> {
  if (!sessionCookie) return;
  try {
    const res = await fetch(`${settings().apiUrl}/auth/signout`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${sessionCookie}`, accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
    });
    await res.body?.cancel();
  } catch (error) {
    console.error('[oidc] api sign-out failed:', error instanceof Error ? error.message : error);
  }
}

function localeOf(value: unknown): Locale | null {
  return (LOCALES as readonly string[]).includes(String(value)) ? (value as Locale) : null;
}

/**
 * Interface locale of a request to an /auth/oidc route (they have no /{lang} prefix): `lang`
 * parameter, else the target's prefix, else the page it came from (Referer), else the NEXT_LOCALE
 * cookie, else the first supported browser language, else fr.
 */
export function oidcRequestLocale(request: NextRequest, target?: string | null): Locale {
  const prefix = (path: string | null | undefined) => localeOf(path?.split(/[/?#]/)[1]);
  let referer: string | null = null;
  try {
    const ref = request.headers.get('referer');
    if (ref && new URL(ref).origin === request.nextUrl.origin) referer = new URL(ref).pathname;
  } catch {
    referer = null;
  }
  const browser = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((part) => localeOf(part.trim().slice(0, 2).toLowerCase()))
    .find((l) => l !== null);
  return (
    localeOf(request.nextUrl.searchParams.get('lang')) ??
    prefix(target) ??
    prefix(referer) ??
    localeOf(request.cookies.get('NEXT_LOCALE')?.value) ??
    browser ??
    'fr'
  );
}

// ---------------------------------------------------------------------------------------------
// Sign-in

/**
 * Starts a sign-in (GET /auth/oidc/login): PKCE S256 verifier, state and nonce kept in the
 * `vetshop_oidc_tx` cookie with `target` and `locale`; returns the provider's authorization URL.
 * Errors: throws when the provider cannot be discovered (the route shows `technical`).
 */
export async function beginSignIn(locale: Locale, target: string): Promise<string> {
  const config = await oidcConfiguration();
  const s = settings();
  const verifier = client.randomPKCECodeVerifier();
  const tx: SignInTransaction = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    target: safeRelativeTarget(target, accountHome(locale)),
    locale,
    redirectUri: redirectUri(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: tx.redirectUri,
    scope: s.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: tx.state,
    nonce: tx.nonce,
    ui_locales: locale,
    ...(s.resource ? { resource: s.resource } : {}),
  });
  (await cookies()).set(
    OIDC_TX_COOKIE,
    await seal({ ...tx }, SIGN_IN_STATE_MAX_AGE),
    cookieOptions('/auth/oidc', SIGN_IN_STATE_MAX_AGE),
  );
  return url.href;
}

/** Outcome of the callback: where to send the browser, and the api's Set-Cookie lines. */
export interface SignInOutcome {
  location: string;
  setCookies: string[];
  /** Set when the sign-in failed (shown on the login page as `oidc.errors.<code>`). */
  error?: OidcErrorCode;
}

/**
 * Completes a sign-in (GET /auth/oidc/callback?code&state, or ?error&state): checks the state
 * against the `vetshop_oidc_tx` cookie ("State does not match" → `state_mismatch`; no cookie →
 * `no_matching_state`), maps provider errors (login_required, consent_required,
 * interaction_required, account_selection_required, access_denied...), redeems the code with the
 * PKCE verifier, checks the ID token's nonce, reads userinfo where the provider allows it, opens
 * the api session (POST /auth/signin), keeps the tokens in `vetshop_oidc` and leads to
 * /{lang}/account/oidc-redirect?target=…. Any failure leads to /{lang}/account/login?error=<code>
 * and leaves the existing session alone (docs/product/accounts.md). Never throws.
 */
export async function completeSignIn(request: NextRequest): Promise<SignInOutcome> {
  const jar = await cookies();
  const params = request.nextUrl.searchParams;
  const tx = await unseal<SignInTransaction>(jar.get(OIDC_TX_COOKIE)?.value);
  const locale = localeOf(tx?.locale) ?? oidcRequestLocale(request);
  const fail = (code: OidcErrorCode, detail?: unknown): SignInOutcome => {
    if (detail !== undefined)
      console.error(`[oidc] sign-in failed (${code}):`, detail instanceof Error ? detail.message : detail);
    return { location: loginErrorHref(locale, code, tx?.target), setCookies: [], error: code };
  };
  if (tx) jar.set(OIDC_TX_COOKIE, '', cookieOptions('/auth/oidc', 0)); // one use only

  const providerError = params.get('error');
  if (!tx) return fail(providerError ? oidcErrorCode(providerError) : 'no_matching_state');
  if (params.get('state') !== tx.state) return fail('state_mismatch');
  if (providerError) return fail(oidcErrorCode(providerError));
  if (!params.get('code')) return fail('technical', 'no code in the callback');

  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  let config: client.Configuration;
  try {
    config = await oidcConfiguration();
    const current = new URL(tx.redirectUri);
    current.search = request.nextUrl.search;
    const resource = settings().resource;
    tokens = await client.authorizationCodeGrant(
      config,
      current,
      {
        pkceCodeVerifier: tx.verifier,
        expectedState: tx.state,
        expectedNonce: tx.nonce,
        idTokenExpected: true,
      },
      resource ? { resource } : undefined,
    );
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) return fail(oidcErrorCode(error.error));
    return fail('technical', error);
  }
  const claims = tokens.claims();
  await crossCheckUserinfo(config, tokens.access_token, claims?.sub);

  const signin = await apiSignIn(tokens.access_token, jar.get(SESSION_COOKIE)?.value, locale);
  if (signin.status === 401) return fail('account_not_linked', 'the api knows no user for this identity');
  if (signin.status !== 200) return fail('technical', `api sign-in answered ${signin.status}`);

  await storeTokens({
    refreshToken: tokens.refresh_token,
    idToken: tokens.id_token,
    expiresAt: Math.floor(Date.now() / 1000) + (tokens.expiresIn() ?? 300),
    sub: claims?.sub,
  });
  return { location: afterLoginHref(locale, tx.target), setCookies: signin.setCookies };
}

/**
 * Userinfo (docs/product/accounts.md): asks the provider about the access token's user and checks that it is the ID
 * token's subject. Providers that bind access tokens to the api (RFC 8707 resource indicators,
 * like the test provider) refuse them at userinfo (401): that is expected and ignored; the api
 * verifies the access token itself.
 */
async function crossCheckUserinfo(config: client.Configuration, accessToken: string, sub?: string) {
  if (!sub || !config.serverMetadata().userinfo_endpoint) return;
  try {
    await client.fetchUserInfo(config, accessToken, sub);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== 401 && status !== 403)
      console.warn('[oidc] userinfo check failed:', error instanceof Error ? error.message : error);
  }
}

async function storeTokens(tokens: TokenSet): Promise<void> {
  (await cookies()).set(
    OIDC_COOKIE,
    await seal({ ...tokens }, TOKENS_MAX_AGE),
    cookieOptions('/', TOKENS_MAX_AGE),
  );
}

async function readTokens(): Promise<TokenSet | null> {
  return unseal<TokenSet>((await cookies()).get(OIDC_COOKIE)?.value);
}

/**
 * What the locale layout needs to mount the OidcSessionKeeper: the access-token expiry (seconds
 * since the epoch) of the OIDC sign-in of this browser, or null when there is none (or no refresh
 * token to renew it with).
 */
export async function oidcSessionExpiry(): Promise<number | null> {
  try {
    const tokens = await readTokens();
    return tokens?.refreshToken ? tokens.expiresAt : null;
  } catch {
    return null; // outside a request
  }
}

// ---------------------------------------------------------------------------------------------
// Renewal

/** Outcome of a renewal (POST /auth/oidc/refresh). */
export type RefreshOutcome =
  | { status: 'renewed' | 'fresh'; expiresAt: number; setCookies: string[] }
  | {
      status: 'signed_out';
      reason: 'invalid_grant' | 'no_session' | 'account_not_linked';
      setCookies: string[];
    }
  | { status: 'unavailable' };

/** A renewal is skipped while the access token has more than this left (s): another tab renewed it. */
const FRESH_ENOUGH_SECONDS = 90;

/**
 * Renews the session with the refresh token (docs/product/accounts.md#token-renewal "Access tokens renew silently through a refresh
 * token"): refresh-token grant, POST /auth/signin with the new access token (a new api session
 * cookie), `vetshop_oidc` updated. A token with more than 90 s left is not renewed (another tab
 * did it). `invalid_grant` (revoked or expired refresh token) ends the sign-in on this browser:
 * api session closed, cookies cleared. Provider or api unreachable → `unavailable` (retry later).
 */
export async function refreshSession(): Promise<RefreshOutcome> {
  const jar = await cookies();
  const tokens = await readTokens();
  const session = jar.get(SESSION_COOKIE)?.value;
  const now = Math.floor(Date.now() / 1000);
  if (!tokens?.refreshToken) return { status: 'signed_out', reason: 'no_session', setCookies: [] };
  if (session && tokens.expiresAt - now > FRESH_ENOUGH_SECONDS)
    return { status: 'fresh', expiresAt: tokens.expiresAt, setCookies: [] };

  const signOutHere = async (reason: 'invalid_grant' | 'account_not_linked'): Promise<RefreshOutcome> => {
    await apiSignOut(session);
    jar.set(OIDC_COOKIE, '', cookieOptions('/', 0));
    jar.set(SESSION_COOKIE, '', cookieOptions('/', 0));
    return { status: 'signed_out', reason, setCookies: [] };
  };

  let renewed: Awaited<ReturnType<typeof client.refreshTokenGrant>>;
  try {
    const config = await oidcConfiguration();
    const resource = settings().resource;
    renewed = await client.refreshTokenGrant(
      config,
      tokens.refreshToken,
      resource ? { resource } : undefined,
    );
  } catch (error) {
    if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant')
      return signOutHere('invalid_grant');
    console.error('[oidc] token renewal failed:', error instanceof Error ? error.message : error);
    return { status: 'unavailable' };
  }
  const expiresAt = now + (renewed.expiresIn() ?? 300);
  // Keep the new refresh token (rotation) before anything else can fail.
  await storeTokens({
    refreshToken: renewed.refresh_token ?? tokens.refreshToken,
    idToken: renewed.id_token ?? tokens.idToken,
    expiresAt,
    sub: tokens.sub,
  });
  const locale = localeOf(jar.get('NEXT_LOCALE')?.value) ?? 'fr';
  const signin = await apiSignIn(renewed.access_token, session, locale);
  if (signin.status === 401) return signOutHere('account_not_linked');
  if (signin.status !== 200) return { status: 'unavailable' };
  return { status: 'renewed', expiresAt, setCookies: signin.setCookies };
}

// ---------------------------------------------------------------------------------------------
// Sign-out

/**
 * The identity-provider part of sign-out (called by /auth/logout in the oidc modes): revokes the
 * refresh token, clears `vetshop_oidc`, and returns the provider's end-session URL (with the ID
 * token as hint, {SITE_URL}/auth/oidc/logged-out as return address and `returnTo` — a same-site
 * path — as state), or null when the provider has no end-session endpoint or cannot be reached.
 * The api session itself is closed by the caller. Never throws.
 */
export async function oidcSignOut(_request: NextRequest, returnTo: string): Promise<string | null> {
  const jar = await cookies();
  const tokens = await readTokens();
  jar.set(OIDC_COOKIE, '', cookieOptions('/', 0));
  let config: client.Configuration;
  try {
    config = await oidcConfiguration();
  } catch (error) {
    console.error('[oidc] sign-out: provider unavailable:', error instanceof Error ? error.message : error);
    return null;
  }
  if (tokens?.refreshToken && config.serverMetadata().revocation_endpoint) {
    try {
      await client.tokenRevocation(config, tokens.refreshToken, { token_type_hint: 'refresh_token' });
    } catch (error) {
      console.error(
        '[oidc] refresh token revocation failed:',
        error instanceof Error ? error.message : error,
      );
    }
  }
  if (!config.serverMetadata().end_session_endpoint) return null;
  const state = safeRelativeTarget(returnTo, '/');
  return client.buildEndSessionUrl(config, {
    post_logout_redirect_uri: postLogoutRedirectUri(),
    state,
    ...(tokens?.idToken ? { id_token_hint: tokens.idToken } : { client_id: settings().clientId }),
  }).href;
}
