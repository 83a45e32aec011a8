'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import {
  answersSchema,
  LEAD_FILE_ACCEPT,
  LEAD_MAX_FILE_MB,
  LEAD_MAX_FILES,
  type Locale,
  type PublicForm,
  type PublicFormField,
} from '@vetshop/domain';
import {
  Checkbox,
  Field,
  FormMessage,
  RequiredNote,
  Select,
  SubmitButton,
  TextArea,
  TextInput,
  fieldAria,
} from '@/components/ui/form';
import { toFormProblem } from '@/lib/form-errors';
import { messageKey } from '@/i18n/keys';
import { useRouter } from '@/i18n/navigation';
import { FileInput } from '@/components/ui/form/FileInput';

/** Form values as the inputs hold them: texts (numbers and dates too) and checkbox booleans. */
type Values = Record<string, string | boolean>;

/** Contact-request fields a signed-in user's profile can prefill. */
export type ContactPrefill = Partial<Record<'email' | 'name' | 'phone' | 'mobile' | 'company', string>>;

/** Field error codes with a text of their own in `contact.errors` (the rest use `validation.<code>`). */
function useErrorText(): (code: string | undefined) => string {
  const t = useTranslations();
  return (code) => {
    if (!code) return '';
    return t(
      messageKey(t, `contact.errors.${code}`) ?? messageKey(t, `validation.${code}`) ?? 'validation.invalid',
    );
  };
}

/** Problem codes about the attached files (shown under the file input, `contact.errors.<code>`). */
const FILE_CODES = [
  'file_type_refused',
  'file_too_large',
  'too_many_files',
  'attachments_not_allowed',
  'file_empty',
] as const;

/** Empty value of a field. */
function emptyValue(field: PublicFormField): string | boolean {
  return field.type === 'checkbox' ? false : '';
}

/** The answers to send: empty optional answers left out. */
function cleanAnswers(values: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === '') continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/**
 * One contact form rendered from its JSON definition (docs/product/community-and-content.md#contact /{lang}/contact; docs/product/community-and-content.md#forms): each
 * field by type (text, textarea, email, tel, number, select, checkbox, date) with its label in the
 * page's locale, required mark and length limit; validated with react-hook-form and the same zod
 * schema as the api (`answersSchema`); optional attachments (at most LEAD_MAX_FILES files of
 * LEAD_MAX_FILE_MB MB, type checked by the api on the content) when the form allows them. Sends POST
 * /leads (multipart: `data` = {form_id, lang, answers}, `files`) through the /api proxy and goes to
 * /{lang}/contact-success. Api field errors are shown next to their field; 429 shows the wait in
 * minutes. `prefill` fills the fields of a signed-in user. Test ids: `contact-form` (data-code),
 * `contact-field-<name>`, `contact-files`, `contact-submit`, `contact-error`.
 */
