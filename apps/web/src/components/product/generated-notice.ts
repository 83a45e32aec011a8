/**
 * Whether the footer says that some catalogue data are generated (docs/decisions/generated-data-notice.md).
 *
 * `SHOW_GENERATED_DATA_NOTICE` decides when set: `true`/`1`/`yes`/`on` shows it, `false`/`0`/`no`/
 * `off` hides it (case-insensitive; any other value is ignored). Unset or ignored, the notice shows
 * for the embedded demo database (no `DATABASE_URL`, the PGlite default, seeded with generated
 * prices and stock) and hides when the shop runs on a PostgreSQL server (`DATABASE_URL` set).
 */
export function showGeneratedDataNotice(env: Record<string, string | undefined> = process.env): boolean {
  const setting = env.SHOW_GENERATED_DATA_NOTICE?.trim().toLowerCase();
  if (setting && ['true', '1', 'yes', 'on'].includes(setting)) return true;
  if (setting && ['false', '0', 'no', 'off'].includes(setting)) return false;
  return !env.DATABASE_URL?.trim();
}
