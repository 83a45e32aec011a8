/**
 * Time edges of the catalogue (docs/decisions/catalogue-time-edges.md): what a guest catalogue page
 * shows also changes with the clock, without any write — a new business day (prices, promotions,
 * specials and discounts are dated, Europe/Brussels), a new calendar day in UTC (the footer's
 * year), and the start or end of an info banner or an advertisement (timestamps). The catalogue
 * version (0030_catalog_version.sql) is bumped at each such edge, so every cache keyed by it (the
 * web's guest pages and site pieces, the api's search results) turns over exactly when the
 * content does, and a new business day first refreshes the stored prices of the day
 * (docs/product/constants.md#pricing: prices are recomputed when the business day changes).
 */
import { sql } from 'drizzle-orm';
import { businessDate } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';

/** How often the api looks for a time edge passed since the catalogue version last moved, ms. */
export const TIME_EDGE_CHECK_MS = 5_000;

/**
 * Bumps the catalogue version when a time edge lies after the moment it last moved
 * (`catalog_version.changed_at`) and at or before `now`: another day in Europe/Brussels or in UTC,
 * or the start or end of an info banner or an advertisement. The row's `changed_at` is the edge's
 * witness, so two api processes checking the same edge bump once, and an edge passed while no api
 * ran is caught by the first check after start. Returns the new version (decimal string) when it
 * bumped, else null. One statement (a primary-key update; the two window tables are small).
 */
export async function bumpOnTimeEdge(db: Db, now: Date = new Date()): Promise<string | null> {
  const result = await db.execute<{ version: string }>(sql`
    WITH t AS (SELECT ${now.toISOString()}::timestamptz AS now)
    UPDATE catalog_version v SET version = v.version + 1, changed_at = t.now
    FROM t
    WHERE v.id = 1 AND v.changed_at < t.now AND (
      (v.changed_at AT TIME ZONE 'Europe/Brussels')::date <> (t.now AT TIME ZONE 'Europe/Brussels')::date
      OR (v.changed_at AT TIME ZONE 'UTC')::date <> (t.now AT TIME ZONE 'UTC')::date
      OR EXISTS (SELECT 1 FROM info_banners w
                 WHERE (w.date_start > v.changed_at AND w.date_start <= t.now)
                    OR (w.date_end > v.changed_at AND w.date_end <= t.now))
      OR EXISTS (SELECT 1 FROM advertisements w
                 WHERE (w.date_start > v.changed_at AND w.date_start <= t.now)
                    OR (w.date_end > v.changed_at AND w.date_end <= t.now)))
    RETURNING v.version::text AS version`);
  const row = result.rows[0];
  return row ? String(row.version) : null;
}

/** What {@link watchTimeEdges} reports after a check that found an edge. */
export interface TimeEdgeReport {
  /** The business day (yyyy-mm-dd, Europe/Brussels) when it began since the last check, else null. */
  businessDay: string | null;
  /** The new catalogue version, or null when no edge was passed (the day's refresh may have moved it). */
  version: string | null;
}

/**
 * Checks for time edges every `intervalMs` ({@link TIME_EDGE_CHECK_MS}): when the business day
 * changed since the last check (or since `startDay`, the day the api prepared its prices for at
 * start), `onNewBusinessDay(day)` runs first (the api refreshes the stored prices of the day);
 * then {@link bumpOnTimeEdge}. Checks never overlap; a failed check is reported to `onError` and
 * the next one tries again (the day's refresh too). `onEdge` hears of each check that did
 * something. Returns a stop function that waits for a running check.
 */
export function watchTimeEdges(
  db: Db,
  opts: {
    intervalMs?: number;
    startDay?: string;
    onNewBusinessDay?: (day: string) => Promise<void>;
    onEdge?: (report: TimeEdgeReport) => void;
    onError?: (err: unknown) => void;
    now?: () => Date;
  } = {},
): () => Promise<void> {
  const now = opts.now ?? (() => new Date());
  let day = opts.startDay ?? businessDate(now());
  let running: Promise<void> | null = null;
  const check = async (): Promise<void> => {
    const at = now();
    const today = businessDate(at);
    let businessDay: string | null = null;
    if (today !== day) {
      await opts.onNewBusinessDay?.(today);
      day = today;
      businessDay = today;
    }
    const version = await bumpOnTimeEdge(db, at);
    if (businessDay !== null || version !== null) opts.onEdge?.({ businessDay, version });
  };
  const tick = () => {
    if (running) return;
    running = check()
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, opts.intervalMs ?? TIME_EDGE_CHECK_MS);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
