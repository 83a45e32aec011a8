import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  foldAccents,
  frenchTypography,
  joinUnits,
  META_DESCRIPTION_MAX,
  metaDescription,
  packForQuery,
  searchWords,
  seoTitle,
  splitUnits,
  stripTags,
  toUrlKey,
} from './text.ts';

describe('url keys', () => {
  it('folds accents and collapses punctuation', () => {
    expect(toUrlKey('Médicaments / Antimicrobiens')).toBe('medicaments-antimicrobiens');
    expect(toUrlKey('  Metacam 20 mg/ml  ')).toBe('metacam-20-mg-ml');
    expect(foldAccents('Çà et là')).toBe('ca et la');
    // As unaccent folds the names the autocomplete matches: a phone types the typographic apostrophe.
    expect(foldAccents('Chat d’Intérieur ‘x’')).toBe("chat d'interieur 'x'");
  });

  it('property: always lower-case a-z, 0-9 and inner dashes, at most 120 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        const k = toUrlKey(s);
        expect(k).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(k.length).toBeLessThanOrEqual(120);
      }),
    );
  });
});

describe('SEO text (docs/product/catalogue-and-search.md#product)', () => {
  it('falls back to the name for the title', () => {
    expect(seoTitle(null, 'Bravecto')).toBe('Bravecto');
    expect(seoTitle('  ', 'Bravecto')).toBe('Bravecto');
    expect(seoTitle('Bravecto chews', 'Bravecto')).toBe('Bravecto chews');
  });

  it('builds the meta description from title, short description and description, tags stripped', () => {
    expect(
      metaDescription(null, {
        title: 'Metacam',
        shortDescription: '<b>NSAID</b>',
        description: '<p>For dogs &amp; cats</p>',
      }),
    ).toBe('Metacam - NSAID - For dogs & cats');
    expect(metaDescription('<i>Given</i>', { title: 'x' })).toBe('Given');
    expect(stripTags('a<br/>b')).toBe('a b');
  });

  it('property: never longer than 255 characters and never contains a tag', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 600 }), fc.string({ maxLength: 2000 }), (t, s, d) => {
        const m = metaDescription(null, { title: t, shortDescription: `<p>${s}</p>`, description: d });
        expect(m.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
        expect(m).not.toMatch(/<p>/);
      }),
    );
  });
});

describe('French typography (docs/decisions/french-typography.md)', () => {
  it('joins the punctuation to the word before it with the right no-break space', () => {
    expect(frenchTypography('Total : 12 ; encore ? oui ! 25 %')).toBe(
      'Total\u00a0: 12\u202f; encore\u202f? oui\u202f! 25\u202f%',
    );
    expect(frenchTypography('Vouliez-vous dire « {suggestion} » ?')).toBe(
      'Vouliez-vous dire «\u00a0{suggestion}\u00a0»\u202f?',
    );
  });

  it('writes the elision with the typographic apostrophe, and leaves other quotes alone', () => {
    expect(frenchTypography("Aujourd'hui, l'adresse n'est pas 'valide'")).toBe(
      "Aujourd\u2019hui, l\u2019adresse n\u2019est pas 'valide'",
    );
  });

  it('leaves texts without such a space as they are, and is idempotent', () => {
    expect(frenchTypography('Total: 12, https://vetshop.be/?q=a')).toBe('Total: 12, https://vetshop.be/?q=a');
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = frenchTypography(s);
        expect(frenchTypography(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(s.length);
      }),
    );
  });
});

describe('search words and the pack a search asks for', () => {
  it('reads a number glued to a unit as the number and the unit, and nothing else', () => {
    expect(searchWords('Metacam 15mg/ml 2,5KG B12 5mgx 3mmol')).toEqual([
      'metacam',
      '15',
      'mg',
      'ml',
      '2',
      '5',
      'kg',
      'b12',
      '5mgx',
      '3',
      'mmol',
    ]);
    expect(splitUnits('Bimacure 500mg')).toBe('Bimacure 500 mg');
    expect(joinUnits('bimacure 500 mg, 2 ml b 12 5 mgx')).toBe('bimacure 500mg, 2ml b 12 5 mgx');
  });

  it('shows first the pack whose name holds the words the product name does not', () => {
    const packs = [
      { id: 1, name: 'Flacon de 10 ml', main: true },
      { id: 2, name: 'Flacon de 100 ml', main: false },
      { id: 3, name: 'Flacon de 250 ml', main: false },
    ];
    const name = 'Metacam 20 mg/ml, solution injectable';
    expect(packForQuery('metacam 100 ml', name, packs)).toBe(2);
    expect(packForQuery('Metacam 250ML', name, packs)).toBe(3);
    // The strength belongs to the name: "1,5 mg/ml" chooses no pack, nor "ml" alone.
    expect(packForQuery('metacam 20 mg/ml', name, packs)).toBeNull();
    expect(packForQuery('metacam ml', name, packs)).toBeNull();
    // The main pack when it is the one asked for, or when nothing names a pack; one pack, no choice.
    expect(packForQuery('metacam 10 ml', name, packs)).toBeNull();
    expect(packForQuery('metacam', name, packs)).toBeNull();
    expect(packForQuery('', name, packs)).toBeNull();
    expect(packForQuery('metacam 100 ml', name, [packs[1]!])).toBeNull();
    // A number shared by the strength and a pack: the unit after it tells them apart.
    const enroxil = [
      { id: 4, name: '50 ml', main: true },
      { id: 5, name: '100 ml', main: false },
      { id: 6, name: '250 ml', main: false },
    ];
    expect(packForQuery('enroxil 100 ml', 'Enroxil Max 100 mg/ml', enroxil)).toBe(5);
    expect(packForQuery('enroxil 100ml', 'Enroxil Max 100 mg/ml', enroxil)).toBe(5);
    expect(packForQuery('enroxil 100 mg/ml', 'Enroxil Max 100 mg/ml', enroxil)).toBeNull();
    // Whole words: "10" is not "100".
    expect(packForQuery('metacam 10', name, [packs[1]!, { ...packs[2]!, main: true }])).toBeNull();
  });
});
