import { z } from 'zod';

const urlWithoutTrailingSlash = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

/** Values of AUTH_TYPE (same as the api's): `none` is the guest-only shop without account routes. */
export const WEB_AUTH_TYPES = ['credentials', 'oidc', 'oidc-token', 'none'] as const;
export type WebAuthType = (typeof WEB_AUTH_TYPES)[number];

const authTypeSchema = z
  .string()
  .default('credentials')
  .refine((v) => (WEB_AUTH_TYPES as readonly string[]).includes(v), {
    error: (issue) => `Unknown auth type ${String(issue.input)}`,
  })
  .transform((v) => v as WebAuthType);

const optionalText = z.string().trim().min(1).optional();

const envSchema = z
  .object({
    /** Where the web server reaches the api (server side and `/api/*` rewrites). */
    API_URL: urlWithoutTrailingSlash.default('http://127.0.0.1:4000'),
    /** Public origin of the shop: canonical links, hreflang alternates, sitemap. */
    SITE_URL: urlWithoutTrailingSlash.default('http://localhost:3000'),
    /**
     * Authentication mode (docs/product/accounts.md#authentication-mode): `credentials` (default, login form and
     * session cookie), `oidc` / `oidc-token` (sign-in through the association's identity provider),
     * `none` (guest-only shop: no account routes, no account link). Unknown → "Unknown auth type X".
     */
    AUTH_TYPE: authTypeSchema,
    /** OpenID Provider of the oidc modes (lib/oidc.ts): issuer URL (https, or http on loopback). */
    OIDC_ISSUER: urlWithoutTrailingSlash.optional(),
    /** Client id and secret of the web shop at the provider (confidential client). */
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    /** Scopes asked for at sign-in (space-separated). */
    OIDC_SCOPES: z.string().trim().min(1).default('openid profile email'),
    /** Resource indicator (RFC 8707) of the api, sent when the provider needs one (optional). */
    OIDC_RESOURCE: optionalText,
    /**
     * Secret (at least 32 characters) the keys of the web's encrypted cookies derive from (sign-in
     * state, OIDC tokens). Unset: a random one per process, with a warning (every restart then ends
     * the OIDC sign-ins in progress, and several web processes cannot share them).
     */
    WEB_SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /**
     * Proxies in front of the web server whose `X-Forwarded-For` names the browser
     * (lib/client-address.ts): `loopback`, addresses and CIDRs, comma-separated. Unset: none (the
     * web faces browsers directly and tells the api the TCP peer address).
     */
    WEB_TRUST_PROXY: z
      .string()
      .regex(
        /^\s*(loopback|false|[0-9A-Fa-f:.]+(\/\d{1,3})?)(\s*,\s*(loopback|[0-9A-Fa-f:.]+(\/\d{1,3})?))*\s*$/,
        {
          error: 'must be loopback, false, or addresses/CIDRs separated by commas',
        },
      )
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.AUTH_TYPE !== 'oidc' && env.AUTH_TYPE !== 'oidc-token') return;
    for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID'] as const)
      if (!env[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `required when AUTH_TYPE is ${env.AUTH_TYPE}`,
        });
  });

/**
 * Validated server configuration (`API_URL`, `SITE_URL` without trailing slash, `AUTH_TYPE`, the
 * OIDC_* settings of the oidc modes and `WEB_SESSION_SECRET`).
 */
export type ServerEnv = z.infer<typeof envSchema>;

let cached: ServerEnv | undefined;

/**
 * Reads and validates the environment once. A bad value stops start-up with a message naming the
 * variable (e.g. `Invalid environment: API_URL: Invalid URL`).
 */
export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = envSchema.safeParse({
    API_URL: process.env.API_URL || undefined,
    SITE_URL: process.env.SITE_URL || undefined,
    AUTH_TYPE: process.env.AUTH_TYPE?.trim() || undefined,
    OIDC_ISSUER: process.env.OIDC_ISSUER || undefined,
    OIDC_CLIENT_ID: process.env.OIDC_CLIENT_ID || undefined,
    OIDC_CLIENT_SECRET: process.env.OIDC_CLIENT_SECRET || undefined,
    OIDC_SCOPES: process.env.OIDC_SCOPES || undefined,
    OIDC_RESOURCE: process.env.OIDC_RESOURCE || undefined,
    WEB_SESSION_SECRET: process.env.WEB_SESSION_SECRET || undefined,
    WEB_TRUST_PROXY: process.env.WEB_TRUST_PROXY || undefined,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${lines.join('; ')}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * The authentication mode, read from the environment of the running server (never inlined at build
 * time: one build serves every mode). Throws "Invalid environment: AUTH_TYPE: Unknown auth type X".
 */
export function authType(): WebAuthType {
  return serverEnv().AUTH_TYPE;
}

/** True when users sign in through the identity provider (AUTH_TYPE `oidc` or `oidc-token`). */
export function isOidcAuth(type: WebAuthType = authType()): boolean {
  return type === 'oidc' || type === 'oidc-token';
}

/** True when the shop has accounts at all (every AUTH_TYPE except `none`). */
export function accountsEnabled(type: WebAuthType = authType()): boolean {
  return type !== 'none';
}
