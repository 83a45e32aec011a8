import { getTranslations } from 'next-intl/server';
import type { FiveYears, Locale } from '@vetshop/domain';
import { formatDate, formatInt, formatPrice } from '@/lib/format';
import { AppLink } from '@/components/nav/AppLink';

/**
 * Key figures of the account dashboard (docs/product/customer-area.md#dashboard; data of GET sale_statistics/five_years, EUR excl.
 * VAT): this year's and last year's totals, the average per month of this year, this year's number
 * of orders and the last order (number linking to its detail, date). Server component.
 *
 * data-testids: `key-figures`, `key-this-year`, `key-last-year`, `key-average`, `key-orders`,
 * `key-last-order`.
 */
export async function KeyFigures({ locale, data }: { locale: Locale; data: FiveYears }) {
  const t = await getTranslations({ locale, namespace: 'dashboard' });
  const k = data.key_figures;
  const money = (v: number) => formatPrice(v, locale);
  const card = 'rounded-lg border border-line p-4';
  return (
    <section aria-labelledby="key-figures-title" data-testid="key-figures">
      <h2 id="key-figures-title" className="mb-3 text-2xl font-bold">
        {t('keyFiguresTitle')}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className={card}>
          <dt className="text-sm text-muted">{t('thisYear', { year: k.year })}</dt>
          <dd className="text-xl font-bold text-brand" data-testid="key-this-year">
            {money(k.this_year_total)}
          </dd>
        </div>
        <div className={card}>
          <dt className="text-sm text-muted">{t('lastYear', { year: k.year - 1 })}</dt>
          <dd className="text-xl font-bold" data-testid="key-last-year">
            {money(k.last_year_total)}
          </dd>
        </div>
        <div className={card}>
          <dt className="text-sm text-muted">{t('averagePerMonth', { months: k.months_elapsed })}</dt>
          <dd className="text-xl font-bold" data-testid="key-average">
            {money(k.average_per_month)}
          </dd>
        </div>
        <div className={card}>
          <dt className="text-sm text-muted">{t('ordersThisYear', { year: k.year })}</dt>
          <dd className="text-xl font-bold" data-testid="key-orders">
            {formatInt(k.orders_this_year, locale)}
          </dd>
        </div>
        <div className={card}>
          <dt className="text-sm text-muted">{t('lastOrder')}</dt>
          <dd data-testid="key-last-order">
            {k.last_order ? (
              <>
                <AppLink
                  locale={locale}
                  href={`/account/sales/${k.last_order.id}`}
                  className="font-semibold text-brand underline"
                >
                  {k.last_order.name}
                </AppLink>
                <span className="block text-sm">{formatDate(k.last_order.date_order, locale)}</span>
                <span className="block text-sm text-muted">{money(k.last_order.amount_untaxed)}</span>
              </>
            ) : (
              <span className="text-muted">{t('noOrderYet')}</span>
            )}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted">{t('amountsNote')}</p>
    </section>
  );
}
