'use client';

import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
// Hand-built /{lang} paths, not i18n/navigation: its client code would put the catalogue pages over
// their first-load JavaScript gate (docs/decisions/web-page-performance.md).
import { usePathname, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@vetshop/domain';
import { lazyComponent } from '@/lib/lazy-component';
import type { AutocompleteView } from './SearchBoxAutocomplete';

/**
 * The autocomplete (fetching, options, keys: SearchBoxAutocomplete.tsx) loads on the field's first
 * focus, input or key, not with every page's first-load JavaScript (docs/decisions/web-page-performance.md,
 * "Browser bundle").
 */
const SearchAutocompleteLazy = lazyComponent(
  () => import('./SearchBoxAutocomplete').then((m) => m.SearchAutocomplete),
  { clientOnly: true },
);

const CLOSED: AutocompleteView = { expanded: false, activeId: undefined, status: '' };

/**
 * Header search field with autocomplete (docs/product/catalogue-and-search.md#screens /{lang}/search, ARIA 1.2 combobox pattern).
 * A GET form to /{lang}/search (server-rendered, works without JavaScript); from the field's first
 * focus, input or key it loads the autocomplete, which asks the same-origin
 * `/api/catalog/autocomplete` (debounced 200 ms) and lists a "did you mean" suggestion, categories
 * and products. Keys: ↓/↑ move, Enter opens the active option (or submits), Escape closes (or
 * empties the field).
 */
export function SearchBox({ initialQuery = '' }: { initialQuery?: string }) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const prefix = `/${locale}`;
  const baseId = useId().replace(/:/g, '');
  const listboxId = `${baseId}-listbox`;
  const [q, setQ] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  // The field was focused or typed in: the autocomplete is loaded and mounted from then on.
  const [engaged, setEngaged] = useState(false);
  const [view, setView] = useState<AutocompleteView>(CLOSED);
  const keyHandler = useRef<((e: KeyboardEvent<HTMLInputElement>) => void) | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const onView = useCallback((next: AutocompleteView) => setView(next), []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (keyHandler.current) {
      keyHandler.current(e);
      return;
    }
    setEngaged(true);
    // Before the autocomplete is there, nothing is listed: Escape only empties the field.
    if (e.key === 'Escape' && q) setQ('');
  };

  return (
    <div ref={rootRef} className="relative w-full max-w-xl">
      <form action={`${prefix}/search`} method="get" role="search" className="flex">
        <label htmlFor={`${baseId}-input`} className="sr-only">
          {t('header.searchLabel')}
        </label>
        <input
          id={`${baseId}-input`}
          name="q"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={view.expanded}
          aria-controls={listboxId}
          aria-activedescendant={view.activeId}
          value={q}
          maxLength={200}
          placeholder={t('header.searchPlaceholder')}
          onChange={(e) => {
            setQ(e.target.value);
            setOpen(true);
            setEngaged(true);
          }}
          onFocus={() => {
            setOpen(true);
            setEngaged(true);
          }}
          onKeyDown={onKeyDown}
          className="w-full min-w-0 rounded-l border border-line px-3 py-2 text-sm placeholder:text-muted"
        />
        <button
          type="submit"
          className="rounded-r bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
        >
          {t('header.searchSubmit')}
        </button>
      </form>
      <div
        id={listboxId}
        role="listbox"
        aria-label={t('header.searchLabel')}
        hidden={!view.expanded}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-96 overflow-auto rounded border border-line bg-white shadow-lg"
      >
        {engaged ? (
          <SearchAutocompleteLazy
            q={q}
            setQ={setQ}
            open={open}
            setOpen={setOpen}
            locale={locale}
            prefix={prefix}
            baseId={baseId}
            rootRef={rootRef}
            keyHandler={keyHandler}
            onView={onView}
          />
        ) : null}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {view.status}
      </p>
    </div>
  );
}

/**
 * The header's search field showing the terms of the search page being viewed (`q` of
 * /{lang}/search), so the search page needs no second field; elsewhere it starts empty. Reads the
 * URL (useSearchParams): render it inside a Suspense boundary.
 */
export function SearchBoxFromUrl() {
  const pathname = usePathname() ?? '';
  const params = useSearchParams();
  const q = /^\/(fr|nl|en)\/search\/?$/.test(pathname) ? (params?.get('q') ?? '') : '';
  return <SearchBox key={q} initialQuery={q} />;
}
