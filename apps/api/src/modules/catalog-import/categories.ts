/**
 * The category tree (docs/product/catalogue-and-search.md#category): roots meds / food / equipment; under meds the therapeutic
 * groups and a "by species" branch; food and equipment subcategories. Names written in fr/nl/en;
 * url keys per locale are paths of the slugs of the names ("medicaments/antimicrobiens").
 */
import { foldAccents, toUrlKey } from '@vetshop/domain';
import type { Family } from '../../db/schema.ts';
import { normaliseAtc, parasiteKind, type ParasiteKind } from './mapping.ts';

export interface CategoryDef {
  /** Stable code ("meds", "meds/antimicrobials", "meds/species/dogs", "food/dog"...). */
  code: string;
  parent: string | null;
  family: Family;
  sequence: number;
  names: { fr: string; nl: string; en: string };
  /**
   * Words a practitioner searches this category by, besides its name (docs/decisions/search-ranking.md,
   * "Categories and their search words"): stored as the category's meta keywords, indexed with
   * its products. The therapeutic groups and the food subcategories have some; an empty text is none.
   */
  keywords?: { fr: string; nl: string; en: string };
}

type Names = [string, string, string];

const tree: [string, Family, Names, [string, Names][]][] = [
  [
    'meds',
    'meds',
    ['Médicaments', 'Geneesmiddelen', 'Medicines'],
    [
      ['antimicrobials', ['Antimicrobiens', 'Antimicrobiële middelen', 'Antimicrobials']],
      ['antiparasitics', ['Antiparasitaires', 'Antiparasitaire middelen', 'Antiparasitics']],
      [
        'vaccines',
        ['Vaccins et immunologiques', 'Vaccins en immunologische middelen', 'Vaccines and immunologicals'],
      ],
      [
        'anti_inflammatories',
        [
          'Anti-inflammatoires et analgésiques',
          'Ontstekingsremmers en pijnstillers',
          'Anti-inflammatories and analgesics',
        ],
      ],
      ['anaesthesia', ['Anesthésie et sédation', 'Anesthesie en sedatie', 'Anaesthesia and sedation']],
      ['hormones', ['Hormones et reproduction', 'Hormonen en voortplanting', 'Hormones and reproduction']],
      ['gastrointestinal', ['Système digestif', 'Spijsverteringsstelsel', 'Digestive system']],
      [
        'metabolism',
        [
          'Vitamines, minéraux et métabolisme',
          'Vitaminen, mineralen en metabolisme',
          'Vitamins, minerals and metabolism',
        ],
      ],
      ['cardiovascular', ['Cardiologie', 'Hart en bloedvaten', 'Cardiovascular system']],
      ['dermatologicals', ['Dermatologie', 'Dermatologie', 'Dermatologicals']],
      ['respiratory', ['Système respiratoire', 'Ademhalingsstelsel', 'Respiratory system']],
      ['nervous_system', ['Système nerveux', 'Zenuwstelsel', 'Nervous system']],
      ['sensory_organs', ['Yeux et oreilles', 'Ogen en oren', 'Eyes and ears']],
      ['blood', ['Sang et substituts du sang', 'Bloed en bloedvervangers', 'Blood and blood substitutes']],
      ['urologicals', ['Urologie', 'Urologie', 'Urologicals']],
      ['oncology', ['Oncologie', 'Oncologie', 'Oncology']],
      ['other', ['Autres médicaments', 'Overige geneesmiddelen', 'Other medicines']],
      ['species', ['Par espèce', 'Per diersoort', 'By species']],
    ],
  ],
  [
    'food',
    'food',
    ['Alimentation', 'Voeding', 'Food'],
    [
      ['dog', ['Chiens', 'Honden', 'Dogs']],
      ['cat', ['Chats', 'Katten', 'Cats']],
      ['horse', ['Chevaux', 'Paarden', 'Horses']],
      ['livestock', ['Animaux de rente', 'Landbouwhuisdieren', 'Livestock']],
    ],
  ],
  [
    'equipment',
    'equipment',
    ['Matériel', 'Materiaal', 'Equipment'],
    [
      ['instruments', ['Instruments', 'Instrumenten', 'Instruments']],
      ['consumables', ['Consommables', 'Verbruiksmateriaal', 'Consumables']],
      ['diagnostics', ['Diagnostic', 'Diagnostiek', 'Diagnostics']],
      ['clothing', ['Vêtements', 'Kleding', 'Clothing']],
    ],
  ],
];

