import { describe, expect, it } from 'vitest';
import { brandLine } from './brand-line';

describe('brandLine', () => {
  it('leaves out a manufacturer that is the brand written again', () => {
    expect(brandLine('AgriVet', 'AgriVet')).toBe('AgriVet');
    expect(brandLine('Laboratoires Biove', 'LABORATOIRES BIOVE')).toBe('Laboratoires Biove');
    expect(brandLine('Global Vet Health S.L', 'Global Vet Health S.L.')).toBe('Global Vet Health S.L');
    expect(brandLine('Laboratorios Karizoo', 'Laboratorios Karizoo S.A')).toBe('Laboratorios Karizoo');
    expect(brandLine('Ceva Santé Animale', 'CEVA SANTE ANIMALE SA')).toBe('Ceva Santé Animale');
  });

  it('keeps both when they are two companies', () => {
    expect(brandLine('Virbac', 'Elanco')).toBe('Virbac · Elanco');
    expect(brandLine('Vetoquinol', 'Vetoquinol Biowet')).toBe('Vetoquinol · Vetoquinol Biowet');
  });

  it('shows whichever is known, or nothing', () => {
    expect(brandLine(null, 'Zoetis')).toBe('Zoetis');
    expect(brandLine('Zoetis', '')).toBe('Zoetis');
    expect(brandLine(undefined, null)).toBeNull();
  });
});
