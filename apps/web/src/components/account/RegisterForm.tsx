'use client';

import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { FUNCTIONS, TITLES, VET_ACTIVITIES, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { registerFormSchema, registrationBody } from '@/lib/account-forms';
import { splitFieldErrors, waitFailureOf, type WaitFailure } from '@/lib/form-errors';
import {
  Checkbox,
  FieldMessages,
  FormMessage,
  RequiredNote,
  Select,
  SubmitButton,
  TextArea,
  TextInput,
  useFieldError,
} from '@/components/ui/form';
import { checkboxClass, hintClass, labelClass } from '@/components/ui/styles';
import { Link } from '@/i18n/navigation';
import { WaitText } from './WaitText';

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
 * the first; a 429 or a busy hashing queue says how long to wait (WaitText), the form keeping what
 * was typed. Success replaces the form with "application received, staff will review it".
 * `countries` come from GET settings (names in the interface language). `termsHref`, the path
 * without locale of the terms-of-sale page (`/page/<url>`, docs/decisions/terms-of-sale-link.md),
 * links the consent box's words to the terms, opened in a new tab so the form keeps what was typed;
 * null when no published page holds them (the words stay plain).
 */
export function RegisterForm({
  locale,
  countries,
  withPassword,
  termsHref,
}: {
  locale: Locale;
  countries: { code: string; name: string }[];
  withPassword: boolean;
  termsHref: string | null;
}) {
  const t = useTranslations('register');
  const tTitles = useTranslations('titles');
  const tFunctions = useTranslations('functions');
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<'invalid' | 'technical' | WaitFailure | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const fieldError = useFieldError();
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
    const wait = waitFailureOf(result.problem, result.retryAfter);
    if (wait) return setFailure(wait);
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
          {typeof failure === 'object' ? (
            <WaitText failure={failure} />
          ) : failure === 'invalid' ? (
            t('invalid')
          ) : (
            t('technical')
          )}
        </FormMessage>
      ) : null}

      <fieldset className="space-y-4">
        <legend className={legend}>{t('personal')}</legend>
        <div className={grid}>
          <Select
            id="register-title"
            label={t('fields.title')}
            required
            placeholder={t('choose')}
            options={TITLES.map((v) => ({ value: v, label: tTitles(v) }))}
            {...register('title')}
            error={fieldError(err('title'))}
            autoComplete="honorific-prefix"
            data-testid="register-title"
          />
          <div className="hidden md:block" />
          <TextInput
            id="register-first_name"
            label={t('fields.first_name')}
            required
            autoComplete="given-name"
            {...register('first_name')}
            error={fieldError(err('first_name'))}
            data-testid="register-first_name"
          />
          <TextInput
            id="register-last_name"
            label={t('fields.last_name')}
            required
            autoComplete="family-name"
            {...register('last_name')}
            error={fieldError(err('last_name'))}
            data-testid="register-last_name"
          />
          <TextInput
            id="register-email"
            label={t('fields.email')}
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            hint={t('hints.email')}
            {...register('email')}
            error={fieldError(err('email'))}
            data-testid="register-email"
          />
          <TextInput
            id="register-mobile"
            label={t('fields.mobile')}
            type="tel"
            required
            autoComplete="tel"
            {...register('mobile')}
            error={fieldError(err('mobile'))}
            data-testid="register-mobile"
          />
          <TextInput
            id="register-fax"
            label={t('fields.fax')}
            type="tel"
            autoComplete="off"
            {...register('fax')}
            error={fieldError(err('fax'))}
            data-testid="register-fax"
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={legend}>{t('company')}</legend>
        <div className={grid}>
          <TextInput
            id="register-company_name"
            label={t('fields.company_name')}
            required
            autoComplete="organization"
            {...register('company_name')}
            error={fieldError(err('company_name'))}
            data-testid="register-company_name"
            fieldClassName="md:col-span-2"
          />
          <TextInput
            id="register-vat"
            label={t('fields.vat')}
            required={!vatPending}
            hint={t('hints.vat')}
            {...register('vat')}
            error={fieldError(err('vat'))}
            data-testid="register-vat"
          />
          <Controller
            control={control}
            name="vat_pending"
            render={({ field }) => (
              <fieldset aria-describedby="register-vat_pending-hint">
                <legend className={labelClass}>{t('fields.vat_pending')}</legend>
                <div className="mt-2 flex gap-6">
                  {[true, false].map((choice) => (
                    <label key={String(choice)} className="flex items-start gap-2 text-sm">
                      <input
                        type="radio"
                        name={field.name}
                        value={String(choice)}
                        checked={field.value === choice}
                        onChange={() => field.onChange(choice)}
                        onBlur={field.onBlur}
                        ref={choice ? field.ref : undefined}
                        data-testid={`register-vat_pending-${choice ? 'yes' : 'no'}`}
                        className={checkboxClass}
                      />
                      {choice ? t('yes') : t('no')}
                    </label>
                  ))}
                </div>
                <p id="register-vat_pending-hint" className={`mt-1 ${hintClass}`}>
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
          <TextInput
            id="register-street"
            label={t('fields.street')}
            required
            autoComplete="address-line1"
            {...register('street')}
            error={fieldError(err('street'))}
            data-testid="register-street"
          />
          <TextInput
            id="register-street2"
            label={t('fields.street2')}
            autoComplete="address-line2"
            {...register('street2')}
            error={fieldError(err('street2'))}
            data-testid="register-street2"
          />
          <TextInput
            id="register-zip"
            label={t('fields.zip')}
            required
            autoComplete="postal-code"
            {...register('zip')}
            error={fieldError(err('zip'))}
            data-testid="register-zip"
          />
          <TextInput
            id="register-city"
            label={t('fields.city')}
            required
            autoComplete="address-level2"
            {...register('city')}
            error={fieldError(err('city'))}
            data-testid="register-city"
          />
          <Select
            id="register-country"
            label={t('fields.country')}
            required
            placeholder={t('choose')}
            options={countries.map((c) => ({ value: c.code, label: c.name }))}
            autoComplete="country"
            {...register('country')}
            error={fieldError(err('country'))}
            data-testid="register-country"
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={legend}>{t('professional')}</legend>
        <div className={grid}>
          <Select
            id="register-function"
            label={t('fields.function')}
            required
            placeholder={t('choose')}
            options={FUNCTIONS.map((v) => ({ value: v, label: tFunctions(v) }))}
            {...register('function')}
            error={fieldError(err('function'))}
            data-testid="register-function"
          />
          <fieldset aria-describedby={err('vet_activities') ? 'register-vet_activities-error' : undefined}>
            <legend className={labelClass}>{t('fields.vet_activities')}</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {VET_ACTIVITIES.map((activity) => (
                <label key={activity} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={activity}
                    data-testid={`register-vet_activities-${activity}`}
                    className={checkboxClass}
                    {...register('vet_activities')}
                  />
                  {t(`activities.${activity}`)}
                </label>
              ))}
            </div>
            <FieldMessages id="register-vet_activities" error={fieldError(err('vet_activities'))} />
          </fieldset>
          <TextInput
            id="register-apb_number"
            label={t('fields.apb_number')}
            hint={t('hints.apb_number')}
            {...register('apb_number')}
            error={fieldError(err('apb_number'))}
            data-testid="register-apb_number"
          />
          <TextInput
            id="register-ordre_number"
            label={t('fields.ordre_number')}
            hint={t('hints.ordre_number')}
            {...register('ordre_number')}
            error={fieldError(err('ordre_number'))}
            data-testid="register-ordre_number"
          />
          <TextInput
            id="register-subscription_number"
            label={t('fields.subscription_number')}
            hint={t('hints.subscription_number')}
            {...register('subscription_number')}
            error={fieldError(err('subscription_number'))}
            data-testid="register-subscription_number"
          />
          <TextInput
            id="register-depot_number"
            label={t('fields.depot_number')}
            {...register('depot_number')}
            error={fieldError(err('depot_number'))}
            data-testid="register-depot_number"
          />
        </div>
        <TextArea
          id="register-comment"
          label={t('fields.comment')}
          {...register('comment')}
          error={fieldError(err('comment'))}
          data-testid="register-comment"
          rows={4}
        />
      </fieldset>

      {withPassword ? (
        <fieldset className="space-y-4">
          <legend className={legend}>{t('passwordSection')}</legend>
          <div className={grid}>
            <TextInput
              id="register-password"
              label={t('fields.password')}
              type="password"
              required
              autoComplete="new-password"
              hint={t('hints.password')}
              {...register('password')}
              error={fieldError(err('password'))}
              data-testid="register-password"
            />
            <TextInput
              id="register-password_confirmation"
              label={t('fields.password_confirmation')}
              type="password"
              required
              autoComplete="new-password"
              {...register('password_confirmation')}
              error={fieldError(err('password_confirmation'))}
              data-testid="register-password_confirmation"
            />
          </div>
        </fieldset>
      ) : null}

      <fieldset className="space-y-3">
        <legend className={legend}>{t('consents')}</legend>
        <Checkbox
          id="register-terms_accepted"
          label={
            termsHref
              ? t.rich('fields.terms_accepted_link', {
                  terms: (chunks) => (
                    <Link
                      href={termsHref}
                      target="_blank"
                      className="text-brand underline"
                      data-testid="register-terms-link"
                    >
                      {chunks}
                      <span className="sr-only"> {t('newTab')}</span>
                    </Link>
                  ),
                })
              : t('fields.terms_accepted')
          }
          required
          {...register('terms_accepted')}
          error={fieldError(err('terms_accepted'))}
          data-testid="register-terms_accepted"
        />
        <Checkbox
          id="register-opt_in"
          label={t('fields.opt_in')}
          {...register('opt_in')}
          error={fieldError(err('opt_in'))}
          data-testid="register-opt_in"
        />
      </fieldset>

      <SubmitButton busy={isSubmitting} data-testid="register-submit">
        {isSubmitting ? t('submitting') : t('submit')}
      </SubmitButton>
    </form>
  );
}