/** Species branch under meds/species (codes from mapping.speciesCategory). */
const speciesBranch: [string, Names][] = [
  ['dogs', ['Chiens', 'Honden', 'Dogs']],
  ['cats', ['Chats', 'Katten', 'Cats']],
  ['horses', ['Chevaux', 'Paarden', 'Horses']],
  ['cattle', ['Bovins', 'Runderen', 'Cattle']],
  ['pigs', ['Porcs', 'Varkens', 'Pigs']],
  ['sheep_goats', ['Moutons et chèvres', 'Schapen en geiten', 'Sheep and goats']],
  ['poultry', ['Volailles', 'Pluimvee', 'Poultry']],
  ['small_mammals', ['Petits mammifères', 'Kleine zoogdieren', 'Small mammals']],
  ['others', ['Autres espèces', 'Andere diersoorten', 'Other species']],
];

const names = (n: Names): CategoryDef['names'] => ({ fr: n[0], nl: n[1], en: n[2] });

/**
 * Search words of the therapeutic groups, by the child code under meds, in fr, nl and en: the
 * everyday and professional words for the class ("vermifuge", "ontworming", "dewormer") that
 * the groups' names do not contain. Indexed with weight D, as species labels are.
 */
const THERAPEUTIC_KEYWORDS: Record<string, Names> = {
  antimicrobials: [
    'antibiotique antibiotiques antibactérien antibactériens',
    'antibiotica antibioticum antibacterieel',
    'antibiotic antibiotics antibacterial',
  ],
  // The parasites' own words ("vermifuge", "puces") are the products' (PARASITE_KEYWORDS below).
  antiparasitics: ['antiparasitaire déparasitant', 'antiparasitair', 'antiparasitic'],
  vaccines: [
    'vaccin vaccins vaccination',
    'vaccin vaccins vaccinatie entstof',
    'vaccine vaccines vaccination',
  ],
  anti_inflammatories: [
    'AINS anti-inflammatoire antidouleur analgésique douleur',
    'NSAID ontstekingsremmer pijnstiller pijn',
    'NSAID anti-inflammatory painkiller analgesic pain',
  ],
  anaesthesia: [
    'anesthésique anesthésiant sédatif tranquillisant',
    'anestheticum verdoving sedativum kalmeringsmiddel',
    'anaesthetic anesthetic sedative tranquilliser',
  ],
  hormones: ['hormone fertilité chaleurs', 'hormoon vruchtbaarheid bronst', 'hormone fertility oestrus'],
  gastrointestinal: [
    'digestif diarrhée antiémétique vomissements',
    'spijsvertering diarree braken',
    'digestive diarrhoea diarrhea antiemetic vomiting',
  ],
  metabolism: ['vitamine minéral', 'vitamine mineraal', 'vitamin mineral'],
  cardiovascular: ['cardiaque coeur insuffisance', 'hart cardiaal hartfalen', 'heart cardiac failure'],
  dermatologicals: ['peau dermatite', 'huid dermatitis', 'skin dermatitis'],
  respiratory: ['respiratoire toux', 'ademhaling hoest', 'respiratory cough'],
  nervous_system: ['neurologie épilepsie', 'neurologie epilepsie', 'neurology epilepsy'],
  sensory_organs: [
    'ophtalmique oculaire oeil otite oreille auriculaire',
    'oog oogdruppels oor oorontsteking',
    'eye ophthalmic ear otic otitis',
  ],
  blood: ['sang perfusion', 'bloed infuus', 'blood infusion'],
  urologicals: ['urinaire incontinence vessie', 'urine incontinentie blaas', 'urinary incontinence bladder'],
  oncology: ['cancer tumeur', 'kanker tumor', 'cancer tumour tumor'],
};

/**
 * Search words of the food subcategories: the Dutch compounds a practice types for a pet food
 * ("hondenvoer", "kattenbrokken"), which no product name writes in one word ("… Hond brokken").
 * French and English names already say "croquettes", "pâtée", "dry food".
 */
const FOOD_KEYWORDS: Record<string, Names> = {
  dog: ['', 'hondenvoer hondenvoeding hondenbrokken', ''],
  cat: ['', 'kattenvoer kattenvoeding kattenbrokken', ''],
  horse: ['', 'paardenvoer paardenvoeding', ''],
  livestock: ['', 'veevoer', ''],
};

/**
 * Search words of an antiparasitic by what it acts on (docs/decisions/search-ranking.md, "Fleas
 * are not worms"), in fr, nl and en: a vet who types "puces", "vlooien" or "flea" wants the
 * products against fleas and ticks, not a dewormer for cattle. Endectocides act on both.
 */
