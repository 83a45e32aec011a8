'use client';

import { forwardRef, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { validationKey } from '@/lib/form-errors';
import { hasMessage, messageOr } from '@/i18n/keys';
import { RequiredMark } from './Field';

/**
 * The message of a field error code (from zod or from the api's `errors[]`;
 * docs/product/errors.md): `validation.<code>` when the messages have it, else the generic
 * invalid-value text.
 */
export function useValidationMessage(): (code: string | undefined) => string {
  const t = useTranslations();
  return (code) =>
    messageOr(
      t,
      validationKey(code, (key) => hasMessage(t, key)),
      t('validation.invalid'),
    );
}

/**
 * The `error` of a kit field from a field error code: its message ({@link useValidationMessage})
 * when there is a code, undefined (no error shown) when there is none. For react-hook-form:
 * `error={fieldError(errors.login?.message)}`.
 */
export function useFieldError(): (code: string | undefined) => string | undefined {
  const message = useValidationMessage();
  return (code) => (code ? message(code) : undefined);
}

/** "Fields marked * are required." shown at the top of a form whose fields carry the required mark. */
export function RequiredNote() {
  const t = useTranslations('validation');
  return (
    <p className="text-sm text-muted">
      <RequiredMark /> {t('requiredNote')}
    </p>
  );
}

/**
 * A form-level message: `error` (role alert, focusable so it can receive focus after a failed
 * submit), `success` or `info` (role status). Test id `testId`.
 */
export const FormMessage = forwardRef<
  HTMLDivElement,
  { kind: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }
>(function FormMessage({ kind, children, testId }, ref) {
  const styles =
    kind === 'error'
      ? 'border-bad bg-red-50 text-bad'
      : kind === 'success'
        ? 'border-ok bg-green-50 text-ok'
        : 'border-line bg-surface text-ink';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={`rounded border-l-4 px-4 py-3 text-sm ${styles}`}
    >
      {children}
    </div>
  );
});
