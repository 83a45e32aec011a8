'use client';

import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { signalNavigationStart } from '@/lib/shell/navigation-start';

/**
 * Query string of a GET form, without empty values and without values equal to the control's
 * `data-default` (e.g. sort=relevance), so URLs stay short and canonical.
 */
function queryOf(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    const control = form.elements.namedItem(key);
    const fallback = control instanceof HTMLSelectElement ? control.dataset.default : undefined;
    if (fallback !== undefined && fallback === value) continue;
    params.append(key, value);
  }
  return params.toString();
}

/** Navigates in the page to `action` with the form's query (the loading bar started first). */
function navigateTo(router: ReturnType<typeof useRouter>, action: string, form: HTMLFormElement): void {
  const qs = queryOf(form);
  signalNavigationStart();
  router.push(qs ? `${action}?${qs}` : action, { scroll: false });
}

/**
 * A GET form that works without JavaScript (submit button) and, with JavaScript, navigates
 * client-side as soon as a checkbox or select changes (listing filters, sort, page size).
 * `action` is the listing path, e.g. /fr/search.
 */
export function AutoSubmitForm({
  action,
  stateKey,
  children,
  className,
}: {
  action: string;
  /**
   * Serialized URL state: when it changes (links, back button, a control's own navigation),
   * controls are reset to the new defaults; a select gives its value as `data-value` too.
   */
  stateKey: string;
  children: ReactNode;
  className?: string;
}) {
  const router = useRouter();
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    // React applies a select's defaultValue when it mounts, never after: reset() put back the
    // first page's value ("All" after a filter was chosen), and the next change sent it, dropping
    // the filter. A select says its current value in `data-value`, which React does update.
    for (const select of form.querySelectorAll<HTMLSelectElement>('select[data-value]'))
      for (const option of select.options) option.defaultSelected = option.value === select.dataset.value;
    form.reset();
  }, [stateKey]);
  // A native listener, not React's onChange: the filter values are markup React did not create
  // (components/FacetValues.tsx), and React reports no change of a checkbox it does not manage.
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const onChange = (e: Event) => {
      const target = e.target;
      // Only the form's named fields make its query: a result card's pack select (product/
      // CardPackChoice.tsx) has no name, and choosing a pack reloads nothing.
      if (
        (target instanceof HTMLSelectElement ||
          (target instanceof HTMLInputElement && target.type === 'checkbox')) &&
        target.name
      )
        navigateTo(router, action, form);
    };
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  }, [router, action]);
  return (
    <form
      ref={ref}
      method="get"
      action={action}
      className={className}
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        navigateTo(router, action, e.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
