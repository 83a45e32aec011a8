'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { nextSuiteNameSchema, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { inputClass, secondaryButtonClass } from '@/components/account/fields';

/**
 * The suite number field of the checkout (docs/decisions/cart-delivery-calls.md): the text input
 * (`value`, `onChange`, at most 100 characters) and a button that fills it with the customer's
 * next suite number (GET carts/next_suite_name → {value}). When that number cannot be had, the
 * message "The last suite number is unavailable." is shown and the field keeps what was typed.
 * Test ids `confirm-suite-name`, `confirm-suite-next`, `confirm-suite-error`.
 */
export function SuiteNameInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslations('delivery');
  const locale = useLocale() as Locale;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);

  async function fill() {
    setBusy(true);
    setError(false);
    const result = await callApi('GET', '/carts/next_suite_name', { locale });
    setBusy(false);
    const parsed = result.ok ? nextSuiteNameSchema.safeParse(result.data) : null;
    if (!parsed?.success) {
      setError(true);
      return;
    }
    onChange(parsed.data.value);
  }

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          value={value}
          maxLength={100}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} min-w-0 flex-1`}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="confirm-suite-name"
        />
        <button
          type="button"
          onClick={fill}
          disabled={busy}
          aria-busy={busy}
          className={`${secondaryButtonClass} mt-1`}
          data-testid="confirm-suite-next"
        >
          {t('nextSuite')}
        </button>
      </div>
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="mt-1 text-sm text-red-700"
          data-testid="confirm-suite-error"
        >
          {t('suiteUnavailable')}
        </p>
      ) : null}
    </>
  );
}
