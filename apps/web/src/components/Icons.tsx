import type { ReactNode } from 'react';

/**
 * Decorative inline icons (aria-hidden; the surrounding link or button carries the accessible
 * name): 24×24 outlines drawn with the current text colour, 20 px by default.
 */
function StrokeIcon({ children, className = 'h-5 w-5' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

/** The user (account links). */
export function UserIcon() {
  return (
    <StrokeIcon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
    </StrokeIcon>
  );
}

/** The cart (cart links). */
export function CartIcon() {
  return (
    <StrokeIcon>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6" />
    </StrokeIcon>
  );
}

/** Hamburger of the menu button. */
export function MenuIcon() {
  return (
    <StrokeIcon>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </StrokeIcon>
  );
}

/** Home (bottom tab bar). */
export function HomeIcon() {
  return (
    <StrokeIcon>
      <path d="M3 11l9-8 9 8" />
      <path d="M5 10v10h5v-6h4v6h5V10" />
    </StrokeIcon>
  );
}

/** Briefcase of the staff's back office link. */
export function BackOfficeIcon() {
  return (
    <StrokeIcon>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />
    </StrokeIcon>
  );
}

/** A door and an arrow leaving it (sign-out button). */
export function SignOutIcon() {
  return (
    <StrokeIcon>
      <path d="M14 4H5v16h9M10 12h11M17 8l4 4-4 4" />
    </StrokeIcon>
  );
}

/** Magnifier (bottom tab bar). */
export function SearchIcon() {
  return (
    <StrokeIcon>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </StrokeIcon>
  );
}

/** Funnel of the filters button, 16 px. */
export function FilterIcon() {
  return (
    <StrokeIcon className="h-4 w-4">
      <path d="M3 5h18l-7 8v6l-4-2v-4z" />
    </StrokeIcon>
  );
}
