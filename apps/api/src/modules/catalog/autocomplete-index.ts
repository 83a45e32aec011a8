/**
 * The autocomplete's candidates from memory (docs/decisions/autocomplete-index.md): each api
 * process keeps the search rows the autocomplete tests (folded name, active principles,
 * description, search words, visibility) per locale, in name order, and picks the suggested
 * products there instead of in four to six statements. The products' names and url keys are
 * still read from the database (autocomplete.ts), so only the choice and order of the ids come
 * from here. The same rows carry their facet terms and stock flag, from which a text search counts
 * its facets (search-facet-memory.ts).
 *
 * The rows are those of one search documents version (`catalog_version.search_version`, moved by
 * every change of `search_documents`, 0035_search_documents_version.sql). A request whose version
 * is not the kept one gets null (autocomplete.ts then asks the database, as before) and starts one
 * load in the background, at most one per process at a time and one per
 * {@link AUTOCOMPLETE_INDEX_RELOAD_MS}.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { readVersions } from '../catalog-version/index.ts';
import { visibleInMemory, type Viewer } from './viewer.ts';
import { compareCodePoints } from './autocomplete-categories.ts';
import { facetTermRowsOf, type FacetTermRows, type FacetTermSource } from './search-facet-memory.ts';

/** Least time between two loads of one process's rows, ms (an import moves the version many times). */
export const AUTOCOMPLETE_INDEX_RELOAD_MS = 5_000;

/** One search row as the autocomplete tests it. */
export interface AutocompleteDoc {
  id: number;
  /** `name_norm`: folded name. */
  name: string;
  /** `principles_norm`. */
  principles: string;
  /** `description_norm`: letters and digits only. */
  description: string;
  /**
   * `words_norm`: its own search words, species labels, categories' names and search words, and its
   * packs' names in the row's language (letters and digits).
   */
  words: string;
  /** `popularity`: practices that ordered it in the last 365 days (orders the last tier). */
  popularity: number;
  /** `not_sold_on_website`. */
  hidden: boolean;
  /** `vet_group_ids`: empty for every customer, else only for these veterinary groups. */
  groups: readonly number[];
}

/** The rows of one search documents version: per locale, in name order (code points), then id. */
export interface AutocompleteIndex {
  version: string;
  locales: ReadonlyMap<Locale, LocaleDocs>;
}

/** One locale's rows, in name order, with the words of their texts. */
export interface LocaleDocs {
  docs: readonly AutocompleteDoc[];
  /** Words of the names (split at a space, "(", "/" or "-"), the principles and the descriptions (at a space). */
  names: WordPostings;
  principles: WordPostings;
  descriptions: WordPostings;
  /** Words of the rows' search words (at a space). */
  words: WordPostings;
  /** The rows' facet terms and stock flags, for a text search's facet counts (search-facet-memory.ts). */
  facets: FacetTermRows;
}

/** The distinct words of one text field, sorted, each with the rows (indexes into `docs`) that hold it. */
export interface WordPostings {
  words: readonly string[];
  rows: readonly Int32Array[];
}

/** The groups of a row sold to every customer (one shared empty list). */
const NO_GROUPS: readonly number[] = Object.freeze([]);

