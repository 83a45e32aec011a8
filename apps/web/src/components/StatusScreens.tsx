import { useTranslations } from 'next-intl';

/**
 * Error screen (docs/product/web-app-shell.md#error-screens, docs/product/errors.md#pages "Generic failure"): the status code, 'An error occurred:', 'This
 * information is temporarily unavailable.', a back button to '/', and for any status other than
 * 404 the error's own message. Drawn by the pages on the server and by the locale error boundary
 * (`app/[locale]/error.tsx`) in the browser, so its `error` messages are sent to the browser
 * (i18n/client-messages.ts); the 404 screen, server only, is NotFoundScreen.tsx.
 */
export function ErrorScreen({ status, message }: { status: number; message?: string | null }) {
  const t = useTranslations('error');
  return (
    <section className="mx-auto max-w-2xl py-12 text-center" aria-labelledby="error-title">
      <p className="text-5xl font-bold text-brand">{t('status', { status })}</p>
      <h1 id="error-title" className="mt-4 text-2xl font-bold">
        {t('heading')}
      </h1>
      <p className="mt-2 text-muted">{t('generic')}</p>
      {status !== 404 && message ? (
        <p className="mt-4 rounded border border-line bg-surface p-3 text-sm">{message}</p>
      ) : null}
      <p className="mt-8">
        <a
          href="/"
          className="inline-block rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
        >
          {t('back')}
        </a>
      </p>
    </section>
  );
}
