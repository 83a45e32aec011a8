/**
 * Text rules shared by api and web: url keys (slugs), accent folding and the SEO fallbacks of
 * docs/product/catalogue-and-search.md#product "Search-engine text" (meta description cut to 255 characters, docs/product/constants.md).
 */

/** Meta description limit (docs/product/constants.md#content-limits "Content limits"). */
export const META_DESCRIPTION_MAX = 255;

/**
 * Fold accents and lower-case: "Médicament Ç" → "medicament c"; the typographic apostrophes ’ and ‘
 * become the straight one, as PostgreSQL's unaccent folds the catalogue's names (search-index.ts
 * `fold`): a phone's keyboard types "d’intérieur" where a desk's types "d'intérieur".
 */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase();
}

/**
 * Units a strength or a pack is written in, folded. A number glued to one ("500mg", "15ml",
 * "2,5kg") is read as the number and the unit by the search — in queries and in its index
 * (apps/api/src/modules/catalog/search-query.ts `queryWords`, search-index.ts
 * `rebuildSearchIndex`) — and by the result cards' pack choice (`packForQuery`):
 * docs/decisions/search-ranking.md, "Strengths typed without a space; packs and ATCvet codes in the
 * search row".
 */
export const GLUED_UNITS = [
  'mg',
  'g',
  'kg',
  'mcg',
  'ug',
  'ml',
  'dl',
  'cl',
  'l',
  'ui',
  'iu',
  'ie',
  'meq',
  'mmol',
  'cm',
  'mm',
];

const GLUED_UNIT = new RegExp(`(\\p{N})(${GLUED_UNITS.join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** `text` with a space between a number and a unit of {@link GLUED_UNITS} glued to it ("500mg" → "500 mg"). */
export function splitUnits(text: string): string {
  return text.replace(GLUED_UNIT, '$1 $2');
}

const SPACED_UNIT = new RegExp(`(\\p{N}) (${GLUED_UNITS.join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** `text` with a unit of {@link GLUED_UNITS} glued to the number before it ("500 mg" → "500mg"): `splitUnits` the other way. */
export function joinUnits(text: string): string {
  return text.replace(SPACED_UNIT, '$1$2');
}

/** The search's words of a text: accents and case folded, units apart from their numbers, letters and digits only. */
export function searchWords(text: string): string[] {
  return splitUnits(foldAccents(text)).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The terms of a text for `packForQuery`: its search words, and each number with the unit that
 * follows it as one more term ("100 ml"), so that a strength ("100 mg/ml") and a pack ("100 ml")
 * that share a number are told apart.
 */
function packTerms(text: string): Set<string> {
  const words = searchWords(text);
  const terms = new Set(words);
  words.forEach((w, i) => {
    const next = words[i + 1];
    if (next !== undefined && /^\p{N}+$/u.test(w) && GLUED_UNITS.includes(next)) terms.add(`${w} ${next}`);
  });
  return terms;
}

/**
 * The pack a result card shows first for a search `q` (docs/decisions/variant-choice.md, "The pack
 * the search asked for"): the variant whose name holds the most of the query's terms that the
 * product's name does not (`packTerms`: "metacam 100 ml" on "Metacam 20 mg/ml…" asks "100" and
 * "100 ml"; "enroxil 100 ml" on "Enroxil Max 100 mg/ml" asks "100 ml"), or null — the main pack —
 * when no variant holds more of them than the main one does. Ties go to the first variant in the
 * given order. Words as the search reads them (`searchWords`), whole words only.
 */
export function packForQuery(
  q: string | null | undefined,
  productName: string,
  variants: readonly { id: number; name: string; main: boolean }[],
): number | null {
  if (!q || variants.length < 2) return null;
  const inName = packTerms(productName);
  const asked = [...packTerms(q)].filter((t) => !inName.has(t));
  if (asked.length === 0) return null;
  const score = (name: string): number => {
    const terms = packTerms(name);
    return asked.filter((t) => terms.has(t)).length;
  };
  const main = variants.find((v) => v.main) ?? variants[0]!;
  let best = { id: main.id, score: score(main.name) };
  for (const v of variants) {
    const s = score(v.name);
    if (s > best.score) best = { id: v.id, score: s };
  }
  return best.id === main.id ? null : best.id;
}

/** A url key: folded, non-alphanumerics collapsed to "-", trimmed of dashes, at most 120 characters. */
export function toUrlKey(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/g, '');
}

/** Remove HTML tags and decode the few entities the sources use; collapse white space. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** SEO title: the SEO title when present, else the name (docs/product/catalogue-and-search.md#search-engine-text). */
export function seoTitle(seo: string | null | undefined, name: string): string {
  return seo && seo.trim() ? seo.trim() : name;
}

/**
 * Meta description (docs/product/catalogue-and-search.md#product): the given one when present, else built from title, short description
 * and description, tags stripped, joined by " - ", cut to 255 characters (on a word when possible).
 */
export function metaDescription(
  given: string | null | undefined,
  parts: { title: string; shortDescription?: string | null; description?: string | null },
): string {
  const source =
    given && given.trim()
      ? stripTags(given)
      : [parts.title, parts.shortDescription, parts.description]
          .map((p) => (p ? stripTags(p) : ''))
          .filter(Boolean)
          .join(' - ');
  if (source.length <= META_DESCRIPTION_MAX) return source;
  const cut = source.slice(0, META_DESCRIPTION_MAX);
  const space = cut.lastIndexOf(' ');
  return space > META_DESCRIPTION_MAX * 0.6 ? cut.slice(0, space) : cut;
}

/**
 * French typography for a text the shop prints in French (web messages, mails, PDFs): the space
 * written before `:` becomes a no-break space (U+00A0), the one before `;`, `!`, `?` and `%` a narrow
 * no-break space (U+202F, as Intl prints before `%`), and the spaces inside « » no-break spaces, so
 * a line never starts with the punctuation ("Total :" does not break before its colon on a phone).
 * Only spaces that are there are changed: "Total:" stays as written. The elision's apostrophe
 * between two letters is the typographic one (U+2019: "l’adresse", not "l'adresse"), so that every
 * French text of the shop writes it one way. Idempotent.
 * docs/decisions/french-typography.md.
 */
export function frenchTypography(text: string): string {
  return text
    .replace(/(?<=\p{L})'(?=\p{L})/gu, '\u2019')
    .replace(/ +:/g, '\u00a0:')
    .replace(/ +([;!?%])/g, '\u202f$1')
    .replace(/« +/g, '«\u00a0')
    .replace(/ +»/g, '\u00a0»');
}

/** The colon after a label, as `frenchTypography` writes it: "Total\u00a0:" in French, "Total:" in Dutch and English. */
export function labelColon(locale: string): string {
  return locale === 'fr' ? '\u00a0:' : ':';
}
