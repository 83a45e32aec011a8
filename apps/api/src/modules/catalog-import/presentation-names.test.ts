/**
 * Real presentations (ANMV) in Dutch and English (presentation-names.ts;
 * docs/decisions/presentation-names.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE_DIR } from './import.ts';
import { presentationNames } from './presentation-names.ts';
import { CATALOGUE_FILES, parseCsv } from './sources.ts';

const numbersOf = (text: string) => text.match(/\d+(?:[.,]\d+)?/gu) ?? [];

describe('presentation names per language', () => {
  it('writes a pack in Dutch and English, vial for an injectable and bottle otherwise', () => {
    expect(presentationNames('Boîte de 1 flacon de 50 mL', ['intramuscular', 'subcutaneous'])).toEqual({
      fr: 'Boîte de 1 flacon de 50 mL',
      nl: 'Doos met 1 injectieflacon van 50 mL',
      en: 'Box of 1 vial of 50 mL',
    });
    expect(presentationNames('Boîte de 1 flacon de 50 mL', ['oral'])).toEqual({
      fr: 'Boîte de 1 flacon de 50 mL',
      nl: 'Doos met 1 flacon van 50 mL',
      en: 'Box of 1 bottle of 50 mL',
    });
    expect(
      presentationNames('Boîte de 2 plaquettes thermoformées de 15 comprimés pelliculés', ['oral']),
    ).toEqual({
      fr: 'Boîte de 2 plaquettes thermoformées de 15 comprimés pelliculés',
      nl: 'Doos met 2 blisterverpakkingen met 15 filmomhulde tabletten',
      en: 'Box of 2 blisters of 15 film-coated tablets',
    });
  });

  it('copies numbers as written, with a decimal point in English', () => {
    const names = presentationNames('Seau polypropylène de 1 sache de 2,5 kg', ['oral']);
    expect(names?.nl).toBe('Polypropyleen emmer met 1 sachet van 2,5 kg');
    expect(names?.en).toBe('Polypropylene bucket of 1 sachet of 2.5 kg');
    expect(
      presentationNames("Container d'azote liquide de 1 à n ampoules de 2 000 doses", ['subcutaneous']),
    ).toEqual({
      fr: "Container d'azote liquide de 1 à n ampoules de 2 000 doses",
      nl: 'Container met vloeibare stikstof met 1 tot n ampullen van 2 000 doses',
      en: 'Liquid nitrogen container of 1 to n ampoules of 2 000 doses',
    });
  });

  it('translates a presentation whole or not at all', () => {
    // "sécurité" is not in the list: the source wording stays in every language.
    expect(presentationNames('Boîte de 1 flacon de 50 mL avec bouchon sécurité', ['oral'])).toBeNull();
    expect(presentationNames('Tube de 20 g avec canule', ['cutaneous'])).toBeNull();
  });

  it('translates every presentation of the catalogue, keeping its numbers', () => {
    const text = readFileSync(path.join(DEFAULT_CATALOGUE_DIR, CATALOGUE_FILES.anmvPresentations), 'utf8');
    const rows = parseCsv(text, CATALOGUE_FILES.anmvPresentations, []);
    expect(rows.length).toBeGreaterThan(300);
    const untranslated: string[] = [];
    for (const { values } of rows) {
      const source = values.presentation ?? '';
      const names = presentationNames(source, ['intramuscular']);
      if (!names) {
        untranslated.push(source);
        continue;
      }
      expect(names.fr).toBe(source);
      expect(numbersOf(names.nl)).toEqual(numbersOf(source));
      expect(numbersOf(names.en)).toEqual(numbersOf(source).map((n) => n.replace(',', '.')));
      // No French word of the list left behind.
      expect(names.en).not.toMatch(/\b(?:de|et|avec|flacons?|boîte|comprimés)\b/iu);
      expect(names.nl).not.toMatch(/\b(?:de|et|avec|boîte|comprimés)\b/iu);
    }
    expect(untranslated).toEqual([]);
  });
});
