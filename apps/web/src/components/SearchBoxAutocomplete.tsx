'use client';

import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { AutocompleteResult, Locale } from '@vetshop/domain';
import { signalNavigationStart } from '@/lib/shell/navigation-start';

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

/** What the search field renders from the autocomplete's state (ARIA attributes and live text). */
export interface AutocompleteView {
  /** The listbox shows options (`aria-expanded`, listbox not `hidden`). */
  expanded: boolean;
  /** Id of the active option (`aria-activedescendant`). */
  activeId: string | undefined;
  /** Text of the polite live region (the number of options), '' when none is told. */
  status: string;
}

/**
 * Flattens an autocomplete answer into the combobox's options (suggestion, categories, products, see
 * all); `prefix` is the locale's path prefix (`/fr`).
 */
function toOptions(result: AutocompleteResult, prefix: string, q: string, baseId: string): Option[] {
  const search = (text: string) => `${prefix}/search?q=${encodeURIComponent(text)}`;
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
      // Its parents tell "Honden" under food from "Honden" under medicines by species.
      detail: c.parents.join(' › ') || undefined,
      href: `${prefix}/c/${c.url_key}`,
    }),
  );
  result.products.forEach((p) =>
    options.push({
      id: `${baseId}-p${p.id}`,
      kind: 'product',
      label: p.name,
      detail: p.active_principles.slice(0, 3).join(', ') || undefined,
      href: `${prefix}/p/${p.url_key}`,
    }),
  );
  options.push({ id: `${baseId}-all`, kind: 'all', label: q, href: search(q) });
  return options;
}

/**
 * The autocomplete of the header's search field (docs/product/catalogue-and-search.md#screens
 * /{lang}/search, ARIA 1.2 combobox pattern), loaded by SearchBox.tsx on the field's first focus or
 * key, so its code is not part of the pages' first-load JavaScript
 * (docs/decisions/web-page-performance.md, "Browser bundle"). Asks the same-origin
 * `/api/catalog/autocomplete` (debounced 200 ms, from 2 characters) and renders the options inside
 * the field's listbox: a "did you mean" suggestion, categories, products and "see all". Keys (given
 * to the field through `keyHandler`): ↓/↑ move, Enter opens the active option (or submits), Escape
 * closes (or empties the field). A pointer press outside `rootRef` closes. Reports the ARIA state
 * and live text to the field through `onView`.
 */
export function SearchAutocomplete({
  q,
  setQ,
  open,
  setOpen,
  locale,
  prefix,
  baseId,
  rootRef,
  keyHandler,
  onView,
}: {
  q: string;
  setQ: (q: string) => void;
  open: boolean;
  setOpen: (open: boolean) => void;
  locale: Locale;
  /** The locale's path prefix, `/fr`. */
  prefix: string;
  /** Prefix of the option ids (the field's `useId`). */
  baseId: string;
  rootRef: RefObject<HTMLDivElement | null>;
  keyHandler: RefObject<((e: KeyboardEvent<HTMLInputElement>) => void) | null>;
  onView: (view: AutocompleteView) => void;
}) {
  const t = useTranslations();
  const router = useRouter();
  const [result, setResult] = useState<AutocompleteResult | null>(null);
  const [active, setActive] = useState(-1);
  const abortRef = useRef<AbortController | null>(null);

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
  }, [rootRef, setOpen]);

  const options = useMemo(
    () => (result && query.length >= MIN_CHARS ? toOptions(result, prefix, query, baseId) : []),
    [result, query, prefix, baseId],
  );
  const expanded = open && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const status =
    open && result && query.length >= MIN_CHARS ? t('autocomplete.count', { count: options.length }) : '';

  useEffect(() => {
    onView({ expanded, activeId: activeOption?.id, status });
  }, [onView, expanded, activeOption?.id, status]);

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
  // The field calls the latest handler (it closes over this render's options).
  useLayoutEffect(() => {
    keyHandler.current = onKeyDown;
  });
  useEffect(
    () => () => {
      keyHandler.current = null;
    },
    [keyHandler],
  );

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
    <>
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
    </>
  );
}
