'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { resetRequestSchema, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { newPasswordFormSchema } from '@/lib/account-forms';
import { waitFailureOf, type WaitFailure } from '@/lib/form-errors';
import { FormMessage, SubmitButton, TextInput, useFieldError } from '@/components/ui/form';
import { Link } from '@/i18n/navigation';
import { WaitText } from './WaitText';

/** Link to the login page, shown after a token flow ends. */
function LoginLink({ testId }: { testId: string }) {
  const t = useTranslations('auth');
  return (
    <Link href="/account/login" className="font-semibold underline" data-testid={testId}>
      {t('goToLogin')}
    </Link>
  );
}

/**
 * Email validation (docs/product/accounts.md#auth-calls POST auth/validate_email {token}): posts the mailed token once when the
 * page opens (a ref keeps React's development double effect from using the token twice) and says
 * whether the address is now confirmed, with a link to the login page.
 */
export function ValidateEmail({ locale, token }: { locale: Locale; token: string | null }) {
  const t = useTranslations('auth');
  const [state, setState] = useState<'pending' | 'ok' | 'failed'>(token ? 'pending' : 'failed');
  const sent = useRef(false);
  const messageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void callApi('POST', '/auth/validate_email', { locale, body: { token }, on401: 'report' }).then(
      (result) => setState(result.ok ? 'ok' : 'failed'),
    );
  }, [locale, token]);
  useEffect(() => {
    if (state !== 'pending') messageRef.current?.focus();
  }, [state]);

  if (state === 'pending') {
    return (
      <p role="status" data-testid="validate-email-pending">
        {t('validating')}
      </p>
    );
  }
  return (
    <FormMessage
      kind={state === 'ok' ? 'success' : 'error'}
      ref={messageRef}
      testId={state === 'ok' ? 'validate-email-ok' : 'validate-email-failed'}
    >
      <p>{state === 'ok' ? t('emailValidated') : t('emailValidationFailed')}</p>
      <p className="mt-2">
        <LoginLink testId="validate-email-login" />
      </p>
    </FormMessage>
  );
}

/**
 * Forgotten password, step 1 (docs/product/accounts.md#auth-calls POST auth/request_reset_password {login}): asks the login
 * (email) and always answers "if an account uses this address, a mail was sent" (the api never
 * tells whether a login exists).
 */
export function ResetRequestForm({ locale }: { locale: Locale }) {
  const t = useTranslations('auth');
  const [state, setState] = useState<'idle' | 'sent' | 'failed'>('idle');
  const messageRef = useRef<HTMLDivElement>(null);
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetRequestSchema>, unknown, z.output<typeof resetRequestSchema>>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { login: '' },
  });

  useEffect(() => {
    if (state !== 'idle') messageRef.current?.focus();
  }, [state]);

  const onSubmit = handleSubmit(async (values) => {
    const result = await callApi('POST', '/auth/request_reset_password', {
      locale,
      body: values,
      on401: 'report',
    });
    setState(result.ok || result.problem.status === 400 ? 'sent' : 'failed');
  });

  if (state === 'sent') {
    return (
      <FormMessage kind="success" ref={messageRef} testId="reset-request-sent">
        <p>{t('resetMailSent')}</p>
        <p className="mt-2">
          <LoginLink testId="reset-request-login" />
        </p>
      </FormMessage>
    );
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      data-testid="reset-request-form"
      aria-labelledby="reset-title"
    >
      {state === 'failed' ? (
        <FormMessage kind="error" ref={messageRef}>
          {t('technicalProblem')}
        </FormMessage>
      ) : null}
      <p>{t('resetIntro')}</p>
      <TextInput
        id="reset-login"
        label={t('login')}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        {...register('login')}
        error={fieldError(errors.login?.message)}
        data-testid="reset-login"
      />
      <SubmitButton busy={isSubmitting} data-testid="reset-request-submit">
        {t('sendResetMail')}
      </SubmitButton>
    </form>
  );
}

type NewPasswordValues = z.infer<typeof newPasswordFormSchema>;

/**
 * Forgotten password, step 2 (docs/product/accounts.md#auth-calls POST auth/set_password {token, password}): the new password
 * and its confirmation; success or an expired/used link (400 `invalid_token`) ends with a link
 * to the login page, resp. to a new request; a 429 or a busy hashing queue says how long to wait
 * (WaitText), the passwords kept.
 */
export function NewPasswordForm({ locale, token }: { locale: Locale; token: string }) {
  const t = useTranslations('auth');
  const [state, setState] = useState<'idle' | 'saved' | 'invalid_token' | 'failed' | WaitFailure>('idle');
  const messageRef = useRef<HTMLDivElement>(null);
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  useEffect(() => {
    if (state !== 'idle') messageRef.current?.focus();
  }, [state]);

  const onSubmit = handleSubmit(async (values) => {
    const result = await callApi('POST', '/auth/set_password', {
      locale,
      body: { token, password: values.password },
      on401: 'report',
    });
    if (result.ok) return setState('saved');
    const wait = waitFailureOf(result.problem, result.retryAfter);
    if (wait) return setState(wait);
    const passwordError = result.problem.errors.find((e) => e.field === 'password');
    if (passwordError)
      return setError('password', { type: 'server', message: passwordError.code }, { shouldFocus: true });
    setState(result.problem.status === 400 ? 'invalid_token' : 'failed');
  });

  if (state === 'saved') {
    return (
      <FormMessage kind="success" ref={messageRef} testId="reset-password-saved">
        <p>{t('passwordReset')}</p>
        <p className="mt-2">
          <LoginLink testId="reset-password-login" />
        </p>
      </FormMessage>
    );
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      data-testid="reset-password-form"
      aria-labelledby="reset-title"
    >
      {state === 'invalid_token' ? (
        <FormMessage kind="error" ref={messageRef} testId="reset-password-invalid">
          <p>{t('resetLinkInvalid')}</p>
          <p className="mt-2">
            <Link href="/account/reset-password" className="font-semibold underline">
              {t('requestNewLink')}
            </Link>
          </p>
        </FormMessage>
      ) : state === 'failed' ? (
        <FormMessage kind="error" ref={messageRef}>
          {t('technicalProblem')}
        </FormMessage>
      ) : typeof state === 'object' ? (
        <FormMessage kind="error" ref={messageRef} testId="reset-password-wait">
          <WaitText failure={state} />
        </FormMessage>
      ) : null}
      <TextInput
        id="reset-password"
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('passwordHint')}
        {...register('password')}
        error={fieldError(errors.password?.message)}
        data-testid="reset-password"
      />
      <TextInput
        id="reset-password_confirmation"
        label={t('newPasswordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
        {...register('password_confirmation')}
        error={fieldError(errors.password_confirmation?.message)}
        data-testid="reset-password_confirmation"
      />
      <SubmitButton busy={isSubmitting} data-testid="reset-password-submit">
        {t('setPassword')}
      </SubmitButton>
    </form>
  );
}
