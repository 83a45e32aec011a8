/**
 * Environment of the api (README "Configuration"), parsed once at start-up with zod.
 * A missing or bad value stops start-up with a message naming the variable (main.ts prints it and
 * exits with status 1, without a stack trace).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { belgianVatChecksumOk, LOCALES, normaliseVat, type Locale } from '@vetshop/domain';

/** Repository root (apps/api/src/config.ts → ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Values of AUTH_TYPE; `none` is the guest-only shop (no account routes). */
export const AUTH_MODES = ['credentials', 'oidc', 'oidc-token', 'none'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** IBAN check (ISO 13616): country letters and check digits moved to the end, letters as numbers, mod 97 = 1. */
export function ibanChecksumOk(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const digits = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/**
 * The seller printed on invoices and credit notes (docs/decisions/documents.md "Legal content"):
 * the association's demo identity unless SELLER_* variables say otherwise. The enterprise number
 * (10 digits, Belgian mod-97 check), the VAT number (BE + 10 digits, same check) and the IBAN
 * (ISO 13616 mod-97) are checked at start-up.
 */
const sellerShape = {
  /**
   * Legal name with the legal form as written in French ("VetShop ASBL"); `_NL` and `_EN` as
   * written on Dutch and English documents (each falls back to SELLER_LEGAL_NAME, and without it
   * to the demo's name in that language: "VetShop vzw" in Dutch, DEMO_SELLER_TEXTS).
   */
  SELLER_LEGAL_NAME: z.preprocess(emptyToUndefined, z.string().min(2).max(120).optional()),
  SELLER_LEGAL_NAME_NL: z.preprocess(emptyToUndefined, z.string().min(2).max(120).optional()),
  SELLER_LEGAL_NAME_EN: z.preprocess(emptyToUndefined, z.string().min(2).max(120).optional()),
  /**
   * Registered office as written in French, lines separated by commas; `_NL` and `_EN` as written
   * on Dutch and English documents (each falls back to SELLER_ADDRESS, and without it to the demo's
   * address in that language: DEMO_SELLER_TEXTS).
   */
  SELLER_ADDRESS: z.preprocess(emptyToUndefined, z.string().min(5).max(300).optional()),
  SELLER_ADDRESS_NL: z.preprocess(emptyToUndefined, z.string().min(5).max(300).optional()),
  SELLER_ADDRESS_EN: z.preprocess(emptyToUndefined, z.string().min(5).max(300).optional()),
  /** Enterprise number (BCE/KBO), printed 0712.345.630. */
  SELLER_ENTERPRISE_NUMBER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('0712.345.630')
      .transform((v) => v.replace(/\D/g, ''))
      .refine(belgianVatChecksumOk, { error: 'must be 10 digits with a valid Belgian mod-97 check' })
      .transform((d) => `${d.slice(0, 4)}.${d.slice(4, 7)}.${d.slice(7)}`),
  ),
  /**
   * Register of legal entities and its court as written in French ("RPM Bruxelles"); `_NL` and
   * `_EN` in Dutch ("RPR Brussel") and English, with the same fallbacks as SELLER_ADDRESS.
   */
  SELLER_REGISTER: z.preprocess(emptyToUndefined, z.string().max(80).optional()),
  SELLER_REGISTER_NL: z.preprocess(emptyToUndefined, z.string().max(80).optional()),
  SELLER_REGISTER_EN: z.preprocess(emptyToUndefined, z.string().max(80).optional()),
  /** VAT number, BE + 10 digits. */
  SELLER_VAT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('BE0712345630')
      .transform(normaliseVat)
      .refine((v) => /^BE\d{10}$/.test(v) && belgianVatChecksumOk(v.slice(2)), {
        error: 'must be BE followed by 10 digits with a valid mod-97 check',
      }),
  ),
  /** Bank account (IBAN), printed in groups of four. */
  SELLER_IBAN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('BE21001234567803')
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine(ibanChecksumOk, { error: 'must be an IBAN with valid check digits' }),
  ),
  /** BIC of the bank (8 or 11 characters). */
  SELLER_BIC: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('GEBABEBB')
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), {
        error: 'must be a BIC (8 or 11 characters)',
      }),
  ),
  /** Contact printed under the seller's address. */
  SELLER_EMAIL: z.preprocess(emptyToUndefined, z.string().max(120).default('facturation@vetshop.be')),
};

