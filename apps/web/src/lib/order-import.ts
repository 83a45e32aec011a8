import { ORDER_IMPORT_MAX_MB } from '@vetshop/domain';

/**
 * Why an order file is refused before it is sent (docs/product/customer-area.md#order-import): `file_not_csv` when its
 * name does not end in .csv, `file_too_large` above ORDER_IMPORT_MAX_MB MB; null when it may go.
 * The api checks the content again (text, size) whatever the browser said.
 */
export function precheckOrderFile(file: {
  name: string;
  size: number;
}): 'file_not_csv' | 'file_too_large' | null {
  if (!/\.csv$/i.test(file.name)) return 'file_not_csv';
  if (file.size > ORDER_IMPORT_MAX_MB * 1024 * 1024) return 'file_too_large';
  return null;
}