const PARASITE_KEYWORDS: Record<Exclude<ParasiteKind, 'endecto'> | 'fleas', Names> = {
  // Fleas live on pets (FLEA_HOSTS): a pour-on for cattle is not what "puces" asks for.
  fleas: ['antipuces puces', 'vlooien vlo', 'flea fleas'],
  ecto: [
    'tiques poux acariens gale ectoparasitaire',
    'teken teek luizen mijten schurft ectoparasitair',
    'tick ticks lice mites mange ectoparasiticide',
  ],
  endo: [
    'vermifuge vermifuges vers ténias douve anthelminthique',
    'ontworming ontwormen ontwormingsmiddel wormmiddel wormen lintworm leverbot anthelminticum',
    'dewormer wormer worms tapeworm fluke anthelmintic',
  ],
  protozoa: ['coccidiose antiprotozoaire', 'coccidiose', 'coccidiosis antiprotozoal'],
};

/** The species fleas are treated on. */
const FLEA_HOSTS = new Set(['dog', 'cat', 'rabbit', 'ferret']);

/**
 * Search words of a medicine given by one of its routes: intramammary tubes are what a vet types
 * "mammite", "uierontsteking" or "mastitis" for (their names say "intramammaire").
 */
const ROUTE_KEYWORDS: Record<string, Names> = {
  intramammary: ['mammite tarissement', 'uierontsteking mastitis droogzetten droogzetter', 'mastitis'],
};

/**
 * Search words of what a medicine is for, when only part of its therapeutic group is: by its
 * ATCvet code, or else its source's group wording (the UK VMD's "Neurological Agent euthanasia
 * agent", "Anti Inflammatory NSAID"; the EMA's "Agents for dermatitis, excluding corticosteroids").
 * A sedative is no euthanasia product, a corticosteroid eye drop no treatment of arthrosis.
 */
const PURPOSE_KEYWORDS: readonly { atc: RegExp; text: RegExp; words: Names }[] = [
  { atc: /^QN51/, text: /euthanas/, words: ['euthanasie', 'euthanasie', 'euthanasia'] },
  {
    atc: /^QM01/,
    text: /nsaid|rheumat|coxib|bedinvetmab|frunevetmab/,
    words: ['arthrose', 'artrose gewrichtspijn', 'arthritis osteoarthritis'],
  },
  { atc: /^QD11AH/, text: /agents for dermatitis/, words: ['démangeaisons prurit', 'jeuk', 'itch pruritus'] },
];

/**
 * Search words of a vaccine or immune serum by the disease it protects against
 * (docs/decisions/search-ranking.md, "A vaccine by its disease"), in fr, nl and en: a practice
 * types "vaccin rage", "kennelhoest", "blauwtong", where the sources name the antigen, mostly in
 * English ("Rabies virus", "Canine parainfluenza virus", "Bluetongue virus"). `antigen` is tested
 * on the folded active substances and name; `species`, when given, limits the words to vaccines
 * for those species or for species not known (bovine parainfluenza is no kennel cough).
 */
