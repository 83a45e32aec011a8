import { describe, expect, it } from 'vitest';
import { FUNCTIONS } from '../contracts/account.ts';
import { legalClass, restrictionReason, type RestrictionCustomer } from './restrictions.ts';

const product = (flags: Record<string, boolean>, allowedPartnerTypes: string[] = []) => ({
  flags,
  allowedPartnerTypes,
});
const rx = product({ meds: true, pharmaceutical: true, prescription: true, veterinary_only: true });
const pomVps = product({ meds: true, pharmaceutical: true, prescription: true });
const otc = product({ meds: true, pharmaceutical: true });
const narcotic = product({ meds: true, prescription: true, veterinary_only: true, narcotic_vet: true });
const psychotropic = product({ meds: true, prescription: true, veterinary_only: true, psychotropic: true });
const food = product({ food: true });

const customer = (fn: string, extra: Partial<RestrictionCustomer> = {}): RestrictionCustomer => ({
  function: fn,
  depotNumber: fn === 'veterinary' ? 'DEP-1' : null,
  apbNumber: fn === 'pharmacist' ? 'APB-1' : null,
  deliveryCountry: 'BE',
  ...extra,
});

describe('restrictionReason (docs/decisions/regulated-products.md)', () => {
  it('lets every function order products that are not medicines', () => {
    for (const fn of FUNCTIONS) expect(restrictionReason(food, customer(fn))).toBeNull();
  });

  it('keeps prescription medicines to veterinarians with a depot, pharmacists with an APB number and wholesalers', () => {
    expect(restrictionReason(rx, customer('veterinary'))).toBeNull();
    expect(restrictionReason(rx, customer('veterinary', { depotNumber: null }))).toBe(
      'prescription_requires_depot',
    );
    expect(restrictionReason(rx, customer('veterinary', { depotNumber: '  ' }))).toBe(
      'prescription_requires_depot',
    );
    expect(restrictionReason(rx, customer('wholesaler'))).toBeNull();
    expect(restrictionReason(pomVps, customer('pharmacist'))).toBeNull();
    expect(restrictionReason(pomVps, customer('pharmacist', { apbNumber: null }))).toBe(
      'prescription_requires_apb',
    );
    expect(restrictionReason(pomVps, customer('nurse'))).toBe('prescription_not_allowed');
    expect(restrictionReason(pomVps, customer('supplier'))).toBe('prescription_not_allowed');
  });

  it('refuses veterinary-only medicines to pharmacists, nurses and suppliers', () => {
    expect(restrictionReason(rx, customer('pharmacist'))).toBe('veterinary_only');
    expect(restrictionReason(rx, customer('nurse'))).toBe('veterinary_only');
    expect(restrictionReason(rx, customer('supplier'))).toBe('veterinary_only');
  });

  it('never lets a student order a medicine, even over the counter', () => {
    expect(restrictionReason(otc, customer('student'))).toBe('student_no_medicines');
    expect(restrictionReason(rx, customer('student'))).toBe('student_no_medicines');
    expect(restrictionReason(otc, customer('nurse'))).toBeNull();
  });

  it('keeps narcotics and psychotropics to veterinarians with a depot number', () => {
    expect(restrictionReason(narcotic, customer('veterinary'))).toBeNull();
    expect(restrictionReason(narcotic, customer('wholesaler'))).toBe('narcotic_requires_depot');
    expect(restrictionReason(narcotic, customer('veterinary', { depotNumber: null }))).toBe(
      'narcotic_requires_depot',
    );
    expect(restrictionReason(psychotropic, customer('pharmacist'))).toBe('psychotropic_requires_depot');
  });

  it('refuses Belgium-only products for another delivery country, even with an exception', () => {
    const beOnly = product({ food: true, belgium_only: true });
    expect(restrictionReason(beOnly, customer('veterinary'))).toBeNull();
    expect(restrictionReason(beOnly, customer('veterinary', { deliveryCountry: 'be' }))).toBeNull();
    expect(restrictionReason(beOnly, customer('veterinary', { deliveryCountry: 'NL' }))).toBe('belgium_only');
    expect(
      restrictionReason(beOnly, customer('veterinary', { deliveryCountry: 'NL', exception: true })),
    ).toBe('belgium_only');
    expect(restrictionReason(beOnly, customer('veterinary', { deliveryCountry: null }))).toBeNull();
  });

  it('checks the allowed partner types, and a staff exception lifts the function rules', () => {
    const vetsOnly = product({ equipment: true }, ['veterinary', 'nurse']);
    expect(restrictionReason(vetsOnly, customer('nurse'))).toBeNull();
    expect(restrictionReason(vetsOnly, customer('pharmacist'))).toBe('partner_type_not_allowed');
    expect(restrictionReason(vetsOnly, customer('pharmacist', { exception: true }))).toBeNull();
    expect(restrictionReason(rx, customer('student', { exception: true }))).toBeNull();
  });
});

describe('legalClass', () => {
  it('names the strictest legal category, OTC for other medicines, null for the rest', () => {
    expect(legalClass(narcotic.flags)).toBe('narcotic');
    expect(legalClass(psychotropic.flags)).toBe('psychotropic');
    expect(legalClass(pomVps.flags)).toBe('prescription');
    expect(legalClass(otc.flags)).toBe('otc');
    expect(legalClass(food.flags)).toBeNull();
  });
});
