/**
 * Orders (sales) of a customer and the staff operations on them (docs/product/orders-and-documents.md#order, docs/product/orders-and-documents.md#picking, docs/product/orders-and-documents.md#documents,
 * docs/product/orders-and-documents.md#order-states and progress, docs/product/orders-and-documents.md#sales-calls),
 * re-exported for the files that import them from here (index.ts, routes.ts, history.ts and the
 * api tests). The code lives in:
 *
 * - sale-rows.ts: the row types, `Tx`, the sale lock and the `lines` map of staff requests;
 * - sale-read.ts: reads scoped by customer (`listSales`, `findSale`, `getSaleDetail`, summaries);
 * - sale-totals.ts: line amounts, VAT and the accountant's totals (`totalsOfLines`, `saleTotals`);
 * - pickings.ts: staff state moves and pickings (`setSaleState`, `addPicking`);
 * - invoicing.ts: invoices and credit notes (`createInvoice`, `createCreditNote`,
 *   `creditCanceledBackorder`).
 */
export type { Tx } from './sale-rows.ts';
export {
  findSale,
  getSaleDetail,
  invoiceSummary,
  listSales,
  saleAddressLines,
  saleAddressOf,
  toSummary,
} from './sale-read.ts';
export { lineAmountFor, saleTotals, totalsOfLines, vatOf } from './sale-totals.ts';
export { addPicking, setSaleState } from './pickings.ts';
export { createCreditNote, createInvoice, creditCanceledBackorder } from './invoicing.ts';
