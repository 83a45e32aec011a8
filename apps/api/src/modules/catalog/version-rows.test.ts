import { describe, expect, it } from 'vitest';
import { VersionedRows } from './version-rows.ts';

type Row = { id: number; name: string };

/** A reader over `names` (id → name) that records the ids it was asked. */
function reader(names: Map<number, string>) {
  const asked: number[][] = [];
  const read = async (ids: number[]): Promise<Row[]> => {
    asked.push(ids);
    // In another order than asked, as a statement may answer.
    return ids
      .filter((id) => names.has(id))
      .map((id) => ({ id, name: names.get(id) ?? '' }))
      .reverse();
  };
  return { asked, read };
}

describe('VersionedRows', () => {
  const db = {};

  it('reads only the rows it does not keep, and answers in the order of the ids', async () => {
    const rows = new VersionedRows<Row>(100);
    const { asked, read } = reader(
      new Map([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ]),
    );
    expect(await rows.rowsOf(db, '7', 'fr', [2, 1], read)).toEqual([
      { id: 2, name: 'b' },
      { id: 1, name: 'a' },
    ]);
    expect(await rows.rowsOf(db, '7', 'fr', [3, 1, 2], read)).toEqual([
      { id: 3, name: 'c' },
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(asked).toEqual([[2, 1], [3]]);
    expect(await rows.rowsOf(db, '7', 'fr', [1, 2, 3], read)).toHaveLength(3);
    expect(asked).toHaveLength(2);
  });

  it('never answers a row of another version, scope or database, nor without a version', async () => {
    const rows = new VersionedRows<Row>(100);
    const names = new Map([[1, 'old']]);
    const { asked, read } = reader(names);
    await rows.rowsOf(db, '7', 'fr', [1], read);
    names.set(1, 'new');
    expect(await rows.rowsOf(db, '8', 'fr', [1], read)).toEqual([{ id: 1, name: 'new' }]);
    expect(await rows.rowsOf(db, '7', 'nl', [1], read)).toEqual([{ id: 1, name: 'new' }]);
    expect(await rows.rowsOf({}, '7', 'fr', [1], read)).toEqual([{ id: 1, name: 'new' }]);
    expect(await rows.rowsOf(db, null, 'fr', [1], read)).toEqual([{ id: 1, name: 'new' }]);
    expect(await rows.rowsOf(db, null, 'fr', [1], read)).toEqual([{ id: 1, name: 'new' }]);
    expect(asked).toHaveLength(6);
    // Without a version too, the rows come in the order of the ids.
    names.set(2, 'two');
    expect((await rows.rowsOf(db, null, 'fr', [1, 2], read)).map((r) => r.id)).toEqual([1, 2]);
    names.delete(2);
    // The version it was read at still answers its own row.
    expect(await rows.rowsOf(db, '7', 'fr', [1], read)).toEqual([{ id: 1, name: 'old' }]);
    rows.clear(db);
    expect(await rows.rowsOf(db, '7', 'fr', [1], read)).toEqual([{ id: 1, name: 'new' }]);
  });

  it('leaves out an id without a row and asks it again next time; keeps at most `max` rows', async () => {
    const rows = new VersionedRows<Row>(2);
    const { asked, read } = reader(
      new Map([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ]),
    );
    expect(await rows.rowsOf(db, '7', 'fr', [9, 1], read)).toEqual([{ id: 1, name: 'a' }]);
    expect(await rows.rowsOf(db, '7', 'fr', [9, 1], read)).toEqual([{ id: 1, name: 'a' }]);
    expect(asked).toEqual([[9, 1], [9]]);
    await rows.rowsOf(db, '7', 'fr', [2, 3], read);
    await rows.rowsOf(db, '7', 'fr', [1], read);
    expect(asked.at(-1)).toEqual([1]);
  });

  it('keeps nothing when the read fails', async () => {
    const rows = new VersionedRows<Row>(10);
    await expect(
      rows.rowsOf(db, '7', 'fr', [1], async () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    const { asked, read } = reader(new Map([[1, 'a']]));
    expect(await rows.rowsOf(db, '7', 'fr', [1], read)).toEqual([{ id: 1, name: 'a' }]);
    expect(asked).toEqual([[1]]);
  });
});
