import escapeHtml from 'escape-html';
import { getTranslations } from 'next-intl/server';
import {
  FLAG_FACETS,
  SEARCH_PER_PAGE_DEFAULT,
  SORTS,
  TERM_FACETS,
  type FlagFacet,
  type Locale,
  type SearchResult,
  type TermFacet,
} from '@vetshop/domain';
import { facetValueLabel, type Translator } from '@/lib/labels';
import { formatInt } from '@/lib/format';
import {
  PAGE_SIZES,
  activeFilters,
  facetValuesListed,
  inReadingOrder,
  pageWindow,
  searchHref,
  type SearchState,
} from '@/lib/search-state';
import { AutoSubmitForm } from './AutoSubmitForm';
import { Pagination } from './Pagination';
import { ProductCard } from './ProductCard';
import { FacetValues } from './FacetValues';
import type { FacetValueRow } from './facet-values-markup';
import { FilterIcon } from './Icons';
import { DrawerPanel, DrawerToggle } from './nav/MenuDrawer';
import { localePath } from '@/i18n/paths';
import { AppLink } from '@/components/nav/AppLink';
import { ListRangeStatus } from '@/components/ListRangeStatus';

interface ListingProps {
  locale: Locale;
  /** Path of the listing without query and without locale prefix, e.g. /search or /c/meds. */
  href: string;
  state: SearchState;
  result: SearchResult;
  /** Facets fixed by the page (e.g. `category` on a category page): not offered as filters. */
  hiddenFacets?: readonly TermFacet[];
  /** Heading id of the result list. */
  headingId: string;
  heading: string;
}

/**
 * Product listing shared by the search and category pages (docs/product/web-app-shell.md#routes, docs/product/catalogue-and-search.md#search-filters, docs/product/constants.md#display
 * sorts and pagination): one GET form holding the search terms (hidden: the header's search field
 * is the only one), facet checkboxes (fieldsets with legends and counts), availability toggles,
 * sort and page size; the active filters as removable chips with "clear all"; results as a list;
 * pagination and 'from–to of total' status. All state lives in the URL.
 *
 * Filters and sort apply on change (AutoSubmitForm); without JavaScript a submit button inside
 * `<noscript>` applies them. Below 1024 px the results come first and the filters live in a drawer
 * opened by a "Filters" button (with the number of active filters), whose footer button shows the
 * number of results and closes it; from 1024 px the filters are a left column.
 */
