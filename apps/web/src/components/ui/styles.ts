/**
 * The shop's small design system (docs/decisions/design-system.md): class names built on the
 * theme tokens of app/globals.css (colours brand/ink/muted/line/surface/ok/warn/bad, radius
 * `--radius-control` and `--radius-card`). Plain strings, so server and client components, links
 * and buttons share them without shipping code.
 */

/**
 * Button looks: `primary` (filled brand), `secondary` (brand outline), `danger` (red outline, a
 * destructive action), `quiet` (text-like).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';
/** Button sizes: `sm` 32 px high (cards), `md` 40 px (forms), `lg` 44 px (page actions; touch target). */
export type ButtonSize = 'sm' | 'md' | 'lg';

const BUTTON_VARIANT: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-dark disabled:opacity-60',
  secondary: 'border-2 border-brand bg-white text-brand hover:bg-surface disabled:opacity-60',
  danger: 'border-2 border-bad bg-white text-bad hover:bg-bad-soft disabled:opacity-60',
  quiet: 'text-brand underline underline-offset-2 hover:no-underline',
};
const BUTTON_SIZE: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-3 text-sm',
  md: 'min-h-10 px-4 text-sm',
  lg: 'min-h-11 px-5 text-base',
};

/** Class names of a button (or of a link that looks like one). */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `inline-flex items-center justify-center gap-2 rounded-control font-semibold ${BUTTON_VARIANT[variant]} ${BUTTON_SIZE[size]}`;
}

/** Class names of a text input or select (full width of its box, 40 px high; red border when aria-invalid). */
export const inputClass =
  'min-h-10 w-full rounded-control border border-line bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-bad';

/** Class names of a form field's label (above its control; beside a checkbox). */
export const labelClass = 'block text-sm font-medium';

/** Class names of a form field's hint (below its control). */
export const hintClass = 'text-xs text-muted';

/** Class names of a form field's or a form's error message. */
export const errorClass = 'text-sm text-bad';

/** Class names of a checkbox or radio box (brand tick, 16 px). */
export const checkboxClass = 'mt-0.5 h-4 w-4 shrink-0 accent-brand';

/** Class names of a form's "saved" status message. */
export const statusClass = 'text-sm text-ok';

/** Class names of a card: a bordered white box with the card radius. */
export const cardClass = 'rounded-card border border-line bg-white shadow-card';

/** Badge tones: stock and status colours (always with text, never colour alone). */
export type BadgeTone = 'ok' | 'warn' | 'bad' | 'info' | 'neutral' | 'promo';

const BADGE_TONE: Record<BadgeTone, string> = {
  ok: 'bg-ok-soft text-ok',
  warn: 'bg-warn-soft text-warn',
  bad: 'bg-bad-soft text-bad',
  info: 'bg-surface text-brand',
  neutral: 'bg-surface text-ink',
  promo: 'bg-bad text-white',
};

/** Class names of a badge of `tone`. */
export function badgeClass(tone: BadgeTone = 'neutral'): string {
  return `inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_TONE[tone]}`;
}
