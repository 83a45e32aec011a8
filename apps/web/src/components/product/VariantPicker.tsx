'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { signalNavigationStart } from '@/lib/shell/navigation-start';

/** One choice of the picker: the variant id and its visible text (name and stock state). */
export interface VariantOption {
  id: number;
  label: string;
}

/**
 * Variant selector of the product page (docs/decisions/variant-choice.md): a GET form on
 * `action` (the product path) with a `variant` select, so it works without JavaScript (the submit
 * button, shown only until the page is interactive). With JavaScript, choosing an option navigates
 * to `action?variant=<id>` at once (no scroll jump).
 *
 * The select is controlled: it shows `selectedId` (the variant of the rendered page) and, while the
 * navigation runs, the option just chosen; render it with `key={selectedId}` so that a navigation
 * by other means (links, back button) shows the page's variant again. (An uncontrolled select
 * reset by the form fell back to its first default, the main variant, after the navigation.)
 *
 * Props: `label` of the field, `submitLabel` of the no-JavaScript button, `options` in display
 * order, `mainId` the main variant (its URL carries no `variant` parameter).
 */
export function VariantPicker({
  action,
  label,
  submitLabel,
  options,
  selectedId,
  mainId,
}: {
  action: string;
  label: string;
  submitLabel: string;
  options: VariantOption[];
  selectedId: number;
  mainId: number;
}) {
  const router = useRouter();
  const [value, setValue] = useState(String(selectedId));
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor="variant-select" className="block text-sm font-medium">
          {label}
        </label>
        <select
          id="variant-select"
          name="variant"
          value={value}
          onChange={(e) => {
            const next = e.target.value;
            setValue(next);
            signalNavigationStart();
            router.push(Number(next) === mainId ? action : `${action}?variant=${next}`, { scroll: false });
          }}
          className="mt-1 w-full rounded-md border border-line bg-white px-3 py-2 text-base"
          data-testid="variant-select"
        >
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {interactive ? null : (
        <button
          type="submit"
          className="rounded-md border border-brand px-3 py-2 text-sm font-semibold text-brand hover:bg-surface"
        >
          {submitLabel}
        </button>
      )}
    </form>
  );
}
