'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { ORDER_IMPORT_MAX_MB, type CsvImportResult, type Locale } from '@vetshop/domain';
import { FormMessage, primaryButtonClass } from '@/components/account/fields';
import { precheckOrderFile } from '@/lib/order-import';
import { useCart } from './CartProvider';
import { messageKey } from '@/i18n/keys';
import { FileInput } from '@/components/ui/form/FileInput';

/** A line of a refused file and why (the problem's `errors`, "line 4" → 4). */
type RefusedLine = { line: number; reason: string };
type Outcome =
  { kind: 'done'; result: CsvImportResult } | { kind: 'refused'; code: string; lines?: RefusedLine[] } | null;

/** The lines a refused file's problem names (`errors: [{field: 'line 4', code}]`), [] when none. */
function refusedLines(body: unknown): RefusedLine[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: { field?: unknown; code?: unknown }) => {
    const line = typeof e?.field === 'string' ? /^line (\d+)$/.exec(e.field)?.[1] : undefined;
    return line && typeof e.code === 'string' ? [{ line: Number(line), reason: e.code }] : [];
  });
}

/**
 * CSV order import (docs/product/customer-area.md#dashboard account dashboard, docs/product/customer-area.md#order-import POST carts/csv), for
 * accounts allowed to import. The file (.csv only, at most ORDER_IMPORT_MAX_MB MB: 'The file cannot
 * exceed {mb} MB') is checked in the browser, then sent as multipart through the /api proxy; the
 * api adds the valid lines to the cart exactly once and reports each refused line with its number.
 * A refused file leaves the cart as it was, and its message lists each line's reason when the api
 * names them (a file without any valid line). Each upload carries a new `import_id`: the same file
 * imported again adds its lines again. On success the cart store takes the server's cart,
 * checked against `csvImportResultSchema`, which is loaded at the first submit.
 */
export function CsvImport({ locale }: { locale: Locale }) {
  const t = useTranslations('csvImport');
  const { store } = useCart();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setOutcome({ kind: 'refused', code: 'file_missing' });
    const refused = precheckOrderFile(file);
    if (refused) return setOutcome({ kind: 'refused', code: refused });
    setBusy(true);
    try {
      const form = new FormData();
      // Each upload is a new import: its lines are added even when the same file was imported
      // before; a replay of this request adds nothing (docs/decisions/order-import.md). Before the
      // file: the api reads the fields sent ahead of it.
      form.append('import_id', globalThis.crypto.randomUUID());
      form.append('file', file, file.name);
      const res = await fetch(`/api/carts/csv?lang=${locale}`, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json', 'accept-language': locale },
        credentials: 'same-origin',
      });
      const body: unknown = await res.json().catch(() => null);
      // The answer's schema (and zod with it) loads at the first import, not with the dashboard.
      const { csvImportResultSchema } = await import('@/lib/csv-import-answer');
      const parsed = csvImportResultSchema.safeParse(body);
      if (res.ok && parsed.success) {
        store?.setServerCart(parsed.data.cart);
        setOutcome({ kind: 'done', result: parsed.data });
      } else {
        const code = (body as { code?: unknown } | null)?.code;
        setOutcome({
          kind: 'refused',
          code: typeof code === 'string' ? code : 'import_failed',
          lines: refusedLines(body),
        });
      }
    } catch {
      setOutcome({ kind: 'refused', code: 'network_error' });
    } finally {
      setBusy(false);
    }
  }

  const reasonText = (reason: string) => {
    const key = messageKey(t, `reasons.${reason}`);
    return key ? t(key) : reason;
  };
  const refusedText = (code: string) => {
    const key = messageKey(t, `errors.${code}`);
    return key ? t(key, { mb: ORDER_IMPORT_MAX_MB }) : t('errors.import_failed');
  };

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="csv-import-form" noValidate>
      <p className="text-sm text-muted">{t('help', { mb: ORDER_IMPORT_MAX_MB })}</p>
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium">
          {t('fileLabel')}
        </label>
        <FileInput
          id={inputId}
          accept=".csv,text/csv"
          className="mt-1"
          data-testid="csv-import-file"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setOutcome(null);
          }}
        />
      </div>
      <button type="submit" className={primaryButtonClass} disabled={busy} data-testid="csv-import-submit">
        {busy ? t('sending') : t('submit')}
      </button>
      <div aria-live="polite">
        {outcome?.kind === 'refused' ? (
          <FormMessage kind="error" testId="csv-import-refused">
            {refusedText(outcome.code)}
            {outcome.lines?.length ? (
              <ul className="mt-1 list-disc pl-5" data-testid="csv-import-refused-lines">
                {outcome.lines.map((e) => (
                  <li key={e.line} data-line={e.line}>
                    {t('lineErrorBare', { line: e.line, reason: reasonText(e.reason) })}
                  </li>
                ))}
              </ul>
            ) : null}
          </FormMessage>
        ) : null}
        {outcome?.kind === 'done' ? (
          <FormMessage
            kind={outcome.result.errors.length > 0 ? 'info' : 'success'}
            testId="csv-import-result"
          >
            <p data-testid="csv-import-count">{t('imported', { count: outcome.result.imported })}</p>
            {outcome.result.errors.length > 0 ? (
              <>
                <p className="mt-2 font-medium">
                  {t('lineErrorsTitle', { count: outcome.result.errors.length })}
                </p>
                <ul className="mt-1 list-disc pl-5" data-testid="csv-import-errors">
                  {outcome.result.errors.map((e) => (
                    <li key={e.line} data-line={e.line}>
                      {e.value.trim()
                        ? t('lineError', { line: e.line, reason: reasonText(e.reason), value: e.value })
                        : t('lineErrorBare', { line: e.line, reason: reasonText(e.reason) })}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </FormMessage>
        ) : null}
      </div>
    </form>
  );
}
