/**
 * Reading of the real catalogue files (data/catalogue, see its README for sources and licences)
 * into one neutral record shape per source row. Pure apart from reading the files: no database.
 *
 * Rows that cannot be used (missing name, wrong field count, unknown product of a presentation)
 * are returned as bad rows with their 1-based physical CSV line number and skipped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { foldAccents, stripTags } from '@vetshop/domain';
import {
  anmvRoute,
  formRoutes,
  groupFromAtc,
  groupFromText,
  speciesCodes,
  speciesInText,
  type SpeciesCode,
  type TherapeuticGroup,
} from './mapping.ts';
import {
  loadVocabulary,
  sourceTermCode,
  UnmappedCollector,
  type UnmappedValue,
  type Vocabulary,
} from './vocabulary.ts';

export type SourceName = 'uk_vmd' | 'anmv' | 'ema';

/** The file names of one catalogue snapshot (dated by their export). */
export const CATALOGUE_FILES = {
  uk: 'uk_vmd_medicines_2026-04-03.csv',
  anmvProducts: 'anmv_fr_produits_2024-12-10.csv',
  anmvPresentations: 'anmv_fr_presentations_2024-12-10.csv',
  ema: 'ema_epar_veterinary_2025-02-12.csv',
} as const;

/** A row that was skipped, with the reason (line = physical CSV line, header = line 1). */
export interface BadRow {
  file: string;
  line: number;
  reason: string;
}

/** A pack size of a real product (ANMV presentations). */
export interface SourcePresentation {
  ref: string;
  name: string;
  /** EAN-13 derived from the GTIN (leading zero of a GTIN-14 dropped); null when absent or invalid. */
  ean: string | null;
  gtin: string | null;
  units: number | null;
  /** Primary packaging as the source names it (`conditionnement_primaire`, e.g. "Flacon verre"); null when blank. */
  primaryPack: string | null;
  line: number;
}

/** One medicine of one source, mapped to codes. */
export interface SourceRecord {
  source: SourceName;
  /** Stable id inside the source (UK id, ANMV src_id, EMA product number). */
  ref: string;
  /** Stable product code ("vmd:<id>", "anmv:<src_id>", "ema:<number>"). */
  code: string;
  line: number;
  name: string;
  locale: 'fr' | 'en';
  ammCode: string | null;
  atcvet: string | null;
  legalCategory: string | null;
  therapeuticGroupText: string | null;
  group: TherapeuticGroup;
  principles: string[];
  species: SpeciesCode[];
  routes: string[];
  /** The source's own form wording (UK VMD / ANMV). */
  form: string | null;
  /** Vocabulary code of the form (data/vocabulary), null when the source has none or it is unmapped. */
  formCode: string | null;
  holder: string | null;
  leafletUrl: string | null;
  indication: string | null;
  presentations: SourcePresentation[];
  /** Fields filled from elsewhere than this row (apps/api/src/modules/catalog-import/enrich.ts), e.g. ["atcvet"]. */
  derived?: string[];
}

/** Counts per source (spec of the import report). */
export interface SourceCounts {
  read: number;
  imported: number;
  merged: number;
  skipped: number;
}

export interface ParsedSources {
  records: SourceRecord[];
  badRows: BadRow[];
  counts: Record<SourceName | 'anmv_presentations', SourceCounts>;
  /** sha256 input: the raw file contents, in a fixed order. */
  contents: string[];
  /** Source form / route values without a vocabulary code (reported by the import). */
  unmapped: UnmappedValue[];
}

interface CsvRow {
  line: number;
  values: Record<string, string>;
}

