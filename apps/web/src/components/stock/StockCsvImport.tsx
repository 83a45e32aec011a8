'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import {
  STOCK_CSV_MAX_CHARS,
  stockImportReportSchema,
  type Locale,
  type StockImportReport,
} from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { FileInput } from '@/components/ui/form/FileInput';

/**
 * Stock CSV upload (POST /staff/stock/import {csv}; docs/decisions/stock-moves.md "Staff"): one
 * line per variant, "SKU or EAN;quantity" (free units). The report lists the accepted lines
 * (before → after) or, when any line is refused, every refused line with its reason: a refused
 * file changes nothing. Test ids `stock-import(-file|-submit|-error|-applied|-refused|-accepted)`.
 */
export function StockCsvImport() {
  const t = useTranslations('stockStaff');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<StockImportReport | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    setError(null);
    setReport(null);
    if (!(file instanceof File) || file.size === 0) {
      setError(t('import.noFile'));
      return;
    }
    const csv = await file.text();
    if (csv.length > STOCK_CSV_MAX_CHARS) {
      setError(t('import.tooLarge'));
      return;
    }
    setBusy(true);
    const result = await callApi('POST', '/staff/stock/import', {
      locale,
      body: { csv },
      schema: stockImportReportSchema,
    });
    setBusy(false);
    if (!result.ok || !result.data) {
      setError(t('errors.generic'));
      return;
    }
    setReport(result.data);
    if (result.data.applied) router.refresh();
  }

  return (
    <section aria-labelledby="stock-import-title" className="space-y-3">
      <h2 id="stock-import-title" className="text-xl font-semibold">
        {t('import.title')}
      </h2>
      <p className="text-sm text-muted">{t('import.help')}</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="stock-import">
        <div>
          <label htmlFor="stock-import-file" className="mb-1 block text-sm font-medium">
            {t('import.file')}
          </label>
          <FileInput
            id="stock-import-file"
            name="file"
            accept=".csv,text/csv,text/plain"
            data-testid="stock-import-file"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          data-testid="stock-import-submit"
        >
          {t('import.submit')}
        </button>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="stock-import-error">
          {error}
        </p>
      ) : null}
      {report ? (
        <div role="status" className="space-y-2">
          {report.applied ? (
            <p className="text-green-800" data-testid="stock-import-applied">
              {t('import.applied', { count: report.accepted.length, pickings: report.pickings.length })}
            </p>
          ) : (
            <p className="text-red-700" data-testid="stock-import-refused">
              {t('import.refused', { count: report.refused.length })}
            </p>
          )}
          <ul className="max-h-80 space-y-1 overflow-auto text-sm">
            {report.refused.map((r) => (
              <li key={`r-${r.line}`} data-testid="stock-import-refused-line">
                {r.code.trim()
                  ? t('import.refusedLine', {
                      line: r.line,
                      code: r.code,
                      reason: t(`import.reasons.${r.reason}`),
                    })
                  : t('import.refusedLineBare', { line: r.line, reason: t(`import.reasons.${r.reason}`) })}
              </li>
            ))}
            {report.accepted.map((a) => (
              <li key={`a-${a.line}`} data-testid="stock-import-accepted">
                {t('import.acceptedLine', {
                  line: a.line,
                  sku: a.sku,
                  before: a.qty_before,
                  after: a.qty_after,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
