import { describe, expect, it } from 'vitest';
import { addressInputSchema, registrationInputSchema, setPasswordSchema } from './account.ts';

const application = {
  title: 'dr',
  first_name: 'Anne',
  last_name: 'Peeters',
  email: 'Anne.Peeters@Example.BE',
  mobile: '+32 470 12 34 56',
  company_name: 'Dierenkliniek Peeters',
  vat: 'BE 0403.170.701',
  street: 'Kerkstraat 1',
  zip: '9000',
  city: 'Gent',
  country: 'BE',
  function: 'veterinary',
  vet_activities: ['pet', 'equine'],
  terms_accepted: true,
};

/** Field → code of every issue of a failed parse. */
function codes(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('registrationInputSchema (docs/product/accounts.md#registration-fields, docs/product/accounts.md)', () => {
  it('accepts a complete application and lower-cases the email; opt-in defaults to false', () => {
    const parsed = registrationInputSchema.parse(application);
    expect(parsed.email).toBe('anne.peeters@example.be');
    expect(parsed.opt_in).toBe(false);
  });

  it('requires the terms consent', () => {
    expect(codes(registrationInputSchema.safeParse({ ...application, terms_accepted: false }))).toEqual({
      terms_accepted: 'terms_required',
    });
  });

  it('names the VAT field with the reason; an empty VAT is allowed only when pending', () => {
    expect(codes(registrationInputSchema.safeParse({ ...application, vat: 'BE0403170702' }))).toEqual({
      vat: 'vat_checksum',
    });
    expect(codes(registrationInputSchema.safeParse({ ...application, vat: '' }))).toEqual({
      vat: 'vat_required',
    });
    expect(registrationInputSchema.safeParse({ ...application, vat: '', vat_pending: true }).success).toBe(
      true,
    );
  });

  it('gives stable codes for unknown country, malformed email, overlong and extra fields', () => {
    const result = codes(
      registrationInputSchema.safeParse({
        ...application,
        country: 'XX',
        email: 'not-an-email',
        company_name: 'x'.repeat(121),
      }),
    );
    expect(result).toEqual({ country: 'unknown_country', email: 'invalid_email', company_name: 'too_long' });
    expect(registrationInputSchema.safeParse({ ...application, is_admin: true }).success).toBe(false);
  });
});

describe('other account inputs', () => {
  it('address input requires name, street, zip and city', () => {
    const result = codes(
      addressInputSchema.safeParse({ name: ' ', street: '', zip: '1000', city: 'Bxl', country_code: 'BE' }),
    );
    expect(result).toEqual({ name: 'required', street: 'required' });
  });

  it('set_password takes a token or the current password, with a 10-character minimum', () => {
    expect(setPasswordSchema.safeParse({ token: 'x'.repeat(43), password: 'long enough!' }).success).toBe(
      true,
    );
    expect(setPasswordSchema.safeParse({ current_password: 'old', password: 'long enough!' }).success).toBe(
      true,
    );
    expect(setPasswordSchema.safeParse({ token: 'x'.repeat(43), password: 'short' }).success).toBe(false);
  });
});
