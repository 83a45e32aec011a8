/**
 * Code mappings of the catalogue import (docs/product/catalogue-and-search.md#product "Descriptive attributes" and "Flags"):
 * species and administration routes as codes, legal categories as flags, therapeutic groups as
 * category codes. Source labels are English (UK VMD, EMA) or French (ANMV); matching is done on
 * accent-folded lower-case text. Decisions: docs/decisions/catalogue-merge.md.
 */
import { foldAccents } from '@vetshop/domain';

/** Species codes (labels live in the web message files). */
export type SpeciesCode =
  | 'dog'
  | 'cat'
  | 'cattle'
  | 'pig'
  | 'sheep'
  | 'goat'
  | 'horse'
  | 'poultry'
  | 'rabbit'
  | 'rodent'
  | 'bird'
  | 'fish'
  | 'bee'
  | 'reptile'
  | 'ferret'
  | 'other';

/** Ordered: the first matching pattern wins (wild canids before "dog"). */
const SPECIES_PATTERNS: readonly [RegExp, SpeciesCode][] = [
  [/fox|raccoon|renard|deer|cerf|frog|grenouille|exotic|wild/, 'other'],
  [
    /embryonated|chicken|\bpoul(e|es|et|ets|ette|ettes)\b|poussin|volaill|turkey|dinde|duck|canard|goose|\boie\b|pheasant|faisan|partridge|perdrix|quail|caille|guinea fowl|pintade|avian|aves|fowl/,
    'poultry',
  ],
  [/\bdogs?\b|chien|canid|canine/, 'dog'],
  [/\bcats?\b|\bchats?\b|felid|feline/, 'cat'],
  [/cattle|calf|calves|cow|heifer|buffalo|bovin|bovid|veau|vache|taurillon/, 'cattle'],
  [/\bpigs?\b|piglet|sow|gilt|swine|porc|truie|suid/, 'pig'],
  [/sheep|lamb|ewe|\bovin|ovid|agneau|brebis/, 'sheep'],
  [/goat|caprin|chevre|chevreau/, 'goat'],
  [/horse|equin|equid|pony|donkey|foal|cheval|jument|poulain|\banes?\b/, 'horse'],
  [/rabbit|\bhares?\b|lapin|leporid/, 'rabbit'],
  [/mouse|mice|\brats?\b|hamster|guinea pig|chinchilla|gerbil|rodent|rongeur|cobaye/, 'rodent'],
  [/pigeon|bird|oiseau|cage/, 'bird'],
  [/salmon|trout|fish|poisson|saumon|truite/, 'fish'],
  [/\bbees?\b|abeille/, 'bee'],
  [/reptile|lizard|snake|tortoise|turtle|lezard|serpent|tortue/, 'reptile'],
  [/ferret|polecat|mink|furet|vison/, 'ferret'],
];

/** One source species label → code; unknown labels → 'other'. */
export function speciesCode(label: string): SpeciesCode {
  const t = foldAccents(label).trim();
  for (const [re, code] of SPECIES_PATTERNS) if (re.test(t)) return code;
  return 'other';
}

/** Species codes found in a free text (product name, EMA group), without the 'other' fallback. */
export function speciesInText(text: string): SpeciesCode[] {
  const t = foldAccents(text);
  const found = new Set<SpeciesCode>();
  for (const [re, code] of SPECIES_PATTERNS) if (code !== 'other' && re.test(t)) found.add(code);
  return [...found];
}

/** Map a list of labels to unique, sorted codes (empty labels ignored). */
export function speciesCodes(labels: readonly string[]): SpeciesCode[] {
  const out = new Set<SpeciesCode>();
  for (const l of labels) if (l.trim()) out.add(speciesCode(l));
  return [...out].sort();
}

