import { privatePageMetadata } from '@/lib/page';
import { ContentListPage } from '@/components/staff/content-types/ListPage';
import { ADVERTISEMENTS } from '@/components/staff/content-types/descriptors';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/**
 * /{lang}/staff/content/advertisements (docs/product/back-office.md#website-content staff
 * "advertisements", docs/product/community-and-content.md#advertisements): the advertisements' list
 * and create form, rendered by ContentListPage from the ADVERTISEMENTS descriptor. Staff only.
 */
export default async function StaffAdvertisementsPage({ params }: Props) {
  const { locale } = await params;
  return <ContentListPage locale={locale} type={ADVERTISEMENTS} />;
}
