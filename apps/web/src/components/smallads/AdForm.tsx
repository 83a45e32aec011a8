'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import {
  CLASSIFIED_AD_BODY_MAX,
  CLASSIFIED_AD_CATEGORIES,
  CLASSIFIED_AD_PDF_MAX_MB,
  CLASSIFIED_AD_REGIONS,
  classifiedAdFormSchema,
  classifiedAdSchema,
  isoDateToDisplay,
  type ClassifiedAd,
  type ClassifiedAdFormInput,
  type ClassifiedAdFormOutput,
  type Locale,
} from '@vetshop/domain';
import { toFormProblem, splitFieldErrors } from '@/lib/form-errors';
import {
  FieldLabel,
  FormMessage,
  RequiredNote,
  inputClass,
  primaryButtonClass,
} from '@/components/account/fields';
import { messageKey, messageOr } from '@/i18n/keys';
import { useRouter } from '@/i18n/navigation';

const FIELDS = [
  'name',
  'date_start',
  'date_end',
  'category',
  'country_state_code',
  'body',
  'contact',
  'phone',
  'email',
] as const satisfies readonly (keyof ClassifiedAdFormInput)[];
type Field = (typeof FIELDS)[number];

function initialValues(ad: ClassifiedAd | null): ClassifiedAdFormInput {
  return {
    name: ad?.name ?? '',
    date_start: isoDateToDisplay(ad?.date_start),
    date_end: isoDateToDisplay(ad?.date_end),
    category: ad?.category ?? '',
    country_state_code: ad?.country_state_code ?? '',
    body: ad?.body ?? '',
    contact: ad?.contact ?? '',
    phone: ad?.phone ?? '',
    email: ad?.email ?? '',
  };
}

/**
 * Form of a small ad (docs/product/community-and-content.md#small-ad-rules; react-hook-form + zod `classifiedAdFormSchema`): title,
 * publication and expiry dates typed dd/mm/yyyy (sent yyyy-mm-dd, expiry not before publication),
 * category, region, text with a remaining-characters counter (500 max, docs/product/constants.md), contact, phone,
 * email, all mandatory, and an optional PDF (≤ 5 MB; the api checks the content). `ad` null =
 * creation (POST /classified_ads → the new ad's page), else update (POST /classified_ads/{id}, the
 * ad goes back to draft; "remove the document" sends file_delete). Field errors of the api (400
 * `errors[]`, `file_type_refused`, 413 `file_too_large`) are shown next to their field.
 * Test ids: smallad-form, smallad-<field>, smallad-file, smallad-file-delete, smallad-save,
 * smallad-body-counter, smallad-form-error.
 */
