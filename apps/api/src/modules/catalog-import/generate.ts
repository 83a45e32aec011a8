/**
 * Generated (derived) data of the catalogue, deterministic from a seed: pet food and equipment
 * products, pack variants of medicines without real presentations, CNK codes, EANs, stock states,
 * prices per price list, discounts, supplier terms and specials (docs/product/catalogue-and-search.md#product, docs/product/prices.md#pricing).
 *
 * Units: cents (EUR excl. VAT), basis points, ISO dates. Dates are anchored to fixed windows of
 * 2025–2027 (not to the import day) so that a re-import on another day changes nothing.
 */
import type { Family, Locale, StockState } from '../../db/schema.ts';
import { ean13CheckDigit, hash32, rngFor } from './random.ts';

export type L10n = Record<Locale, string>;

/** A variant to write (product_variants). */
export interface VariantDraft {
  sku: string;
  name: string;
  barcode: string | null;
  cnkCode: string;
  sequence: number;
  isMain: boolean;
  stockState: StockState;
  taxRateBp: number;
  unitsPerPack: number | null;
  madeToOrder: boolean;
  attributes: Record<string, string>;
  /** Default-list gross unit price, cents. */
  basePriceCents: number;
}

/** A variant before the derived codes (CNK, stock, generated EAN) are assigned. */
export type VariantSpec = Omit<VariantDraft, 'cnkCode' | 'stockState' | 'barcode'> & {
  barcode?: string | null;
};

/** A product to write (products + translations + categories + variants). */
export interface ProductDraft {
  code: string;
  family: Family;
  modelName: string;
  brand: string | null;
  manufacturer: string | null;
  sourceLocale: Locale;
  sources: string[];
  sourceRefs: Record<string, unknown>;
  generated: boolean;
  ammCode: string | null;
  atcvet: string | null;
  legalCategory: string | null;
  therapeuticGroup: string | null;
  activePrinciples: string[];
  species: string[];
  administrationRoutes: string[];
  presentation: string | null;
  animalSizes: string[];
  ages: string[];
  foodRanges: string[];
  indications: string[];
  colours: string[];
  clothingSizes: string[];
  vetGroupCodes: string[];
  flags: Record<string, boolean>;
  leafletUrl: string | null;
  infoUrl: string | null;
  storageTemperature: string | null;
  /**
   * Packagings of the regulatory data (products.packagings): the real presentations of the source
   * with their primary packaging (ANMV); absent when no source gives them (never generated).
   */
  packagings?: string[];
  notSoldOnWebsite: boolean;
  names: L10n;
  /**
   * Words a practitioner searches the product by that its texts do not say (an antiparasitic's
   * "puces", "vlooien", "flea", an intramammary tube's "mammite"; `medicineSearchWords`), per
   * locale: product_translations.search_words.
   */
  searchWords?: L10n;
  descriptions: L10n;
  shortDescriptions: L10n;
  categoryCodes: string[];
  variants: VariantSpec[];
}

/** Pricing rows of one variant, by price list code. */
export interface PriceDraft {
  tiers: {
    list: string;
    priceCents: number;
    minQuantity: number;
    dateStart: string | null;
    dateEnd: string | null;
  }[];
  discounts: {
    list: string;
    discountBp: number;
    minQuantity: number;
    exclusive: boolean;
    dateStart: string | null;
    dateEnd: string | null;
  }[];
  terms: {
    kind: string;
    discountBp: number | null;
    mainQuantity: number | null;
    promoQuantity: number | null;
    timeFrame: string;
    dateStart: string | null;
    dateEnd: string | null;
  }[];
  specials: { sequence: number; dateStart: string | null; dateEnd: string | null }[];
}

/** Price lists (docs/product/accounts.md#roles-and-permissions) with the factor of their gross price over the default list. */
export const PRICE_LISTS: readonly { code: string; name: string; factor: number }[] = [
  { code: 'default', name: 'Default', factor: 1 },
  { code: 'veterinary', name: 'Veterinary', factor: 0.82 },
  { code: 'nurse', name: 'Nurse', factor: 0.9 },
  { code: 'student', name: 'Student', factor: 0.75 },
  { code: 'pharmacist', name: 'Pharmacist', factor: 0.88 },
  { code: 'supplier', name: 'Supplier', factor: 0.7 },
  { code: 'wholesaler', name: 'Wholesaler', factor: 0.65 },
];

/** Veterinary groups (docs/product/catalogue-and-search.md#veterinary-groups). */
export const VET_GROUPS: readonly {
  code: string;
  /** The French name, also shown where `names` lacks the reader's language. */
  name: string;
  names: Record<'fr' | 'nl' | 'en', string>;
  color: string;
  sequence: number;
}[] = (
  [
    ['companion', 'Animaux de compagnie', 'Gezelschapsdieren', 'Companion animals', '#2563eb'],
    ['equine', 'Réseau équin', 'Paardennetwerk', 'Equine network', '#16a34a'],
    ['rural', 'Praticiens ruraux', 'Plattelandspraktijken', 'Rural practitioners', '#b45309'],
    ['university', 'Cliniques universitaires', 'Universitaire klinieken', 'University clinics', '#9333ea'],
  ] as const
).map(([code, fr, nl, en, color], i) => ({ code, name: fr, names: { fr, nl, en }, color, sequence: i + 1 }));

/** Belgium's standard VAT rate, basis points (21 %). */
const STANDARD_VAT_BP = 2100;

/**
 * VAT rates by family, basis points (Belgium: medicines 6 %, feed 6 %, equipment 21 %). Food for
 * companion animals is not feed: `foodTaxRateBp` gives its rate (docs/decisions/vat-rates.md).
 */
export const VAT_BP: Record<Family, number> = { meds: 600, food: 600, equipment: STANDARD_VAT_BP };

/** Species whose food Belgium taxes at the standard rate: food for companion animals. */
export const COMPANION_SPECIES: ReadonlySet<string> = new Set(['dog', 'cat']);

/**
 * VAT rate of a food product, basis points: 21 % when it is offered as food for a dog or a cat
 * (the reduced rate of Royal Decree no. 20, table A, for animal feed leaves out food for dogs,
 * cats, cage birds and aquarium fish), else 6 % (feed for horses, cattle, sheep, goats, pigs,
 * poultry, farmed rabbits). Requirement: docs/decisions/vat-rates.md.
 */
export function foodTaxRateBp(species: readonly string[]): number {
  return species.some((s) => COMPANION_SPECIES.has(s)) ? STANDARD_VAT_BP : VAT_BP.food;
}

/**
 * Date windows (inclusive, null = open) as drawn for the reference day 2026-11-21
 * (`WINDOWS_REFERENCE_DAY`): open, active long, ending 2026-11-30, ending 2026-12-31, expired
 * (2025), future (2027). An import moves them to its own day (`windowsOn`).
 */
