/**
 * Cross-tab mutual exclusion for the cart store (docs/product/cart-and-checkout.md#sync "Only one sync runs at a time"): the Web
 * Locks API (`navigator.locks.request`) when the browser has it, else a lease kept in
 * localStorage. The lease is a best effort (localStorage has no compare-and-set): it writes
 * `{owner, until}`, waits a moment and checks it still owns the key; an expired lease (its tab
 * died) is taken over. Exactly-once does not depend on it: the server ignores replayed
 * transaction uuids.
 */

/** Runs `task` while holding the lock `name` (waits for it), and returns its result. */
export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

/** Lease lifetime (ms): longer than a sync request with its timeout. */
export const LEASE_MS = 60_000;
const POLL_MS = 250;
const SETTLE_MS = 40;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The lock runner of a localStorage lease (`storage`, key `lease:<name>`). `now` in ms since the
 * epoch. The lease is renewed every LEASE_MS / 3 while `task` runs and removed when it ends.
 */
export function leaseLocks(storage: Storage, now: () => number = Date.now): LockRunner {
  const owner = Math.random().toString(36).slice(2);
  return async (name, task) => {
    const key = `lease:${name}`;
    const readLease = (): { owner: string; until: number } | null => {
      try {
        const v = JSON.parse(storage.getItem(key) ?? 'null') as { owner?: unknown; until?: unknown } | null;
        return v && typeof v.owner === 'string' && typeof v.until === 'number'
          ? { owner: v.owner, until: v.until }
          : null;
      } catch {
        return null;
      }
    };
    const write = () => storage.setItem(key, JSON.stringify({ owner, until: now() + LEASE_MS }));
    for (;;) {
      const lease = readLease();
      if (!lease || lease.until < now() || lease.owner === owner) {
        write();
        await sleep(SETTLE_MS);
        if (readLease()?.owner === owner) break;
      }
      await sleep(POLL_MS);
    }
    const renew = setInterval(write, LEASE_MS / 3);
    try {
      return await task();
    } finally {
      clearInterval(renew);
      if (readLease()?.owner === owner) storage.removeItem(key);
    }
  };
}

/** Web Locks when available (exclusive, waits in line), else the localStorage lease. */
export function browserLocks(): LockRunner {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return <T>(name: string, task: () => Promise<T>) =>
      locks.request(name, { mode: 'exclusive' }, () => task()) as unknown as Promise<T>;
  }
  return leaseLocks(window.localStorage);
}
