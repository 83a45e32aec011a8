/**
 * The printed name of a sale line (service.ts `lineName`): rebuilt in the document's language when
 * the stored name is the product name of any language followed by any spelling of the variant's
 * label (docs/decisions/catalogue-vocabulary.md, "Variant names in the page's language").
 */
import { describe, expect, it } from 'vitest';
import { lineName } from './service.ts';

type Row = Parameters<typeof lineName>[0];
const row = (stored: string, spellings: string[] | null = null): Row =>
  ({
    line: { name: stored },
    variantName: '4 syringes',
    variantSpellings: spellings,
    productName: 'Cepralock 2.6 g Intramammary Suspension',
  }) as unknown as Row;

describe('printed sale line names', () => {
  it('rebuilds a line stored in another language with the label of the document', () => {
    const spellings = ['4 injecteurs', '4 injecteurs', '4 injectoren', '4 syringes'];
    expect(lineName(row('Cepralock 2,6 g suspension intramammaire — 4 injecteurs', spellings))).toBe(
      'Cepralock 2.6 g Intramammary Suspension — 4 syringes',
    );
    expect(lineName(row('4 injectoren', spellings))).toBe(
      'Cepralock 2.6 g Intramammary Suspension — 4 syringes',
    );
  });

  it('prints any other stored name as stored', () => {
    expect(lineName(row('Cepralock — 4 injecteurs'))).toBe('Cepralock — 4 injecteurs');
    expect(lineName(row('Frais de traitement', ['4 injecteurs']))).toBe('Frais de traitement');
  });
});
