/**
 * The benchmark data set generator (docs/decisions/scale-proof-figures.md), at the small size on the fixture catalogue:
 * determinism (same seed → same checksum, another seed → another one), referential integrity
 * (variants exist, sale totals = sum of lines, invoices bill delivered units only, backorder lines
 * belong to open orders) and the spread (every function and veterinary group present). On PGlite
 * and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FUNCTIONS } from '@vetshop/domain';
import type { Database, Db } from '../apps/api/src/db/client.ts';
import { insertFixture } from '../apps/api/test/fixtures.ts';
import { testDatabases } from '../apps/api/test/helpers.ts';
import {
  clearDataset,
  datasetChecksum,
  generateDataset,
  SMALL_SIZE,
  type GenerateReport,
} from './dataset-builder.ts';

const TODAY = '2026-11-20';
/** Any string: the generator stores it as every user's password hash. */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$dGVzdHNhbHQ$dGVzdGhhc2g';

async function rows<T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

for (const target of testDatabases()) {
  describe(`dataset generator (${target.name})`, () => {
    let database: Database;
    let db: Db;
    let report: GenerateReport;
    let checksum: string;

    beforeAll(async () => {
      database = await target.open();
      db = database.db;
      await insertFixture(db);
      report = await generateDataset(db, { seed: 1, today: TODAY, size: SMALL_SIZE, passwordHash: HASH });
      checksum = await datasetChecksum(db);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('generates customers, users, orders, documents and backorders', () => {
      const c = report.counts;
      expect(c.customers).toBe(SMALL_SIZE.customers);
      expect(c.users).toBeGreaterThan(c.customers);
      expect(c.addresses).toBeGreaterThanOrEqual(2 * c.customers);
      expect(c.sales).toBeGreaterThan(100);
      expect(c.saleLines).toBeGreaterThan(c.sales);
      expect(c.pickings).toBeGreaterThan(0);
      expect(c.invoices).toBeGreaterThan(0);
      expect(c.backorderLines).toBeGreaterThan(0);
      // Some open lines wait for stock (their variant has none to give), not all of them.
      expect(c.waitingLines).toBeGreaterThan(0);
      expect(c.waitingLines).toBeLessThan(c.backorderLines);
    });

    it('covers every customer function and every veterinary group, with a main invoicing address each', async () => {
      const fns = await rows<{ function: string }>(
        db,
        sql`SELECT DISTINCT function FROM customers WHERE number LIKE '2%' ORDER BY function`,
      );
      expect(fns.map((r) => r.function)).toEqual([...FUNCTIONS].sort());
      const missingGroups = await rows<{ id: number }>(
        db,
        sql`SELECT g.id FROM vet_groups g WHERE NOT EXISTS (
              SELECT 1 FROM users u WHERE g.id = ANY (u.vet_group_ids) AND u.login LIKE '%@dataset.vetshop.be')`,
      );
      expect(missingGroups).toEqual([]);
      const withoutMain = await rows<{ id: number }>(
        db,
        sql`SELECT c.id FROM customers c WHERE c.number LIKE '2%' AND NOT EXISTS (
              SELECT 1 FROM addresses a WHERE a.customer_id = c.id AND a.type = 'invoicing' AND a.is_main)
            OR NOT EXISTS (SELECT 1 FROM addresses a WHERE a.customer_id = c.id AND a.type = 'delivery')`,
      );
      expect(withoutMain).toEqual([]);
      const multiUser = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM (SELECT customer_id FROM users WHERE login LIKE '%@dataset.vetshop.be'
            GROUP BY customer_id HAVING count(*) > 1) x`,
      );
      expect(multiUser[0]?.n).toBeGreaterThan(0);
    });

    it('keeps referential integrity and consistent amounts (VAT per rate) and quantities', async () => {
      const [check] = await rows<Record<string, number>>(
        db,
        sql`SELECT
          (SELECT count(*)::int FROM sale_lines l LEFT JOIN product_variants v ON v.id = l.variant_id
            WHERE NOT l.is_delivery AND v.id IS NULL) AS orphan_lines,
          (SELECT count(*)::int FROM sales s WHERE s.amount_untaxed_cents <>
            (SELECT sum(amount_cents) FROM sale_lines WHERE sale_id = s.id)
            OR s.amount_total_cents <> s.amount_untaxed_cents + s.amount_tax_cents) AS bad_totals,
          (SELECT count(*)::int FROM sales s WHERE s.amount_tax_cents <>
            (SELECT sum(round(b.base::numeric * b.rate / 10000)) FROM (
              SELECT tax_rate_bp AS rate, sum(amount_cents) AS base FROM sale_lines
              WHERE sale_id = s.id GROUP BY tax_rate_bp) b)) AS vat_not_per_rate,
          (SELECT count(*)::int FROM sale_lines WHERE qty_delivered + qty_canceled > qty OR qty <= 0) AS bad_qty,
          (SELECT count(*)::int FROM sales s WHERE s.state = 'delivery_full' AND EXISTS (
            SELECT 1 FROM sale_lines l WHERE l.sale_id = s.id AND NOT l.is_delivery
              AND l.qty_delivered <> l.qty - l.qty_canceled)) AS full_not_delivered,
          (SELECT count(*)::int FROM sales s WHERE s.state IN ('pending', 'processing') AND EXISTS (
            SELECT 1 FROM sale_lines l WHERE l.sale_id = s.id AND l.qty_delivered > 0)) AS open_delivered,
          (SELECT count(*)::int FROM sales s WHERE s.state = 'delivery_partial' AND NOT (
            EXISTS (SELECT 1 FROM sale_lines l WHERE l.sale_id = s.id AND l.qty_delivered > 0) AND
            EXISTS (SELECT 1 FROM sale_lines l WHERE l.sale_id = s.id AND NOT l.is_delivery
                      AND l.qty - l.qty_delivered - l.qty_canceled > 0))) AS bad_partial,
          (SELECT count(*)::int FROM invoices i CROSS JOIN LATERAL jsonb_each_text(i.lines) q
            LEFT JOIN sale_lines l ON l.id = q.key::int AND l.sale_id = i.sale_id
            WHERE i.type = 'invoice' AND (l.id IS NULL
              OR q.value::int > CASE WHEN l.is_delivery THEN l.qty ELSE l.qty_delivered END)) AS over_invoiced,
          (SELECT count(*)::int FROM invoices i CROSS JOIN LATERAL jsonb_each_text(i.lines) q
            JOIN sale_lines l ON l.id = q.key::int
            WHERE i.type = 'credit_note' AND q.value::int > l.qty_delivered) AS over_credited,
          (SELECT count(*)::int FROM pickings p CROSS JOIN LATERAL jsonb_each_text(p.lines) q
            LEFT JOIN sale_lines l ON l.id = q.key::int AND l.sale_id = p.sale_id
            WHERE l.id IS NULL OR q.value::int <> l.qty_delivered) AS bad_pickings,
          (SELECT count(*)::int FROM sale_lines l JOIN sales s ON s.id = l.sale_id
            WHERE l.qty - l.qty_delivered - l.qty_canceled > 0 AND NOT l.is_delivery
              AND s.state IN ('cancel', 'delivery_full')) AS closed_backorders,
          (SELECT count(*)::int FROM sales s JOIN users u ON u.id = s.user_id
            WHERE u.customer_id <> s.customer_id) AS foreign_users`,
      );
      expect(check).toEqual({
        orphan_lines: 0,
        bad_totals: 0,
        vat_not_per_rate: 0,
        bad_qty: 0,
        full_not_delivered: 0,
        open_delivered: 0,
        bad_partial: 0,
        over_invoiced: 0,
        over_credited: 0,
        bad_pickings: 0,
        closed_backorders: 0,
        foreign_users: 0,
      });
    });

    it('has mostly delivered orders and a recent open tail', async () => {
      const states = await rows<{ state: string; n: number; newest: string }>(
        db,
        sql`SELECT state, count(*)::int AS n FROM sales GROUP BY state`,
      );
      const by = Object.fromEntries(states.map((s) => [s.state, s.n]));
      const total = states.reduce((s, r) => s + r.n, 0);
      expect((by.delivery_full ?? 0) / total).toBeGreaterThan(0.8);
      expect((by.pending ?? 0) + (by.processing ?? 0) + (by.delivery_partial ?? 0)).toBeGreaterThan(0);
    });

    it('is deterministic: the same seed gives the same rows, another seed other rows', async () => {
      await clearDataset(db);
      const again = await generateDataset(db, {
        seed: 1,
        today: TODAY,
        size: SMALL_SIZE,
        passwordHash: HASH,
      });
      expect(again.counts).toEqual(report.counts);
      expect(await datasetChecksum(db)).toBe(checksum);
      await clearDataset(db);
      await generateDataset(db, { seed: 2, today: TODAY, size: SMALL_SIZE, passwordHash: HASH });
      expect(await datasetChecksum(db)).not.toBe(checksum);
    });
  });
}