/** Where a name's "other" patterns can start a word: after a space, "(", "/" or "-". */
const NAME_SPLIT = /[ (/-]/;
/** Where a principle or description word starts: after a space. */
const SPACE_SPLIT = / /;

/** Rows tested one by one in name order before tier 2 looks words up, unless the word lists hold fewer (as autocomplete.ts TIER2_WINDOW). */
const TIER2_WINDOW = 1000;

/** The word postings of `texts` (row i = texts[i]) for words split at `split`. */
export function wordPostings(texts: readonly string[], split: RegExp): WordPostings {
  const byWord = new Map<string, number[]>();
  texts.forEach((text, row) => {
    for (const word of text.split(split)) {
      if (!word) continue;
      const rows = byWord.get(word);
      if (!rows) byWord.set(word, [row]);
      else if (rows[rows.length - 1] !== row) rows.push(row);
    }
  });
  const words = [...byWord.keys()].sort();
  return { words, rows: words.map((w) => Int32Array.from(byWord.get(w) as number[])) };
}

/**
 * Adds to `into` (when given) the rows holding a word that starts with the first word of `phrase`
 * (cut at `split`): a superset of the rows where `phrase` starts a word, which the caller tests.
 * Returns how many rows the matching words list (a row may count more than once), or null when the
 * phrase starts with a split character (no word to look up): the caller then tests every row.
 */
function rowsWithWordPrefix(
  postings: WordPostings,
  phrase: string,
  split: RegExp,
  into: Set<number> | null,
): number | null {
  const first = phrase.split(split)[0] ?? '';
  if (!first) return null;
  const { words } = postings;
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((words[mid] as string) < first) lo = mid + 1;
    else hi = mid;
  }
  let listed = 0;
  for (let i = lo; i < words.length && (words[i] as string).startsWith(first); i++) {
    const rows = postings.rows[i] as Int32Array;
    listed += rows.length;
    if (into) for (const row of rows) into.add(row);
  }
  return listed;
}

/**
 * Adds to `into` (when given) the rows where `word` can start a word of the name, the principles,
 * the description or the search words (their word lists); returns how many the lists hold, null
 * when the word cannot be looked up (every row must then be tested).
 */
function rowsWithWordAnywhere(locale: LocaleDocs, word: string, into: Set<number> | null): number | null {
  const letters = autocompleteTests(word).descriptionPhrase;
  let listed = 0;
  for (const [postings, text, split] of [
    [locale.names, word, NAME_SPLIT],
    [locale.principles, word, SPACE_SPLIT],
    [locale.descriptions, letters, SPACE_SPLIT],
    [locale.words, letters, SPACE_SPLIT],
  ] as const) {
    const n = rowsWithWordPrefix(postings, text, split, into);
    if (n === null) return null;
    listed += n;
  }
  return listed;
}

/** Whether `doc` is visible to `viewer` (viewer.ts `visibleTo`). */
function visible(doc: AutocompleteDoc, viewer: Viewer): boolean {
  return visibleInMemory(doc.hidden, doc.groups, viewer);
}

/**
 * The tests of the autocomplete's tiers on one row, for a folded `phrase` (autocomplete.ts):
 * the name starts with it; an active principle starts with it; the name has it after a space, "(",
 * "/" or "-", or the description (letters and digits, `descriptionPhrase`) starts with it or has it
 * after a space; the row's search words (its own, its species labels, its categories'; letters
 * and digits) start with `descriptionPhrase` or have it after a space.
 */
export function autocompleteTests(phrase: string): {
  descriptionPhrase: string;
  nameStart: (d: AutocompleteDoc) => boolean;
  principle: (d: AutocompleteDoc) => boolean;
  other: (d: AutocompleteDoc) => boolean;
  searchWord: (d: AutocompleteDoc) => boolean;
} {
  const descriptionPhrase = phrase.replace(/[^\p{L}\p{N}]+/gu, ' ').trim() || phrase;
  const inWord = ` ${phrase}`;
  const afterPunct = [`(${phrase}`, `/${phrase}`, `-${phrase}`];
  const descriptionWord = ` ${descriptionPhrase}`;
  return {
    descriptionPhrase,
    nameStart: (d) => d.name.startsWith(phrase),
    principle: (d) => d.principles.startsWith(phrase) || d.principles.includes(inWord),
    other: (d) =>
      d.name.includes(inWord) ||
      afterPunct.some((p) => d.name.includes(p)) ||
      d.description.startsWith(descriptionPhrase) ||
      d.description.includes(descriptionWord),
    searchWord: (d) => d.words.startsWith(descriptionPhrase) || d.words.includes(descriptionWord),
  };
}

