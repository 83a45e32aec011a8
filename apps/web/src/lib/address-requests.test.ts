import { describe, expect, it } from 'vitest';
import type { Address } from '@vetshop/domain';
import { requestedLines } from './address-requests';

const current = {
  id: 7,
  type: 'invoicing',
  address_type: 'invoice',
  name: 'Clinique des Tilleuls',
  title: 'dr',
  street: 'Rue des Tilleuls 4',
  street2: 'Bâtiment B',
  zip: '5000',
  city: 'Namur',
  state: { code: 'WNA', name: 'Namur' },
  country_id: 'BE',
  country: { id: 'BE', code: 'BE', name: 'Belgique' },
  phone: '081 22 33 44',
  mobile: null,
  email: null,
  vat: 'BE0712345630',
  lang: 'fr',
  ref: null,
  main: true,
  is_company: true,
  is_dropoff_site: false,
  opt_in: false,
  opt_out: false,
  depot_number: null,
  subscription_number: null,
  access: { delete: false, update: true },
  change_requested: true,
} as unknown as Address;

const titles = (code: string) => ({ dr: 'Docteur', mr: 'Monsieur' })[code] ?? code;

describe('an address change request as staff read it (requestedLines)', () => {
  it('names the province, country and title and marks only the fields that change', () => {
    const lines = requestedLines(
      {
        title: 'dr',
        name: 'Clinique des Tilleuls',
        street: 'Meir 1',
        street2: '',
        zip: '2000',
        city: 'Antwerpen',
        state_code: 'VAN',
        country_code: 'BE',
        phone: '081 22 33 44',
      },
      current,
      'fr',
      titles,
    );
    expect(lines.map((l) => [l.key, l.value, l.changed])).toEqual([
      ['title', 'Docteur', false],
      ['name', 'Clinique des Tilleuls', false],
      ['street', 'Meir 1', true],
      ['street2', '', true],
      ['zip', '2000', true],
      ['city', 'Antwerpen', true],
      ['state_code', 'Anvers', true],
      ['country_code', 'Belgique', false],
      ['phone', '081 22 33 44', false],
    ]);
  });

  it('names in the staff member’s language and leaves out fields empty on both sides or not asked for', () => {
    const lines = requestedLines(
      { name: 'X', street: 'Y', zip: '1000', city: 'Brussel', country_code: 'NL' },
      current,
      'nl',
      titles,
    );
    expect(lines.find((l) => l.key === 'country_code')).toEqual({
      key: 'country_code',
      value: 'Nederland',
      changed: true,
    });
    expect(lines.some((l) => l.key === 'mobile' || l.key === 'email' || l.key === 'ref')).toBe(false);
    // Left out of the request (the address form has no title): unchanged, not listed.
    expect(lines.some((l) => l.key === 'title')).toBe(false);
    expect(lines.find((l) => l.key === 'street2')).toBeUndefined();
  });
});