export const WINDOWS: readonly [string | null, string | null][] = [
  [null, null],
  ['2026-01-01', '2027-12-31'],
  ['2026-11-01', '2026-11-30'],
  ['2026-09-01', '2026-11-30'],
  ['2026-10-15', '2026-12-31'],
  ['2026-12-01', '2026-12-31'],
  ['2025-01-01', '2025-12-31'],
  ['2025-06-01', '2025-09-30'],
  ['2027-01-01', '2027-03-31'],
];

/** The day `WINDOWS` were drawn for. */
export const WINDOWS_REFERENCE_DAY = '2026-11-21';

/**
 * `WINDOWS` moved by the days from `WINDOWS_REFERENCE_DAY` to `today` (YYYY-MM-DD, the import's
 * business day): a catalogue imported on any day has the same promotions, specials and dated
 * prices running, ending and to come as one imported on the reference day, instead of seeing
 * them all expire on fixed dates (docs/decisions/generated-price-windows.md). Lengths, hence
 * `timeFrame`, are kept.
 */
export function windowsOn(today: string): readonly [string | null, string | null][] {
  const shift = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${WINDOWS_REFERENCE_DAY}T00:00:00Z`);
  const move = (day: string | null): string | null =>
    day === null ? null : new Date(Date.parse(`${day}T00:00:00Z`) + shift).toISOString().slice(0, 10);
  return WINDOWS.map(([start, end]) => [move(start), move(end)] as [string | null, string | null]);
}

function timeFrame(w: readonly [string | null, string | null]): string {
  if (!w[0] || !w[1]) return 'open';
  const days = (Date.parse(w[1]) - Date.parse(w[0])) / 86_400_000;
  return days <= 31 ? 'month' : days <= 122 ? 'quarter' : 'year';
}

const STOCK: readonly [StockState, number][] = [
  ['in_stock', 0.8],
  ['in_limited_stock', 0.07],
  ['resupplying', 0.05],
  ['out_of_stock', 0.04],
  ['supplier_out_of_stock', 0.04],
];

/** Stock state of a variant (mostly in stock). */
export function stockStateFor(seed: number, sku: string): StockState {
  const r = rngFor(seed, `stock:${sku}`).next();
  let acc = 0;
  for (const [state, p] of STOCK) {
    acc += p;
    if (r < acc) return state;
  }
  return 'in_stock';
}

/** A Belgian-prefix (54) EAN-13 with a valid check digit, unique within `used`. */
export function generatedEan(seed: number, sku: string, used: Set<string>): string {
  let n = hash32(`${seed}:ean:${sku}`) % 10_000_000_000;
  for (;;) {
    const first12 = `54${String(n).padStart(10, '0')}`;
    const ean = first12 + String(ean13CheckDigit(first12));
    if (!used.has(ean)) {
      used.add(ean);
      return ean;
    }
    n = (n + 1) % 10_000_000_000;
  }
}

/** Assign unique 7-digit CNK codes, in sku order (collisions probe upward). */
export function assignCnk(seed: number, skus: readonly string[]): Map<string, string> {
  const used = new Set<number>();
  const out = new Map<string, string>();
  for (const sku of [...skus].sort()) {
    let n = 1_000_000 + (hash32(`${seed}:cnk:${sku}`) % 9_000_000);
    while (used.has(n)) n = n >= 9_999_999 ? 1_000_000 : n + 1;
    used.add(n);
    out.set(sku, String(n));
  }
  return out;
}

/**
 * Pricing rows of one variant from its default gross price; dated rows take their dates from
 * `windows` (`windowsOn` the import's day; `WINDOWS` by default).
 */
export function pricesFor(
  seed: number,
  sku: string,
  baseCents: number,
  family: Family,
  windows: readonly [string | null, string | null][] = WINDOWS,
): PriceDraft {
  const r = rngFor(seed, `price:${sku}`);
  const draft: PriceDraft = { tiers: [], discounts: [], terms: [], specials: [] };
  const volume = r.chance(0.3);
  const datedTier = r.chance(0.08);
  for (const list of PRICE_LISTS) {
    const price = Math.max(50, Math.round(baseCents * list.factor));
    draft.tiers.push({
      list: list.code,
      priceCents: price,
      minQuantity: datedTier || r.chance(0.3) ? 0 : 1,
      dateStart: null,
      dateEnd: null,
    });
    if (volume && (list.code === 'default' || list.code === 'veterinary')) {
      draft.tiers.push({
        list: list.code,
        priceCents: Math.round(price * 0.96),
        minQuantity: 6,
        dateStart: null,
        dateEnd: null,
      });
      draft.tiers.push({
        list: list.code,
        priceCents: Math.round(price * 0.92),
        minQuantity: 12,
        dateStart: null,
        dateEnd: null,
      });
    }
  }
  if (datedTier) {
    const w = r.pick(windows.slice(1));
    const base = draft.tiers.find((t) => t.list === 'default');
    if (base)
      draft.tiers.push({
        list: 'default',
        priceCents: Math.round(base.priceCents * 0.9),
        minQuantity: 1,
        dateStart: w[0],
        dateEnd: w[1],
      });
  }
  if (r.chance(0.2)) {
    const w = r.pick(windows);
    const lists = r.chance(0.5) ? ['veterinary'] : ['veterinary', 'default', 'nurse'];
    const bp = r.pick([500, 750, 1000, 1200, 1500]);
    const exclusive = r.chance(0.3);
    for (const list of lists)
      draft.discounts.push({
        list,
        discountBp: bp,
        minQuantity: 0,
        exclusive,
        dateStart: w[0],
        dateEnd: w[1],
      });
  }
  if (r.chance(0.15)) {
    const w = r.pick(windows);
    for (const list of ['default', 'veterinary']) {
      draft.discounts.push({
        list,
        discountBp: 300,
        minQuantity: 5,
        exclusive: false,
        dateStart: w[0],
        dateEnd: w[1],
      });
      draft.discounts.push({
        list,
        discountBp: 600,
        minQuantity: 10,
        exclusive: false,
        dateStart: w[0],
        dateEnd: w[1],
      });
    }
  }
  const term = (kind: string, promo: boolean): void => {
    const w = r.pick(windows.slice(1));
    const ratio = r.pick([
      [10, 1],
      [5, 1],
      [3, 1],
      [20, 3],
    ] as const);
    draft.terms.push({
      kind,
      discountBp: promo ? null : r.pick([200, 300, 500, 800]),
      mainQuantity: promo ? ratio[0] : null,
      promoQuantity: promo ? ratio[1] : null,
      timeFrame: timeFrame(w),
      dateStart: w[0],
      dateEnd: w[1],
    });
  };
  if (r.chance(0.08)) term('supplier_discount', false);
  if (r.chance(0.05)) term('supplier_discount_veterinary', false);
  if (family !== 'equipment' && r.chance(0.05)) term('supplier_promotion', true);
  if (r.chance(0.03)) term('supplier_promotion_veterinary', true);
  if (r.chance(0.04)) {
    const w = r.pick(windows.slice(1));
    draft.specials.push({ sequence: r.int(1, 20), dateStart: w[0], dateEnd: w[1] });
  }
  return draft;
}

// ---------------------------------------------------------------- medicine packs

type PackKind =
  'liquid' | 'drops' | 'pour_on' | 'solid' | 'semisolid' | 'vials' | 'count' | 'doses' | 'intramammary';

/**
 * Kind of pack of a medicine without real presentations, from its pharmaceutical form (English
 * VMD wording or French ANMV wording; the product name when the source has no form) and its
 * therapeutic group (docs/decisions/generated-medicine-packs.md). The order of the tests matters: a
 * powder or lyophilisate for injection is sold in vials, not by the kilogram; a powder for drinking
 * water by weight, not by the litre; an ointment, gel or paste by the gram.
 */
export function packKind(form: string, group: string): PackKind {
  const f = form.toLowerCase();
  if (group === 'vaccines') return 'doses';
  if (/intramamm/.test(f)) return 'intramammary';
  if (/injection|injectable|infusion|perfusion/.test(f) && /powder|poudre|lyophilisat/.test(f))
    return 'vials';
  if (/drops|gouttes|collyre/.test(f)) return 'drops';
  if (
    /tablet|comprim|capsule|g[ée]lule|bolus|device|strip|collar|implant|delivery system|bee-hive|ear tag|sponge|[ée]ponge/.test(
      f,
    )
  )
    return 'count';
  if (/powder|poudre|premix|pr[ée]m[ée]lange|granule|feeding/.test(f)) return 'solid';
  if (/pour-on|spot-on|dip|drinking water|eau de boisson|solution buvable|oral solution/.test(f))
    return 'pour_on';
  if (/ointment|pommade|cream|cr[èe]me|gel|paste|p[âa]te|poultice|cataplasme/.test(f)) return 'semisolid';
  return 'liquid';
}

const PACKS: Record<PackKind, readonly [string, number, number][]> = {
  // [label, units, price factor]
  liquid: [
    ['10 ml', 1, 0.5],
    ['20 ml', 1, 0.7],
    ['50 ml', 1, 1],
    ['100 ml', 1, 1.7],
    ['250 ml', 1, 3.5],
  ],
  drops: [
    ['5 ml', 1, 0.6],
    ['10 ml', 1, 1],
    ['20 ml', 1, 1.7],
  ],
  pour_on: [
    ['250 ml', 1, 1],
    ['1 l', 1, 3],
    ['2,5 l', 1, 6.5],
    ['5 l', 1, 11],
  ],
  solid: [
    ['100 g', 1, 0.6],
    ['1 kg', 1, 1],
    ['5 kg', 1, 4],
    ['25 kg', 1, 16],
  ],
  semisolid: [
    ['5 g', 1, 0.4],
    ['30 g', 1, 1],
    ['100 g', 1, 2.2],
    ['500 g', 1, 7],
  ],
  vials: [
    ['1 flacon', 1, 1],
    ['5 flacons', 5, 4.5],
    ['10 flacons', 10, 8.5],
  ],
  count: [
    ['10 pcs', 10, 0.6],
    ['20 pcs', 20, 1],
    ['50 pcs', 50, 2.2],
    ['100 pcs', 100, 4],
  ],
  doses: [
    ['1 dose', 1, 0.2],
    ['10 doses', 10, 1],
    ['50 doses', 50, 4],
    ['1000 doses', 1000, 12],
  ],
  intramammary: [
    ['4 injecteurs', 4, 0.5],
    ['24 injecteurs', 24, 2.5],
    ['120 injecteurs', 120, 11],
  ],
};

/** 1–3 consecutive pack sizes for a medicine without real presentations. */
export function medicinePacks(
  seed: number,
  code: string,
  form: string,
  group: string,
): { name: string; units: number; baseCents: number }[] {
  const r = rngFor(seed, `packs:${code}`);
  const packs = PACKS[packKind(form, group)];
  const count = r.int(1, Math.min(3, packs.length));
  const start = r.int(0, packs.length - count);
  const unit = r.int(400, 6000); // cents of the reference pack
  return packs.slice(start, start + count).map(([name, units, factor]) => ({
    name,
    units,
    baseCents: Math.round(unit * factor),
  }));
}

/**
 * Exponent of pack prices (docs/decisions/catalogue-vocabulary.md "Generated prices"): the price of
 * a pack grows as size^0.8, so a larger pack of the same product costs more in total and less per
 * unit (twice the size: +74 % in price, -13 % per unit).
 */
export const PACK_PRICE_EXPONENT = 0.8;

/**
 * Price (cents) of a pack of `size` when a pack of `refSize` of the same product costs `refCents`.
 * Sizes are in any one unit (ml, g, doses, pieces) > 0.
 */
export function scaledPackPrice(refCents: number, refSize: number, size: number): number {
  return Math.round(refCents * Math.pow(size / refSize, PACK_PRICE_EXPONENT));
}

const AMOUNT = /(\d+(?:[.,]\d+)?)\s*(ml|l|g|kg|doses?)(?![\p{L}])/iu;

/**
 * Amount of product in a real presentation: its unit count times the amount of one unit read
 * from the wording ("Boîte de 4 seringues de 9,4 g" with 4 units → 37.6; "Flacon de 250 ml" →
 * 250; litres and kilograms as ml and g). Only comparable between presentations of one product.
 */
export function presentationSize(name: string, units: number | null): number {
  const n = units && units > 0 ? units : 1;
  const m = AMOUNT.exec(name);
  if (!m) return n;
  const value = Number((m[1] ?? '1').replace(',', '.'));
  const unit = (m[2] ?? '').toLowerCase();
  const amount = unit === 'l' || unit === 'kg' ? value * 1000 : value;
  return n * (amount > 0 ? amount : 1);
}

/**
 * Default gross prices (cents) of the real presentations (ANMV) of one product: one random
 * reference price per product (seeded by its code) for its smallest presentation, the others
 * scaled by size (scaledPackPrice).
 */
export function presentationPrices(
  seed: number,
  productCode: string,
  presentations: readonly { name: string; units: number | null }[],
): number[] {
  const r = rngFor(seed, `pres:${productCode}`);
  const base = r.int(500, 5000);
  const sizes = presentations.map((p) => presentationSize(p.name, p.units));
  const smallest = Math.min(...sizes);
  return sizes.map((size) => scaledPackPrice(base, smallest, size));
}

// ---------------------------------------------------------------- food

const tr = (fr: string, nl: string, en: string): L10n => ({ fr, nl, en });

const DOG_BRANDS = ['NutriVet', 'Canis Pro', 'VetoDiet'];
const CAT_BRANDS = ['NutriVet', 'Felis Pro', 'VetoDiet'];

const DIETS: readonly [string, string][] = [
  ['renal', 'Renal'],
  ['gastrointestinal', 'Gastro Intestinal'],
  ['urinary', 'Urinary'],
  ['weight_control', 'Weight Control'],
  ['hypoallergenic', 'Hypoallergenic'],
  ['dermatology', 'Derma Care'],
  ['joint', 'Mobility'],
];
const AGES: readonly [string, L10n][] = [
  ['junior', tr('Junior', 'Junior', 'Junior')],
  ['adult', tr('Adulte', 'Volwassen', 'Adult')],
  ['senior', tr('Senior', 'Senior', 'Senior')],
];
const DOG_SIZES: readonly [string, string][] = [
  ['small', 'Mini'],
  ['medium', 'Medium'],
  ['large', 'Maxi'],
];
const CAT_LIFESTYLES: readonly [string, L10n][] = [
  ['indoor', tr('d’intérieur', 'binnenkat', 'indoor')],
  ['sterilised', tr('stérilisé', 'gesteriliseerd', 'sterilised')],
];

/**
 * A species code (mapping.ts `SpeciesCode`) named in each language, plural as a list of target
 * species is: in a medicine's description and meta keywords (import.ts) and in the sentence of a
 * generated food's description ("Aliment complet pour bovins"), so no code reaches a page.
 */
export const SPECIES_LABELS: Record<string, L10n> = {
  dog: { fr: 'chiens', nl: 'honden', en: 'dogs' },
  cat: { fr: 'chats', nl: 'katten', en: 'cats' },
  cattle: { fr: 'bovins', nl: 'runderen', en: 'cattle' },
  pig: { fr: 'porcs', nl: 'varkens', en: 'pigs' },
  sheep: { fr: 'moutons', nl: 'schapen', en: 'sheep' },
  goat: { fr: 'chèvres', nl: 'geiten', en: 'goats' },
  horse: { fr: 'chevaux', nl: 'paarden', en: 'horses' },
  poultry: { fr: 'volailles', nl: 'pluimvee', en: 'poultry' },
  rabbit: { fr: 'lapins', nl: 'konijnen', en: 'rabbits' },
  rodent: { fr: 'rongeurs', nl: 'knaagdieren', en: 'rodents' },
  bird: { fr: 'oiseaux', nl: 'vogels', en: 'birds' },
  fish: { fr: 'poissons', nl: 'vissen', en: 'fish' },
  bee: { fr: 'abeilles', nl: 'bijen', en: 'bees' },
  reptile: { fr: 'reptiles', nl: 'reptielen', en: 'reptiles' },
  ferret: { fr: 'furets', nl: 'fretten', en: 'ferrets' },
  other: { fr: 'autres espèces', nl: 'andere diersoorten', en: 'other species' },
};

const AND: L10n = { fr: 'et', nl: 'en', en: 'and' };

/**
 * The species of a generated product named in `loc`, "a, b and c" ("bovins, moutons et chèvres");
 * a code without a label stays as it is (the generated species all have one: generate.test.ts).
 */
export function speciesList(species: readonly string[], loc: Locale): string {
  const words = species.map((s) => SPECIES_LABELS[s]?.[loc] ?? s);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${AND[loc]} ${words[words.length - 1]}`;
}

