import { notFound } from 'next/navigation';
import { privatePageMetadata } from '@/lib/page';
import { ContentEditPage } from '@/components/staff/content-types/EditPage';
import { cmsContentType, isCmsSection } from '@/components/staff/content-types/descriptors';

type Props = { params: Promise<{ locale: string; section: string; id: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/**
 * /{lang}/staff/content/{pages|news|snippets}/{id}: edits one content (GET /staff/cms/contents/{id}
 * → ContentForm → PUT), or deletes it, rendered by ContentEditPage from the section's descriptor.
 * Unknown section or id, or a content of another type → 404. Staff only.
 */
export default async function StaffContentEditPage({ params }: Props) {
  const { locale, section, id } = await params;
  if (!isCmsSection(section)) notFound();
  return <ContentEditPage locale={locale} id={id} type={cmsContentType(section)} />;
}
