import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { labelIn } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { contactApi } from '@/lib/api/contact';
import { StaffTable } from '@/components/staff/StaffTable';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('contact.staff', 'formsTitle');

/**
 * /{lang}/staff/forms (docs/product/back-office.md#contact-forms-and-leads back office "forms"): every contact form of GET /staff/forms by
 * sequence — code, name in the page's locale, number of fields, attachments allowed, active, number
 * of leads received — with a link to edit each and to create a new one. Staff only. Test ids
 * `forms-row` (data-code), `forms-new`, `forms-edit`.
 */
export default async function StaffFormsPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/forms';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const forms = await loadForPage(locale, pathname, () => contactApi.staffForms(locale));
  const t = await getTranslations({ locale, namespace: 'contact.staff' });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand">{t('formsTitle')}</h1>
        <Link
          href="/staff/forms/new"
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
          data-testid="forms-new"
        >
          {t('newForm')}
        </Link>
      </div>
      <StaffTable
        caption={t('formsTitle')}
        testId="forms"
        empty={t('formsEmpty')}
        rows={forms}
        rowKey={(f) => f.id}
        rowAttributes={(f) => ({ 'data-code': f.code })}
        columns={[
          { key: 'sequence', header: t('sequence'), numeric: true, cell: (f) => f.sequence },
          { key: 'code', header: t('code'), cell: (f) => <code>{f.code}</code> },
          { key: 'name', header: t('name'), cell: (f) => labelIn(f.name, locale) },
          { key: 'fields', header: t('fieldCount'), numeric: true, cell: (f) => f.definition.fields.length },
          {
            key: 'attachments',
            header: t('attachments'),
            cell: (f) => (f.options.attachments ? t('yes') : t('no')),
          },
          { key: 'active', header: t('active'), cell: (f) => (f.active ? t('yes') : t('no')) },
          { key: 'leads', header: t('leadCount'), numeric: true, cell: (f) => f.leads },
          {
            key: 'edit',
            header: t('edit'),
            cell: (f) => (
              <Link
                href={`/staff/forms/${f.id}`}
                className="font-semibold text-brand underline"
                data-testid="forms-edit"
              >
                {t('editForm', { code: f.code })}
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}
