import { describe, expect, it } from 'vitest';
import { canonicalBrands, normaliseHolder } from './sources.ts';

describe('brand names from marketing authorisation holders', () => {
  it('removes legal forms and country tags without leaving their pieces', () => {
    expect(normaliseHolder('Labiana Life Sciences S.A.U')).toBe('Labiana Life Sciences');
    expect(normaliseHolder('Laboratorios Syva S.A.U.')).toBe('Laboratorios Syva');
    expect(normaliseHolder('Bela-Pharm GmbH & Co. KG')).toBe('Bela-Pharm');
    expect(normaliseHolder('GEA Farm Technologies (UK) Ltd')).toBe('GEA Farm Technologies');
    expect(normaliseHolder('Vita (Europe) Ltd')).toBe('Vita (Europe)');
    expect(normaliseHolder('Biogénesis Global, S.L')).toBe('Biogénesis Global');
    expect(normaliseHolder('Bioveta, a.s')).toBe('Bioveta');
    expect(normaliseHolder('Vet-Agro Trading Sp. Z o.o')).toBe('Vet-Agro Trading');
    expect(normaliseHolder('Endectovet EOOD')).toBe('Endectovet');
    expect(normaliseHolder('CEVA-Phylaxia Zrt.')).toBe('CEVA-Phylaxia');
    expect(normaliseHolder('Abbeyvet Export LLP')).toBe('Abbeyvet Export');
    expect(normaliseHolder('Pharmaq AS')).toBe('Pharmaq');
    expect(normaliseHolder('Bayer Animal Health GmbH')).toBe('Bayer Animal Health');
    expect(normaliseHolder('NORBROOK LABORATORIES LIMITED')).toBe('Norbrook Laboratories');
    // A word that only starts like a legal form stays.
    expect(normaliseHolder('Ceva Sante Animale')).toBe('Ceva Sante Animale');
    expect(normaliseHolder('AB Science')).toBe('AB Science');
    expect(normaliseHolder('  ')).toBeNull();
  });

  it('gives every spelling of a brand its most frequent one', () => {
    const names = [
      'Ceva Santé Animale',
      'Ceva Santé Animale',
      'CEVA Santé Animale',
      'Ceva Sante Animale',
      'huvepharma',
      'Huvepharma',
      'Huvepharma',
      'Vetoquinol',
      'Vétoquinol',
      'Zoetis',
    ];
    const canonical = canonicalBrands(names);
    expect(canonical.get('CEVA Santé Animale')).toBe('Ceva Santé Animale');
    expect(canonical.get('Ceva Sante Animale')).toBe('Ceva Santé Animale');
    expect(canonical.get('huvepharma')).toBe('Huvepharma');
    // A tie goes to the spelling with accents.
    expect(canonical.get('Vetoquinol')).toBe('Vétoquinol');
    expect(canonical.get('Zoetis')).toBe('Zoetis');
    expect(new Set(canonical.values()).size).toBe(4);
  });
});
