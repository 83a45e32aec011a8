import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { CategoryDetail, Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { ApiError, catalogApi } from '@/lib/api';
import { alternatesFor, pathsFromUrlKeys } from '@/lib/seo';
import { textParagraphs } from '@/lib/format';
import { parseSearchState, searchStateToParams, toApiQuery, type RawSearchParams } from '@/lib/search-state';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { Listing } from '@/components/Listing';
import { PageAlternates } from '@/components/Alternates';
import { ErrorScreen } from '@/components/StatusScreens';
import { permanentLocaleRedirect } from '@/i18n/paths';
import { AppLink } from '@/components/nav/AppLink';

type Props = { params: Promise<{ locale: string; slug: string[] }>; searchParams: Promise<RawSearchParams> };

/** The url key a /{lang}/c/{slug...} path asks for (segments joined with '/'). */
function requestedKey(slug: string[]): string {
  return slug.map((s) => decodeURIComponent(s)).join('/');
}

async function load(locale: Locale, slug: string[]): Promise<CategoryDetail> {
  return catalogApi.categoryByUrlKey(locale, requestedKey(slug));
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  let category: CategoryDetail;
  try {
    category = await load(locale, slug);
  } catch (error) {
    if (error instanceof ApiError) return {};
    throw error;
  }
  const qs = searchStateToParams(parseSearchState(await searchParams)).toString();
  return {
    title: category.seo_title || category.name,
    description: category.meta_description,
    alternates: alternatesFor(
      locale,
      pathsFromUrlKeys('c', category.url_keys, category.url_key),
      qs ? `?${qs}` : '',
    ),
  };
}

/**
 * Category page /{lang}/c/{slug...} (docs/product/catalogue-and-search.md#screens, docs/product/catalogue-and-search.md#category): name, subtitle, description,
 * children, breadcrumbs from `parents`, and the product listing of GET /catalog/search with
 * `category=<id>` (facets, sorts, pagination). A non-canonical slug (redirect key, another
 * locale's key) redirects permanently to the canonical one, keeping the query.
 */
export default async function CategoryPage({ params, searchParams }: Props) {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const raw = await searchParams;
  const state = parseSearchState(raw);
  const t = await getTranslations({ locale });

  let category: CategoryDetail;
  try {
    category = await load(locale, slug);
  } catch (error) {
    if (error instanceof ApiError)
      return <ErrorScreen status={error.status} message={error.detail ?? error.title} />;
    throw error;
  }
  if (category.url_key !== requestedKey(slug)) {
    const qs = searchStateToParams(state).toString();
    permanentLocaleRedirect(locale, `/c/${category.url_key}${qs ? `?${qs}` : ''}`);
  }

  let result;
  try {
    result = await catalogApi.search(locale, toApiQuery(state, { category: [String(category.id)] }));
  } catch (error) {
    if (error instanceof ApiError)
      return <ErrorScreen status={error.status} message={error.detail ?? error.title} />;
    throw error;
  }
  const children = [...category.children].sort((a, b) => a.sequence - b.sequence);
  const description = category.description ?? category.short_description;

  return (
    <>
      <PageAlternates paths={pathsFromUrlKeys('c', category.url_keys, category.url_key)} />
      <Breadcrumbs
        locale={locale}
        items={[
          ...category.parents.map((p) => ({
            label: p.name,
            href: `/c/${p.url_key}`,
          })),
          { label: category.name },
        ]}
      />
      <header className="mb-6">
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{category.name}</h1>
        {category.subtitle ? <p className="mt-1 text-lg text-muted">{category.subtitle}</p> : null}
        {textParagraphs(description).map((p, i) => (
          <p key={i} className="mt-2 max-w-3xl">
            {p}
          </p>
        ))}
      </header>
      {children.length > 0 ? (
        <nav aria-labelledby="subcategories-title" className="mb-8">
          <h2 id="subcategories-title" className="mb-2 text-lg font-semibold">
            {t('category.subcategories')}
          </h2>
          {/* Below 1024 px one row that scrolls sideways, so the products stay near the top. */}
          <ul className="relative flex gap-2 overflow-x-auto pb-2 lg:flex-wrap lg:overflow-visible lg:pb-0">
            {children.map((c) => (
              <li key={c.id} className="shrink-0">
                <AppLink
                  locale={locale}
                  href={`/c/${c.url_key}`}
                  className="block rounded-full border border-brand px-3 py-1 text-sm whitespace-nowrap text-brand hover:bg-surface"
                >
                  {c.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Listing
        locale={locale}
        href={`/c/${category.url_key}`}
        state={state}
        result={result}
        hiddenFacets={['category']}
        headingId="category-products"
        heading={t('category.products')}
      />
    </>
  );
}
