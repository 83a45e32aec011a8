import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { NEWS_PAGE_SIZE, type Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { cmsApi } from '@/lib/api/cms';
import { contentHref } from '@/lib/cms';
import { formatDate } from '@/lib/format';
import { alternatesFor, samePathEverywhere } from '@/lib/seo';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { Link } from '@/i18n/navigation';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Page number of `?page=` (1 when missing or not a positive integer up to 10 000). */
function pageParam(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const page = pageParam((await searchParams).page);
  const t = await getTranslations({ locale, namespace: 'cms.news' });
  return {
    title: t('title'),
    description: t('description'),
    alternates: alternatesFor(locale, samePathEverywhere('/news'), page > 1 ? `?page=${page}` : ''),
  };
}

/**
 * /{lang}/news (docs/product/community-and-content.md#website-content "News list"): the published news of this locale, newest first
 * (GET /cms/content?type=news), NEWS_PAGE_SIZE (10) per page with previous/next links and
 * "from–to of total"; each item shows its thumbnail, date, title (link to /{lang}/news/{slug}) and
 * foreword. Test ids `news-list`, `news-item` (data-url), `news-empty`, `news-pages`.
 */
export default async function NewsListPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const page = pageParam((await searchParams).page);
  const list = await cmsApi.list(locale, 'news', { page, per_page: NEWS_PAGE_SIZE });
  const t = await getTranslations({ locale, namespace: 'cms.news' });
  const pages = Math.max(1, Math.ceil(list.count / NEWS_PAGE_SIZE));
  const from = list.count === 0 ? 0 : (page - 1) * NEWS_PAGE_SIZE + 1;
  const to = Math.min(list.count, page * NEWS_PAGE_SIZE);
  return (
    <div className="mx-auto max-w-4xl">
      <Breadcrumbs locale={locale} items={[{ label: t('title') }]} />
      <h1 className="mb-6 text-3xl font-bold text-brand">{t('title')}</h1>
      {list.items.length === 0 ? (
        <p data-testid="news-empty" className="rounded border border-line bg-surface p-4">
          {t('empty')}
        </p>
      ) : (
        <ul className="space-y-6" data-testid="news-list">
          {list.items.map((n) => (
            <li
              key={n.id}
              data-testid="news-item"
              data-url={n.url}
              className="flex gap-4 border-b border-line pb-6"
            >
              {n.thumbnail_url ? (
                <img src={n.thumbnail_url} alt="" className="h-24 w-32 shrink-0 rounded object-cover" />
              ) : null}
              <div>
                {n.date ? <p className="text-sm text-muted">{formatDate(n.date, locale)}</p> : null}
                <h2 className="text-xl font-semibold">
                  <Link href={contentHref('news', n.url)} className="text-brand hover:underline">
                    {n.title}
                  </Link>
                </h2>
                {n.foreword ? <p className="mt-1">{n.foreword}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.count > 0 ? (
        <NewsPages locale={locale} page={page} pages={pages} from={from} to={to} total={list.count} />
      ) : null}
    </div>
  );
}

/** Previous/next links and the 'from–to of total' line of the news list. */
async function NewsPages({
  locale,
  page,
  pages,
  from,
  to,
  total,
}: {
  locale: Locale;
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
}) {
  const t = await getTranslations({ locale, namespace: 'pagination' });
  const tn = await getTranslations({ locale, namespace: 'cms.news' });
  const href = (p: number) => (p > 1 ? `/news?page=${p}` : '/news');
  const linkClass = 'rounded border border-line px-3 py-1 text-brand hover:bg-surface';
  return (
    <nav aria-label={t('label')} className="mt-6 flex flex-wrap items-center gap-3" data-testid="news-pages">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className={linkClass}>
          {t('previous')}
        </Link>
      ) : null}
      <span className="text-sm text-muted">{tn('range', { from, to, total })}</span>
      {page < pages ? (
        <Link href={href(page + 1)} rel="next" className={linkClass}>
          {t('next')}
        </Link>
      ) : null}
    </nav>
  );
}
