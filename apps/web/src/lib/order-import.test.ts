import { describe, expect, it } from 'vitest';
import { ORDER_IMPORT_MAX_MB } from '@vetshop/domain';
import { precheckOrderFile } from './order-import';

describe('precheckOrderFile (docs/product/customer-area.md#order-import: .csv only, size cap)', () => {
  const cap = ORDER_IMPORT_MAX_MB * 1024 * 1024;

  it('lets a .csv file up to the cap go', () => {
    expect(precheckOrderFile({ name: 'Commande.CSV', size: cap })).toBeNull();
  });

  it('refuses other extensions and files over the cap', () => {
    expect(precheckOrderFile({ name: 'order.xlsx', size: 10 })).toBe('file_not_csv');
    expect(precheckOrderFile({ name: 'order.csv.exe', size: 10 })).toBe('file_not_csv');
    expect(precheckOrderFile({ name: 'order.csv', size: cap + 1 })).toBe('file_too_large');
  });
});
