import { describe, expect, it } from 'vitest';
import type { Address } from '@vetshop/domain';
import { addressLabel, shippingChoices } from './addresses';

const address = (id: number, name: string, extra: Partial<Address> = {}): Address => ({
  id,
  type: 'delivery',
  address_type: null,
  name,
  title: null,
  street: `Street ${id}`,
  street2: '',
  zip: '9000',
  city: 'Gent',
  state: null,
  country_id: 'BE',
  country: { id: 'BE', code: 'BE', name: 'Belgium' },
  phone: null,
  mobile: null,
  email: null,
  vat: null,
  lang: null,
  ref: null,
  main: false,
  is_company: true,
  is_dropoff_site: false,
  opt_in: false,
  opt_out: false,
  depot_number: null,
  subscription_number: null,
  access: { delete: true, update: true },
  change_requested: false,
  ...extra,
});

describe('shippingChoices', () => {
  const main = address(1, 'De Linde', { type: 'invoicing', main: true });
  const branch = address(2, 'De Linde — tweede vestiging', { city: 'Mariakerke' });

  it('offers the main address first, then each delivery address', () => {
    const choices = shippingChoices([main], [branch], main);
    expect(choices.map((c) => [c.address.id, c.main])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('always holds the cart’s current address, once', () => {
    const elsewhere = address(9, 'Old depot');
    expect(shippingChoices([main], [branch], elsewhere).map((c) => c.address.id)).toEqual([1, 2, 9]);
    expect(shippingChoices([main], [branch, branch], branch).map((c) => c.address.id)).toEqual([1, 2]);
    expect(shippingChoices([], [], elsewhere).map((c) => c.address.id)).toEqual([9]);
  });

  it('labels an address with its name, street and city', () => {
    expect(addressLabel(branch)).toBe('De Linde — tweede vestiging, Street 2, 9000 Mariakerke');
  });
});
