// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; ours cover what the launcher uses
/// <reference path="./oidc-provider-module.d.ts" />
/**
 * A real OpenID Provider (oidc-provider, a certified implementation) on loopback, for the tests of
 * the OIDC authentication modes (docs/product/accounts.md#authentication-mode, docs/product/accounts.md#auth-calls) — never a mock.
 *
 * What it offers, as an association's identity provider would:
 * - discovery, JWKS, authorization-code flow with PKCE (S256) required for every client,
 *   token, userinfo, revocation and RP-initiated logout (end_session);
 * - refresh tokens for clients allowed the `refresh_token` grant (without asking for
 *   `offline_access`), rotated by the provider's default policy;
 * - JWT access tokens (RFC 9068, `typ: at+jwt`) for the resource `urn:vetshop-api`
 *   (audience `vetshop-api` by default) carrying `email` and `email_verified`, with a TTL that a
 *   test can shorten at run time (`setAccessTokenTtl`);
 * - a tiny login page (`/interaction/:uid`) accepting the login and password of the given
 *   accounts, with a Cancel button (→ `access_denied`); consent is granted automatically.
 *
 * Usage: `const op = await startOidcProvider({ clients, accounts }); … await op.stop();`
 * `runCodeFlow()` drives the whole browser part programmatically (fetch with manual redirects
 * through the login page) and returns real tokens.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { errors } from 'oidc-provider';
import * as client from 'openid-client';

/** An account of the provider. `sub` is its stable subject; login/password are typed in the form. */
export interface OidcTestAccount {
  sub: string;
  login: string;
  password: string;
  email?: string;
  /** Whether the provider asserts the email (default true). */
  emailVerified?: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
  /** Interface locale claim (fr, nl, en). */
  locale?: string;
}

/** A registered client (confidential when `clientSecret` is set, else public). */
export interface OidcTestClient {
  clientId: string;
  clientSecret?: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface StartOidcProviderOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  clients: OidcTestClient[];
  accounts: OidcTestAccount[];
  /** Resource indicators → audience of their JWT access tokens; the first is the default resource. */
  resources?: Record<string, string>;
  /** Access-token lifetime in seconds (default 300). */
  accessTokenTtl?: number;
  /** Refresh-token lifetime in seconds (default 14 days). */
  refreshTokenTtl?: number;
  /** Print the provider's server errors on stderr (default true). */
  logErrors?: boolean;
}

/** A running provider. */
export interface RunningOidcProvider {
  /** Issuer URL (`http://127.0.0.1:<port>`, no trailing slash). */
  issuer: string;
  port: number;
  /** Changes the access-token lifetime (seconds) of tokens issued from now on. */
  setAccessTokenTtl(seconds: number): void;
  /** Closes the server. */
  stop(): Promise<void>;
}

/** Default resource indicator and audience of the shop's api. */
export const DEFAULT_RESOURCES: Record<string, string> = { 'urn:vetshop-api': 'vetshop-api' };

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:24rem;margin:3rem auto">${body}</body></html>`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function loginPage(uid: string, clientName: string, error?: string): string {
  return html(
    'Sign in',
    `<h1>Association sign-in</h1><p>${escapeHtml(clientName)} asks you to sign in.</p>
${error ? `<p role="alert" style="color:#b00020">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login" autocomplete="off">
<p><label for="login">Login</label><br><input id="login" name="login" type="text" required autofocus></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" required></p>
<p><button type="submit">Sign in</button></p></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
  );
}

/**
 * Starts the provider on 127.0.0.1 and resolves once it listens.
 * Errors: rejects when the port is taken.
 */
