/**
 * Facet counts of a search from the search rows in memory (docs/decisions/search-performance.md,
 * "Facet counts of a text counted in memory", "Texts from the search rows in memory";
 * docs/product/catalogue-and-search.md#search-filters).
 *
 * A never-asked text search counted its facets in PostgreSQL by unnesting every matched row's
 * "facet:value" terms and grouping them (40 % of a broad search's statement). Each api process
 * already keeps the search rows of the current search documents version for the autocomplete
 * (autocomplete-index.ts); it now also keeps each row's facet terms as integer ids and its stock
 * flag, so the search statement only answers which models match (search-browse-memory.ts adds
 * the discount flags of the viewer's list), and the counts are made here: the same disjunctive rules as
 * search-facets.ts `termFacetsSelect` and search-products.ts `facetRowsSql`, answered as the same
 * {@link FacetRow}s, so `facetsOf` sorts and cuts them as before.
 */
import { sql } from 'drizzle-orm';
import { FLAG_FACETS, type Locale } from '@vetshop/domain';
import type { Queryable } from '../../db/client.ts';
import type { FacetRow } from './search-facets.ts';
import { localizedNameIn } from './variant-name.ts';

/** One locale's rows as the facet counts read them: term ids per row, the stock flag. */
export interface FacetTermRows {
  /** Row index of a product model id. */
  rowOf: ReadonlyMap<number, number>;
  /** Term ids of row i: `terms[offsets[i]]` up to `terms[offsets[i + 1]]` (as stored, repeats kept). */
  offsets: Int32Array;
  terms: Int32Array;
  /** `in_stock` of row i (1 or 0). */
  inStock: Uint8Array;
  /** `not_sold_on_website` and `vet_group_ids` of row i (its visibility: viewer.ts `visibleInMemory`). */
  hidden: Uint8Array;
  groups: ReadonlyArray<readonly number[]>;
  /** `popularity` of row i (customers who bought the model: the relevance sort's second key). */
  popularity: Int32Array;
  /** "facet:value" of each term id. */
  termNames: readonly string[];
  /** Facet (the part before the first ":") of each term id, as an index into `facetNames`. */
  termFacet: Int32Array;
  facetNames: readonly string[];
  /** Term id of a "facet:value". */
  termIdOf: ReadonlyMap<string, number>;
}

/** One search row's facet inputs, as read from `search_documents`. */
export interface FacetTermSource {
  id: number;
  facetTerms: readonly string[];
  inStock: boolean;
  hidden: boolean;
  groups: readonly number[];
  popularity: number;
}

/**
 * The {@link FacetTermRows} of `rows` (row i = rows[i]). The rows come in the name order of the
 * search (name_norm COLLATE "C", then id: autocomplete-index.ts), which search-browse-memory.ts
 * uses as the sorts' last keys.
 */
export function facetTermRowsOf(rows: readonly FacetTermSource[]): FacetTermRows {
  const termIdOf = new Map<string, number>();
  const termNames: string[] = [];
  const facetIdOf = new Map<string, number>();
  const facetNames: string[] = [];
  const termFacetList: number[] = [];
  const rowOf = new Map<number, number>();
  const offsets = new Int32Array(rows.length + 1);
  const inStock = new Uint8Array(rows.length);
  const hidden = new Uint8Array(rows.length);
  const popularity = new Int32Array(rows.length);
  let size = 0;
  for (const r of rows) size += r.facetTerms.length;
  const terms = new Int32Array(size);
  let at = 0;
  rows.forEach((r, i) => {
    rowOf.set(r.id, i);
    inStock[i] = r.inStock ? 1 : 0;
    hidden[i] = r.hidden ? 1 : 0;
    popularity[i] = r.popularity;
    offsets[i] = at;
    for (const name of r.facetTerms) {
      let id = termIdOf.get(name);
      if (id === undefined) {
        id = termNames.length;
        termIdOf.set(name, id);
        termNames.push(name);
        const facet = name.split(':', 1)[0] as string;
        let facetId = facetIdOf.get(facet);
        if (facetId === undefined) {
          facetId = facetNames.length;
          facetIdOf.set(facet, facetId);
          facetNames.push(facet);
        }
        termFacetList.push(facetId);
      }
      terms[at++] = id;
    }
  });
  offsets[rows.length] = at;
  return {
    rowOf,
    offsets,
    terms,
    inStock,
    hidden,
    groups: rows.map((r) => r.groups),
    popularity,
    termNames,
    termFacet: Int32Array.from(termFacetList),
    facetNames,
    termIdOf,
  };
}

/** An active filter of a search: a term facet with its "facet:value" terms (any one), or a true flag. */
export type ActiveFacetFilter =
  { key: string; terms: readonly string[] } | { key: (typeof FLAG_FACETS)[number]; flag: true };

