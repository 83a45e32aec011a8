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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z.object({
  API_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(4000)),
  API_HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default(path.join(REPO_ROOT, 'data/db'))),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  SITE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
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
