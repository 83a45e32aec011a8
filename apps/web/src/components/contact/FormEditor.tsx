'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { LEAD_SUBJECTS, type Locale, type StaffForm } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { dangerButtonClass, FormMessage, inputClass, primaryButtonClass } from '@/components/account/fields';
import { messageOr } from '@/i18n/keys';
import { useRouter } from '@/i18n/navigation';

/** A starting definition for a new form: the required email field and a message. */
const STARTER = {
  fields: [
    { name: 'name', type: 'text', required: true, label: { fr: 'Nom', nl: 'Naam', en: 'Name' } },
    { name: 'email', type: 'email', required: true, label: { fr: 'E-mail', nl: 'E-mail', en: 'Email' } },
    {
      name: 'description',
      type: 'textarea',
      required: true,
      max_length: 5000,
      label: { fr: 'Message', nl: 'Bericht', en: 'Message' },
    },
  ],
};

/** The shape of a definition, shown under its field: one field of the starter, on one line. */
const DEFINITION_EXAMPLE = JSON.stringify({ fields: [STARTER.fields[1]] });

/**
 * Staff editor of a contact form (docs/product/back-office.md#contact-forms-and-leads /{lang}/staff/forms; docs/product/community-and-content.md#forms: code, name, JSON form
 * definition and options, sequence): code, name per locale, sequence, active, attachments allowed,
 * fixed lead subject, and the JSON definition (`{fields: [{name, type, label {fr, nl, en}, required,
 * max_length, min, max, options}]}`, see docs/decisions/contact-forms-and-leads.md) in a textarea.
 * Creates (POST /staff/forms) or replaces (POST /staff/forms/{id}/update), and deletes (DELETE
 * /staff/forms/{id}) after a confirmation; api field errors are listed beside the buttons, each
 * named as the form names it (`fieldName`). Test ids `form-editor`,
 * `form-code`, `form-definition`, `form-save`, `form-delete`, `form-error`.
 */
