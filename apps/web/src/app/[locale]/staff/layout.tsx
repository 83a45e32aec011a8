import type { ReactNode } from 'react';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { headers } from 'next/headers';
import { REQUEST_PATH_HEADER, sectionTarget } from '@/lib/auth-paths';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { requireStaff } from '@/lib/staff';
import { StaffNav } from '@/components/staff/StaffNav';
import { ClientMessages } from '@/components/i18n/ClientMessages';

/**
 * Shell of the staff back office /{lang}/staff/** (docs/product/back-office.md#staff-back-office: staff role only,
 * in the three languages): the staff-only guard (guest → login with the page asked for as target, lib/auth-paths.ts
 * `sectionTarget`,
 * signed-in non-staff → 404 page; every page repeats the check with its own path, lib/staff.ts)
 * and the section navigation (components/staff/StaffNav) beside the page from 1024 px, above it below
 * (docs/decisions/responsive-shell.md). The navigation gets its messages here
 * (i18n/client-messages.ts `FOLDER_CLIENT_NAMESPACES.staff`); each section's layout gives its pages
 * theirs (`FOLDER_CLIENT_NAMESPACES['staff/…']`), so no page carries the others' (both checked by
 * the list's test; docs/decisions/web-page-performance.md, "Each staff section its own messages").
 */
export default async function StaffLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const asked = (await headers()).get(REQUEST_PATH_HEADER);
  await requireStaff(locale, sectionTarget(getPathname({ href: '/staff', locale }), asked));
  const t = await getTranslations({ locale, namespace: 'staff' });
  return (
    <div className="flex flex-col gap-6 lg:flex-row" data-testid="staff-shell">
      <ClientMessages folder="staff">
        <StaffNav />
      </ClientMessages>
      <div className="min-w-0 flex-1 space-y-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t('backOffice')}</p>
        {children}
      </div>
    </div>
  );
}
