import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { requireStaff } from '@/lib/staff';
import { FormEditor } from '@/components/contact/FormEditor';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('contact.staff', 'newForm');

/** /{lang}/staff/forms/new (docs/product/back-office.md#staff-back-office back office): create a contact form (FormEditor). Staff only. */
export default async function StaffNewFormPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  await requireStaff(locale, getPathname({ href: '/staff/forms/new', locale }));
  const t = await getTranslations({ locale, namespace: 'contact.staff' });
  return (
    <div className="space-y-6">
      <p>
        <Link href="/staff/forms" className="text-brand underline">
          {t('backToForms')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand">{t('newForm')}</h1>
      <FormEditor locale={locale} />
    </div>
  );
}
