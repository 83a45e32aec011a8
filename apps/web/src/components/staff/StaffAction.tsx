'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import type { FormProblem } from '@/lib/form-errors';
import { messageKey } from '@/i18n/keys';
import { useHydrated } from '@/lib/lazy-component';
import { useRouter } from '@/i18n/navigation';

/** The message of a failed staff call: `staff.errors.<code>` when known, else the api's detail. */
export function useProblemText(): (problem: FormProblem) => string {
  const t = useTranslations('staff.errors');
  return (problem) => {
    const own = messageKey(t, problem.code);
    if (own) return t(own);
    const field = problem.errors[0];
    const fieldKey = field ? messageKey(t, field.code) : undefined;
    if (fieldKey) return t(fieldKey);
    return problem.detail ? `${t('generic')} ${problem.detail}` : t('generic');
  };
}

/**
 * A staff action form (docs/product/back-office.md#staff-back-office staff screens; reusable): on submit, `method` `/api<path>` with the
 * JSON body built by `body(formData)` (the form's own controls are `children`); on success the
 * page data is reloaded (router.refresh) and `done` is announced; on failure the problem is shown
 * in an alert (staff.errors.<code> or the api's detail). The submit button is disabled while the
 * call runs, and until the form has hydrated: clicked before, a form without its handler would be
 * sent by the browser as a plain GET of the page, losing what it was about. `before(formData)`,
 * when given, is asked first (a confirmation of an action that cannot be undone): false sends
 * nothing; with `reset` the fields are emptied after success. Test ids: `<testId>` on the form,
 * `<testId>-submit`, `<testId>-error`, `<testId>-done`.
 */
export function StaffAction({
  path,
  method = 'POST',
  body,
  label,
  done,
  children,
  testId,
  variant = 'primary',
  onDone,
  before,
  reset = false,
  className,
}: {
  path: string;
  method?: 'POST' | 'PUT' | 'DELETE';
  /** Request body from the form's values (undefined: no body). */
  body?: (form: FormData) => unknown;
  /** Submit button text. */
  label: string;
  /** Text announced after success. */
  done?: string;
  children?: ReactNode;
  testId: string;
  variant?: 'primary' | 'secondary' | 'danger';
  /** Called with the answer after success (before the refresh). */
  onDone?: (data: unknown) => void;
  /**
   * Asked with the form's values before the call; false (or a promise of it) sends nothing, a text
   * sends nothing and shows it as the form's error (a check the confirm dialog should not precede).
   */
  before?: (form: FormData) => boolean | string | Promise<boolean>;
  /** Empties the form's fields after success (a form that adds one row at a time). */
  reset?: boolean;
  className?: string;
}) {
  const locale = useLocale() as Locale;
  const router = useRouter();
  const problemText = useProblemText();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const verdict = before ? await before(form) : true;
    if (typeof verdict === 'string') {
      setOk(false);
      return setError(verdict);
    }
    if (!verdict) return;
    setBusy(true);
    setError(null);
    setOk(false);
    const result = await callApi(method, path, { locale, body: body?.(form) });
    setBusy(false);
    if (!result.ok) {
      setError(problemText(result.problem));
      return;
    }
    setOk(true);
    if (reset) element.reset();
    onDone?.(result.data);
    router.refresh();
  }

  const styles = {
    primary: 'bg-brand text-white hover:bg-brand-dark',
    secondary: 'border border-brand text-brand hover:bg-surface',
    danger: 'bg-red-700 text-white hover:bg-red-800',
  }[variant];
  return (
    <form onSubmit={submit} className={className ?? 'flex flex-wrap items-end gap-3'} data-testid={testId}>
      {children}
      <button
        type="submit"
        disabled={busy || !hydrated}
        aria-busy={busy}
        className={`rounded px-4 py-2 font-semibold disabled:opacity-60 ${styles}`}
        data-testid={`${testId}-submit`}
      >
        {label}
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
      {ok && done ? (
        <p role="status" className="w-full text-sm text-green-800" data-testid={`${testId}-done`}>
          {done}
        </p>
      ) : null}
    </form>
  );
}

/**
 * A required reason field (1 to 500 characters) for refusals, labelled. `name` defaults to "reason".
 */
export function ReasonField({ id, label, name = 'reason' }: { id: string; label: string; name?: string }) {
  return (
    <div className="min-w-64 flex-1">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        required
        maxLength={500}
        rows={2}
        className="w-full rounded border border-line px-3 py-2"
        data-testid={id}
      />
    </div>
  );
}
