import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ProductPage } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { localePath, permanentLocaleRedirect } from '@/i18n/paths';
import { ApiError } from '@/lib/api';
import { serverEnv } from '@/lib/env';
import { alternatesFor, pathsFromUrlKeys } from '@/lib/seo';
import type { Translator } from '@/lib/labels';
import type { RawSearchParams } from '@/lib/search-state';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageAlternates } from '@/components/Alternates';
import { ErrorScreen } from '@/components/StatusScreens';
import { getCurrentUser } from '@/lib/session';
import { ProductPicture } from '@/components/media/ProductPicture';
import { RegulatoryData } from '@/components/product/RegulatoryData';
import { ProductLinks } from '@/components/product/ProductLinks';
import { productOfRequest, requestedKey, selectVariant } from './page-data';
import { ProductJsonLd } from './_components/ProductJsonLd';
import { ProductHeader } from './_components/ProductHeader';
import { PurchasePanel } from './_components/PurchasePanel';
import { ProductDescription } from './_components/ProductDescription';
import { ProductDetails } from './_components/ProductDetails';

type Props = { params: Promise<{ locale: string; slug: string[] }>; searchParams: Promise<RawSearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  let product: ProductPage;
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

/**
 * Product page /{lang}/p/{slug...} (docs/product/catalogue-and-search.md#screens). In reading
 * order, so a phone (390x844) shows name, picture, price, variant and add-to-cart without
 * scrolling: the name (ProductHeader), the picture, the purchase panel (PurchasePanel: variant
 * selector kept in `?variant=<id>`, docs/decisions/variant-choice.md; prices named by type,
 * docs/decisions/price-types.md; add-to-cart, standard order and promo-end alert) — then
 * description and details with the documents labelled by what they are
 * (docs/decisions/product-documents.md), regulatory data and product links. On wide screens the
 * panel is a right-hand column. JSON-LD. A non-canonical slug redirects permanently; an api error
 * shows the error screen with its status. Data: page-data.ts; parts: _components/.
 */
export default async function ProductPage({ params, searchParams }: Props) {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const t = (await getTranslations({ locale })) as unknown as Translator;

  let product: ProductPage;
  try {
    product = await productOfRequest(locale, requestedKey(slug));
  } catch (error) {
    if (error instanceof ApiError)
      return <ErrorScreen status={error.status} message={error.detail ?? error.title} />;
    throw error;
  }
  const variantParam = Array.isArray(query.variant) ? query.variant[0] : query.variant;
  if (product.url_key !== requestedKey(slug)) {
    permanentLocaleRedirect(
      locale,
      `/p/${product.url_key}${variantParam ? `?variant=${encodeURIComponent(variantParam)}` : ''}`,
    );
  }
  const variant = selectVariant(product, variantParam);
  // Standard orders are for signed-in customers; the session is read once per request.
  const user = await getCurrentUser(locale);
  const variantLabel =
    variant && product.variants.length > 1 ? `${product.name} – ${variant.name}` : product.name;
  const pathname = localePath(locale, `/p/${product.url_key}`);
  const category = [...product.categories].sort((a, b) => a.level - b.level)[0];

  return (
    <>
      <ProductJsonLd product={product} url={`${serverEnv().SITE_URL}${pathname}`} />
      <PageAlternates paths={pathsFromUrlKeys('p', product.url_keys, product.url_key)} />
      <Breadcrumbs
        locale={locale}
        items={[
          ...(category ? [{ label: category.name, href: `/c/${category.url_key}` }] : []),
          { label: product.name },
        ]}
      />
      <article aria-labelledby="product-title">
        <div className="grid gap-x-8 gap-y-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <ProductHeader locale={locale} product={product} t={t} />
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
          <PurchasePanel
            locale={locale}
            product={product}
            variant={variant}
            variantLabel={variantLabel}
            pathname={pathname}
            isCustomer={Boolean(user?.customer)}
            isGuest={!user}
            t={t}
          />
          <div className="min-w-0 space-y-6 lg:col-start-1">
            <ProductDescription product={product} t={t} />
            <ProductDetails product={product} locale={locale} t={t} />
            <RegulatoryData locale={locale} data={product.regulatory} />
            <ProductLinks locale={locale} links={product.links} />
          </div>
        </div>
      </article>
    </>
  );
}
