import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { requireStaff } from '@/lib/staff';
import { ContentNav, SECTION_TYPES } from '@/components/cms/staff/ContentNav';
import { ContentForm } from '@/components/cms/staff/ContentForm';

type Props = { params: Promise<{ locale: string; section: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/** /{lang}/staff/content/{pages|news|snippets}/new: creates a content of the section's type. Staff only. */
export default async function StaffContentNewPage({ params }: Props) {
  const { locale, section } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  if (!(section in SECTION_TYPES)) notFound();
  setRequestLocale(locale);
  const key = section as keyof typeof SECTION_TYPES;
  await requireStaff(locale, getPathname({ href: `/staff/content/${section}/new`, locale }));
  const t = await getTranslations({ locale, namespace: 'cms.staff' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t(`new.${key}`)}</h1>
      <ContentNav locale={locale} current={key} />
      <ContentForm type={SECTION_TYPES[key]} content={null} />
    </div>
  );
}