/** Parse a CSV text into rows keyed by header with physical line numbers; malformed rows → bad rows. */
export function parseCsv(text: string, file: string, badRows: BadRow[]): CsvRow[] {
  const newlines: number[] = [];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) newlines.push(i);
  const lineAt = (offset: number): number => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((newlines[mid] ?? Infinity) < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  let header: string[] | null = null;
  const rows: CsvRow[] = [];
  let start = 0;
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    step: (res) => {
      const cursor = res.meta.cursor;
      // Skip the line break that ends the previous row.
      let rowStart = start;
      while (text[rowStart] === '\n' || text[rowStart] === '\r') rowStart++;
      start = cursor;
      const values = res.data;
      if (values.length === 1 && values[0] === '') return;
      const line = lineAt(rowStart);
      if (!header) {
        header = values.map((h) => h.replace(/^\uFEFF/, '').trim());
        return;
      }
      if (res.errors.length > 0) {
        badRows.push({
          file,
          line,
          reason: `unparsable row: ${res.errors.map((e) => e.message).join('; ')}`,
        });
        return;
      }
      if (values.length !== header.length) {
        badRows.push({ file, line, reason: `expected ${header.length} fields, found ${values.length}` });
        return;
      }
      const record: Record<string, string> = {};
      header.forEach((h, i) => (record[h] = (values[i] ?? '').trim()));
      rows.push({ line, values: record });
    },
  });
  return rows;
}

const nonEmpty = (v: string | undefined): string | null => (v && v.trim() ? v.trim() : null);

/**
 * A name as one line: each run of white space (line breaks included) one space, trimmed; null when
 * empty. Six UK product names break a line inside a quoted cell ("…for Cattle and⏎Sheep"), which a
 * page ignores but a PDF, a CSV row, a mail subject or a page title would carry.
 */
const oneLine = (v: string | undefined): string | null => nonEmpty(v?.replace(/\s+/g, ' '));

/** Split a list on a separator, trimmed, without empties. */
function splitList(v: string | undefined, sep: RegExp | string): string[] {
  return (v ?? '')
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);
}

const STRENGTH =
  /\s+\d[\d.,]*\s*(?:mg|g|kg|µg|μg|ug|mcg|ml|l|ui|iu|u|%|unités?|unites?|ch|dh|log|ph|ppm|dl|dict?c?\d*|doses?|mmol|meq|copies|ufc|cfu|elisa)(?![\p{L}]).*$/iu;

/** "Ampicilline 100 mg" → "Ampicilline"; parentheses dropped; solvents removed by the caller. */
export function stripStrength(substance: string): string {
  return substance
    .replace(/\([^)]*\)/g, ' ')
    .replace(STRENGTH, '')
    .replace(/[\s,;:=]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const SALT_WORDS = new Set(
  (
    'sodium sodique sodiques potassium potassique calcium calcique magnesium hydrochloride chlorhydrate hydrochlorure ' +
    'sulfate sulphate monohydrate monohydratee monohydrated dihydrate dihydratee trihydrate trihydratee tetrahydrate ' +
    'tetrahydratee sesquihydrate anhydrous anhydre hydrogen hydrogeno fumarate hydrogenofumarate phosphate mesylate ' +
    'mesilate tartrate acetate maleate citrate lactate besilate bromide bromure chloride chlorure base de d du des as sous forme ' +
    'of the and et la le'
  ).split(' '),
);

/**
 * One folded word of a substance as the sources' languages share it: a word of more than 3
 * letters loses its final "e", so the French and Dutch INN meets the English one ("amoxicilline"
 * and "amoxicillin", "ketoprofene" and "ketoprofen", "dexamethasone" and Dutch "dexamethason").
 */
export function withoutFinalE(word: string): string {
  return word.length > 3 ? word.replace(/e$/, '') : word;
}

/** Matching key of one active substance, language-neutral enough for fr/en (salts dropped, final "e" dropped: `withoutFinalE`). */
export function substanceKey(substance: string): string {
  return foldAccents(stripStrength(substance))
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !SALT_WORDS.has(w))
    .map(withoutFinalE)
    .sort()
    .join(' ');
}

