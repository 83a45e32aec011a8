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
import { atcvetLabel, codeLabel, type Translator } from '@/lib/labels';
import { textParagraphs } from '@/lib/format';
import type { RawSearchParams } from '@/lib/search-state';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageAlternates } from '@/components/Alternates';
import { ErrorScreen } from '@/components/StatusScreens';
import { VariantPicker } from '@/components/product/VariantPicker';
import { VariantPrices, VariantTerms } from '@/components/product/VariantPane';
import { documentOf } from '@/components/product/documents';
import { AddToCart } from '@/components/cart/AddToCart';
import { AddToWishlist } from '@/components/wishlists/AddToWishlist';
import { PromoAlert } from '@/components/promotions/PromoAlert';
import { getCurrentUser } from '@/lib/session';
import { ProductPicture } from '@/components/media/ProductPicture';
import { RestrictionNotice } from '@/components/product/RestrictionNotice';
import { RegulatoryData } from '@/components/product/RegulatoryData';
import { ProductLinks } from '@/components/product/ProductLinks';
import { Consumption } from '@/components/product/Consumption';
import { VetGroupBadges } from '@/components/coupons/VetGroupBadges';

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

/** A product document's link text: what it is, and which agency publishes it ("… (EMA)"). */
function documentLabel(t: Translator, media: { type: string; url: string }): string {
  const { kind, source } = documentOf(media);
  const name = t(`product.documentKind.${kind}`);
  return source ? t('product.documentFrom', { kind: name, source }) : name;
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
 * Product page /{lang}/p/{slug...}. In reading order, so a phone (390x844) shows name, picture,
 * price, variant and add-to-cart without scrolling: the name, the purchase panel — variant
 * selector kept in `?variant=<id>` (VariantPicker, works without JavaScript;
 * docs/decisions/variant-choice.md), the variant's stock and prices named by type (VariantPrices;
 * docs/decisions/price-types.md), the add-to-cart control, for signed-in customers
 * add-to-standard-order (AddToWishlist) and the promo-end alert (PromoAlert), then the price types
 * explained, promotion, tiers, volume discounts and codes (VariantTerms) — then description and
 * details with the documents labelled by what they are (docs/decisions/product-documents.md). On
 * wide screens the panel is a right-hand column. JSON-LD. A non-canonical slug redirects
 * permanently.
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
  // Standard orders are for signed-in customers; the session is read once per request.
  const user = await getCurrentUser(locale);
  const isCustomer = Boolean(user?.customer);
  const isGuest = !user;
  const variantLabel =
    variant && product.variants.length > 1 ? `${product.name} – ${variant.name}` : product.name;
  const pathname = `/${locale}/p/${product.url_key}`;
  const canonical = `${serverEnv().SITE_URL}${pathname}`;
  const category = [...product.categories].sort((a, b) => a.level - b.level)[0];
  const flags = Object.entries(product.flags).filter(([k, v]) => v && !k.startsWith('generated'));
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
        <div className="grid gap-x-8 gap-y-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <header className="lg:col-start-1">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted">
              {codeLabel(t, 'family', product.family)}
            </p>
            <h1 id="product-title" className="text-2xl font-bold leading-tight sm:text-3xl">
              {product.name}
            </h1>
            {product.brand || product.manufacturer ? (
              <p className="mt-1 text-sm text-muted">
                {[product.brand?.name, product.manufacturer].filter(Boolean).join(' · ')}
              </p>
            ) : null}
            <VetGroupBadges groups={product.vet_groups} locale={locale as Locale} />
          </header>
          {/* The product picture sits here: under the name, before the purchase panel on a phone. */}
          <ProductPicture
            image={product.images.find((i) => i.variant_id === variant?.id) ?? product.images[0]}
            name={product.name}
            family={product.family}
            form={product.form}
            presentation={product.presentation}
            priority
            className="w-36 sm:w-56 lg:col-start-1 lg:w-80"
            sizes="(min-width: 1024px) 320px, (min-width: 640px) 224px, 144px"
            testId="product-picture-main"
          />
          <aside
            aria-labelledby="variant-title"
            className="space-y-4 rounded-card border border-line bg-white p-4 shadow-card lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start"
            data-testid="purchase-panel"
          >
            <h2 id="variant-title" className="sr-only">
              {t('product.variantInfo')}
            </h2>
            {product.variants.length > 1 && variant ? (
              <VariantPicker
                key={variant.id}
                action={pathname}
                label={t('product.variant')}
                submitLabel={t('product.showVariant')}
                options={product.variants.map((v) => ({
                  id: v.id,
                  label: t('product.variantOption', { name: v.name, stock: t(`stock.${v.stock_state}`) }),
                }))}
                selectedId={variant.id}
                mainId={(product.variants.find((v) => v.main) ?? product.variants[0]!).id}
              />
            ) : null}
            {variant ? (
              <>
                <VariantPrices locale={locale} variant={variant} />
                {product.restriction ? (
                  <RestrictionNotice locale={locale} reason={product.restriction} />
                ) : (
                  <AddToCart
                    key={variant.id}
                    productId={variant.id}
                    name={variantLabel}
                    urlKey={product.url_key}
                  />
                )}
                {isCustomer ? (
                  <>
                    <AddToWishlist
                      key={`wishlist-${variant.id}`}
                      productId={variant.id}
                      name={variantLabel}
                    />
                    <PromoAlert locale={locale} productId={variant.id} productName={variantLabel} />
                    <Consumption locale={locale} productId={product.id} />
                  </>
                ) : null}
                {product.variants.every(
                  (v) => v.stock_state !== 'in_stock' && v.stock_state !== 'in_limited_stock',
                ) ? (
                  <ProductLinks locale={locale} productId={product.id} alternatives />
                ) : null}
                <VariantTerms locale={locale} variant={variant} isGuest={isGuest} />
              </>
            ) : null}
          </aside>
          <div className="min-w-0 space-y-6 lg:col-start-1">
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
                  <Fact label={t('product.presentation')}>
                    {product.form
                      ? codeLabel(t, 'forms', product.form, product.presentation)
                      : product.presentation}
                  </Fact>
                ) : null}
                {product.amm_code ? <Fact label={t('product.amm')}>{product.amm_code}</Fact> : null}
                {product.atcvet ? (
                  <Fact label={t('product.atcvet')}>
                    {[product.atcvet, atcvetLabel(t, product.atcvet)].filter(Boolean).join(' – ')}
                  </Fact>
                ) : null}
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
                            {documentLabel(t, m)}
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
            <RegulatoryData locale={locale} data={product.regulatory} />
            <ProductLinks locale={locale} productId={product.id} />
          </div>
        </div>
      </article>
    </>
  );
}
