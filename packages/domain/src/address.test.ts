import { describe, expect, it } from 'vitest';
import {
  cartAddressesValid,
  isAddressValid,
  matchesAddressSearch,
  postalCodeFits,
  sameAddress,
} from './address.ts';

const full = { id: 1, name: 'Clinique Vétérinaire', street: 'Rue de Namur 12', zip: '5000', city: 'Namur' };

describe('address validity (docs/product/customer-area.md)', () => {
  it('needs name, street, zip and city non-empty after trimming', () => {
    expect(isAddressValid(full)).toBe(true);
    expect(isAddressValid({ ...full, street: '   ' })).toBe(false);
    expect(isAddressValid({ ...full, zip: null })).toBe(false);
    expect(isAddressValid(null)).toBe(false);
  });

  it('accepts a dropoff site whatever its fields', () => {
    expect(isAddressValid({ is_dropoff_site: true })).toBe(true);
  });

  it('a cart needs both addresses valid; same address means same id', () => {
    expect(cartAddressesValid(full, full)).toBe(true);
    expect(cartAddressesValid(full, { ...full, city: '' })).toBe(false);
    expect(sameAddress(full, { ...full, name: 'Other' })).toBe(true);
    expect(sameAddress(full, { ...full, id: 2 })).toBe(false);
    expect(sameAddress({ name: 'a' }, { name: 'a' })).toBe(false);
  });
});

describe('address search (docs/product/customer-area.md: case- and accent-insensitive)', () => {
  it('matches every word over name, street, street2, city, zip and country name', () => {
    expect(matchesAddressSearch(full, 'VETERINAIRE namur')).toBe(true);
    expect(matchesAddressSearch(full, '5000')).toBe(true);
    expect(matchesAddressSearch(full, 'belgique', 'Belgique')).toBe(true);
    expect(matchesAddressSearch(full, 'liège')).toBe(false);
    expect(matchesAddressSearch(full, '  ')).toBe(true);
  });
});

describe('postalCodeFits (docs/decisions/postal-codes.md)', () => {
  it('checks the formats of Belgium, Luxembourg, the Netherlands, France and Germany', () => {
    expect(postalCodeFits('BE', '1000')).toBe(true);
    expect(postalCodeFits('BE', ' 9000 ')).toBe(true);
    for (const zip of ['100', '10000', '0999', 'B-1000', '1000 Brussel'])
      expect(postalCodeFits('BE', zip)).toBe(false);
    expect(postalCodeFits('LU', '1234')).toBe(true);
    expect(postalCodeFits('LU', 'L-1234')).toBe(true);
    expect(postalCodeFits('NL', '6211 AB')).toBe(true);
    expect(postalCodeFits('NL', '6211ab')).toBe(true);
    expect(postalCodeFits('NL', '6211')).toBe(false);
    expect(postalCodeFits('FR', '75001')).toBe(true);
    expect(postalCodeFits('DE', '5206')).toBe(false);
  });

  it('leaves an empty zip and the countries without a known format alone', () => {
    expect(postalCodeFits('BE', '')).toBe(true);
    expect(postalCodeFits('GB', 'SW1A 1AA')).toBe(true);
    expect(postalCodeFits('CH', 'anything')).toBe(true);
  });
});
