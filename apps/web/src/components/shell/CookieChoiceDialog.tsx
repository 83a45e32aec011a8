'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { COOKIE_CATEGORIES, type CookieCategory } from '@/lib/shell/consent';

/**
 * The cookie consent's "choose" dialog (docs/product/web-app-shell.md#cookie-consent): a native
 * modal `<dialog>` with one switch per category (essential cookies always on, described under
 * their name), "close" and "save". Controlled by CookieConsent.tsx, which loads it on demand:
 * `open` shows it modal (closes it when false), `selected` are the checked optional categories,
 * `onToggle(category, checked)` changes one, `onSave` stores the selection, `onClose` (also Escape)
 * closes without storing.
 */
export function CookieChoiceDialog({
  open,
  selected,
  onToggle,
  onSave,
  onClose,
}: {
  open: boolean;
  selected: ReadonlySet<CookieCategory>;
  onToggle: (category: CookieCategory, checked: boolean) => void;
  onSave: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('shell.consent');
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="shell-consent-dialog-title"
      data-testid="shell-consent-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-black/40"
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <h2 id="shell-consent-dialog-title" className="text-lg font-semibold">
          {t('dialogTitle')}
        </h2>
        <ul className="mt-4 space-y-4">
          {COOKIE_CATEGORIES.map((category) => (
            <li key={category.id}>
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  name={category.id}
                  data-testid={`shell-consent-category-${category.id}`}
                  className="mt-1 h-4 w-4"
                  checked={category.required || selected.has(category.id)}
                  disabled={category.required}
                  aria-describedby={`shell-consent-${category.id}-text`}
                  onChange={(e) => onToggle(category.id, e.target.checked)}
                />
                <span>
                  <span className="font-medium">
                    {t(`categories.${category.id}.name`)}
                    {category.required ? ` · ${t('alwaysOn')}` : ''}
                  </span>
                  <span id={`shell-consent-${category.id}-text`} className="block text-sm text-gray-700">
                    {t(`categories.${category.id}.description`)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded border border-gray-500 px-4 py-2 font-medium hover:bg-gray-100"
          >
            {t('close')}
          </button>
          <button
            type="submit"
            data-testid="shell-consent-save"
            className="rounded bg-brand px-4 py-2 font-semibold text-white hover:opacity-90"
          >
            {t('save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