/**
 * The autocomplete's product ids for `phrase` (folded, trimmed, non-empty) among `locale`'s rows,
 * at most `size`: the same ids in the same order as the statements of autocomplete.ts. Tier 1:
 * rows whose name starts with the phrase (base 60, +20 with a principle match), then, when they do
 * not fill the list, principle-only rows (base 20); within a base, rows that also match elsewhere
 * (+10) first, then name order. Tier 2: rows matching elsewhere only, in name order. Tier 3: rows
 * where each word of the phrase starts a word of the name, principles, description or search
 * words, and no earlier tier matched ("vlooien": the flea products by their search words;
 * "metacam chien"): those where each word before the last is a word of theirs first
 * (`completeWords`), then most ordered first, then name order. For a phrase of two words or more
 * whose last has three letters or more (`wholeWordsFirst`), the rows of tiers 2 and 3 holding every
 * word of the phrase, the last too, as a word of theirs (`wordPatterns`: "vaccine cat" → the cats'
 * vaccines) come first, tier 2's then tier 3's, then the others ("vaccine cattle…")
 * (docs/decisions/autocomplete-index.md, "The last word whole first").
 */
export function autocompleteIdsFrom(
  locale: LocaleDocs,
  phrase: string,
  size: number,
  viewer: Viewer,
): number[] {
  const shown = (d: AutocompleteDoc): boolean => visible(d, viewer);
  const first = nameTiers(locale, phrase, size, shown);
  const words = phraseWords(phrase);
  const whole = wholeWordsFirst(words) ? wordTesters(words) : null;
  return laterTiers(locale, phrase, words, size, shown, first, (d) => whole === null || holdsAll(d, whole));
}

/** Fewest letters or digits of a phrase's last word for {@link wholeWordsFirst}: "cat", "dog", "kat", "big". */
const WHOLE_LAST_WORD = 3;

/**
 * Whether the rows holding every word of a phrase (`phraseWords`) as a word of theirs come first
 * in tiers 2 and 3: for two words or more whose last is long enough to be a word ("vaccine cat",
 * not "vaccine c" nor "vaccine ca", where every completion is still open).
 */
export function wholeWordsFirst(words: readonly string[]): boolean {
  return words.length >= 2 && (words[words.length - 1] as string).length >= WHOLE_LAST_WORD;
}

/** Each of `words` with its `wordPatterns` regular expression. */
function wordTesters(words: readonly string[]): Array<{ word: string; re: RegExp }> {
  const patterns = wordPatterns(words);
  return words.map((word, i) => ({ word, re: new RegExp(patterns[i] as string) }));
}

/**
 * Whether each of `testers` matches the name, the principles, the description or the search words
 * of `d` (a text is searched for the word before the regular expression runs on it: most rows do
 * not hold it).
 */
function holdsAll(d: AutocompleteDoc, testers: ReadonlyArray<{ word: string; re: RegExp }>): boolean {
  const holds = (text: string, word: string, re: RegExp): boolean => text.includes(word) && re.test(text);
  return testers.every(
    ({ word, re }) =>
      holds(d.name, word, re) ||
      holds(d.principles, word, re) ||
      holds(d.description, word, re) ||
      holds(d.words, word, re),
  );
}

/**
 * Tiers 2 and 3 of {@link autocompleteIdsFrom} among the rows `shown`, appended to the ids `out`
 * of the tiers before (a new list of at most `size`): those of each tier that are `whole` first,
 * then the others of each tier. Rows are walked once for both: the walk of tier 2 stops when its
 * whole rows fill the list.
 */
