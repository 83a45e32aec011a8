import Link from 'next/link';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { staffAdvertisementSchema, type Locale, type StaffAdvertisement } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { formatDateTime } from '@/lib/format';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { ContentNav } from '@/components/cms/staff/ContentNav';
import { AdForm } from '@/components/cms/staff/AdForm';
import { DeleteButton } from '@/components/cms/staff/shared';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/** Date and time in Brussels of an ISO instant, or the "open" label. */
function when(iso: string | null, locale: Locale, open: string): string {
  if (!iso) return open;
  return formatDateTime(iso, locale);
}

/**
 * /{lang}/staff/content/advertisements (docs/product/back-office.md#website-content staff "advertisements", docs/product/community-and-content.md#advertisements): every
 * advertisement (GET /staff/advertisements) with its dates, display time (−1 = until closed), corner
 * and whether it shows now; edit and delete; a form to create one. Staff only. Test ids
 * `cms-ad-row` (data-id, data-active), `cms-ad-edit`, `cms-ad-delete`, `cms-ad-form`.
 */
export default async function StaffAdvertisementsPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const pathname = `/${locale}/staff/content/advertisements`;
  await requireStaff(locale, pathname);
  const ads: StaffAdvertisement[] = await loadForPage(locale, pathname, () =>
    staffGet('/staff/advertisements', staffAdvertisementSchema.array(), locale),
  );
  const t = await getTranslations({ locale, namespace: 'cms.staff' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('sections.advertisements')}</h1>
      <ContentNav locale={locale} current="advertisements" />
      {ads.length === 0 ? (
        <p className="rounded border border-line bg-surface p-4">{t('empty')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t('sections.advertisements')}</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="px-2 py-2">
                  {t('adName')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('dateStart')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('dateEnd')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('displayTime')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('displaySlot')}
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
              {ads.map((a) => (
                <tr
                  key={a.id}
                  className="border-b border-line align-top"
                  data-testid="cms-ad-row"
                  data-id={a.id}
                  data-active={String(a.active)}
                >
                  <td className="px-2 py-2 font-medium">{a.name}</td>
                  <td className="px-2 py-2">{when(a.date_start, locale, t('open'))}</td>
                  <td className="px-2 py-2">{when(a.date_end, locale, t('open'))}</td>
                  <td className="px-2 py-2">
                    {a.display_time === -1 ? t('untilClosed') : t('seconds', { n: a.display_time })}
                  </td>
                  <td className="px-2 py-2">{t(`adSlots.${a.display_slot}`)}</td>
                  <td className="px-2 py-2">{a.active ? t('state.active') : t('state.inactive')}</td>
                  <td className="space-x-3 px-2 py-2">
                    <Link
                      href={`${pathname}/${a.id}`}
                      className="text-brand underline"
                      data-testid="cms-ad-edit"
                    >
                      {t('edit')}
                    </Link>
                    <DeleteButton path={`/staff/advertisements/${a.id}`} testId="cms-ad-delete" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="cms-ad-new-title" className="rounded border border-line p-4">
        <h2 id="cms-ad-new-title" className="mb-3 text-xl font-semibold">
          {t('newAd')}
        </h2>
        <AdForm ad={null} />
      </section>
    </div>
  );
}
