/**
 * Pure helpers of the staff back office screens (docs/product/back-office.md#staff-back-office): list paging from
 * the URL, the order state moves staff may make and the quantities left to deliver. Unit-tested
 * (staff-list.test.ts); safe on the server and in the browser.
 */
import type { SaleLine } from '@vetshop/domain';

/** Page sizes of the staff lists (the api accepts 1 to 100 rows). */
export const STAFF_PAGE_SIZES = [10, 20, 50, 100] as const;
/** Default page size of the staff lists (the api's default). */
export const STAFF_DEFAULT_PAGE_SIZE = 20;

type Param = string | string[] | undefined;

/** The first value of a search parameter, trimmed ('' when absent). */
export function param(value: Param): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** `page` (1 to 100000, default 1) and `per_page` (one of STAFF_PAGE_SIZES, default 20) of a staff list URL. */
export function staffPaging(query: { page?: Param; per_page?: Param }): { page: number; perPage: number } {
  const page = Number(param(query.page));
  const size = Number(param(query.per_page));
  return {
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    perPage: (STAFF_PAGE_SIZES as readonly number[]).includes(size) ? size : STAFF_DEFAULT_PAGE_SIZE,
  };
}

/** The 1-based 'from–to' rows of a page of `perPage` rows out of `total` ({0, 0} when the page is empty). */
export function rowWindow(page: number, perPage: number, total: number): { from: number; to: number } {
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  return from > to ? { from: 0, to: 0 } : { from, to };
}

/** Next states staff may choose from `state` (the api: pending → processing | cancel, processing → cancel). */
export function nextStates(state: string): string[] {
  if (state === 'pending') return ['processing', 'cancel'];
  if (state === 'processing') return ['cancel'];
  return [];
}

/** Remaining quantity of a product line: ordered − canceled − delivered (never negative). */
export function remainingQty(line: Pick<SaleLine, 'qty' | 'qty_canceled' | 'qty_delivered'>): number {
  return Math.max(0, line.qty - line.qty_canceled - line.qty_delivered);
}

/** Quantities per sale line id from form entries named `qty-<lineId>`, keeping only whole numbers > 0. */
export function lineQuantities(entries: Iterable<[string, unknown]>): Record<string, number> {
  const lines: Record<string, number> = {};
  for (const [key, value] of entries) {
    if (!/^qty-\d{1,9}$/.test(key) || typeof value !== 'string') continue;
    const qty = Number(value);
    if (Number.isInteger(qty) && qty > 0) lines[key.slice(4)] = qty;
  }
  return lines;
}
