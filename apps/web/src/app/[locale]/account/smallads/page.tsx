import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import {
  CLASSIFIED_AD_CATEGORIES,
  CLASSIFIED_AD_REGIONS,
  CLASSIFIED_AD_STATES,
  type ClassifiedAdCategory,
  type ClassifiedAdRegion,
  type ClassifiedAdState,
} from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireCustomer } from '@/lib/session';
import { listHref, parsePaging, pickParam } from '@/lib/orders-list';
import { ListPages } from '@/components/orders/ListControls';
import { smalladsApi } from '@/components/smallads/api';
import { AdFilters, type AdFilter } from '@/components/smallads/AdFilters';
import { AdView } from '@/components/smallads/AdView';
import { Link, getPathname } from '@/i18n/navigation';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('smallads', 'metaTitle');

const VIEWS = ['published', 'mine'] as const;

/**
 * /{lang}/account/smallads (docs/product/community-and-content.md#small-ads "Small ads list (published ads or the user's own), filters by
 * state, category and region"): `view` published (default; GET classified_ads/search with
 * `category` and `region`) or mine (GET classified_ads/my_classified_ads with `state`); `page`,
 * `page_size` (10, 20, 50). Each ad shows as a card linking to /{lang}/account/smallads/{id}; a
 * "Post a small ad" link opens the creation form (/smallads/new). Customers only (guests → login).
 * Test ids: smallads-new, smallads-filters-<name>, smallads-list, smallads-empty, smallad-card.
 */
export default async function SmallAdsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/account/smallads';
  const pathname = getPathname({ href, locale });
  const query = await searchParams;
  const paging = parsePaging(query);
  const view = pickParam(query.view, VIEWS, 'published');
  const state = pickParam<ClassifiedAdState | 'all'>(query.state, [...CLASSIFIED_AD_STATES, 'all'], 'all');
  const category = pickParam<ClassifiedAdCategory | 'all'>(
    query.category,
    [...CLASSIFIED_AD_CATEGORIES, 'all'],
    'all',
  );
  const region = pickParam<ClassifiedAdRegion | 'all'>(
    query.region,
    [...CLASSIFIED_AD_REGIONS, 'all'],
    'all',
  );
  const listParams = view === 'mine' ? { view, state } : { category, region };
  await requireCustomer(
    locale,
    listHref(pathname, { ...listParams, page: paging.page, page_size: paging.pageSize }),
  );
  const list = await loadForPage(locale, pathname, () =>
    view === 'mine'
      ? smalladsApi.mine(locale, paging, state === 'all' ? undefined : state)
      : smalladsApi.search(locale, paging, {
          category: category === 'all' ? undefined : category,
          region: region === 'all' ? undefined : region,
        }),
  );
  const t = await getTranslations({ locale, namespace: 'smallads' });

  const filters: AdFilter[] = [
    {
      name: 'view',
      label: t('viewLabel'),
      value: view,
      defaultValue: 'published',
      options: [
        { value: 'published', label: t('viewPublished') },
        { value: 'mine', label: t('viewMine') },
      ],
    },
    ...(view === 'mine'
      ? [
          {
            name: 'state',
            label: t('filterState'),
            value: state,
            defaultValue: 'all',
            options: [
              { value: 'all', label: t('all') },
              ...CLASSIFIED_AD_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
            ],
          },
        ]
      : [
          {
            name: 'category',
            label: t('filterCategory'),
            value: category,
            defaultValue: 'all',
            options: [
              { value: 'all', label: t('all') },
              ...CLASSIFIED_AD_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
            ],
          },
          {
            name: 'region',
            label: t('filterRegion'),
            value: region,
            defaultValue: 'all',
            options: [
              { value: 'all', label: t('all') },
              ...CLASSIFIED_AD_REGIONS.map((r) => ({ value: r, label: t(`regions.${r}`) })),
            ],
          },
        ]),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
        <Link
          href="/account/smallads/new"
          className="rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
          data-testid="smallads-new"
        >
          {t('newAd')}
        </Link>
      </div>
      <p className="text-muted">{t('intro')}</p>
      <AdFilters
        locale={locale}
        pathname={pathname}
        filters={filters}
        paging={paging}
        total={list.count}
        idPrefix="smallads-filters"
      />
      {list.items.length === 0 ? (
        <p data-testid="smallads-empty">
          {view === 'mine'
            ? t(state === 'all' ? 'emptyMineAll' : 'emptyMine')
            : category === 'all' && region === 'all'
              ? t('emptyNone')
              : t('empty')}
        </p>
      ) : (
        <ul className="space-y-4" data-testid="smallads-list" aria-label={t('listCaption')}>
          {list.items.map((ad) => (
            <li key={ad.id}>
              <AdView locale={locale} ad={ad} headingLevel={2} href={`/account/smallads/${ad.id}`} />
            </li>
          ))}
        </ul>
      )}
      <ListPages locale={locale} href={href} params={listParams} paging={paging} total={list.count} />
    </div>
  );
}
