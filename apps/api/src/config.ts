/**
 * Environment of the api (README "Configuration"), parsed once at start-up with zod.
 * A missing or bad value stops start-up with a message naming the variable (main.ts prints it and
 * exits with status 1, without a stack trace).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root (apps/api/src/config.ts → ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Values of AUTH_TYPE; `none` is the guest-only shop (no account routes). */
export const AUTH_MODES = ['credentials', 'oidc', 'oidc-token', 'none'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z
  .object({
    API_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(4000)),
    API_HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default(path.join(REPO_ROOT, 'data/db'))),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
    SITE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    /**
     * Authentication mode (spec 4): credentials (default), oidc (web runs the code flow, api turns the
     * access token into a session), oidc-token (bearer tokens only) or none (guest-only shop).
     */
    AUTH_TYPE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('credentials')
        .refine((v) => (AUTH_MODES as readonly string[]).includes(v), {
          error: (issue) => `Unknown auth type ${String(issue.input)}`,
        })
        .transform((v) => v as AuthMode),
    ),
    /** Issuer URL of the OpenID Provider (required for oidc and oidc-token). */
    OIDC_ISSUER: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    /** Expected `aud` of access tokens (optional). */
    OIDC_AUDIENCE: z.preprocess(emptyToUndefined, z.string().optional()),
    /** Demo accounts (README): `auto` seeds them on the embedded PGlite default only. */
    SEED_DEMO_ACCOUNTS: z.preprocess(emptyToUndefined, z.enum(['auto', 'true', 'false']).default('auto')),
    /** SMTP server for mails (smtp://user:pass@host:port); when unset mails are written as .eml files to MAIL_OUTBOX_DIR. */
    SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_OUTBOX_DIR: z.preprocess(
      emptyToUndefined,
      z.string().min(1).default(path.join(REPO_ROOT, 'data/outbox')),
    ),
    /** Staff addresses (comma-separated) that receive contact requests; when unset, every active staff user's email. */
    MAIL_STAFF_TO: z.preprocess(emptyToUndefined, z.string().max(2000).optional()),
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z.string().min(3).default('VetShop <no-reply@vetshop.localhost>'),
    ),
    /**
     * Proxies whose X-Forwarded-For gives the client address: `loopback` (default, the web server on
     * the same host), `true`, `false`, or a comma-separated list of addresses/CIDRs.
     */
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('loopback')
        .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
    ),
    /** Session lifetime in hours (default 240 = the 10 days of spec 9 "Local user storage"). */
    SESSION_TTL_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 365)
        .default(240),
    ),
    /** Promo-end alert job (docs/decisions/promo-end-alerts.md): minutes between runs; 0 disables the scheduled runs. */
    PROMO_ALERTS_INTERVAL_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(0)
        .max(24 * 60)
        .default(60),
    ),
    /** Promo-end alert lead time: subscribers are mailed from this many days before a promotion's last day. */
    PROMO_ALERT_LEAD_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60).default(7)),
    /** Stripe secret key (sk_...): with STRIPE_WEBHOOK_SECRET, card payments are offered (docs/decisions/payment-providers.md). */
    STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('sk_').optional()),
    /** Signing secret (whsec_...) of the Stripe webhook endpoint POST /payment/stripe/webhook. */
    STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().startsWith('whsec_').optional()),
  })
  .superRefine((env, ctx) => {
    if ((env.AUTH_TYPE === 'oidc' || env.AUTH_TYPE === 'oidc-token') && !env.OIDC_ISSUER)
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: `required when AUTH_TYPE is ${env.AUTH_TYPE}`,
      });
  });

/** The parsed configuration. */
export type Config = z.infer<typeof envSchema>;

/** A configuration error; `message` names every bad variable, one per line. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly variables: string[],
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment (default `process.env`).
 * Errors: throws ConfigError "Invalid configuration: API_PORT: ..." naming each bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const variables = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '?')))];
  const lines = parsed.error.issues.map((i) => {
    const name = String(i.path[0] ?? '?');
    const raw = env[name];
    return `  ${name}: ${i.message}${raw !== undefined ? ` (got ${JSON.stringify(raw)})` : ''}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`, variables);
}
