'use client';

import { useLayoutEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { STAFF_SECTIONS, staffHref } from './sections';

/**
 * Navigation of the staff back office (docs/product/back-office.md#staff-back-office): one link per section of STAFF_SECTIONS, the
 * current section marked with aria-current="page" (the home only on its own path, the others on
 * their path and below). Test ids `staff-nav-<key>`.
 * From 1024 px a column beside the page; below, one row above it that scrolls sideways, moved so
 * that the current section shows (docs/decisions/responsive-shell.md, "Staff sections on a phone"):
 * wrapped, the fifteen links took a phone's whole first screen.
 */
export function StaffNav() {
  const t = useTranslations('staff.nav');
  const tAll = useTranslations();
  const pathname = usePathname();
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    // The current link in the middle of the row (as far as the row goes; the row is its links'
    // offset parent), the page left where it is.
    row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label={t('label')} className="min-w-0 lg:w-56 lg:shrink-0" data-testid="staff-nav">
      <ul
        ref={list}
        className="relative -mx-4 flex gap-1 overflow-x-auto px-4 pb-1 whitespace-nowrap lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0 lg:whitespace-normal"
      >
        {STAFF_SECTIONS.map((section) => {
          const href = staffHref(section.path);
          const current = section.path
            ? pathname === href || pathname.startsWith(`${href}/`)
            : pathname === href;
          return (
            <li key={section.key}>
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                data-testid={`staff-nav-${section.key}`}
                className={`block rounded px-3 py-2 text-sm font-semibold ${
                  current ? 'bg-brand text-white' : 'text-brand hover:bg-surface hover:underline'
                }`}
              >
                {'label' in section ? tAll(section.label) : t(section.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
