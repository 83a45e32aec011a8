import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { ApiError, catalogApi } from '@/lib/api';
import { alternatesFor, samePathEverywhere } from '@/lib/seo';
import {
  parseSearchState,
  searchHref,
  searchStateToParams,
  toApiQuery,
  withState,
  type RawSearchParams,
} from '@/lib/search-state';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { Listing } from '@/components/Listing';
import { ErrorScreen } from '@/components/StatusScreens';
import { AppLink } from '@/components/nav/AppLink';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<RawSearchParams> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const state = parseSearchState(await searchParams);
  const t = await getTranslations({ locale, namespace: 'meta' });
  const qs = searchStateToParams(state).toString();
  return {
    title: state.q ? t('searchTitleQuery', { q: state.q }) : t('searchTitle'),
    description: t('searchDescription'),
    alternates: alternatesFor(locale, samePathEverywhere('/search'), qs ? `?${qs}` : ''),
    // Filtered result pages are not worth indexing; the links on them are.
    robots: { index: !qs, follow: true },
  };
}

/**
 * Search page /{lang}/search (docs/product/web-app-shell.md#global-interface-pieces): `q`, facets, sorts, pagination with page size and
 * 'from–to of total', a "did you mean" link and an empty state. All state is in the URL. The terms
 * are edited in the header's search field (SearchBoxFromUrl), the only search field of the page.
 */
export default async function SearchPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const state = parseSearchState(await searchParams);
  const t = await getTranslations({ locale, namespace: 'search' });
  let result;
  try {
    result = await catalogApi.search(locale, toApiQuery(state));
  } catch (error) {
    if (error instanceof ApiError)
      return <ErrorScreen status={error.status} message={error.detail ?? error.title} />;
    throw error;
  }
  const heading = state.q ? t('headingQuery', { q: state.q }) : t('heading');
  return (
    <>
      <Breadcrumbs locale={locale} items={[{ label: t('heading') }]} />
      <h1 className="mb-4 text-2xl font-bold break-words">{heading}</h1>
      {result.suggestion ? (
        <p className="mb-4">
          {t.rich('didYouMean', {
            suggestion: result.suggestion,
            link: (chunks) => (
              <AppLink
                locale={locale}
                href={searchHref('/search', withState(state, { q: result.suggestion ?? '' }))}
                className="font-semibold text-brand underline"
              >
                {chunks}
              </AppLink>
            ),
          })}
        </p>
      ) : null}
      <Listing
        locale={locale}
        href="/search"
        state={state}
        result={result}
        headingId="search-results"
        heading={t('results')}
      />
    </>
  );
}
