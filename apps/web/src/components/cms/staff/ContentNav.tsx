import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';

/** The sub-sections of /{lang}/staff/content, in order. */
export const CONTENT_SECTIONS = ['pages', 'news', 'snippets', 'banners', 'advertisements'] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

/** Content type of the sections kept in cms_contents. */
export const SECTION_TYPES = { pages: 'page', news: 'news', snippets: 'snippet' } as const;

/**
 * Navigation between the content sub-sections (docs/product/back-office.md#website-content staff "content (pages, news, snippets,
 * banners, advertisements)"); the current one carries aria-current. Test ids `cms-staff-nav-<section>`.
 */
export async function ContentNav({ locale, current }: { locale: Locale; current?: ContentSection }) {
  const t = await getTranslations({ locale, namespace: 'cms.staff' });
  return (
    <nav aria-label={t('navLabel')}>
      <ul className="flex flex-wrap gap-2">
        {CONTENT_SECTIONS.map((s) => (
          <li key={s}>
            <Link
              href={`/staff/content/${s}`}
              aria-current={s === current ? 'page' : undefined}
              data-testid={`cms-staff-nav-${s}`}
              className={
                s === current
                  ? 'rounded bg-brand px-3 py-1 font-semibold text-white'
                  : 'rounded border border-line px-3 py-1 text-brand hover:bg-surface'
              }
            >
              {t(`sections.${s}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
