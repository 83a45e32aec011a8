/**
 * The generated prices' date windows follow the import's day (`windowsOn`,
 * docs/decisions/generated-price-windows.md): a catalogue imported on any day runs, ends and
 * announces the same promotions as one imported on the reference day.
 */
import { describe, expect, it } from 'vitest';
import {
  foodTaxRateBp,
  generateEquipment,
  generateFood,
  pricesFor,
  SPECIES_LABELS,
  speciesList,
  WINDOWS,
  WINDOWS_REFERENCE_DAY,
  windowsOn,
} from './generate.ts';
import { DEFAULT_SEED } from './import.ts';

/** Days from `a` to `b` (YYYY-MM-DD). */
const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

describe('generated price windows', () => {
  it('are the drawn windows on the reference day', () => {
    expect(windowsOn(WINDOWS_REFERENCE_DAY)).toEqual(WINDOWS);
  });

  it('move with the import day across a month and a year, keeping open ends and lengths', () => {
    for (const today of ['2026-12-01', '2027-01-03', '2026-03-01']) {
      const moved = windowsOn(today);
      const shift = daysBetween(WINDOWS_REFERENCE_DAY, today);
      expect(moved).toHaveLength(WINDOWS.length);
      WINDOWS.forEach(([start, end], i) => {
        const [movedStart, movedEnd] = moved[i]!;
        expect(movedStart === null).toBe(start === null);
        expect(movedEnd === null).toBe(end === null);
        if (start !== null) expect(daysBetween(start, movedStart!)).toBe(shift);
        if (end !== null) expect(daysBetween(end, movedEnd!)).toBe(shift);
      });
    }
    // The window that ended on the last day of the reference month ends 9 days after the import.
    expect(windowsOn('2026-12-01')).toContainEqual(['2026-11-11', '2026-12-10']);
  });

  it('date every dated price row of an import from the windows it is given', () => {
    const windows = windowsOn('2026-12-01');
    const days = new Set(windows.flat().filter((d) => d !== null));
    let dated = 0;
    for (let i = 0; i < 400; i++) {
      const draft = pricesFor(7, `SKU-${i}`, 1234, 'meds', windows);
      for (const row of [...draft.tiers, ...draft.discounts, ...draft.terms, ...draft.specials]) {
        for (const day of [row.dateStart, row.dateEnd]) {
          if (day === null) continue;
          dated += 1;
          expect(days.has(day)).toBe(true);
        }
      }
      // Same draws, other dates: the windows change nothing else.
      const reference = pricesFor(7, `SKU-${i}`, 1234, 'meds');
      expect(draft.tiers.map((t) => t.priceCents)).toEqual(reference.tiers.map((t) => t.priceCents));
      expect(draft.specials.length).toBe(reference.specials.length);
    }
    expect(dated).toBeGreaterThan(0);
  });
});

/**
 * Food for dogs and cats carries the standard VAT rate, feed for horses and farm animals the
 * reduced one (docs/decisions/vat-rates.md): a dog's kibble invoiced at 6 % under-charges the
 * practice's VAT by 15 % of the price.
 */
describe('VAT rate of generated food', () => {
  const food = generateFood(DEFAULT_SEED);
  const ratesOf = (species: string) =>
    new Set(
      food.filter((p) => p.species.includes(species)).flatMap((p) => p.variants.map((v) => v.taxRateBp)),
    );

  it('is 21 % for every pack of dog and cat food', () => {
    expect(ratesOf('dog')).toEqual(new Set([2100]));
    expect(ratesOf('cat')).toEqual(new Set([2100]));
  });

  it('is 6 % for horse feed and livestock feed', () => {
    for (const species of ['horse', 'cattle', 'pig', 'sheep', 'poultry', 'rabbit']) {
      expect(ratesOf(species), species).toEqual(new Set([600]));
    }
  });

  it('follows the species of the product, not its family', () => {
    expect(foodTaxRateBp(['dog'])).toBe(2100);
    expect(foodTaxRateBp(['cattle', 'sheep'])).toBe(600);
    expect(foodTaxRateBp([])).toBe(600);
  });
});

/**
 * Generated food and equipment name their species in the page's language: a French or Dutch
 * description said "Aliment complet pour cattle" / "Volledig voer voor cattle" (the species code).
 * The demonstration notice stays (docs/decisions/generated-data-notice.md).
 */
describe('descriptions of generated products', () => {
  const products = [...generateFood(DEFAULT_SEED), ...generateEquipment(DEFAULT_SEED)];
  const codes = Object.keys(SPECIES_LABELS);
  // English words a code or an English label would leave in a French or Dutch sentence.
  const english = [
    ...new Set([...codes, ...Object.values(SPECIES_LABELS).flatMap((l) => l.en.split(' '))]),
  ].filter((w) => w !== 'reptile' && w !== 'reptiles'); // the same word in French
  const englishWord = new RegExp(`(?:^|[^\\p{L}])(${english.join('|')})(?![\\p{L}])`, 'iu');

  it('name every generated species in fr, nl and en', () => {
    const species = new Set(products.flatMap((p) => p.species));
    expect([...species].filter((s) => !SPECIES_LABELS[s])).toEqual([]);
  });

  it('contain no English species word in French or Dutch', () => {
    for (const p of products)
      for (const loc of ['fr', 'nl'] as const) {
        // The species sentence only: product names keep their brand lines ("Diet Renal").
        const text = p.descriptions[loc].slice(p.names[loc].length);
        expect(englishWord.exec(text)?.[1], `${p.code} ${loc}: ${text}`).toBeUndefined();
      }
  });

  it('say the species of the product in words of its language, with the notice', () => {
    const electrolytes = products.find((p) => p.code === 'gen:food:agrivet:livestock:electrolytes');
    expect(electrolytes?.descriptions).toEqual({
      fr: 'AgriVet Électrolytes veaux. Aliment complet pour bovins. Produit généré pour la démonstration.',
      nl: 'AgriVet Elektrolyten kalveren. Volledig voer voor runderen. Gegenereerd demonstratieproduct.',
      en: 'AgriVet Calf electrolytes. Complete food for cattle. Generated demonstration product.',
    });
    const piglets = products.find((p) => p.code === 'gen:food:agrivet:livestock:piglet_starter');
    expect(piglets?.descriptions.fr).toContain('pour porcs.');
    expect(piglets?.descriptions.nl).toContain('voor varkens.');
  });

  it('join several species as a sentence does', () => {
    expect(speciesList(['cattle', 'sheep', 'goat'], 'fr')).toBe('bovins, moutons et chèvres');
    expect(speciesList(['sheep', 'goat'], 'nl')).toBe('schapen en geiten');
    expect(speciesList(['dog'], 'en')).toBe('dogs');
    expect(speciesList([], 'fr')).toBe('');
  });
});
