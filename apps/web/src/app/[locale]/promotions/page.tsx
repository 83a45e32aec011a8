import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { alternatesFor, samePathEverywhere } from '@/lib/seo';
import { parsePaging, pickParam } from '@/lib/orders-list';
import { keepWithinPages } from '@/lib/list-pages';
import { ListControls, ListPages } from '@/components/orders/ListControls';
import { PROMOTION_FILTERS, promotionsPageData } from './page-data';
import { PromotionsIntro } from './_components/PromotionsIntro';
import { PromotionsTable } from './_components/PromotionsTable';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

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
 * A page past the last one redirects to the last page (docs/decisions/empty-lists.md).
 * Signed-in customers get the add-to-cart control and the promo-end alert toggle per line.
 * Data: page-data.ts; parts: _components/.
 */
export default async function PromotionsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const paging = parsePaging(query);
  const filter = pickParam(query.filter, PROMOTION_FILTERS, 'all');
  const [{ list, user, subscriptions, restrictions }, t] = await Promise.all([
    promotionsPageData(locale, paging, filter),
    getTranslations({ locale, namespace: 'promotions' }),
  ]);
  const isCustomer = Boolean(user?.customer);
  // A page past the last one (an old link) is the last page: "no promotion" above 199 was false.
  keepWithinPages(
    getPathname({ href: '/promotions', locale }),
    query,
    { page: paging.page, perPage: paging.pageSize },
    list.total,
  );

  return (
    <div className="space-y-6">
      <PromotionsIntro locale={locale} signedIn={Boolean(user)} isCustomer={isCustomer} />
      <ListControls
        locale={locale}
        href="/promotions"
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
        <PromotionsTable
          locale={locale}
          items={list.items}
          isCustomer={isCustomer}
          subscriptions={subscriptions}
          restrictions={restrictions}
        />
      )}
      <ListPages locale={locale} href="/promotions" params={{ filter }} paging={paging} total={list.total} />
    </div>
  );
}
