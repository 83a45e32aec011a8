import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';

/**
 * Head of the offers page (docs/product/catalogue-and-search.md#promotions-and-selection): the
 * title, the introduction (the guests' one when `signedIn` is false), the link to the selection
 * (/{lang}/selection) and, for a customer, to the vet efficiency page (/{lang}/vetgroup).
 */
export async function PromotionsIntro({
  locale,
  signedIn,
  isCustomer,
}: {
  locale: Locale;
  signedIn: boolean;
  isCustomer: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'promotions' });
  return (
    <div className="space-y-2">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p className="text-muted">{signedIn ? t('intro') : t('introGuest')}</p>
      <p className="text-sm">
        <Link href="/selection" className="text-brand underline">
          {t('selectionLink')}
        </Link>
        {isCustomer ? (
          <>
            {' · '}
            <Link href="/vetgroup" className="text-brand underline">
              {t('vetgroupLink')}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
