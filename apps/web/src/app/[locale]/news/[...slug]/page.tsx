import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound, permanentRedirect } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { cmsApi } from '@/lib/api/cms';
import { contentMetadata, contentPath, slugOf, switcherPaths } from '@/lib/cms';
import { formatDate } from '@/lib/format';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageAlternates } from '@/components/Alternates';
import { CmsHtml } from '@/components/cms/CmsHtml';

type Props = { params: Promise<{ locale: string; slug: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const item = await cmsApi.byUrl(locale, 'news', slugOf(slug));
  return item ? contentMetadata(item, 'news') : {};
}

/**
 * /{lang}/news/{slug...} (docs/product/community-and-content.md#website-content "News item", docs/product/web-app-shell.md News: title, foreword, content, image,
 * thumbnail and file): the news whose slug in this locale is the path, with its date, foreword,
 * image, sanitised html and the attached file as a download link. A slug of another locale
 * redirects (308) to this locale's slug; unknown → 404 screen. Test ids `news-article`,
 * `news-title`, `news-foreword`, `news-content`, `news-image`, `news-file`.
 */
export default async function NewsItemPage({ params }: Props) {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const requested = slugOf(slug);
  const item = await cmsApi.byUrl(locale, 'news', requested);
  if (!item) notFound();
  if (item.url !== requested.toLowerCase()) permanentRedirect(contentPath(locale, 'news', item.url));
  const t = await getTranslations({ locale, namespace: 'cms.news' });
  return (
    <article data-testid="news-article" className="mx-auto max-w-3xl">
      <PageAlternates paths={switcherPaths(item, 'news')} />
      <Breadcrumbs locale={locale} items={[{ label: t('title'), href: '/news' }, { label: item.title }]} />
      {item.date ? <p className="text-sm text-muted">{formatDate(item.date, locale)}</p> : null}
      <h1 className="mb-4 text-3xl font-bold text-brand" data-testid="news-title">
        {item.title}
      </h1>
      {item.foreword ? (
        <p className="mb-6 text-lg font-medium" data-testid="news-foreword">
          {item.foreword}
        </p>
      ) : null}
      {item.image_url ? (
        <img
          src={item.image_url}
          alt=""
          className="mb-6 max-h-96 w-full rounded object-cover"
          data-testid="news-image"
        />
      ) : null}
      <CmsHtml html={item.content} testId="news-content" />
      {item.file_url ? (
        <p className="mt-6">
          <a
            href={item.file_url}
            download
            className="font-semibold text-brand underline"
            data-testid="news-file"
          >
            {t('download', { name: item.file_name ?? t('file') })}
          </a>
        </p>
      ) : null}
    </article>
  );
}