const FORM_WORDS = new Set(
  (
    'solution suspension emulsion injection injectable injectables oral orale buvable tablet tablets comprime comprimes ' +
    'pellicule pellicules enrobe enrobes secable secables chewable croquer paste pate gel powder poudre granules ' +
    'premix premelange medicamenteux medicated feeding feedingstuff feedingstuffs stuff drinking water eau boisson pour ' +
    'on spot spray intramammary intramammaire lyophilisate lyophilisat solvent solvant concentrate concentre infusion ' +
    'ointment pommade ophthalmic ophtalmique cream creme syrup sirop capsule capsules gelule gelules use in for and or ' +
    'with the of de du des et a au aux pour w v ml mg g kg l ui iu dose doses unit units vet veterinary veterinaire ' +
    'dogs dog cats cat cattle pigs pig sheep horses horse goats chickens turkeys rabbits chien chiens chat chats bovins ' +
    'porcins ovins caprins equins chevaux milk lactating cows calves small medium large very extra'
  ).split(' '),
);

/** Normalised name for merging: accents folded, strengths, forms, species and filler words removed. */
export function nameKey(name: string): string {
  const words = foldAccents(name)
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !/\d/.test(w) && !FORM_WORDS.has(w));
  return words.length > 0
    ? words.join(' ')
    : foldAccents(name)
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
}

/** Decode HTML entities (named, decimal, hex) and strip tags. */
export function decodeHtml(text: string): string {
  return stripTags(
    text
      .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
      .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))),
  );
}

/** EAN-13 / GTIN check digit validity. */
export function validGtin(code: string): boolean {
  if (!/^\d{8,14}$/.test(code)) return false;
  const digits = code.split('').map(Number);
  const check = digits.pop() ?? -1;
  let sum = 0;
  digits.reverse().forEach((d, i) => (sum += d * (i % 2 === 0 ? 3 : 1)));
  return (10 - (sum % 10)) % 10 === check;
}

/** GTIN-14 with a leading 0 → EAN-13; invalid → null. */
export function gtinToEan(gtin: string | null): string | null {
  if (!gtin || !validGtin(gtin)) return null;
  return gtin.length === 14 && gtin.startsWith('0') ? gtin.slice(1) : gtin;
}

/** Legal forms removed from a holder's name (the longer ones first: "S.A.U" before "S.A"). */
const LEGAL_FORMS = [
  'gmbh\\s*&\\s*co\\.?\\s*kg',
  'unlimited company',
  'limited',
  'ltd\\.?',
  'gmbh',
  's\\.?a\\.?u\\.?',
  's\\.?l\\.?u\\.?',
  's\\.?a\\.?s\\.?',
  's\\.?a\\.?',
  's\\.?l\\.?',
  'b\\.?v\\.?',
  'n\\.?v\\.?',
  'a\\/s',
  'a\\.s\\.?',
  'ab',
  'as',
  'eg',
  's\\.p\\.a\\.?',
  'spa',
  'inc\\.?',
  'plc',
  'llp',
  'ag',
  'oy',
  's\\.?r\\.?l\\.?',
  'sarl',
  'sp\\.? z\\.? ?o\\.?o\\.?',
  'kft\\.?',
  'zrt\\.?',
  'eood',
  'd\\.o\\.o\\.',
  'd\\.d\\.?',
  'bvba',
  'ltda',
  'lda',
  'co\\.? kg',
];
const LEGAL_FORM = new RegExp(`[,.]?\\s+(?:${LEGAL_FORMS.join('|')})(?=[\\s,.)]|$)\\.?`, 'gi');
const COUNTRY_TAG = /\(?\b(uk|ireland|ie|france|belgium|deutschland|nederland|españa)\b\)?/gi;

/**
 * Holder names normalised for brands: legal forms ("GmbH & Co. KG", "S.A.U", "Ltd") and country
 * tags ("(UK)", "Ireland") removed with the brackets and punctuation they leave, spaces collapsed;
 * a name all in capitals put in title case. Null for an empty name.
 */
export function normaliseHolder(holder: string | null): string | null {
  if (!holder) return null;
  const cleaned = holder
    .replace(/\s+/g, ' ')
    .replace(LEGAL_FORM, '')
    .replace(COUNTRY_TAG, '')
    .replace(/\(\s*\)/g, '')
    .replace(/[\s,.&–-]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned) return null;
  if (cleaned === cleaned.toUpperCase() && cleaned.length > 4) {
    return cleaned.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());
  }
  return cleaned;
}

