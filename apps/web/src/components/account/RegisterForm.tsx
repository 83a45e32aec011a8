'use client';

import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { FUNCTIONS, TITLES, VET_ACTIVITIES, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { registerFormSchema, registrationBody } from '@/lib/account-forms';
import { splitFieldErrors } from '@/lib/form-errors';
import {
  CheckboxField,
  FieldError,
  FormMessage,
  RequiredNote,
  SelectField,
  TextAreaField,
  TextField,
  primaryButtonClass,
} from './fields';
import { Link } from '@/i18n/navigation';

type FormSchema = ReturnType<typeof registerFormSchema>;
type Output = z.output<FormSchema>;
/** What the inputs hold (checkboxes may be unticked, selects empty, before validation). */
type Values = Omit<z.input<FormSchema>, 'terms_accepted' | 'title' | 'function' | 'country'> & {
  terms_accepted: boolean;
  title: string;
  function: string;
  country: string;
};

/** Field names in the order they are shown (focus goes to the first one in error). */
const FIELD_ORDER = [
  'title',
  'first_name',
  'last_name',
  'email',
  'mobile',
  'fax',
  'company_name',
  'vat',
  'vat_pending',
  'street',
  'street2',
  'zip',
  'city',
  'country',
  'function',
  'vet_activities',
  'apb_number',
  'ordre_number',
  'subscription_number',
  'depot_number',
  'comment',
  'password',
  'password_confirmation',
  'terms_accepted',
  'opt_in',
] as const satisfies readonly (keyof Values)[];

/**
 * Public customer registration (docs/product/accounts.md#registration /{lang}/account/register; docs/product/accounts.md#registration-fields; docs/product/community-and-content.md
 * "Terms consent is required. The promotions opt-in is optional. Required fields are marked").
 * Client validation with the shared zod contract; POST /registrations through the /api proxy;
 * a 400's `errors[{field, code}]` are shown next to their fields (`validation.<code>`), focus on
 * the first. Success replaces the form with "application received, staff will review it".
 * `countries` come from GET settings (names in the interface language).
 */
export function RegisterForm({
  locale,
  countries,
  withPassword,
}: {
  locale: Locale;
  countries: { code: string; name: string }[];
  withPassword: boolean;
}) {
  const t = useTranslations('register');
  const tTitles = useTranslations('titles');
  const tFunctions = useTranslations('functions');
  const tNumbers = useTranslations('staffCustomers.numbers');
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    control,
    watch,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(registerFormSchema(withPassword)) as unknown as Resolver<Values, unknown, Output>,
    defaultValues: {
      title: '',
      first_name: '',
      last_name: '',
      email: '',
      mobile: '',
      fax: '',
      company_name: '',
      vat: '',
      vat_pending: false,
      street: '',
      street2: '',
      zip: '',
      city: '',
      country: 'BE',
      function: '',
      vet_activities: [],
      apb_number: '',
      ordre_number: '',
      subscription_number: '',
      depot_number: '',
      comment: '',
      password: '',
      password_confirmation: '',
      terms_accepted: false,
      opt_in: false,
      locale,
    },
  });
  const vatPending = watch('vat_pending');

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (done) successRef.current?.focus();
  }, [done]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = registrationBody(values, locale, withPassword);
    const result = await callApi('POST', '/registrations', { locale, body, on401: 'report' });
    if (result.ok) {
      setDone(true);
      return;
    }
    const { byField, other } = splitFieldErrors(result.problem, FIELD_ORDER);
    const first = FIELD_ORDER.find((name) => byField[name] !== undefined);
    for (const name of FIELD_ORDER) {
      const code = byField[name];
      if (code) setError(name, { type: 'server', message: code });
    }
    if (first) setFocus(first);
    if (!first || other.length > 0) {
      setFailure(result.problem.status === 400 ? 'invalid' : 'technical');
    }
  });

  if (done) {
    return (
      <FormMessage kind="success" ref={successRef} testId="register-success">
        <h2 className="text-lg font-semibold">{t('successTitle')}</h2>
        <p className="mt-1">{t('successText')}</p>
        <p className="mt-2">
          <Link href="/" className="font-semibold underline">
            {t('backHome')}
          </Link>
        </p>
      </FormMessage>
    );
  }

  const err = (name: (typeof FIELD_ORDER)[number]): string | undefined => {
    const e = errors[name];
    return e && 'message' in e && typeof e.message === 'string' ? e.message : undefined;
  };
  const legend = 'text-lg font-semibold text-brand';
  const grid = 'grid gap-4 md:grid-cols-2';

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-8"
      data-testid="register-form"
      aria-labelledby="register-heading"
    >
      <RequiredNote />
      {failure ? (
        <FormMessage kind="error" ref={alertRef} testId="register-error">
          {failure === 'invalid' ? t('invalid') : t('technical')}
        </FormMessage>
      ) : null}

      <fieldset className="space-y-4">
        <legend className={legend}>{t('personal')}</legend>
        <div className={grid}>
          <SelectField
            id="register-title"
            label={t('fields.title')}
            required
            placeholder={t('choose')}
            options={TITLES.map((v) => ({ value: v, label: tTitles(v) }))}
            registration={register('title')}
            error={err('title')}
            autoComplete="honorific-prefix"
            testId="register-title"
          />
          <div className="hidden md:block" />
          <TextField
            id="register-first_name"
            label={t('fields.first_name')}
            required
            autoComplete="given-name"
            registration={register('first_name')}
            error={err('first_name')}
            testId="register-first_name"
          />
          <TextField
            id="register-last_name"
            label={t('fields.last_name')}
            required
            autoComplete="family-name"
            registration={register('last_name')}
            error={err('last_name')}
            testId="register-last_name"
          />
          <TextField
            id="register-email"
            label={t('fields.email')}
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            hint={t('hints.email')}
            registration={register('email')}
            error={err('email')}
            testId="register-email"
          />
          <TextField
            id="register-mobile"
            label={t('fields.mobile')}
            type="tel"
            required
            autoComplete="tel"
            registration={register('mobile')}
            error={err('mobile')}
            testId="register-mobile"
          />
          <TextField
            id="register-fax"
            label={t('fields.fax')}
            type="tel"
            autoComplete="off"
            registration={register('fax')}
            error={err('fax')}
            testId="register-fax"
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={legend}>{t('company')}</legend>
        <div className={grid}>
          <TextField
            id="register-company_name"
            label={t('fields.company_name')}
            required
            autoComplete="organization"
            registration={register('company_name')}
            error={err('company_name')}
            testId="register-company_name"
            className="md:col-span-2"
          />
          <TextField
            id="register-vat"
            label={t('fields.vat')}
            required={!vatPending}
            hint={t('hints.vat')}
            registration={register('vat')}
            error={err('vat')}
            testId="register-vat"
          />
          <Controller
            control={control}
            name="vat_pending"
            render={({ field }) => (
              <fieldset aria-describedby="register-vat_pending-hint">
                <legend className="block text-sm font-medium">{t('fields.vat_pending')}</legend>
                <div className="mt-2 flex gap-6">
                  {[true, false].map((choice) => (
                    <label key={String(choice)} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name={field.name}
                        value={String(choice)}
                        checked={field.value === choice}
                        onChange={() => field.onChange(choice)}
                        onBlur={field.onBlur}
                        ref={choice ? field.ref : undefined}
                        data-testid={`register-vat_pending-${choice ? 'yes' : 'no'}`}
                        className="h-4 w-4 accent-brand"
                      />
                      {choice ? t('yes') : t('no')}
                    </label>
                  ))}
                </div>
                <p id="register-vat_pending-hint" className="mt-1 text-sm text-muted">
                  {t('hints.vat_pending')}
                </p>
              </fieldset>
            )}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={legend}>{t('address')}</legend>
        <div className={grid}>
          <TextField
            id="register-street"
            label={t('fields.street')}
            required
            autoComplete="address-line1"
            registration={register('street')}
            error={err('street')}
            testId="register-street"
          />
          <TextField
            id="register-street2"
            label={t('fields.street2')}
            autoComplete="address-line2"
            registration={register('street2')}
            error={err('street2')}
            testId="register-street2"
          />
          <TextField
            id="register-zip"
            label={t('fields.zip')}
            required
            autoComplete="postal-code"
            registration={register('zip')}
            error={err('zip')}
            testId="register-zip"
          />
          <TextField
            id="register-city"
            label={t('fields.city')}
            required
            autoComplete="address-level2"
            registration={register('city')}
            error={err('city')}
            testId="register-city"
          />
          <SelectField
            id="register-country"
            label={t('fields.country')}
            required
            placeholder={t('choose')}
            options={countries.map((c) => ({ value: c.code, label: c.name }))}
            autoComplete="country"
            registration={register('country')}
            error={err('country')}
            testId="register-country"
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={legend}>{t('professional')}</legend>
        <div className={grid}>
          <SelectField
            id="register-function"
            label={t('fields.function')}
            required
            placeholder={t('choose')}
            options={FUNCTIONS.map((v) => ({ value: v, label: tFunctions(v) }))}
            registration={register('function')}
            error={err('function')}
            testId="register-function"
          />
          <fieldset aria-describedby={err('vet_activities') ? 'register-vet_activities-error' : undefined}>
            <legend className="block text-sm font-medium">{t('fields.vet_activities')}</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {VET_ACTIVITIES.map((activity) => (
                <label key={activity} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={activity}
                    data-testid={`register-vet_activities-${activity}`}
                    className="h-4 w-4 accent-brand"
                    {...register('vet_activities')}
                  />
                  {t(`activities.${activity}`)}
                </label>
              ))}
            </div>
            <FieldError id="register-vet_activities" code={err('vet_activities')} />
          </fieldset>
          <TextField
            id="register-apb_number"
            label={t('fields.apb_number')}
            hint={t('hints.apb_number')}
            registration={register('apb_number')}
            error={err('apb_number')}
            testId="register-apb_number"
          />
          <TextField
            id="register-ordre_number"
            label={tNumbers('ordre_number')}
            registration={register('ordre_number')}
            error={err('ordre_number')}
            testId="register-ordre_number"
          />
          <TextField
            id="register-subscription_number"
            label={t('fields.subscription_number')}
            registration={register('subscription_number')}
            error={err('subscription_number')}
            testId="register-subscription_number"
          />
          <TextField
            id="register-depot_number"
            label={t('fields.depot_number')}
            registration={register('depot_number')}
            error={err('depot_number')}
            testId="register-depot_number"
          />
        </div>
        <TextAreaField
          id="register-comment"
          label={t('fields.comment')}
          registration={register('comment')}
          error={err('comment')}
          testId="register-comment"
        />
      </fieldset>

      {withPassword ? (
        <fieldset className="space-y-4">
          <legend className={legend}>{t('passwordSection')}</legend>
          <div className={grid}>
            <TextField
              id="register-password"
              label={t('fields.password')}
              type="password"
              required
              autoComplete="new-password"
              hint={t('hints.password')}
              registration={register('password')}
              error={err('password')}
              testId="register-password"
            />
            <TextField
              id="register-password_confirmation"
              label={t('fields.password_confirmation')}
              type="password"
              required
              autoComplete="new-password"
              registration={register('password_confirmation')}
              error={err('password_confirmation')}
              testId="register-password_confirmation"
            />
          </div>
        </fieldset>
      ) : null}

      <fieldset className="space-y-3">
        <legend className={legend}>{t('consents')}</legend>
        <CheckboxField
          id="register-terms_accepted"
          label={t('fields.terms_accepted')}
          required
          registration={register('terms_accepted')}
          error={err('terms_accepted')}
          testId="register-terms_accepted"
        />
        <CheckboxField
          id="register-opt_in"
          label={t('fields.opt_in')}
          registration={register('opt_in')}
          error={err('opt_in')}
          testId="register-opt_in"
        />
      </fieldset>

      <button
        type="submit"
        className={primaryButtonClass}
        disabled={isSubmitting}
        data-testid="register-submit"
      >
        {isSubmitting ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
