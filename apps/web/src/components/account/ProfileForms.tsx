'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { LOCALES, TITLES, userProfileSchema, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { changePasswordFormSchema, contactFormSchema } from '@/lib/account-forms';
import { splitFieldErrors, waitFailureOf, type WaitFailure } from '@/lib/form-errors';
import {
  FormMessage,
  RequiredNote,
  Select,
  SubmitButton,
  TextInput,
  useFieldError,
} from '@/components/ui/form';
import { WaitText } from './WaitText';

type ContactValues = {
  title: string;
  given_name: string;
  family_name: string;
  phone: string;
  mobile: string;
  locale: string;
};
type ContactOutput = z.output<typeof contactFormSchema>;
const CONTACT_FIELDS = ['title', 'given_name', 'family_name', 'phone', 'mobile', 'locale'] as const;

/**
 * Contact part of the profile (docs/product/customer-area.md#profile profile "contact"; docs/product/community-and-content.md "POST to the user endpoint to save
 * the profile"): title, given and family name, phone, mobile and the language of the mails.
 * Saves with POST /user; field errors from the api are shown next to their fields; success shows
 * a status message and refreshes the page (the header shows the new name).
 */
export function ContactForm({
  locale,
  initial,
}: {
  locale: Locale;
  initial: {
    title: string | null;
    given_name: string;
    family_name: string;
    phone: string | null;
    mobile: string | null;
    locale: Locale;
  };
}) {
  const t = useTranslations('profile');
  const tTitles = useTranslations('titles');
  const tLocales = useTranslations('locales');
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [state, setState] = useState<'idle' | 'saved' | 'failed'>('idle');
  const messageRef = useRef<HTMLDivElement>(null);
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues, unknown, ContactOutput>({
    resolver: zodResolver(contactFormSchema) as unknown as Resolver<ContactValues, unknown, ContactOutput>,
    defaultValues: {
      title: initial.title ?? '',
      given_name: initial.given_name,
      family_name: initial.family_name,
      phone: initial.phone ?? '',
      mobile: initial.mobile ?? '',
      locale: initial.locale,
    },
  });

  useEffect(() => {
    if (state === 'failed') messageRef.current?.focus();
  }, [state]);

  const onSubmit = handleSubmit(async (values) => {
    setState('idle');
    const result = await callApi('POST', '/user', { locale, body: values });
    if (result.ok) {
      setState('saved');
      startTransition(() => router.refresh());
      return;
    }
    const { byField } = splitFieldErrors(result.problem, CONTACT_FIELDS);
    const first = CONTACT_FIELDS.find((f) => byField[f]);
    for (const f of CONTACT_FIELDS) if (byField[f]) setError(f, { type: 'server', message: byField[f] });
    if (first) setFocus(first);
    else setState('failed');
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      data-testid="profile-contact-form"
      aria-labelledby="profile-contact-title"
    >
      <RequiredNote />
      {state === 'saved' ? (
        <FormMessage kind="success" testId="profile-contact-saved">
          {t('contactSaved')}
        </FormMessage>
      ) : state === 'failed' ? (
        <FormMessage kind="error" ref={messageRef}>
          {t('saveFailed')}
        </FormMessage>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Select
          id="profile-title"
          label={t('fields.title')}
          placeholder={t('noTitle')}
          options={TITLES.map((v) => ({ value: v, label: tTitles(v) }))}
          {...register('title')}
          error={fieldError(errors.title?.message)}
          autoComplete="honorific-prefix"
          data-testid="profile-title"
        />
        <Select
          id="profile-locale"
          label={t('fields.locale')}
          hint={t('hints.locale')}
          options={LOCALES.map((l) => ({ value: l, label: tLocales(l) }))}
          {...register('locale')}
          error={fieldError(errors.locale?.message)}
          data-testid="profile-locale"
        />
        <TextInput
          id="profile-given_name"
          label={t('fields.given_name')}
          required
          autoComplete="given-name"
          {...register('given_name')}
          error={fieldError(errors.given_name?.message)}
          data-testid="profile-given_name"
        />
        <TextInput
          id="profile-family_name"
          label={t('fields.family_name')}
          required
          autoComplete="family-name"
          {...register('family_name')}
          error={fieldError(errors.family_name?.message)}
          data-testid="profile-family_name"
        />
        <TextInput
          id="profile-phone"
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          {...register('phone')}
          error={fieldError(errors.phone?.message)}
          data-testid="profile-phone"
        />
        <TextInput
          id="profile-mobile"
          label={t('fields.mobile')}
          type="tel"
          autoComplete="tel"
          {...register('mobile')}
          error={fieldError(errors.mobile?.message)}
          data-testid="profile-mobile"
        />
      </div>
      <SubmitButton busy={isSubmitting} data-testid="profile-contact-save">
        {isSubmitting ? t('saving') : t('save')}
      </SubmitButton>
    </form>
  );
}

type PasswordValues = z.infer<typeof changePasswordFormSchema>;
const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * Change password (docs/product/customer-area.md#profile profile "change password"; POST auth/set_password with
 * `{current_password, password}`). A wrong current password comes back as a 400 field error
 * `wrong_password` on current_password and is shown there; a 429 or a busy hashing queue says how
 * long to wait (WaitText), the passwords kept.
 */
export function PasswordForm({ locale }: { locale: Locale }) {
  const t = useTranslations('profile');
  const [state, setState] = useState<'idle' | 'saved' | 'failed' | WaitFailure>('idle');
  const messageRef = useRef<HTMLDivElement>(null);
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  useEffect(() => {
    if (state !== 'idle' && state !== 'saved') messageRef.current?.focus();
  }, [state]);

  const onSubmit = handleSubmit(async (values) => {
    setState('idle');
    const result = await callApi('POST', '/auth/set_password', {
      locale,
      body: { current_password: values.current_password, password: values.password },
    });
    if (result.ok) {
      reset();
      setState('saved');
      return;
    }
    const wait = waitFailureOf(result.problem, result.retryAfter);
    if (wait) return setState(wait);
    const { byField } = splitFieldErrors(result.problem, PASSWORD_FIELDS);
    const first = PASSWORD_FIELDS.find((f) => byField[f]);
    for (const f of PASSWORD_FIELDS) if (byField[f]) setError(f, { type: 'server', message: byField[f] });
    if (first) setFocus(first);
    else setState('failed');
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      data-testid="profile-password-form"
      aria-labelledby="profile-password-title"
    >
      {state === 'saved' ? (
        <FormMessage kind="success" testId="profile-password-saved">
          {t('passwordSaved')}
        </FormMessage>
      ) : state === 'failed' ? (
        <FormMessage kind="error" ref={messageRef}>
          {t('saveFailed')}
        </FormMessage>
      ) : typeof state === 'object' ? (
        <FormMessage kind="error" ref={messageRef} testId="profile-password-wait">
          <WaitText failure={state} />
        </FormMessage>
      ) : null}
      <div className="grid gap-4 md:grid-cols-3">
        <TextInput
          id="profile-current_password"
          label={t('fields.current_password')}
          type="password"
          required
          autoComplete="current-password"
          {...register('current_password')}
          error={fieldError(errors.current_password?.message)}
          data-testid="profile-current_password"
        />
        <TextInput
          id="profile-password"
          label={t('fields.password')}
          type="password"
          required
          autoComplete="new-password"
          hint={t('hints.password')}
          {...register('password')}
          error={fieldError(errors.password?.message)}
          data-testid="profile-password"
        />
        <TextInput
          id="profile-password_confirmation"
          label={t('fields.password_confirmation')}
          type="password"
          required
          autoComplete="new-password"
          {...register('password_confirmation')}
          error={fieldError(errors.password_confirmation?.message)}
          data-testid="profile-password_confirmation"
        />
      </div>
      <SubmitButton busy={isSubmitting} data-testid="profile-password-save">
        {isSubmitting ? t('saving') : t('changePassword')}
      </SubmitButton>
    </form>
  );
}

/**
 * Newsletter subscribe / unsubscribe (docs/product/accounts.md#newsletter "Newsletter: subscribed or not, toggled"; docs/product/accounts.md#customer-calls
 * POST customer/{id}/update with optIn to subscribe, PUT customer with opt_out to unsubscribe).
 * A switch (role="switch", aria-checked) whose state comes from the api's answer.
 */
export function NewsletterToggle({
  locale,
  customerId,
  subscribed: initial,
}: {
  locale: Locale;
  customerId: number;
  subscribed: boolean;
}) {
  const t = useTranslations('profile');
  const [subscribed, setSubscribed] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<'subscribed' | 'unsubscribed' | 'failed' | null>(null);

  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    const result = subscribed
      ? await callApi('PUT', '/customer', { locale, body: { opt_out: true } })
      : await callApi('POST', `/customer/${customerId}/update`, { locale, body: { optIn: true } });
    setBusy(false);
    if (!result.ok) {
      setMessage('failed');
      return;
    }
    const profile = userProfileSchema.safeParse(result.data);
    const now =
      profile.success && profile.data.customer
        ? profile.data.customer.opt_in && !profile.data.customer.opt_out
        : !subscribed;
    setSubscribed(now);
    setMessage(now ? 'subscribed' : 'unsubscribed');
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={subscribed}
          aria-labelledby="newsletter-label"
          aria-describedby="newsletter-state"
          onClick={toggle}
          disabled={busy}
          data-testid="newsletter-toggle"
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors disabled:opacity-70 ${
            subscribed ? 'border-brand bg-brand' : 'border-muted bg-white'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full transition-transform ${
              subscribed ? 'translate-x-5 bg-white' : 'translate-x-0.5 bg-muted'
            }`}
          />
        </button>
        <span id="newsletter-label" className="font-medium">
          {t('newsletterLabel')}
        </span>
      </div>
      <p id="newsletter-state" className="text-sm text-muted" data-testid="newsletter-state">
        {subscribed ? t('newsletterOn') : t('newsletterOff')}
      </p>
      <div aria-live="polite">
        {message === 'failed' ? (
          <FormMessage kind="error">{t('saveFailed')}</FormMessage>
        ) : message ? (
          <FormMessage kind="success" testId="newsletter-saved">
            {message === 'subscribed' ? t('newsletterSubscribed') : t('newsletterUnsubscribed')}
          </FormMessage>
        ) : null}
      </div>
    </div>
  );
}
