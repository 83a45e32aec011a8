import { describe, expect, it } from 'vitest';
import { substanceFacetKey, substanceLabel, substanceVocabulary } from './substances.ts';
import { loadVocabulary } from './vocabulary.ts';

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

  it('leaves the crystal water out of a label, and reads the names of data/vocabulary/substance-names.csv', () => {
    expect(substanceLabel('Amoxicilline trihydratée')).toBe('Amoxicilline');
    expect(substanceLabel('Cloxacilline sodique monohydratée')).toBe('Cloxacilline sodique');
    expect(substanceLabel('Closantel sodique dihydraté')).toBe('Closantel sodique');
    expect(substanceLabel('Magnesium Sulphate Heptahydrate')).toBe('Magnesium Sulphate');
    expect(substanceLabel('Ampicillin Anhydrous')).toBe('Ampicillin');
    expect(substanceLabel('Amoxicillin (as trihydrate)')).toBe('Amoxicillin (as trihydrate)');
    // A salt is a fact of the wording, and a word made only of water stays a wording.
    expect(substanceLabel('Sulfate de néomycine')).toBe('Sulfate de néomycine');
    expect(substanceLabel('Hydrate de chloral')).toBe('Hydrate de chloral');
    expect(substanceLabel('Monohydrate')).toBe('Monohydrate');
    const vocabulary = substanceVocabulary(
      [
        { activePrinciples: ['Amoxicilline trihydratée', 'Acide clavulanique'], sourceLocale: 'fr' },
        { activePrinciples: ['Amoxicillin', 'Clavulanic Acid'], sourceLocale: 'en' },
        { activePrinciples: ['Iron'], sourceLocale: 'en' },
        { activePrinciples: ['Iron Dextran'], sourceLocale: 'en' },
      ],
      ['fr', 'nl', 'en'],
      loadVocabulary().substanceNames,
    );
    const label = (wording: string, locale: string) =>
      vocabulary.labels.find((l) => l.key === substanceFacetKey(wording) && l.locale === locale)?.label;
    expect(label('Amoxicillin', 'fr')).toBe('Amoxicilline');
    expect(label('Amoxicillin', 'nl')).toBe('Amoxicillin');
    expect(['fr', 'nl', 'en'].map((l) => label('Clavulanic Acid', l))).toEqual([
      'Acide clavulanique',
      'Clavulaanzuur',
      'Clavulanic acid',
    ]);
    expect(['fr', 'nl', 'en'].map((l) => label('Iron', l))).toEqual(['Fer', 'IJzer', 'Iron']);
    // Only the substance the row names, not every wording holding it.
    expect(label('Iron Dextran', 'nl')).toBe('Iron Dextran');
  });
});