/** ANMV "voies d'administration" (French) → route codes. */
const ANMV_ROUTES: Record<string, string> = {
  orale: 'oral',
  intramusculaire: 'intramuscular',
  'sous-cutanee': 'subcutaneous',
  intraveineuse: 'intravenous',
  intraperitoneale: 'intraperitoneal',
  intramammaire: 'intramammary',
  cutanee: 'cutaneous',
  oculaire: 'ophthalmic',
  'intra-articulaire': 'intra_articular',
  'peri-articulaire': 'periarticular',
  'eau de boisson (administration par)': 'oral',
  intraruminale: 'intraruminal',
  auriculaire: 'auricular',
  'intra-uterine': 'intrauterine',
  retrobulbaire: 'retrobulbar',
  paravertebrale: 'paravertebral',
  intracardiaque: 'intracardiac',
  nasale: 'nasal',
  'voie topique': 'topical',
  topique: 'topical',
};

/** ANMV route label → code; unknown labels → 'other'. */
export function anmvRoute(label: string): string {
  return ANMV_ROUTES[foldAccents(label).trim()] ?? 'other';
}

/** Ordered pharmaceutical-form patterns (English and French) → route codes, where evident. */
const FORM_ROUTES: readonly [RegExp, string[]][] = [
  [/intramammar|intramammaire|teat seal/, ['intramammary']],
  [/intrauterine|intra-uterine/, ['intrauterine']],
  [/oculonasal/, ['ophthalmic', 'nasal']],
  [/\beye\b|ophthalm|oculaire/, ['ophthalmic']],
  [/\bear\b|otic|auricul/, ['auricular']],
  [/nasal/, ['nasal']],
  [/inhalation/, ['inhalation']],
  [/vaginal/, ['vaginal']],
  [/intraruminal/, ['intraruminal']],
  [/infusion/, ['intravenous']],
  [/injection|injectable/, ['parenteral']],
  [
    /pour-on|spot-on|teat dip|teat spray|\bdip\b|application cutanee|cutaneous|shampoo|spray|ointment|pommade|cream|gel\b|poultice|collar|ear tag/,
    ['topical'],
  ],
  [
    /oral|buvable|drinking water|eau de boisson|premix|premelange|feeding ?stuff|tablet|comprime|paste|pate|granule|syrup|sirop|bolus|capsule|gelule|powder|poudre|lyophilisate for oral/,
    ['oral'],
  ],
  [/bee-hive|beehive/, ['in_hive']],
  [/fish treatment/, ['immersion']],
];

/** Routes evident from a pharmaceutical form (UK VMD / ANMV); empty when not evident. */
export function formRoutes(form: string): string[] {
  const t = foldAccents(form);
  for (const [re, routes] of FORM_ROUTES) if (re.test(t)) return routes;
  return [];
}

/** Medicine flags of docs/product/catalogue-and-search.md#flags derived from the legal category and the active principles. */
export interface MedicineFlags extends Record<string, boolean> {
  meds: boolean;
  pharmaceutical: boolean;
  prescription: boolean;
  veterinary_only: boolean;
  narcotic_vet: boolean;
  psychotropic: boolean;
  equipment: boolean;
  food: boolean;
  human: boolean;
}

const NARCOTICS = /butorphanol|buprenorph|methadon|fentanyl|morphin|etorphin|pethidin|hydromorphon|tramadol/;
const PSYCHOTROPICS =
  /ketamin|tiletamin|zolazepam|diazepam|midazolam|phenobarbit|pentobarbit|secobarbit|alfaxalon/;

/**
 * Legal category → flags. UK POM-V and ANMV "soumis à ordonnance" → prescription and veterinary_only;
 * POM-VPS → prescription (vet, pharmacist or SQP); NFA-VPS / AVM-GSL / "non soumis" → neither;
 * EMA (no legal category in the export) → prescription and veterinary_only (conservative).
 */
export function medicineFlags(legalCategory: string | null, principles: readonly string[]): MedicineFlags {
  const lc = legalCategory ? foldAccents(legalCategory) : null;
  let prescription: boolean;
  let vetOnly: boolean;
  if (lc === null) {
    prescription = true;
    vetOnly = true;
  } else if (lc.includes('pom-vps')) {
    prescription = true;
    vetOnly = false;
  } else if (
    lc.includes('pom-v') ||
    (lc.includes('soumis a ordonnance') && !lc.startsWith('medicament veterinaire non'))
  ) {
    prescription = true;
    vetOnly = true;
  } else {
    prescription = false;
    vetOnly = false;
  }
  const p = foldAccents(principles.join(' '));
  return {
    meds: true,
    pharmaceutical: true,
    prescription,
    veterinary_only: vetOnly,
    narcotic_vet: NARCOTICS.test(p),
    psychotropic: PSYCHOTROPICS.test(p),
    equipment: false,
    food: false,
    human: false,
  };
}

