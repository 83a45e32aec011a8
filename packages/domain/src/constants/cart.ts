/**
 * Limits of the cart contracts without zod, so browser code (cart store, quantity inputs) can
 * import them without shipping the contracts (docs/decisions/web-page-performance.md,
 * "Browser bundle").
 */
/** Largest absolute quantity a single transaction may carry. */
export const CART_TRANSACTION_QTY_MAX = 100_000;

/** Largest number of transactions in one sync request. */
export const CART_SYNC_BATCH_MAX = 500;
/**
 * Largest quantity of one cart line (docs/decisions/order-limits.md): a sync that would take a
 * line above it is refused whole (400 `line_qty_max`, "The quantity must be between 1 and {max}").
 */
export const CART_LINE_QTY_MAX = 99_999;
/**
 * Largest order total, cents incl. VAT (1,000,000 EUR; docs/decisions/order-limits.md): a cart above
 * it cannot be confirmed (blocker `amount_too_large`); every stored amount stays far inside 32 bits.
 */
export const ORDER_TOTAL_MAX_CENTS = 100_000_000;
/** Line options: at most this many characters of JSON and this nesting depth (400 otherwise). */
export const CART_OPTIONS_MAX_CHARS = 2_000;
export const CART_OPTIONS_MAX_DEPTH = 4;
/**
 * Largest order-import file, MB (docs/product/customer-area.md#order-import: 'The file cannot
 * exceed {mb} MB'); here, not beside the import's answer schema, so the dashboard's import form
 * does not ship zod.
 */
export const ORDER_IMPORT_MAX_MB = 1;