const DRY = tr('croquettes', 'brokken', 'dry food');
const WET = tr('pâtée', 'natvoer', 'wet food');

interface Bag {
  name: string;
  grams: number;
}
const BAGS: Record<string, readonly Bag[]> = {
  dog_dry: [
    { name: '2 kg', grams: 2000 },
    { name: '7 kg', grams: 7000 },
    { name: '12 kg', grams: 12000 },
  ],
  dog_wet: [
    { name: '12 x 400 g', grams: 4800 },
    { name: '24 x 400 g', grams: 9600 },
  ],
  cat_dry: [
    { name: '400 g', grams: 400 },
    { name: '1,5 kg', grams: 1500 },
    { name: '4 kg', grams: 4000 },
  ],
  cat_wet: [
    { name: '12 x 85 g', grams: 1020 },
    { name: '48 x 85 g', grams: 4080 },
  ],
  horse: [
    { name: '3 kg', grams: 3000 },
    { name: '15 kg', grams: 15000 },
    { name: '20 kg', grams: 20000 },
  ],
  livestock: [
    { name: '5 kg', grams: 5000 },
    { name: '25 kg', grams: 25000 },
  ],
};

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function foodDraft(
  seed: number,
  code: string,
  names: L10n,
  category: string,
  species: string[],
  brand: string,
  attrs: { ranges: string[]; sizes: string[]; ages: string[]; indications: string[] },
  bags: readonly Bag[],
  eurPerKg: number,
): ProductDraft {
  const r = rngFor(seed, `food:${code}`);
  const perKg = Math.round(eurPerKg * 100 * (0.8 + r.next() * 0.5));
  const desc: L10n = {
    fr: `${names.fr}. Aliment ${attrs.ranges.includes('veterinary_diet') ? 'diététique vétérinaire' : 'complet'} pour ${speciesList(species, 'fr')}. Produit généré pour la démonstration.`,
    nl: `${names.nl}. ${attrs.ranges.includes('veterinary_diet') ? 'Diergeneeskundig dieetvoer' : 'Volledig voer'} voor ${speciesList(species, 'nl')}. Gegenereerd demonstratieproduct.`,
    en: `${names.en}. ${attrs.ranges.includes('veterinary_diet') ? 'Veterinary diet' : 'Complete food'} for ${speciesList(species, 'en')}. Generated demonstration product.`,
  };
  return {
    ...emptyGenerated(code, 'food', names, desc, brand),
    species,
    foodRanges: attrs.ranges,
    animalSizes: attrs.sizes,
    ages: attrs.ages,
    indications: attrs.indications,
    categoryCodes: [category],
    flags: { food: true, generated: true, generated_prices: true },
    variants: bags.map((b, i) => ({
      sku: `${skuOf(code)}-${i + 1}`,
      name: b.name,
      sequence: i + 1,
      isMain: i === 0,
      taxRateBp: foodTaxRateBp(species),
      unitsPerPack: null,
      madeToOrder: false,
      attributes: { size: b.name },
      basePriceCents: scaledPackPrice(perKg, 1000, b.grams),
    })),
  };
}

