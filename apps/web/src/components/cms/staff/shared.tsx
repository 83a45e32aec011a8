'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { LOCALES, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import type { FormProblem } from '@/lib/form-errors';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { FieldMessages, SubmitButton, fieldAria } from '@/components/ui/form';
import { errorClass, labelClass, statusClass } from '@/components/ui/styles';
import { messageKey } from '@/i18n/keys';
import { useRouter } from '@/i18n/navigation';
import { FileInput } from '@/components/ui/form/FileInput';

/**
 * The message of a failed content call: `cms.staff.errors.<code>` when known (with the language of
 * the field at fault, "(FR)"), else the api's detail.
 */
export function useCmsProblem(): (problem: FormProblem) => string {
  const t = useTranslations('cms.staff.errors');
  return (problem) => {
    const field = problem.errors[0];
    const code = messageKey(t, problem.code) ?? (field ? messageKey(t, field.code) : undefined);
    // The language a field belongs to, not its path ("translations.fr.url" read as code to staff).
    const language = field ? /^translations\.(fr|nl|en)\b/.exec(field.field)?.[1] : undefined;
    const where = language ? ` (${language.toUpperCase()})` : '';
    if (code) return `${t(code)}${where}`;
    return `${t('generic')}${problem.detail ? ` ${problem.detail}` : ''}`;
  };
}

/**
 * Stored-file picker of the content forms: uploads the chosen file to POST /staff/cms/files with
 * `purpose` (cms_image, cms_file or advertisement) and keeps the answered id in a hidden input
 * named `name`; shows the current file (image preview) and a remove button. Errors (type refused,
 * too large) are shown in an alert. Test ids `<name>-input`, `<name>-current`.
 */
export function FileField({
  name,
  label,
  purpose,
  initialId,
}: {
  name: string;
  label: string;
  purpose: 'cms_image' | 'cms_file' | 'advertisement';
  initialId: number | null;
}) {
  const t = useTranslations('cms.staff');
  const problemText = useCmsProblem();
  const [fileId, setFileId] = useState<number | null>(initialId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `cms-${name}`;
  async function upload(file: File) {
    setBusy(true);
    setError(null);
    const body = new FormData();
    body.append('purpose', purpose);
    body.append('file', file);
    try {
      const res = await fetch('/api/staff/cms/files', { method: 'POST', body, credentials: 'same-origin' });
      const data = (await res.json().catch(() => null)) as {
        id?: number;
        code?: string;
        detail?: string;
      } | null;
      if (res.ok && data?.id) setFileId(data.id);
      else
        setError(
          problemText({
            status: res.status,
            code: data?.code ?? 'generic',
            detail: data?.detail,
            errors: [],
          }),
        );
    } catch {
      setError(t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input type="hidden" name={name} value={fileId ?? ''} />
      {fileId ? (
        <div className="flex items-center gap-3" data-testid={`${name}-current`}>
          {purpose === 'cms_file' ? (
            <a href={`/api/cms/files/${fileId}`} className="text-brand underline">
              {t('currentFile')}
            </a>
          ) : (
            <img
              src={`/api/cms/files/${fileId}`}
              alt={t('preview')}
              className="h-16 w-auto rounded border border-line"
            />
          )}
          <button type="button" className="text-sm text-bad underline" onClick={() => setFileId(null)}>
            {t('removeFile')}
          </button>
        </div>
      ) : null}
      <FileInput
        id={id}
        accept={purpose === 'cms_file' ? undefined : 'image/*'}
        disabled={busy}
        {...fieldAria(id, undefined, error)}
        data-testid={`${name}-input`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void upload(file);
        }}
      />
      {busy ? <p className="text-xs text-muted">{t('uploading')}</p> : null}
      <FieldMessages id={id} error={error} />
    </div>
  );
}

/**
 * Submits `body()` to `method path` (JSON through the /api proxy); on success goes to `next` (a
 * path without the locale prefix, e.g. `/staff/content/banners`; the current locale's is added) or
 * refreshes, and announces `saved`; on failure shows the problem. Test ids `<testId>`,
 * `<testId>-submit`, `<testId>-error`, `<testId>-done`.
 */
export function useSave({
  method,
  path,
  next,
}: {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  next?: string;
}) {
  const locale = useLocale() as Locale;
  const router = useRouter();
  const problemText = useCmsProblem();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  async function save(body?: unknown): Promise<boolean> {
    setBusy(true);
    setError(null);
    setDone(false);
    const result = await callApi(method, path, { locale, body });
    setBusy(false);
    if (!result.ok) {
      setError(problemText(result.problem));
      return false;
    }
    setDone(true);
    if (next) router.push(next);
    router.refresh();
    return true;
  }
  return { save, busy, error, done };
}

/** Submit button, error alert and saved status of a content form. */
export function FormFooter({
  testId,
  busy,
  error,
  done,
  label,
}: {
  testId: string;
  busy: boolean;
  error: string | null;
  done: boolean;
  label: string;
}) {
  const t = useTranslations('cms.staff');
  return (
    <div className="space-y-2">
      <SubmitButton busy={busy} data-testid={`${testId}-submit`}>
        {label}
      </SubmitButton>
      {error ? (
        <p role="alert" className={errorClass} data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className={statusClass} data-testid={`${testId}-done`}>
          {t('saved')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Delete button confirmed in the shell's dialog; refreshes or goes to `next` (a path without the
 * locale prefix) after the 204. Test id `<testId>`.
 */
export function DeleteButton({ path, next, testId }: { path: string; next?: string; testId: string }) {
  const t = useTranslations('cms.staff');
  const { save, busy, error } = useSave({ method: 'DELETE', path, next });
  const confirm = useConfirm();
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        disabled={busy}
        className="text-sm text-bad underline disabled:opacity-60"
        data-testid={testId}
        onClick={async () => {
          if (await confirm({ title: t('confirmDelete'), confirmLabel: t('delete'), tone: 'danger' }))
            void save();
        }}
      >
        {t('delete')}
      </button>
      {error ? (
        <span role="alert" className="text-xs text-bad">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** `datetime-local` value (Brussels wall clock of the browser) of an ISO instant, '' for null. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** ISO instant of a `datetime-local` value (the browser's time zone), null when empty. */
export function fromLocalInput(value: FormDataEntryValue | null): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A string form value ('' when missing). */
export function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

/**
 * The per-locale texts of fields named `<prefix>.<locale>` (fr, nl, en), trimmed; empty ones are
 * left out (the api then falls back to another locale).
 */
export function localizedTexts(form: FormData, prefix: string): Partial<Record<Locale, string>> {
  const out: Partial<Record<Locale, string>> = {};
  for (const l of LOCALES) {
    const v = text(form, `${prefix}.${l}`).trim();
    if (v) out[l] = v;
  }
  return out;
}

/** A file id hidden input → number or null. */
export function fileId(form: FormData, name: string): number | null {
  const n = Number(text(form, name));
  return Number.isInteger(n) && n > 0 ? n : null;
}
