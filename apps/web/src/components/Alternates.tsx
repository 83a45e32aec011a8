'use client';

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '@vetshop/domain';
import { useHydrated } from '@/lib/lazy-component';

/** Path of the current page per locale, when it differs from a plain prefix swap (translated url keys). */
export type AlternatePaths = Partial<Record<Locale, string>>;

interface AlternatesState {
  paths: AlternatePaths | null;
  setPaths: (paths: AlternatePaths | null) => void;
}

const AlternatesContext = createContext<AlternatesState>({ paths: null, setPaths: () => undefined });

/** Holds the translated paths of the current page for the locale switcher (docs/product/web-app-shell.md#languages locale switcher). */
export function AlternatesProvider({ children }: { children: ReactNode }) {
  const [paths, setPaths] = useState<AlternatePaths | null>(null);
  return <AlternatesContext.Provider value={{ paths, setPaths }}>{children}</AlternatesContext.Provider>;
}

/**
 * Translated paths of the current page, or null when a prefix swap is right. Null too until the
 * calling component has hydrated (`useHydrated`): the header and the page hydrate apart, in either
 * order, and a part hydrating after the paths arrived would keep the attributes the server wrote
 * without them (React leaves a differing attribute as it is), so a signed-in customer's language
 * links went through a redirect (docs/decisions/locale-switch.md).
 */
export function useAlternatePaths(): AlternatePaths | null {
  const paths = useContext(AlternatesContext).paths;
  return useHydrated() ? paths : null;
}

/**
 * Rendered by product and category pages: publishes the page's path in each locale (from the api's
 * `url_keys`) so the locale switcher links straight to the translated url key. Without JavaScript
 * the switcher swaps the prefix and the page redirects to the canonical key server-side.
 */
export function PageAlternates({ paths }: { paths: AlternatePaths }) {
  const { setPaths } = useContext(AlternatesContext);
  const serialized = JSON.stringify(paths);
  useEffect(() => {
    setPaths(JSON.parse(serialized) as AlternatePaths);
    return () => setPaths(null);
  }, [serialized, setPaths]);
  return null;
}
