import {
  FLAG_FACETS,
  SEARCH_PAGE_MAX,
  SEARCH_PER_PAGE_DEFAULT,
  SEARCH_QUERY_MAX,
  SORTS,
  TERM_FACETS,
  type FlagFacet,
  type SearchQuery,
  type Sort,
  type TermFacet,
} from '@vetshop/domain';

/** Page sizes offered by the page-size selector (docs/product/constants.md#display pagination; default 24 = api default). */
export const PAGE_SIZES = [12, 24, 48, 96] as const;

/**
 * The whole state of a search or category listing, as kept in the URL (docs/product/catalogue-and-search.md#screens /{lang}/search,
 * docs/product/catalogue-and-search.md#search-filters, docs/product/constants.md#search-and-list-sizes sorts). Defaults are left out of URLs.
 */
export interface SearchState {
  q: string;
  /** 1-based page number. */
  page: number;
  perPage: number;
  sort: Sort;
  terms: Partial<Record<TermFacet, string[]>>;
  flags: Partial<Record<FlagFacet, true>>;
  /** The facet whose values are all listed (`all_values=<facet>`); the others list FACET_VALUES_LISTED. */
  allValues?: TermFacet;
}

/** Raw `searchParams` as Next passes them to a page. */
export type RawSearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
const all = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= 200);

function intInRange(v: string | undefined, min: number, max: number, fallback: number): number {
  if (v === undefined || !/^\d+$/.test(v)) return fallback;
  const n = Number(v);
  return n >= min && n <= max ? n : fallback;
}

/** Parses URL search params into a valid SearchState; unknown or bad values fall back to defaults. */
export function parseSearchState(params: RawSearchParams): SearchState {
  const sortRaw = first(params.sort);
  const perPage = intInRange(first(params.per_page), 1, 100, SEARCH_PER_PAGE_DEFAULT);
  const terms: SearchState['terms'] = {};
  for (const facet of TERM_FACETS) {
    const values = [...new Set(all(params[facet]))].slice(0, 50);
    if (values.length > 0) terms[facet] = values;
  }
  const flags: SearchState['flags'] = {};
  for (const flag of FLAG_FACETS) {
    const v = first(params[flag]);
    if (v === 'true' || v === '1' || v === 'on') flags[flag] = true;
  }
  const allValues = first(params.all_values);
  return {
    ...((TERM_FACETS as readonly string[]).includes(allValues ?? '')
      ? { allValues: allValues as TermFacet }
      : {}),
    q: (first(params.q) ?? '').trim().slice(0, SEARCH_QUERY_MAX),
    page: intInRange(first(params.page), 1, SEARCH_PAGE_MAX, 1),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : SEARCH_PER_PAGE_DEFAULT,
    sort: (SORTS as readonly string[]).includes(sortRaw ?? '') ? (sortRaw as Sort) : 'relevance',
    terms,
    flags,
  };
}

/** Serialises a state to URL params, omitting defaults (page 1, 24 per page, relevance). */
export function searchStateToParams(state: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.q) p.set('q', state.q);
  for (const facet of TERM_FACETS) for (const v of state.terms[facet] ?? []) p.append(facet, v);
  for (const flag of FLAG_FACETS) if (state.flags[flag]) p.set(flag, 'true');
  if (state.sort !== 'relevance') p.set('sort', state.sort);
  if (state.perPage !== SEARCH_PER_PAGE_DEFAULT) p.set('per_page', String(state.perPage));
  if (state.page !== 1) p.set('page', String(state.page));
  if (state.allValues) p.set('all_values', state.allValues);
  return p;
}

/** Facet values a listing shows at first (the others behind "show more"). */
export const FACET_VALUES_VISIBLE = 8;
/**
 * Facet values a listing puts in its page per facet, the visible ones included
 * (docs/decisions/listing-facet-values.md): a large category counts hundreds of manufacturers and
 * active principles, which made its page 1.4 MB of HTML. The rest are one link away
 * (`all_values=<facet>`).
 */
export const FACET_VALUES_LISTED = 40;

/**
 * The values of one facet as a listing shows them (`buckets` ordered by count, as the api sends
 * them): `head`, the FACET_VALUES_VISIBLE first; `tail`, the next ones up to FACET_VALUES_LISTED
 * (every one when `all`), plus each value of `selected` further down, so a chosen filter always
 * shows checked; `left`, how many values are not listed, out of `size` values in all (the api's
 * `facet_sizes` when it sent only the first ones, toApiQuery; else `buckets.length`).
 */
