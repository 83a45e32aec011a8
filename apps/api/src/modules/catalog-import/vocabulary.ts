/**
 * Controlled vocabulary of pharmaceutical forms and administration routes (EDQM Standard Terms,
 * data/vocabulary/README.md) and the display names built from it
 * (docs/decisions/catalogue-vocabulary.md): every source form / route value maps onto a shop code
 * with fr/nl/en terms; values without a mapping are collected so that the import reports them.
 * Pure apart from reading the two CSV files once (cached per folder).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { foldAccents } from '@vetshop/domain';

/** The three catalogue languages. */
export type VocabLocale = 'fr' | 'nl' | 'en';
/** Localised strings. */
export type Terms = Record<VocabLocale, string>;

/** One vocabulary term (a form or a route). */
export interface VocabularyTerm {
  kind: 'form' | 'route';
  code: string;
  /** EDQM Standard Terms code (8 digits) when known, else null. */
  edqmCode: string | null;
  labels: Terms;
  /** Route codes a form implies (empty for routes and for forms that do not tell). */
  routes: string[];
}

/** The loaded vocabulary. */
export interface Vocabulary {
  terms: Map<string, VocabularyTerm>;
  /** `${source}|${field}|${folded value}` → code. */
  sourceTerms: Map<string, string>;
  /** EMA product number → species codes entered by hand (data/vocabulary/species-supplement.csv). */
  speciesSupplement: Map<string, string[]>;
  /** data/vocabulary/substance-names.csv: substances whose French or Dutch name is not the English one with or without an "e". */
  substanceNames: SubstanceName[];
}

/** A substance's names per language (the first the name, the others synonyms), and their folded forms it is matched by. */
export interface SubstanceName {
  names: { fr: string[]; nl: string[]; en: string[] };
  match: string[];
}

/**
 * The names in fr, nl and en of the substances of `principles` (as the sources write them) that
 * data/vocabulary/substance-names.csv lists: a row applies when one of its names, folded, is whole
 * words of a folded principle ("Iron dextran" → fer, ijzer, iron; "Fer (sous forme de…)" alike).
 * For a medicine's search words (categories.ts `medicineSearchWords`): a Dutch practice types
 * "ijzer", "jodium", "clavulaanzuur", where every source writes English or French.
 */
export function substanceNamesOf(
  principles: readonly string[],
  vocab: Vocabulary = loadVocabulary(),
): Array<SubstanceName['names']> {
  const texts = principles.map((p) => ` ${foldedWords(p)} `);
  return vocab.substanceNames
    .filter((s) => s.match.some((m) => texts.some((t) => t.includes(` ${m} `))))
    .map((s) => s.names);
}