const VACCINE_KEYWORDS: readonly { antigen: RegExp; species?: readonly string[]; words: Names }[] = [
  { antigen: /rabies|rabique|\brage\b/, words: ['rage antirabique', 'rabiës hondsdolheid', 'rabies'] },
  { antigen: /leptospir/, words: ['leptospirose', 'leptospirose', 'leptospirosis'] },
  { antigen: /parvovir/, words: ['parvovirose parvo', 'parvovirose parvo', 'parvovirus parvo'] },
  { antigen: /distemper|maladie de carre/, words: ['maladie de Carré', 'hondenziekte', 'distemper'] },
  {
    antigen: /canine adenovirus|adenovirus canin|cav-?2/,
    words: ['hépatite de Rubarth', 'hepatitis leverontsteking', 'canine hepatitis'],
  },
  {
    antigen: /parainfluenza|bordetella/,
    species: ['dog'],
    words: ['toux du chenil', 'kennelhoest', 'kennel cough'],
  },
  { antigen: /calicivir|rhinotracheit/, species: ['cat'], words: ['coryza', 'niesziekte', 'cat flu'] },
  {
    antigen: /panleu[ck]open/,
    words: ['typhus panleucopénie', 'kattenziekte panleukopenie', 'panleukopenia'],
  },
  {
    antigen: /leuka?emia|leucose|felv/,
    words: ['leucose FeLV', 'leukose leukemie FeLV', 'leukaemia leukemia FeLV'],
  },
  {
    antigen: /bluetongue|fievre catarrhale|\bbtv/,
    words: ['fièvre catarrhale FCO langue bleue', 'blauwtong', 'bluetongue'],
  },
  {
    antigen: /viral diarrh|\bbvd/,
    species: ['cattle', 'sheep', 'goat'],
    // Not "diarrhée": BVD is what a practice calls it, and "diarrhée veau" asks for the calves' scour.
    words: ['BVD BVD-MD', 'BVD', 'BVD'],
  },
  {
    antigen: /bovine rhinotra|bovine herpes|\bibr\b/,
    species: ['cattle'],
    words: ['IBR rhinotrachéite', 'IBR', 'IBR'],
  },
  { antigen: /myxom/, words: ['myxomatose', 'myxomatose', 'myxomatosis'] },
  {
    antigen: /haemorrhagic disease|hemorrhagic disease|\brhd/,
    species: ['rabbit'],
    words: ['VHD maladie hémorragique', 'VHD RHD', 'RHD VHD'],
  },
  { antigen: /tetan/, words: ['tétanos', 'tetanus', 'tetanus'] },
  { antigen: /(?<!para)influenza|grippe/, words: ['grippe', 'griep influenza', 'influenza flu'] },
  { antigen: /erysipel|rouget/, words: ['rouget', 'vlekziekte', 'erysipelas'] },
  { antigen: /leishmani/, words: ['leishmaniose', 'leishmaniose', 'leishmaniasis'] },
  { antigen: /circovir|\bpcv/, words: ['circovirose circovirus', 'circovirus', 'circovirus'] },
  { antigen: /reproductive syndrome|\bprrs/, words: ['SDRP PRRS', 'PRRS', 'PRRS'] },
  {
    antigen: /hyopneumoniae/,
    words: ['pneumonie enzootique', 'enzoötische pneumonie', 'enzootic pneumonia'],
  },
  // The neonatal diarrhoea vaccines hold a rotavirus; a coronavirus alone is a respiratory one.
  { antigen: /rotavir/, words: ['diarrhée néonatale', 'diarree kalverdiarree', 'diarrhoea scour'] },
  { antigen: /salmonell/, words: ['salmonellose', 'salmonellose', 'salmonellosis'] },
  {
    // Clostridia other than tetani: tetanus has its own words.
    antigen: /clostridi\w*\s+(?!tetani)\w/,
    words: ['entérotoxémie clostridiose', 'enterotoxemie clostridiose', 'enterotoxaemia clostridial'],
  },
  { antigen: /bursal|gumboro/, words: ['Gumboro', 'Gumboro', 'Gumboro'] },
  { antigen: /streptococcus equi\b/, words: ['gourme', 'droes', 'strangles'] },
  { antigen: /west nile/, words: ['Nil occidental', 'westnijlvirus', 'West Nile'] },
  { antigen: /equine herpes/, words: ['rhinopneumonie', 'rhinopneumonie', 'rhinopneumonitis'] },
  { antigen: /coxiella/, words: ['fièvre Q', 'Q-koorts', 'Q fever'] },
  {
    antigen: /staphylococcus aureus|streptococcus uberis/,
    species: ['cattle', 'sheep', 'goat'],
    words: ['mammite', 'uierontsteking mastitis', 'mastitis'],
  },
  { antigen: /trichophyton/, words: ['teigne', 'ringworm', 'ringworm'] },
  { antigen: /dichelobacter/, words: ['piétin', 'rotkreupel', 'footrot'] },
  { antigen: /chlamydophila abortus/, words: ['avortement enzootique', 'abortus', 'enzootic abortion'] },
  { antigen: /lawsonia/, words: ['iléite', 'ileitis', 'ileitis'] },
  { antigen: /paratubercul/, words: ['paratuberculose', 'paratuberculose', 'paratuberculosis'] },
  { antigen: /escherichia coli|e\. coli/, words: ['colibacillose', 'colibacillose', 'colibacillosis'] },
  { antigen: /pleuropneumoniae/, words: ['pleuropneumonie', 'pleuropneumonie', 'pleuropneumonia'] },
  {
    antigen: /dermonecrotic|multocida toxin/,
    words: ['rhinite atrophique', 'snuffelziekte', 'atrophic rhinitis'],
  },
];

