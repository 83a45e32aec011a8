/**
 * Which html the staff rich-text editor can show without altering it (docs/decisions/rich-text-editor.md):
 * the tags kept by Tiptap's StarterKit as components/cms/staff/TiptapEditor.tsx configures it.
 * Pure function, unit-tested.
 */

/** Tags the rich editor keeps. */
export const RICH_TAGS: ReadonlySet<string> = new Set([
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  's',
  'strike',
  'del',
  'u',
  'a',
]);

/**
 * True when the rich editor can show `html` without losing anything: every opening tag is one it
 * keeps. Html with tables, images or other tags the api allows stays in the html source mode.
 */
export function richEditable(html: string): boolean {
  for (const m of html.matchAll(/<\s*([a-zA-Z][a-zA-Z0-9]*)/g)) {
    if (!RICH_TAGS.has(m[1]!.toLowerCase())) return false;
  }
  return true;
}