/**
 * The demo association's registered office and register in each document language: Brussels is
 * bilingual, so a Dutch invoice names "Tervurenlaan 2, 1040 Brussel, België" and "RPR Brussel"
 * (docs/decisions/documents.md "The seller in the document's language").
 */
const DEMO_SELLER_TEXTS: Record<Locale, { legalName: string; address: string; register: string }> = {
  fr: {
    legalName: 'VetShop ASBL',
    address: 'Avenue de Tervueren 2, 1040 Bruxelles, Belgique',
    register: 'RPM Bruxelles',
  },
  nl: { legalName: 'VetShop vzw', address: 'Tervurenlaan 2, 1040 Brussel, België', register: 'RPR Brussel' },
  en: {
    legalName: 'VetShop ASBL',
    address: 'Avenue de Tervueren 2, 1040 Brussels, Belgium',
    register: 'RLE Brussels',
  },
};

/** The seller's identity of the documents (see `sellerShape`). */
export interface SellerIdentity {
  /** Legal name with the legal form, per document language ("VetShop ASBL", "VetShop vzw"). */
  legalName: Record<Locale, string>;
  /** Address lines, per document language. */
  address: Record<Locale, string[]>;
  /** "0712.345.630". */
  enterpriseNumber: string;
  /** Register of legal entities and its court, per document language. */
  register: Record<Locale, string>;
  /** "BE0712345630". */
  vat: string;
  /** Without spaces. */
  iban: string;
  bic: string;
  email: string;
}

const sellerSchema = z.object(sellerShape);

/**
 * The seller's identity from the SELLER_* variables (default `process.env`, validated with the rest
 * of the configuration at start-up). Errors: throws ConfigError naming a bad variable.
 */
export function sellerIdentity(env: NodeJS.ProcessEnv = process.env): SellerIdentity {
  const parsed = sellerSchema.safeParse(env);
  if (!parsed.success) {
    const variables = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '?')))];
    throw new ConfigError(`Invalid configuration: ${variables.join(', ')}`, variables);
  }
  const v = parsed.data;
  const lines = (address: string) =>
    address
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean);
  // A language's own variable, else the French one (a configured seller), else the demo's text.
  const inLanguage = (own: Record<Locale, string | undefined>, key: 'legalName' | 'address' | 'register') =>
    Object.fromEntries(LOCALES.map((l) => [l, own[l] ?? own.fr ?? DEMO_SELLER_TEXTS[l][key]])) as Record<
      Locale,
      string
    >;
  const address = inLanguage(
    { fr: v.SELLER_ADDRESS, nl: v.SELLER_ADDRESS_NL, en: v.SELLER_ADDRESS_EN },
    'address',
  );
  return {
    legalName: inLanguage(
      { fr: v.SELLER_LEGAL_NAME, nl: v.SELLER_LEGAL_NAME_NL, en: v.SELLER_LEGAL_NAME_EN },
      'legalName',
    ),
    address: { fr: lines(address.fr), nl: lines(address.nl), en: lines(address.en) },
    enterpriseNumber: v.SELLER_ENTERPRISE_NUMBER,
    register: inLanguage(
      { fr: v.SELLER_REGISTER, nl: v.SELLER_REGISTER_NL, en: v.SELLER_REGISTER_EN },
      'register',
    ),
    vat: v.SELLER_VAT,
    iban: v.SELLER_IBAN,
    bic: v.SELLER_BIC,
    email: v.SELLER_EMAIL,
  };
}

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
     * Authentication mode (docs/product/accounts.md#authentication-mode): credentials (default), oidc (web runs the code flow, api turns the
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
    /**
     * Transactional mail outbox (docs/decisions/mail-outbox.md): ms between runs of the sender job
     * in each api process (it also runs right after this process enqueued mails); 0 disables it.
     */
    MAIL_OUTBOX_INTERVAL_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    ),
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z.string().min(3).default('VetShop <no-reply@vetshop.localhost>'),
    ),
    /**
     * Reply-To of the shop's mails (docs/decisions/mail-outbox.md "Replies"): the address whose
     * inbox the orders service reads. Unset (MAIL_FROM a no-reply address), the order confirmation
     * sends questions to the contact form instead of inviting a reply.
     */
    MAIL_REPLY_TO: z.preprocess(emptyToUndefined, z.string().min(3).max(200).optional()),
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
    /** Session lifetime in hours (default 240 = the 10 days of docs/product/constants.md#time-and-retry "Local user storage"). */
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
    ...sellerShape,
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