/**
 * The models of a search's matching set: ids, and per model its discount flags for the
 * viewer's list (bit {@link DISCOUNT}: a discount, bit {@link DISCOUNT_ENDING}: one ending this
 * month), in the same order.
 */
export interface MatchedModels {
  ids: readonly number[];
  flags: Uint8Array;
  /**
   * The row (index into the {@link FacetTermRows}) of each model, in the same order, when the
   * matches were read against those rows (search-browse-memory.ts); absent: looked up by id.
   */
  rows?: Int32Array;
}

/** The row of each of `ids` in `rows`, in order; null when one has no row. */
function rowsOfIds(rows: FacetTermRows, ids: readonly number[]): Int32Array | null {
  const out = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const row = rows.rowOf.get(ids[i] as number);
    if (row === undefined) return null;
    out[i] = row;
  }
  return out;
}

/** Flag bits of {@link MatchedModels}; {@link IN_STOCK} is the rows' own (`FacetTermRows.inStock`). */
export const DISCOUNT = 1;
export const DISCOUNT_ENDING = 2;
const IN_STOCK = 4;

/** What {@link countFacetsInMemory} answers. */
export interface CountedInMemory {
  /** The facet rows, without labels. */
  facetRows: FacetRow[];
  /** Row (index into the {@link FacetTermRows}) of each matched model, in the matched order (`matched.rows` when given). */
  rowOfMatch: Int32Array;
  /** Indexes into the matched models of those meeting every filter, in the matched order. */
  passing: number[];
}

/**
 * The facet rows (without labels: `label` null) of the matched models under the active filters:
 * `_total`, the models meeting every filter; each flag, the models with it meeting every other
 * filter; each term, the models holding it meeting every filter but those of its own facet
 * (disjunctive facets), terms with no such model left out. Null when a matched id has no row
 * (the rows are of another search documents version than the statement read): the caller counts
 * in the database. Also answers each match's row and which matches meet every filter; without
 * `count` (counts kept from before), only those: the flags and terms are not counted.
 */
export function countFacetsInMemory(
  rows: FacetTermRows,
  matched: MatchedModels,
  active: readonly ActiveFacetFilter[],
  count = true,
): CountedInMemory | null {
  if (active.length > 30) return null;
  const rowOfMatch = matched.rows ?? rowsOfIds(rows, matched.ids);
  if (rowOfMatch === null) return null;
  const full = (1 << active.length) - 1;
  // Per facet (index into facetNames): the bit of its filter, 0 when it has none.
  const facetBit = new Int32Array(rows.facetNames.length);
  // Per term filter: its bit and its term ids.
  const termFilters: Array<{ bit: number; ids: Set<number> }> = [];
  const flagBit: Record<string, number> = {};
  active.forEach((filter, i) => {
    const bit = 1 << i;
    if ('flag' in filter) {
      flagBit[filter.key] = bit;
      return;
    }
    const facetId = rows.facetNames.indexOf(filter.key);
    if (facetId >= 0) facetBit[facetId] = bit;
    const ids = new Set<number>();
    for (const t of filter.terms) {
      const id = rows.termIdOf.get(t);
      if (id !== undefined) ids.add(id);
    }
    termFilters.push({ bit, ids });
  });
  const counts = new Int32Array(rows.termNames.length);
  // The flags in FLAG_FACETS order: their bits in a model's flags below, and their filters' bits.
  const flagOrder = FLAG_FACETS.map((flag) => ({
    has: flag === 'in_stock' ? IN_STOCK : flag === 'discount' ? DISCOUNT : DISCOUNT_ENDING,
    bit: flagBit[flag] ?? 0,
  }));
  const flagCounts = new Int32Array(flagOrder.length);
  let total = 0;
  const { offsets, terms, termFacet } = rows;
  const passing: number[] = [];
  for (let i = 0; i < rowOfMatch.length; i++) {
    const row = rowOfMatch[i] as number;
    const flags = (matched.flags[i] as number) | (rows.inStock[row] === 1 ? IN_STOCK : 0);
    const start = offsets[row] as number;
    const end = offsets[row + 1] as number;
    let mask = 0;
    for (const f of termFilters) {
      for (let k = start; k < end; k++)
        if (f.ids.has(terms[k] as number)) {
          mask |= f.bit;
          break;
        }
    }
    for (const f of flagOrder) if (flags & f.has) mask |= f.bit;
    if (mask === full) {
      total += 1;
      passing.push(i);
    }
    if (!count) continue;
    flagOrder.forEach((f, j) => {
      if (flags & f.has && (mask | f.bit) === full) flagCounts[j] = (flagCounts[j] as number) + 1;
    });
    for (let k = start; k < end; k++) {
      const t = terms[k] as number;
      if ((mask | (facetBit[termFacet[t] as number] as number)) === full)
        counts[t] = (counts[t] as number) + 1;
    }
  }
  const out: FacetRow[] = [{ facet: '_total', value: null, label: null, count: total }];
  FLAG_FACETS.forEach((flag, i) =>
    out.push({ facet: flag, value: 'true', label: null, count: flagCounts[i] as number }),
  );
  counts.forEach((count, t) => {
    if (count === 0) return;
    const name = rows.termNames[t] as string;
    const colon = name.indexOf(':');
    // As split_part / substr in SQL: a term without ":" is both its facet and its value.
    out.push({
      facet: colon < 0 ? name : name.slice(0, colon),
      value: name.slice(colon + 1),
      label: null,
      count,
    });
  });
  return { facetRows: out, rowOfMatch, passing };
}

