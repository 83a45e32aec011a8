import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cmsStaffContentSchema } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { ApiError } from '@/lib/api/errors';
import { ContentNav, SECTION_TYPES } from '@/components/cms/staff/ContentNav';
import { ContentForm } from '@/components/cms/staff/ContentForm';
import { DeleteButton } from '@/components/cms/staff/shared';

type Props = { params: Promise<{ locale: string; section: string; id: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/**
 * /{lang}/staff/content/{pages|news|snippets}/{id}: edits one content (GET /staff/cms/contents/{id}
 * → ContentForm → PUT), or deletes it. Unknown id or a content of another type → 404. Staff only.
 */
export default async function StaffContentEditPage({ params }: Props) {
  const { locale, section, id } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  if (!(section in SECTION_TYPES) || !/^\d{1,9}$/.test(id)) notFound();
  setRequestLocale(locale);
  const key = section as keyof typeof SECTION_TYPES;
  const pathname = `/${locale}/staff/content/${section}/${id}`;
  await requireStaff(locale, pathname);
  const content = await loadForPage(locale, pathname, async () => {
    try {
      return await staffGet(`/staff/cms/contents/${id}`, cmsStaffContentSchema, locale);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  });
  if (!content || content.type !== SECTION_TYPES[key]) notFound();
  const t = await getTranslations({ locale, namespace: 'cms.staff' });
  const title = content.translations[locale]?.title ?? content.translations.fr?.title ?? `#${content.id}`;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('editTitle', { title })}</h1>
      <ContentNav locale={locale} current={key} />
      <ContentForm type={content.type} content={content} />
      <DeleteButton
        path={`/staff/cms/contents/${content.id}`}
        next={`/${locale}/staff/content/${section}`}
        testId="cms-content-delete"
      />
    </div>
  );
}
