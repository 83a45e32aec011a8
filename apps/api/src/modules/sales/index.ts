/**
 * Public surface of the sales module: sales, their lines, pickings and invoices (`sales`,
 * `sale_lines`, `pickings`, `invoices`). Other modules import only this file.
 *
 * - Read a sale: `findSale`, `getSaleDetail`, `saleAddressOf`, `saleAddressLines`, `saleTotals`, `totalsOfLines`,
 *   `lineAmountFor` (sale-read.ts, sale-totals.ts, through service.ts); `hasUninvoicedDelivery`
 *   (history.ts).
 * - Change a sale: `addPicking` (pickings.ts), `creditCanceledBackorder` (invoicing.ts), through
 *   service.ts.
 */
export {
  addPicking,
  creditCanceledBackorder,
  findSale,
  getSaleDetail,
  lineAmountFor,
  saleAddressLines,
  saleAddressOf,
  saleTotals,
  totalsOfLines,
} from './service.ts';
export { hasUninvoicedDelivery } from './history.ts';
