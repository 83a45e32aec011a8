/**
 * zod schemas of the account forms, built on the api's contracts (@vetshop/domain
 * contracts/account.ts) with what only the forms need: password confirmations, empty selects
 * meaning "none". Messages are the stable error codes shown as `validation.<code>`.
 * Pure (no framework), unit-tested; used by the client components in components/account.
 */
import { z } from 'zod';
import {
  addressInputSchema,
  checkVat,
  passwordSchema,
  postalCodeFits,
  profileUpdateSchema,
  registrationInputSchema,
  titleSchema,
} from '@vetshop/domain';

/**
 * Registration form (docs/product/accounts.md#registration-fields, docs/product/community-and-content.md): registrationInputSchema plus
 * `password_confirmation`. With `withPassword` (credentials mode) the password is required
 * (`required` when empty, else the contract's `password_too_short` / `too_long`) and so is its
 * confirmation (`required`), which must equal it (`password_mismatch`); without it (oidc modes) any
 * password is ignored by the caller.
 *
 * Every error shows on the first submit: zod skips an object's refinements while one of its fields
 * fails, so the contract's VAT and postal-code rules (and the password rules here) would only
 * speak once every other field is right. The form's own check runs whatever the other fields give
 * ({@link registerFormIssues}) and adds a code only to a field that has none yet.
 */
export function registerFormSchema(withPassword: boolean) {
  return registrationInputSchema
    .safeExtend({ password: z.string().optional(), password_confirmation: z.string().optional() })
    .superRefine(
      (value, ctx) => {
        const taken = new Set(ctx.issues.map((issue) => issue.path?.[0]));
        for (const [field, code] of registerFormIssues(value, withPassword)) {
          if (!taken.has(field)) ctx.addIssue({ code: 'custom', path: [field], message: code });
        }
      },
      { when: () => true },
    );
}

/** What {@link registerFormIssues} reads of the form's values (any of them may be missing or wrong). */
interface RegisterFormValues {
  vat?: unknown;
  vat_pending?: unknown;
  zip?: unknown;
  country?: unknown;
  password?: unknown;
  password_confirmation?: unknown;
}

/**
 * The cross-field codes of the registration form as `[field, code]` pairs, from values that may
 * hold errors elsewhere: the VAT number unless "VAT pending" is chosen with an empty number
 * (checkVat: `vat_required`, `vat_country`, `vat_format`, `vat_checksum`), the postal code against
 * the country (`zip_format`, docs/decisions/postal-codes.md) and, with `withPassword`, the
 * password and its confirmation (`required`, `password_too_short`, `too_long`, `password_mismatch`).
 */
export function registerFormIssues(values: RegisterFormValues, withPassword: boolean): [string, string][] {
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  const issues: [string, string][] = [];
  const vat = str(values.vat);
  if (!(values.vat_pending === true && vat.trim() === '')) {
    const check = checkVat(vat);
    if (!check.ok) issues.push(['vat', check.error]);
  }
  if (!postalCodeFits(str(values.country), str(values.zip))) issues.push(['zip', 'zip_format']);
  if (withPassword) {
    const password = str(values.password);
    const confirmation = str(values.password_confirmation);
    if (password === '') issues.push(['password', 'required']);
    else {
      const checked = passwordSchema.safeParse(password);
      if (!checked.success) issues.push(['password', checked.error.issues[0]?.message ?? 'invalid']);
    }
    if (confirmation === '') issues.push(['password_confirmation', 'required']);
    else if (password !== '' && password !== confirmation)
      issues.push(['password_confirmation', 'password_mismatch']);
  }
  return issues;
}

/**
 * The body of POST registrations from the validated form values: without the confirmation, with
 * the interface `locale`, and with the password only in the credentials mode.
 */
export function registrationBody<T extends { password?: string; password_confirmation?: string }>(
  values: T,
  locale: string,
  withPassword: boolean,
): Omit<T, 'password' | 'password_confirmation'> & { locale: string; password?: string } {
  const { password_confirmation: _confirmation, password, ...rest } = values;
  return { ...rest, locale, ...(withPassword && password ? { password } : {}) };
}

/** Contact form (POST user): the api's contract, an empty title select meaning "no title" (null). */
export const contactFormSchema = profileUpdateSchema.extend({
  title: z.union([z.literal(''), titleSchema]).transform((v) => (v === '' ? null : v)),
});

/** Change password (POST auth/set_password with the current password) with its confirmation. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, { error: 'required' }),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: 'password_mismatch',
  });

/** New password from a mailed reset link (POST auth/set_password with the token) with its confirmation. */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: 'password_mismatch',
  });

/** Address form (POST addresses/{type}[/{id}]): the api's AddressInput, an empty state select meaning none (null). */
export const addressFormSchema = addressInputSchema.safeExtend({
  state_code: z
    .string()
    .max(10, { error: 'too_long' })
    .transform((v) => (v === '' ? null : v)),
});