function laterTiers(
  locale: LocaleDocs,
  phrase: string,
  words: readonly string[],
  size: number,
  shown: (d: AutocompleteDoc) => boolean,
  out: readonly number[],
  whole: (d: AutocompleteDoc) => boolean,
): number[] {
  const room = size - out.length;
  if (room <= 0) return [...out];
  const texts = textTier(locale, phrase, room, shown, whole);
  const done = (tier3: { whole: number[]; rest: number[] }): number[] =>
    [...out, ...texts.whole, ...tier3.whole, ...texts.rest, ...tier3.rest].slice(0, size);
  // Tier 3 when tier 2's whole rows leave room: its whole rows come before tier 2's others.
  if (texts.whole.length >= room || words.length === 0) return done({ whole: [], rest: [] });
  const { nameStart, principle, other } = autocompleteTests(phrase);
  const wordTests = words.map((word) => {
    const t = autocompleteTests(word);
    return (d: AutocompleteDoc) => t.nameStart(d) || t.principle(d) || t.other(d) || t.searchWord(d);
  });
  // Candidates: the rows of the word the word lists give the fewest rows for ("metacam" rather
  // than "chi"); every row when no word can be looked up.
  let rarest: string | null = null;
  let fewest = Infinity;
  for (const word of words) {
    const listed = rowsWithWordAnywhere(locale, word, null);
    if (listed !== null && listed < fewest) [rarest, fewest] = [word, listed];
  }
  const rows = new Set<number>();
  if (rarest !== null) rowsWithWordAnywhere(locale, rarest, rows);
  const { docs } = locale;
  const tier3 = (rarest !== null ? [...rows] : docs.map((_, i) => i)).filter((i) => {
    const d = docs[i] as AutocompleteDoc;
    return wordTests.every((test) => test(d)) && !nameStart(d) && !principle(d) && !other(d) && shown(d);
  });
  // The rows where each word before the last is a word of theirs come first ("fer porcelet": the
  // iron before the fertility products, whose "fertilité" only starts with "fer").
  const before = wordTesters(words.slice(0, -1));
  const ranks = new Map(tier3.map((i) => [i, holdsAll(docs[i] as AutocompleteDoc, before) ? 0 : 1]));
  tier3.sort(
    (a, b) =>
      (ranks.get(a) ?? 1) - (ranks.get(b) ?? 1) ||
      (docs[b] as AutocompleteDoc).popularity - (docs[a] as AutocompleteDoc).popularity ||
      a - b,
  );
  const ids = { whole: [] as number[], rest: [] as number[] };
  for (const i of tier3) {
    const d = docs[i] as AutocompleteDoc;
    (whole(d) ? ids.whole : ids.rest).push(d.id);
  }
  return done(ids);
}

/**
 * Letters or digits a word of a text may have after a typed word and still be that word: an
 * inflection ("puce" → "puces", "hond" → "honden"), not another word ("fer" → "fertilite").
 */
const INFLECTION = 2;

/**
 * For each of `words` (`phraseWords`), the pattern of a text holding it as a word, or with at most
 * INFLECTION more letters or digits ("cat" → "cats", not "cattle") — as a JavaScript and a
 * PostgreSQL regular expression alike (ASCII classes only; the words are letters and digits, with
 * a decimal mark between digits, escaped).
 */
export function wordPatterns(words: readonly string[]): string[] {
  return words.map(
    (word) => `(^|[^a-z0-9])${word.replace(/\./g, '\\.')}[a-z0-9]{0,${INFLECTION}}([^a-z0-9]|$)`,
  );
}

/**
 * For each word of a tier-3 phrase before its last (the last is still being typed), its
 * `wordPatterns` pattern. Rows that match them all rank first in tier 3.
 */
export function completeWords(words: readonly string[]): string[] {
  return wordPatterns(words.slice(0, -1));
}

/**
 * The words of a folded phrase for the autocomplete's tier 3: runs of letters and digits, a "." or
 * "," between two digits kept inside ("0,05", "1.5": a strength is one word, as a name writes it
 * after a space), split at every other character, as the search page splits a query ("anti-douleur
 * chien" → "anti", "douleur", "chien": the search words write "anti-inflammatoire antidouleur …
 * douleur"). Empty for a phrase of punctuation only ("("), which tier 3 then does not answer.
 */
export function phraseWords(phrase: string): string[] {
  return phrase.match(/[\p{L}\p{N}]+(?:(?<=\p{N})[.,](?=\p{N})[\p{L}\p{N}]+)*/gu) ?? [];
}

