/**
 * The three message catalogues (apps/web/messages/{fr,nl,en}.json) hold the same keys, every value
 * is a non-empty string, and a message names the same ICU arguments in every language (a `{count}`
 * missing from one translation would show the raw placeholder or lose the figure); the Dutch
 * catalogue names the cart by one word; the French one joins `: ; ! ? %` and « » to their words with
 * no-break spaces and writes the typographic apostrophe (docs/decisions/french-typography.md); and no
 * component adds a colon after a translated text or label (the colon belongs to the message, where
 * French writes it with its no-break space).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { frenchTypography } from '@vetshop/domain';
import { describe, expect, it } from 'vitest';

const LOCALES = ['fr', 'nl', 'en'] as const;
const dir = path.join(import.meta.dirname, '../../messages');

type Tree = { [key: string]: string | Tree };

/** Every leaf of `tree` as `a.b.c` → value; a leaf that is not a string is reported as such. */
function flatten(tree: Tree, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, name, out);
    else out.set(name, value);
  }
  return out;
}

/** The argument names of an ICU message (`{name}`, `{count, plural, …}`), sorted, without duplicates. */
function icuArguments(message: string): string[] {
  const names = new Set<string>();
  const argument = /\{\s*([A-Za-z_]\w*)\s*(?:\}|,\s*(?:plural|selectordinal|select|number|date|time)\b)/g;
  for (const m of message.matchAll(argument)) names.add(m[1]!);
  return [...names].sort();
}

const catalogues = Object.fromEntries(
  LOCALES.map((l) => [l, flatten(JSON.parse(readFileSync(path.join(dir, `${l}.json`), 'utf8')) as Tree)]),
) as Record<(typeof LOCALES)[number], Map<string, unknown>>;

describe('message catalogues', () => {
  it('have the same keys in fr, nl and en', () => {
    const fr = [...catalogues.fr.keys()].sort();
    for (const l of ['nl', 'en'] as const) {
      const keys = [...catalogues[l].keys()].sort();
      expect({ locale: l, missing: fr.filter((k) => !catalogues[l].has(k)) }).toEqual({
        locale: l,
        missing: [],
      });
      expect({ locale: l, extra: keys.filter((k) => !catalogues.fr.has(k)) }).toEqual({
        locale: l,
        extra: [],
      });
    }
  });

  it('hold a non-empty string for every key', () => {
    for (const l of LOCALES) {
      const bad = [...catalogues[l]]
        .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
        .map(([k]) => k);
      expect({ locale: l, bad }).toEqual({ locale: l, bad: [] });
    }
  });

  it('name the same ICU arguments in every language', () => {
    const differing: string[] = [];
    for (const [key, fr] of catalogues.fr) {
      if (typeof fr !== 'string') continue;
      const expected = icuArguments(fr).join(',');
      for (const l of ['nl', 'en'] as const) {
        const other = catalogues[l].get(key);
        if (typeof other === 'string' && icuArguments(other).join(',') !== expected)
          differing.push(`${l} ${key}: {${icuArguments(other).join(',')}} vs fr {${expected}}`);
      }
    }
    expect(differing).toEqual([]);
  });

  // One word per thing: the Dutch cart is "winkelmandje" (Belgian usage, the cart page's title),
  // a neuter noun: "het winkelmandje", never "de winkelmandje" nor "winkelwagen" beside it.
  it('call the cart by one Dutch word, with its article', () => {
    const mixed = [...catalogues.nl]
      .filter(([, v]) => typeof v === 'string' && /winkelwagen|\bde (?:\w+e )?winkelmandje/i.test(v))
      .map(([k]) => k);
    expect(mixed).toEqual([]);
  });

  // A French line never starts with the colon or question mark of the line before (a phone's narrow
  // column broke "Langue actuelle :" before its colon).
  it('write French punctuation with no-break spaces and the typographic apostrophe', () => {
    const breakable = [...catalogues.fr]
      .filter(([, v]) => typeof v === 'string' && frenchTypography(v) !== v)
      .map(([k]) => k);
    expect(breakable).toEqual([]);
  });

  // "Prix unitaire HTVA: 12,00 €" on the cart's phone layout: the component wrote the colon after
  // the message, so French got no space before it. A label's colon is part of its message.
  it('is not followed by a colon written in a component', () => {
    const src = path.join(import.meta.dirname, '..');
    const colonAfterText = /\{t\w*\(\s*['"`][^'"`]+['"`][^)]*\)\}\s?:|\{label\}:/;
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) =>
        readFileSync(path.join(src, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (colonAfterText.test(line) ? [`${file}:${i + 1}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it('reads the arguments of an ICU message', () => {
    expect(icuArguments('{count, plural, one {# article} other {# articles}} pour {name}')).toEqual([
      'count',
      'name',
    ]);
    expect(icuArguments('{count, plural, =0 {Panier, vide} other {Panier, # articles}}')).toEqual(['count']);
    expect(icuArguments('Aucun argument')).toEqual([]);
  });
});