export function AdForm({ locale, ad }: { locale: Locale; ad: ClassifiedAd | null }) {
  const t = useTranslations('smallads');
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [deleteFile, setDeleteFile] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ClassifiedAdFormInput, unknown, ClassifiedAdFormOutput>({
    resolver: zodResolver(classifiedAdFormSchema) as unknown as Resolver<
      ClassifiedAdFormInput,
      unknown,
      ClassifiedAdFormOutput
    >,
    defaultValues: initialValues(ad),
  });
  const remaining = CLASSIFIED_AD_BODY_MAX - (watch('body') ?? '').length;

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const message = (code: string | undefined): string => {
    const key = code ? messageKey(t, `validation.${code}`) : undefined;
    return key ? t(key, { mb: CLASSIFIED_AD_PDF_MAX_MB }) : t('validation.invalid');
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setFileError(null);
    const file = fileRef.current?.files?.[0] ?? null;
    if (file && file.size > CLASSIFIED_AD_PDF_MAX_MB * 1024 * 1024) {
      setFileError('file_too_large');
      fileRef.current?.focus();
      return;
    }
    const form = new FormData();
    for (const f of FIELDS) form.append(f, values[f]);
    if (file) form.append('file', file, file.name);
    if (ad && deleteFile && !file) form.append('file_delete', 'true');
    const path = ad ? `/api/classified_ads/${ad.id}` : '/api/classified_ads';
    let res: Response;
    try {
      res = await fetch(`${path}?lang=${locale}`, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json', 'accept-language': locale },
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      setFailure(t('errors.network_error'));
      return;
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.ok) {
      const parsed = classifiedAdSchema.safeParse(body);
      if (!parsed.success) {
        // An answer that breaks the contract (ApiError 502 `bad_response` elsewhere).
        setFailure(t('errors.generic'));
        return;
      }
      const saved = parsed.data;
      if (ad) {
        router.replace(`/account/smallads/${saved.id}?done=saved`);
        router.refresh();
      } else router.push(`/account/smallads/${saved.id}?done=created`);
      return;
    }
    const problem = toFormProblem(res.status, body);
    if (problem.code === 'file_type_refused' || problem.code === 'file_too_large') {
      setFileError(problem.code);
      fileRef.current?.focus();
      return;
    }
    const { byField } = splitFieldErrors(problem, FIELDS);
    const first = FIELDS.find((f) => byField[f]);
    for (const f of FIELDS) if (byField[f]) setError(f, { type: 'server', message: byField[f] });
    if (first) setFocus(first);
    else setFailure(messageOr(t, `errors.${problem.code}`, t('errors.generic')));
  });

  const field = (name: Field, opts: { type?: string; hint?: string; autoComplete?: string } = {}) => {
    const id = `smallad-${name}`;
    const error = errors[name]?.message;
    const describedBy = [opts.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <FieldLabel htmlFor={id} label={t(`fields.${name}`)} required />
        <input
          id={id}
          type={opts.type ?? 'text'}
          autoComplete={opts.autoComplete}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          data-testid={id}
          className={inputClass}
          {...register(name)}
        />
        {opts.hint ? (
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            {opts.hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-bad" data-testid={`${id}-error`}>
            {message(error)}
          </p>
        ) : null}
      </div>
    );
  };

  const select = <O extends string>(
    name: 'category' | 'country_state_code',
    options: readonly O[],
    label: (option: O) => string,
  ) => {
    const id = `smallad-${name}`;
    const error = errors[name]?.message;
    return (
      <div>
        <FieldLabel htmlFor={id} label={t(`fields.${name}`)} required />
        <select
          id={id}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={id}
          className={inputClass}
          {...register(name)}
        >
          <option value="">{t('choose')}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {label(o)}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-bad">
            {message(error)}
          </p>
        ) : null}
      </div>
    );
  };

  const bodyError = errors.body?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="smallad-form">
      <RequiredNote />
      {ad ? <p className="text-sm text-muted">{t('editNote')}</p> : null}
      {failure ? (
        <FormMessage kind="error" ref={alertRef} testId="smallad-form-error">
          {failure}
        </FormMessage>
      ) : null}
      {field('name')}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('date_start', { hint: t('dateHint') })}
        {field('date_end', { hint: t('dateHint') })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {select('category', CLASSIFIED_AD_CATEGORIES, (o) => t(`categories.${o}`))}
        {select('country_state_code', CLASSIFIED_AD_REGIONS, (o) => t(`regions.${o}`))}
      </div>
      <div>
        <FieldLabel htmlFor="smallad-body" label={t('fields.body')} required />
        <textarea
          id="smallad-body"
          rows={6}
          maxLength={CLASSIFIED_AD_BODY_MAX}
          aria-required
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={`smallad-body-counter${bodyError ? ' smallad-body-error' : ''}`}
          data-testid="smallad-body"
          className={inputClass}
          {...register('body')}
        />
        <p
          id="smallad-body-counter"
          className={`mt-1 text-sm ${remaining < 0 ? 'text-bad' : 'text-muted'}`}
          aria-live="polite"
          data-testid="smallad-body-counter"
          data-remaining={remaining}
        >
          {t('bodyCounter', { count: remaining })}
        </p>
        {bodyError ? (
          <p id="smallad-body-error" className="mt-1 text-sm text-bad" data-testid="smallad-body-error">
            {message(bodyError)}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('contact', { autoComplete: 'name' })}
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
      </div>
      <div>
        <FieldLabel htmlFor="smallad-file" label={t('fields.file')} />
        <input
          ref={fileRef}
          id="smallad-file"
          type="file"
          accept="application/pdf,.pdf"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`smallad-file-hint${fileError ? ' smallad-file-error' : ''}`}
          data-testid="smallad-file"
          className="mt-1 block"
          onChange={() => setFileError(null)}
        />
        <p id="smallad-file-hint" className="mt-1 text-sm text-muted">
          {t('fileHint', { mb: CLASSIFIED_AD_PDF_MAX_MB })}
        </p>
        {fileError ? (
          <p
            id="smallad-file-error"
            role="alert"
            className="mt-1 text-sm text-bad"
            data-testid="smallad-file-error"
          >
            {message(fileError)}
          </p>
        ) : null}
        {ad?.file ? (
          <div className="mt-2 flex items-center gap-2 text-sm">
            <input
              id="smallad-file-delete"
              type="checkbox"
              checked={deleteFile}
              onChange={(e) => setDeleteFile(e.target.checked)}
              data-testid="smallad-file-delete"
              className="h-4 w-4 accent-brand"
            />
            <label htmlFor="smallad-file-delete">
              {t('deleteFile')} ({t('currentFile')}: {ad.file.filename})
            </label>
          </div>
        ) : null}
      </div>
      <button type="submit" className={primaryButtonClass} disabled={isSubmitting} data-testid="smallad-save">
        {isSubmitting ? t('saving') : ad ? t('save') : t('create')}
      </button>
    </form>
  );
}
