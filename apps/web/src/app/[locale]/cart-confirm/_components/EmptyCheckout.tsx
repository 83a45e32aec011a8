import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';

/**
 * The checkout of an empty cart (docs/product/cart-and-checkout.md#confirm): the title, the empty
 * text (`data-testid="cart-empty"`) and a link back to shopping (/{lang}).
 */
export async function EmptyCheckout({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'checkout' });
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p data-testid="cart-empty">{t('empty')}</p>
      <p>
        <Link href="/" className="font-semibold text-brand underline">
          {t('continue')}
        </Link>
      </p>
    </div>
  );
}
