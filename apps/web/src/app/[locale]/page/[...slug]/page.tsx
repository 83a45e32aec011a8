import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound, permanentRedirect } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { cmsApi } from '@/lib/api/cms';
import { contentMetadata, contentPath, slugOf, switcherPaths } from '@/lib/cms';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageAlternates } from '@/components/Alternates';
import { CmsHtml } from '@/components/cms/CmsHtml';

type Props = { params: Promise<{ locale: string; slug: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const page = await cmsApi.byUrl(locale, 'page', slugOf(slug));
  return page ? contentMetadata(page, 'page') : {};
}

/**
 * /{lang}/page/{slug...} (docs/product/community-and-content.md#website-content "Content page", docs/product/community-and-content.md#website-content): the published page whose
 * slug in this locale is the path (GET /cms/content/by_url, fetched per request so staff edits show
 * at once): title and sanitised html. A slug of another locale redirects (308) to this locale's
 * slug; an unknown slug is the 404 screen. The locale switcher and hreflang links point at the same
 * page in the other languages. Test ids `cms-page`, `cms-page-title`, `cms-page-content`.
 */
export default async function ContentPage({ params }: Props) {
  const { locale, slug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const requested = slugOf(slug);
  const page = await cmsApi.byUrl(locale, 'page', requested);
  if (!page) notFound();
  if (page.url !== requested.toLowerCase()) permanentRedirect(contentPath(locale, 'page', page.url));
  return (
    <article data-testid="cms-page" className="mx-auto max-w-3xl">
      <PageAlternates paths={switcherPaths(page, 'page')} />
      <Breadcrumbs locale={locale} items={[{ label: page.title }]} />
      <h1 className="mb-6 text-3xl font-bold text-brand" data-testid="cms-page-title">
        {page.title}
      </h1>
      {page.foreword ? <p className="mb-4 text-lg text-muted">{page.foreword}</p> : null}
      <CmsHtml html={page.content} testId="cms-page-content" />
    </article>
  );
}