/** Therapeutic group category codes under "meds". */
export const THERAPEUTIC_GROUPS = [
  'antimicrobials',
  'antiparasitics',
  'vaccines',
  'anti_inflammatories',
  'anaesthesia',
  'hormones',
  'gastrointestinal',
  'metabolism',
  'cardiovascular',
  'dermatologicals',
  'respiratory',
  'nervous_system',
  'sensory_organs',
  'blood',
  'urologicals',
  'oncology',
  'other',
] as const;
export type TherapeuticGroup = (typeof THERAPEUTIC_GROUPS)[number];

const GROUP_TEXT: readonly [RegExp, TherapeuticGroup][] = [
  [/vaccin|immunolog|serum|antisera|immunostim|immunomodul/, 'vaccines'],
  [
    /antiparasit|anthelmint|endectocid|ectoparasit|antiprotozo|coccidi|isoxazolin|milbemycin|avermectin|macrocyclic|insecticid|flukicid/,
    'antiparasitics',
  ],
  [
    /antimicrob|antibacter|antiinfect|anti-infect|antibiot|macrolide|sulfonamid|amphenicol|tetracycl|penicillin|antimycot|antifung|antiseptic/,
    'antimicrobials',
  ],
  [/anaesthe|anesthe|sedativ|hypnotic|psycholept|euthanas|muscle relax|neuroleptic/, 'anaesthesia'],
  [/inflamm|nsaid|analges|oxicam|coxib|corticoster|rheumat/, 'anti_inflammatories'],
  [
    /hormon|prostaglandin|pituitary|hypothalam|gonadotro|progest|oestr|estr|reproduct|insulin|antiadrenal/,
    'hormones',
  ],
  [/antineoplast|oncolog|cytotox|tigilanol|kinase inhibitor/, 'oncology'],
  [/cardio|diuretic|ace inhibitor|angiotensin|aldosterone|inotrop/, 'cardiovascular'],
  [/respirator|expectorant|mucolytic|bronch|airway/, 'respiratory'],
  [/neurolog|antiepilep|psychoanalept|dopaminergic|dopamine agonist|anticonvuls/, 'nervous_system'],
  [/gastrointestinal|antiemetic|antidiarrh|antibloat|laxative|probiotic|digestive|sglt2/, 'gastrointestinal'],
  [/mineral|vitamin|replacement agent|electrolyte|alimentary tract and metabolism|nutrition/, 'metabolism'],
  [/blood|haemat|hemat|antianaemi/, 'blood'],
  [/skin preparation|dermatolog|emollient/, 'dermatologicals'],
  [/otolog|ophthalmolog/, 'sensory_organs'],
  [/urolog|urinary/, 'urologicals'],
];

/** ATCvet prefixes → group (checked longest first). */
const ATC_GROUPS: readonly [string, TherapeuticGroup][] = [
  ['QJ', 'antimicrobials'],
  ['QJ51', 'antimicrobials'],
  ['QD06', 'antimicrobials'],
  ['QG01', 'antimicrobials'],
  ['QS01A', 'antimicrobials'],
  ['QS02A', 'antimicrobials'],
  ['QP', 'antiparasitics'],
  ['QI', 'vaccines'],
  ['QM01', 'anti_inflammatories'],
  ['QN02', 'anti_inflammatories'],
  ['QH02', 'anti_inflammatories'],
  ['QN01', 'anaesthesia'],
  ['QN05', 'anaesthesia'],
  ['QM03', 'anaesthesia'],
  ['QN51', 'anaesthesia'],
  ['QG03', 'hormones'],
  ['QG02', 'hormones'],
  ['QH01', 'hormones'],
  ['QH03', 'hormones'],
  ['QH', 'hormones'],
  ['QA10', 'hormones'],
  // ATCvet anatomical main groups (level 1), refined by the longer prefixes.
  ['QA', 'gastrointestinal'],
  ['QA11', 'metabolism'],
  ['QA12', 'metabolism'],
  ['QA16', 'metabolism'],
  ['QB', 'blood'],
  ['QC', 'cardiovascular'],
  ['QD', 'dermatologicals'],
  ['QD07', 'anti_inflammatories'],
  ['QD11A', 'anti_inflammatories'],
  ['QG04', 'urologicals'],
  ['QL01', 'oncology'],
  ['QL03', 'vaccines'],
  ['QL04', 'vaccines'],
  ['QM02', 'anti_inflammatories'],
  ['QN', 'nervous_system'],
  ['QR', 'respiratory'],
  ['QS', 'sensory_organs'],
];

