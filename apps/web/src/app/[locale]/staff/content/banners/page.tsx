import { privatePageMetadata } from '@/lib/page';
import { ContentListPage } from '@/components/staff/content-types/ListPage';
import { BANNERS } from '@/components/staff/content-types/descriptors';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/**
 * /{lang}/staff/content/banners (docs/product/back-office.md#website-content staff "banners",
 * docs/product/community-and-content.md#info-banners): the info banners' list and create form,
 * rendered by ContentListPage from the BANNERS descriptor. Staff only.
 */
export default async function StaffBannersPage({ params }: Props) {
  const { locale } = await params;
  return <ContentListPage locale={locale} type={BANNERS} />;
}