export async function Listing({
  locale,
  href,
  state,
  result,
  hiddenFacets = [],
  headingId,
  heading,
}: ListingProps) {
  const t = (await getTranslations({ locale })) as unknown as Translator;
  // The GET form posts to the prefixed path (/fr/search); links take `href` and get the prefix from Link.
  const action = localePath(locale, href);
  const { from, to, pages } = pageWindow(state.page, state.perPage, result.total);
  const facets = TERM_FACETS.filter((f) => !hiddenFacets.includes(f)).map((facet) => {
    const buckets = [...(result.facets[facet] ?? [])];
    // The facet's values in all: the api may send only the first ones (toApiQuery `facet_values`).
    let size = result.facet_sizes?.[facet] ?? buckets.length;
    for (const selected of state.terms[facet] ?? []) {
      if (!buckets.some((b) => b.value === selected)) {
        buckets.push({ value: selected, label: null, count: 0 });
        size += 1;
      }
    }
    return { facet, buckets, size };
  });
  const flagCount = (flag: string): number | null => {
    const b = result.facets[flag]?.find((x) => x.value === 'true' || x.value === '1');
    return b ? b.count : null;
  };
  const chips = activeFilters(href, state, hiddenFacets).map((chip) => ({
    ...chip,
    label:
      chip.kind === 'flag'
        ? t(`facets.${chip.facet as FlagFacet}`)
        : facetValueLabel(t, chip.facet as TermFacet, {
            value: chip.value,
            label: result.facets[chip.facet]?.find((b) => b.value === chip.value)?.label ?? null,
          }),
  }));
  const clearHref = searchHref(href, { ...state, terms: {}, flags: {}, page: 1 });
  const noScriptApply = (
    <noscript>
      <button
        type="submit"
        className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
      >
        {t('search.apply')}
      </button>
    </noscript>
  );

  return (
    <AutoSubmitForm
      action={action}
      stateKey={searchHref(action, state)}
      className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]"
    >
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      <DrawerPanel
        id="listing-filters"
        title={t('search.filters')}
        closeLabel={t('search.closeFilters')}
        side="left"
        testId="filters"
        footer={
          <a
            href={`#${headingId}`}
            data-drawer-close
            className="block rounded bg-brand px-4 py-2 text-center font-semibold text-white hover:bg-brand-dark"
            data-testid="filters-show-results"
          >
            {t('search.showResults', { count: result.total })}
          </a>
        }
      >
        <aside aria-labelledby="filters-title" className="space-y-4 p-4 lg:p-0">
          <h2 id="filters-title" className="text-lg font-semibold max-lg:sr-only">
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
                    {count !== null ? (
                      <span className="text-muted"> ({formatInt(count, locale)})</span>
                    ) : null}
                  </label>
                </div>
              );
            })}
          </fieldset>
          {facets
            .filter(({ buckets }) => buckets.length > 0)
            .map(({ facet, buckets: sent, size }) => {
              const selected = new Set(state.terms[facet] ?? []);
              const buckets = inReadingOrder(sent, (b) => facetValueLabel(t, facet, b), locale);
              const rows = (list: typeof buckets): FacetValueRow[] =>
                list.map((b) => [
                  escapeHtml(b.value),
                  escapeHtml(b.shown),
                  escapeHtml(formatInt(b.count, locale)),
                  selected.has(b.value),
                ]);
              const all = state.allValues === facet;
              const { head, tail, left } = facetValuesListed(buckets, selected, all, size);
              const tailHasSelection = tail.some((b) => selected.has(b.value));
              return (
                <fieldset
                  key={facet}
                  id={`filter-${facet}`}
                  className="min-w-0 scroll-mt-4 rounded border border-line p-3"
                >
                  <legend className="px-1 font-medium">{t(`facets.${facet}`)}</legend>
                  <FacetValues facet={facet} rows={rows(head)} first={0} />
                  {tail.length > 0 ? (
                    <details open={tailHasSelection || all}>
                      <summary className="cursor-pointer py-1 text-sm text-brand">
                        {t('search.showMore', { count: tail.length })}
                      </summary>
                      <FacetValues facet={facet} rows={rows(tail)} first={head.length} />
                      {left > 0 ? (
                        <AppLink
                          locale={locale}
                          href={`${searchHref(href, { ...state, allValues: facet })}#filter-${facet}`}
                          className="mt-1 inline-block py-1 text-sm text-brand underline"
                          data-testid="facet-all-values"
                        >
                          {t('search.allValues', { count: head.length + tail.length + left })}
                        </AppLink>
                      ) : null}
                    </details>
                  ) : null}
                </fieldset>
              );
            })}
          {noScriptApply}
        </aside>
      </DrawerPanel>
      <section aria-labelledby={headingId} className="min-w-0">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              {heading}
            </h2>
            <ListRangeStatus locale={locale} from={from} to={to} total={result.total} namespace="search" />
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <DrawerToggle
              drawer="listing-filters"
              testId="filters-toggle"
              className="flex items-center gap-1 rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-surface"
            >
              <FilterIcon />
              {t('search.openFilters')}
              {chips.length > 0 ? (
                <>
                  <span aria-hidden="true"> ({formatInt(chips.length, locale)})</span>
                  <span className="sr-only">, {t('search.activeCount', { count: chips.length })}</span>
                </>
              ) : null}
            </DrawerToggle>
            <div>
              <label htmlFor="listing-sort" className="block text-sm font-medium">
                {t('search.sort')}
              </label>
              <select
                id="listing-sort"
                name="sort"
                data-default="relevance"
                defaultValue={state.sort}
                data-value={state.sort}
                className="max-w-full rounded border border-line bg-white px-2 py-1.5 text-sm"
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
                data-value={String(state.perPage)}
                className="rounded border border-line bg-white px-2 py-1.5 text-sm"
              >
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            {noScriptApply}
          </div>
        </div>
        {chips.length > 0 ? (
          <div className="mb-4 flex flex-wrap items-center gap-2" data-testid="active-filters">
            <h3 className="sr-only">{t('search.activeFilters')}</h3>
            <ul className="flex flex-wrap gap-2">
              {chips.map((chip) => (
                <li key={`${chip.facet}=${chip.value}`}>
                  <AppLink
                    locale={locale}
                    href={chip.href}
                    scroll={false}
                    aria-label={t('search.removeFilter', { label: chip.label })}
                    className="flex max-w-full items-center gap-1 rounded-full border border-brand bg-brand-soft px-3 py-1 text-sm text-brand hover:bg-white"
                  >
                    <span className="min-w-0 break-words">{chip.label}</span>
                    <span aria-hidden="true" className="text-base leading-none">
                      ×
                    </span>
                  </AppLink>
                </li>
              ))}
            </ul>
            <AppLink
              locale={locale}
              href={clearHref}
              scroll={false}
              className="text-sm text-brand underline"
              data-testid="filters-clear"
            >
              {t('search.clearAll')}
            </AppLink>
          </div>
        ) : null}
        {result.hits.length === 0 ? (
          <div className="rounded border border-line bg-surface p-6">
            <p className="font-semibold">{t('search.empty')}</p>
            <p className="mt-1 text-sm text-muted">{t('search.emptyHint')}</p>
          </div>
        ) : (
          <ul aria-labelledby={headingId} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {result.hits.map((hit) => (
              <li key={hit.id} className="min-w-0">
                <ProductCard
                  locale={locale}
                  hit={hit}
                  restriction={result.restrictions?.[String(hit.id)]}
                  q={state.q}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination locale={locale} href={href} state={state} pages={pages} />
      </section>
    </AutoSubmitForm>
  );
}
