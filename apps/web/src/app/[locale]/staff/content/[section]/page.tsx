import Link from 'next/link';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cmsStaffContentListSchema, LOCALES, type CmsStaffContent } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { contentPath } from '@/lib/cms';
import { formatDate } from '@/lib/format';
import { ContentNav, SECTION_TYPES } from '@/components/cms/staff/ContentNav';
import { DeleteButton } from '@/components/cms/staff/shared';
import { messageOr } from '@/i18n/keys';

type Props = { params: Promise<{ locale: string; section: string }> };

export const generateMetadata = privatePageMetadata('cms.staff', 'title');

/**
 * /{lang}/staff/content/{pages|news|snippets} (docs/product/back-office.md#website-content staff "content"): every content of the type,
 * published or not (GET /staff/cms/contents?type=…), with its title and slugs per locale, slot or
 * date, state, a link to the public page, edit and delete; a link to create one. Staff only. Test
 * ids `cms-content-row` (data-id, data-url-fr), `cms-content-new`, `cms-content-edit`,
 * `cms-content-delete`.
 */
export default async function StaffContentListPage({ params }: Props) {
  const { locale, section } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  if (!(section in SECTION_TYPES)) notFound();
  setRequestLocale(locale);
  const key = section as keyof typeof SECTION_TYPES;
  const type = SECTION_TYPES[key];
  const pathname = `/${locale}/staff/content/${section}`;
  await requireStaff(locale, pathname);
  const list = await loadForPage(locale, pathname, () =>
    staffGet('/staff/cms/contents', cmsStaffContentListSchema, locale, { type, per_page: 200 }),
  );
  const t = await getTranslations({ locale, namespace: 'cms.staff' });
  const title = (c: CmsStaffContent) =>
    c.translations[locale]?.title ?? LOCALES.map((l) => c.translations[l]?.title).find(Boolean) ?? `#${c.id}`;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t(`sections.${key}`)}</h1>
      <ContentNav locale={locale} current={key} />
      <p>
        <Link
          href={`${pathname}/new`}
          className="inline-block rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
          data-testid="cms-content-new"
        >
          {t(`new.${key}`)}
        </Link>
      </p>
      {list.items.length === 0 ? (
        <p className="rounded border border-line bg-surface p-4">{t('empty')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t(`sections.${key}`)}</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="px-2 py-2">
                  {t('columns.title')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('columns.urls')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {type === 'news'
                    ? t('columns.date')
                    : type === 'snippet'
                      ? t('columns.slot')
                      : t('columns.group')}
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
              {list.items.map((c) => (
                <tr
                  key={c.id}
                  className="border-b border-line align-top"
                  data-testid="cms-content-row"
                  data-id={c.id}
                  data-url-fr={c.translations.fr?.url ?? ''}
                >
                  <td className="px-2 py-2 font-medium">{title(c)}</td>
                  <td className="px-2 py-2">
                    <ul>
                      {LOCALES.filter((l) => c.translations[l]).map((l) => (
                        <li key={l}>
                          {type !== 'snippet' && c.published ? (
                            <a
                              href={contentPath(l, type === 'news' ? 'news' : 'page', c.translations[l]!.url)}
                              className="text-brand underline"
                            >
                              {l.toUpperCase()}: {c.translations[l]!.url}
                            </a>
                          ) : (
                            <span>
                              {l.toUpperCase()}: {c.translations[l]!.url}
                            </span>
                          )}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-2 py-2">
                    {type === 'news'
                      ? c.date
                        ? formatDate(c.date, locale)
                        : ''
                      : type === 'snippet'
                        ? c.slot
                          ? messageOr(t, `slots.${c.slot}`, c.slot)
                          : ''
                        : (c.group ?? '')}
                  </td>
                  <td className="px-2 py-2">{c.published ? t('state.published') : t('state.draft')}</td>
                  <td className="space-x-3 px-2 py-2">
                    <Link
                      href={`${pathname}/${c.id}`}
                      className="text-brand underline"
                      data-testid="cms-content-edit"
                    >
                      {t('edit')}
                    </Link>
                    <DeleteButton path={`/staff/cms/contents/${c.id}`} testId="cms-content-delete" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
