/**
 * Order (sale) rules shared by the API and the web app: states and progress (docs/product/orders-and-documents.md), sale
 * channels (docs/product/orders-and-documents.md#order), the sales page size (docs/product/constants.md), document types (docs/product/orders-and-documents.md#documents) and the
 * Belgian structured communication of bank transfers (OGM/VCS).
 */

/** Order states (docs/product/orders-and-documents.md#order-states and progress"). */
export const ORDER_STATES = ['cancel', 'pending', 'processing', 'delivery_partial', 'delivery_full'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

const PROGRESS: Record<OrderState, number> = {
  cancel: 0,
  pending: 30,
  processing: 50,
  delivery_partial: 70,
  delivery_full: 100,
};

/**
 * Progress of an order in percent (docs/product/orders-and-documents.md): cancel 0, pending 30, processing 50, delivery_partial 70,
 * delivery_full 100, any other value 0.
 */
export function orderProgress(state: string): number {
  return Object.hasOwn(PROGRESS, state) ? PROGRESS[state as OrderState] : 0;
}

/** Whether `state` is one of the known order states. */
export function isOrderState(state: string): state is OrderState {
  return (ORDER_STATES as readonly string[]).includes(state);
}

/** Sale channels (docs/product/orders-and-documents.md#order); `all` is the filter value meaning "no filter". */
export const SALE_CHANNELS = ['all', 'fax', 'mail', 'phone', 'web'] as const;
export type SaleChannel = (typeof SALE_CHANNELS)[number];

/** Sales list defaults (docs/product/constants.md#search-and-list-sizes: default page size 10, default page 1). */
export const SALES_DEFAULT_PAGE_SIZE = 10;
export const SALES_DEFAULT_PAGE = 1;

/** Document types (docs/product/orders-and-documents.md#documents). */
export const DOCUMENT_TYPES = [
  'order_confirmation',
  'delivery_note',
  'invoice',
  'credit_note',
  'price_list',
  'promotions',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Payment modes of an order (sales.payment_mode). */
export const PAYMENT_MODES = ['on_account', 'bank_transfer', 'card'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * Belgian structured communication ("+++123/4567/89002+++") of the number `n` (0 ≤ n < 10^10,
 * integer): the 10 digits of `n` zero-padded, then two check digits = n mod 97 (97 when 0).
 * Throws a RangeError for anything else.
 */
export function structuredCommunication(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e10) {
    throw new RangeError('structured communication base must be an integer in [0, 10^10)');
  }
  const base = String(n).padStart(10, '0');
  const check = n % 97 === 0 ? 97 : n % 97;
  const digits = base + String(check).padStart(2, '0');
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}

/**
 * Whether `s` is a valid Belgian structured communication: "+++ddd/dddd/ddddd+++" (or with "***")
 * whose last two digits are the check digits of the first ten.
 */
export function isStructuredCommunication(s: string): boolean {
  const match = /^(\+\+\+|\*\*\*)(\d{3})\/(\d{4})\/(\d{5})\1$/.exec(s.trim());
  if (!match) return false;
  const digits = `${match[2]}${match[3]}${match[4]}`;
  const base = Number(digits.slice(0, 10));
  const check = Number(digits.slice(10));
  return check === (base % 97 === 0 ? 97 : base % 97);
}