export function ContactForm({
  form,
  locale,
  prefill = {},
}: {
  form: PublicForm;
  locale: Locale;
  prefill?: ContactPrefill;
}) {
  const t = useTranslations('contact');
  const errorText = useErrorText();
  const router = useRouter();
  const uid = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const defaults: Values = {};
  for (const f of form.fields) {
    const pre = (prefill as Record<string, string | undefined>)[f.name];
    defaults[f.name] = f.type !== 'checkbox' && pre ? pre : emptyValue(f);
  }
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(answersSchema(form)) as unknown as Resolver<Values>,
    defaultValues: defaults,
  });

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setFileError(null);
    const files = Array.from(fileRef.current?.files ?? []);
    if (files.length > LEAD_MAX_FILES)
      return setFileError(t('errors.too_many_files', { max: LEAD_MAX_FILES }));
    if (files.some((f) => f.size > LEAD_MAX_FILE_MB * 1024 * 1024))
      return setFileError(t('errors.file_too_large', { mb: LEAD_MAX_FILE_MB }));
    const body = new FormData();
    body.append('data', JSON.stringify({ form_id: form.id, lang: locale, answers: cleanAnswers(values) }));
    for (const f of files) body.append('files', f, f.name);
    let res: Response;
    try {
      res = await fetch(`/api/leads?lang=${locale}`, {
        method: 'POST',
        body,
        headers: { accept: 'application/json', 'accept-language': locale },
        credentials: 'same-origin',
      });
    } catch {
      return setFailure(t('errors.network_error'));
    }
    if (res.ok) {
      router.push('/contact-success');
      return;
    }
    const problem = toFormProblem(res.status, await res.json().catch(() => null));
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after') ?? '0');
      return setFailure(t('errors.too_many_requests', { minutes: Math.max(1, Math.ceil(seconds / 60)) }));
    }
    const fileCode = FILE_CODES.find((c) => c === problem.code);
    if (fileCode) {
      setFileError(t(`errors.${fileCode}`, { mb: LEAD_MAX_FILE_MB, max: LEAD_MAX_FILES }));
      return setFailure(t('errors.fix'));
    }
    let placed = false;
    for (const e of problem.errors) {
      const name = e.field.replace(/^(data\.)?answers\./, '');
      if (form.fields.some((f) => f.name === name)) {
        setError(name, { type: 'server', message: e.code }, { shouldFocus: !placed });
        placed = true;
      }
    }
    setFailure(placed ? t('errors.fix') : t('errors.generic'));
  });

  const idOf = (name: string) => `contact-${form.code}-${name}-${uid.replace(/[^a-zA-Z0-9]/g, '')}`;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      data-testid="contact-form"
      data-code={form.code}
    >
      <RequiredNote />
      {failure ? (
        <FormMessage kind="error" ref={alertRef} testId="contact-error">
          {failure}
        </FormMessage>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {form.fields.map((field) => {
          const id = idOf(field.name);
          const code = errors[field.name]?.message;
          const error = typeof code === 'string' && code ? errorText(code) : undefined;
          const wide = field.type === 'textarea' || field.type === 'checkbox' || field.name === 'subject';
          const common = {
            id,
            label: field.label,
            required: field.required,
            error,
            fieldClassName: wide ? 'sm:col-span-2' : undefined,
            'data-testid': `contact-field-${field.name}`,
            ...register(field.name),
          };
          return field.type === 'checkbox' ? (
            <Checkbox key={field.name} {...common} />
          ) : field.type === 'textarea' ? (
            <TextArea
              key={field.name}
              rows={6}
              maxLength={field.max_length ?? undefined}
              hint={field.max_length !== null ? t('maxLength', { max: field.max_length }) : undefined}
              {...common}
            />
          ) : field.type === 'select' ? (
            <Select
              key={field.name}
              placeholder={t('choose')}
              options={field.options.map((o) => ({ value: o.value, label: o.label }))}
              {...common}
            />
          ) : (
            <TextInput
              key={field.name}
              type={field.type === 'number' ? 'text' : field.type}
              inputMode={field.type === 'number' ? 'decimal' : undefined}
              maxLength={field.max_length ?? undefined}
              autoComplete={
                field.type === 'email'
                  ? 'email'
                  : field.type === 'tel'
                    ? 'tel'
                    : field.name === 'name'
                      ? 'name'
                      : field.name === 'company'
                        ? 'organization'
                        : undefined
              }
              {...common}
            />
          );
        })}
      </div>
      {form.attachments ? (
        <Field
          id={idOf('files')}
          label={t('files')}
          hint={t('filesHint', { max: LEAD_MAX_FILES, mb: LEAD_MAX_FILE_MB })}
          error={fileError}
          errorTestId="contact-files-error"
        >
          <FileInput
            ref={fileRef}
            id={idOf('files')}
            multiple
            accept={LEAD_FILE_ACCEPT}
            {...fieldAria(idOf('files'), true, fileError)}
            data-testid="contact-files"
          />
        </Field>
      ) : null}
      <SubmitButton busy={isSubmitting} data-testid="contact-submit">
        {isSubmitting ? t('sending') : t('send')}
      </SubmitButton>
    </form>
  );
}
