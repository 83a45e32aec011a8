import { privatePageMetadata } from '@/lib/page';
import { ContentEditPage } from '@/components/staff/content-types/EditPage';
import { BANNERS } from '@/components/staff/content-types/descriptors';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/**
 * /{lang}/staff/content/banners/{id}: edits one info banner (GET → BannerForm → PUT); unknown → 404.
 * Rendered by ContentEditPage from the BANNERS descriptor. Staff only.
 */
export default async function StaffBannerEditPage({ params }: Props) {
  const { locale, id } = await params;
  return <ContentEditPage locale={locale} id={id} type={BANNERS} />;
}
