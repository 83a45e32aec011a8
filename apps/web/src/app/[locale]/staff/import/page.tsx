import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffApi } from '@/lib/api/staff';
import type { Locale } from '@vetshop/domain';
import { formatDateTime, formatInt, formatNumber } from '@/lib/format';
import { StaffTable } from '@/components/staff/StaffTable';
import { ImportButton } from '@/components/staff/ImportButton';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('staff.import', 'title');

/** A date-time in the locale, Brussels time (the shop's business clock). */
function dateTime(iso: string, locale: Locale): string {
  return formatDateTime(iso, locale, { seconds: true });
}

/**
 * /{lang}/staff/import (docs/decisions/staff-catalog-import.md "catalogue import from the files of the catalogue issue"): the
 * button that runs the import (POST /staff/catalog/import, one at a time), the last report of the
 * api process (changed or unchanged, duration, rows read / imported / merged / skipped per source,
 * totals, skipped rows) and the last stored runs (GET /staff/catalog/import). Staff only. Test ids
 * `import-report`, `import-changed`, `import-runs-row`.
 */
export default async function StaffImportPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/import';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const status = await loadForPage(locale, pathname, () => staffApi.importStatus(locale));
  const t = await getTranslations({ locale, namespace: 'staff.import' });
  const report = status.last_report;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      <ImportButton running={status.running} />
      {report ? (
        <section aria-labelledby="import-report-title" className="space-y-3" data-testid="import-report">
          <h2 id="import-report-title" className="text-xl font-semibold">
            {t('lastReport')}
            {status.last_finished_at ? ` — ${dateTime(status.last_finished_at, locale)}` : ''}
          </h2>
          <p data-testid="import-changed" data-changed={String(report.changed)}>
            {report.changed ? t('changed') : t('unchanged')}{' '}
            {t('duration', { seconds: formatNumber(report.duration_ms / 1000, locale, { min: 1, max: 1 }) })}
          </p>
          <StaffTable
            caption={t('sources')}
            testId="import-sources"
            empty={t('noRuns')}
            rows={Object.entries(report.sources).map(([name, c]) => ({ name, ...c }))}
            rowKey={(r) => r.name}
            columns={[
              { key: 'name', header: t('source'), cell: (r) => r.name },
              { key: 'read', header: t('read'), numeric: true, cell: (r) => formatInt(r.read, locale) },
              {
                key: 'imported',
                header: t('imported'),
                numeric: true,
                cell: (r) => formatInt(r.imported, locale),
              },
              { key: 'merged', header: t('merged'), numeric: true, cell: (r) => formatInt(r.merged, locale) },
              {
                key: 'skipped',
                header: t('skipped'),
                numeric: true,
                cell: (r) => formatInt(r.skipped, locale),
              },
            ]}
          />
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
            {Object.entries(report.totals).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted">{key}</dt>
                <dd className="tabular-nums">{formatInt(value, locale)}</dd>
              </div>
            ))}
            <dt className="text-muted">{t('withdrawn')}</dt>
            <dd className="tabular-nums">{formatInt(report.withdrawn, locale)}</dd>
            <dt className="text-muted">{t('badRows')}</dt>
            <dd className="tabular-nums">{formatInt(report.bad_row_count, locale)}</dd>
          </dl>
          {report.bad_rows.length ? (
            <details>
              <summary className="cursor-pointer text-brand">{t('badRowsShow')}</summary>
              <ul className="mt-2 list-disc pl-6 text-sm">
                {report.bad_rows.map((b) => (
                  <li key={`${b.file}:${b.line}`}>
                    {b.file}:{b.line} — {b.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="import-runs-title" className="space-y-3">
        <h2 id="import-runs-title" className="text-xl font-semibold">
          {t('runs')}
        </h2>
        <StaffTable
          caption={t('runs')}
          testId="import-runs"
          empty={t('noRuns')}
          rows={status.runs}
          rowKey={(r) => r.id}
          columns={[
            { key: 'date', header: t('date'), cell: (r) => dateTime(r.created_at, locale) },
            {
              key: 'products',
              header: t('products'),
              numeric: true,
              cell: (r) => (r.products === null ? '' : formatInt(r.products, locale)),
            },
            {
              key: 'duration',
              header: t('durationHeader'),
              numeric: true,
              cell: (r) =>
                r.duration_ms === null ? '' : formatNumber(r.duration_ms / 1000, locale, { min: 1, max: 1 }),
            },
            { key: 'checksum', header: t('checksum'), cell: (r) => <code>{r.checksum.slice(0, 12)}</code> },
          ]}
        />
      </section>
    </div>
  );
}
