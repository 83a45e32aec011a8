/**
 * The autocomplete's choice among search rows in memory (autocomplete-index.ts,
 * docs/decisions/autocomplete-index.md): tiers, order, visibility, the word lookups of tier 2.
 * That it answers as the statements do on a database is checked in catalog.test.ts and
 * test/real-catalogue.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  autocompleteIdsFrom,
  wordPostings,
  type AutocompleteDoc,
  type LocaleDocs,
} from './autocomplete-index.ts';
import { facetTermRowsOf } from './search-facet-memory.ts';
import { GUEST, type Viewer } from './viewer.ts';

/** A locale's rows from partial rows, sorted by name then id as the load sorts them (ASCII names). */
function localeOf(rows: Array<Partial<AutocompleteDoc> & { id: number; name: string }>): LocaleDocs {
  const docs: AutocompleteDoc[] = rows
    .map((r) => ({
      principles: '',
      description: '',
      words: '',
      popularity: 0,
      hidden: false,
      groups: [],
      ...r,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  return {
    docs,
    names: wordPostings(
      docs.map((d) => d.name),
      /[ (/-]/,
    ),
    principles: wordPostings(
      docs.map((d) => d.principles),
      / /,
    ),
    descriptions: wordPostings(
      docs.map((d) => d.description),
      / /,
    ),
    words: wordPostings(
      docs.map((d) => d.words),
      / /,
    ),
    facets: facetTermRowsOf([]),
  };
}

const VET: Viewer = { priceList: 'veterinary', vetGroupIds: [7] };

describe('autocomplete ids from memory', () => {
  const locale = localeOf([
    { id: 1, name: 'amoxival 500', principles: 'amoxicilline', description: 'comprimes' },
    { id: 2, name: 'amoxibactin', principles: 'amoxicilline', description: 'amoxicilline pour chiens' },
    { id: 3, name: 'amorce', description: 'rien' },
    { id: 4, name: 'clavubactin', principles: 'acide clavulanique amoxicilline' },
    { id: 5, name: 'otoclean', description: 'contient amoxicilline' },
    { id: 6, name: 'amoxiplus', hidden: true },
    { id: 7, name: 'amoxigroup', groups: [7] },
    { id: 8, name: 'pet (amoxi) gel' },
    { id: 9, name: 'zeta', principles: 'x amoxicilline' },
  ]);

  it('orders name starts (with a principle, then also elsewhere first), principles, then other matches', () => {
    // 80: amoxibactin (other: description), amoxival; 60: amoxigroup hidden to guests; 20: clavubactin, zeta;
    // 10: otoclean (description), pet (amoxi) gel (after "(").
    expect(autocompleteIdsFrom(locale, 'amox', 8, GUEST)).toEqual([2, 1, 4, 9, 5, 8]);
  });

  it('shows rows of a veterinary group to its members only, and never a row not sold on the website', () => {
    expect(autocompleteIdsFrom(locale, 'amox', 8, VET)).toEqual([2, 1, 7, 4, 9, 5, 8]);
    expect(autocompleteIdsFrom(locale, 'amoxipl', 8, VET)).toEqual([]);
  });

  it('cuts at the size, keeping the order', () => {
    expect(autocompleteIdsFrom(locale, 'amox', 3, GUEST)).toEqual([2, 1, 4]);
    expect(autocompleteIdsFrom(locale, 'amo', 2, GUEST)).toEqual([2, 1]);
  });

  it('looks up a phrase of several words, and one that starts with a punctuation mark', () => {
    expect(autocompleteIdsFrom(locale, 'pour chi', 8, GUEST)).toEqual([2]);
    expect(autocompleteIdsFrom(locale, '(amoxi) g', 8, GUEST)).toEqual([8]);
    expect(autocompleteIdsFrom(locale, 'amoxi) g', 8, GUEST)).toEqual([8]);
    expect(autocompleteIdsFrom(locale, 'acide clav', 8, GUEST)).toEqual([4]);
  });

  it('finds other matches past the first thousand names, in name order', () => {
    const many = Array.from({ length: 1500 }, (_, i) => ({
      id: 100 + i,
      name: `produit ${String(i).padStart(4, '0')}${i === 1460 ? ' (spray-x)' : ''}`,
      description:
        i === 1400
          ? 'avec lyophilisat'
          : i === 20 || i === 1200
            ? 'lyophilise'
            : i === 1450
              ? 'vaccin pour chats'
              : 'solution pour chiens',
    }));
    const big = localeOf(many);
    expect(autocompleteIdsFrom(big, 'lyoph', 8, GUEST)).toEqual([120, 1300, 1500]);
    // Several words, and a name's word after "(" holding a "-": looked up by their first word.
    expect(autocompleteIdsFrom(big, 'pour chat', 8, GUEST)).toEqual([1550]);
    expect(autocompleteIdsFrom(big, 'spray-x', 8, GUEST)).toEqual([1560]);
    expect(autocompleteIdsFrom(big, 'x)', 8, GUEST)).toEqual([1560]);
    expect(autocompleteIdsFrom(big, 'ray-', 8, GUEST)).toEqual([]);
    // A common word fills the list within the first names.
    expect(autocompleteIdsFrom(big, 'solu', 3, GUEST)).toEqual([100, 101, 102]);
  });
});

describe("autocomplete by a product's own search words", () => {
  const locale = localeOf([
    { id: 1, name: 'advocate', words: 'antipuces puces tiques', popularity: 3 },
    { id: 2, name: 'bravecto', words: 'antipuces puces tiques', popularity: 9 },
    { id: 3, name: 'adtab', words: 'antipuces puces', popularity: 3 },
    { id: 4, name: 'pucelle', words: 'puces' },
    { id: 5, name: 'shampooing', description: 'contre les puces', words: 'puces' },
    { id: 6, name: 'cachee', words: 'puces', popularity: 50, hidden: true },
    { id: 7, name: 'groupe', words: 'puces', popularity: 40, groups: [7] },
    { id: 8, name: 'milbemax', words: 'vermifuge vers', popularity: 99 },
  ]);

  it("comes after the texts' matches, most ordered first, then in name order", () => {
    // pucelle: its name; shampooing: its description; then the search words only, by popularity,
    // then name (adtab before advocate at 3).
    expect(autocompleteIdsFrom(locale, 'puc', 8, GUEST)).toEqual([4, 5, 2, 3, 1]);
    expect(autocompleteIdsFrom(locale, 'puc', 3, GUEST)).toEqual([4, 5, 2]);
    // A word inside the search words, and a member's group product.
    expect(autocompleteIdsFrom(locale, 'tiq', 8, VET)).toEqual([2, 1]);
    // "puces" does not start "pucelle": it matches by its search words only, and last (never ordered).
    expect(autocompleteIdsFrom(locale, 'puces', 8, VET)).toEqual([5, 7, 2, 3, 1, 4]);
  });

  it('matches a search word at its start only, and never a row hidden from the viewer', () => {
    expect(autocompleteIdsFrom(locale, 'uces', 8, GUEST)).toEqual([]);
    expect(autocompleteIdsFrom(locale, 'vermifuge', 8, GUEST)).toEqual([8]);
    expect(autocompleteIdsFrom(locale, 'vermifuge chien', 8, GUEST)).toEqual([]);
  });
});

describe('autocomplete by every word of a phrase, wherever each is', () => {
  const locale = localeOf([
    { id: 1, name: 'metacam 1,5 mg/ml pour chiens', principles: 'meloxicam', popularity: 2 },
    { id: 2, name: 'metacam 15 mg/ml pour chevaux', principles: 'meloxicam', popularity: 9 },
    { id: 3, name: 'bravecto', description: 'especes cibles chiens', words: 'antipuces puces tiques' },
    { id: 4, name: 'advantage', description: 'especes cibles chats', words: 'antipuces puces' },
    { id: 5, name: 'shampoo (chiens)', words: 'puces', hidden: true },
    { id: 6, name: 'frontline', description: 'chiens et chats', words: 'puces', popularity: 5 },
  ]);

  it('finds a brand with a species and a search word with a species, each word in another text', () => {
    // "metacam chien": the name starts with metacam, has "chiens" further on; not the horse one.
    expect(autocompleteIdsFrom(locale, 'metacam chien', 8, GUEST)).toEqual([1]);
    // "puces chien": the search words and the description; most ordered first; never a hidden row.
    expect(autocompleteIdsFrom(locale, 'puces chien', 8, GUEST)).toEqual([6, 3]);
    expect(autocompleteIdsFrom(locale, 'chien puc', 8, GUEST)).toEqual([6, 3]);
    expect(autocompleteIdsFrom(locale, 'puces chat', 8, GUEST)).toEqual([6, 4]);
    // Every word must start a word somewhere: "ces" starts none.
    expect(autocompleteIdsFrom(locale, 'ces chien', 8, GUEST)).toEqual([]);
  });

  it('never repeats a row an earlier tier listed', () => {
    // "metacam 1": both names start with it (tier 1); "meloxicam chev": only the horse one.
    expect(autocompleteIdsFrom(locale, 'metacam 1', 8, GUEST)).toEqual([1, 2]);
    expect(autocompleteIdsFrom(locale, 'meloxicam chev', 8, GUEST)).toEqual([2]);
  });
});

describe('word postings', () => {
  it('lists each row once per word, words sorted', () => {
    const p = wordPostings(['a b a', 'b-c', ''], /[ -]/);
    expect(p.words).toEqual(['a', 'b', 'c']);
    expect(p.rows.map((r) => [...r])).toEqual([[0], [0, 1], [1]]);
  });
});
