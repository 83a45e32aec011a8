import { getTranslations } from 'next-intl/server';
import { FAMILIES, type Family, type Locale, type MonthlyOrdered } from '@vetshop/domain';
import { AppLink } from '@/components/nav/AppLink';
import { formatMonth, formatPrice } from '@/lib/format';
import type { ChartMonth } from './PurchasesChart';
import { PurchasesChartLazy } from './PurchasesChartLazy';

/**
 * Purchases per month of one year by food, equipment and meds (docs/product/customer-area.md#dashboard account dashboard; data of
 * GET sale_statistics/monthly_ordered/{year}, EUR excl. VAT): a year selector (links
 * `?year=…#purchases-title` on `href`, the page's path without locale prefix, e.g. `/account`, for
 * `years`, other query values kept from `keep`, the shown one aria-current), the recharts chart (hidden from
 * assistive technologies) and its table alternative (screen-reader only: month rows, a column per
 * family and the total, the year's totals in the footer). Server component.
 *
 * A year without any purchase or credit note shows one sentence instead ("Aucun achat en 2022.",
 * `purchases-empty`): no empty axes, no row of zeros.
 *
 * data-testids: `purchases`, `purchases-year-<year>`, `purchases-chart`, `purchases-table`,
 * `purchases-total-<family|total>` (year totals, in the table footer).
 */
export async function PurchasesSection({
  locale,
  data,
  years,
  href,
  keep = {},
}: {
  locale: Locale;
  data: MonthlyOrdered;
  years: number[];
  href: string;
  keep?: Record<string, string>;
}) {
  const t = await getTranslations({ locale, namespace: 'dashboard' });
  const tf = await getTranslations({ locale, namespace: 'family' });
  const familyLabels = Object.fromEntries(FAMILIES.map((f) => [f, tf(f)])) as Record<Family, string>;
  const monthName = (month: string, style: 'short' | 'long') => formatMonth(month, locale, style);
  const chartMonths: ChartMonth[] = data.months.map((m) => ({
    label: monthName(m.month, 'short'),
    meds: m.meds,
    food: m.food,
    equipment: m.equipment,
  }));
  const money = (v: number) => formatPrice(v, locale);
  // A year without any purchase (nor credit note) says so instead of drawing empty axes and zeros.
  const bought = data.months.some((m) => FAMILIES.some((f) => m[f] !== 0));
  return (
    <section aria-labelledby="purchases-title" className="space-y-4" data-testid="purchases">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="purchases-title" className="text-2xl font-bold">
          {t('purchasesTitle', { year: data.year })}
        </h2>
        <nav aria-label={t('yearLabel')}>
          <ul className="flex flex-wrap gap-2">
            {years.map((y) => (
              <li key={y}>
                <AppLink
                  locale={locale}
                  href={`${href}?${new URLSearchParams({ ...keep, year: String(y) }).toString()}#purchases-title`}
                  scroll={false}
                  aria-current={y === data.year ? 'true' : undefined}
                  className={`inline-block rounded border px-3 py-1 text-sm font-semibold ${
                    y === data.year
                      ? 'border-brand bg-brand text-white'
                      : 'border-line text-brand hover:border-brand'
                  }`}
                  data-testid={`purchases-year-${y}`}
                >
                  {y}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="text-sm text-muted">{t('purchasesNote')}</p>
      {bought ? (
        <>
          <PurchasesChartLazy locale={locale} months={chartMonths} familyLabels={familyLabels} />
          {/* sr-only on a wrapper: a table does not shrink to the 1 px of sr-only and widened the page. */}
          <div className="sr-only">
            <table data-testid="purchases-table">
              <caption>{t('tableCaption', { year: data.year })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('month')}</th>
                  {FAMILIES.map((f) => (
                    <th key={f} scope="col">
                      {familyLabels[f]}
                    </th>
                  ))}
                  <th scope="col">{t('total')}</th>
                </tr>
              </thead>
              <tbody>
                {data.months.map((m) => (
                  <tr key={m.month} data-month={m.month}>
                    <th scope="row">{monthName(m.month, 'long')}</th>
                    {FAMILIES.map((f) => (
                      <td key={f} data-family={f}>
                        {money(m[f])}
                      </td>
                    ))}
                    <td data-family="total">{money(m.total)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('yearTotal', { year: data.year })}</th>
                  {FAMILIES.map((f) => (
                    <td key={f} data-testid={`purchases-total-${f}`}>
                      {money(data.totals[f])}
                    </td>
                  ))}
                  <td data-testid="purchases-total-total">{money(data.totals.total)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <ul
            className="flex flex-wrap gap-x-6 gap-y-1 text-sm"
            aria-label={t('yearTotal', { year: data.year })}
          >
            {FAMILIES.map((f) => (
              <li key={f}>{t('familyTotal', { label: familyLabels[f], amount: money(data.totals[f]) })}</li>
            ))}
            <li className="font-semibold">
              {t('familyTotal', { label: t('total'), amount: money(data.totals.total) })}
            </li>
          </ul>
        </>
      ) : (
        <p className="rounded border border-line bg-surface p-4" data-testid="purchases-empty">
          {t('purchasesEmpty', { year: data.year })}
        </p>
      )}
    </section>
  );
}
