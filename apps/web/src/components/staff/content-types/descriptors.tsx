import {
  cmsStaffContentListSchema,
  cmsStaffContentSchema,
  LOCALES,
  staffAdvertisementSchema,
  staffInfoBannerSchema,
  type CmsStaffContent,
  type Locale,
  type StaffAdvertisement,
  type StaffInfoBanner,
} from '@vetshop/domain';
import { staffGet } from '@/lib/api/staff';
import { contentPath } from '@/lib/cms';
import { formatDate, formatDateTime } from '@/lib/format';
import { messageOr } from '@/i18n/keys';
import { SECTION_TYPES } from '@/components/cms/staff/ContentNav';
import { AdForm } from '@/components/cms/staff/AdForm';
import { BannerForm } from '@/components/cms/staff/BannerForm';
import { ContentForm } from '@/components/cms/staff/ContentForm';
import type { ContentTypeDescriptor } from './types';

/** Date and time in Brussels of an ISO instant, or the "open" label. */
function when(iso: string | null, locale: Locale, open: string): string {
  if (!iso) return open;
  return formatDateTime(iso, locale);
}

/**
 * Info banners, /{lang}/staff/content/banners (docs/product/back-office.md#website-content staff
 * "banners", docs/product/community-and-content.md#info-banners): every banner (GET
 * /staff/info_banners) with its text in this locale, dates, type, visibility and whether it shows
 * now; edit (BannerForm, PUT) and delete; a form to create one under the list. Test ids
 * `cms-banner-row` (data-id, data-active), `cms-banner-edit`, `cms-banner-delete`, `cms-banner-form`.
 */
export const BANNERS: ContentTypeDescriptor<StaffInfoBanner> = {
  section: 'banners',
  title: 'sections.banners',
  apiPath: '/staff/info_banners',
  list: (locale) => staffGet('/staff/info_banners', staffInfoBannerSchema.array(), locale),
  item: (locale, id) => staffGet(`/staff/info_banners/${id}`, staffInfoBannerSchema, locale),
  columns: [
    {
      header: 'columns.text',
      cellClass: 'max-w-md px-2 py-2',
      cell: (b, { locale }) => (b.html[locale] ?? b.html.fr ?? '').replace(/<[^>]*>/g, ' ').slice(0, 160),
    },
    { header: 'dateStart', cell: (b, { locale, t }) => when(b.date_start, locale, t('open')) },
    { header: 'dateEnd', cell: (b, { locale, t }) => when(b.date_end, locale, t('open')) },
    { header: 'bannerType', cell: (b, { t }) => t(`bannerTypes.${b.type}`) },
    { header: 'visibility', cell: (b, { t }) => t(`visibilities.${b.visibility}`) },
    { header: 'columns.state', cell: (b, { t }) => (b.active ? t('state.active') : t('state.inactive')) },
  ],
  testIds: { row: 'cms-banner-row', edit: 'cms-banner-edit', delete: 'cms-banner-delete' },
  rowData: (b) => ({ 'data-id': b.id, 'data-active': String(b.active) }),
  create: {
    kind: 'form',
    heading: 'newBanner',
    headingId: 'cms-banner-new-title',
    form: <BannerForm banner={null} />,
  },
  edit: {
    heading: (_, { t }) => t('editBanner'),
    form: (b) => <BannerForm banner={b} />,
    deleteButton: false,
  },
};

/**
 * Advertisements, /{lang}/staff/content/advertisements (docs/product/back-office.md#website-content
 * staff "advertisements", docs/product/community-and-content.md#advertisements): every advertisement
 * (GET /staff/advertisements) with its dates, display time (−1 = until closed), corner and whether
 * it shows now; edit (AdForm, PUT) and delete; a form to create one under the list. Test ids
 * `cms-ad-row` (data-id, data-active), `cms-ad-edit`, `cms-ad-delete`, `cms-ad-form`.
 */
