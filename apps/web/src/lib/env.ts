import { z } from 'zod';

const urlWithoutTrailingSlash = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

const envSchema = z.object({
  /** Where the web server reaches the api (server side and `/api/*` rewrites). */
  API_URL: urlWithoutTrailingSlash.default('http://127.0.0.1:4000'),
  /** Public origin of the shop: canonical links, hreflang alternates, sitemap. */
  SITE_URL: urlWithoutTrailingSlash.default('http://localhost:3000'),
});

/** Validated server configuration (`API_URL`, `SITE_URL`, both origins without trailing slash). */
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
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${lines.join('; ')}`);
  }
  cached = parsed.data;
  return cached;
}
