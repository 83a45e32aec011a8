/**
 * Generated pack prices are plausible (docs/decisions/catalogue-vocabulary.md "Generated prices"):
 * for every product, a larger pack never costs less than a smaller one and the price per unit
 * falls as the pack grows — property tests over seeds and sizes, and over the real catalogue's
 * ANMV presentations, generated medicine packs and food bags.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE_DIR } from './import.ts';
import {
  generateFood,
  medicinePacks,
  packKind,
  presentationPrices,
  presentationSize,
  pricesFor,
  scaledPackPrice,
} from './generate.ts';
import { readSources } from './sources.ts';

/** Checks that, sorted by size, prices never fall and prices per unit fall (strictly when the size grows by ≥ 10 %). */
function expectPlausible(packs: readonly { size: number; cents: number }[], what: string): void {
  const sorted = [...packs].sort((a, b) => a.size - b.size || a.cents - b.cents);
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    expect(b.cents, `${what}: ${b.size} costs less than ${a.size}`).toBeGreaterThanOrEqual(a.cents);
    if (b.size >= a.size * 1.1)
      expect(b.cents / b.size, `${what}: unit price of ${b.size} ≥ ${a.size}`).toBeLessThan(a.cents / a.size);
  }
}

const LABEL_SIZE = /^([\d,.]+)\s*(ml|l|g|kg|pcs|doses?|injecteurs|flacons?)$/;
function labelSize(label: string): number {
  const m = LABEL_SIZE.exec(label);
  if (!m) throw new Error(`unparsed pack label ${label}`);
  const v = Number((m[1] ?? '').replace(',', '.'));
  return m[2] === 'l' || m[2] === 'kg' ? v * 1000 : v;
}

describe('generated pack prices', () => {
  it('scale with size: more in total, less per unit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 500_000 }),
        fc.double({ min: 0.5, max: 1000, noNaN: true }),
        // Multiples of the reference pack (the smallest pack of a product is the reference).
        fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 2, maxLength: 8 }),
        (ref, refSize, multiples) => {
          expectPlausible(
            multiples.map((m) => ({ size: refSize * m, cents: scaledPackPrice(ref, refSize, refSize * m) })),
            'scaled',
          );
        },
      ),
    );
  });

  it('holds for the real presentations of every ANMV product, any seed (property)', () => {
    const products = readSources(DEFAULT_CATALOGUE_DIR).records.filter((r) => r.presentations.length > 1);
    expect(products.length).toBeGreaterThan(30);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        for (const p of products) {
          const cents = presentationPrices(seed, p.code, p.presentations);
          expectPlausible(
            p.presentations.map((pr, i) => ({
              size: presentationSize(pr.name, pr.units),
              cents: cents[i] ?? 0,
            })),
            p.name,
          );
        }
      }),
      { numRuns: 20 },
    );
    // "Flacon de 50 ml" < "Flacon de 100 ml" < "Flacon de 250 ml" (COLICILLINE).
    const colicilline = products.find((p) => p.code === 'anmv:453');
    const c = presentationPrices(7, 'anmv:453', colicilline?.presentations ?? []);
    expect(c[0]).toBeLessThan(c[1] ?? 0);
    expect(c[1]).toBeLessThan(c[2] ?? 0);
  });

  it('holds for generated medicine packs and their default gross price, any seed (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(
          'Solution for injection',
          'Pour-on solution',
          'Oral powder',
          'Tablet',
          'Intramammary suspension',
          'Powder for solution for injection',
          'Eye drops, solution',
          'Oral paste',
        ),
        fc.constantFrom('antimicrobials', 'vaccines', 'other'),
        (seed, form, group) => {
          const packs = medicinePacks(seed, `vmd:${form}`, form, group);
          expectPlausible(
            packs.map((p) => ({ size: labelSize(p.name), cents: p.baseCents })),
            `${form} ${group}`,
          );
          const gross = packs.map((p, i) => ({
            size: labelSize(p.name),
            cents:
              pricesFor(seed, `SKU-${i}`, p.baseCents, 'meds').tiers.find(
                (t) => t.list === 'default' && t.dateStart === null && t.minQuantity <= 1,
              )?.priceCents ?? 0,
          }));
          expectPlausible(gross, `${form} gross`);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('sells each pharmaceutical form in packs of its own kind', () => {
    // Powders and lyophilisates for injection come in vials, not by the kilogram (an injectable
    // ceftiofur once read "25 kg").
    expect(packKind('Powder for solution for injection', 'antimicrobials')).toBe('vials');
    expect(packKind('Lyophilisate and solvent for solution for injection', 'other')).toBe('vials');
    expect(packKind('Poudre pour solution injectable', 'other')).toBe('vials');
    expect(packKind('Powder and solvent for suspension for injection', 'vaccines')).toBe('doses');
    // A powder for drinking water is weighed, a solution for drinking water measured.
    expect(packKind('Powder for use in drinking water', 'antimicrobials')).toBe('solid');
    expect(packKind('Solution for use in drinking water', 'antimicrobials')).toBe('pour_on');
    expect(packKind('Eye drops, powder and solvent for suspension', 'other')).toBe('drops');
    expect(packKind('Eye ointment', 'other')).toBe('semisolid');
    expect(packKind('Oral paste', 'antiparasitics')).toBe('semisolid');
    expect(packKind('Ear tag', 'antiparasitics')).toBe('count');
    expect(packKind('Solution for injection', 'other')).toBe('liquid');
    const vials = medicinePacks(3, 'vmd:excenel', 'Powder for solution for injection', 'antimicrobials');
    for (const p of vials) expect(p.name).toMatch(/^(1 flacon|5 flacons|10 flacons)$/);
    expect(vials.map((p) => p.units)).toEqual(vials.map((p) => labelSize(p.name)));
  });

  it('holds for food bags of every generated food product', () => {
    for (const seed of [20261121, 7, 8]) {
      for (const d of generateFood(seed)) {
        const sizes = d.variants.map((v) => {
          const label = v.name.replace(
            /^(\d+) x (\d+) g$/,
            (_, n: string, g: string) => `${Number(n) * Number(g)} g`,
          );
          return { size: labelSize(label), cents: v.basePriceCents };
        });
        expectPlausible(sizes, d.code);
      }
    }
  });
});