export const ADVERTISEMENTS: ContentTypeDescriptor<StaffAdvertisement> = {
  section: 'advertisements',
  title: 'sections.advertisements',
  apiPath: '/staff/advertisements',
  list: (locale) => staffGet('/staff/advertisements', staffAdvertisementSchema.array(), locale),
  item: (locale, id) => staffGet(`/staff/advertisements/${id}`, staffAdvertisementSchema, locale),
  columns: [
    { header: 'adName', cellClass: 'px-2 py-2 font-medium', cell: (a) => a.name },
    { header: 'dateStart', cell: (a, { locale, t }) => when(a.date_start, locale, t('open')) },
    { header: 'dateEnd', cell: (a, { locale, t }) => when(a.date_end, locale, t('open')) },
    {
      header: 'displayTime',
      cell: (a, { t }) => (a.display_time === -1 ? t('untilClosed') : t('seconds', { n: a.display_time })),
    },
    { header: 'displaySlot', cell: (a, { t }) => t(`adSlots.${a.display_slot}`) },
    { header: 'columns.state', cell: (a, { t }) => (a.active ? t('state.active') : t('state.inactive')) },
  ],
  testIds: { row: 'cms-ad-row', edit: 'cms-ad-edit', delete: 'cms-ad-delete' },
  rowData: (a) => ({ 'data-id': a.id, 'data-active': String(a.active) }),
  create: { kind: 'form', heading: 'newAd', headingId: 'cms-ad-new-title', form: <AdForm ad={null} /> },
  edit: {
    heading: (_, { t }) => t('editAd'),
    form: (a) => <AdForm ad={a} />,
    deleteButton: false,
  },
};

/** The sub-sections whose items are kept in cms_contents: pages, news, snippets. */
export type CmsSection = keyof typeof SECTION_TYPES;

/** Whether `section` (a route parameter) is one of the {@link CmsSection}s. */
export function isCmsSection(section: string): section is CmsSection {
  return section in SECTION_TYPES;
}

/**
 * Pages, news or snippets, /{lang}/staff/content/{pages|news|snippets}
 * (docs/product/back-office.md#website-content staff "content"): every content of the type,
 * published or not (GET /staff/cms/contents?type=…&per_page=200), with its title and slugs per
 * locale (a link to the public page when published, snippets excepted), date (news), slot
 * (snippets) or group (pages), state; edit (ContentForm, PUT; a content of another type → 404) and
 * delete; a link to `<section>/new` above the list. Test ids `cms-content-row` (data-id,
 * data-url-fr), `cms-content-new`, `cms-content-edit`, `cms-content-delete`.
 */
export function cmsContentType(section: CmsSection): ContentTypeDescriptor<CmsStaffContent> {
  const type = SECTION_TYPES[section];
  return {
    section,
    title: `sections.${section}`,
    apiPath: '/staff/cms/contents',
    list: async (locale) =>
      (await staffGet('/staff/cms/contents', cmsStaffContentListSchema, locale, { type, per_page: 200 }))
        .items,
    item: (locale, id) => staffGet(`/staff/cms/contents/${id}`, cmsStaffContentSchema, locale),
    columns: [
      {
        header: 'columns.title',
        cellClass: 'px-2 py-2 font-medium',
        cell: (c, { locale }) =>
          c.translations[locale]?.title ??
          LOCALES.map((l) => c.translations[l]?.title).find(Boolean) ??
          `#${c.id}`,
      },
      {
        header: 'columns.urls',
        cell: (c, { t }) => (
          <ul>
            {LOCALES.filter((l) => c.translations[l]).map((l) => {
              const url = c.translations[l]!.url;
              const text = t('urlInLocale', { lang: l.toUpperCase(), url });
              return (
                <li key={l}>
                  {type !== 'snippet' && c.published ? (
                    <a
                      href={contentPath(l, type === 'news' ? 'news' : 'page', url)}
                      className="text-brand underline"
                    >
                      {text}
                    </a>
                  ) : (
                    <span>{text}</span>
                  )}
                </li>
              );
            })}
          </ul>
        ),
      },
      type === 'news'
        ? { header: 'columns.date', cell: (c, { locale }) => (c.date ? formatDate(c.date, locale) : '') }
        : type === 'snippet'
          ? {
              header: 'columns.slot',
              cell: (c, { t }) => (c.slot ? messageOr(t, `slots.${c.slot}`, c.slot) : ''),
            }
          : { header: 'columns.group', cell: (c) => c.group ?? '' },
      {
        header: 'columns.state',
        cell: (c, { t }) => (c.published ? t('state.published') : t('state.draft')),
      },
    ],
    testIds: { row: 'cms-content-row', edit: 'cms-content-edit', delete: 'cms-content-delete' },
    rowData: (c) => ({ 'data-id': c.id, 'data-url-fr': c.translations.fr?.url ?? '' }),
    create: { kind: 'link', label: `new.${section}`, testId: 'cms-content-new' },
    edit: {
      accepts: (c) => c.type === type,
      heading: (c, { locale, t }) =>
        t('editTitle', { title: c.translations[locale]?.title ?? c.translations.fr?.title ?? `#${c.id}` }),
      form: (c) => <ContentForm type={c.type} content={c} />,
      deleteButton: true,
    },
  };
}
