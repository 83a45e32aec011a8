import { AppAnchor } from '@/components/nav/AppAnchor';
import { useTranslations } from 'next-intl';

/**
 * 404 screen (docs/product/web-app-shell.md#error-screens, docs/product/errors.md#pages "Page not found"): title, a text asking to use the menus or search,
 * and a link back to '/'.
 */
export function NotFoundScreen() {
  const t = useTranslations('notFound');
  return (
    <section className="mx-auto max-w-2xl py-12 text-center" aria-labelledby="not-found-title">
      <p className="text-5xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold">
        {t('title')}
      </h1>
      <p className="mt-4 text-muted">{t('text')}</p>
      <p className="mt-8">
        <AppAnchor
          href="/"
          className="inline-block rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
        >
          {t('back')}
        </AppAnchor>
      </p>
    </section>
  );
}
