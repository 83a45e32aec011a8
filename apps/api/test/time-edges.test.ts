/**
 * The clock's edges move the catalogue version (docs/decisions/catalogue-time-edges.md): another
 * day in Europe/Brussels or in UTC, an info banner's or an advertisement's start or end, each
 * counted once, after the version last moved; and a new business day first refreshes the stored
 * prices, so a discount that ended yesterday is no longer shown from midnight on (it was until the
 * api's hourly price check).
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (database
 * `vetshop_time_edges_test`, recreated).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import {
  bumpOnTimeEdge,
  readCatalogVersion,
  watchTimeEdges,
  type TimeEdgeReport,
} from '../src/modules/catalog-version/index.ts';
import { refreshPricesIfStale, refreshVariantPrices } from '../src/modules/catalog-import/index.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

describe.each(databaseTargets())('catalogue time edges on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_time_edges_test', 4));
    await insertFixture(database.db);
  });

  afterAll(async () => {
    await database?.close().catch(() => undefined);
  });

  const version = async (): Promise<string> => (await readCatalogVersion(database.db))!;
  /** Sets the moment the version last moved (a write since would have moved it again). */
  const movedAt = (iso: string) =>
    database.db.execute(sql`UPDATE catalog_version SET changed_at = ${iso}::timestamptz WHERE id = 1`);
  const at = (iso: string) => new Date(iso);

  it('bumps at the start and at the end of an info banner, once each', async () => {
    await database.db.execute(sql`DELETE FROM info_banners`);
    await database.db.execute(sql`
      INSERT INTO info_banners (date_start, date_end, html)
      VALUES ('2026-12-02T10:00:10Z', '2026-12-02T10:01:40Z', '{"fr": "<p>Fermé</p>"}')`);
    await movedAt('2026-12-02T10:00:00Z');
    const before = await version();
    expect(await bumpOnTimeEdge(database.db, at('2026-12-02T10:00:05Z'))).toBeNull();
    const started = await bumpOnTimeEdge(database.db, at('2026-12-02T10:00:15Z'));
    expect(started).toBe(String(BigInt(before) + 1n));
    // A second process checking the same moment finds the edge already counted.
    expect(await bumpOnTimeEdge(database.db, at('2026-12-02T10:00:15Z'))).toBeNull();
    expect(await bumpOnTimeEdge(database.db, at('2026-12-02T10:00:50Z'))).toBeNull();
    expect(await bumpOnTimeEdge(database.db, at('2026-12-02T10:02:00Z'))).toBe(String(BigInt(before) + 2n));
    expect(await bumpOnTimeEdge(database.db, at('2026-12-02T10:05:00Z'))).toBeNull();
    expect(await version()).toBe(String(BigInt(before) + 2n));
  });

  it('bumps at the start of an advertisement, and not for a window that lies wholly before', async () => {
    await database.db.execute(sql`DELETE FROM advertisements`);
    await database.db.execute(sql`
      INSERT INTO advertisements (name, date_start, date_end)
      VALUES ('winter', '2026-12-02T12:00:00Z', '2026-12-09T12:00:00Z'),
             ('autumn', '2026-11-01T12:00:00Z', '2026-11-30T12:00:00Z')`);
    await movedAt('2026-12-02T11:00:00Z');
    expect(await bumpOnTimeEdge(database.db, at('2026-12-02T11:59:59Z'))).toBeNull();
    expect(await bumpOnTimeEdge(database.db, at('2026-12-02T12:00:00Z'))).not.toBeNull();
  });

  it('bumps when the day changes in Brussels and when it changes in UTC', async () => {
    // 23:59 in Brussels (UTC+1) → 00:00:30 the next day in Brussels, still 1 December in UTC.
    await movedAt('2026-12-01T22:59:00Z');
    expect(await bumpOnTimeEdge(database.db, at('2026-12-01T22:59:50Z'))).toBeNull();
    expect(await bumpOnTimeEdge(database.db, at('2026-12-01T23:00:30Z'))).not.toBeNull();
    // Midnight UTC (01:00 in Brussels, the same business day).
    expect(await bumpOnTimeEdge(database.db, at('2026-12-01T23:59:59Z'))).toBeNull();
    expect(await bumpOnTimeEdge(database.db, at('2026-12-02T00:00:01Z'))).not.toBeNull();
    // Summer time: Brussels is UTC+2, its midnight is 22:00 UTC.
    await movedAt('2026-06-30T21:59:00Z');
    expect(await bumpOnTimeEdge(database.db, at('2026-06-30T22:00:30Z'))).not.toBeNull();
  });

  it('refreshes the stored prices when the business day begins, then moves the version', async () => {
    // A discounted variant whose dated discount ends on 1 December.
    const row = (
      await database.db.execute<{ variant_id: number }>(sql`
        SELECT d.variant_id FROM discounts d
        WHERE d.min_quantity = 0 AND d.discount_bp > 0 ORDER BY d.variant_id LIMIT 1`)
    ).rows[0]!;
    const variantId = Number(row.variant_id);
    await database.db.execute(
      sql`UPDATE discounts SET date_end = '2026-12-01' WHERE variant_id = ${variantId}`,
    );
    await database.db.execute(
      sql`UPDATE supplier_terms SET date_end = '2026-12-01' WHERE variant_id = ${variantId}`,
    );
    await refreshVariantPrices(database.db, '2026-12-01');
    const stored = async () =>
      (
        await database.db.execute<{ net: number; gross: number; has: boolean; on: string }>(sql`
          SELECT vp.net_cents AS net, vp.gross_cents AS gross, vp.has_discount AS has,
                 vp.computed_on::text AS on
          FROM variant_prices vp JOIN price_lists pl ON pl.id = vp.price_list_id
          WHERE vp.variant_id = ${variantId} AND pl.code = 'default'`)
      ).rows[0]!;
    const onFirst = await stored();
    expect(onFirst.has).toBe(true);
    expect(Number(onFirst.net)).toBeLessThan(Number(onFirst.gross));

    await movedAt('2026-12-01T22:59:50Z');
    const before = await version();
    let clock = at('2026-12-01T22:59:55Z'); // 23:59:55 in Brussels
    const days: string[] = [];
    const reports: TimeEdgeReport[] = [];
    const errors: unknown[] = [];
    const watch = (startDay?: string) =>
      watchTimeEdges(database.db, {
        intervalMs: 3_600_000,
        startDay,
        now: () => clock,
        onNewBusinessDay: async (day) => {
          days.push(day);
          await refreshPricesIfStale(database.db, day);
        },
        onEdge: (report) => reports.push(report),
        onError: (err) => errors.push(err),
      });
    const stop = watch();
    await stop(); // the first check, at start: nothing to do before midnight
    expect(days).toEqual([]);
    expect(reports).toEqual([]);
    expect(await version()).toBe(before);

    clock = at('2026-12-01T23:00:05Z'); // 00:00:05 on 2 December in Brussels
    const stopNext = watch('2026-12-01');
    await stopNext();
    expect(days).toEqual(['2026-12-02']);
    const onSecond = await stored();
    expect(onSecond.on).toBe('2026-12-02');
    expect(onSecond.has).toBe(false);
    expect(Number(onSecond.net)).toBe(Number(onSecond.gross));
    // The refreshed prices moved the version (their triggers); the day's edge is counted too.
    expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    expect(reports).toHaveLength(1);
    expect(reports[0]!.businessDay).toBe('2026-12-02');
    expect(errors).toEqual([]);
  });
});
