/**
 * The one-statement cart sync (docs/decisions/cart-sync-performance.md) against the reference
 * path (`applySync` in a transaction, the implementation before it): a few hundred random syncs —
 * additions, removals, lines emptied and restarted in one batch, options, replays of earlier
 * uuids, duplicates inside a request, unknown and invisible products, stale cart uuids — sent to
 * two customers, one through each path, must give the same answers, the same lines in the same
 * order and the same recorded transactions (exactly once, cart-exactly-once.md).
 *
 * The one statement runs where the cart routes run it (`Database.genericPlans`: one generic plan
 * per statement on PostgreSQL), the reference path on the database (plans chosen by PostgreSQL).
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CART_LINE_QTY_MAX } from '@vetshop/domain';
import type { Database } from '../src/db/client.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import {
  currentCart,
  syncCartSummary,
  syncCartView,
  syncPaths,
  updateCart,
  type SyncInput,
} from '../src/modules/carts/service.ts';
import { createCartActor } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

/** Deterministic pseudo-random numbers (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(databaseTargets())('one-statement cart sync on $name', (target) => {
  let database: Database;
  const visible: number[] = [];
  const regulated: number[] = [];
  let invisible = 0;

  const actor = (
    options: { fn?: 'veterinary' | 'student' | 'pharmacist' | 'wholesaler'; depotNumber?: string } = {},
  ) => createCartActor(database.db, options);

  /** The customer's lines in id order: variant, options, qty. */
  async function lines(customerId: number): Promise<string[]> {
    const r = await database.db.execute<{ variant_id: number; options_key: string; qty: number }>(sql`
      SELECT l.variant_id, l.options_key, l.qty FROM cart_lines l JOIN carts c ON c.id = l.cart_id
      WHERE c.customer_id = ${customerId} AND c.state = 'open' ORDER BY l.id`);
    return r.rows.map((l) => `${l.variant_id} ${l.options_key} ${l.qty}`);
  }

  /** The customer's recorded transactions (uuid, variant, qty), sorted. */
  async function recorded(customerId: number): Promise<string[]> {
    const r = await database.db.execute<{ uuid: string; variant_id: number; qty: number }>(sql`
      SELECT uuid, variant_id, qty FROM cart_transactions WHERE customer_id = ${customerId} ORDER BY uuid`);
    return r.rows.map((t) => `${t.uuid} ${t.variant_id} ${t.qty}`);
  }

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_cart_one_statement_test', 4));
    await insertFixture(database.db);
    await seedCarriers(database.db);
    const rows = await database.db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0
        AND p.flags = '{}'::jsonb AND cardinality(p.allowed_partner_types) = 0
      ORDER BY v.id LIMIT 7`);
    visible.push(...rows.rows.slice(0, 4).map((r) => Number(r.id)));
    regulated.push(...rows.rows.slice(4).map((r) => Number(r.id)));
    // Three regulated products (docs/decisions/regulated-products.md): a prescription medicine,
    // a narcotic, one sold to pharmacists only.
    const flags = [{ meds: true, prescription: true }, { meds: true, narcotic_vet: true }, { food: true }];
    for (const [i, id] of regulated.entries())
      await database.db.execute(sql`
        UPDATE products SET flags = ${JSON.stringify(flags[i])}::jsonb,
          allowed_partner_types = ${i === 2 ? sql`ARRAY['pharmacist']::text[]` : sql`'{}'::text[]`}
        WHERE id = (SELECT product_id FROM product_variants WHERE id = ${id})`);
    const hidden = await database.db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE p.not_sold_on_website OR cardinality(p.vet_group_ids) > 0 ORDER BY v.id LIMIT 1`);
    invisible = Number(hidden.rows[0]?.id ?? 0);
    expect(visible).toHaveLength(4);
    expect(regulated).toHaveLength(3);
  });

  afterAll(async () => {
    await database?.close();
  });

  /** Where the cart routes sync (carts/routes.ts): the generic-plan connections, else the database. */
  const hot = () => database.genericPlans ?? database.db;

  it('syncs on connections that keep one generic plan, and only there', async () => {
    const mode = async (db: typeof database.db) =>
      (await db.execute<{ mode: string }>(sql`SELECT current_setting('plan_cache_mode') AS mode`)).rows[0]
        ?.mode;
    if (target.name === 'postgres') {
      expect(await mode(hot())).toBe('force_generic_plan');
      // The search needs plans made for its values (executeForValues): never on these connections.
      expect(await mode(database.db)).toBe('auto');
    } else expect(hot()).toBe(database.db);
  });

  it('gives the answers, lines and records of the reference path over 300 random syncs', async () => {
    const fast = await actor();
    const reference = await actor();
    const next = random(20261124);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const products = [...visible, visible[0]!, visible[1]!, 999_999_999, ...(invisible ? [invisible] : [])];
    const optionsList: Record<string, unknown>[] = [{}, {}, { size: 'M' }, { colour: 'red', size: 'M' }];
    const sent: SyncInput['transactions'][number][] = [];
    const before = { ...syncPaths };
    let counter = 0;
    let uuidFast: string | null = null;
    let uuidReference: string | null = null;
    for (let round = 0; round < 300; round += 1) {
      const transactions: SyncInput['transactions'][number][] = [];
      const size = 1 + Math.floor(next() * 6);
      for (let i = 0; i < size; i += 1) {
        const roll = next();
        if (roll < 0.12 && sent.length > 0)
          transactions.push(pick(sent)); // replay of an earlier uuid
        else if (roll < 0.18 && transactions.length > 0)
          transactions.push(pick(transactions)); // duplicate
        else {
          const qty = next() < 0.35 ? -(1 + Math.floor(next() * 6)) : 1 + Math.floor(next() * 5);
          const options = pick(optionsList);
          counter += 1;
          transactions.push({ uuid: `r${counter}`, product_id: pick(products), qty, options });
        }
      }
      sent.push(...transactions);
      // The client's stored uuid: the open cart's, null, or an unknown one.
      const stale = next() < 0.1;
      const a = await syncCartSummary(hot(), fast, {
        uuid: stale ? null : uuidFast,
        transactions,
      });
      const b = await syncCartSummary(
        database.db,
        reference,
        { uuid: stale ? null : uuidReference, transactions },
        { path: 'reference' },
      );
      expect(a === null, `round ${round}`).toBe(b === null);
      if (!a || !b) continue;
      expect({ lines_count: a.lines_count, applied: a.applied }, `round ${round}`).toEqual({
        lines_count: b.lines_count,
        applied: b.applied,
      });
      uuidFast = a.uuid;
      uuidReference = b.uuid;
      expect(await lines(fast.customerId), `round ${round}`).toEqual(await lines(reference.customerId));
    }
    expect(await recorded(fast.customerId)).toEqual(await recorded(reference.customerId));
    // The one statement answered (nearly) every sync: no concurrency here, only the first sync
    // of each customer (no open cart yet) takes the reference path.
    expect(syncPaths.oneStatement - before.oneStatement).toBeGreaterThanOrEqual(295);
    // The line count of the summary is the cart's quantity.
    const total = (await lines(fast.customerId)).reduce((s, l) => s + Number(l.split(' ').at(-1)), 0);
    const last = await syncCartSummary(hot(), fast, { uuid: uuidFast, transactions: [] });
    expect(last?.lines_count).toBe(total);
  }, 300_000);

  it('refuses regulated additions as the reference path does, for each kind of customer', async () => {
    const next = random(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const kinds = [
      { fn: 'veterinary' as const, depotNumber: 'D-1' },
      { fn: 'veterinary' as const },
      { fn: 'student' as const },
      { fn: 'pharmacist' as const },
      { fn: 'wholesaler' as const },
    ];
    for (const kind of kinds) {
      const fast = await actor(kind);
      const reference = await actor(kind);
      for (let round = 0; round < 25; round += 1) {
        const transactions = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, i) => ({
          uuid: `${kind.fn}-${kind.depotNumber ?? ''}-${round}-${i}`,
          product_id: pick([...regulated, visible[0]!]),
          qty: next() < 0.3 ? -1 : 1 + Math.floor(next() * 3),
          options: {},
        }));
        const a = await syncCartSummary(hot(), fast, { uuid: null, transactions });
        const b = await syncCartSummary(
          database.db,
          reference,
          { uuid: null, transactions },
          { path: 'reference' },
        );
        const answer = (x: typeof a) =>
          x && { lines_count: x.lines_count, applied: x.applied, refused: x.refused };
        expect(answer(a), `${kind.fn} round ${round}`).toEqual(answer(b));
        expect(await lines(fast.customerId)).toEqual(await lines(reference.customerId));
      }
    }
  }, 300_000);

  it('refuses a line above the maximum whole on both paths, recording nothing', async () => {
    for (const path of ['fast', 'reference'] as const) {
      const who = await actor();
      await syncCartSummary(database.db, who, {
        uuid: null,
        transactions: [{ uuid: 'a', product_id: visible[0]!, qty: 5, options: {} }],
      });
      const tooMany = {
        uuid: null,
        transactions: [
          { uuid: 'b', product_id: visible[1]!, qty: 2, options: {} },
          { uuid: 'c', product_id: visible[0]!, qty: CART_LINE_QTY_MAX, options: {} },
        ],
      };
      await expect(syncCartSummary(database.db, who, tooMany, { path })).rejects.toMatchObject({
        code: 'line_qty_max',
      });
      expect(await lines(who.customerId)).toEqual([`${visible[0]} {} 5`]);
      expect(await recorded(who.customerId)).toEqual([`a ${visible[0]} 5`]);
    }
  });

  it('answers the same priced cart on both paths', async () => {
    const a = await actor();
    const b = await actor();
    const input: SyncInput = {
      uuid: null,
      transactions: [
        { uuid: 'p1', product_id: visible[0]!, qty: 3, options: {} },
        { uuid: 'p2', product_id: visible[1]!, qty: 2, options: {} },
        { uuid: 'p3', product_id: visible[0]!, qty: -3, options: {} },
        { uuid: 'p4', product_id: visible[0]!, qty: 1, options: {} },
      ],
    };
    await syncCartView(database.db, a, {
      uuid: null,
      transactions: [{ uuid: 'p0', product_id: visible[2]!, qty: 1, options: {} }],
    });
    await syncCartView(
      database.db,
      b,
      { uuid: null, transactions: [{ uuid: 'p0', product_id: visible[2]!, qty: 1, options: {} }] },
      { path: 'reference' },
    );
    const fastCart = await syncCartView(hot(), a, input);
    const referenceCart = await syncCartView(database.db, b, input, { path: 'reference' });
    const shape = (c: typeof fastCart) =>
      c?.lines.map((l) => ({ product_id: l.product_id, qty: l.qty, price: l.price_unit_discounted }));
    expect(shape(fastCart)).toEqual(shape(referenceCart));
    expect(
      shape(fastCart)
        ?.filter((l) => l.qty > 0)
        .map((l) => l.product_id),
    ).toContain(visible[0]);
  });

  it('starts its priced answer from the cart row the statement locked: the same cart as a fresh read', async () => {
    const a = await actor();
    await syncCartView(hot(), a, {
      uuid: null,
      transactions: [{ uuid: 'r0', product_id: visible[1]!, qty: 2, options: {} }],
    });
    // Fields of the cart row the answer shows: references, note, consent, addresses, carrier.
    await updateCart(database.db, a, {
      client_order_ref: 'PO-4471',
      note: 'Quai 3, sonner',
      made_to_order_consent: true,
    });
    const before = syncPaths.oneStatement;
    const fastCart = await syncCartView(hot(), a, {
      uuid: null,
      transactions: [{ uuid: 'r1', product_id: visible[2]!, qty: 1, options: {} }],
    });
    expect(syncPaths.oneStatement).toBe(before + 1);
    expect(fastCart).toMatchObject({ client_order_ref: 'PO-4471', note: 'Quai 3, sonner' });
    expect(fastCart).toEqual(await currentCart(database.db, a));
  });
});
