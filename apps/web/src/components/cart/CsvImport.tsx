'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { ORDER_IMPORT_MAX_MB, type CsvImportResult, type Locale } from '@vetshop/domain';
import { FormMessage, primaryButtonClass } from '@/components/account/fields';
import { precheckOrderFile } from '@/lib/order-import';
import { useCart } from './CartProvider';
import { messageKey } from '@/i18n/keys';
import { FileInput } from '@/components/ui/form/FileInput';

type Outcome = { kind: 'done'; result: CsvImportResult } | { kind: 'refused'; code: string } | null;

/**
 * CSV order import (docs/product/customer-area.md#dashboard account dashboard, docs/product/customer-area.md#order-import POST carts/csv), for
 * accounts allowed to import. The file (.csv only, at most ORDER_IMPORT_MAX_MB MB: 'The file cannot
 * exceed {mb} MB') is checked in the browser, then sent as multipart through the /api proxy; the
 * api adds the valid lines to the cart exactly once and reports each refused line with its number.
 * A refused file leaves the cart as it was. On success the cart store takes the server's cart,
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
        setOutcome({ kind: 'refused', code: typeof code === 'string' ? code : 'import_failed' });
      }
    } catch {
      setOutcome({ kind: 'refused', code: 'network_error' });
    } finally {
      setBusy(false);
    }
  }

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
                        ? t('lineError', { line: e.line, reason: t(`reasons.${e.reason}`), value: e.value })
                        : t('lineErrorBare', { line: e.line, reason: t(`reasons.${e.reason}`) })}
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
