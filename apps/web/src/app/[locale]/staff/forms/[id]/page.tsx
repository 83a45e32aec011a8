import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { contactApi } from '@/lib/api/contact';
import { FormEditor } from '@/components/contact/FormEditor';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('contact.staff', 'editTitle');

/**
 * /{lang}/staff/forms/{id} (docs/product/back-office.md#staff-back-office back office): edit or delete one contact form (FormEditor).
 * Staff only; unknown id → 404 page.
 */
export default async function StaffFormPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  const href = `/staff/forms/${id}`;
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const form = await loadForPage(locale, pathname, () => contactApi.staffForm(locale, id));
  const t = await getTranslations({ locale, namespace: 'contact.staff' });
  return (
    <div className="space-y-6">
      <p>
        <Link href="/staff/forms" className="text-brand underline">
          {t('backToForms')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand">{t('editForm', { code: form.code })}</h1>
      <FormEditor locale={locale} form={form} />
    </div>
  );
}
