/**
 * The business day of the search statements, read once per minute instead of once per statement
 * (docs/decisions/search-performance.md, "Uncached CPU"). How statements are sent (named or
 * planned for their values): db/statements.ts.
 */
import { businessDate } from '@vetshop/domain';

let today: { minute: number; date: string } | null = null;

/**
 * Today's business date (Europe/Brussels, `yyyy-mm-dd`), as `businessDate()`, computed at most
 * once per UTC minute: Brussels' offset to UTC is a whole number of hours, so the business day
 * changes only at the start of a UTC minute and every call within one minute returns the same
 * date. (Building the time-zone formatter costs ~0.3 ms, paid on every search otherwise.)
 */
export function businessDay(now: number = Date.now()): string {
  const minute = Math.floor(now / 60_000);
  if (today?.minute !== minute) today = { minute, date: businessDate(new Date(now)) };
  return today.date;
}
