import type { ReactNode } from 'react';
import './globals.css';

/**
 * Pass-through root layout: the `<html>` element is rendered by `[locale]/layout.tsx` (so that
 * `lang` follows the locale) and by `not-found.tsx` for paths outside any locale.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
