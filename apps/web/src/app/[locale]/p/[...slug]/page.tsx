import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';
import type { Locale, ProductDetail, StockState, VariantDetail } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { ApiError, catalogApi } from '@/lib/api';
import { serverEnv } from '@/lib/env';
import { alternatesFor, pathsFromUrlKeys } from '@/lib/seo';
import { codeLabel, type Translator } from '@/lib/labels';
import { formatDate, formatPercent, formatPrice, textParagraphs } from '@/lib/format';
import type { RawSearchParams } from '@/lib/search-state';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageAlternates } from '@/components/Alternates';
import { ErrorScreen } from '@/components/StatusScreens';
import { StockBadge } from '@/components/StockBadge';
import { AutoSubmitForm } from '@/components/AutoSubmitForm';
import { AddToCart } from '@/components/cart/AddToCart';
import { AddToWishlist } from '@/components/wishlists/AddToWishlist';
import { PromoAlert } from '@/components/promotions/PromoAlert';
import { getCurrentUser } from '@/lib/session';

type Props = { params: Promise<{ locale: string; slug: string[] }>; searchParams: Promise<RawSearchParams> };

function requestedKey(slug: string[]): string {
  return slug.map((s) => decodeURIComponent(s)).join('/');
}

/**
 * The product of `urlKey` in `locale` (catalogApi.productByUrlKey), asked once per request:
 * generateMetadata and the page share the answer (React `cache`), so a signed-in customer's page
 * (never in the data cache: its price list) costs one api call and one contract parse, not two.
 * Errors: those of catalogApi.productByUrlKey (ApiError; 404 → notFound()).
 */
const productOfRequest = cache((locale: Locale, urlKey: string): Promise<ProductDetail> =>
  catalogApi.productByUrlKey(locale, urlKey),
);

/** The variant named by `?variant=<id>`, else the main one, else the first. */
function selectVariant(
  product: ProductDetail,
  variantParam: string | string[] | undefined,
): VariantDetail | undefined {
  const wanted = Number(Array.isArray(variantParam) ? variantParam[0] : variantParam);
  return (
    product.variants.find((v) => v.id === wanted) ??
    product.variants.find((v) => v.main) ??
    product.variants[0]
  );
}

/** schema.org availability of a stock state. */
const AVAILABILITY: Record<StockState, string> = {
  in_stock: 'https://schema.org/InStock',
  in_limited_stock: 'https://schema.org/LimitedAvailability',
  resupplying: 'https://schema.org/BackOrder',
  out_of_stock: 'https://schema.org/OutOfStock',
  supplier_out_of_stock: 'https://schema.org/OutOfStock',
};

/** JSON-LD Product with one Offer per variant (price = net excl. VAT, EUR, availability from stock state). */
function productJsonLd(product: ProductDetail, url: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.meta_description,
    url,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    ...(product.manufacturer
      ? { manufacturer: { '@type': 'Organization', name: product.manufacturer } }
      : {}),
    sku: product.variants.find((v) => v.main)?.sku ?? product.variants[0]?.sku,
    offers: product.variants
      .filter((v) => v.pricing.net !== null)
      .map((v) => ({
        '@type': 'Offer',
        sku: v.sku,
        ...(v.barcode ? { gtin13: v.barcode } : {}),
        name: v.name,
        url: `${url}?variant=${v.id}`,
        price: (v.pricing.net ?? 0).toFixed(2),
        priceCurrency: 'EUR',
        availability: AVAILABILITY[v.stock_state],
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: (v.pricing.net ?? 0).toFixed(2),
          priceCurrency: 'EUR',
          valueAddedTaxIncluded: false,
        },
      })),
  };
  // `<` escaped so the script element can never be closed by data.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  let product: ProductDetail;
  try {
    product = await productOfRequest(locale, requestedKey(slug));
  } catch (error) {
    if (error instanceof ApiError) return {};
    throw error;
  }
  return {
    title: product.seo_title || product.name,
    description: product.meta_description,
    keywords: product.meta_keywords ?? undefined,
    alternates: alternatesFor(locale, pathsFromUrlKeys('p', product.url_keys, product.url_key)),
  };
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 border-b border-line py-2 sm:grid-cols-[14rem_1fr]">
      <dt className="font-medium">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Product page /{lang}/p/{slug...} (spec 2, spec 3 Product and Pricing): facts, leaflet, categories,
 * a variant selector kept in `?variant=<id>` (GET form, works without JavaScript), the selected
 * variant's codes and stock, and its pricing (gross, net, indicated, tiers, volume discounts,
 * promotion with end date), the add-to-cart control of the selected variant (spec 5), for signed-in
 * customers the add-to-standard-order control (AddToWishlist, spec 2) and the promo-end alert
 * toggle (PromoAlert, spec 4), plus JSON-LD.
 * A non-canonical slug redirects permanently.
 */