/** Tier 1 of {@link autocompleteIdsFrom}: the names that start with the phrase, then the principles. */
function nameTiers(
  locale: LocaleDocs,
  phrase: string,
  size: number,
  shown: (d: AutocompleteDoc) => boolean,
): number[] {
  const { nameStart, principle, other } = autocompleteTests(phrase);
  const { docs } = locale;
  // The name starts: a range of the name order, found by binary search.
  let lo = 0;
  let hi = docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareCodePoints((docs[mid] as AutocompleteDoc).name, phrase) < 0) lo = mid + 1;
    else hi = mid;
  }
  const levels: AutocompleteDoc[][] = [[], [], []]; // bases 80, 60, 20
  let named = 0;
  for (let i = lo; i < docs.length; i++) {
    const d = docs[i] as AutocompleteDoc;
    if (!nameStart(d)) break;
    if (!shown(d)) continue;
    (principle(d) ? levels[0] : levels[1])?.push(d);
    named += 1;
  }
  if (named < size) {
    // Principle-only rows: those with a principle word that starts like the phrase, in name order.
    const rows = new Set<number>();
    const looked = rowsWithWordPrefix(locale.principles, phrase, SPACE_SPLIT, rows) !== null;
    const candidates = looked ? [...rows].sort((a, b) => a - b).map((i) => docs[i] as AutocompleteDoc) : docs;
    for (const d of candidates) if (principle(d) && !nameStart(d) && shown(d)) levels[2]?.push(d);
  }
  const out: number[] = [];
  for (const level of levels) {
    const room = size - out.length;
    if (room <= 0) break;
    const first: number[] = [];
    const rest: number[] = [];
    for (const d of level) (other(d) ? first : rest).push(d.id);
    out.push(...[...first, ...rest].slice(0, room));
  }
  return out;
}

/**
 * Tier 2 of {@link autocompleteIdsFrom} among the rows `shown`: the names and descriptions that
 * hold the phrase elsewhere, in name order, at most `room` of them `whole` and `room` others; the
 * walk stops when the whole ones fill `room`. The rows are those of the word lists when they hold
 * fewer than TIER2_WINDOW, else the first TIER2_WINDOW names and then the lists' rows beyond them
 * (docs/decisions/autocomplete-index.md, "The last word whole first").
 */
function textTier(
  locale: LocaleDocs,
  phrase: string,
  room: number,
  shown: (d: AutocompleteDoc) => boolean,
  whole: (d: AutocompleteDoc) => boolean,
): { whole: number[]; rest: number[] } {
  const { descriptionPhrase, nameStart, principle, other } = autocompleteTests(phrase);
  const { docs } = locale;
  const found = { whole: [] as number[], rest: [] as number[] };
  const take = (d: AutocompleteDoc): void => {
    if (!other(d) || nameStart(d) || principle(d) || !shown(d)) return;
    if (whole(d)) found.whole.push(d.id);
    else if (found.rest.length < room) found.rest.push(d.id);
  };
  // A rare word is looked up in the word lists of the names and descriptions, and its rows tested
  // in name order; a common one is met within the first names, tested one by one, before the
  // rows of its lists beyond them. The lists hold every row where the phrase starts a word.
  const listed = (into: Set<number> | null): number | null => {
    const names = rowsWithWordPrefix(locale.names, phrase, NAME_SPLIT, into);
    const descriptions = rowsWithWordPrefix(locale.descriptions, descriptionPhrase, SPACE_SPLIT, into);
    return names === null || descriptions === null ? null : names + descriptions;
  };
  const count = listed(null);
  const window = count !== null && count < TIER2_WINDOW ? 0 : Math.min(TIER2_WINDOW, docs.length);
  for (let i = 0; i < window; i++) {
    take(docs[i] as AutocompleteDoc);
    if (found.whole.length >= room) return found;
  }
  if (docs.length <= window) return found;
  const matching = new Set<number>();
  const rows =
    count !== null && listed(matching) !== null ? [...matching].sort((a, b) => a - b) : docs.map((_, i) => i);
  for (const i of rows) {
    if (found.whole.length >= room) break;
    if (i >= window) take(docs[i] as AutocompleteDoc);
  }
  return found;
}

/**
 * Reads the search rows of `db` into an index labelled with the search documents version read
 * first: a change committed meanwhile is in the rows but not in the label, so the next request
 * sees a newer version and loads again; the rows are never older than their label.
 * Errors: the database's; null when the version row is missing.
 */
