/**
 * Names of real presentations (ANMV packs: "Boîte de 1 flacon de 50 mL") in Dutch and English
 * (docs/decisions/presentation-names.md). The source writes them in French only; a Dutch or English
 * page showed "Boîte de 5 flacons de 10 mL avec ou sans col blowback" where the customer chooses a
 * pack. A presentation is translated phrase by phrase from the fixed list below, or not at all: one
 * word the list does not hold and every language keeps the French wording (a half-translated pack
 * name would be worse than the authorised one). Numbers are copied as written (English writes a
 * decimal point), so a pack's count and content never change in translation.
 */
import type { Locale } from '@vetshop/domain';

type L10n = Record<Locale, string>;

/** What a phrase's `{vial}` / `{vials}` becomes: a vial for an injectable, else a bottle. */
interface Context {
  injectable: boolean;
}

/** `{vial}`, `{vials}` of a phrase in each language: EDQM's vial (injectable) and bottle. */
const CONTAINERS = {
  nl: { vial: ['injectieflacon', 'flacon'], vials: ['injectieflacons', 'flacons'] },
  en: { vial: ['vial', 'bottle'], vials: ['vials', 'bottles'] },
} as const;

/** Route codes (data/vocabulary/edqm-standard-terms.csv) of a medicine given by injection. */
const INJECTION_ROUTES = new Set([
  'parenteral',
  'intramuscular',
  'subcutaneous',
  'intravenous',
  'intraperitoneal',
  'intra_articular',
  'periarticular',
  'retrobulbar',
  'paravertebral',
  'intracardiac',
]);

/** A phrase's Dutch and English wording; `nl` may depend on the tokens that follow the phrase. */
interface Phrase {
  nl: string | ((after: readonly Token[]) => string);
  en: string;
}

/**
 * French phrase (lower case, words separated by one space) → Dutch, English. Units and numbers are
 * not listed: they pass through as written ({@link UNITS}). The containers are EDQM's standard
 * terms (box, vial or bottle, ampoule, syringe, sachet, blister; Dutch "injectieflacon" for a vial),
 * the joining words those of Belgian package leaflets ("Doos met 1 injectieflacon van 50 ml").
 */
