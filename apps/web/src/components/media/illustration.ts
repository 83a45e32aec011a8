/**
 * Which designed illustration stands in for a product without a picture
 * (docs/decisions/product-pictures.md "Fallback illustrations"): chosen from the product family,
 * then the controlled pharmaceutical-form code, then keywords of the presentation text in French,
 * Dutch or English. Pure: unit-tested in illustration.test.ts.
 */

/** The illustrations (inline SVG in Illustrations.tsx; labels `images.illustration.<kind>`). */
export const ILLUSTRATIONS = [
  'vial',
  'blister',
  'tube',
  'sachet',
  'spray',
  'pipette',
  'bottle',
  'bag',
  'instrument',
  'box',
] as const;
export type IllustrationKind = (typeof ILLUSTRATIONS)[number];

/** What the choice reads: family code, controlled form code (or null), free presentation text. */
export interface IllustrationInput {
  family?: string | null;
  form?: string | null;
  presentation?: string | null;
}

/** Keyword rules, first match wins (order matters: "powder for solution for injection" is a vial). */
const RULES: readonly [IllustrationKind, RegExp][] = [
  ['pipette', /pour[\s_-]?on|spot[\s_-]?on|pipet|application cutan[ée]e en (?:un )?point|cutaneous solution/],
  ['spray', /spray|a[ée]rosol|pulv[ée]ris|vaporis|verstuiv/],
  ['bottle', /\bdrops\b|gouttes|druppels/],
  ['vial', /inject|infus|perfus|lyophilis|flacon[\s-]?ampoule|\bvial\b/],
  ['sachet', /powder|poudre|poeder|granul|premix|pr[ée]m[ée]lange|sachet|zakje/],
  ['blister', /tablet|comprim|capsul|g[ée]lule|bolus|pastille|kauw|chewable|croqu|lozenge/],
  ['tube', /ointment|pommade|zalf|\bgel\b|cream|cr[èe]me|\bpaste\b|p[âa]te|intramamm|intra-?uterine|implant/],
  [
    'bottle',
    /oral[\s_](?:solution|suspension|liquid|emulsion|drops)|buvable|drank|siro|syrup|shampo|drops|gouttes|druppel|collyre|solution|suspension|oplossing|emulsi|liquid|liquide|lotion/,
  ],
];

/**
 * The illustration of a product: food → bag, equipment → instrument; a medicine by its form code
 * or presentation keywords (injection → vial, tablet/capsule → blister, ointment/gel/cream →
 * tube, powder/granules → sachet, spray → spray, pour-on/spot-on → pipette, oral liquid,
 * drops or shampoo → bottle); a medicine without a known form → box (a medicine carton).
 */
export function illustrationFor({ family, form, presentation }: IllustrationInput): IllustrationKind {
  if (family === 'food') return 'bag';
  if (family === 'equipment') return 'instrument';
  for (const text of [form, presentation]) {
    if (!text) continue;
    const t = text.toLowerCase().replace(/_/g, ' ');
    for (const [kind, re] of RULES) if (re.test(t) || re.test(text.toLowerCase())) return kind;
  }
  return 'box';
}
