/**
 * OIDC modes of the api (docs/product/accounts.md#authentication-mode, docs/product/accounts.md#auth-calls POST {auth}/signin and signout,
 * docs/product/errors.md#sign-in "Missing endpoint"), against a REAL OpenID Provider (oidc-provider) on loopback: tokens
 * come from a full authorization-code + PKCE flow through the provider's login page.
 *
 * Checked: a verified token opens a session (cookie, profile of the linked user, expiry tied to
 * the token), users are found by verified email (and linked) then by subject; foreign-key,
 * expired, wrong-audience and garbage tokens are 401 problems; an identity without a verified
 * email or without a shop user is 401; oidc-token mode accepts the bearer on every call;
 * /auth/signin exists only in the oidc modes; an unreachable provider is a 503, a provider without
 * jwks_uri a configuration error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { problemSchema, userProfileSchema } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import { openDatabase, recreateDatabase, type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { sessions, users } from '../src/db/schema.ts';
import {
  createBearerVerifier,
  discoverIssuer,
  OidcConfigurationError,
  type BearerVerifier,
} from '../src/modules/auth/oidc.ts';
import {
  runCodeFlow,
  startOidcProvider,
  type RunningOidcProvider,
} from '../../../test-support/oidc-provider.ts';
import { createCustomer, createStaff } from './account-fixtures.ts';

const CLIENT = {
  clientId: 'vetshop-web',
  clientSecret: 'test-client-secret-0123456789abcdef',
  redirectUris: ['http://localhost:3999/auth/oidc/callback'],
};
const AUDIENCE = 'vetshop-api';

const stamp = Date.now();
const EMAILS = {
  alice: `alice-${stamp}@practice.test`,
  bob: `bob-${stamp}@practice.test`,
  carol: `carol-${stamp}@practice.test`,
};
const ACCOUNTS = [
  { sub: `sub-alice-${stamp}`, login: 'alice', password: 'alice-pw', email: EMAILS.alice.toUpperCase() },
  // Bob's shop user is linked by subject already; the provider knows him under another email.
  { sub: `sub-bob-${stamp}`, login: 'bob', password: 'bob-pw', email: `bob.private-${stamp}@mail.test` },
  // Carol's email matches a shop user, but the provider does not assert it.
  {
    sub: `sub-carol-${stamp}`,
    login: 'carol',
    password: 'carol-pw',
    email: EMAILS.carol,
    emailVerified: false,
  },
  // Dave has no email and no shop user.
  { sub: `sub-dave-${stamp}`, login: 'dave', password: 'dave-pw' },
];

let op: RunningOidcProvider;

beforeAll(async () => {
  op = await startOidcProvider({
    clients: [CLIENT],
    accounts: ACCOUNTS,
    resources: { 'urn:vetshop-api': AUDIENCE, 'urn:other-api': 'other-api' },
    accessTokenTtl: 300,
    logErrors: false,
  });
});
afterAll(async () => {
  await op?.stop();
});

/** A real access token of `login` from the code flow. */
async function tokenOf(login: string, resource?: string): Promise<string> {
  const account = ACCOUNTS.find((a) => a.login === login)!;
  const tokens = await runCodeFlow({
    issuer: op.issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    redirectUri: CLIENT.redirectUris[0]!,
    login,
    password: account.password,
    resource,
  });
  return tokens.accessToken;
}

const databases: { name: string; open(): Promise<Database> }[] = [
  { name: 'pglite', open: () => openTestPglite() },
];
if (process.env.TEST_DATABASE_URL) {
  const server = process.env.TEST_DATABASE_URL;
  databases.push({
    name: 'postgres',
    open: async () =>
      openDatabase({ databaseUrl: await recreateDatabase(server, 'vetshop_api_oidc_test'), poolSize: 4 }),
  });
}

async function expectProblem(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
  code: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  const body = problemSchema.parse(JSON.parse(res.body));
  expect(body.code).toBe(code);
  expect(res.body).not.toMatch(/\bat .+\.ts:\d+/);
}

