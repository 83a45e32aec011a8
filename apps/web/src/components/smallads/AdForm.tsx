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
  Checkbox,
  Field as FormField,
  FormMessage,
  RequiredNote,
  Select,
  SubmitButton,
  TextInput,
  fieldAria,
} from '@/components/ui/form';
import { inputClass } from '@/components/ui/styles';
import { messageKey, messageOr } from '@/i18n/keys';
import { useRouter } from '@/i18n/navigation';
import { FileInput } from '@/components/ui/form/FileInput';

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

/**
 * What a new ad's form starts with (docs/decisions/small-ads.md "A new ad's form is filled in"):
 * dates yyyy-mm-dd and the poster's contact details, all editable.
 */
export interface NewAdDefaults {
  date_start: string;
  date_end: string;
  contact: string;
  phone: string;
  email: string;
}

function initialValues(ad: ClassifiedAd | null, defaults?: NewAdDefaults): ClassifiedAdFormInput {
  const from = ad ?? defaults;
  return {
    name: ad?.name ?? '',
    date_start: isoDateToDisplay(from?.date_start),
    date_end: isoDateToDisplay(from?.date_end),
    category: ad?.category ?? '',
    country_state_code: ad?.country_state_code ?? '',
    body: ad?.body ?? '',
    contact: from?.contact ?? '',
    phone: from?.phone ?? '',
    email: from?.email ?? '',
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
export function AdForm({
  locale,
  ad,
  defaults,
}: {
  locale: Locale;
  ad: ClassifiedAd | null;
  /** A new ad's starting values (ignored when `ad` is given). */
  defaults?: NewAdDefaults;
}) {
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
    defaultValues: initialValues(ad, defaults),
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
    return (
      <TextInput
        id={id}
        label={t(`fields.${name}`)}
        required
        hint={opts.hint}
        error={error ? message(error) : undefined}
        errorTestId={`${id}-error`}
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete}
        data-testid={id}
        {...register(name)}
      />
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
      <Select
        id={id}
        label={t(`fields.${name}`)}
        required
        error={error ? message(error) : undefined}
        placeholder={t('choose')}
        options={options.map((o) => ({ value: o, label: label(o) }))}
        data-testid={id}
        {...register(name)}
      />
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
      <FormField
        id="smallad-body"
        label={t('fields.body')}
        required
        error={bodyError ? message(bodyError) : undefined}
        errorTestId="smallad-body-error"
      >
        <textarea
          id="smallad-body"
          rows={6}
          maxLength={CLASSIFIED_AD_BODY_MAX}
          required
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={`smallad-body-counter${bodyError ? ' smallad-body-error' : ''}`}
          data-testid="smallad-body"
          className={inputClass}
          {...register('body')}
        />
        <p
          id="smallad-body-counter"
          className={`text-sm ${remaining < 0 ? 'text-bad' : 'text-muted'}`}
          aria-live="polite"
          data-testid="smallad-body-counter"
          data-remaining={remaining}
        >
          {t('bodyCounter', { count: remaining })}
        </p>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('contact', { autoComplete: 'name' })}
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
      </div>
      <div className="space-y-2">
        <FormField
          id="smallad-file"
          label={t('fields.file')}
          hint={t('fileHint', { mb: CLASSIFIED_AD_PDF_MAX_MB })}
          error={fileError ? message(fileError) : undefined}
          errorTestId="smallad-file-error"
        >
          <FileInput
            ref={fileRef}
            id="smallad-file"
            accept="application/pdf,.pdf"
            {...fieldAria('smallad-file', true, fileError)}
            data-testid="smallad-file"
            onChange={() => setFileError(null)}
          />
        </FormField>
        {ad?.file ? (
          <Checkbox
            id="smallad-file-delete"
            label={t('deleteFileNamed', { filename: ad.file.filename })}
            checked={deleteFile}
            onChange={(e) => setDeleteFile(e.target.checked)}
            data-testid="smallad-file-delete"
          />
        ) : null}
      </div>
      <SubmitButton busy={isSubmitting} data-testid="smallad-save">
        {isSubmitting ? t('saving') : ad ? t('save') : t('create')}
      </SubmitButton>
    </form>
  );
}
