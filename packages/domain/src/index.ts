/** @vetshop/domain: pure business rules and the zod contracts of the API (no I/O). */
export * from './contracts/catalog.ts';
export * from './pricing.ts';
export * from './text.ts';
export * from './contracts/account.ts';
export * from './address.ts';
export * from './navigation.ts';
export * from './reference.ts';
export * from './vat.ts';
export * from './order.ts';
export * from './contracts/sales.ts';
export * from './contracts/backorder.ts';
export * from './contracts/cart.ts';
export * from './cart.ts';
export * from './cart-sync.ts';
export * from './contracts/wishlist.ts';
export * from './contracts/statistics.ts';
export * from './contracts/promotion.ts';
