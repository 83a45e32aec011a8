'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { STAFF_SECTIONS, staffHref } from './sections';

/**
 * Navigation of the staff back office (docs/product/back-office.md#staff-back-office): one link per section of STAFF_SECTIONS, the
 * current section marked with aria-current="page" (the home only on its own path, the others on
 * their path and below). Test ids `staff-nav-<key>`.
 */
export function StaffNav() {
  const t = useTranslations('staff.nav');
  const tAll = useTranslations();
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className="lg:w-56 lg:shrink-0" data-testid="staff-nav">
      <ul className="flex flex-wrap gap-1 lg:flex-col">
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
