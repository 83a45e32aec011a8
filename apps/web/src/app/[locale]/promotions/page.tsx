import type { Metadata } from 'next';
import Link from 'next/link';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { alternatesFor, samePathEverywhere } from '@/lib/seo';
import { getCurrentUser } from '@/lib/session';
import { parsePaging, pickParam } from '@/lib/orders-list';
import { ListControls, ListPages } from '@/components/orders/ListControls';
import { Price } from '@/components/Price';
import { AddToCart } from '@/components/cart/AddToCart';
import { RestrictionNotice } from '@/components/product/RestrictionNotice';
import { catalogApi } from '@/lib/api';
import { promotionsApi } from '@/components/promotions/data';
import { PromotionBadge } from '@/components/promotions/PromotionBadge';
import { PromoAlert } from '@/components/promotions/PromoAlert';
import { LineThumb } from '@/components/media/LineThumb';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const FILTERS = ['all', 'ending'] as const;

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'promotions' });
  const filtered = Object.keys(await searchParams).length > 0;
  return {
    title: t('title'),
    description: t('description'),
    alternates: alternatesFor(locale, samePathEverywhere('/promotions')),
    robots: { index: !filtered, follow: true },
  };
}

/**
 * /{lang}/promotions, the offers page (docs/product/catalogue-and-search.md#screens; docs/decisions/supplier-promotions.md): the active specials, supplier promotions
 * (main + free quantity, e.g. 10+2) and supplier discounts the visitor may see (GET /promotions:
 * the user's price list, veterinary groups and supplier-promotion flag; guests see the public
 * specials and discounts), each with its end date, soonest end first. Query: `filter` = all
 * (default) or `ending` ("discount ending this month", docs/product/catalogue-and-search.md#promotions-and-selection), `page`, `page_size` (10/20/50).
 * Signed-in customers get the add-to-cart control and the promo-end alert toggle per line.
 */
export default async function PromotionsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const pathname = `/${locale}/promotions`;
  const query = await searchParams;
  const paging = parsePaging(query);
  const filter = pickParam(query.filter, FILTERS, 'all');
  const [list, user, t] = await Promise.all([
    promotionsApi.promotions(locale, {
      page: paging.page,
      perPage: paging.pageSize,
      endingThisMonth: filter === 'ending',
    }),
    getCurrentUser(locale),
    getTranslations({ locale, namespace: 'promotions' }),
  ]);
  const subscriptions = user?.customer ? await promotionsApi.subscriptions(locale).catch(() => null) : null;
  // Regulated products the customer may not order show the reason instead of the add button.
  const restrictions = user?.customer
    ? await catalogApi.restrictions(
        locale,
        list.items.map((i) => i.product_id),
      )
    : {};
  const cell = 'py-3 pr-4 align-top';

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
        <p className="text-muted">{user ? t('intro') : t('introGuest')}</p>
        <p className="text-sm">
          <Link href={`/${locale}/selection`} className="text-brand underline">
            {t('selectionLink')}
          </Link>
          {user?.customer ? (
            <>
              {' · '}
              <Link href={`/${locale}/vetgroup`} className="text-brand underline">
                {t('vetgroupLink')}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <ListControls
        locale={locale}
        pathname={pathname}
        idPrefix="promotions"
        paging={paging}
        total={list.total}
        filter={{
          name: 'filter',
          label: t('filter'),
          value: filter,
          defaultValue: 'all',
          options: [
            { value: 'all', label: t('filterAll') },
            { value: 'ending', label: t('filterEnding') },
          ],
        }}
      />
      {list.items.length === 0 ? (
        <p data-testid="promotions-empty">{filter === 'ending' ? t('emptyEnding') : t('empty')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse text-left" data-testid="promotions-table">
            <caption className="sr-only">{t('caption')}</caption>
            <thead>
              <tr className="border-b border-line text-sm text-muted">
                <th scope="col" className={cell}>
                  {t('product')}
                </th>
                <th scope="col" className={cell}>
                  {t('promotion')}
                </th>
                <th scope="col" className={cell}>
                  {t('price')}
                </th>
                {user?.customer ? (
                  <th scope="col" className="py-3 align-top">
                    <span className="sr-only">{t('actions')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr
                  key={`${item.key}-${item.product_id}`}
                  className="border-b border-line"
                  data-testid="promotions-row"
                  data-product-id={item.product_id}
                  data-kind={item.kind}
                  data-date-end={item.date_end ?? ''}
                >
                  <th scope="row" className={`${cell} font-normal`}>
                    <div className="flex gap-3">
                      <LineThumb picture={item.picture} family={item.family} name={item.name} />
                      <div className="min-w-0">
                        <Link
                          href={`/${locale}/p/${item.url_key}`}
                          className="font-semibold text-brand underline-offset-2 hover:underline"
                        >
                          {item.name}
                        </Link>
                        <span className="block text-sm text-muted">
                          {item.variant_name} · {item.sku}
                        </span>
                      </div>
                    </div>
                  </th>
                  <td className={cell}>
                    <PromotionBadge locale={locale} terms={item} inWords />
                  </td>
                  <td className={cell}>
                    <Price locale={locale} price={item.price} />
                  </td>
                  {user?.customer ? (
                    <td className="space-y-2 py-3 align-top">
                      {restrictions[String(item.product_id)] ? (
                        <RestrictionNotice
                          locale={locale}
                          reason={restrictions[String(item.product_id)]!}
                          compact
                        />
                      ) : (
                        <AddToCart
                          productId={item.product_id}
                          name={item.name}
                          urlKey={item.url_key}
                          compact
                          testId="promotions-add-to-cart"
                        />
                      )}
                      {subscriptions && item.date_end ? (
                        <PromoAlert
                          locale={locale}
                          productId={item.product_id}
                          productName={item.name}
                          subscriptions={subscriptions}
                          compact
                        />
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPages locale={locale} pathname={pathname} params={{ filter }} paging={paging} total={list.total} />
    </div>
  );
}