/** The key under which spellings of one brand meet: no accents, case or punctuation. */
function brandKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * One spelling per brand (the staff and customers pick brands by name: "Ceva Santé Animale" and
 * "CEVA Sante Animale" were two brands): `names` holds one entry per product, and each spelling
 * maps to the most frequent spelling of its key (accents, case and punctuation ignored); a tie goes
 * to the spelling with accents, then the one not all in capitals or lower case, then the first in
 * code-point order.
 */
export function canonicalBrands(names: readonly string[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const name of names) {
    const key = brandKey(name);
    const spellings = counts.get(key) ?? new Map<string, number>();
    spellings.set(name, (spellings.get(name) ?? 0) + 1);
    counts.set(key, spellings);
  }
  const score = (name: string) =>
    (name.normalize('NFD') !== name ? 2 : 0) +
    (name !== name.toUpperCase() && name !== name.toLowerCase() ? 1 : 0);
  const canonical = new Map<string, string>();
  for (const spellings of counts.values()) {
    const [best] = [...spellings.entries()].sort(
      ([a, na], [b, nb]) => nb - na || score(b) - score(a) || (a < b ? -1 : a > b ? 1 : 0),
    );
    for (const name of spellings.keys()) canonical.set(name, best![0]);
  }
  return canonical;
}

function emptyCounts(): SourceCounts {
  return { read: 0, imported: 0, merged: 0, skipped: 0 };
}

/**
 * Read the four catalogue files of `dir`.
 * Errors: throws when a file is missing (message names it); bad rows are returned, not thrown.
 */
