import type { ReactNode } from 'react';
import { DrawerBehaviourLazy } from '../shell/LazyIslands';

/**
 * Off-canvas drawers for small screens (the header's menu, the listing's filters), rendered on the
 * server: no drawer code is in the page's first-load JavaScript (docs/decisions/web-page-performance.md,
 * "Browser bundle"). Without JavaScript, or before the behaviour island (nav/DrawerBehaviour.tsx)
 * has arrived, the toggle is a link to `#{id}` that opens the panel through `:target`, and the
 * panel's × is a link to `#`. The island then makes them buttons and adds the open state, focus
 * handling, Escape, the backdrop and the closing on navigation.
 */
export type DrawerBreakpoint = 'md' | 'lg';

/** The classes hiding an element from the breakpoint up. */
const HIDE_FROM: Record<DrawerBreakpoint, string> = { lg: 'lg:hidden', md: 'md:hidden' };

/**
 * The control opening drawer `drawer` (the panel's id), hidden from `breakpoint` up (`lg` =
 * 1024 px, `md` = 768 px): a link to `#{drawer}` in the server's HTML, a button (`role="button"`,
 * `aria-expanded`, `aria-controls`) once DrawerBehaviour has arrived.
 * Props: `label` the accessible name when the visible content does not say it all (an icon only);
 * `testId` its data-testid.
 */
export function DrawerToggle({
  drawer,
  breakpoint = 'lg',
  label,
  className = '',
  testId,
  children,
}: {
  drawer: string;
  breakpoint?: DrawerBreakpoint;
  label?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={`#${drawer}`}
      aria-label={label}
      className={`${className} ${HIDE_FROM[breakpoint]}`}
      data-testid={testId}
      data-drawer-toggle={drawer}
    >
      {children}
    </a>
  );
}

/**
 * Drawer panel `id`. Below `breakpoint`: hidden, or (open, or the no-script `:target`) a
 * full-height panel over the page on `side`, with a title bar and close control, a backdrop, and
 * `footer` pinned at the bottom; while open it is a modal dialog named `title` (DrawerBehaviour).
 * From the breakpoint up: `display: contents`, so its children lay out in the parent (the header's
 * grid, a listing's columns). A click on an element carrying `data-drawer-close` inside the panel
 * closes the drawer. `testId` names the panel, `<testId>-close` and `<testId>-backdrop`.
 */
export function DrawerPanel({
  id,
  breakpoint = 'lg',
  title,
  closeLabel,
  side = 'right',
  testId,
  footer,
  children,
}: {
  id: string;
  breakpoint?: DrawerBreakpoint;
  title: string;
  closeLabel: string;
  side?: 'left' | 'right';
  testId?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const lg = breakpoint === 'lg';
  const hide = HIDE_FROM[breakpoint];
  const sideClass =
    side === 'right' ? (lg ? 'max-lg:right-0' : 'max-md:right-0') : lg ? 'max-lg:left-0' : 'max-md:left-0';
  // Shown below the breakpoint when it is the URL's target (no script) or carries data-open (script).
  const state = lg
    ? 'max-lg:hidden max-lg:target:flex max-lg:data-open:flex'
    : 'max-md:hidden max-md:target:flex max-md:data-open:flex';
  const box = lg
    ? 'max-lg:fixed max-lg:inset-y-0 max-lg:z-50 max-lg:w-[min(22rem,100%)] max-lg:flex-col max-lg:overflow-y-auto max-lg:bg-white max-lg:shadow-xl lg:contents'
    : 'max-md:fixed max-md:inset-y-0 max-md:z-50 max-md:w-[min(22rem,100%)] max-md:flex-col max-md:overflow-y-auto max-md:bg-white max-md:shadow-xl md:contents';
  return (
    <>
      {/* The backdrop covers the cookie notice (z-40) too; the panel (z-50) sits above it. */}
      <div
        aria-hidden="true"
        hidden
        className={`fixed inset-0 z-45 bg-black/40 ${hide}`}
        data-drawer-backdrop={id}
        data-testid={testId ? `${testId}-backdrop` : undefined}
      />
      <div id={id} className={`${state} ${box} ${sideClass}`} data-drawer-title={title} data-testid={testId}>
        <div className={`flex items-center justify-between gap-2 border-b border-line px-4 py-3 ${hide}`}>
          <p className="text-lg font-semibold">{title}</p>
          <a
            href="#"
            aria-label={closeLabel}
            className="rounded px-3 py-1 text-2xl leading-none text-ink hover:bg-surface"
            data-drawer-dismiss=""
            data-testid={testId ? `${testId}-close` : undefined}
          >
            <span aria-hidden="true">×</span>
          </a>
        </div>
        {children}
        {footer ? (
          <div className={`sticky bottom-0 mt-auto border-t border-line bg-white p-4 ${hide}`}>{footer}</div>
        ) : null}
      </div>
      <DrawerBehaviourLazy id={id} breakpoint={breakpoint} />
    </>
  );
}
