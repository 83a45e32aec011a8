/**
 * Rows of the catalogue read by product id, kept in process under the catalogue version they were
 * read at (docs/decisions/search-performance.md, "Hit rows kept per catalogue version"): the
 * fields, priced variants and picture of a search hit (search-hits.ts `hitRowsOf`). A product
 * recurs in many answers (the category pages above it, the searches of its words, each sort and
 * page), and its row only changes when something a catalogue page shows changes, which moves the
 * version (catalog-version module); so a row kept under the version a request read is the row the
 * database would give.
 *
 * One lru-cache per database and kind of row (an instance of {@link VersionedRows}), bounded in
 * entries; rows of an older version are never answered and leave as the least recently used.
 * Without a known version (null: the counter could not be read) every row is read afresh.
 */
import { LRUCache } from 'lru-cache';

/** Rows by product id per database, under (catalogue version, scope, id) keys. */
export class VersionedRows<T extends { id: number }> {
  readonly #stores = new WeakMap<object, LRUCache<string, T>>();

  /** @param max rows kept per database at most (least recently used dropped first). */
  constructor(private readonly max: number) {}

  /**
   * The rows of `ids`, in that order, for `db` (an object identifying the database) at catalogue
   * version `version`, within `scope` (what else the row depends on: locale, price list): kept rows
   * first, the others through `read(missing ids)`, whose rows are kept. An id that `read` gives no
   * row for is left out, and asked again next time. Errors: those of `read` (nothing is kept then).
   */
  async rowsOf(
    db: object,
    version: string | null,
    scope: string,
    ids: readonly number[],
    read: (ids: number[]) => Promise<T[]>,
  ): Promise<T[]> {
    // Without a version nothing is kept or answered from the store.
    const store = version === null ? undefined : this.#storeOf(db);
    const keyOf = (id: number): string => `${version}|${scope}|${id}`;
    const found = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = store?.get(keyOf(id));
      if (row === undefined) missing.push(id);
      else found.set(id, row);
    }
    if (missing.length > 0)
      for (const row of await read(missing)) {
        store?.set(keyOf(row.id), row);
        found.set(row.id, row);
      }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** Forgets every row kept for `db` (the import and index rebuild, with the result cache). */
  clear(db: object): void {
    this.#stores.get(db)?.clear();
  }

  #storeOf(db: object): LRUCache<string, T> {
    let store = this.#stores.get(db);
    if (!store) {
      store = new LRUCache<string, T>({ max: this.max });
      this.#stores.set(db, store);
    }
    return store;
  }
}
