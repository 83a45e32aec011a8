import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { staffInfoBannerSchema } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { ApiError } from '@/lib/api/errors';
import { ContentNav } from '@/components/cms/staff/ContentNav';
import { BannerForm } from '@/components/cms/staff/BannerForm';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/** /{lang}/staff/content/banners/{id}: edits one info banner (GET → BannerForm → PUT); unknown → 404. Staff only. */
export default async function StaffBannerEditPage({ params }: Props) {
  const { locale, id } = await params;
  if (!hasLocale(routing.locales, locale) || !/^\d{1,9}$/.test(id)) notFound();
  setRequestLocale(locale);
  const pathname = `/${locale}/staff/content/banners/${id}`;
  await requireStaff(locale, pathname);
  const banner = await loadForPage(locale, pathname, async () => {
    try {
      return await staffGet(`/staff/info_banners/${id}`, staffInfoBannerSchema, locale);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  });
  if (!banner) notFound();
  const t = await getTranslations({ locale, namespace: 'cms.staff' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('editBanner')}</h1>
      <ContentNav locale={locale} current="banners" />
      <BannerForm banner={banner} />
    </div>
  );
}
