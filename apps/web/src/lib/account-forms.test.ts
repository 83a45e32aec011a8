import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addressFormSchema,
  changePasswordFormSchema,
  contactFormSchema,
  newPasswordFormSchema,
  registerFormSchema,
  registrationBody,
} from './account-forms';

/** A complete, valid application (docs/product/accounts.md#registration-fields) as the form holds it. */
const application = {
  title: 'dr',
  first_name: 'Anne',
  last_name: 'Dupont',
  email: ' Anne.Dupont@Example.be ',
  mobile: '+32 470 12 34 56',
  fax: '',
  company_name: 'Clinique Dupont',
  vat: 'BE0123456749',
  vat_pending: false,
  street: 'Rue Haute 1',
  street2: '',
  zip: '5000',
  city: 'Namur',
  country: 'BE',
  function: 'veterinary',
  vet_activities: ['pet', 'equine'],
  apb_number: '',
  subscription_number: 'N1234',
  depot_number: '',
  comment: '',
  password: 'a-long-password-1',
  password_confirmation: 'a-long-password-1',
  terms_accepted: true,
  opt_in: false,
  locale: 'fr',
};

/** `{field: code}` of a failed parse (first code per field). */
function codes(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('registration form', () => {
  it('accepts a complete application and normalises the email', () => {
    const parsed = registerFormSchema(true).parse(application);
    expect(parsed.email).toBe('anne.dupont@example.be');
    expect(parsed.vet_activities).toEqual(['pet', 'equine']);
  });

  it('names each wrong field with its code', () => {
    const result = registerFormSchema(true).safeParse({
      ...application,
      title: '',
      email: 'not-an-email',
      vat: 'BE0123456789',
      country: 'US',
      terms_accepted: false,
      first_name: 'x'.repeat(81),
    });
    expect(codes(result)).toMatchObject({
      title: 'required',
      email: 'invalid_email',
      country: 'unknown_country',
      terms_accepted: 'terms_required',
      first_name: 'too_long',
    });
  });

  it('checks the Belgian VAT checksum unless the VAT number is pending', () => {
    expect(codes(registerFormSchema(true).safeParse({ ...application, vat: 'BE0123456789' }))).toEqual({
      vat: 'vat_checksum',
    });
    expect(codes(registerFormSchema(true).safeParse({ ...application, vat: '' }))).toEqual({
      vat: 'vat_required',
    });
    expect(registerFormSchema(true).safeParse({ ...application, vat: '', vat_pending: true }).success).toBe(
      true,
    );
  });

  it('requires a matching password in the credentials mode only', () => {
    expect(
      codes(
        registerFormSchema(true).safeParse({ ...application, password_confirmation: 'another-password' }),
      ),
    ).toEqual({ password_confirmation: 'password_mismatch' });
    expect(
      codes(
        registerFormSchema(true).safeParse({
          ...application,
          password: undefined,
          password_confirmation: '',
        }),
      ),
    ).toEqual({ password: 'required', password_confirmation: 'required' });
    expect(
      registerFormSchema(false).safeParse({ ...application, password: undefined, password_confirmation: '' })
        .success,
    ).toBe(true);
  });

  it('names every field in error on the first submit of an empty form, VAT and confirmation included', async () => {
    // What the form holds before anything is typed (RegisterForm's default values).
    const empty = {
      ...Object.fromEntries(Object.keys(application).map((k) => [k, ''])),
      vat_pending: false,
      vet_activities: [],
      country: 'BE',
      terms_accepted: false,
      opt_in: false,
      locale: 'fr',
    };
    const expected = {
      title: 'required',
      first_name: 'required',
      last_name: 'required',
      email: 'required',
      mobile: 'required',
      company_name: 'required',
      vat: 'vat_required',
      street: 'required',
      zip: 'required',
      city: 'required',
      function: 'required',
      password: 'required',
      password_confirmation: 'required',
      terms_accepted: 'terms_required',
    };
    expect(codes(registerFormSchema(true).safeParse(empty))).toEqual(expected);
    // The same through react-hook-form's resolver, which the form's error texts come from.
    const resolve = zodResolver(registerFormSchema(true));
    const { errors } = await resolve(empty as unknown as Parameters<typeof resolve>[0], undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, e?.message]))).toEqual(expected);
    // "VAT pending" still allows an empty number while other fields fail.
    expect(codes(registerFormSchema(true).safeParse({ ...empty, vat_pending: true })).vat).toBeUndefined();
  });

  it('checks VAT, postal code and passwords even while another field fails, one code per field', () => {
    const withOtherError = { ...application, first_name: '' };
    expect(codes(registerFormSchema(true).safeParse({ ...withOtherError, vat: 'BE0123456789' }))).toEqual({
      first_name: 'required',
      vat: 'vat_checksum',
    });
    expect(codes(registerFormSchema(true).safeParse({ ...withOtherError, zip: '12' }))).toEqual({
      first_name: 'required',
      zip: 'zip_format',
    });
    expect(
      codes(registerFormSchema(true).safeParse({ ...withOtherError, password_confirmation: 'another-one' })),
    ).toEqual({ first_name: 'required', password_confirmation: 'password_mismatch' });
    expect(
      codes(
        registerFormSchema(true).safeParse({
          ...withOtherError,
          password: 'short',
          password_confirmation: 'short',
        }),
      ),
    ).toEqual({ first_name: 'required', password: 'password_too_short' });
    // A field the contract's own rule already named is not named twice.
    const issues = registerFormSchema(true).safeParse({ ...application, vat: 'BE0123456789' }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([['vat', 'vat_checksum']]);
    // Without a local password (oidc modes) nothing is said of an empty one.
    expect(
      codes(
        registerFormSchema(false).safeParse({ ...withOtherError, password: '', password_confirmation: '' }),
      ),
    ).toEqual({ first_name: 'required' });
  });

  it('sends no confirmation, the interface locale, and a password only in the credentials mode', () => {
    const values = registerFormSchema(true).parse(application);
    const withPassword = registrationBody(values, 'nl', true);
    expect(withPassword).not.toHaveProperty('password_confirmation');
    expect(withPassword).toMatchObject({
      locale: 'nl',
      password: 'a-long-password-1',
      company_name: 'Clinique Dupont',
    });
    expect(registrationBody(values, 'en', false)).not.toHaveProperty('password');
  });
});

