import Link from 'next/link';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { staffInfoBannerSchema, type Locale, type StaffInfoBanner } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { formatDateTime } from '@/lib/format';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { ContentNav } from '@/components/cms/staff/ContentNav';
import { BannerForm } from '@/components/cms/staff/BannerForm';
import { DeleteButton } from '@/components/cms/staff/shared';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/** Date and time in Brussels of an ISO instant, or the "open" label. */
function when(iso: string | null, locale: Locale, open: string): string {
  if (!iso) return open;
  return formatDateTime(iso, locale);
}

/**
 * /{lang}/staff/content/banners (docs/product/back-office.md#website-content staff "banners", docs/product/community-and-content.md#info-banners): every info banner
 * (GET /staff/info_banners) with its dates, type, visibility, whether it shows now and its text in
 * this locale; edit and delete; a form to create one. Staff only. Test ids `cms-banner-row`
 * (data-id, data-active), `cms-banner-edit`, `cms-banner-delete`, `cms-banner-form`.
 */
export default async function StaffBannersPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const pathname = `/${locale}/staff/content/banners`;
  await requireStaff(locale, pathname);
  const banners: StaffInfoBanner[] = await loadForPage(locale, pathname, () =>
    staffGet('/staff/info_banners', staffInfoBannerSchema.array(), locale),
  );
  const t = await getTranslations({ locale, namespace: 'cms.staff' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('sections.banners')}</h1>
      <ContentNav locale={locale} current="banners" />
      {banners.length === 0 ? (
        <p className="rounded border border-line bg-surface p-4">{t('empty')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t('sections.banners')}</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="px-2 py-2">
                  {t('columns.text')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('dateStart')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('dateEnd')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('bannerType')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('visibility')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('columns.state')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('columns.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {banners.map((b) => (
                <tr
                  key={b.id}
                  className="border-b border-line align-top"
                  data-testid="cms-banner-row"
                  data-id={b.id}
                  data-active={String(b.active)}
                >
                  <td className="max-w-md px-2 py-2">
                    {(b.html[locale] ?? b.html.fr ?? '').replace(/<[^>]*>/g, ' ').slice(0, 160)}
                  </td>
                  <td className="px-2 py-2">{when(b.date_start, locale, t('open'))}</td>
                  <td className="px-2 py-2">{when(b.date_end, locale, t('open'))}</td>
                  <td className="px-2 py-2">{t(`bannerTypes.${b.type}`)}</td>
                  <td className="px-2 py-2">{t(`visibilities.${b.visibility}`)}</td>
                  <td className="px-2 py-2">{b.active ? t('state.active') : t('state.inactive')}</td>
                  <td className="space-x-3 px-2 py-2">
                    <Link
                      href={`${pathname}/${b.id}`}
                      className="text-brand underline"
                      data-testid="cms-banner-edit"
                    >
                      {t('edit')}
                    </Link>
                    <DeleteButton path={`/staff/info_banners/${b.id}`} testId="cms-banner-delete" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="cms-banner-new-title" className="rounded border border-line p-4">
        <h2 id="cms-banner-new-title" className="mb-3 text-xl font-semibold">
          {t('newBanner')}
        </h2>
        <BannerForm banner={null} />
      </section>
    </div>
  );
}
