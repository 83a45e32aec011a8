import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Class names app/globals.css writes in its selectors (`.facet-value > input`: `facet-value`). */
const GLOBALS_CSS_CLASSES = new Set(
  [
    ...readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../app/globals.css'),
      'utf8',
    ).matchAll(/\.([A-Za-z_][\w-]*)/g),
  ].map(([, name]) => name!),
);

/**
 * The class names of `html` (every `class="…"` attribute) that app/globals.css does not define as
 * a selector (`.name`), leaving out `kept` (utilities or markers the markup may still use, such as
 * Tailwind's `group`). For markup built as strings with short classes of globals.css: a misspelt
 * class would leave an element unstyled without any other test noticing.
 */
export function classesNotInGlobalsCss(html: string, kept: readonly string[] = []): string[] {
  const names = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value!.split(/\s+/)) if (name) names.add(name);
  return [...names].filter((name) => !kept.includes(name) && !GLOBALS_CSS_CLASSES.has(name));
}
