/**
 * Names of generated variants in each language (docs/decisions/catalogue-vocabulary.md, "Variant
 * names in the page's language"). The generator writes pack and equipment labels in French ("4
 * injecteurs", "Boîte de 10", "M – Bleu marine") or with an English abbreviation ("10 pcs"); a
 * Dutch or English page showed them as written. Real presentations (ANMV) are named by
 * presentation-names.ts.
 */
import type { Locale } from '@vetshop/domain';

type L10n = Record<Locale, string>;

/**
 * The words of generated labels that differ by language: French wording → [fr, nl, en]. Longer
 * phrases first ("Bleu marine" before "Bleu", "Non stériles" before "Stériles").
 */
const WORDS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['Bleu marine', 'Bleu marine', 'Marineblauw', 'Navy blue'],
  ['Non stériles', 'Non stériles', 'Niet-steriel', 'Non-sterile'],
  ['Stériles', 'Stériles', 'Steriel', 'Sterile'],
  ['Boîte de', 'Boîte de', 'Doos van', 'Box of'],
  ['Flacon de', 'Flacon de', 'Fles van', 'Bottle of'],
  ['flacons', 'flacons', 'injectieflacons', 'vials'],
  ['flacon', 'flacon', 'injectieflacon', 'vial'],
  ['Pièce', 'Pièce', 'Stuk', 'Piece'],
  ['Droite', 'Droite', 'Recht', 'Straight'],
  ['Courbe', 'Courbe', 'Gebogen', 'Curved'],
  ['Petit', 'Petit', 'Klein', 'Small'],
  ['Grand', 'Grand', 'Groot', 'Large'],
  ['Noir', 'Noir', 'Zwart', 'Black'],
  ['Bleu', 'Bleu', 'Blauw', 'Blue'],
  ['Rouge', 'Rouge', 'Rood', 'Red'],
  ['Vert', 'Vert', 'Groen', 'Green'],
  ['Blanc', 'Blanc', 'Wit', 'White'],
  ['Bordeaux', 'Bordeaux', 'Bordeaux', 'Burgundy'],
  ['injecteurs', 'injecteurs', 'injectoren', 'syringes'],
  ['pcs', 'pièces', 'stuks', 'pcs'],
  ['n°', 'n°', 'nr.', 'no.'],
];

const COLUMN: Record<Locale, 1 | 2 | 3> = { fr: 1, nl: 2, en: 3 };

/** `label` with each known word written in `locale` (whole words only). */
function labelIn(label: string, locale: Locale): string {
  let out = label;
  for (const entry of WORDS) {
    const [word] = entry;
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'gu'), entry[COLUMN[locale]]);
  }
  // "1 dose": Dutch says "dosis" in the singular ("10 doses" is Dutch too).
  if (locale === 'nl') out = out.replace(/^1 dose$/u, '1 dosis');
  // English writes a decimal point: "2,5 l" → "2.5 l", "7,5 cm" → "7.5 cm".
  if (locale === 'en') out = out.replace(/(\d),(\d)/gu, '$1.$2');
  return out;
}

/**
 * The name of a generated variant labelled `label` in each language, or null when it reads the
 * same in all three ("10 ml", "12 x 400 g", "XL"): the variant's `name` is then shown everywhere.
 */
export function variantNames(label: string): L10n | null {
  const names: L10n = { fr: labelIn(label, 'fr'), nl: labelIn(label, 'nl'), en: labelIn(label, 'en') };
  return names.fr === label && names.nl === label && names.en === label ? null : names;
}
