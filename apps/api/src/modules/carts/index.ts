/**
 * Public surface of the carts module: carts and their lines, transactions, carriers and pickup
 * sites (`carts`, `cart_lines`, `cart_transactions`, `carriers`, `pickup_sites`). Other modules
 * import only this file.
 *
 * - Cart operations: `currentCart`, `syncCartView`, `syncCartSummary`, `confirmCart`,
 *   `removeCoupon`, `availableFromState`, `CartActor` (service.ts).
 * - Who acts on the cart in a request: `actorOf` (routes.ts).
 * - Prices and dates: `loadPrices`, `businessToday` (pricing.ts).
 * - Totals on the wire: `toWireTotals` (totals-wire.ts).
 * - Carrier lines: `orderCarrierName`, `HANDLING_FEE_NAME`, the seeded carriers' `CARRIER_TEXTS`
 *   (carrier-text.ts).
 */
export {
  availableFromState,
  confirmCart,
  currentCart,
  removeCoupon,
  syncCartSummary,
  syncCartView,
  type CartActor,
} from './service.ts';
export { actorOf } from './routes.ts';
export { businessToday, loadPrices } from './pricing.ts';
export { toWireTotals } from './totals-wire.ts';
export { CARRIER_TEXTS, HANDLING_FEE_NAME, deliveryCarrierName, orderCarrierName } from './carrier-text.ts';