export function facetValuesListed<B extends { value: string }>(
  buckets: readonly B[],
  selected: ReadonlySet<string>,
  all: boolean,
  size: number = buckets.length,
): { head: B[]; tail: B[]; left: number } {
  const head = buckets.slice(0, FACET_VALUES_VISIBLE);
  const tail = all
    ? buckets.slice(FACET_VALUES_VISIBLE)
    : buckets
        .slice(FACET_VALUES_VISIBLE)
        .filter((b, i) => i < FACET_VALUES_LISTED - FACET_VALUES_VISIBLE || selected.has(b.value));
  return { head, tail, left: Math.max(0, size - head.length - tail.length) };
}

/**
 * `buckets` each with its `shown` label, by count (most first) and, among equal counts, in the
 * order their labels read in `locale` (docs/decisions/listing-facet-values.md): the api orders
 * equal counts by label, but the values the web names from codes (species, routes, …) reach it in
 * code order ("cat", "dog", "horse" read "Chat", "Chien", "Cheval").
 */
export function inReadingOrder<B extends { count: number }>(
  buckets: readonly B[],
  label: (bucket: B) => string,
  locale: string,
): (B & { shown: string })[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return buckets
    .map((b) => ({ ...b, shown: label(b) }))
    .sort((a, b) => b.count - a.count || collator.compare(a.shown, b.shown));
}

/** `pathname` + `?query` for a state (no `?` when the query is empty). */
export function searchHref(pathname: string, state: SearchState): string {
  const qs = searchStateToParams(state).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** A copy of `state` with `patch` applied; any change other than the page resets to page 1. */
export function withState(state: SearchState, patch: Partial<SearchState>): SearchState {
  return { ...state, page: 1, ...patch };
}

/** Adds or removes one facet value (and goes back to page 1). */
export function toggleTerm(state: SearchState, facet: TermFacet, value: string): SearchState {
  const current = state.terms[facet] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const terms = { ...state.terms };
  if (next.length > 0) terms[facet] = next;
  else delete terms[facet];
  return withState(state, { terms });
}

/** Api query of a state (`lang` is added by the client); `fixed` pins facets such as a category. */
export function toApiQuery(
  state: SearchState,
  fixed: Partial<Record<TermFacet, string[]>> = {},
): Omit<Partial<SearchQuery>, 'lang'> {
  return {
    ...(state.q ? { q: state.q } : {}),
    page: state.page,
    per_page: state.perPage,
    sort: state.sort,
    ...state.terms,
    ...fixed,
    ...(state.flags.in_stock ? { in_stock: true } : {}),
    ...(state.flags.discount ? { discount: true } : {}),
    ...(state.flags.discount_ending ? { discount_ending: true } : {}),
    // Only the values a listing lists (facetValuesListed): the api keeps the chosen ones and says
    // how many each facet has (docs/decisions/listing-facet-values.md).
    facet_values: FACET_VALUES_LISTED,
    ...(state.allValues ? { all_values: state.allValues } : {}),
  };
}

/** 'from–to of total' figures of a page (docs/product/constants.md#display pagination); from = 0 when there is nothing. */
export function pageWindow(
  page: number,
  perPage: number,
  total: number,
): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (total === 0) return { from: 0, to: 0, pages };
  const from = Math.min((page - 1) * perPage + 1, total);
  return { from, to: Math.min(page * perPage, total), pages };
}

/**
 * Page numbers to show around the current one, with `null` for a gap:
 * e.g. (7, 20) → [1, null, 5, 6, 7, 8, 9, null, 20].
 */
export function pageList(current: number, pages: number, radius = 2): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= radius) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** One active filter of a listing, as a removable chip: its facet, value and the URL without it. */
export interface ActiveFilter {
  kind: 'term' | 'flag';
  facet: TermFacet | FlagFacet;
  /** The facet value (`true` for a flag). */
  value: string;
  /** `pathname` + query of the same state without this filter (back to page 1). */
  href: string;
}

/**
 * The active filters of `state` in URL order (term facets, then flags), each with the link that
 * removes it; facets in `hidden` (fixed by the page, e.g. the category) are left out.
 */
export function activeFilters(
  pathname: string,
  state: SearchState,
  hidden: readonly TermFacet[] = [],
): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  for (const facet of TERM_FACETS) {
    if (hidden.includes(facet)) continue;
    for (const value of state.terms[facet] ?? [])
      out.push({ kind: 'term', facet, value, href: searchHref(pathname, toggleTerm(state, facet, value)) });
  }
  for (const flag of FLAG_FACETS) {
    if (!state.flags[flag]) continue;
    const flags = { ...state.flags };
    delete flags[flag];
    out.push({
      kind: 'flag',
      facet: flag,
      value: 'true',
      href: searchHref(pathname, withState(state, { flags })),
    });
  }
  return out;
}
