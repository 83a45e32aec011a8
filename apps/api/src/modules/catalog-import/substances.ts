/**
 * Active substances as filter values (docs/decisions/substance-facet.md): the sources write one
 * substance in French (ANMV: "Acétate de dexaméthasone", "Ivermectine") or in English (UK VMD,
 * EMA: "Dexamethasone Sodium Phosphate", "Ivermectin"), with or without its salt or hydrate. The
 * `active_principle` facet counts one key per substance — the matching key of the merge
 * (`substanceKey`: accents folded, salt and hydrate words and a final "e" dropped) — and shows it
 * with a label per locale taken from the sources' own wordings. The product page keeps each
 * product's wording: it is the composition as authorised.
 */
import { foldAccents, type Locale } from '@vetshop/domain';
import { substanceKey } from './sources.ts';
import type { SubstanceName } from './vocabulary.ts';

/**
 * The filter key of a source wording: its `substanceKey`, or, when that is empty (a wording made
 * only of salt words: "Sodium Chloride", "Calcium"), its folded words in order of the alphabet, so
 * that two such minerals stay apart. Applied to a key it gives the key back.
 */
export function substanceFacetKey(wording: string): string {
  const key = substanceKey(wording);
  if (key !== '') return key;
  return foldAccents(wording)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort()
    .join(' ');
}

/** The language the labels of each locale are taken from: Dutch from English (no Dutch source). */
const LABEL_LANGUAGE: Record<Locale, 'fr' | 'en'> = { fr: 'fr', nl: 'en', en: 'en' };

/** One product's active substances as its source wrote them, and that source's language. */
export interface SubstanceUse {
  activePrinciples: readonly string[];
  sourceLocale: string;
}

/** The substance rows of a catalogue: each wording's key, and each key's label per locale. */
export interface SubstanceVocabulary {
  terms: { wording: string; key: string }[];
  labels: { key: string; locale: Locale; label: string }[];
}

/**
 * Words of a wording that only name the crystal water of the substance ("Amoxicilline
 * trihydratée", "Magnesium Sulphate Heptahydrate"), folded: a filter value gathers the hydrates
 * and the anhydrous form alike, so its label leaves them out. A bare "hydrate" names a substance
 * ("Hydrate de chloral") and stays.
 */
const HYDRATE_WORD =
  /^(mono|di|tri|tetra|penta|hexa|hepta|sesqui|hemi)hydrat(e|ee|es|ees|ed)?$|^anhydr(e|es|ous)$/;

/**
 * A source wording as a filter label: without its hydrate words (`HYDRATE_WORD`, a comma after
 * one too; one inside brackets stays: "Amoxicillin (as trihydrate)"); the wording itself when
 * nothing else would remain.
 */
export function substanceLabel(wording: string): string {
  const words = wording.split(/\s+/).filter((w) => !HYDRATE_WORD.test(foldAccents(w).replace(/[,;]+$/, '')));
  const label = words
    .join(' ')
    .replace(/[\s,;]+$/, '')
    .trim();
  return label || wording;
}

/** A vocabulary name as a label: its first letter a capital ("acide clavulanique"; Dutch "ijzer" → "IJzer"). */
function capitalised(name: string): string {
  return /^ij/.test(name) ? `IJ${name.slice(2)}` : name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The substance vocabulary of `products` (docs/decisions/substance-facet.md): every wording with
 * its key, and for every key a label per locale. A key that one of `names` names
 * (data/vocabulary/substance-names.csv: one of its names in a language has that key) reads that
 * row's name in the locale ("acid clavulanic": "Acide clavulanique", "Clavulaanzuur", "Clavulanic
 * acid"). Any other reads the shortest wording of that key in the locale's label language (French
 * for fr, English for nl and en), else the shortest of any; between two of a length the one more
 * products use, then the first in alphabetical order; without its hydrate words
 * (`substanceLabel`). So "dexamethason" reads "Dexaméthasone" in French and "Dexamethasone" in Dutch
 * and English, "amoxicillin" "Amoxicilline" on a French page whose only French wording is
 * "Amoxicilline trihydratée".
 */
export function substanceVocabulary(
  products: readonly SubstanceUse[],
  locales: readonly Locale[],
  names: readonly SubstanceName[] = [],
): SubstanceVocabulary {
  /** key → wording → {uses, languages}. */
  const byKey = new Map<string, Map<string, { uses: number; languages: Set<string> }>>();
  for (const p of products) {
    for (const wording of new Set(p.activePrinciples)) {
      if (wording.trim() === '') continue;
      const key = substanceFacetKey(wording);
      let wordings = byKey.get(key);
      if (!wordings) byKey.set(key, (wordings = new Map()));
      const seen = wordings.get(wording) ?? { uses: 0, languages: new Set<string>() };
      seen.uses += 1;
      seen.languages.add(p.sourceLocale === 'fr' ? 'fr' : 'en');
      wordings.set(wording, seen);
    }
  }
  const named = new Map<string, SubstanceName['names']>();
  for (const row of names)
    for (const name of [...row.names.en, ...row.names.fr, ...row.names.nl]) {
      const key = substanceFacetKey(name);
      if (!named.has(key)) named.set(key, row.names);
    }
  const terms: SubstanceVocabulary['terms'] = [];
  const labels: SubstanceVocabulary['labels'] = [];
  for (const [key, wordings] of byKey) {
    for (const wording of wordings.keys()) terms.push({ wording, key });
    const ranked = [...wordings].sort(
      ([a, x], [b, y]) => a.length - b.length || y.uses - x.uses || (a < b ? -1 : a > b ? 1 : 0),
    );
    const row = named.get(key);
    for (const locale of locales) {
      const name = row?.[locale][0];
      if (name !== undefined) {
        labels.push({ key, locale, label: capitalised(name) });
        continue;
      }
      const language = LABEL_LANGUAGE[locale];
      const label = (ranked.find(([, seen]) => seen.languages.has(language)) ?? ranked[0])?.[0];
      if (label !== undefined) labels.push({ key, locale, label: substanceLabel(label) });
    }
  }
  return { terms, labels };
}
