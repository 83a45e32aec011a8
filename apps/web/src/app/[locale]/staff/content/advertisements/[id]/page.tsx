import { privatePageMetadata } from '@/lib/page';
import { ContentEditPage } from '@/components/staff/content-types/EditPage';
import { ADVERTISEMENTS } from '@/components/staff/content-types/descriptors';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/**
 * /{lang}/staff/content/advertisements/{id}: edits one advertisement (GET → AdForm → PUT); unknown →
 * 404. Rendered by ContentEditPage from the ADVERTISEMENTS descriptor. Staff only.
 */
export default async function StaffAdvertisementEditPage({ params }: Props) {
  const { locale, id } = await params;
  return <ContentEditPage locale={locale} id={id} type={ADVERTISEMENTS} />;
}
