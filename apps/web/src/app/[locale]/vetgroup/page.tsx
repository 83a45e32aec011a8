import { hasLocale } from 'next-intl';
import type { VetGroupEfficiency } from '@vetshop/domain';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireUser } from '@/lib/session';
import { formatDate, formatInt, formatPercent } from '@/lib/format';
import { Price } from '@/components/Price';
import { promotionsApi } from '@/components/promotions/data';
import { PromotionBadge } from '@/components/promotions/PromotionBadge';
import { Link, getPathname } from '@/i18n/navigation';
import { ListControls, ListPages } from '@/components/orders/ListControls';
import { parsePaging } from '@/lib/orders-list';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The `group` of the URL: a positive integer id, else none. */
function groupParam(value: string | string[] | undefined): number | undefined {
  const id = Number(Array.isArray(value) ? value[0] : value);
  return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}

export const generateMetadata = privatePageMetadata('promotions', 'vetgroupTitle');

/**
 * /{lang}/vetgroup, the vet efficiency page (docs/product/catalogue-and-search.md#screens; docs/product/catalogue-and-search.md#veterinary-groups veterinary groups: name, colour): the
 * signed-in user's veterinary groups (GET /veterinary_groups/mine), each with the products
 * reserved to it and their conditions: price of the user's list (EUR excl. VAT), volume discounts
 * valid today (percent from a quantity) and active promotions with their end dates. Each group's
 * products come by pages (`page`, `page_size` 10/20/50, and `group` when the user has several
 * groups: page and size apply to that group, the others show their first 10;
 * docs/decisions/vet-group-pages.md), with the page-size selector, the "from–to of total" status
 * and the page links of the customer area's lists. Requires sign-in.
 */
export default async function VetGroupPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const paging = parsePaging(query);
  const group = groupParam(query.group);
  const pathname = getPathname({ href: '/vetgroup', locale });
  await requireUser(locale, pathname);
  const groups = await loadForPage(locale, pathname, () =>
    promotionsApi.vetGroups(locale, { group, ...paging }),
  );
  // The paged list of a group for its controls and its page links; with one group the page needs
  // no `group` in its urls.
  const listOf = (g: VetGroupEfficiency) => ({
    locale,
    href: '/vetgroup',
    paging: { page: g.page, pageSize: g.page_size },
    total: g.product_count,
  });
  const keptOf = (g: VetGroupEfficiency): Record<string, number> =>
    groups.length > 1 ? { group: g.id } : {};
  const t = await getTranslations({ locale, namespace: 'promotions' });
  const cell = 'py-2 pr-4 align-top';
  /** A column's name above its value in a row's card below 768 px. */
  const phoneLabel = 'block text-sm text-muted md:hidden';
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold text-brand">{t('vetgroupTitle')}</h1>
        <p className="text-muted">{t('vetgroupIntro')}</p>
      </div>
      {groups.length === 0 ? (
        <p data-testid="vetgroup-empty">{t('vetgroupEmpty')}</p>
      ) : (
        groups.map((group) => (
          <section
            key={group.id}
            aria-labelledby={`vetgroup-${group.id}`}
            className="space-y-3"
            data-testid="vetgroup"
          >
            <h2 id={`vetgroup-${group.id}`} className="flex items-center gap-3 text-xl font-bold">
              <span
                aria-hidden="true"
                className="inline-block h-4 w-4 rounded-full border border-line"
                style={{ backgroundColor: group.color }}
              />
              {group.name}
            </h2>
            <p className="text-sm text-muted">{t('vetgroupCount', { count: group.product_count })}</p>
            {group.product_count > 0 ? (
              <ListControls {...listOf(group)} kept={keptOf(group)} idPrefix={`vetgroup-${group.id}`} />
            ) : null}
            {group.products.length === 0 ? null : (
              <div className="relative overflow-x-auto">
                {/* Below 768 px each row is a card with labelled facts (docs/decisions/responsive-shell.md
                    "Tables on a phone"). */}
                <table
                  className="w-full border-collapse text-left max-md:block"
                  data-testid="vetgroup-products"
                >
                  <caption className="sr-only">{t('vetgroupCaption', { name: group.name })}</caption>
                  <thead className="max-md:hidden">
                    <tr className="border-b border-line text-sm text-muted">
                      <th scope="col" className={cell}>
                        {t('product')}
                      </th>
                      <th scope="col" className={cell}>
                        {t('price')}
                      </th>
                      <th scope="col" className={cell}>
                        {t('volumeDiscounts')}
                      </th>
                      <th scope="col" className={cell}>
                        {t('promotion')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="max-md:block">
                    {group.products.map((p) => (
                      <tr
                        key={p.product_id}
                        className="border-b border-line max-md:grid max-md:grid-cols-2 max-md:gap-x-6 max-md:gap-y-2 max-md:py-3"
                        data-testid="vetgroup-product"
                      >
                        <th
                          scope="row"
                          className={`${cell} font-normal max-md:col-span-2 max-md:block max-md:p-0`}
                        >
                          <Link
                            href={`/p/${p.url_key}?variant=${p.product_id}`}
                            className="font-semibold text-brand underline-offset-2 hover:underline"
                          >
                            {p.name}
                          </Link>
                          <span className="block text-sm wrap-anywhere text-muted">
                            {p.variant_name} · {p.sku}
                          </span>
                        </th>
                        <td className={`${cell} max-md:block max-md:p-0`}>
                          <span className={phoneLabel}>{t('price')}</span>
                          <Price locale={locale} price={p.price} />
                        </td>
                        <td className={`${cell} text-sm max-md:block max-md:p-0`}>
                          <span className={phoneLabel}>{t('volumeDiscounts')}</span>
                          {p.volume_discounts.length === 0 ? (
                            <span className="text-muted">{t('none')}</span>
                          ) : (
                            <ul>
                              {p.volume_discounts.map((d, i) => (
                                <li key={i}>
                                  {t('volumeDiscount', {
                                    discount: formatPercent(d.discount, locale),
                                    qty: formatInt(d.min_quantity, locale),
                                  })}
                                  {d.date_end
                                    ? ` (${t('until', { date: formatDate(d.date_end, locale) })})`
                                    : ''}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                        <td className={`${cell} max-md:col-span-2 max-md:block max-md:p-0`}>
                          <span className={phoneLabel}>{t('promotion')}</span>
                          {p.promotions.length === 0 ? (
                            <span className="text-sm text-muted">{t('none')}</span>
                          ) : (
                            <ul className="space-y-1">
                              {p.promotions.map((terms, i) => (
                                <li key={i}>
                                  <PromotionBadge locale={locale} terms={terms} inWords />
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <ListPages {...listOf(group)} params={keptOf(group)} fragment={`vetgroup-${group.id}`} />
          </section>
        ))
      )}
    </div>
  );
}
