import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { requireStaff } from '@/lib/staff';
import { ContentNav } from '@/components/cms/staff/ContentNav';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/**
 * /{lang}/staff/content (docs/product/back-office.md#website-content staff back office "content"): the entry of the website content
 * screens — pages, news, snippets, info banners and advertisements. Staff only.
 */
export default async function StaffContentPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  await requireStaff(locale, getPathname({ href: '/staff/content', locale }));
  const t = await getTranslations({ locale, namespace: 'cms.staff' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p>{t('intro')}</p>
      <ContentNav locale={locale} />
    </div>
  );
}
