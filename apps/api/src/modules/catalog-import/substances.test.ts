import { describe, expect, it } from 'vitest';
import { substanceFacetKey, substanceVocabulary } from './substances.ts';

describe('active substances as filter values (docs/decisions/substance-facet.md)', () => {
  it('gives one key to a substance written in French or English, with or without its salt', () => {
    const keys = [
      'Dexaméthasone',
      'Dexamethasone',
      'Acétate de dexaméthasone',
      'Phosphate sodique de dexaméthasone',
      'Dexamethasone Sodium Phosphate',
    ].map(substanceFacetKey);
    expect(new Set(keys)).toEqual(new Set(['dexamethason']));
    expect(substanceFacetKey('Ivermectine')).toBe(substanceFacetKey('Ivermectin'));
    expect(substanceFacetKey('Benzylpénicilline procaïne monohydratée')).toBe(
      substanceFacetKey('Procaine Benzylpenicillin'),
    );
    // Another substance keeps its own key.
    expect(substanceFacetKey('Prednisolone')).not.toBe(substanceFacetKey('Dexamethasone'));
  });

  it('keeps apart minerals made only of salt words, and gives a key back unchanged', () => {
    const minerals = ['Sodium Chloride', 'Calcium', 'Magnesium', 'Bromure de sodium'].map(substanceFacetKey);
    expect(new Set(minerals).size).toBe(4);
    expect(minerals).not.toContain('');
    for (const wording of ['Sodium Chloride', 'Acétate de dexaméthasone', 'Procaine Benzylpenicillin']) {
      const key = substanceFacetKey(wording);
      expect(substanceFacetKey(key)).toBe(key);
    }
  });

  it('labels a key per locale with the shortest wording of its language, else of any', () => {
    const vocabulary = substanceVocabulary(
      [
        { activePrinciples: ['Acétate de dexaméthasone'], sourceLocale: 'fr' },
        { activePrinciples: ['Dexaméthasone', 'Sulfate de néomycine'], sourceLocale: 'fr' },
        { activePrinciples: ['Dexamethasone Sodium Phosphate'], sourceLocale: 'en' },
        { activePrinciples: ['Dexamethasone'], sourceLocale: 'en' },
        { activePrinciples: ['Tulathromycin'], sourceLocale: 'en' },
      ],
      ['fr', 'nl', 'en'],
    );
    const label = (key: string, locale: string) =>
      vocabulary.labels.find((l) => l.key === key && l.locale === locale)?.label;
    expect(label('dexamethason', 'fr')).toBe('Dexaméthasone');
    expect(label('dexamethason', 'nl')).toBe('Dexamethasone');
    expect(label('dexamethason', 'en')).toBe('Dexamethasone');
    // Only an English source writes it: the French page shows that wording.
    expect(label('tulathromycin', 'fr')).toBe('Tulathromycin');
    // A French wording only: its salt stays in the label rather than another language's name.
    expect(label(substanceFacetKey('Sulfate de néomycine'), 'en')).toBe('Sulfate de néomycine');
    expect(vocabulary.terms).toHaveLength(6);
    expect(vocabulary.terms.find((t) => t.wording === 'Dexamethasone Sodium Phosphate')?.key).toBe(
      'dexamethason',
    );
  });
});
