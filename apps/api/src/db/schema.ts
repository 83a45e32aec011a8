/**
 * The whole Drizzle schema, one import path for the app, the tests and drizzle-kit
 * (apps/api/drizzle.config.ts): a barrel of the `*-schema.ts` files, no tables of its own.
 * Those files import each other directly, never this one (db/schema-imports.test.ts).
 */
export * from './catalog-schema.ts';
export * from './accounts-schema.ts';
export * from './orders-schema.ts';
export * from './customer-area-schema.ts';
export * from './content-schema.ts';
export * from './mail-schema.ts';
export * from './images-schema.ts';
export * from './restrictions-schema.ts';
export * from './coupons-schema.ts';
