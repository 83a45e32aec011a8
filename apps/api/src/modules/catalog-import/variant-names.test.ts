/**
 * Generated variant names in each language (variant-names.ts; docs/decisions/catalogue-vocabulary.md,
 * "Variant names in the page's language").
 */
import { describe, expect, it } from 'vitest';
import { variantNames } from './variant-names.ts';

describe('generated variant names per language', () => {
  it('writes pack labels in each language', () => {
    expect(variantNames('4 injecteurs')).toEqual({
      fr: '4 injecteurs',
      nl: '4 injectoren',
      en: '4 syringes',
    });
    expect(variantNames('10 pcs')).toEqual({ fr: '10 pièces', nl: '10 stuks', en: '10 pcs' });
    expect(variantNames('1 dose')).toEqual({ fr: '1 dose', nl: '1 dosis', en: '1 dose' });
    expect(variantNames('2,5 l')).toEqual({ fr: '2,5 l', nl: '2,5 l', en: '2.5 l' });
    expect(variantNames('1 flacon')).toEqual({ fr: '1 flacon', nl: '1 injectieflacon', en: '1 vial' });
    expect(variantNames('10 flacons')).toEqual({
      fr: '10 flacons',
      nl: '10 injectieflacons',
      en: '10 vials',
    });
    expect(variantNames('Flacon de 50 ml')?.en).toBe('Bottle of 50 ml');
  });

  it('writes equipment labels in each language', () => {
    expect(variantNames('M – Bleu marine')).toEqual({
      fr: 'M – Bleu marine',
      nl: 'M – Marineblauw',
      en: 'M – Navy blue',
    });
    expect(variantNames('Boîte de 10')).toEqual({ fr: 'Boîte de 10', nl: 'Doos van 10', en: 'Box of 10' });
    expect(variantNames('Non stériles x 100')).toEqual({
      fr: 'Non stériles x 100',
      nl: 'Niet-steriel x 100',
      en: 'Non-sterile x 100',
    });
    expect(variantNames('Courbe 14 cm')?.en).toBe('Curved 14 cm');
    expect(variantNames('n° 10 x 100')?.nl).toBe('nr. 10 x 100');
    expect(variantNames('7,5 cm')?.en).toBe('7.5 cm');
  });

  it('leaves labels that read the same in every language, and words inside other words', () => {
    for (const label of ['10 ml', '12 x 400 g', 'XL', '18G x 100', '10 doses', 'USP 2-0 x 12', 'Bleuet'])
      expect(variantNames(label), label).toBeNull();
  });
});
