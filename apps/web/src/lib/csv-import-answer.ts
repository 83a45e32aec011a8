/**
 * The answer check of the CSV order import (POST carts/csv, docs/product/customer-area.md#order-import)
 * as its own module, which components/cart/CsvImport.tsx loads with `import()` at the first submit:
 * importing the schema there directly (or `import('@vetshop/domain')`, the whole barrel) put zod and
 * the domain contracts into the account dashboard's first-load JavaScript
 * (docs/decisions/web-page-performance.md, "Browser bundle").
 */
export { csvImportResultSchema } from '@vetshop/domain';
