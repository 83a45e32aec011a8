import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@vetshop/domain';
import { AppLink } from '@/components/nav/AppLink';

/** The services whose opening hours docs/product/constants.md#opening-hours gives ("Opening hours shown"), in display order. */
export const CONTACT_SERVICES = ['orders', 'sales', 'logistics'] as const;

/**
 * The contact banner (docs/product/community-and-content.md#contact global pieces "contact banner", docs/product/constants.md#opening-hours "Opening hours shown"): the
 * opening hours of the orders service (Monday to Friday 7:30–12:30 and 13:30–16:00), the sales
 * delegate (8:00–16:00) and logistics (8:30–12:00 and 14:00–16:00), with a link to
 * /{lang}/contact unless `withLink` is false (the contact page itself). Texts from the `contact.banner`
 * messages. A server component (no data loading; its link is an AppLink), so the footer can place it.
 * Test id `contact-banner`; each service `contact-hours-<service>`.
 */
export function ContactBanner({ withLink = true, className }: { withLink?: boolean; className?: string }) {
  const t = useTranslations('contact.banner');
  const locale = useLocale() as Locale;
  return (
    <section
      aria-labelledby="contact-banner-title"
      className={className ?? 'rounded-lg border border-line bg-surface p-4'}
      data-testid="contact-banner"
    >
      <h2 id="contact-banner-title" className="text-lg font-semibold text-brand">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('days')}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        {CONTACT_SERVICES.map((service) => (
          <div key={service} data-testid={`contact-hours-${service}`}>
            <dt className="text-sm font-semibold">{t(`services.${service}`)}</dt>
            <dd className="text-sm">{t(`hours.${service}`)}</dd>
          </div>
        ))}
      </dl>
      {withLink ? (
        <p className="mt-3 text-sm">
          <AppLink
            locale={locale}
            href="/contact"
            className="font-semibold text-brand underline"
            data-testid="contact-banner-link"
          >
            {t('link')}
          </AppLink>
        </p>
      ) : null}
    </section>
  );
}
