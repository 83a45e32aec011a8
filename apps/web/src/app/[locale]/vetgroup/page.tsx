import { hasLocale } from 'next-intl';
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

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('promotions', 'vetgroupTitle');

/**
 * /{lang}/vetgroup, the vet efficiency page (docs/product/catalogue-and-search.md#screens; docs/product/catalogue-and-search.md#veterinary-groups veterinary groups: name, colour): the
 * signed-in user's veterinary groups (GET /veterinary_groups/mine), each with the products
 * reserved to it and their conditions: price of the user's list (EUR excl. VAT), volume discounts
 * valid today (percent from a quantity) and active promotions with their end dates. Requires sign-in.
 */
export default async function VetGroupPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const pathname = getPathname({ href: '/vetgroup', locale });
  await requireUser(locale, pathname);
  const groups = await loadForPage(locale, pathname, () => promotionsApi.vetGroups(locale));
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
            <p className="text-sm text-muted">
              {t('vetgroupCount', {
                count: group.product_count,
                shown: formatInt(group.products.length, locale),
              })}
            </p>
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
                            href={`/p/${p.url_key}`}
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
          </section>
        ))
      )}
    </div>
  );
}
