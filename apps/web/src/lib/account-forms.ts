/**
 * zod schemas of the account forms, built on the api's contracts (@vetshop/domain
 * contracts/account.ts) with what only the forms need: password confirmations, empty selects
 * meaning "none". Messages are the stable error codes shown as `validation.<code>`.
 * Pure (no framework), unit-tested; used by the client components in components/account.
 */
import { z } from 'zod';
import {
  addressInputSchema,
  passwordSchema,
  profileUpdateSchema,
  registrationInputSchema,
  titleSchema,
} from '@vetshop/domain';

/**
 * Registration form (docs/product/accounts.md#registration-fields, docs/product/community-and-content.md): registrationInputSchema plus
 * `password_confirmation`. With `withPassword` (credentials mode) the password is required
 * (`required`) and must equal its confirmation (`password_mismatch` on password_confirmation);
 * without it (oidc modes) any password is ignored by the caller.
 */
export function registerFormSchema(withPassword: boolean) {
  return registrationInputSchema
    .safeExtend({ password_confirmation: z.string().optional() })
    .superRefine((value, ctx) => {
      if (!withPassword) return;
      if (!value.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'required' });
      else if (value.password !== value.password_confirmation)
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'password_mismatch' });
    });
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
