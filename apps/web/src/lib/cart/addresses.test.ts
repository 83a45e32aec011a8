import { describe, expect, it } from 'vitest';
import type { Address } from '@vetshop/domain';
import { addressLabel, awaitsPickupPoint, shippingChoices } from './addresses';

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

  it('knows when the order waits for a pickup point: the blocker, and no point chosen', () => {
    const point = {
      id: 7,
      carrier_id: 3,
      code: 'PR-GNT-01',
      name: 'Krantenwinkel Korenmarkt',
      street: 'Korenmarkt 3',
      street2: '',
      zip: '9000',
      city: 'Gent',
      phone: null,
      state_code: null,
      country_code: 'BE',
    };
    const cart = (pickup: typeof point | null, confirm_blockers: 'pickup_point_required'[]) => ({
      delivery: { address: branch, carrier: null, pickup, fees: 0, expected_date: null },
      confirm_blockers,
    });
    expect(awaitsPickupPoint(cart(null, ['pickup_point_required']))).toBe(true);
    expect(awaitsPickupPoint(cart(null, []))).toBe(false);
    expect(awaitsPickupPoint(cart(point, []))).toBe(false);
    // A point labels like an address.
    expect(addressLabel(point)).toBe('Krantenwinkel Korenmarkt, Korenmarkt 3, 9000 Gent');
  });
});
