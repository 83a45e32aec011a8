import { notFound } from 'next/navigation';
import { privatePageMetadata } from '@/lib/page';
import { ContentListPage } from '@/components/staff/content-types/ListPage';
import { cmsContentType, isCmsSection } from '@/components/staff/content-types/descriptors';

type Props = { params: Promise<{ locale: string; section: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/**
 * /{lang}/staff/content/{pages|news|snippets} (docs/product/back-office.md#website-content staff
 * "content"): every content of the type with a link to create one, rendered by ContentListPage from
 * the section's descriptor (`cmsContentType`); another section → 404. Staff only.
 */
export default async function StaffContentListPage({ params }: Props) {
  const { locale, section } = await params;
  if (!isCmsSection(section)) notFound();
  return <ContentListPage locale={locale} type={cmsContentType(section)} />;
}