/** A source value without a vocabulary code, with how often the import met it. */
export interface UnmappedValue {
  source: string;
  field: string;
  value: string;
  count: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Default folder of the vocabulary files: <repo>/data/vocabulary. */
export const DEFAULT_VOCABULARY_DIR = path.resolve(here, '../../../../../data/vocabulary');

const cache = new Map<string, Vocabulary>();

function csvRows(file: string): Record<string, string>[] {
  const text = readFileSync(file, 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  return parsed.data;
}

const key = (source: string, field: string, value: string): string =>
  `${source}|${field}|${foldAccents(value).replace(/\s+/g, ' ').trim()}`;

/** The `;`-separated values of a vocabulary cell, trimmed, empty ones left out. */
function listCell(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A text's folded words (accents and case folded) joined by one space: "Acide clavulanique" → "acide clavulanique". */
function foldedWords(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The vocabulary of `dir` (default data/vocabulary), read once.
 * Errors: throws when a file is missing or a term row lacks its code or one of its three terms.
 */
export function loadVocabulary(dir: string = DEFAULT_VOCABULARY_DIR): Vocabulary {
  const cached = cache.get(dir);
  if (cached) return cached;
  const terms = new Map<string, VocabularyTerm>();
  for (const r of csvRows(path.join(dir, 'edqm-standard-terms.csv'))) {
    const code = (r.code ?? '').trim();
    const kind = r.kind === 'route' ? 'route' : 'form';
    const labels = { fr: (r.fr ?? '').trim(), nl: (r.nl ?? '').trim(), en: (r.en ?? '').trim() };
    if (!code || !labels.fr || !labels.nl || !labels.en)
      throw new Error(`vocabulary term without code or label: ${JSON.stringify(r)}`);
    terms.set(code, {
      kind,
      code,
      edqmCode: (r.edqm_code ?? '').trim() || null,
      labels,
      routes: (r.routes ?? '')
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
    });
  }
  const sourceTerms = new Map<string, string>();
  for (const r of csvRows(path.join(dir, 'source-terms.csv'))) {
    const code = (r.code ?? '').trim();
    if (code) sourceTerms.set(key(r.source ?? '', r.field ?? '', r.value ?? ''), code);
  }
  const speciesSupplement = new Map<string, string[]>();
  for (const r of csvRows(path.join(dir, 'species-supplement.csv'))) {
    const species = listCell(r.species);
    if (r.ema_number && species.length) speciesSupplement.set(r.ema_number.trim(), species.sort());
  }
  const substanceNames: SubstanceName[] = [];
  for (const r of csvRows(path.join(dir, 'substance-names.csv'))) {
    const names = { fr: listCell(r.fr), nl: listCell(r.nl), en: listCell(r.en) };
    if (!names.fr.length || !names.nl.length || !names.en.length)
      throw new Error(`substance name without its three languages: ${JSON.stringify(r)}`);
    substanceNames.push({
      names,
      match: [...names.en, ...names.fr, ...names.nl].map(foldedWords),
    });
  }
  const vocab = { terms, sourceTerms, speciesSupplement, substanceNames };
  cache.set(dir, vocab);
  return vocab;
}

/** Collects source values without a code (one entry per source, field and value). */
export class UnmappedCollector {
  private readonly seen = new Map<string, UnmappedValue>();

  /** Counts one occurrence of an unmapped value. */
  add(source: string, field: string, value: string): void {
    const k = `${source}|${field}|${value}`;
    const e = this.seen.get(k);
    if (e) e.count++;
    else this.seen.set(k, { source, field, value, count: 1 });
  }

  /** The unmapped values, sorted by source, field, value. */
  list(): UnmappedValue[] {
    return [...this.seen.values()].sort((a, b) =>
      `${a.source}|${a.field}|${a.value}`.localeCompare(`${b.source}|${b.field}|${b.value}`),
    );
  }
}

/**
 * Code of a source value (form or route) or null; an unknown non-empty value is counted in
 * `unmapped` when given.
 */
export function sourceTermCode(
  vocab: Vocabulary,
  source: string,
  field: string,
  value: string | null,
  unmapped?: UnmappedCollector,
): string | null {
  if (!value || !value.trim()) return null;
  const code = vocab.sourceTerms.get(key(source, field, value)) ?? null;
  if (!code && unmapped) unmapped.add(source, field, value.trim());
  return code;
}

/** The term of a form or route code in `locale`; null for an unknown code. */
export function termLabel(code: string | null | undefined, locale: VocabLocale): string | null {
  if (!code) return null;
  return loadVocabulary().terms.get(code)?.labels[locale] ?? null;
}

// ------------------------------------------------------------------ display names

const CONNECTORS = new Set(
  'pour et de du des la le les a au aux en sans avec sur par for and of the with in or ou voor en'.split(' '),
);
const UNITS = new Map(
  [
    'mg',
    'g',
    'kg',
    'ml',
    'l',
    'mcg',
    'µg',
    'μg',
    'microgrammes',
    'microgramme',
    'micrograms',
    'mmol',
    'ppm',
    'dose',
    'doses',
  ].map((u) => [u, u]),
);
UNITS.set('ui', 'UI');
UNITS.set('iu', 'IU');

function casePart(part: string, first: boolean, afterNumber: boolean): string {
  if (!/\p{L}/u.test(part)) return part;
  const lower = part.toLowerCase();
  const unit = UNITS.get(lower);
  if (unit && (afterNumber || lower.length > 1)) return unit;
  if (/^\d/.test(part)) {
    const m = /^([\d.,]+)(\p{L}+)$/u.exec(part);
    const u = m ? UNITS.get((m[2] ?? '').toLowerCase()) : undefined;
    return m && u ? `${m[1]}${u}` : part;
  }
  if (/\d/.test(part)) return part; // D3, B12
  if (/^(\p{L}\.)+\p{L}?\.?$/u.test(part)) return part; // P.A., G.
  if (!first && CONNECTORS.has(foldAccents(lower))) return lower;
  const letters = part.replace(/[^\p{L}]/gu, '');
  if (letters.length <= 2) return part; // PA, CH, L, B
  if (!/[aeiouyàâäéèêëîïôöûüù]/i.test(letters)) return part; // CRD, TS
  return lower.replace(/\p{L}/u, (c) => c.toUpperCase());
}

/** True when a name is written in capitals (at least 4 letters, ≥ 80 % upper case). */
export function isShouting(name: string): boolean {
  const letters = name.replace(/[^\p{L}]/gu, '');
  if (letters.length < 4) return false;
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  return upper / letters.length >= 0.8;
}

/**
 * Title case of a name written in capitals ("CANIDIARIX 200 MG / 33 500 UI COMPRIMES POUR
 * CHIENS" → "Canidiarix 200 mg / 33 500 UI Comprimes pour Chiens"): units in lower case (UI/IU
 * upper), short or vowel-less abbreviations and dotted initials kept, linking words in lower
 * case. Names not in capitals are returned unchanged.
 */
export function titleCase(name: string): string {
  if (!isShouting(name)) return name;
  const tokens = name.trim().split(/(\s+)/);
  let wordIndex = 0;
  let prevNumeric = false;
  return tokens
    .map((tok) => {
      if (/^\s+$/.test(tok) || tok === '') return tok;
      const parts = tok.split(/([/\-+])/);
      let afterNum = prevNumeric;
      const out = parts
        .map((p) => {
          if (p === '/' || p === '-' || p === '+') {
            // "MG/ML": the part after a slash of a unit is a unit too
            return p;
          }
          const r = casePart(p, wordIndex === 0, afterNum);
          afterNum = /\d$/.test(p);
          return r;
        })
        .join('');
      prevNumeric = /\d[.,]?$/.test(tok) || /^\d/.test(tok);
      wordIndex++;
      return out;
    })
    .join('');
}

/** Plain species words of source names → the word in each language (names only). */
const SPECIES_WORDS: Record<string, Terms> = {
  dogs: { en: 'dogs', fr: 'chiens', nl: 'honden' },
  dog: { en: 'dogs', fr: 'chiens', nl: 'honden' },
  chiens: { en: 'dogs', fr: 'chiens', nl: 'honden' },
  chien: { en: 'dogs', fr: 'chiens', nl: 'honden' },
  cats: { en: 'cats', fr: 'chats', nl: 'katten' },
  cat: { en: 'cats', fr: 'chats', nl: 'katten' },
  chats: { en: 'cats', fr: 'chats', nl: 'katten' },
  cattle: { en: 'cattle', fr: 'bovins', nl: 'runderen' },
  bovins: { en: 'cattle', fr: 'bovins', nl: 'runderen' },
  calves: { en: 'calves', fr: 'veaux', nl: 'kalveren' },
  veaux: { en: 'calves', fr: 'veaux', nl: 'kalveren' },
  pigs: { en: 'pigs', fr: 'porcs', nl: 'varkens' },
  porcins: { en: 'pigs', fr: 'porcins', nl: 'varkens' },
  porcs: { en: 'pigs', fr: 'porcs', nl: 'varkens' },
  piglets: { en: 'piglets', fr: 'porcelets', nl: 'biggen' },
  sheep: { en: 'sheep', fr: 'moutons', nl: 'schapen' },
  ovins: { en: 'sheep', fr: 'ovins', nl: 'schapen' },
  moutons: { en: 'sheep', fr: 'moutons', nl: 'schapen' },
  lambs: { en: 'lambs', fr: 'agneaux', nl: 'lammeren' },
  goats: { en: 'goats', fr: 'chèvres', nl: 'geiten' },
  caprins: { en: 'goats', fr: 'caprins', nl: 'geiten' },
  chevres: { en: 'goats', fr: 'chèvres', nl: 'geiten' },
  horses: { en: 'horses', fr: 'chevaux', nl: 'paarden' },
  equins: { en: 'horses', fr: 'équins', nl: 'paarden' },
  chevaux: { en: 'horses', fr: 'chevaux', nl: 'paarden' },
  ponies: { en: 'ponies', fr: 'poneys', nl: "pony's" },
  rabbits: { en: 'rabbits', fr: 'lapins', nl: 'konijnen' },
  lapins: { en: 'rabbits', fr: 'lapins', nl: 'konijnen' },
  chickens: { en: 'chickens', fr: 'poulets', nl: 'kippen' },
  poules: { en: 'hens', fr: 'poules', nl: 'hennen' },
  turkeys: { en: 'turkeys', fr: 'dindes', nl: 'kalkoenen' },
  ducks: { en: 'ducks', fr: 'canards', nl: 'eenden' },
  volailles: { en: 'poultry', fr: 'volailles', nl: 'pluimvee' },
  poultry: { en: 'poultry', fr: 'volailles', nl: 'pluimvee' },
  ferrets: { en: 'ferrets', fr: 'furets', nl: 'fretten' },
  pigeons: { en: 'pigeons', fr: 'pigeons', nl: 'duiven' },
  salmon: { en: 'salmon', fr: 'saumons', nl: 'zalm' },
  horse: { en: 'horses', fr: 'chevaux', nl: 'paarden' },
  pig: { en: 'pigs', fr: 'porcs', nl: 'varkens' },
  swine: { en: 'pigs', fr: 'porcs', nl: 'varkens' },
  sows: { en: 'sows', fr: 'truies', nl: 'zeugen' },
  chicken: { en: 'chickens', fr: 'poulets', nl: 'kippen' },
  hens: { en: 'hens', fr: 'poules', nl: 'hennen' },
  cows: { en: 'cows', fr: 'vaches', nl: 'koeien' },
  heifers: { en: 'heifers', fr: 'génisses', nl: 'vaarzen' },
  goat: { en: 'goats', fr: 'chèvres', nl: 'geiten' },
  rabbit: { en: 'rabbits', fr: 'lapins', nl: 'konijnen' },
  ferret: { en: 'ferrets', fr: 'furets', nl: 'fretten' },
  ewes: { en: 'ewes', fr: 'brebis', nl: 'ooien' },
  pheasants: { en: 'pheasants', fr: 'faisans', nl: 'fazanten' },
  mares: { en: 'mares', fr: 'juments', nl: 'merries' },
  buffaloes: { en: 'buffaloes', fr: 'buffles', nl: 'buffels' },
  broilers: { en: 'broilers', fr: 'poulets de chair', nl: 'vleeskuikens' },
};

/**
 * Species named in several words in source names (folded, longest first), each read by
 * `speciesTail` as one species: "for Lactating Cows" → fr "pour vaches en lactation", nl "voor
 * lacterende koeien".
 */
const SPECIES_PHRASES: ReadonlyArray<[string, Terms]> = [
  [
    'dairy cows at drying-off',
    {
      en: 'dairy cows at drying-off',
      fr: 'vaches laitières au tarissement',
      nl: 'melkkoeien bij het droogzetten',
    },
  ],
  [
    'beef and dairy cattle',
    { en: 'beef and dairy cattle', fr: 'bovins à viande et laitiers', nl: 'vlees- en melkvee' },
  ],
  [
    'lactating dairy cows',
    { en: 'lactating dairy cows', fr: 'vaches laitières en lactation', nl: 'lacterende melkkoeien' },
  ],
  ['lactating cows', { en: 'lactating cows', fr: 'vaches en lactation', nl: 'lacterende koeien' }],
  ['dry cows', { en: 'dry cows', fr: 'vaches taries', nl: 'droogstaande koeien' }],
  ['dairy cows', { en: 'dairy cows', fr: 'vaches laitières', nl: 'melkkoeien' }],
  ['dairy cattle', { en: 'dairy cattle', fr: 'bovins laitiers', nl: 'melkvee' }],
  ['beef cattle', { en: 'beef cattle', fr: 'bovins à viande', nl: 'vleesvee' }],
  ['new born calves', { en: 'newborn calves', fr: 'veaux nouveau-nés', nl: 'pasgeboren kalveren' }],
  ['honey bees', { en: 'honey bees', fr: 'abeilles mellifères', nl: 'honingbijen' }],
  ['atlantic salmon', { en: 'Atlantic salmon', fr: 'saumons atlantiques', nl: 'Atlantische zalm' }],
  ['female goats', { en: 'female goats', fr: 'chèvres', nl: 'geiten' }],
  ['guinea fowls', { en: 'guinea fowls', fr: 'pintades', nl: 'parelhoenders' }],
];
const FOR: Terms = { en: 'for', fr: 'pour', nl: 'voor' };
const AND: Terms = { en: 'and', fr: 'et', nl: 'en' };

/** "for Cattle, Pigs and Horses" / "POUR BOVINS OVINS ET PORCINS" → species words; null if not only species. */
function speciesTail(tail: string): Terms[] | null {
  const t = foldAccents(tail).trim();
  if (t === '') return [];
  const m = /^(for|pour)\s+(.+)$/.exec(t);
  if (!m) return null;
  // A species named in several words becomes one word ("#3"), the index of its phrase.
  let list = m[2] ?? '';
  SPECIES_PHRASES.forEach(([phrase], i) => {
    list = list.replace(new RegExp(`(^|[\\s,])${phrase}(?=$|[\\s,])`, 'g'), `$1#${i}`);
  });
  const words = list
    .split(/\s*,\s*|\s+(?:and|et)\s+|\s+/)
    .map((w) => w.trim())
    // "Dogs, Cats, and Horses": the "and" after the last comma.
    .filter((w) => w && w !== 'and' && w !== 'et');
  const out: Terms[] = [];
  for (const w of words) {
    const s = w.startsWith('#') ? SPECIES_PHRASES[Number(w.slice(1))]?.[1] : SPECIES_WORDS[w];
    if (!s) return null;
    if (!out.includes(s)) out.push(s);
  }
  return out.length ? out : null;
}

function joinList(items: string[], locale: VocabLocale): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${AND[locale]} ${items[items.length - 1]}`;
}

/** Per-character accent folding that keeps string offsets ("é" → "e"). */
function foldKeepLength(s: string): string {
  return [...s]
    .map((c) => {
      const f = c
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      return f.length === 1 ? f : c.toLowerCase().slice(0, 1);
    })
    .join('');
}

/** Where the source's form wording sits in a name (words may be plural: "COMPRIMES PELLICULES"). */
function findForm(name: string, formValue: string): { start: number; end: number } | null {
  const words = foldAccents(formValue)
    .split(/[^a-z0-9-]+/)
    .filter(Boolean);
  if (!words.length) return null;
  const re = new RegExp(
    `(^|[^a-z])(${words.map((w) => `${w.replace(/[-]/g, '\\-')}s?`).join('[\\s,/]+')})(?=$|[^a-z])`,
  );
  const folded = foldKeepLength(name);
  const m = re.exec(folded);
  if (!m) return null;
  const start = m.index + (m[1] ?? '').length;
  return { start, end: start + (m[2] ?? '').length };
}

/**
 * Display names of a medicine in fr / nl / en (docs/decisions/catalogue-vocabulary.md): the
 * source name in title case when it is written in capitals; in the other languages, when the name
 * is "<brand and strength> <form wording> [for <species>]", the form and species are written in
 * the page's language from the vocabulary ("Metacam 20 mg/ml Solution for Injection for Cattle
 * and Pigs" → fr "Metacam 20 mg/ml, solution injectable pour bovins et porcs"); a name in
 * capitals is written that way in its own language too. Names that do not follow that pattern
 * keep their source wording (brands are not translated).
 */
export function displayNames(
  name: string,
  sourceLocale: 'fr' | 'en',
  formCode: string | null,
  formValue: string | null,
): Terms {
  const base = titleCase(name.trim());
  const out: Terms = { fr: base, nl: base, en: base };
  if (!formCode || !formValue) return out;
  const term = loadVocabulary().terms.get(formCode);
  const at = findForm(base, formValue);
  if (!term || !at) return out;
  const head = base
    .slice(0, at.start)
    .replace(/[\s,;:–-]+$/u, '')
    .trim();
  const species = speciesTail(base.slice(at.end).replace(/^[\s,]+/, ''));
  if (!head || species === null) return out;
  const keepSource = !isShouting(name);
  for (const loc of ['fr', 'nl', 'en'] as const) {
    // An official name already in mixed case stays as written in its own language.
    if (loc === sourceLocale && keepSource) continue;
    const form = term.labels[loc].charAt(0).toLowerCase() + term.labels[loc].slice(1);
    const forWho = species.length
      ? ` ${FOR[loc]} ${joinList(
          species.map((s) => s[loc]),
          loc,
        )}`
      : '';
    out[loc] = `${strengthIn(head, sourceLocale, loc)}, ${form}${forWho}`;
  }
  return out;
}

/** International units as each language abbreviates them. */
const INTERNATIONAL_UNITS: Terms = { fr: 'UI', nl: 'IE', en: 'IU' };

/**
 * The brand-and-strength part of a name written `from` a source language, for a display name in
 * `to` (docs/decisions/catalogue-vocabulary.md, "Names in the page's language"): the decimal mark
 * of `to` ("0.05 mg/ml" → fr, nl "0,05 mg/ml"; "0,008 mg" → en "0.008 mg"), an English name's
 * thousands grouped with a space in French and Dutch ("300,000 IU", "5.000 IU" → "300 000 IE",
 * "5 000 IE") and its abbreviation of international units ("33 500 UI" → en "33 500 IU", nl
 * "33 500 IE"). Only numbers and that abbreviation change: the brand stays as written.
 */
export function strengthIn(head: string, from: 'fr' | 'en', to: VocabLocale): string {
  if (from === to) return head;
  // Thousands in an English name: a comma before three digits ("300,000 IU"), or a point before
  // three digits and international units, as the UK register writes Equiparin ("5.000 IU/100 g",
  // 5000 IU). French and Dutch read "5,000" as five: written with a space, as the ANMV writes
  // "33 500 UI".
  const grouped =
    from === 'en'
      ? head.replace(/(\d),(?=\d{3}(?!\d))/g, '$1 ').replace(/(\d)\.(?=\d{3}\s?IU(?![\p{L}]))/gu, '$1 ')
      : head;
  const decimals =
    from === 'en'
      ? grouped.replace(/(\d)\.(?=\d)/g, '$1,')
      : to === 'en'
        ? head.replace(/(\d),(?=\d)/g, '$1.')
        : head;
  return decimals.replace(
    new RegExp(`(?<![\\p{L}])${INTERNATIONAL_UNITS[from]}(?![\\p{L}])`, 'gu'),
    INTERNATIONAL_UNITS[to],
  );
}

/**
 * Wire form of a product's stored presentation: a vocabulary form code gives `form` = the code
 * and `presentation` = its term in `locale`; any other value (free text of generated or staff
 * products) is passed through with `form` = null.
 */
export function presentationOf(
  stored: string | null,
  locale: VocabLocale,
): { form: string | null; presentation: string | null } {
  if (!stored) return { form: null, presentation: null };
  const term = loadVocabulary().terms.get(stored);
  return term?.kind === 'form'
    ? { form: term.code, presentation: term.labels[locale] }
    : { form: null, presentation: stored };
}

/** Form code → term, per language (search index: form words of the page's language). */
export function formTermsByLocale(): Record<VocabLocale, Record<string, string>> {
  const out: Record<VocabLocale, Record<string, string>> = { fr: {}, nl: {}, en: {} };
  for (const t of loadVocabulary().terms.values()) {
    if (t.kind !== 'form') continue;
    for (const loc of ['fr', 'nl', 'en'] as const) out[loc][t.code] = t.labels[loc];
  }
  return out;
}