export default async function ProductPage({ params, searchParams }: Props) {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const t = (await getTranslations({ locale })) as unknown as Translator;

  let product: ProductDetail;
  try {
    product = await productOfRequest(locale, requestedKey(slug));
  } catch (error) {
    if (error instanceof ApiError)
      return <ErrorScreen status={error.status} message={error.detail ?? error.title} />;
    throw error;
  }
  const variantParam = Array.isArray(query.variant) ? query.variant[0] : query.variant;
  if (product.url_key !== requestedKey(slug)) {
    permanentRedirect(
      `/${locale}/p/${product.url_key}${variantParam ? `?variant=${encodeURIComponent(variantParam)}` : ''}`,
    );
  }
  const variant = selectVariant(product, variantParam);
  // Standard orders are for signed-in customers (spec 2); the session is read once per request.
  const isCustomer = Boolean((await getCurrentUser(locale))?.customer);
  const variantLabel =
    variant && product.variants.length > 1 ? `${product.name} – ${variant.name}` : product.name;
  const pathname = `/${locale}/p/${product.url_key}`;
  const canonical = `${serverEnv().SITE_URL}${pathname}`;
  const category = [...product.categories].sort((a, b) => a.level - b.level)[0];
  const flags = Object.entries(product.flags).filter(([k, v]) => v && !k.startsWith('generated'));
  const generated =
    product.generated || Object.entries(product.flags).some(([k, v]) => v && k.startsWith('generated'));
  const leaflets = [...product.medias].sort((a, b) => a.sequence - b.sequence);
  const list = (codes: string[], ns: string) => codes.map((c) => codeLabel(t, ns, c)).join(', ');

  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: productJsonLd(product, canonical) }}
      />
      <PageAlternates paths={pathsFromUrlKeys('p', product.url_keys, product.url_key)} />
      <Breadcrumbs
        locale={locale}
        items={[
          ...(category ? [{ label: category.name, href: `/${locale}/c/${category.url_key}` }] : []),
          { label: product.name },
        ]}
      />
      <article aria-labelledby="product-title">
        <p className="text-sm font-semibold uppercase text-muted">{codeLabel(t, 'family', product.family)}</p>
        <h1 id="product-title" className="text-3xl font-bold">
          {product.name}
        </h1>
        {product.brand || product.manufacturer ? (
          <p className="mt-1 text-muted">
            {[product.brand?.name, product.manufacturer].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        {generated ? (
          <p role="note" className="mt-3 rounded border border-warn bg-amber-50 p-3 text-sm text-warn">
            {t('product.generated')}
          </p>
        ) : null}

        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
          <div className="min-w-0 space-y-6">
            {textParagraphs(product.description ?? product.short_description).length > 0 ? (
              <section aria-labelledby="product-description">
                <h2 id="product-description" className="mb-2 text-xl font-semibold">
                  {t('product.description')}
                </h2>
                {textParagraphs(product.description ?? product.short_description).map((p, i) => (
                  <p key={i} className="mt-1">
                    {p}
                  </p>
                ))}
              </section>
            ) : null}
            <section aria-labelledby="product-details">
              <h2 id="product-details" className="mb-2 text-xl font-semibold">
                {t('product.details')}
              </h2>
              <dl>
                {product.brand ? <Fact label={t('product.brand')}>{product.brand.name}</Fact> : null}
                {product.manufacturer ? (
                  <Fact label={t('product.manufacturer')}>{product.manufacturer}</Fact>
                ) : null}
                {product.active_principles.length > 0 ? (
                  <Fact label={t('product.activePrinciples')}>{product.active_principles.join(', ')}</Fact>
                ) : null}
                {product.species.length > 0 ? (
                  <Fact label={t('product.species')}>{list(product.species, 'species')}</Fact>
                ) : null}
                {product.administration_routes.length > 0 ? (
                  <Fact label={t('product.routes')}>{list(product.administration_routes, 'routes')}</Fact>
                ) : null}
                {product.presentation ? (
                  <Fact label={t('product.presentation')}>{product.presentation}</Fact>
                ) : null}
                {product.amm_code ? <Fact label={t('product.amm')}>{product.amm_code}</Fact> : null}
                {product.atcvet ? <Fact label={t('product.atcvet')}>{product.atcvet}</Fact> : null}
                {product.legal_category ? (
                  <Fact label={t('product.legalCategory')}>{product.legal_category}</Fact>
                ) : null}
                {product.therapeutic_group ? (
                  <Fact label={t('product.therapeuticGroup')}>
                    {codeLabel(t, 'therapeuticGroup', product.therapeutic_group)}
                  </Fact>
                ) : null}
                {flags.length > 0 ? (
                  <Fact label={t('product.flags')}>
                    <ul className="flex flex-wrap gap-1">
                      {flags.map(([k]) => (
                        <li key={k} className="rounded bg-surface px-2 py-0.5 text-sm">
                          {codeLabel(t, 'flags', k)}
                        </li>
                      ))}
                    </ul>
                  </Fact>
                ) : null}
                {leaflets.length > 0 ? (
                  <Fact label={t('product.documents')}>
                    <ul>
                      {leaflets.map((m) => (
                        <li key={`${m.url}-${m.lang}`}>
                          <a
                            href={m.url}
                            className="text-brand underline"
                            rel="noopener noreferrer"
                            target="_blank"
                            hrefLang={m.lang}
                          >
                            {t('product.leaflet', { name: m.name })}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </Fact>
                ) : null}
                {product.categories.length > 0 ? (
                  <Fact label={t('product.categories')}>
                    <ul className="flex flex-wrap gap-2">
                      {product.categories.map((c) => (
                        <li key={c.id}>
                          <Link href={`/${locale}/c/${c.url_key}`} className="text-brand underline">
                            {c.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </Fact>
                ) : null}
              </dl>
              {product.sources.length > 0 ? (
                <p className="mt-2 text-xs text-muted">
                  {t('product.sources', { sources: product.sources.join(', ') })}
                </p>
              ) : null}
            </section>
          </div>

          <aside
            aria-labelledby="variant-title"
            className="space-y-4 rounded-lg border border-line p-4 lg:self-start"
          >
            <h2 id="variant-title" className="text-xl font-semibold">
              {t('product.variantInfo')}
            </h2>
            {product.variants.length > 1 ? (
              <AutoSubmitForm
                action={pathname}
                stateKey={String(variant?.id ?? '')}
                className="flex flex-wrap items-end gap-2"
              >
                <div className="min-w-0 flex-1">
                  <label htmlFor="variant-select" className="block text-sm font-medium">
                    {t('product.variant')}
                  </label>
                  <select
                    id="variant-select"
                    name="variant"
                    defaultValue={variant ? String(variant.id) : undefined}
                    className="w-full rounded border border-line bg-white px-2 py-1.5 text-sm"
                  >
                    {product.variants.map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.name}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="submit"
                  className="rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-surface"
                >
                  {t('product.showVariant')}
                </button>
              </AutoSubmitForm>
            ) : null}
            {variant ? (
              <>
                <VariantPane locale={locale} variant={variant} t={t} />
                <AddToCart
                  key={variant.id}
                  productId={variant.id}
                  name={product.variants.length > 1 ? `${product.name} – ${variant.name}` : product.name}
                  urlKey={product.url_key}
                />
                {isCustomer ? (
                  <>
                    <AddToWishlist
                      key={`wishlist-${variant.id}`}
                      productId={variant.id}
                      name={variantLabel}
                    />
                    <PromoAlert locale={locale} productId={variant.id} productName={variantLabel} />
                  </>
                ) : null}
              </>
            ) : null}
          </aside>
        </div>
      </article>
    </>
  );
}

/** Codes, stock and pricing of the selected variant (spec 3 Pricing, spec 9 Pricing). Amounts EUR excl. VAT. */
function VariantPane({ locale, variant, t }: { locale: Locale; variant: VariantDetail; t: Translator }) {
  const p = variant.pricing;
  const grossDiffers = p.gross !== null && p.net !== null && p.gross !== p.net;
  const tiers = [...p.tiers].sort((a, b) => a.min_quantity - b.min_quantity);
  return (
    <div className="space-y-4">
      <p className="font-medium">{variant.name}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">{t('product.sku')}</dt>
        <dd className="break-all">{variant.sku}</dd>
        {variant.barcode ? (
          <>
            <dt className="font-medium">{t('product.ean')}</dt>
            <dd>{variant.barcode}</dd>
          </>
        ) : null}
        {variant.cnk_code ? (
          <>
            <dt className="font-medium">{t('product.cnk')}</dt>
            <dd>{variant.cnk_code}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t('product.stock')}</dt>
        <dd>
          <StockBadge locale={locale} state={variant.stock_state} />
        </dd>
        {variant.units_per_pack ? (
          <>
            <dt className="font-medium">{t('product.unitsPerPack')}</dt>
            <dd>{variant.units_per_pack}</dd>
          </>
        ) : null}
        {variant.made_to_order ? (
          <>
            <dt className="font-medium">{t('product.madeToOrder')}</dt>
            <dd>{t('product.yes')}</dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="pricing-title" className="border-t border-line pt-3">
        <h3 id="pricing-title" className="mb-2 font-semibold">
          {t('product.pricing')}
        </h3>
        <p className="mb-2 text-sm text-muted" data-testid="price-list">
          {t('product.priceList', {
            list: t.has(`priceLists.${p.price_list}`) ? t(`priceLists.${p.price_list}`) : p.price_list,
          })}
        </p>
        {p.net === null ? (
          <p className="text-muted">{t('product.noPrice')}</p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-1">
            <dt className="font-medium">{t('product.net')}</dt>
            <dd>
              <span className="text-2xl font-bold text-brand">{formatPrice(p.net, locale)}</span>{' '}
              <span className="text-xs text-muted">{t('common.exclVat')}</span>
            </dd>
            {p.gross !== null ? (
              <>
                <dt className="font-medium">{t('product.gross')}</dt>
                <dd>
                  {grossDiffers ? <s>{formatPrice(p.gross, locale)}</s> : formatPrice(p.gross, locale)}{' '}
                  <span className="text-xs text-muted">{t('common.exclVat')}</span>
                </dd>
              </>
            ) : null}
            {p.indicated !== null ? (
              <>
                <dt className="font-medium">{t('product.indicated')}</dt>
                <dd>
                  {formatPrice(p.indicated, locale)}{' '}
                  <span className="text-xs text-muted">{t('common.exclVat')}</span>
                </dd>
              </>
            ) : null}
          </dl>
        )}

        {p.promotion ? (
          <div className="mt-3 rounded border border-bad p-3 text-sm">
            <p className="font-semibold text-bad">{t('product.promotion')}</p>
            {p.promotion.discount !== null ? (
              <p>
                {t('product.promotionDiscount', { discount: formatPercent(p.promotion.discount, locale) })}
              </p>
            ) : null}
            {p.promotion.main_quantity !== null && p.promotion.promo_quantity !== null ? (
              <p>
                {t('product.promotionQuantity', {
                  main: p.promotion.main_quantity,
                  promo: p.promotion.promo_quantity,
                })}
              </p>
            ) : null}
            <p>
              {p.promotion.date_end
                ? t('product.promotionEnds', { date: formatDate(p.promotion.date_end, locale) })
                : t('product.promotionOpen')}
            </p>
          </div>
        ) : null}

        {tiers.length > 1 ? (
          <table className="mt-3 w-full text-sm">
            <caption className="mb-1 text-left font-semibold">{t('product.tiers')}</caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="py-1">
                  {t('product.tierQuantity')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t('product.tierPrice')}
                </th>
              </tr>
            </thead>
            <tbody>
              {tiers.map((tier) => (
                <tr key={`${tier.min_quantity}-${tier.date_start ?? ''}`} className="border-b border-line">
                  <td className="py-1">{t('product.fromUnits', { qty: Math.max(1, tier.min_quantity) })}</td>
                  <td className="py-1 text-right">{formatPrice(tier.price, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}

        {p.volume_discounts.length > 0 ? (
          <div className="mt-3 text-sm">
            <p className="font-semibold">{t('product.volumeDiscounts')}</p>
            <ul className="list-disc pl-5">
              {[...p.volume_discounts]
                .sort((a, b) => a.min_quantity - b.min_quantity)
                .map((d) => (
                  <li key={`${d.min_quantity}-${d.discount}`}>
                    {t('product.volumeDiscount', {
                      discount: formatPercent(d.discount, locale),
                      qty: d.min_quantity,
                    })}
                    {d.exclusive ? ` (${t('product.exclusive')})` : ''}
                  </li>
                ))}
            </ul>
          </div>
        ) : null}
      </section>
    </div>
  );
}
