import { getTranslations } from 'next-intl/server';
import { TOP_ORDERED_FILTERS, type Locale, type TopOrdered, type TopOrderedFilter } from '@vetshop/domain';
import { Price } from '@/components/Price';
import { LineOrderControl } from '@/components/product/LineOrderControl';
import { catalogApi } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { LineThumb } from '@/components/media/LineThumb';
import { AppLink } from '@/components/nav/AppLink';

/** The `filter` query value of a page → a dashboard most-ordered filter (docs/product/constants.md), `all` when absent or unknown. */
export function parseTopOrderedFilter(value: string | string[] | undefined): TopOrderedFilter {
  const v = Array.isArray(value) ? value[0] : value;
  return (TOP_ORDERED_FILTERS as readonly string[]).includes(v ?? '') ? (v as TopOrderedFilter) : 'all';
}

/**
 * "Most ordered items" block of the dashboard and the customer home (docs/product/customer-area.md#dashboard, docs/product/constants.md#filters filter all /
 * meds / food / equipment / promotions): the filter as links (`?filter=…#most-ordered` on `href`, the
 * page's path without locale prefix, `/` or `/account`; the current one marked aria-current; other
 * query values kept from `keep`), then the customer's most ordered
 * products from GET sale_statistics/top_ordered — name linking to the product page, family, last
 * order date and number of orders, current price (EUR excl. VAT, the user's list) and an add-to-cart
 * control — or, for a regulated product the customer may not order, the reason (RestrictionNotice,
 * docs/decisions/regulated-products.md). Server component; `data` is already loaded for `filter`.
 *
 * data-testids: `most-ordered`, `most-ordered-filter-<value>`, `most-ordered-item` (with
 * data-sku), `most-ordered-add-<product_id>` (the add button), `most-ordered-empty`.
 */
export async function MostOrdered({
  locale,
  data,
  filter,
  href,
  keep = {},
  headingLevel = 2,
}: {
  locale: Locale;
  data: TopOrdered;
  filter: TopOrderedFilter;
  href: string;
  keep?: Record<string, string>;
  headingLevel?: 2 | 3;
}) {
  const t = await getTranslations({ locale, namespace: 'dashboard' });
  const tf = await getTranslations({ locale, namespace: 'family' });
  // Regulated products the customer may no longer order show the reason instead of the add button.
  const restrictions = await catalogApi.restrictions(
    locale,
    data.items.map((i) => i.product_id),
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // A URL object, not a string: the Link prefixes its pathname alone, so the home's filter links
  // stay /fr#most-ordered and /fr?filter=meds#most-ordered (a string '/#most-ordered' would give /fr/#most-ordered).
  const hrefOf = (f: TopOrderedFilter) => {
    const params = new URLSearchParams(keep);
    if (f !== 'all') params.set('filter', f);
    const qs = params.toString();
    return `${href}${qs ? `?${qs}` : ''}#most-ordered`;
  };
  const filterLabel = (f: TopOrderedFilter) =>
    f === 'all' ? t('filterAll') : f === 'promotions' ? t('filterPromotions') : tf(f);
  return (
    <section aria-labelledby="most-ordered" className="space-y-4" data-testid="most-ordered">
      <Heading id="most-ordered" className="text-2xl font-bold">
        {t('mostOrderedTitle')}
      </Heading>
      <nav aria-label={t('filterLabel')}>
        <ul className="flex flex-wrap gap-2">
          {TOP_ORDERED_FILTERS.map((f) => (
            <li key={f}>
              <AppLink
                locale={locale}
                href={hrefOf(f)}
                aria-current={f === filter ? 'true' : undefined}
                scroll={false}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm font-semibold ${
                  f === filter
                    ? 'border-brand bg-brand text-white'
                    : 'border-line text-brand hover:border-brand'
                }`}
                data-testid={`most-ordered-filter-${f}`}
              >
                {filterLabel(f)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {data.items.length === 0 ? (
        <p className="text-muted" data-testid="most-ordered-empty">
          {filter === 'all' ? t('mostOrderedNone') : t('mostOrderedNoneFilter')}
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {data.items.map((item) => (
            <li
              key={item.product_id}
              className="grid gap-3 p-4 md:grid-cols-[1fr_auto_auto] md:items-center"
              data-testid="most-ordered-item"
              data-sku={item.sku}
            >
              <div className="flex gap-3">
                <LineThumb picture={item.picture} family={item.family} name={item.name} />
                <div className="min-w-0">
                  <AppLink
                    locale={locale}
                    href={`/p/${item.url_key}`}
                    className="font-semibold text-brand underline-offset-2 hover:underline"
                  >
                    {item.name}
                  </AppLink>
                  {item.variant_name && item.variant_name !== item.name ? (
                    <span className="block text-sm">{item.variant_name}</span>
                  ) : null}
                  <span className="block text-sm text-muted">
                    {tf(item.family)} · {item.sku}
                  </span>
                  <span className="block text-sm text-muted">
                    {t('lastOrdered', {
                      date: formatDate(item.last_ordered.date, locale),
                      count: item.last_ordered.count,
                    })}
                  </span>
                </div>
              </div>
              <div>
                <Price locale={locale} price={item.price} />
                {item.has_discount ? (
                  <span className="ml-2 rounded bg-surface px-2 py-0.5 text-xs font-semibold text-brand">
                    {t('promotionBadge')}
                  </span>
                ) : null}
              </div>
              <LineOrderControl
                locale={locale}
                item={item}
                restrictions={restrictions}
                testId={`most-ordered-add-${item.product_id}`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
