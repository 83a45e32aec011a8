'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
// next/link and hand-built /{lang} paths, not i18n/navigation: its client code would put the catalogue
// pages over their first-load JavaScript gate (docs/decisions/web-page-performance.md).
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { signalNavigationStart } from './PageLoadingBar';
import { useLocale, useTranslations } from 'next-intl';
import type { AutocompleteResult, Locale } from '@vetshop/domain';

/** Debounce before calling the autocomplete (ms). */
const DEBOUNCE_MS = 200;
/** Minimum characters before suggestions are asked for. */
const MIN_CHARS = 2;

interface Option {
  id: string;
  kind: 'product' | 'category' | 'suggestion' | 'all';
  label: string;
  detail?: string;
  href: string;
}

/** Flattens an autocomplete answer into the combobox's options (suggestion, categories, products, see all). */
function toOptions(result: AutocompleteResult, locale: Locale, q: string, baseId: string): Option[] {
  const search = (text: string) => `/${locale}/search?q=${encodeURIComponent(text)}`;
  const options: Option[] = [];
  if (result.suggestion) {
    options.push({
      id: `${baseId}-s`,
      kind: 'suggestion',
      label: result.suggestion,
      href: search(result.suggestion),
    });
  }
  result.categories.forEach((c) =>
    options.push({
      id: `${baseId}-c${c.id}`,
      kind: 'category',
      label: c.name,
      href: `/${locale}/c/${c.url_key}`,
    }),
  );
  result.products.forEach((p) =>
    options.push({
      id: `${baseId}-p${p.id}`,
      kind: 'product',
      label: p.name,
      detail: p.active_principles.slice(0, 3).join(', ') || undefined,
      href: `/${locale}/p/${p.url_key}`,
    }),
  );
  options.push({ id: `${baseId}-all`, kind: 'all', label: q, href: search(q) });
  return options;
}

/**
 * Header search field with autocomplete (docs/product/catalogue-and-search.md#screens /{lang}/search, ARIA 1.2 combobox pattern).
 * A GET form to /{lang}/search (works without JavaScript); with JavaScript it asks the same-origin
 * `/api/catalog/autocomplete` (debounced 200 ms) and lists a "did you mean" suggestion, categories
 * and products. Keys: ↓/↑ move, Enter opens the active option (or submits), Escape closes.
 */
export function SearchBox({ initialQuery = '' }: { initialQuery?: string }) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const router = useRouter();
  const baseId = useId().replace(/:/g, '');
  const listboxId = `${baseId}-listbox`;
  const [q, setQ] = useState(initialQuery);
  const [result, setResult] = useState<AutocompleteResult | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const abortRef = useRef<AbortController | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const query = q.trim();
  useEffect(() => {
    if (query.length < MIN_CHARS) {
      setResult(null);
      return;
    }
    const timer = setTimeout(async () => {
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      try {
        const res = await fetch(
          `/api/catalog/autocomplete?lang=${locale}&size=8&q=${encodeURIComponent(query)}`,
          { signal: controller.signal, headers: { accept: 'application/json' } },
        );
        if (!res.ok) return;
        // The api answers the autocomplete contract (validated on its side): no zod in the browser.
        const body = (await res.json()) as AutocompleteResult;
        if (Array.isArray(body?.products) && Array.isArray(body.categories)) {
          setResult(body);
          setActive(-1);
        }
      } catch {
        // Aborted or network failure: keep the previous suggestions.
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, locale]);

  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const options = useMemo(
    () => (result && query.length >= MIN_CHARS ? toOptions(result, locale, query, baseId) : []),
    [result, query, locale, baseId],
  );
  const expanded = open && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  const go = (option: Option) => {
    setOpen(false);
    signalNavigationStart();
    router.push(option.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!expanded) setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (!expanded) setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (q) {
        setQ('');
      }
    } else if (e.key === 'Enter' && activeOption) {
      e.preventDefault();
      go(activeOption);
    }
  };

  const groups: { key: Option['kind']; title?: string }[] = [
    { key: 'suggestion' },
    { key: 'category', title: t('autocomplete.categories') },
    { key: 'product', title: t('autocomplete.products') },
    { key: 'all' },
  ];

  const renderOption = (o: Option) => {
    const index = options.indexOf(o);
    const isActive = index === active;
    return (
      <div
        key={o.id}
        id={o.id}
        role="option"
        aria-selected={isActive}
        onPointerDown={(e) => e.preventDefault()}
        onClick={() => go(o)}
        onPointerMove={() => setActive(index)}
        className={`cursor-pointer px-3 py-2 text-sm ${isActive ? 'bg-brand text-white' : 'text-ink'}`}
      >
        {o.kind === 'suggestion'
          ? t('autocomplete.didYouMean', { suggestion: o.label })
          : o.kind === 'all'
            ? t('autocomplete.seeAll', { q: o.label })
            : o.label}
        {o.detail ? (
          <span className={`block text-xs ${isActive ? 'text-white' : 'text-muted'}`}>{o.detail}</span>
        ) : null}
      </div>
    );
  };

  return (
    <div ref={rootRef} className="relative w-full max-w-xl">
      <form action={`/${locale}/search`} method="get" role="search" className="flex">
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
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption?.id}
          value={q}
          maxLength={200}
          placeholder={t('header.searchPlaceholder')}
          onChange={(e) => {
            setQ(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
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
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-96 overflow-auto rounded border border-line bg-white shadow-lg"
      >
        {groups.map((g) => {
          const items = options.filter((o) => o.kind === g.key);
          if (items.length === 0) return null;
          if (!g.title) return items.map(renderOption);
          const headingId = `${baseId}-g-${g.key}`;
          return (
            <div key={g.key} role="group" aria-labelledby={headingId}>
              <div
                id={headingId}
                role="presentation"
                className="bg-surface px-3 py-1 text-xs font-semibold uppercase text-muted"
              >
                {g.title}
              </div>
              {items.map(renderOption)}
            </div>
          );
        })}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {open && result && query.length >= MIN_CHARS
          ? t('autocomplete.count', { count: options.length })
          : ''}
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
