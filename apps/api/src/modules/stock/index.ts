/**
 * Public surface of the stock module: stock levels (`stock_levels`). Other modules import only
 * this file.
 *
 * - Reserve, deliver and release stock of a sale: `reserveSaleStock`, `deliverFromStock`,
 *   `releaseSaleStock`, `releaseCanceledUnits`, `afterStockMove` (service.ts).
 * - Recompute stock states: `syncStockStates` (service.ts).
 */
export {
  afterStockMove,
  deliverFromStock,
  releaseCanceledUnits,
  releaseSaleStock,
  reserveSaleStock,
  syncStockStates,
} from './service.ts';