function emptyGenerated(code: string, family: Family, names: L10n, desc: L10n, brand: string): ProductDraft {
  return {
    code,
    family,
    modelName: names.fr,
    brand,
    manufacturer: brand,
    sourceLocale: 'fr',
    sources: ['generated'],
    sourceRefs: { generated: true, note: 'generated from a fixed seed; not a real product' },
    generated: true,
    ammCode: null,
    atcvet: null,
    legalCategory: null,
    therapeuticGroup: null,
    activePrinciples: [],
    species: [],
    administrationRoutes: [],
    presentation: null,
    animalSizes: [],
    ages: [],
    foodRanges: [],
    indications: [],
    colours: [],
    clothingSizes: [],
    vetGroupCodes: [],
    flags: {},
    leafletUrl: null,
    infoUrl: null,
    storageTemperature: null,
    notSoldOnWebsite: false,
    names,
    descriptions: desc,
    shortDescriptions: { fr: names.fr, nl: names.nl, en: names.en },
    categoryCodes: [],
    variants: [],
  };
}

/** Stable sku prefix of a product code ("gen:food:dog:1" → "GEN-FOOD-DOG-1"). */
export function skuOf(code: string): string {
  return code
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** What differs between the dog and the cat veterinary-diet ranges. */
interface DietAnimal {
  species: 'dog' | 'cat';
  names: L10n;
  category: string;
  bags: { dry: readonly Bag[]; wet: readonly Bag[] };
  /** Base price per kg in EUR excl. VAT, dry and wet. */
  basePrice: { dry: number; wet: number };
}

const DIET_ANIMALS: Record<'dog' | 'cat', DietAnimal> = {
  dog: {
    species: 'dog',
    names: tr('Chien', 'Hond', 'Dog'),
    category: 'food/dog',
    bags: { dry: BAGS.dog_dry ?? [], wet: BAGS.dog_wet ?? [] },
    basePrice: { dry: 8, wet: 6 },
  },
  cat: {
    species: 'cat',
    names: tr('Chat', 'Kat', 'Cat'),
    category: 'food/cat',
    bags: { dry: BAGS.cat_dry ?? [], wet: BAGS.cat_wet ?? [] },
    basePrice: { dry: 11, wet: 9 },
  },
};

/** Veterinary-diet products of one brand for one animal: every diet, dry and wet. */
function dietDrafts(seed: number, brand: string, animal: DietAnimal): ProductDraft[] {
  const out: ProductDraft[] = [];
  for (const [ind, label] of DIETS) {
    for (const wet of [false, true]) {
      const kind = wet ? WET : DRY;
      const names = tr(
        `${brand} Diet ${label} ${animal.names.fr} ${kind.fr}`,
        `${brand} Diet ${label} ${animal.names.nl} ${kind.nl}`,
        `${brand} Diet ${label} ${animal.names.en} ${kind.en}`,
      );
      out.push(
        foodDraft(
          seed,
          `gen:food:${toCode(brand)}:${animal.species}:${ind}:${wet ? 'wet' : 'dry'}`,
          names,
          animal.category,
          [animal.species],
          brand,
          { ranges: ['veterinary_diet'], sizes: [], ages: ['adult'], indications: [ind] },
          wet ? animal.bags.wet : animal.bags.dry,
          wet ? animal.basePrice.wet : animal.basePrice.dry,
        ),
      );
    }
  }
  return out;
}

/** Generated pet and livestock food (about 150 products). */
export function generateFood(seed: number): ProductDraft[] {
  const out: ProductDraft[] = [];
  for (const brand of DOG_BRANDS) {
    out.push(...dietDrafts(seed, brand, DIET_ANIMALS.dog));
    for (const [age, ageName] of AGES) {
      for (const [size, sizeName] of DOG_SIZES) {
        const names = tr(
          `${brand} ${ageName.fr} ${sizeName} Chien`,
          `${brand} ${ageName.nl} ${sizeName} Hond`,
          `${brand} ${ageName.en} ${sizeName} Dog`,
        );
        const code = `gen:food:${toCode(brand)}:dog:${age}:${size}`;
        out.push(
          foodDraft(
            seed,
            code,
            names,
            'food/dog',
            ['dog'],
            brand,
            { ranges: ['maintenance'], sizes: [size], ages: [age], indications: [] },
            BAGS.dog_dry ?? [],
            5,
          ),
        );
      }
    }
  }
  for (const brand of CAT_BRANDS) {
    out.push(...dietDrafts(seed, brand, DIET_ANIMALS.cat));
    for (const [age, ageName] of AGES) {
      for (const [life, lifeName] of CAT_LIFESTYLES) {
        const names = tr(
          `${brand} ${ageName.fr} Chat ${lifeName.fr}`,
          `${brand} ${ageName.nl} Kat ${lifeName.nl}`,
          `${brand} ${ageName.en} Cat ${lifeName.en}`,
        );
        const code = `gen:food:${toCode(brand)}:cat:${age}:${life}`;
        out.push(
          foodDraft(
            seed,
            code,
            names,
            'food/cat',
            ['cat'],
            brand,
            { ranges: ['maintenance'], sizes: [], ages: [age], indications: [] },
            BAGS.cat_dry ?? [],
            7,
          ),
        );
      }
    }
  }
  const horse: readonly [string, L10n][] = [
    ['muesli', tr('Muesli sport', 'Sportmuesli', 'Sport muesli')],
    ['pellets', tr('Granulés entretien', 'Onderhoudskorrel', 'Maintenance pellets')],
    ['senior', tr('Senior mash', 'Senior mash', 'Senior mash')],
    ['foal', tr('Granulés poulain', 'Veulenkorrel', 'Foal pellets')],
    ['minerals', tr('Complément minéral', 'Mineralensupplement', 'Mineral supplement')],
    ['electrolytes', tr('Électrolytes', 'Elektrolyten', 'Electrolytes')],
    ['joint', tr('Complément articulations', 'Gewrichtssupplement', 'Joint supplement')],
    ['hoof', tr('Complément sabots', 'Hoefsupplement', 'Hoof supplement')],
    ['digestion', tr('Complément digestion', 'Spijsverteringssupplement', 'Digestive supplement')],
    ['fibre', tr('Fibres de luzerne', 'Luzernevezels', 'Alfalfa fibre')],
  ];
  for (const brand of ['EquiVet', 'Hippo Nutrition']) {
    for (const [key, n] of horse) {
      const names = tr(`${brand} ${n.fr} cheval`, `${brand} ${n.nl} paard`, `${brand} ${n.en} horse`);
      const age = key === 'senior' ? ['senior'] : key === 'foal' ? ['junior'] : ['adult'];
      out.push(
        foodDraft(
          seed,
          `gen:food:${toCode(brand)}:horse:${key}`,
          names,
          'food/horse',
          ['horse'],
          brand,
          {
            ranges: [
              key === 'muesli' || key === 'pellets' || key === 'senior' || key === 'foal' || key === 'fibre'
                ? 'maintenance'
                : 'supplement',
            ],
            sizes: [],
            ages: age,
            indications: [],
          },
          BAGS.horse ?? [],
          2.5,
        ),
      );
    }
  }
  const livestock: readonly [string, L10n, string[]][] = [
    ['calf_milk', tr('Lait de remplacement veaux', 'Kalvermelkpoeder', 'Calf milk replacer'), ['cattle']],
    [
      'lamb_milk',
      tr('Lait de remplacement agneaux', 'Lammermelkpoeder', 'Lamb milk replacer'),
      ['sheep', 'goat'],
    ],
    ['piglet_starter', tr('Aliment démarrage porcelets', 'Biggenstartvoer', 'Piglet starter feed'), ['pig']],
    [
      'mineral_lick',
      tr('Bloc à lécher minéral', 'Mineralenliksteen', 'Mineral lick block'),
      ['cattle', 'sheep', 'goat'],
    ],
    [
      'dairy_minerals',
      tr('Minéraux vaches laitières', 'Mineralen melkkoeien', 'Dairy cow minerals'),
      ['cattle'],
    ],
    ['calving', tr('Bolus vêlage calcium', 'Afkalfbolus calcium', 'Calving calcium drench'), ['cattle']],
    ['electrolytes', tr('Électrolytes veaux', 'Elektrolyten kalveren', 'Calf electrolytes'), ['cattle']],
    [
      'layer',
      tr('Complément poules pondeuses', 'Supplement leghennen', 'Laying hen supplement'),
      ['poultry'],
    ],
    ['rabbit', tr('Granulés lapins', 'Konijnenkorrel', 'Rabbit pellets'), ['rabbit']],
    [
      'sow',
      tr('Complément truies allaitantes', 'Supplement zogende zeugen', 'Lactating sow supplement'),
      ['pig'],
    ],
  ];
  for (const brand of ['AgriVet', 'Farm Nutri']) {
    for (const [key, n, species] of livestock) {
      out.push(
        foodDraft(
          seed,
          `gen:food:${toCode(brand)}:livestock:${key}`,
          tr(`${brand} ${n.fr}`, `${brand} ${n.nl}`, `${brand} ${n.en}`),
          'food/livestock',
          species,
          brand,
          { ranges: ['livestock'], sizes: [], ages: [], indications: [] },
          BAGS.livestock ?? [],
          2,
        ),
      );
    }
  }
  return out;
}

function toCode(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

// ---------------------------------------------------------------- equipment

interface EquipmentDef {
  key: string;
  names: L10n;
  category: 'instruments' | 'consumables' | 'diagnostics' | 'clothing';
  /** Variant labels (fr) with price factor. */
  variants: readonly [string, number][];
  eur: number;
  sterile?: boolean;
  colours?: readonly [string, string][];
  sizes?: readonly string[];
}

const E = (
  key: string,
  names: L10n,
  category: EquipmentDef['category'],
  eur: number,
  variants: readonly [string, number][] = [['Pièce', 1]],
  extra: Partial<EquipmentDef> = {},
): EquipmentDef => ({ key, names, category, eur, variants, ...extra });

const EQUIPMENT: readonly EquipmentDef[] = [
  E(
    'mayo-scissors',
    tr('Ciseaux de Mayo droits', 'Mayo-schaar recht', 'Mayo scissors, straight'),
    'instruments',
    18,
    [
      ['14 cm', 1],
      ['17 cm', 1.15],
    ],
  ),
  E(
    'metzenbaum',
    tr('Ciseaux de Metzenbaum courbes', 'Metzenbaum-schaar gebogen', 'Metzenbaum scissors, curved'),
    'instruments',
    24,
    [
      ['14 cm', 1],
      ['18 cm', 1.2],
    ],
  ),
  E(
    'kelly',
    tr('Pince hémostatique de Kelly', 'Kelly-arterieklem', 'Kelly haemostatic forceps'),
    'instruments',
    15,
    [
      ['Droite 14 cm', 1],
      ['Courbe 14 cm', 1.05],
    ],
  ),
  E('dissecting', tr('Pince à dissection', 'Anatomisch pincet', 'Dissecting forceps'), 'instruments', 9, [
    ['12 cm', 1],
    ['16 cm', 1.2],
  ]),
  E(
    'needle-holder',
    tr('Porte-aiguille de Mayo-Hegar', 'Mayo-Hegar naaldvoerder', 'Mayo-Hegar needle holder'),
    'instruments',
    22,
    [
      ['14 cm', 1],
      ['18 cm', 1.25],
    ],
  ),
  E(
    'scalpel-handle',
    tr('Manche de bistouri n° 3', 'Scalpelheft nr. 3', 'Scalpel handle no. 3'),
    'instruments',
    7,
  ),
  E(
    'thermometer',
    tr('Thermomètre digital flexible', 'Digitale thermometer flexibel', 'Flexible digital thermometer'),
    'instruments',
    12,
  ),
  E(
    'stethoscope',
    tr('Stéthoscope double pavillon', 'Stethoscoop dubbele kop', 'Dual-head stethoscope'),
    'instruments',
    65,
    [
      ['Noir', 1],
      ['Bleu', 1],
      ['Bordeaux', 1],
    ],
  ),
  E('otoscope', tr('Otoscope à LED', 'LED-otoscoop', 'LED otoscope'), 'instruments', 140),
  E('nail-clipper', tr('Coupe-griffes', 'Nagelknipper', 'Nail clipper'), 'instruments', 14, [
    ['Petit', 1],
    ['Grand', 1.3],
  ]),
  E('tick-remover', tr('Pince à tiques', 'Tekentang', 'Tick remover'), 'instruments', 3, [
    ['Pièce', 1],
    ['Boîte de 20', 15],
  ]),
  E(
    'clipper-blade',
    tr('Lame de tondeuse n° 40', 'Scheerkop nr. 40', 'Clipper blade no. 40'),
    'instruments',
    32,
  ),
  E('drench-gun', tr('Pistolet drogueur', 'Drenchpistool', 'Drenching gun'), 'instruments', 45, [
    ['20 ml', 1],
    ['60 ml', 1.3],
  ]),
  E(
    'auto-syringe',
    tr('Seringue automatique', 'Automatische spuit', 'Automatic syringe'),
    'instruments',
    55,
    [
      ['2 ml', 1],
      ['5 ml', 1.1],
    ],
  ),
  E(
    'gloves-nitrile',
    tr(
      'Gants d’examen nitrile non poudrés',
      'Nitril onderzoekshandschoenen poedervrij',
      'Powder-free nitrile examination gloves',
    ),
    'consumables',
    9,
    [
      ['S', 1],
      ['M', 1],
      ['L', 1],
      ['XL', 1],
    ],
    { sizes: ['S', 'M', 'L', 'XL'] },
  ),
  E(
    'gloves-surgical',
    tr('Gants chirurgicaux stériles', 'Steriele chirurgische handschoenen', 'Sterile surgical gloves'),
    'consumables',
    38,
    [
      ['6,5', 1],
      ['7', 1],
      ['7,5', 1],
      ['8', 1],
      ['8,5', 1],
    ],
    { sterile: true },
  ),
  E(
    'gloves-rectal',
    tr('Gants de fouille', 'Rectale handschoenen', 'Rectal examination gloves'),
    'consumables',
    11,
    [['Boîte de 100', 1]],
  ),
  E(
    'syringes',
    tr('Seringues 3 pièces Luer', 'Driedelige Luer-spuiten', 'Three-piece Luer syringes'),
    'consumables',
    8,
    [
      ['2 ml x 100', 1],
      ['5 ml x 100', 1.2],
      ['10 ml x 100', 1.6],
      ['20 ml x 50', 1.4],
    ],
    { sterile: true },
  ),
  E(
    'needles',
    tr('Aiguilles hypodermiques', 'Injectienaalden', 'Hypodermic needles'),
    'consumables',
    5,
    [
      ['18G x 100', 1],
      ['20G x 100', 1],
      ['21G x 100', 1],
      ['23G x 100', 1],
    ],
    { sterile: true },
  ),
  E(
    'gauze',
    tr('Compresses de gaze 10 x 10 cm', 'Gaaskompressen 10 x 10 cm', 'Gauze swabs 10 x 10 cm'),
    'consumables',
    6,
    [
      ['Non stériles x 100', 1],
      ['Stériles x 50', 1.8],
    ],
  ),
  E(
    'cohesive',
    tr('Bande cohésive', 'Cohesief verband', 'Cohesive bandage'),
    'consumables',
    2,
    [
      ['5 cm', 1],
      ['7,5 cm', 1.2],
      ['10 cm', 1.5],
    ],
    {
      colours: [
        ['blue', 'Bleu'],
        ['red', 'Rouge'],
        ['green', 'Vert'],
      ],
    },
  ),
  E(
    'suture-absorbable',
    tr('Fil de suture résorbable tressé', 'Resorbeerbaar gevlochten hechtdraad', 'Braided absorbable suture'),
    'consumables',
    42,
    [
      ['USP 2-0 x 12', 1],
      ['USP 3-0 x 12', 1],
      ['USP 4-0 x 12', 1],
    ],
    { sterile: true },
  ),
  E(
    'suture-nylon',
    tr('Fil de suture nylon monofilament', 'Nylon monofilament hechtdraad', 'Nylon monofilament suture'),
    'consumables',
    30,
    [
      ['USP 2-0 x 12', 1],
      ['USP 3-0 x 12', 1],
    ],
    { sterile: true },
  ),
  E(
    'iv-catheter',
    tr('Cathéter intraveineux', 'Intraveneuze katheter', 'Intravenous catheter'),
    'consumables',
    25,
    [
      ['18G x 50', 1],
      ['20G x 50', 1],
      ['22G x 50', 1],
      ['24G x 50', 1],
    ],
    { sterile: true },
  ),
  E('e-collar', tr('Collerette de protection', 'Beschermkraag', 'Protective collar'), 'consumables', 4, [
    ['7,5 cm', 1],
    ['10 cm', 1.1],
    ['15 cm', 1.3],
    ['20 cm', 1.6],
    ['25 cm', 1.9],
  ]),
  E(
    'drape',
    tr('Champ opératoire stérile', 'Steriel operatiedoek', 'Sterile surgical drape'),
    'consumables',
    28,
    [
      ['75 x 90 cm x 25', 1],
      ['120 x 150 cm x 20', 1.6],
    ],
    { sterile: true },
  ),
  E('underpad', tr('Alèse absorbante', 'Absorberende onderlegger', 'Absorbent underpad'), 'consumables', 12, [
    ['60 x 60 cm x 50', 1],
    ['60 x 90 cm x 50', 1.4],
  ]),
  E(
    'blades',
    tr('Lames de bistouri', 'Scalpelmesjes', 'Scalpel blades'),
    'consumables',
    10,
    [
      ['n° 10 x 100', 1],
      ['n° 11 x 100', 1],
      ['n° 15 x 100', 1],
      ['n° 22 x 100', 1],
    ],
    { sterile: true },
  ),
  E(
    'urinary-catheter',
    tr('Sonde urinaire chat', 'Urinekatheter kat', 'Cat urinary catheter'),
    'consumables',
    4,
    [
      ['1,0 mm', 1],
      ['1,3 mm', 1],
    ],
    { sterile: true },
  ),
  E('cotton', tr('Ouate de coton', 'Watten', 'Cotton wool'), 'consumables', 6, [['500 g', 1]]),
  E(
    'test-felv-fiv',
    tr('Test rapide FeLV/FIV', 'Sneltest FeLV/FIV', 'FeLV/FIV rapid test'),
    'diagnostics',
    95,
    [['Boîte de 10', 1]],
  ),
  E(
    'test-parvo',
    tr('Test rapide parvovirose canine', 'Sneltest parvovirus hond', 'Canine parvovirus rapid test'),
    'diagnostics',
    70,
    [['Boîte de 10', 1]],
  ),
  E('test-giardia', tr('Test rapide Giardia', 'Sneltest Giardia', 'Giardia rapid test'), 'diagnostics', 75, [
    ['Boîte de 10', 1],
  ]),
  E(
    'test-leish',
    tr('Test rapide leishmaniose', 'Sneltest leishmaniose', 'Leishmaniosis rapid test'),
    'diagnostics',
    85,
    [['Boîte de 10', 1]],
  ),
  E(
    'test-heartworm',
    tr('Test rapide dirofilariose', 'Sneltest hartworm', 'Heartworm rapid test'),
    'diagnostics',
    80,
    [['Boîte de 10', 1]],
  ),
  E(
    'urine-strips',
    tr(
      'Bandelettes urinaires 10 paramètres',
      'Urineteststrips 10 parameters',
      'Urine test strips, 10 parameters',
    ),
    'diagnostics',
    22,
    [['Flacon de 100', 1]],
  ),
  E(
    'glucose-strips',
    tr('Bandelettes glycémie', 'Glucoseteststrips', 'Blood glucose test strips'),
    'diagnostics',
    28,
    [['Boîte de 50', 1]],
  ),
  E(
    'tubes-edta',
    tr('Tubes de prélèvement EDTA', 'EDTA-bloedbuizen', 'EDTA blood collection tubes'),
    'diagnostics',
    14,
    [
      ['1 ml x 100', 1],
      ['2 ml x 100', 1.1],
    ],
    { sterile: true },
  ),
  E(
    'tubes-heparin',
    tr('Tubes de prélèvement héparine', 'Heparine-bloedbuizen', 'Heparin blood collection tubes'),
    'diagnostics',
    15,
    [
      ['1 ml x 100', 1],
      ['2 ml x 100', 1.1],
    ],
    { sterile: true },
  ),
  E('slides', tr('Lames porte-objet', 'Objectglaasjes', 'Microscope slides'), 'diagnostics', 6, [
    ['Boîte de 50', 1],
  ]),
  E(
    'stain-kit',
    tr('Kit de coloration rapide', 'Snelkleuringskit', 'Rapid staining kit'),
    'diagnostics',
    35,
    [['3 x 500 ml', 1]],
  ),
  E(
    'pregnancy-cattle',
    tr('Test de gestation bovine', 'Drachtigheidstest rund', 'Bovine pregnancy test'),
    'diagnostics',
    110,
    [['Kit de 96', 1]],
  ),
  E(
    'cmt',
    tr('Réactif de dépistage des mammites', 'Mastitis-sneltest reagens', 'California mastitis test reagent'),
    'diagnostics',
    18,
    [['1 l', 1]],
  ),
];

const CLOTHES: readonly [string, L10n, number][] = [
  ['coat', tr('Blouse vétérinaire', 'Dierenartsjas', 'Veterinary coat'), 38],
  ['tunic', tr('Tunique de soins', 'Verpleegtuniek', 'Scrub tunic'), 26],
  ['trousers', tr('Pantalon de bloc', 'Operatiebroek', 'Scrub trousers'), 24],
  ['gown', tr('Casaque chirurgicale', 'Operatiejas', 'Surgical gown'), 30],
  ['overall', tr('Combinaison de travail', 'Werkoverall', 'Work overall'), 55],
  ['calving-apron', tr('Tablier de vêlage', 'Afkalfschort', 'Calving apron'), 29],
  ['cap', tr('Calot de bloc', 'Operatiemuts', 'Scrub cap'), 8],
  ['fleece', tr('Veste polaire', 'Fleecevest', 'Fleece jacket'), 45],
];
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const CLOTHING_COLOURS: readonly [string, string][] = [
  ['navy', 'Bleu marine'],
  ['green', 'Vert'],
  ['burgundy', 'Bordeaux'],
  ['white', 'Blanc'],
];

/** Generated equipment: instruments, consumables, diagnostics, clothing with sizes/colours. */
export function generateEquipment(seed: number): ProductDraft[] {
  const out: ProductDraft[] = [];
  for (const brand of ['MediVet', 'Surgivet']) {
    for (const def of EQUIPMENT) {
      const code = `gen:equipment:${toCode(brand)}:${def.key}`;
      const r = rngFor(seed, `equipment:${code}`);
      const names = tr(`${brand} ${def.names.fr}`, `${brand} ${def.names.nl}`, `${brand} ${def.names.en}`);
      const unit = Math.round(def.eur * 100 * (0.85 + r.next() * 0.35));
      const variants: ProductDraft['variants'] = [];
      const colours = def.colours ?? [];
      const axes: [string, number, Record<string, string>][] = [];
      for (const [label, factor] of def.variants) {
        if (colours.length === 0) axes.push([label, factor, { size: label }]);
        else
          for (const [c, cName] of colours)
            axes.push([`${label} – ${cName}`, factor, { size: label, colour: c }]);
      }
      axes.forEach(([label, factor, attributes], i) =>
        variants.push({
          sku: `${skuOf(code)}-${i + 1}`,
          name: label,
          sequence: i + 1,
          isMain: i === 0,
          taxRateBp: VAT_BP.equipment,
          unitsPerPack: null,
          madeToOrder: r.chance(0.03),
          attributes,
          basePriceCents: Math.round(unit * factor),
        }),
      );
      out.push({
        ...emptyGenerated(code, 'equipment', names, equipmentDescription(names), brand),
        colours: colours.map(([c]) => c),
        clothingSizes: def.sizes ? [...def.sizes] : [],
        categoryCodes: [`equipment/${def.category}`],
        flags: { equipment: true, sterile: def.sterile === true, generated: true, generated_prices: true },
        variants,
      });
    }
  }
  for (const brand of ['VetWear', 'Clinic Line']) {
    for (const [key, n, eur] of CLOTHES) {
      const code = `gen:equipment:${toCode(brand)}:clothing:${key}`;
      const r = rngFor(seed, `equipment:${code}`);
      const names = tr(`${brand} ${n.fr}`, `${brand} ${n.nl}`, `${brand} ${n.en}`);
      const colours = CLOTHING_COLOURS.filter((_, i) => (hash32(`${code}:${i}`) & 1) === 0 || i === 0).slice(
        0,
        3,
      );
      const sizes = key === 'cap' ? ['M'] : CLOTHING_SIZES;
      const unit = Math.round(eur * 100 * (0.85 + r.next() * 0.35));
      const variants: ProductDraft['variants'] = [];
      let i = 0;
      for (const [c, cName] of colours) {
        for (const s of sizes) {
          variants.push({
            sku: `${skuOf(code)}-${c.toUpperCase()}-${s}`,
            name: `${s} – ${cName}`,
            sequence: ++i,
            isMain: i === 1,
            taxRateBp: VAT_BP.equipment,
            unitsPerPack: null,
            madeToOrder: s === 'XXL' && r.chance(0.3),
            attributes: { clothing_size: s, colour: c },
            basePriceCents: unit + (s === 'XXL' ? 300 : 0),
          });
        }
      }
      out.push({
        ...emptyGenerated(code, 'equipment', names, equipmentDescription(names), brand),
        colours: colours.map(([c]) => c),
        clothingSizes: [...sizes],
        categoryCodes: ['equipment/clothing'],
        flags: { equipment: true, generated: true, generated_prices: true },
        variants,
      });
    }
  }
  return out;
}

function equipmentDescription(names: L10n): L10n {
  return {
    fr: `${cap(names.fr)}. Matériel pour cabinet vétérinaire. Produit généré pour la démonstration.`,
    nl: `${cap(names.nl)}. Materiaal voor de dierenartspraktijk. Gegenereerd demonstratieproduct.`,
    en: `${cap(names.en)}. Equipment for the veterinary practice. Generated demonstration product.`,
  };
}
