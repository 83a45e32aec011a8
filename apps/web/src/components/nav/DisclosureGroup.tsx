'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';

/**
 * Behaviour of a group of `<details>` disclosures (the desktop mega-menu, components/nav/CategoryNav.tsx):
 * opening one closes the others; Escape closes the open one and returns focus to its `<summary>`;
 * a pointer press outside the group or a navigation closes them all. Renders nothing: the group is
 * the server-rendered element of id `rootId`, and this island is loaded after hydration
 * (DisclosureGroupBehaviourLazy), so its code is not in the first-load JavaScript. Before it
 * arrives, or without JavaScript, the `<details>` open and close on their own. While it listens,
 * the group carries `data-behaviour="ready"`, so a journey knows Escape is handled from then on.
 */
export function DisclosureGroupBehaviour({ rootId }: { rootId: string }) {
  const pathname = usePathname();

  useEffect(() => {
    const root = document.getElementById(rootId);
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
    root.dataset.behaviour = 'ready';
    return () => {
      delete root.dataset.behaviour;
      root.removeEventListener('toggle', onToggle, true);
      root.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [rootId]);

  // A navigation closes the group; mounting does not: a menu opened before this code arrived stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const root = document.getElementById(rootId);
    for (const d of Array.from(root?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? []))
      d.open = false;
  }, [rootId, pathname]);

  return null;
}
