import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { cmsApi } from '@/lib/api/cms';
import { CmsHtml } from '@/components/cms/CmsHtml';
import { CookieSettingsButton } from '@/components/shell/CookieSettingsButton';
import { showGeneratedDataNotice } from '@/components/product/generated-notice';
import { AppLink } from '@/components/nav/AppLink';

/**
 * Site footer: association information, opening hours, the
 * content pages (links to /{lang}/page/{slug}) and the website-content snippets of the `footer` and
 * `subfooter` slots (html sanitised by the api). Snippets and pages come
 * from GET /cms/content (cached 30 s); when the api fails the footer shows without them. The last
 * row links the contact page and reopens the cookie choice. When the
 * SHOW_GENERATED_DATA_NOTICE setting is on (docs/decisions/generated-data-notice.md) it says once
 * that some catalogue data are generated (test id `generated-notice`). Test ids
 * `cms-snippet-footer`, `cms-snippet-subfooter`, `footer-pages`, `footer-contact`, `shell-cookie-settings`.
 */
export async function Footer({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'footer' });
  const tc = await getTranslations({ locale, namespace: 'cms' });
  const [snippets, pages] = await Promise.all([cmsApi.snippetsOrEmpty(locale), cmsApi.pagesOrEmpty(locale)]);
  const footerSnippets = snippets.filter((s) => s.slot === 'footer');
  const subfooterSnippets = snippets.filter((s) => s.slot === 'subfooter');
  const hours: [string, string][] = [
    [t('ordersService'), t('ordersHours')],
    [t('salesDelegate'), t('salesHours')],
    [t('logistics'), t('logisticsHours')],
  ];
  return (
    <footer className="mt-12 border-t border-line bg-surface text-sm">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-association">
          <h2 id="footer-association" className="mb-2 font-semibold">
            {t('associationTitle')}
          </h2>
          <p className="text-muted">{t('associationText')}</p>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="mb-2 font-semibold">
            {t('hoursTitle')}
          </h2>
          <dl className="space-y-1">
            {hours.map(([who, when]) => (
              <div key={who}>
                <dt className="font-medium">{who}</dt>
                <dd className="text-muted">{when}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="footer-catalogue">
          <h2 id="footer-catalogue" className="mb-2 font-semibold">
            {t('catalogueTitle')}
          </h2>
          <p>
            <AppLink locale={locale} href="/search" className="text-brand underline">
              {t('search')}
            </AppLink>
          </p>
          <p className="mt-1">
            <AppLink locale={locale} href="/news" className="text-brand underline">
              {tc('news.title')}
            </AppLink>
          </p>
          {pages.length > 0 ? (
            <ul className="mt-1 space-y-1" data-testid="footer-pages">
              {pages.map((p) => (
                <li key={p.id}>
                  <AppLink locale={locale} href={`/page/${p.url}`} className="text-brand underline">
                    {p.title}
                  </AppLink>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        {footerSnippets.map((s) => (
          <section key={s.id} aria-labelledby={`footer-snippet-${s.id}`} data-testid="cms-snippet-footer">
            <h2 id={`footer-snippet-${s.id}`} className="mb-2 font-semibold">
              {s.title}
            </h2>
            <CmsHtml html={s.content} className="text-muted" />
          </section>
        ))}
      </div>
      {subfooterSnippets.map((s) => (
        <div
          key={s.id}
          className="border-t border-line px-4 py-3 text-center text-muted"
          data-testid="cms-snippet-subfooter"
        >
          <CmsHtml html={s.content} />
        </div>
      ))}
      {showGeneratedDataNotice() ? (
        <p
          role="note"
          className="border-t border-line px-4 py-3 text-center text-xs text-warn"
          data-testid="generated-notice"
        >
          {t('generatedNotice')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 border-t border-line py-3 text-muted">
        <p>{t('rights', { year: new Date().getFullYear() })}</p>
        <AppLink
          locale={locale}
          href="/contact"
          className="text-brand underline"
          data-testid="footer-contact"
        >
          {t('contact')}
        </AppLink>
        <CookieSettingsButton className="text-brand underline hover:no-underline" />
      </div>
    </footer>
  );
}
