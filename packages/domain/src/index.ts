/** @vetshop/domain: pure business rules and the zod contracts of the API (no I/O). */
export * from './contracts/catalog.ts';
export * from './pricing.ts';
export * from './text.ts';
