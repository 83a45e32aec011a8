import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { cmsApi } from '@/lib/api/cms';
import { contentHref } from '@/lib/cms';
import { formatDate } from '@/lib/format';
import { AppLink } from '@/components/nav/AppLink';

/**
 * The `count` newest news of `locale` (GET /cms/content?type=news; docs/product/community-and-content.md#website-content) as a titled list with
 * date, title (link to /{lang}/news/{slug}) and foreword, and a link to /{lang}/news; nothing when
 * there is no news or the api fails. For the home page (placed by the lead). Test id `latest-news`.
 */
export async function LatestNews({ locale, count = 3 }: { locale: Locale; count?: number }) {
  let items;
  try {
    items = (await cmsApi.list(locale, 'news', { per_page: count })).items;
  } catch (error) {
    console.error('[cms] latest news unavailable', error);
    return null;
  }
  if (items.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'cms.news' });
  return (
    <section aria-labelledby="latest-news-title" data-testid="latest-news" className="space-y-3">
      <h2 id="latest-news-title" className="text-2xl font-semibold text-brand">
        {t('title')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {items.map((n) => (
          <li key={n.id} className="rounded border border-line p-4">
            {n.date ? <p className="text-sm text-muted">{formatDate(n.date, locale)}</p> : null}
            <h3 className="font-semibold">
              <AppLink
                locale={locale}
                href={contentHref('news', n.url)}
                className="text-brand hover:underline"
              >
                {n.title}
              </AppLink>
            </h3>
            {n.foreword ? <p className="mt-1 text-sm">{n.foreword}</p> : null}
          </li>
        ))}
      </ul>
      <p>
        <AppLink locale={locale} href="/news" className="text-brand underline">
          {t('all')}
        </AppLink>
      </p>
    </section>
  );
}
