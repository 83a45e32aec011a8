'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Locale, PublicForm } from '@vetshop/domain';
import { ContactForm, type ContactPrefill } from './ContactForm';

/**
 * The contact forms of /{lang}/contact (docs/product/community-and-content.md#contact "Contact forms"): a choice of form (radio group,
 * keyboard-operable, shown when there are several) and the chosen form (ContactForm). `initial` is
 * the code chosen first (e.g. from `?form=`), else the first form. Test ids
 * `contact-choice-<code>`.
 */
export function ContactForms({
  forms,
  locale,
  prefill,
  initial,
}: {
  forms: PublicForm[];
  locale: Locale;
  prefill: ContactPrefill;
  initial?: string;
}) {
  const t = useTranslations('contact');
  const [code, setCode] = useState(forms.some((f) => f.code === initial) ? initial! : (forms[0]?.code ?? ''));
  const form = forms.find((f) => f.code === code);
  return (
    <div className="space-y-6">
      {forms.length > 1 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{t('chooseForm')}</legend>
          <div className="flex flex-wrap gap-3">
            {forms.map((f) => (
              <label
                key={f.code}
                className="flex cursor-pointer items-center gap-2 rounded border border-line px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-surface"
              >
                <input
                  type="radio"
                  name="contact-form-choice"
                  value={f.code}
                  checked={f.code === code}
                  onChange={() => setCode(f.code)}
                  className="accent-brand"
                  data-testid={`contact-choice-${f.code}`}
                />
                {f.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {form ? (
        <section aria-labelledby="contact-form-title" className="rounded-lg border border-line p-4">
          <h2 id="contact-form-title" className="mb-4 text-xl font-semibold">
            {form.name}
          </h2>
          <ContactForm key={form.code} form={form} locale={locale} prefill={prefill} />
        </section>
      ) : (
        <p data-testid="contact-no-form">{t('noForm')}</p>
      )}
    </div>
  );
}
