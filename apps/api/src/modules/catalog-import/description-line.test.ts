/** The lines of a medicine's description (import.ts descriptionLine): French colon spacing, one full stop. */
import { frenchTypography } from '@vetshop/domain';
import { describe, expect, it } from 'vitest';
import { descriptionLine } from './import.ts';

describe('medicine description lines', () => {
  it('keep the French colon to its label and end with one full stop', () => {
    const fr = descriptionLine('fr', 'Titulaire de l’AMM', 'Global Vet Health S.L.');
    expect(fr).toBe('Titulaire de l’AMM\u00a0: Global Vet Health S.L.');
    expect(frenchTypography(fr)).toBe(fr);
    expect(descriptionLine('fr', 'Forme', 'comprimé')).toBe('Forme\u00a0: comprimé.');
    expect(descriptionLine('nl', 'Vorm', 'tablet')).toBe('Vorm: tablet.');
    expect(descriptionLine('en', 'Marketing authorisation holder', 'Zoetis Belgium SA')).toBe(
      'Marketing authorisation holder: Zoetis Belgium SA.',
    );
  });
});
