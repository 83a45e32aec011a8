'use client';

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { usePathname } from 'next/navigation';

/** Focusable descendants, in tab order, of the drawer panel. */
const FOCUSABLE =
  'a[href], button:not([disabled]), summary, input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The visible focusable elements of `root` (display:none ones have no client rects). */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.getClientRects().length > 0,
  );
}

type Breakpoint = 'md' | 'lg';

interface DrawerState {
  id: string;
  breakpoint: Breakpoint;
  /** False until hydrated: the controls are then no-script links (`#id` and `#`). */
  mounted: boolean;
  open: boolean;
  setOpen: (open: boolean | ((v: boolean) => boolean)) => void;
  close: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLDivElement | null>;
}

const DrawerContext = createContext<DrawerState | null>(null);

function useDrawer(): DrawerState {
  const state = useContext(DrawerContext);
  if (!state) throw new Error('DrawerToggle and DrawerPanel must sit inside a DrawerScope');
  return state;
}

/**
 * State of one off-canvas drawer for small screens (below `breakpoint`: `lg` = 1024 px, `md` =
 * 768 px), shared by its DrawerToggle and DrawerPanel, which may sit anywhere inside. While open:
 * focus moves into the panel, Tab stays inside it, the page behind does not scroll; Escape, the
 * close button, the backdrop or a navigation close it, and focus returns to the toggle. Growing
 * past the breakpoint forgets the open state.
 */
export function DrawerScope({
  id,
  breakpoint = 'lg',
  children,
}: {
  /** Id of the panel (aria-controls, and the `#id` of the no-script link). */
  id: string;
  breakpoint?: Breakpoint;
  children: ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  useEffect(() => setMounted(true), []);

  const close = useCallback(() => {
    setOpen(false);
    requestAnimationFrame(() => toggleRef.current?.focus());
  }, []);

  // A navigation to another page (a link in the drawer) closes it.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (panel) focusables(panel)[0]?.focus();
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
  }, [open, breakpoint]);

  const value = useMemo(
    () => ({ id, breakpoint, mounted, open, setOpen, close, toggleRef, panelRef }),
    [id, breakpoint, mounted, open, close],
  );
  return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>;
}

/**
 * The button opening the drawer of the enclosing DrawerScope (`aria-expanded`, `aria-controls`),
 * hidden from the breakpoint up. Before hydration (no JavaScript) it is a link to `#{id}`, which
 * opens the panel through `:target`.
 */
export function DrawerToggle({
  label,
  className = '',
  testId,
  children,
}: {
  /** Accessible name when the visible content does not say it all (e.g. an icon only). */
  label?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { id, breakpoint, mounted, open, setOpen, toggleRef } = useDrawer();
  const hide = breakpoint === 'lg' ? 'lg:hidden' : 'md:hidden';
  if (!mounted)
    return (
      <a href={`#${id}`} aria-label={label} className={`${className} ${hide}`} data-testid={testId}>
        {children}
      </a>
    );
  return (
    <button
      ref={toggleRef}
      type="button"
      aria-expanded={open}
      aria-controls={id}
      aria-label={label}
      onClick={() => setOpen((v) => !v)}
      className={`${className} ${hide}`}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/**
 * The drawer panel of the enclosing DrawerScope. Below the breakpoint: hidden, or (open, or the
 * no-script `:target`) a full-height panel over the page on `side`, with a title bar and close
 * button, a backdrop, and `footer` pinned at the bottom. From the breakpoint up: `display:
 * contents`, so its children lay out in the parent (the header's grid, a listing's columns). A
 * click on an element carrying `data-drawer-close` inside the panel closes the drawer.
 */
export function DrawerPanel({
  title,
  closeLabel,
  side = 'right',
  testId,
  footer,
  children,
}: {
  /** Heading and accessible name of the open panel. */
  title: string;
  closeLabel: string;
  side?: 'left' | 'right';
  testId?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { id, breakpoint, mounted, open, close, panelRef } = useDrawer();
  const lg = breakpoint === 'lg';
  const hide = lg ? 'lg:hidden' : 'md:hidden';
  const sideClass =
    side === 'right' ? (lg ? 'max-lg:right-0' : 'max-md:right-0') : lg ? 'max-lg:left-0' : 'max-md:left-0';
  const state = open
    ? lg
      ? 'max-lg:flex'
      : 'max-md:flex'
    : lg
      ? 'max-lg:hidden max-lg:target:flex'
      : 'max-md:hidden max-md:target:flex';
  const box = lg
    ? 'max-lg:fixed max-lg:inset-y-0 max-lg:z-50 max-lg:w-[min(22rem,100%)] max-lg:flex-col max-lg:overflow-y-auto max-lg:bg-white max-lg:shadow-xl lg:contents'
    : 'max-md:fixed max-md:inset-y-0 max-md:z-50 max-md:w-[min(22rem,100%)] max-md:flex-col max-md:overflow-y-auto max-md:bg-white max-md:shadow-xl md:contents';

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab' && panelRef.current) {
      const items = focusables(panelRef.current);
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

  return (
    <>
      {open ? (
        <div
          aria-hidden="true"
          onClick={close}
          className={`fixed inset-0 z-40 bg-black/40 ${hide}`}
          data-testid={testId ? `${testId}-backdrop` : undefined}
        />
      ) : null}
      <div
        id={id}
        ref={panelRef}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-label={open ? title : undefined}
        onKeyDown={onKeyDown}
        onClick={(e) => {
          if (open && (e.target as HTMLElement).closest('[data-drawer-close]')) close();
        }}
        className={`${state} ${box} ${sideClass}`}
        data-testid={testId}
        data-open={open ? 'true' : undefined}
      >
        <div className={`flex items-center justify-between gap-2 border-b border-line px-4 py-3 ${hide}`}>
          <p className="text-lg font-semibold">{title}</p>
          {mounted ? (
            <button
              type="button"
              onClick={close}
              aria-label={closeLabel}
              className="rounded px-3 py-1 text-2xl leading-none text-ink hover:bg-surface"
              data-testid={testId ? `${testId}-close` : undefined}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : (
            <a href="#" aria-label={closeLabel} className="rounded px-3 py-1 text-2xl leading-none text-ink">
              <span aria-hidden="true">×</span>
            </a>
          )}
        </div>
        {children}
        {footer ? (
          <div className={`sticky bottom-0 mt-auto border-t border-line bg-white p-4 ${hide}`}>{footer}</div>
        ) : null}
      </div>
    </>
  );
}
