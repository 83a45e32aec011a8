import { describe, expect, it } from 'vitest';
import { leaseLocks } from './locks';

class MemoryStorage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('leaseLocks (localStorage fallback of the one-sync-at-a-time rule, docs/product/cart-and-checkout.md#sync)', () => {
  it('two tabs never hold the lease at once, and it is released after each task', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const tabA = leaseLocks(storage);
    const tabB = leaseLocks(storage);
    let holders = 0;
    let max = 0;
    const task = (label: string, order: string[]) => async () => {
      holders += 1;
      max = Math.max(max, holders);
      order.push(label);
      await new Promise((r) => setTimeout(r, 60));
      holders -= 1;
      return label;
    };
    const order: string[] = [];
    const results = await Promise.all([tabA('sync', task('a', order)), tabB('sync', task('b', order))]);
    expect(results).toEqual(['a', 'b']);
    expect(max).toBe(1);
    expect(order).toHaveLength(2);
    expect(storage.getItem('lease:sync')).toBeNull();
  });

  it('takes over an expired lease left by a closed tab', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    storage.setItem('lease:sync', JSON.stringify({ owner: 'gone', until: Date.now() - 1 }));
    await expect(leaseLocks(storage)('sync', async () => 'ran')).resolves.toBe('ran');
  });
});
