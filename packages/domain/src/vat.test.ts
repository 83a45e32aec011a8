import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { belgianVatChecksumOk, checkVat, normaliseVat } from './vat.ts';

describe('checkVat (docs/product/accounts.md#registration register: BE + 10 digits with mod-97, other EU prefixes by format)', () => {
  it('accepts real Belgian numbers and normalises spacing and dots', () => {
    expect(checkVat('BE0403170701')).toEqual({ ok: true, vat: 'BE0403170701' });
    expect(checkVat('be 0123.456.749')).toEqual({ ok: true, vat: 'BE0123456749' });
  });

  it('reads a Belgian enterprise number typed without BE as the Belgian VAT number', () => {
    expect(checkVat('0123.456.749')).toEqual({ ok: true, vat: 'BE0123456749' });
    expect(checkVat('0403 170 701')).toEqual({ ok: true, vat: 'BE0403170701' });
    // Without a prefix, only a number whose Belgian check digits hold; the others stay refused.
    expect(checkVat('0123456748')).toEqual({ ok: false, error: 'vat_country' });
    expect(checkVat('123456789')).toEqual({ ok: false, error: 'vat_country' });
    expect(checkVat('2123456749')).toEqual({ ok: false, error: 'vat_country' });
  });

  it('refuses a Belgian number whose check digits are wrong', () => {
    expect(checkVat('BE0123456748')).toEqual({ ok: false, error: 'vat_checksum' });
  });

  it('reads an older nine-digit Belgian number as the ten-digit number with its leading 0', () => {
    expect(checkVat('BE123456749')).toEqual({ ok: true, vat: 'BE0123456749' });
    expect(checkVat('BE 403.170.701')).toEqual({ ok: true, vat: 'BE0403170701' });
    expect(checkVat('BE123456748')).toEqual({ ok: false, error: 'vat_checksum' });
  });

  it('refuses Belgian numbers of the wrong length or first digit', () => {
    expect(checkVat('BE12345674')).toEqual({ ok: false, error: 'vat_format' });
    expect(checkVat('BE01234567490')).toEqual({ ok: false, error: 'vat_format' });
    expect(checkVat('BE2123456749')).toEqual({ ok: false, error: 'vat_format' });
  });

  it('checks other EU prefixes by format and refuses unknown prefixes', () => {
    expect(checkVat('NL123456789B01').ok).toBe(true);
    expect(checkVat('FR40303265045').ok).toBe(true);
    expect(checkVat('DE12345678')).toEqual({ ok: false, error: 'vat_format' });
    expect(checkVat('US123456789')).toEqual({ ok: false, error: 'vat_country' });
    expect(checkVat('')).toEqual({ ok: false, error: 'vat_required' });
  });

  it('accepts exactly one pair of check digits for any Belgian base number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 19_999_999 }), fc.integer({ min: 0, max: 99 }), (base, check) => {
        const digits = `${String(base).padStart(8, '0')}${String(check).padStart(2, '0')}`;
        expect(belgianVatChecksumOk(digits)).toBe(97 - (base % 97) === check);
      }),
    );
  });

  it('normalises separators', () => {
    expect(normaliseVat(' be-0123/456.749 ')).toBe('BE0123456749');
  });
});
