import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';

/** Site footer (spec 2 global pieces): association information and opening hours (spec 9). */
export async function Footer({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'footer' });
  const hours: [string, string][] = [
    [t('ordersService'), t('ordersHours')],
    [t('salesDelegate'), t('salesHours')],
    [t('logistics'), t('logisticsHours')],
  ];
  return (
    <footer className="mt-12 border-t border-line bg-surface text-sm">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 md:grid-cols-3">
        <section aria-labelledby="footer-association">
          <h2 id="footer-association" className="mb-2 font-semibold">
            {t('associationTitle')}
          </h2>
          <p className="text-muted">{t('associationText')}</p>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="mb-2 font-semibold">
            {t('hoursTitle')}
          </h2>
          <dl className="space-y-1">
            {hours.map(([who, when]) => (
              <div key={who}>
                <dt className="font-medium">{who}</dt>
                <dd className="text-muted">{when}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="footer-catalogue">
          <h2 id="footer-catalogue" className="mb-2 font-semibold">
            {t('catalogueTitle')}
          </h2>
          <p>
            <Link href={`/${locale}/search`} className="text-brand underline">
              {t('search')}
            </Link>
          </p>
        </section>
      </div>
      <p className="border-t border-line py-3 text-center text-muted">
        {t('rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
