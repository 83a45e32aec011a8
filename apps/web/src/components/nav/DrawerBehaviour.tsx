'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname } from 'next/navigation';
import type { DrawerBreakpoint } from './MenuDrawer';

/** Focusable descendants, in tab order, of the drawer panel. */
const FOCUSABLE =
  'a[href], button:not([disabled]), summary, input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The visible focusable elements of `root` (display:none ones have no client rects). */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.getClientRects().length > 0,
  );
}

/** The server-rendered parts of drawer `id` (nav/MenuDrawer.tsx); null when the panel is not in the page. */
function drawerParts(id: string) {
  const panel = document.getElementById(id);
  if (!panel) return null;
  return {
    panel,
    toggles: Array.from(document.querySelectorAll<HTMLElement>(`[data-drawer-toggle="${id}"]`)),
    backdrop: document.querySelector<HTMLElement>(`[data-drawer-backdrop="${id}"]`),
    dismiss: panel.querySelector<HTMLElement>('[data-drawer-dismiss]'),
  };
}

/**
 * Behaviour of the drawer whose panel has id `id` (nav/MenuDrawer.tsx), below `breakpoint` (`lg` =
 * 1024 px, `md` = 768 px). Renders nothing: loaded after hydration (DrawerBehaviourLazy), it turns
 * the server's toggle link and × link into buttons (Enter and Space) and then, while the drawer is
 * open: the panel carries `data-open` (shown by its classes) and is a modal dialog named by its
 * `data-drawer-title`, the toggle says `aria-expanded="true"`, the backdrop shows, focus moves into
 * the panel and Tab stays inside it, the page behind does not scroll. Escape, the ×, the backdrop,
 * a click on a `[data-drawer-close]` element inside or a navigation close it; focus goes back to
 * the toggle (not after a navigation). Growing past the breakpoint closes it. A drawer opened
 * through its `#id` link before this island arrived is taken over as open.
 */
export function DrawerBehaviour({ id, breakpoint }: { id: string; breakpoint: DrawerBreakpoint }) {
  const [open, setOpen] = useState(false);
  const openRef = useRef(false);
  const pathname = usePathname();

  useEffect(() => {
    const parts = drawerParts(id);
    if (!parts) return;
    const { panel, toggles, backdrop, dismiss } = parts;
    const closeAndFocusToggle = () => {
      setOpen(false);
      requestAnimationFrame(() => toggles.find((t) => t.getClientRects().length > 0)?.focus());
    };
    const onToggleClick = (e: MouseEvent) => {
      e.preventDefault();
      if (openRef.current) closeAndFocusToggle();
      else setOpen(true);
    };
    const onButtonKey = (e: KeyboardEvent) => {
      if (e.key !== ' ') return;
      e.preventDefault();
      (e.currentTarget as HTMLElement).click();
    };
    const onDismiss = (e: MouseEvent) => {
      e.preventDefault();
      closeAndFocusToggle();
    };
    const onPanelClick = (e: MouseEvent) => {
      if (openRef.current && (e.target as HTMLElement).closest('[data-drawer-close]')) closeAndFocusToggle();
    };
    const onPanelKey = (e: KeyboardEvent) => {
      if (!openRef.current) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        closeAndFocusToggle();
      } else if (e.key === 'Tab') {
        const items = focusables(panel);
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    const buttons = dismiss ? [...toggles, dismiss] : toggles;
    for (const toggle of toggles) {
      toggle.setAttribute('aria-controls', id);
      toggle.setAttribute('aria-expanded', 'false');
      toggle.addEventListener('click', onToggleClick);
    }
    for (const button of buttons) {
      button.setAttribute('role', 'button');
      button.addEventListener('keydown', onButtonKey);
    }
    dismiss?.addEventListener('click', onDismiss);
    backdrop?.addEventListener('click', closeAndFocusToggle);
    panel.addEventListener('click', onPanelClick);
    panel.addEventListener('keydown', onPanelKey);
    // Opened through the no-script `#id` link before this island arrived: keep it open, by state.
    if (window.location.hash === `#${id}`) {
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
      setOpen(true);
    }
    return () => {
      for (const toggle of toggles) toggle.removeEventListener('click', onToggleClick);
      for (const button of buttons) button.removeEventListener('keydown', onButtonKey);
      dismiss?.removeEventListener('click', onDismiss);
      backdrop?.removeEventListener('click', closeAndFocusToggle);
      panel.removeEventListener('click', onPanelClick);
      panel.removeEventListener('keydown', onPanelKey);
    };
  }, [id]);

  // A navigation to another page (a link in the drawer) closes it.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    openRef.current = open;
    const parts = drawerParts(id);
    if (!parts) return;
    const { panel, toggles, backdrop } = parts;
    for (const toggle of toggles) toggle.setAttribute('aria-expanded', String(open));
    if (backdrop) backdrop.hidden = !open;
    if (!open) {
      panel.removeAttribute('data-open');
      panel.removeAttribute('role');
      panel.removeAttribute('aria-modal');
      panel.removeAttribute('aria-label');
      return;
    }
    panel.setAttribute('data-open', 'true');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('aria-label', panel.dataset.drawerTitle ?? '');
    focusables(panel)[0]?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const wide = window.matchMedia(breakpoint === 'lg' ? '(min-width: 1024px)' : '(min-width: 768px)');
    const onWide = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onWide);
    return () => {
      document.body.style.overflow = previous;
      wide.removeEventListener('change', onWide);
    };
  }, [id, open, breakpoint]);

  return null;
}