export function readSources(dir: string, vocab: Vocabulary = loadVocabulary()): ParsedSources {
  const badRows: BadRow[] = [];
  const unmapped = new UnmappedCollector();
  const formRoutesOf = (code: string | null): string[] => (code ? (vocab.terms.get(code)?.routes ?? []) : []);
  const counts = {
    uk_vmd: emptyCounts(),
    anmv: emptyCounts(),
    anmv_presentations: emptyCounts(),
    ema: emptyCounts(),
  };
  const read = (file: string): string => {
    const full = path.join(dir, file);
    try {
      return readFileSync(full, 'utf8');
    } catch (err) {
      throw new Error(`Catalogue file missing or unreadable: ${full} (${(err as Error).message})`);
    }
  };
  const contents = [
    read(CATALOGUE_FILES.uk),
    read(CATALOGUE_FILES.anmvProducts),
    read(CATALOGUE_FILES.anmvPresentations),
    read(CATALOGUE_FILES.ema),
  ] as const;
  const records: SourceRecord[] = [];
  const bad = (file: string, line: number, reason: string, c: SourceCounts): void => {
    badRows.push({ file, line, reason });
    c.skipped++;
  };

  // UK VMD: only the bulk export; curated rows carry a placeholder leaflet link.
  const ukBefore = badRows.length;
  const ukRows = parseCsv(contents[0], CATALOGUE_FILES.uk, badRows);
  counts.uk_vmd.read = ukRows.length + (badRows.length - ukBefore);
  counts.uk_vmd.skipped = badRows.length - ukBefore;
  const seenUk = new Set<string>();
  for (const { line, values: r } of ukRows) {
    if (r.origin !== 'vmd_bulk') {
      bad(
        CATALOGUE_FILES.uk,
        line,
        `origin ${r.origin || '(empty)'}: curated row with a placeholder leaflet link`,
        counts.uk_vmd,
      );
      continue;
    }
    const name = oneLine(r.product_name);
    const id = nonEmpty(r.id);
    if (!name || !id) {
      bad(CATALOGUE_FILES.uk, line, !name ? 'missing product_name' : 'missing id', counts.uk_vmd);
      continue;
    }
    if (seenUk.has(id)) {
      bad(CATALOGUE_FILES.uk, line, `duplicate id ${id}`, counts.uk_vmd);
      continue;
    }
    seenUk.add(id);
    const form = nonEmpty(r.pharmaceutical_form);
    const formCode = sourceTermCode(vocab, 'uk_vmd', 'pharmaceutical_form', form, unmapped);
    const principles = splitList(r.active_substances, /,\s*/);
    const tg = nonEmpty(r.therapeutic_group);
    records.push({
      source: 'uk_vmd',
      ref: id,
      code: `vmd:${id}`,
      line,
      name,
      locale: 'en',
      ammCode: nonEmpty(r.ma_number),
      atcvet: null,
      legalCategory: nonEmpty(r.legal_category),
      therapeuticGroupText: tg,
      group: groupFromText(tg) ?? 'other',
      principles,
      species: speciesCodes(splitList(r.species_authorised, /,\s*|;\s*|\s+and\s+/)),
      routes: formCode ? formRoutesOf(formCode) : formRoutes(form ?? name),
      form,
      formCode,
      holder: nonEmpty(r.ma_holder),
      leafletUrl: nonEmpty(r.spc_url),
      indication: null,
      presentations: [],
    });
  }

  // ANMV products and presentations (each presentation is a variant).
  const apBefore = badRows.length;
  const apRows = parseCsv(contents[1], CATALOGUE_FILES.anmvProducts, badRows);
  counts.anmv.read = apRows.length + (badRows.length - apBefore);
  counts.anmv.skipped = badRows.length - apBefore;
  const anmvById = new Map<string, SourceRecord>();
  for (const { line, values: r } of apRows) {
    const name = oneLine(r.nom);
    const id = nonEmpty(r.src_id);
    if (!name || !id) {
      bad(CATALOGUE_FILES.anmvProducts, line, !name ? 'missing nom' : 'missing src_id', counts.anmv);
      continue;
    }
    if (anmvById.has(id)) {
      bad(CATALOGUE_FILES.anmvProducts, line, `duplicate src_id ${id}`, counts.anmv);
      continue;
    }
    const form = nonEmpty(r.forme_pharmaceutique);
    const formCode = sourceTermCode(vocab, 'anmv', 'forme_pharmaceutique', form, unmapped);
    const principles = splitList(r.substances_actives, ' | ')
      .map(stripStrength)
      .filter((s) => s && !/^(eau pour|solvant|water for)/i.test(foldAccents(s)));
    const atc = nonEmpty(r.atcvet);
    const routes = [
      ...new Set(
        splitList(r.voies_administration, ' | ').map(
          (v) => sourceTermCode(vocab, 'anmv', 'voies_administration', v, unmapped) ?? anmvRoute(v),
        ),
      ),
    ].sort();
    const rec: SourceRecord = {
      source: 'anmv',
      ref: id,
      code: `anmv:${id}`,
      line,
      name,
      locale: 'fr',
      ammCode: nonEmpty(r.num_amm),
      atcvet: atc,
      legalCategory: nonEmpty(r.conditions_delivrance),
      therapeuticGroupText: null,
      group: groupFromAtc(atc) ?? (foldAccents(r.nature ?? '') === 'immunologique' ? 'vaccines' : 'other'),
      principles: [...new Set(principles)],
      species: speciesCodes(splitList(r.especes_cibles, ' | ')),
      routes: routes.length > 0 ? routes : formCode ? formRoutesOf(formCode) : formRoutes(form ?? ''),
      form,
      formCode,
      holder: nonEmpty(r.titulaire),
      leafletUrl: nonEmpty(r.lien_rcp),
      indication: null,
      presentations: [],
    };
    anmvById.set(id, rec);
    records.push(rec);
  }
  const prBefore = badRows.length;
  const prRows = parseCsv(contents[2], CATALOGUE_FILES.anmvPresentations, badRows);
  counts.anmv_presentations.read = prRows.length + (badRows.length - prBefore);
  counts.anmv_presentations.skipped = badRows.length - prBefore;
  for (const { line, values: r } of prRows) {
    const product = anmvById.get(r.src_id ?? '');
    const name = oneLine(r.presentation);
    if (!product) {
      bad(
        CATALOGUE_FILES.anmvPresentations,
        line,
        `unknown product src_id ${r.src_id || '(empty)'}`,
        counts.anmv_presentations,
      );
      continue;
    }
    if (!name) {
      bad(CATALOGUE_FILES.anmvPresentations, line, 'missing presentation', counts.anmv_presentations);
      continue;
    }
    const gtin = nonEmpty(r.gtin);
    const units = Number.parseInt(r.nb_unites ?? '', 10);
    product.presentations.push({
      ref: `${product.ref}:${product.presentations.length + 1}`,
      name,
      gtin,
      ean: gtinToEan(gtin),
      units: Number.isFinite(units) && units > 0 ? units : null,
      primaryPack: nonEmpty(r.conditionnement_primaire),
      line,
    });
    counts.anmv_presentations.imported++;
  }

  // EMA EPAR: authorised medicines only.
  const emBefore = badRows.length;
  const emRows = parseCsv(contents[3], CATALOGUE_FILES.ema, badRows);
  counts.ema.read = emRows.length + (badRows.length - emBefore);
  counts.ema.skipped = badRows.length - emBefore;
  const seenEma = new Set<string>();
  for (const { line, values: r } of emRows) {
    const status = r['Medicine status'] ?? '';
    if (status !== 'Authorised') {
      counts.ema.skipped++; // not a bad row: withdrawn, refused... are simply not sold
      continue;
    }
    const name = oneLine(r['Name of medicine']);
    const number = nonEmpty(r['EMA product number']);
    if (!name || !number) {
      bad(
        CATALOGUE_FILES.ema,
        line,
        !name ? 'missing Name of medicine' : 'missing EMA product number',
        counts.ema,
      );
      continue;
    }
    if (seenEma.has(number)) {
      bad(CATALOGUE_FILES.ema, line, `duplicate EMA product number ${number}`, counts.ema);
      continue;
    }
    seenEma.add(number);
    const group = nonEmpty(r['Pharmacotherapeutic group (veterinary)']);
    const atc = nonEmpty(r['ATCvet code (veterinary)']);
    const speciesLabels = splitList(r['Species (veterinary)'], /[;,]/).filter(
      (s) => !/^(newborn|neonatal)/i.test(s),
    );
    let species = speciesCodes(speciesLabels);
    const indication = nonEmpty(r['Therapeutic indication']);
    if (species.length === 0)
      species = [
        ...new Set([
          ...speciesInText(group ?? ''),
          ...speciesInText(name),
          ...speciesInText(indication ? decodeHtml(indication) : ''),
        ]),
      ].sort();
    if (species.length === 0) species = [...(vocab.speciesSupplement.get(number) ?? [])] as SpeciesCode[];
    records.push({
      source: 'ema',
      ref: number,
      code: `ema:${number.replace(/\//g, '-')}`,
      line,
      name,
      locale: 'en',
      ammCode: number,
      atcvet: atc,
      legalCategory: null,
      therapeuticGroupText: group,
      // The ATCvet code first: the EMA group text names the code's ATC groups, whose words the
      // text patterns can misread ("High-ceiling diuretics;Sulfonamides, plain" is torasemide,
      // not an antibacterial; docs/decisions/catalogue-vocabulary.md).
      group: groupFromAtc(atc) ?? groupFromText(group) ?? 'other',
      principles: splitList(r['Active substance'], ';'),
      species,
      routes: formRoutes(name),
      form: null,
      formCode: null,
      holder: nonEmpty(r['Marketing authorisation developer / applicant / holder']),
      leafletUrl: nonEmpty(r['Medicine URL']),
      indication: indication ? decodeHtml(indication) : null,
      presentations: [],
    });
  }
  return { records, badRows, counts, contents: [...contents], unmapped: unmapped.list() };
}