export async function startOidcProvider(options: StartOidcProviderOptions): Promise<RunningOidcProvider> {
  const resources = options.resources ?? DEFAULT_RESOURCES;
  const defaultIndicator = Object.keys(resources)[0];
  let accessTokenTtl = options.accessTokenTtl ?? 300;
  const refreshTokenTtl = options.refreshTokenTtl ?? 14 * 24 * 3600;
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  const byLogin = new Map(options.accounts.map((a) => [a.login.toLowerCase(), a]));

  // The issuer must be known before the provider exists: listen first, then build the provider.
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const claimsOf = (account: OidcTestAccount): Record<string, unknown> => ({
    sub: account.sub,
    email: account.email,
    email_verified: account.email ? (account.emailVerified ?? true) : undefined,
    name: account.name,
    given_name: account.givenName,
    family_name: account.familyName,
    locale: account.locale,
    preferred_username: account.login,
  });

  // A fresh signing key per provider (never the library's fixed development key).
  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    use: 'sig',
    alg: 'RS256',
  };
  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      ...(c.clientSecret
        ? { client_secret: c.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
        : { token_endpoint_auth_method: 'none' }),
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale', 'preferred_username'],
    },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: {
      devInteractions: { enabled: false },
      // A client may revoke only its own tokens.
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, c: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === c.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: { body: string }, form: string) => {
          ctx.body = html(
            'Sign out',
            `<h1>Sign out from the association?</h1>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Yes, sign me out</button>`,
          );
        },
        postLogoutSuccessSource: async (ctx: { body: string }) => {
          ctx.body = html('Signed out', '<h1>You are signed out.</h1>');
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx: unknown, _client: unknown, oneOf?: string) => oneOf ?? defaultIndicator,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
          const audience = resources[indicator];
          if (!audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // JWT access tokens carry the email claims, as many providers do (the api links users by email).
    extraTokenClaims: async (_ctx: unknown, token: { kind: string; accountId?: string }) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = accounts.get(token.accountId);
      if (!account?.email) return undefined;
      return { email: account.email, email_verified: account.emailVerified ?? true };
    },
    issueRefreshToken: async (_ctx: unknown, c: { grantTypeAllowed(t: string): boolean }) =>
      c.grantTypeAllowed('refresh_token'),
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => claimsOf(account) };
    },
    ttl: {
      AccessToken: () => accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 900,
      Grant: refreshTokenTtl,
      Session: refreshTokenTtl,
      RefreshToken: refreshTokenTtl,
    },
  });
  if (options.logErrors ?? true) {
    provider.on('server_error', (_ctx: unknown, err: Error) => console.error('[oidc-provider]', err));
  }
  const callback = provider.callback();

  /** The login page and its form posts (the provider's own routes handle everything else). */
  async function interaction(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const [, , uid, action] = url.pathname.split('/');
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const send = (status: number, body: string) => {
      res.statusCode = status;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.end(body);
    };
    if (req.method === 'GET' && !action) {
      if (details.prompt.name === 'login') return send(200, loginPage(uid, String(details.params.client_id)));
      // Consent: grant what was asked for (OIDC scopes and claims, resource scopes).
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session?.accountId, clientId: details.params.client_id });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      return provider.interactionFinished(
        req,
        res,
        { consent: details.grantId ? {} : { grantId } },
        { mergeWithLastSubmission: true },
      );
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const account = byLogin.get((form.get('login') ?? '').toLowerCase());
      if (!account || account.password !== form.get('password'))
        return send(200, loginPage(uid, String(details.params.client_id), 'Wrong login or password.'));
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
    }
    if (req.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    }
    send(404, html('Not found', '<h1>Not found</h1>'));
  }

  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((err: unknown) => {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(html('Error', `<h1>Sign-in error</h1><p>${escapeHtml((err as Error).message)}</p>`));
      });
      return;
    }
    void callback(req, res);
  };

  return {
    issuer,
    port,
    setAccessTokenTtl(seconds: number) {
      accessTokenTtl = seconds;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Programmatic code flow (what a browser would do), for api tests

/** A minimal cookie jar for fetch (name → value; paths ignored, one host). */
class CookieJar {
  private readonly values = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
  }
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface CodeFlowOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  login: string;
  password: string;
  /** Resource indicator to ask a token for (default: the provider's default resource). */
  resource?: string;
  scope?: string;
}

/** Tokens of a finished code flow. */
export interface CodeFlowTokens {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  /** Seconds until the access token expires. */
  expiresIn?: number;
}

/**
 * Runs the authorization-code flow with PKCE, state and nonce against `issuer`: authorization
 * request, login form post, automatic consent, then the code grant with openid-client.
 * Errors: throws when the login is refused or a redirect does not lead back to `redirectUri`.
 */
export async function runCodeFlow(o: CodeFlowOptions): Promise<CodeFlowTokens> {
  const config = await client.discovery(
    new URL(o.issuer),
    o.clientId,
    undefined,
    client.ClientSecretBasic(o.clientSecret),
    { execute: [client.allowInsecureRequests] },
  );
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: o.redirectUri,
    scope: o.scope ?? 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(o.resource ? { resource: o.resource } : {}),
  });
  const jar = new CookieJar();
  let next = url.href;
  for (let hop = 0; hop < 12; hop++) {
    if (next.startsWith(o.redirectUri)) {
      const tokens = await client.authorizationCodeGrant(
        config,
        new URL(next),
        { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true },
        o.resource ? { resource: o.resource } : undefined,
      );
      return {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        idToken: tokens.id_token,
        expiresIn: tokens.expiresIn(),
      };
    }
    let res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    if (res.status === 200 && new URL(next).pathname.startsWith('/interaction/')) {
      const body = await res.text();
      if (!body.includes('name="password"')) throw new Error(`unexpected interaction page: ${body}`);
      res = await fetch(`${new URL(next).origin}${new URL(next).pathname}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: o.login, password: o.password }).toString(),
      });
      jar.store(res);
      if (res.status === 200) throw new Error('the provider refused the login or password');
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location)
      throw new Error(`unexpected answer ${res.status} from ${next}: ${await res.text()}`);
    next = new URL(location, next).href;
  }
  throw new Error('too many redirects');
}