describe.each(databases)('oidc modes on $name', (target) => {
  let database: Database;
  let verifier: BearerVerifier;
  let oidcApp: FastifyInstance;
  let tokenApp: FastifyInstance;
  let credentialsApp: FastifyInstance;
  let alice: Awaited<ReturnType<typeof createCustomer>>;
  let bob: Awaited<ReturnType<typeof createStaff>>;
  let carol: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    database = await target.open();
    const db = database.db;
    alice = await createCustomer(db, { fn: 'veterinary', login: EMAILS.alice });
    bob = await createStaff(db, EMAILS.bob);
    await db.update(users).set({ oidcSubject: ACCOUNTS[1]!.sub }).where(eq(users.id, bob.userId));
    carol = await createCustomer(db, { fn: 'nurse', login: EMAILS.carol });
    verifier = createBearerVerifier({ issuer: op.issuer, audience: AUDIENCE, db });
    oidcApp = await buildApp({ db: database, auth: { type: 'oidc' }, oidc: verifier });
    tokenApp = await buildApp({ db: database, auth: { type: 'oidc-token' }, oidc: verifier });
    credentialsApp = await buildApp({ db: database, auth: { type: 'credentials' } });
    await Promise.all([oidcApp.ready(), tokenApp.ready(), credentialsApp.ready()]);
  });
  afterAll(async () => {
    await oidcApp?.close();
    await tokenApp?.close();
    await credentialsApp?.close();
    await database?.close();
  });

  const signin = (token: string | null, cookie?: string) =>
    oidcApp.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: {
        ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie } : {}),
      },
    });

  it('opens a session for a user found by verified email, links the subject, ties the expiry to the token', async () => {
    const token = await tokenOf('alice');
    const { exp } = decodeJwt(token);
    const res = await signin(token);
    expect(res.statusCode, res.body).toBe(200);
    const profile = userProfileSchema.parse(res.json());
    expect(profile.id).toBe(alice.userId);
    expect(profile.login).toBe(EMAILS.alice);
    expect(profile.price_list).toBe('veterinary');
    expect(profile.subject).toBe(ACCOUNTS[0]!.sub);
    const cookie = res.cookies.find((c) => c.name === 'vetshop_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.maxAge).toBeGreaterThan(250);
    expect(cookie?.maxAge).toBeLessThanOrEqual(300);

    const [row] = await database.db.select().from(users).where(eq(users.id, alice.userId));
    expect(row?.oidcSubject).toBe(ACCOUNTS[0]!.sub);
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, alice.userId));
    expect(session?.method).toBe('oidc');
    expect(Math.abs(session!.expiresAt.getTime() - exp! * 1000)).toBeLessThan(5000);

    const me = await oidcApp.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: { cookie: `vetshop_session=${cookie!.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: alice.userId });

    // A second sign-in (the web's renewal) rotates the session: the old cookie stops working.
    const again = await signin(await tokenOf('alice'), `vetshop_session=${cookie!.value}`);
    expect(again.statusCode).toBe(200);
    const renewed = again.cookies.find((c) => c.name === 'vetshop_session')!;
    expect(renewed.value).not.toBe(cookie!.value);
    const old = await oidcApp.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: { cookie: `vetshop_session=${cookie!.value}` },
    });
    expect(old.statusCode).toBe(401);

    // Sign-out closes the session.
    const out = await oidcApp.inject({
      method: 'POST',
      url: '/auth/signout',
      headers: { cookie: `vetshop_session=${renewed.value}` },
    });
    expect(out.statusCode).toBe(204);
    const after = await oidcApp.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: { cookie: `vetshop_session=${renewed.value}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('finds a user by subject even when the provider knows another email', async () => {
    const res = await signin(await tokenOf('bob'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: bob.userId, role: 'staff', customer: null });
  });

  it('refuses a token signed by another key (unknown kid, or the real kid with a forged signature)', async () => {
    const real = await tokenOf('alice');
    const { kid } = decodeProtectedHeader(real);
    const { privateKey } = await generateKeyPair('RS256');
    const forge = (k: string) =>
      new SignJWT({ email: EMAILS.alice, email_verified: true })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: k })
        .setIssuer(op.issuer)
        .setAudience(AUDIENCE)
        .setSubject(ACCOUNTS[0]!.sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    await expectProblem(await signin(await forge('not-the-providers-key')), 401, 'invalid_token');
    await expectProblem(await signin(await forge(kid!)), 401, 'invalid_token');
    // HMAC keyed with the provider's public key (algorithm confusion) is refused too.
    const jwks = (await (await fetch(`${op.issuer}/jwks`)).json()) as { keys: { n: string }[] };
    const jwk = jwks.keys[0]!;
    const hmac = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: kid! })
      .setIssuer(op.issuer)
      .setAudience(AUDIENCE)
      .setSubject(ACCOUNTS[0]!.sub)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(String(jwk.n)));
    await expectProblem(await signin(hmac), 401, 'invalid_token');
  });

  it('refuses an expired token, and the session of a token ends with it', async () => {
    op.setAccessTokenTtl(2);
    let token: string;
    try {
      token = await tokenOf('alice');
    } finally {
      op.setAccessTokenTtl(300);
    }
    const { exp } = decodeJwt(token);
    const res = await signin(token);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = `vetshop_session=${res.cookies.find((c) => c.name === 'vetshop_session')!.value}`;
    await new Promise((r) => setTimeout(r, Math.max(0, exp! * 1000 - Date.now()) + 1100));
    await expectProblem(await signin(token), 401, 'invalid_token');
    const me = await oidcApp.inject({ method: 'GET', url: '/auth/profile', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a token for another audience', async () => {
    const token = await tokenOf('alice', 'urn:other-api');
    expect(decodeJwt(token).aud).toBe('other-api');
    await expectProblem(await signin(token), 401, 'invalid_token');
  });

  it('refuses garbage, a missing header and another scheme', async () => {
    await expectProblem(await signin('garbage'), 401, 'invalid_token');
    await expectProblem(await signin('a.b.c'), 401, 'invalid_token');
    await expectProblem(await signin(null), 401, 'invalid_token');
    const basic = await oidcApp.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: 'Basic YWxpY2U6cHc=' },
    });
    await expectProblem(basic, 401, 'invalid_token');
  });

  it('refuses an identity whose email is not verified, and one with no shop user', async () => {
    await expectProblem(await signin(await tokenOf('carol')), 401, 'invalid_token');
    const [row] = await database.db.select().from(users).where(eq(users.id, carol.userId));
    expect(row?.oidcSubject).toBeNull();
    await expectProblem(await signin(await tokenOf('dave')), 401, 'invalid_token');
  });

  it('oidc-token mode: the bearer token authenticates every call, without sessions', async () => {
    const token = await tokenOf('alice');
    const me = await tokenApp.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: alice.userId, price_list: 'veterinary' });
    await expectProblem(
      await tokenApp.inject({
        method: 'GET',
        url: '/auth/profile',
        headers: { authorization: 'Bearer x.y.z' },
      }),
      401,
      'invalid_token',
    );
    await expectProblem(
      await tokenApp.inject({
        method: 'GET',
        url: '/auth/profile',
        headers: { authorization: `Bearer ${await tokenOf('dave')}` },
      }),
      401,
      'invalid_token',
    );
    // The web shop still turns the token into a session in this mode (its tokens never reach
    // the browser); credentials mode has no such route.
    const signin = await tokenApp.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signin.statusCode).toBe(200);
    const none = await credentialsApp.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { authorization: `Bearer ${token}` },
    });
    await expectProblem(none, 404, 'route_not_found');
  });

  it('answers 503 (not 500) when the provider cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const down = createBearerVerifier({
      issuer: `http://127.0.0.1:${port}`,
      audience: AUDIENCE,
      db: database.db,
    });
    const app = await buildApp({ db: database, auth: { type: 'oidc' }, oidc: down });
    try {
      const real = await tokenOf('alice');
      const res = await app.inject({
        method: 'POST',
        url: '/auth/signin',
        headers: { authorization: `Bearer ${real}` },
      });
      await expectProblem(res, 503, 'identity_provider_unavailable');
    } finally {
      await app.close();
    }
  });
});

describe('provider metadata', () => {
  it('a metadata document without jwks_uri is a clear configuration error (docs/product/errors.md#sign-in "missing endpoint")', async () => {
    const server = http.createServer((req, res) => {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth` }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const error = await discoverIssuer(issuer).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OidcConfigurationError);
      expect((error as Error).message).toMatch(/no jwks_uri.*missing endpoint/);
      // The issuer named in the document must be the configured one.
      const other = await discoverIssuer(`${issuer}/realms/x`).catch((e: unknown) => e);
      expect(other).toBeInstanceOf(OidcConfigurationError);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('the real provider advertises what the web and the api use', async () => {
    const metadata = await discoverIssuer(op.issuer);
    expect(metadata.issuer).toBe(op.issuer);
    expect(metadata.jwks_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/jwks$/);
    const full = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(full.code_challenge_methods_supported).toEqual(['S256']);
    expect(full.revocation_endpoint).toBeTruthy();
    expect(full.end_session_endpoint).toBeTruthy();
  });
});