describe('profile forms', () => {
  it('turns an empty title into null and keeps the contract checks', () => {
    const ok = contactFormSchema.parse({
      title: '',
      given_name: ' Pieter ',
      family_name: 'De Smet',
      phone: '',
      mobile: '+32 476 23 45 67',
      locale: 'nl',
    });
    expect(ok).toMatchObject({ title: null, given_name: 'Pieter' });
    const bad = contactFormSchema.safeParse({
      title: 'king',
      given_name: '',
      family_name: 'X',
      phone: 'abc',
      locale: 'nl',
    });
    expect(codes(bad)).toMatchObject({ given_name: 'required', phone: 'invalid_phone' });
    expect(codes(bad).title).toBeDefined();
  });

  it('asks the current password and a confirmed new password of at least 10 characters', () => {
    expect(
      codes(
        changePasswordFormSchema.safeParse({
          current_password: '',
          password: 'short',
          password_confirmation: 'short',
        }),
      ),
    ).toEqual({ current_password: 'required', password: 'password_too_short' });
    expect(
      codes(
        changePasswordFormSchema.safeParse({
          current_password: 'old-password',
          password: 'a-new-password',
          password_confirmation: 'a-new-passworD',
        }),
      ),
    ).toEqual({ password_confirmation: 'password_mismatch' });
    expect(
      newPasswordFormSchema.safeParse({ password: 'a-new-password', password_confirmation: 'a-new-password' })
        .success,
    ).toBe(true);
  });
});

describe('address form', () => {
  const address = {
    name: 'Cabinet Été',
    street: 'Rue de la Loi 16',
    street2: '',
    zip: '1000',
    city: 'Bruxelles',
    country_code: 'BE',
    state_code: '',
    phone: '',
    mobile: '',
    email: '',
  };

  it('sends no state for an empty state select', () => {
    expect(addressFormSchema.parse(address).state_code).toBeNull();
    expect(addressFormSchema.parse({ ...address, state_code: 'BBR' }).state_code).toBe('BBR');
  });

  it('gives the form the email code of a malformed email, not the first branch of its union', async () => {
    // The form reads react-hook-form's errors, which the resolver takes from zod's issues.
    const resolve = zodResolver(addressFormSchema);
    const errorsOf = async (values: Record<string, string>) =>
      (
        await resolve({ ...address, ...values } as Parameters<typeof resolve>[0], undefined, {
          fields: {},
          shouldUseNativeValidation: false,
        })
      ).errors;
    expect((await errorsOf({ email: 'not-an-email' })).email?.message).toBe('invalid_email');
    expect(await errorsOf({ email: '' })).toEqual({});
  });

  it('checks the postal code against the country (docs/decisions/postal-codes.md)', () => {
    const zipOf = (zip: string, country_code: string) =>
      codes(addressFormSchema.safeParse({ ...address, zip, country_code })).zip;
    expect(zipOf('12', 'BE')).toBe('zip_format');
    expect(zipOf('0900', 'BE')).toBe('zip_format');
    expect(zipOf('9000', 'BE')).toBeUndefined();
    expect(zipOf('6211 AB', 'NL')).toBeUndefined();
    expect(zipOf('6211', 'NL')).toBe('zip_format');
    expect(zipOf('L-1234', 'LU')).toBeUndefined();
    expect(zipOf('7500', 'FR')).toBe('zip_format');
    expect(zipOf('SW1A 1AA', 'GB')).toBeUndefined();
  });

  it('requires name, street, zip and city and checks the email', () => {
    const result = addressFormSchema.safeParse({
      ...address,
      name: ' ',
      street: '',
      zip: '',
      city: '',
      email: 'x@',
    });
    expect(codes(result)).toEqual({
      name: 'required',
      street: 'required',
      zip: 'required',
      city: 'required',
      email: 'invalid_email',
    });
  });
});
