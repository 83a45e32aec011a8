import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { LEAD_STATES, leadSubjectName } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { contactApi } from '@/lib/api/contact';
import { formatDate } from '@/lib/format';
import { pickParam } from '@/lib/orders-list';
import { StaffFilters, staffPaging } from '@/components/staff/StaffFilters';
import { keepWithinPages } from '@/lib/list-pages';
import { StaffPages } from '@/components/staff/StaffPages';
import { StaffTable } from '@/components/staff/StaffTable';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('contact.staff', 'leadsTitle');

const STATES = [...LEAD_STATES, 'all'] as const;

/**
 * /{lang}/staff/leads (docs/product/back-office.md#contact-forms-and-leads "the lead reaches staff ... in the back office"): the contact
 * requests of GET /staff/leads by state (new by default, handled, all), newest first, with page
 * size and 'from–to of total'; each row shows the date, the sender (name, company, email), the
 * subject or form, the start of the message, the number of files and the state, and links to the
 * detail. Staff only. Test ids `leads-row` (data-email, data-state), `leads-open`.
 */
export default async function StaffLeadsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/leads';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const query = await searchParams;
  const state = pickParam(query.state, STATES, 'new');
  const { page, perPage } = staffPaging(query);
  const list = await loadForPage(locale, pathname, () =>
    contactApi.leads(locale, { state, page, per_page: perPage }),
  );
  keepWithinPages(pathname, query, { page, perPage }, list.count);
  const t = await getTranslations({ locale, namespace: 'contact.staff' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('leadsTitle')}</h1>
      <StaffFilters
        locale={locale}
        action={pathname}
        idPrefix="leads"
        page={page}
        perPage={perPage}
        total={list.count}
        fields={[
          {
            kind: 'select',
            name: 'state',
            label: t('state'),
            value: state,
            options: STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
          },
        ]}
      />
      <StaffTable
        caption={t('leadsTitle')}
        testId="leads"
        empty={t('leadsEmpty')}
        rows={list.items}
        rowKey={(l) => l.id}
        rowAttributes={(l) => ({ 'data-email': l.email, 'data-state': l.state })}
        columns={[
          { key: 'date', header: t('date'), cell: (l) => formatDate(l.created_at, locale), nowrap: true },
          {
            key: 'from',
            header: t('from'),
            cell: (l) => (
              <div>
                <p className="font-semibold">{l.name || l.email}</p>
                {l.company ? <p>{l.company}</p> : null}
                <p className="text-muted">{l.email}</p>
              </div>
            ),
          },
          {
            key: 'subject',
            header: t('subject'),
            cell: (l) => (
              <div>
                <p>{l.subject ? leadSubjectName(l.subject, locale) : '—'}</p>
                {l.form_code ? <p className="text-muted">{l.form_code}</p> : null}
              </div>
            ),
          },
          {
            key: 'message',
            header: t('message'),
            cell: (l) => (
              <p className="max-w-md">
                {l.description.length > 140 ? `${l.description.slice(0, 140)}…` : l.description}
              </p>
            ),
          },
          { key: 'files', header: t('files'), numeric: true, cell: (l) => l.files.length },
          { key: 'state', header: t('state'), cell: (l) => t(`states.${l.state}`) },
          {
            key: 'open',
            header: t('open'),
            cell: (l) => (
              <Link
                href={`/staff/leads/${l.id}`}
                className="font-semibold text-brand underline"
                data-testid="leads-open"
              >
                {t('openLead', { id: l.id })}
              </Link>
            ),
          },
        ]}
      />
      <StaffPages
        locale={locale}
        href={href}
        params={{ state }}
        page={page}
        perPage={perPage}
        total={list.count}
      />
    </div>
  );
}
