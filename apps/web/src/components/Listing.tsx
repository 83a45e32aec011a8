import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import {
  FLAG_FACETS,
  SEARCH_PER_PAGE_DEFAULT,
  SORTS,
  TERM_FACETS,
  type Locale,
  type SearchResult,
  type TermFacet,
} from '@vetshop/domain';
import { facetValueLabel, type Translator } from '@/lib/labels';
import { formatInt } from '@/lib/format';
import { PAGE_SIZES, pageWindow, searchHref, type SearchState } from '@/lib/search-state';
import { AutoSubmitForm } from './AutoSubmitForm';
import { Pagination } from './Pagination';
import { ProductCard } from './ProductCard';

/** Facet values shown before the "show more" disclosure. */
const VISIBLE_VALUES = 8;

interface ListingProps {
  locale: Locale;
  /** Path of the listing without query, e.g. /fr/search or /fr/c/meds. */
  pathname: string;
  state: SearchState;
  result: SearchResult;
  /** Facets fixed by the page (e.g. `category` on a category page): not offered as filters. */
  hiddenFacets?: readonly TermFacet[];
  /** Show the search terms field (search page). */
  withQueryField?: boolean;
  /** Heading id of the result list. */
  headingId: string;
  heading: string;
}

/**
 * Product listing shared by the search and category pages (spec 2, spec 3 Search filters, spec 9
 * sorts and pagination): one GET form holding the search terms, facet checkboxes (fieldsets with
 * legends and counts), availability toggles, sort and page size; results as a list; pagination and
 * 'from–to of total' status. All state lives in the URL, so it works without JavaScript.
 */