export function FormEditor({ locale, form }: { locale: Locale; form?: StaffForm }) {
  const t = useTranslations('contact.staff');
  const confirm = useConfirm();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    let definition: unknown;
    try {
      definition = JSON.parse(text('definition'));
    } catch {
      setErrors([t('invalidJson')]);
      return;
    }
    const name: Record<string, string> = { fr: text('name_fr') };
    if (text('name_nl')) name.nl = text('name_nl');
    if (text('name_en')) name.en = text('name_en');
    const body = {
      code: text('code'),
      name,
      definition,
      options: {
        attachments: data.get('attachments') === 'on',
        ...(text('subject') ? { subject: text('subject') } : {}),
      },
      sequence: Number(text('sequence') || '0'),
      active: data.get('active') === 'on',
    };
    setBusy(true);
    setErrors([]);
    const result = await callApi('POST', form ? `/staff/forms/${form.id}/update` : '/staff/forms', {
      locale,
      body,
    });
    setBusy(false);
    if (!result.ok) {
      const list = result.problem.errors.map((e) =>
        t('errorLine', {
          field: fieldName(e.field),
          message: messageOr(t, `codes.${e.code}`, t('codes.invalid')),
        }),
      );
      setErrors(list.length ? list : [result.problem.detail ?? result.problem.code]);
      return;
    }
    router.push('/staff/forms');
    router.refresh();
  }

  /**
   * The name of a field the api refused, as staff know it: the form's labels ("Code", "Nom (NL)")
   * and, inside the JSON definition, the field's position and key ("definition.fields.1.type" →
   * "Définition, champ 2, type"); an unknown path as given.
   */
  function fieldName(path: string): string {
    const [head, ...rest] = path.split('.');
    if (head === 'code') return t('code');
    if (head === 'sequence') return t('sequence');
    if (head === 'name') return t('nameIn', { lang: (rest[0] ?? 'fr').toUpperCase() });
    if (head === 'options') return t('fixedSubject');
    if (head === 'definition') {
      if (rest[0] !== 'fields' || rest[1] === undefined || !/^\d+$/.test(rest[1])) return t('definition');
      const n = Number(rest[1]) + 1;
      return rest.length > 2
        ? t('definitionFieldKey', { n, key: rest.slice(2).join('.') })
        : t('definitionField', { n });
    }
    return path;
  }

  async function remove() {
    if (!form || !(await confirm({ title: t('confirmDelete', { code: form.code }), tone: 'danger' }))) return;
    setBusy(true);
    const result = await callApi('DELETE', `/staff/forms/${form.id}`, { locale });
    setBusy(false);
    if (!result.ok) {
      setErrors([result.problem.detail ?? result.problem.code]);
      return;
    }
    router.push('/staff/forms');
    router.refresh();
  }

  const label = 'block text-sm font-medium';
  return (
    <form onSubmit={save} className="space-y-4" data-testid="form-editor">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="form-code" className={label}>
            {t('code')}
          </label>
          <input
            id="form-code"
            name="code"
            required
            pattern="[a-z][a-z0-9_\-]{0,39}"
            defaultValue={form?.code ?? ''}
            className={inputClass}
            data-testid="form-code"
          />
        </div>
        <div>
          <label htmlFor="form-sequence" className={label}>
            {t('sequence')}
          </label>
          <input
            id="form-sequence"
            name="sequence"
            type="number"
            min={0}
            max={10000}
            defaultValue={form?.sequence ?? 0}
            className={inputClass}
          />
        </div>
        {(['fr', 'nl', 'en'] as const).map((l) => (
          <div key={l}>
            <label htmlFor={`form-name-${l}`} className={label}>
              {t('nameIn', { lang: l.toUpperCase() })}
            </label>
            <input
              id={`form-name-${l}`}
              name={`name_${l}`}
              required={l === 'fr'}
              maxLength={300}
              defaultValue={form?.name[l] ?? ''}
              className={inputClass}
            />
          </div>
        ))}
        <div>
          <label htmlFor="form-subject" className={label}>
            {t('fixedSubject')}
          </label>
          <select
            id="form-subject"
            name="subject"
            defaultValue={form?.options.subject ?? ''}
            className={inputClass}
          >
            <option value="">{t('noFixedSubject')}</option>
            {LEAD_SUBJECTS.map((s) => (
              <option key={s.code} value={s.code}>
                {s.names[locale]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="active"
            defaultChecked={form?.active ?? true}
            className="h-4 w-4 accent-brand"
          />
          {t('active')}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="attachments"
            defaultChecked={form?.options.attachments ?? false}
            className="h-4 w-4 accent-brand"
          />
          {t('attachments')}
        </label>
      </div>
      <div>
        <label htmlFor="form-definition" className={label}>
          {t('definition')}
        </label>
        <textarea
          id="form-definition"
          name="definition"
          rows={20}
          spellCheck={false}
          aria-describedby="form-definition-hint"
          defaultValue={JSON.stringify(form?.definition ?? STARTER, null, 2)}
          className={`${inputClass} font-mono text-sm`}
          data-testid="form-definition"
        />
        <p id="form-definition-hint" className="mt-1 text-sm text-muted">
          {t('definitionHint')}{' '}
          <code className="break-all text-xs" data-testid="form-definition-example">
            {DEFINITION_EXAMPLE}
          </code>
        </p>
      </div>
      {/* Beside the buttons: after "save" below a 20-line definition, errors above the form were out of view. */}
      {errors.length ? (
        <FormMessage kind="error" testId="form-error">
          <ul className="list-disc pl-4">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </FormMessage>
      ) : null}
      <div className="flex flex-wrap gap-4">
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className={primaryButtonClass}
          data-testid="form-save"
        >
          {t('save')}
        </button>
        {form ? (
          <button
            type="button"
            disabled={busy}
            onClick={remove}
            className={dangerButtonClass}
            data-testid="form-delete"
          >
            {t('delete')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