/**
 * A medicine's own search words (`product_translations.search_words`;
 * docs/decisions/search-ranking.md, "Fleas are not worms"), per locale, or undefined when it has
 * none, from its therapeutic `group`, ATCvet code, source's group wording and routes: an
 * antiparasitic's by what it acts on (`parasiteKind`, else that of its substances' other medicines;
 * an endectocide, or one whose kind is not told, gets both the skin parasites' and the worms'
 * words; the fleas' only when it is for a pet or its species are not known), a vaccine's by the
 * diseases of its antigens (`VACCINE_KEYWORDS`), its substances' names in each language
 * (data/vocabulary/substance-names.csv: "ijzer", "clavulaanzuur"), those of its purpose
 * (`PURPOSE_KEYWORDS`: euthanasia, arthrosis, itch) and of its routes (`ROUTE_KEYWORDS`). Words
 * that fit a whole therapeutic group are the category's instead (`THERAPEUTIC_KEYWORDS`).
 */
export function medicineSearchWords(m: {
  group: string;
  atcvet: string | null;
  groupText: string | null;
  routes: readonly string[];
  /** Its target species' codes; none known (empty or absent) counts as every species. */
  species?: readonly string[];
  /** What the medicines of its active substances act on, when its code and wording tell nothing (enrich.ts `parasiteKindsBySubstances`). */
  substancesKind?: ParasiteKind | null;
  /** Its active substances and name as the sources write them: a vaccine's antigens (`VACCINE_KEYWORDS`). */
  principles?: readonly string[];
  name?: string;
  /** Its substances' names in each language, where they are not the sources' (vocabulary.ts `substanceNamesOf`). */
  substanceNames?: ReadonlyArray<{ fr: readonly string[]; nl: readonly string[]; en: readonly string[] }>;
}): CategoryDef['names'] | undefined {
  const sets: Names[] = (m.substanceNames ?? []).map((n) => [n.fr.join(' '), n.nl.join(' '), n.en.join(' ')]);
  if (m.group === 'antiparasitics') {
    const kind = parasiteKind(m.atcvet, m.groupText) ?? m.substancesKind ?? null;
    const kinds = kind === null || kind === 'endecto' ? (['ecto', 'endo'] as const) : [kind];
    const pets = !m.species?.length || m.species.some((s) => FLEA_HOSTS.has(s));
    if (pets && kinds.includes('ecto')) sets.push(PARASITE_KEYWORDS.fleas);
    for (const k of kinds) sets.push(PARASITE_KEYWORDS[k]);
  }
  if (m.group === 'vaccines') {
    const antigens = foldAccents([...(m.principles ?? []), m.name ?? ''].join(' '));
    for (const v of VACCINE_KEYWORDS)
      if (
        v.antigen.test(antigens) &&
        (!v.species || !m.species?.length || m.species.some((s) => v.species?.includes(s)))
      )
        sets.push(v.words);
  }
  const atcvet = normaliseAtc(m.atcvet);
  const groupText = foldAccents(m.groupText ?? '');
  for (const purpose of PURPOSE_KEYWORDS)
    if (purpose.atc.test(atcvet) || purpose.text.test(groupText)) sets.push(purpose.words);
  for (const route of m.routes) {
    const routeWords = ROUTE_KEYWORDS[route];
    if (routeWords) sets.push(routeWords);
  }
  if (sets.length === 0) return undefined;
  const words = (i: 0 | 1 | 2) => sets.map((set) => set[i]).join(' ');
  return { fr: words(0), nl: words(1), en: words(2) };
}

/** All categories, parents before children. */
export function categoryDefs(): CategoryDef[] {
  const out: CategoryDef[] = [];
  tree.forEach(([root, family, rootNames, children], i) => {
    out.push({ code: root, parent: null, family, sequence: i + 1, names: names(rootNames) });
    children.forEach(([child, childNames], j) => {
      const keywords = (root === 'meds' ? THERAPEUTIC_KEYWORDS : root === 'food' ? FOOD_KEYWORDS : {})[child];
      out.push({
        code: `${root}/${child}`,
        parent: root,
        family,
        sequence: j + 1,
        names: names(childNames),
        ...(keywords ? { keywords: names(keywords) } : {}),
      });
    });
  });
  speciesBranch.forEach(([code, n], j) => {
    out.push({
      code: `meds/species/${code}`,
      parent: 'meds/species',
      family: 'meds',
      sequence: j + 1,
      names: names(n),
    });
  });
  return out;
}

/** Url key path of a category in a locale ("medicaments/par-espece/chiens"). */
export function categoryUrlKey(
  defs: readonly CategoryDef[],
  code: string,
  locale: 'fr' | 'nl' | 'en',
): string {
  const byCode = new Map(defs.map((d) => [d.code, d]));
  const parts: string[] = [];
  for (let d = byCode.get(code); d; d = d.parent ? byCode.get(d.parent) : undefined)
    parts.unshift(toUrlKey(d.names[locale]));
  return parts.join('/');
}