/** Group from a UK therapeutic group or an EMA pharmacotherapeutic group text; null when none matches. */
export function groupFromText(text: string | null | undefined): TherapeuticGroup | null {
  if (!text) return null;
  const t = foldAccents(text);
  for (const [re, g] of GROUP_TEXT) if (re.test(t)) return g;
  return null;
}

/** An ATCvet code as the prefixes below are written: upper case, no spaces ("qp54 ab52" → "QP54AB52"); "" when absent. */
export function normaliseAtc(atc: string | null | undefined): string {
  return (atc ?? '').toUpperCase().replace(/\s+/g, '');
}

/** Group from an ATCvet code (longest matching prefix); null when none matches. */
export function groupFromAtc(atc: string | null | undefined): TherapeuticGroup | null {
  if (!atc) return null;
  const a = normaliseAtc(atc);
  let best: [string, TherapeuticGroup] | null = null;
  for (const entry of ATC_GROUPS)
    if (a.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  return best ? best[1] : null;
}

/**
 * What an antiparasitic acts on (docs/decisions/search-ranking.md, "Fleas are not worms"):
 * `ecto` parasites on the skin (fleas, ticks, lice, mites), `endo` worms (roundworms, tapeworms,
 * flukes), `endecto` both, `protozoa` coccidia and other protozoa.
 */
export type ParasiteKind = 'ecto' | 'endo' | 'endecto' | 'protozoa';

/** ATCvet subgroups of QP (antiparasitic products, insecticides and repellents) → kind. */
const ATC_PARASITE_KINDS: readonly [string, ParasiteKind][] = [
  ['QP51', 'protozoa'],
  ['QP52', 'endo'],
  ['QP53', 'ecto'],
  ['QP54', 'endecto'],
];

/** Source group wordings (UK VMD "Endectocide", "Anthelmintic flukicide"…) → kind; the first match wins. */
const TEXT_PARASITE_KINDS: readonly [RegExp, ParasiteKind][] = [
  [/endectocid/, 'endecto'],
  [/ectoparasit|insecticid|acaricid/, 'ecto'],
  [/anthelmint|flukicid|nematocid|cestocid/, 'endo'],
  [/protozo|coccidi/, 'protozoa'],
];

/**
 * The kind of parasite a medicine acts on, from its ATCvet code (QP51–QP54) or else its source's
 * therapeutic group wording; null when neither tells (a vaccine against parasites, an
 * antiparasitic without code or wording). Used for the search words of antiparasitics only.
 */
export function parasiteKind(
  atc: string | null | undefined,
  groupText: string | null | undefined,
): ParasiteKind | null {
  const a = normaliseAtc(atc);
  for (const [prefix, kind] of ATC_PARASITE_KINDS) if (a.startsWith(prefix)) return kind;
  const t = foldAccents(groupText ?? '');
  for (const [re, kind] of TEXT_PARASITE_KINDS) if (re.test(t)) return kind;
  return null;
}

/** Species code → "by species" category code under meds. */
export function speciesCategory(code: string): string {
  switch (code) {
    case 'dog':
      return 'dogs';
    case 'cat':
      return 'cats';
    case 'horse':
      return 'horses';
    case 'cattle':
      return 'cattle';
    case 'pig':
      return 'pigs';
    case 'sheep':
    case 'goat':
      return 'sheep_goats';
    case 'poultry':
      return 'poultry';
    case 'rabbit':
    case 'rodent':
    case 'ferret':
      return 'small_mammals';
    default:
      return 'others';
  }
}
