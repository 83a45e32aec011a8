import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { StaffSummary } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffApi } from '@/lib/api/staff';
import { formatInt } from '@/lib/format';
import { staffHref } from '@/components/staff/sections';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('staff.home', 'title');

/** The queues of the home: summary field → section path under /{lang}/staff. */
const QUEUES: { key: keyof StaffSummary; path: string }[] = [
  { key: 'orders_to_process', path: 'orders' },
  { key: 'pending_registrations', path: 'registrations' },
  { key: 'pending_address_requests', path: 'addresses' },
  { key: 'pending_classified_ads', path: 'smallads' },
  { key: 'new_leads', path: 'leads' },
];

/** Sections without a queue count, linked below the counts. */
const OTHER_SECTIONS = ['content', 'forms', 'import', 'audit'] as const;

/**
 * /{lang}/staff, the staff home (docs/product/back-office.md#staff-back-office): the work waiting in each queue
 * (GET /staff/summary: orders to process, pending registrations, pending address changes, small
 * ads to moderate, new contact requests), each a link to its section, then links to the other
 * sections. Staff only (lib/staff.ts requireStaff). Test ids `staff-count-<key>`.
 */
export default async function StaffHomePage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const summary = await loadForPage(locale, pathname, () => staffApi.summary(locale));
  const t = await getTranslations({ locale, namespace: 'staff' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('home.title')}</h1>
      <p className="text-muted">{t('home.intro')}</p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {QUEUES.map((q) => (
          <li key={q.key}>
            <Link
              href={staffHref(q.path)}
              className="block rounded-lg border border-line bg-white p-4 hover:border-brand hover:shadow"
              data-testid={`staff-count-${q.key}`}
            >
              <span
                className="block text-3xl font-bold text-brand tabular-nums"
                data-testid="staff-count-value"
              >
                {formatInt(summary[q.key], locale)}
              </span>
              <span className="mt-1 block font-semibold">{t(`home.${q.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="staff-other-sections">
        <h2 id="staff-other-sections" className="mb-2 text-xl font-semibold">
          {t('home.otherSections')}
        </h2>
        <ul className="flex flex-wrap gap-3">
          {OTHER_SECTIONS.map((key) => (
            <li key={key}>
              <Link
                href={staffHref(key)}
                className="inline-block rounded border border-brand px-4 py-2 font-semibold text-brand hover:bg-surface"
              >
                {t(`nav.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
