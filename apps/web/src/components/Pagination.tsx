import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { AppLink } from '@/components/nav/AppLink';
import { pageList, searchHref, type SearchState } from '@/lib/search-state';

/**
 * Pagination links of a listing (docs/product/web-app-shell.md#global-interface-pieces global "pagination"): previous, numbered pages with gaps,
 * next. Every link keeps the rest of the URL state. `href` is the listing's path without query and
 * without locale prefix (`/search`, `/c/meds`): the navigation Link adds the prefix.
 */
export async function Pagination({
  locale,
  href: listingHref,
  state,
  pages,
}: {
  locale: Locale;
  href: string;
  state: SearchState;
  pages: number;
}) {
  if (pages <= 1) return null;
  const t = await getTranslations({ locale, namespace: 'pagination' });
  const href = (page: number) => searchHref(listingHref, { ...state, page });
  const linkClass =
    'block min-w-10 rounded border border-line px-3 py-1 text-center text-brand hover:bg-surface';
  return (
    <nav aria-label={t('label')} className="mt-6">
      <ul className="flex flex-wrap items-center gap-1">
        {state.page > 1 ? (
          <li>
            <AppLink locale={locale} href={href(state.page - 1)} rel="prev" className={linkClass}>
              <span aria-hidden="true">‹ </span>
              {t('previous')}
            </AppLink>
          </li>
        ) : null}
        {pageList(state.page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-2">
              …
            </li>
          ) : (
            <li key={p}>
              {p === state.page ? (
                <span
                  aria-current="page"
                  className="block min-w-10 rounded bg-brand px-3 py-1 text-center font-semibold text-white"
                >
                  <span className="sr-only">{t('page', { page: p })}</span>
                  <span aria-hidden="true">{p}</span>
                </span>
              ) : (
                <AppLink
                  locale={locale}
                  href={href(p)}
                  className={linkClass}
                  aria-label={t('page', { page: p })}
                >
                  {p}
                </AppLink>
              )}
            </li>
          ),
        )}
        {state.page < pages ? (
          <li>
            <AppLink locale={locale} href={href(state.page + 1)} rel="next" className={linkClass}>
              {t('next')}
              <span aria-hidden="true"> ›</span>
            </AppLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