export async function Listing({
  locale,
  pathname,
  state,
  result,
  hiddenFacets = [],
  withQueryField,
  headingId,
  heading,
}: ListingProps) {
  const t = (await getTranslations({ locale })) as unknown as Translator;
  const { from, to, pages } = pageWindow(state.page, state.perPage, result.total);
  const facets = TERM_FACETS.filter((f) => !hiddenFacets.includes(f)).map((facet) => {
    const buckets = [...(result.facets[facet] ?? [])];
    for (const selected of state.terms[facet] ?? []) {
      if (!buckets.some((b) => b.value === selected))
        buckets.push({ value: selected, label: null, count: 0 });
    }
    return { facet, buckets };
  });
  const flagCount = (flag: string): number | null => {
    const b = result.facets[flag]?.find((x) => x.value === 'true' || x.value === '1');
    return b ? b.count : null;
  };
  const hasFilters = Object.keys(state.terms).length > 0 || Object.keys(state.flags).length > 0;
  const clearHref = searchHref(pathname, { ...state, terms: {}, flags: {}, page: 1 });

  return (
    <AutoSubmitForm
      action={pathname}
      stateKey={searchHref(pathname, state)}
      className="grid gap-6 lg:grid-cols-[16rem_1fr]"
    >
      {withQueryField ? (
        <div className="lg:col-span-2">
          <label htmlFor="listing-q" className="mb-1 block text-sm font-medium">
            {t('search.queryLabel')}
          </label>
          <div className="flex max-w-xl">
            <input
              id="listing-q"
              name="q"
              type="search"
              defaultValue={state.q}
              maxLength={200}
              className="w-full rounded-l border border-line px-3 py-2"
            />
            <button
              type="submit"
              className="rounded-r bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
            >
              {t('header.searchSubmit')}
            </button>
          </div>
        </div>
      ) : null}
      <aside aria-labelledby="filters-title" className="space-y-4">
        <h2 id="filters-title" className="text-lg font-semibold">
          {t('search.filters')}
        </h2>
        <fieldset className="rounded border border-line p-3">
          <legend className="px-1 font-medium">{t('facets.availability')}</legend>
          {FLAG_FACETS.map((flag) => {
            const count = flagCount(flag);
            return (
              <div key={flag} className="flex items-center gap-2 py-0.5">
                <input
                  id={`flag-${flag}`}
                  type="checkbox"
                  name={flag}
                  value="true"
                  defaultChecked={state.flags[flag] === true}
                  className="h-4 w-4 accent-brand"
                />
                <label htmlFor={`flag-${flag}`} className="text-sm">
                  {t(`facets.${flag}`)}
                  {count !== null ? <span className="text-muted"> ({formatInt(count, locale)})</span> : null}
                </label>
              </div>
            );
          })}
        </fieldset>
        {facets
          .filter(({ buckets }) => buckets.length > 0)
          .map(({ facet, buckets }) => {
            const selected = new Set(state.terms[facet] ?? []);
            const render = (b: (typeof buckets)[number], i: number) => {
              const id = `facet-${facet}-${i}`;
              return (
                <div key={b.value} className="flex items-start gap-2 py-0.5">
                  <input
                    id={id}
                    type="checkbox"
                    name={facet}
                    value={b.value}
                    defaultChecked={selected.has(b.value)}
                    className="mt-0.5 h-4 w-4 accent-brand"
                  />
                  <label htmlFor={id} className="text-sm">
                    {facetValueLabel(t, facet, b)}{' '}
                    <span className="text-muted">({formatInt(b.count, locale)})</span>
                  </label>
                </div>
              );
            };
            const head = buckets.slice(0, VISIBLE_VALUES);
            const tail = buckets.slice(VISIBLE_VALUES);
            const tailHasSelection = tail.some((b) => selected.has(b.value));
            return (
              <fieldset key={facet} className="rounded border border-line p-3">
                <legend className="px-1 font-medium">{t(`facets.${facet}`)}</legend>
                {head.map((b, i) => render(b, i))}
                {tail.length > 0 ? (
                  <details open={tailHasSelection}>
                    <summary className="cursor-pointer py-1 text-sm text-brand">
                      {t('search.showMore', { count: tail.length })}
                    </summary>
                    {tail.map((b, i) => render(b, i + VISIBLE_VALUES))}
                  </details>
                ) : null}
              </fieldset>
            );
          })}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
          >
            {t('search.apply')}
          </button>
          {hasFilters ? (
            <Link href={clearHref} className="text-sm text-brand underline">
              {t('search.clear')}
            </Link>
          ) : null}
        </div>
      </aside>
      <section aria-labelledby={headingId} className="min-w-0">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              {heading}
            </h2>
            <p role="status" className="text-sm text-muted">
              {t('search.status', {
                from: formatInt(from, locale),
                to: formatInt(to, locale),
                total: formatInt(result.total, locale),
              })}
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="listing-sort" className="block text-sm font-medium">
                {t('search.sort')}
              </label>
              <select
                id="listing-sort"
                name="sort"
                data-default="relevance"
                defaultValue={state.sort}
                className="rounded border border-line bg-white px-2 py-1.5 text-sm"
              >
                {SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`sort.${s}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="listing-per-page" className="block text-sm font-medium">
                {t('search.perPage')}
              </label>
              <select
                id="listing-per-page"
                name="per_page"
                data-default={String(SEARCH_PER_PAGE_DEFAULT)}
                defaultValue={String(state.perPage)}
                className="rounded border border-line bg-white px-2 py-1.5 text-sm"
              >
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-surface"
            >
              {t('search.apply')}
            </button>
          </div>
        </div>
        {result.hits.length === 0 ? (
          <div className="rounded border border-line bg-surface p-6">
            <p className="font-semibold">{t('search.empty')}</p>
            <p className="mt-1 text-sm text-muted">{t('search.emptyHint')}</p>
          </div>
        ) : (
          <ul aria-labelledby={headingId} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {result.hits.map((hit) => (
              <li key={hit.id}>
                <ProductCard locale={locale} hit={hit} />
              </li>
            ))}
          </ul>
        )}
        <Pagination locale={locale} pathname={pathname} state={state} pages={pages} />
      </section>
    </AutoSubmitForm>
  );
}