const PHRASES: Record<string, Phrase> = {
  // Outer containers.
  boîte: { nl: 'doos', en: 'box' },
  boîtes: { nl: 'dozen', en: 'boxes' },
  'boîte carton': { nl: 'kartonnen doos', en: 'cardboard box' },
  'boîte en carton': { nl: 'kartonnen doos', en: 'cardboard box' },
  carton: { nl: 'karton', en: 'carton' },
  etui: { nl: 'doosje', en: 'carton' },
  sac: { nl: 'zak', en: 'bag' },
  seau: { nl: 'emmer', en: 'bucket' },
  'seau polypropylène': { nl: 'polypropyleen emmer', en: 'polypropylene bucket' },
  pot: { nl: 'pot', en: 'tub' },
  bidon: { nl: 'bidon', en: 'can' },
  "container d' azote liquide": { nl: 'container met vloeibare stikstof', en: 'liquid nitrogen container' },
  // Primary containers.
  flacon: { nl: '{vial}', en: '{vial}' },
  flacons: { nl: '{vials}', en: '{vials}' },
  'flacon verre': { nl: 'glazen {vial}', en: 'glass {vial}' },
  'flacons verre': { nl: 'glazen {vials}', en: 'glass {vials}' },
  'flacon verre de type i': { nl: '{vial} van type I-glas', en: 'type I glass {vial}' },
  'flacon verre de type ii': { nl: '{vial} van type II-glas', en: 'type II glass {vial}' },
  'flacon pet': { nl: 'PET-flacon', en: 'PET bottle' },
  'flacons pet': { nl: 'PET-flacons', en: 'PET bottles' },
  'flacon plastique': { nl: 'plastic flacon', en: 'plastic bottle' },
  'flacon polyéthylène': { nl: 'polyethyleen flacon', en: 'polyethylene bottle' },
  'flacon poudreur': { nl: 'strooiflacon', en: 'shaker bottle' },
  ampoule: { nl: 'ampul', en: 'ampoule' },
  ampoules: { nl: 'ampullen', en: 'ampoules' },
  seringue: { nl: 'spuit', en: 'syringe' },
  seringues: { nl: 'spuiten', en: 'syringes' },
  'seringue graduée': { nl: 'gegradueerde spuit', en: 'graduated syringe' },
  'seringue pour administration orale': { nl: 'spuit voor oraal gebruik', en: 'oral syringe' },
  'seringues intramammaires': { nl: 'injectoren voor intramammair gebruik', en: 'intramammary syringes' },
  'pipette graduée': { nl: 'gegradueerde pipet', en: 'graduated pipette' },
  applicateurs: { nl: 'applicatoren', en: 'applicators' },
  tube: { nl: 'tube', en: 'tube' },
  sachet: { nl: 'sachet', en: 'sachet' },
  sache: { nl: 'sachet', en: 'sachet' },
  sachets: { nl: 'sachets', en: 'sachets' },
  plaquette: { nl: 'blisterverpakking', en: 'blister' },
  plaquettes: { nl: 'blisterverpakkingen', en: 'blisters' },
  'plaquette thermoformée': { nl: 'blisterverpakking', en: 'blister' },
  'plaquettes thermoformées': { nl: 'blisterverpakkingen', en: 'blisters' },
  // Contents.
  comprimés: { nl: 'tabletten', en: 'tablets' },
  'comprimés enrobés': { nl: 'omhulde tabletten', en: 'coated tablets' },
  'comprimés pelliculés': { nl: 'filmomhulde tabletten', en: 'film-coated tablets' },
  'comprimés sécables': { nl: 'deelbare tabletten', en: 'scored tablets' },
  'comprimés quadrisécables': { nl: 'in vier deelbare tabletten', en: 'quarter-scored tablets' },
  'serviette nettoyante': { nl: 'reinigingsdoekje', en: 'cleaning wipe' },
  'serviettes nettoyantes': { nl: 'reinigingsdoekjes', en: 'cleaning wipes' },
  dose: { nl: 'dosis', en: 'dose' },
  doses: { nl: 'doses', en: 'doses' },
  litre: { nl: 'liter', en: 'litre' },
  litres: { nl: 'liter', en: 'litres' },
  'de poudre': { nl: 'poeder', en: 'of powder' },
  'de solvant': { nl: 'oplosmiddel', en: 'of solvent' },
  'de lyophilisat': { nl: 'lyofilisaat', en: 'of lyophilisate' },
  'de suspension': { nl: 'suspensie', en: 'of suspension' },
  // Fittings.
  'avec embout sécable': { nl: 'met afbreekbare tip', en: 'with snap-off tip' },
  'avec fermeture zip': { nl: 'met ritssluiting', en: 'with zip closure' },
  'avec bouchon doseur': { nl: 'met doseerdop', en: 'with measuring cap' },
  'avec godet mesureur': { nl: 'met maatbeker', en: 'with measuring cup' },
  'avec ou sans col blowback': { nl: 'met of zonder blowbackhals', en: 'with or without blowback neck' },
  // Joining words. Dutch says "van" before a measure ("flacon van 50 ml") and "met" before a count
  // of things ("doos met 10 tabletten").
  de: { nl: (after) => (measureFollows(after) ? 'van' : 'met'), en: 'of' },
  et: { nl: 'en', en: 'and' },
  'et de': { nl: 'en', en: 'and' },
  "et d' une cuillère de prélèvement": { nl: 'en een doseerschep', en: 'and a sampling scoop' },
  à: { nl: 'tot', en: 'to' },
  n: { nl: 'n', en: 'n' },
};

/** Units written as in the source in every language ("mL", "ml", "L", "kg"). */
const UNITS = new Set(['ml', 'l', 'g', 'kg']);

/** Words after which Dutch "de" is "van": units and doses. */
const MEASURES = new Set([...UNITS, 'litre', 'litres', 'dose', 'doses']);