/** Labels of the vet group and category terms of one locale: "facet:value" → name. */
export type TermLabels = ReadonlyMap<string, string | null>;

/**
 * The names of `lang` of every vet group (`vet_group:<code>`) and category (`category:<id>`) with
 * a translation in `lang`, and the labels of the active substances (`active_principle:<key>`,
 * docs/decisions/substance-facet.md): the labels `termFacetsSelect` joins. Errors: the database's.
 */
export async function loadTermLabels(db: Queryable, lang: Locale): Promise<TermLabels> {
  const result = await db.execute<{ term: string; label: string | null }>(sql`
    SELECT 'vet_group:' || g.code AS term, ${localizedNameIn(sql`g`, lang)} AS label FROM vet_groups g
    UNION ALL
    SELECT 'category:' || ct.category_id, ct.name FROM category_translations ct WHERE ct.locale = ${lang}
    UNION ALL
    SELECT 'active_principle:' || sl.key, sl.label FROM substance_labels sl WHERE sl.locale = ${lang}`);
  const labels = new Map<string, string | null>();
  for (const r of result.rows) labels.set(r.term, r.label);
  return labels;
}

/**
 * The promise kept under `key` in `entries`, else `load()` kept there (at most `max` keys, the oldest
 * dropped first): concurrent callers share one read, and a read that fails is forgotten so that the
 * next call reads again. Used for what is read once per catalogue version (termLabelsAt,
 * search-browse-memory.ts `listPricesAt`).
 */
export function keptRead<V>(
  entries: Map<string, Promise<V>>,
  key: string,
  load: () => Promise<V>,
  max: number,
): Promise<V> {
  const kept = entries.get(key);
  if (kept) return kept;
  const loading = load();
  if (entries.size >= max) entries.delete(entries.keys().next().value ?? '');
  entries.set(key, loading);
  loading.catch(() => {
    if (entries.get(key) === loading) entries.delete(key);
  });
  return loading;
}

/** Per database: the labels of each locale, per catalogue version (termLabelsAt). */
const labelCache = new WeakMap<object, Map<string, Promise<TermLabels>>>();

/**
 * The {@link loadTermLabels} of `lang`, kept per database for catalogue version `version` (whose
 * triggers move on every change of `categories` and `category_translations`; a vet group's names
 * are kept as long as the text facet counts that hold them, search-index.ts `textFacetCache`);
 * read every time when the version is unknown (null). A failed read is not kept. Errors: the
 * database's.
 */
export function termLabelsAt(db: Queryable, lang: Locale, version: string | null): Promise<TermLabels> {
  if (version === null) return loadTermLabels(db, lang);
  let entries = labelCache.get(db);
  if (!entries) labelCache.set(db, (entries = new Map()));
  // Three entries: the current version of each locale once all three are asked.
  return keptRead(entries, JSON.stringify([lang, version]), () => loadTermLabels(db, lang), 3);
}

/**
 * `rows` labelled as `termFacetsSelect` labels its rows: a vet group and a category by name in the
 * locale of `labels` (rows of a vet group or category without one are dropped), the facets of
 * `labelIsValue` by their label in `labels` when it holds one (an active substance), else by their
 * value, others none.
 */
export function labelFacetRows(
  rows: readonly FacetRow[],
  labels: TermLabels,
  labelIsValue: readonly string[],
): FacetRow[] {
  const out: FacetRow[] = [];
  for (const r of rows) {
    if (r.facet === '_total' || (FLAG_FACETS as readonly string[]).includes(r.facet)) {
      out.push(r);
      continue;
    }
    if (r.facet === 'vet_group' || r.facet === 'category') {
      const term = `${r.facet}:${r.value}`;
      if (!labels.has(term)) continue;
      out.push({ ...r, label: labels.get(term) ?? null });
      continue;
    }
    const label = labelIsValue.includes(r.facet) ? (labels.get(`${r.facet}:${r.value}`) ?? r.value) : null;
    out.push({ ...r, label });
  }
  return out;
}
