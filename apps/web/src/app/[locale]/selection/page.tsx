import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { alternatesFor, samePathEverywhere } from '@/lib/seo';
import { getCurrentUser } from '@/lib/session';
import { Price } from '@/components/Price';
import { StockBadge } from '@/components/StockBadge';
import { LineOrderControl } from '@/components/product/LineOrderControl';
import { promotionsApi } from '@/components/promotions/data';
import { catalogApi } from '@/lib/api';
import { Link } from '@/i18n/navigation';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'promotions' });
  return {
    title: t('selectionTitle'),
    description: t('selectionIntro'),
    alternates: alternatesFor(locale, samePathEverywhere('/selection')),
  };
}

/**
 * /{lang}/selection, the product selection page (docs/product/catalogue-and-search.md#screens): the curated selection kept by staff
 * (GET /selection; staff manage it with POST/DELETE /staff/selection…), in its order, with the
 * staff note, stock state and the visitor's price (EUR excl. VAT). Products restricted to
 * veterinary groups show only to their members. Public.
 */
export default async function SelectionPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const [selection, user, t] = await Promise.all([
    promotionsApi.selection(locale),
    getCurrentUser(locale),
    getTranslations({ locale, namespace: 'promotions' }),
  ]);
  // Regulated products the customer may not order show the reason instead of the add button.
  const restrictions = user?.customer
    ? await catalogApi.restrictions(
        locale,
        selection.data.map((i) => i.product_id),
      )
    : {};
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold text-brand">{t('selectionTitle')}</h1>
        <p className="text-muted">{t('selectionIntro')}</p>
      </div>
      {selection.data.length === 0 ? (
        <p data-testid="selection-empty">{t('selectionEmpty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="selection-list">
          {selection.data.map((item) => (
            <li
              key={item.product_id}
              className="flex flex-col gap-2 rounded-lg border border-line p-4"
              data-testid="selection-item"
            >
              <h2 className="text-base font-semibold">
                <Link
                  href={`/p/${item.url_key}?variant=${item.product_id}`}
                  className="text-brand underline-offset-2 hover:underline"
                >
                  {item.name}
                </Link>
              </h2>
              <p className="text-sm text-muted">
                {item.variant_name} · {item.sku}
              </p>
              {item.note ? <p className="text-sm">{item.note}</p> : null}
              <div className="mt-auto space-y-2 pt-2">
                <StockBadge state={item.stock_state} />
                <div>
                  <Price locale={locale} price={item.price} />
                </div>
                {user?.customer ? (
                  <LineOrderControl
                    locale={locale}
                    item={item}
                    restrictions={restrictions}
                    testId="selection-add-to-cart"
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
