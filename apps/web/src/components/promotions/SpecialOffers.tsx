import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { Price } from '@/components/Price';
import { LineThumb } from '@/components/media/LineThumb';
import { ApiError } from '@/lib/api/errors';
import { promotionsApi } from './data';
import { PromotionBadge } from './PromotionBadge';
import { AppLink } from '@/components/nav/AppLink';

/**
 * Special offers strip for the home page (docs/product/customer-area.md#customer-home "Customers see special offers"; placed by the
 * lead): the current specials the visitor may see (GET /promotions?kind=special, soonest end
 * first), as a horizontally scrollable list of compact cards (name linked to the offer's variant,
 * docs/decisions/special-offers.md; price excl. VAT, end
 * date), with a link to /{lang}/promotions. Renders nothing when there is no special or the api
 * cannot answer (the home page must not fail because of it).
 *
 * Props: `locale`; `limit` the number of offers (1-24, default 8); `headingLevel` 2 (default) or 3
 * for the section title.
 */
export async function SpecialOffers({
  locale,
  limit = 8,
  headingLevel = 2,
}: {
  locale: Locale;
  limit?: number;
  headingLevel?: 2 | 3;
}) {
  let items;
  try {
    items = (
      await promotionsApi.promotions(locale, {
        page: 1,
        perPage: Math.min(24, Math.max(1, Math.trunc(limit))),
        kind: 'special',
      })
    ).items;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (items.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'promotions' });
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby="special-offers-title" className="space-y-3" data-testid="special-offers">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id="special-offers-title" className="text-xl font-bold text-brand">
          {t('specialOffers')}
        </Heading>
        <AppLink locale={locale} href="/promotions" className="text-sm text-brand underline">
          {t('allOffers')}
        </AppLink>
      </div>
      <ul className="relative flex snap-x gap-4 overflow-x-auto pb-2" aria-label={t('specialOffers')}>
        {items.map((item) => (
          <li
            key={item.key}
            className="flex w-64 shrink-0 snap-start flex-col gap-2 rounded-lg border border-line p-4"
            data-testid="special-offer"
          >
            <div className="flex gap-3">
              <LineThumb picture={item.picture} family={item.family} name={item.name} />
              <div className="min-w-0">
                <AppLink
                  locale={locale}
                  href={`/p/${item.url_key}?variant=${item.product_id}`}
                  className="font-semibold break-words text-brand underline-offset-2 hover:underline"
                >
                  {item.name}
                </AppLink>
                {item.variant_name && item.variant_name !== item.name ? (
                  <span className="block text-sm text-muted">{item.variant_name}</span>
                ) : null}
              </div>
            </div>
            <PromotionBadge locale={locale} terms={item} />
            <div className="mt-auto">
              <Price locale={locale} price={item.price} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