export async function loadAutocompleteIndex(db: Db): Promise<AutocompleteIndex | null> {
  const versions = await readVersions(db);
  if (!versions) return null;
  const result = await db.execute<{
    locale: Locale;
    product_id: number;
    name_norm: string;
    principles_norm: string;
    description_norm: string;
    words_norm: string;
    not_sold_on_website: boolean;
    vet_group_ids: number[];
    facet_terms: string[] | null;
    in_stock: boolean;
    popularity: number;
  }>(sql`
    SELECT locale, product_id, name_norm, principles_norm, description_norm, words_norm, not_sold_on_website, vet_group_ids,
           facet_terms, in_stock, popularity
    FROM search_documents ORDER BY locale, name_norm COLLATE "C", product_id`);
  const docsOf = new Map<Locale, AutocompleteDoc[]>();
  const facetSources = new Map<Locale, FacetTermSource[]>();
  for (const r of result.rows) {
    let docs = docsOf.get(r.locale);
    if (!docs) docsOf.set(r.locale, (docs = []));
    let facets = facetSources.get(r.locale);
    if (!facets) facetSources.set(r.locale, (facets = []));
    const groups = r.vet_group_ids?.length ? r.vet_group_ids.map(Number) : NO_GROUPS;
    facets.push({
      id: Number(r.product_id),
      facetTerms: r.facet_terms ?? [],
      inStock: r.in_stock,
      hidden: r.not_sold_on_website,
      groups,
      popularity: Number(r.popularity),
    });
    docs.push({
      id: Number(r.product_id),
      name: r.name_norm,
      principles: r.principles_norm,
      description: r.description_norm,
      words: r.words_norm,
      popularity: Number(r.popularity),
      hidden: r.not_sold_on_website,
      groups,
    });
  }
  const locales = new Map<Locale, LocaleDocs>();
  for (const [locale, docs] of docsOf)
    locales.set(locale, {
      docs,
      names: wordPostings(
        docs.map((d) => d.name),
        NAME_SPLIT,
      ),
      principles: wordPostings(
        docs.map((d) => d.principles),
        SPACE_SPLIT,
      ),
      descriptions: wordPostings(
        docs.map((d) => d.description),
        SPACE_SPLIT,
      ),
      words: wordPostings(
        docs.map((d) => d.words),
        SPACE_SPLIT,
      ),
      facets: facetTermRowsOf(facetSources.get(locale) ?? []),
    });
  return { version: versions.search, locales };
}

interface State {
  index: AutocompleteIndex | null;
  loading: Promise<void> | null;
  lastLoad: number;
}

const states = new WeakMap<object, State>();

function stateOf(db: object): State {
  let state = states.get(db);
  if (!state) states.set(db, (state = { index: null, loading: null, lastLoad: -Infinity }));
  return state;
}

/**
 * The index of `db` when it holds search documents `version`, else null; then starts a load in the
 * background unless one runs or one started less than {@link AUTOCOMPLETE_INDEX_RELOAD_MS} ago
 * (`now`: ms, for tests). A failed load leaves the last index and is retried after that delay.
 */
export function autocompleteIndexAt(db: Db, version: string, now = Date.now()): AutocompleteIndex | null {
  const state = stateOf(db);
  if (state.index?.version === version) return state.index;
  if (!state.loading && now - state.lastLoad >= AUTOCOMPLETE_INDEX_RELOAD_MS) {
    state.lastLoad = now;
    state.loading = loadAutocompleteIndex(db)
      .then((index) => {
        if (index) state.index = index;
      })
      .catch(() => undefined)
      .finally(() => {
        state.loading = null;
      });
  }
  return null;
}

/**
 * Starts loading the rows of `db` at the api's start, so that the first autocompletes need not
 * ask the database (a failure is retried by the next autocomplete after the reload delay).
 */
export function startAutocompleteIndexLoad(db: Db): void {
  autocompleteIndexAt(db, '', Date.now());
}

/** Waits for the load in progress of `db`, if any (tests, and a start that wants it ready). */
export async function autocompleteIndexLoaded(db: Db): Promise<void> {
  await stateOf(db).loading;
}
