/**
 * Pure helpers of the order history pages (docs/decisions/order-history.md): the search of the
 * orders list read from the page URL, the links keeping it, how an order line is named, and the
 * "order again" plan (which lines go back to the cart, which are skipped). Unit-tested
 * (order-history.test.ts).
 */
import { salesSearchFields, type SaleLine, type SalesSearch } from '@vetshop/domain';
import { lineTitle } from './line-title';

type Param = string | string[] | undefined;
const first = (v: Param) => (Array.isArray(v) ? v[0] : v);

/** The search of the orders list as the page understood it. */
export interface OrderSearch {
  /** Valid fields only (what is sent to GET /orders); absent = no filter. */
  search: SalesSearch;
  /** The fields as typed (to refill the form), trimmed. */
  typed: Required<Record<keyof SalesSearch, string>>;
  /** Fields left out because invalid: `date_from`, `date_to` (bad date or range reversed), `q`, `product`. */
  invalid: (keyof SalesSearch)[];
}

const FIELDS = ['q', 'product', 'date_from', 'date_to'] as const;

/**
 * Reads `q`, `product`, `date_from`, `date_to` of the page's search params with the api's own
 * rules (@vetshop/domain salesSearchFields: text ≤ 100 characters, real yyyy-mm-dd dates); an
 * invalid field is left out of `search` and named in `invalid`, so the page never sends a request
 * the api refuses. A range whose start is after its end drops `date_to`.
 */
export function parseOrderSearch(params: Partial<Record<keyof SalesSearch, Param>>): OrderSearch {
  const search: SalesSearch = {};
  const invalid: (keyof SalesSearch)[] = [];
  const typed = { q: '', product: '', date_from: '', date_to: '' };
  for (const field of FIELDS) {
    const raw = (first(params[field]) ?? '').trim();
    typed[field] = raw;
    const parsed = salesSearchFields[field].safeParse(raw);
    if (!parsed.success) invalid.push(field);
    else if (parsed.data) search[field] = parsed.data;
  }
  if (search.date_from && search.date_to && search.date_from > search.date_to) {
    delete search.date_to;
    invalid.push('date_to');
  }
  return { search, typed, invalid };
}

/** Whether any search field is in use (typed, valid or not). */
export function hasSearch(s: OrderSearch): boolean {
  return FIELDS.some((f) => s.typed[f] !== '');
}

/** The valid search fields as URL params of the list links (pages keep the search). */
export function searchParamsOf(search: SalesSearch): Record<string, string | undefined> {
  return { q: search.q, product: search.product, date_from: search.date_from, date_to: search.date_to };
}

/** One cart addition of an "order again". */
export interface ReorderItem {
  product_id: number;
  qty: number;
  /** Name shown by the cart until the server cart names it ("Product — pack size"). */
  name: string;
  url_key: string | null;
}

/** The line fields "order again" needs. */
export type ReorderLine = Pick<
  SaleLine,
  | 'product_id'
  | 'qty'
  | 'name'
  | 'product_name'
  | 'variant_name'
  | 'sku'
  | 'url_key'
  | 'orderable'
  | 'is_delivery'
  | 'is_free'
>;

/**
 * The "order again" plan of `lines` (the whole order, or one line): product lines whose product
 * can still be ordered go to the cart with their ordered quantity (lines of the same product
 * summed); product lines that cannot (no longer sold, not visible to the customer, removed from
 * the catalogue) are `skipped` with their name; fee lines and free lines are ignored.
 */
export function reorderPlan(lines: readonly ReorderLine[]): { add: ReorderItem[]; skipped: string[] } {
  const add = new Map<number, ReorderItem>();
  const skipped: string[] = [];
  for (const line of lines) {
    // Free units of a supplier promotion come again with the paid ones (docs/decisions/supplier-promotions.md).
    if (line.is_delivery || line.is_free || line.qty <= 0) continue;
    const title = lineTitle(line);
    const name = title.variant ? `${title.product} — ${title.variant}` : title.product;
    if (line.product_id === null || !line.orderable) {
      skipped.push(name);
      continue;
    }
    const seen = add.get(line.product_id);
    if (seen) seen.qty += line.qty;
    else
      add.set(line.product_id, { product_id: line.product_id, qty: line.qty, name, url_key: line.url_key });
  }
  return { add: [...add.values()], skipped };
}