/** The longest phrase, in words. */
const LONGEST = Math.max(...Object.keys(PHRASES).map((k) => k.split(' ').length));

interface Token {
  kind: 'word' | 'number' | 'other';
  text: string;
}

/** Words (an elided "d'" is a word of its own), numbers ("2 000", "0,5") and the rest (spaces, brackets). */
function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /(\d+(?:[ \u00a0\u202f]\d{3})*(?:,\d+)?)|(\p{L}+['’]?)|([^\p{L}\d]+)/gu;
  for (const m of text.matchAll(re)) {
    const kind = m[1] !== undefined ? 'number' : m[2] !== undefined ? 'word' : 'other';
    tokens.push({ kind, text: m[0] });
  }
  return tokens;
}

/** True when the tokens after a "de" are a number then a measure ("de 50 mL", "de 1 dose"). */
function measureFollows(after: readonly Token[]): boolean {
  const [number, word] = after.filter((t) => t.text.trim() !== '');
  return number?.kind === 'number' && word?.kind === 'word' && MEASURES.has(word.text.toLowerCase());
}

/** The phrase key of words: lower case, an elision's apostrophe written straight. */
function keyOf(words: readonly Token[]): string {
  return words.map((w) => w.text.toLowerCase().replace('’', "'")).join(' ');
}

/** `text` with its first letter upper case. */
function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase('fr') + text.slice(1);
}

/**
 * `presentation` in Dutch and English, or null when a word of it is not in the list. `ctx` picks
 * vial or bottle for the English of "flacon".
 */
function translate(presentation: string, ctx: Context): { nl: string; en: string } | null {
  const tokens = tokensOf(presentation);
  const out = { nl: '', en: '' };
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (token.kind === 'other') {
      out.nl += token.text;
      out.en += token.text;
      i++;
      continue;
    }
    if (token.kind === 'number') {
      out.nl += token.text;
      out.en += token.text.replace(',', '.');
      i++;
      continue;
    }
    if (UNITS.has(token.text.toLowerCase())) {
      out.nl += token.text;
      out.en += token.text;
      i++;
      continue;
    }
    // The longest phrase that starts here: words separated by single spaces or after an elision.
    let found: { phrase: Phrase; next: number } | null = null;
    const words: Token[] = [];
    for (let j = i; j < tokens.length && words.length < LONGEST; j++) {
      const t = tokens[j]!;
      if (t.kind === 'other') {
        if (t.text !== ' ' || words.length === 0) break;
        continue;
      }
      if (t.kind !== 'word') break;
      words.push(t);
      const phrase = PHRASES[keyOf(words)];
      if (phrase) found = { phrase, next: j + 1 };
    }
    if (!found) return null;
    const after = tokens.slice(found.next);
    const which = ctx.injectable ? 0 : 1;
    const container = (text: string, lang: 'nl' | 'en') =>
      text.replace(/\{(vials?)\}/u, (_, k: 'vial' | 'vials') => CONTAINERS[lang][k][which]);
    let nl = container(typeof found.phrase.nl === 'string' ? found.phrase.nl : found.phrase.nl(after), 'nl');
    let en = container(found.phrase.en, 'en');
    if (/^\p{Lu}/u.test(token.text)) {
      nl = capitalised(nl);
      en = capitalised(en);
    }
    out.nl += nl;
    out.en += en;
    i = found.next;
  }
  return out;
}

/**
 * The name of a real presentation in each language: `fr` its source wording, `nl` and `en` its
 * translation phrase by phrase; null when a word of it is not in the list (every language then
 * shows the source wording, the variant's `name`). `routes`: the product's route codes; a
 * "flacon" of a medicine given by injection is a vial in English, any other a bottle.
 */
export function presentationNames(presentation: string, routes: readonly string[]): L10n | null {
  const injectable = routes.some((r) => INJECTION_ROUTES.has(r));
  const translated = translate(presentation, { injectable });
  return translated ? { fr: presentation, ...translated } : null;
}
