'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';

/**
 * Behaviour of a group of `<details>` disclosures (the desktop mega-menu): opening one closes the
 * others; Escape closes the open one and returns focus to its `<summary>`; a pointer press outside
 * the group or a navigation closes them all. Without JavaScript the `<details>` still open and
 * close on their own. Renders `children` inside a `div` carrying `className`.
 */
export function DisclosureGroup({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const all = () => Array.from(root.querySelectorAll<HTMLDetailsElement>('details[open]'));
    const onToggle = (e: Event) => {
      const opened = e.target;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open) return;
      for (const d of all()) if (d !== opened && !d.contains(opened)) d.open = false;
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const open = all();
      const current = open.find((d) => d.contains(document.activeElement)) ?? open[0];
      if (!current) return;
      e.preventDefault();
      current.open = false;
      current.querySelector<HTMLElement>(':scope > summary')?.focus();
    };
    const onPointerDown = (e: PointerEvent) => {
      if (!root.contains(e.target as Node)) for (const d of all()) d.open = false;
    };
    // `toggle` does not bubble: listen in the capture phase.
    root.addEventListener('toggle', onToggle, true);
    root.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      root.removeEventListener('toggle', onToggle, true);
      root.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  useEffect(() => {
    for (const d of Array.from(ref.current?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? []))
      d.open = false;
  }, [pathname]);

  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
