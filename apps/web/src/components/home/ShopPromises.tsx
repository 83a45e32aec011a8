import { getTranslations } from 'next-intl/server';
import { centsToEur, DELIVERY_TERMS, type Locale } from '@vetshop/domain';
import { formatPrice } from '@/lib/format';

/**
 * The shop's promises on the home page: free delivery from the threshold, the handling fee below it
 * (waived when undelivered orders reach the threshold), delivery on business days and no carrier
 * surcharge. Every figure comes from DELIVERY_TERMS (packages/domain/src/delivery.ts; amounts
 * EUR excl. VAT), none is written here. Test id `shop-promises`.
 */
export async function ShopPromises({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'home' });
  const threshold = formatPrice(centsToEur(DELIVERY_TERMS.freeFromCents), locale);
  const fee = formatPrice(centsToEur(DELIVERY_TERMS.handlingFeeCents), locale);
  const items = [
    t('promiseFree', { threshold }),
    t('promiseFee', { fee, threshold }),
    t('promiseDays'),
    ...(DELIVERY_TERMS.carrierSurchargeCents === 0 ? [t('promiseCarriers')] : []),
  ];
  return (
    <section aria-labelledby="home-promises" data-testid="shop-promises">
      <h2 id="home-promises" className="sr-only">
        {t('promisesTitle')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((text, i) => (
          <li key={i} className="flex gap-2 rounded-card bg-brand-soft p-4 text-sm text-ink">
            <span aria-hidden="true" className="font-bold text-brand">
              ✓
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
