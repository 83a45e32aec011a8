'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { loginRequestSchema, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { afterLoginHref } from '@/lib/auth-paths';
import { loginFailureOf, retryAfterMinutes, type LoginFailure } from '@/lib/form-errors';
import { FormMessage, SubmitButton, TextInput, useFieldError } from '@/components/ui/form';
import { buttonClass } from '@/components/ui/styles';
import { Link } from '@/i18n/navigation';
import { WaitText } from './WaitText';

type Values = { login: string; password: string };

/**
 * Credentials sign-in form (docs/product/accounts.md#auth-calls POST auth/login; docs/decisions/account-enumeration-and-tokens.md "one generic message for a wrong login
 * or password"). Posts through the same-origin /api proxy, so the api's HttpOnly session cookie is
 * set on the web origin; on success the browser loads /{lang}/account/oidc-redirect?target=…
 * (docs/product/accounts.md#sign-in-and-sign-out sign-in return), which checks the target.
 * Failures: `invalid_credentials` → one generic text; 429 → the wait from Retry-After in minutes;
 * 503 `password_hashing_busy` → send again in a moment (WaitText);
 * 403 `email_not_verified` → a text and a button mailing the validation link again (POST
 * auth/resend_validation); 403 `registration_pending` (the password of an application staff have
 * not decided yet, docs/decisions/pending-application-sign-in.md) → the application is being
 * reviewed; anything else → the technical-problem text of docs/product/errors.md.
 */
export function LoginForm({ locale, target }: { locale: Locale; target?: string }) {
  const t = useTranslations('auth');
  const [failure, setFailure] = useState<{ kind: LoginFailure; minutes: number | null } | null>(null);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent'>('idle');
  const alertRef = useRef<HTMLDivElement>(null);
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { login: '', password: '' },
  });

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setResent('idle');
    const result = await callApi('POST', '/auth/login', { locale, body: values, on401: 'report' });
    if (result.ok) {
      window.location.assign(afterLoginHref(locale, target));
      return;
    }
    setFailure({ kind: loginFailureOf(result.problem), minutes: retryAfterMinutes(result.retryAfter) });
  });

  const resend = async () => {
    setResent('sending');
    await callApi('POST', '/auth/resend_validation', {
      locale,
      body: { login: getValues('login').trim() },
      on401: 'report',
    });
    setResent('sent');
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      data-testid="login-form"
      aria-labelledby="login-title"
    >
      {failure ? (
        <FormMessage kind="error" ref={alertRef} testId="login-error">
          {failure.kind === 'too_many_attempts' ? (
            <p>
              {failure.minutes
                ? t('tooManyAttemptsWait', { minutes: failure.minutes })
                : t('tooManyAttempts')}
            </p>
          ) : failure.kind === 'email_not_verified' ? (
            <div className="space-y-2">
              <p>{t('emailNotVerified')}</p>
              {resent === 'sent' ? (
                <p role="status" data-testid="login-resent">
                  {t('validationResent')}
                </p>
              ) : (
                <button
                  type="button"
                  onClick={resend}
                  disabled={resent === 'sending'}
                  className={buttonClass('secondary', 'md')}
                  data-testid="login-resend-validation"
                >
                  {t('resendValidation')}
                </button>
              )}
            </div>
          ) : failure.kind === 'registration_pending' ? (
            <p>{t('registrationPending')}</p>
          ) : failure.kind === 'busy' ? (
            <WaitText failure={{ kind: 'busy' }} />
          ) : (
            <p>{failure.kind === 'invalid_credentials' ? t('invalidCredentials') : t('technicalProblem')}</p>
          )}
        </FormMessage>
      ) : null}
      <TextInput
        id="login-login"
        label={t('login')}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        {...register('login')}
        error={fieldError(errors.login?.message)}
        data-testid="login-login"
      />
      <TextInput
        id="login-password"
        label={t('password')}
        type="password"
        autoComplete="current-password"
        required
        {...register('password')}
        error={fieldError(errors.password?.message)}
        data-testid="login-password"
      />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={isSubmitting} data-testid="login-submit">
          {isSubmitting ? t('signingIn') : t('signIn')}
        </SubmitButton>
        <Link href="/account/reset-password" className="text-brand underline" data-testid="login-forgot">
          {t('forgotPassword')}
        </Link>
      </div>
    </form>
  );
}
