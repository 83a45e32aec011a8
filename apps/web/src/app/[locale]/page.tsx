import type { Metadata } from 'next';
import Link from 'next/link';
import { DeliveryTermsNote } from '@/components/orders/TotalsBreakdown';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Family, Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { loadCategoryRoots } from '@/components/Header';
import { alternatesFor, samePathEverywhere } from '@/lib/seo';
import { accountsEnabled } from '@/lib/env';
import { getCurrentUser, loadForPage } from '@/lib/session';
import { MostOrdered, parseTopOrderedFilter } from '@/components/dashboard/MostOrdered';
import { statisticsApi } from '@/components/dashboard/statistics-api';
import { StandardOrderSelector } from '@/components/wishlists/StandardOrderSelector';
import { SpecialOffers } from '@/components/promotions/SpecialOffers';
import { wishlistsApi } from '@/lib/api/wishlists';
import { LatestNews } from '@/components/cms/LatestNews';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Most ordered items shown on a customer's home. */
const HOME_TOP_ORDERED = 10;
/** Special offers shown on a customer's home (the rest on /{lang}/promotions). */
const HOME_SPECIAL_OFFERS = 6;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'meta' });
  return {
    title: { absolute: t('homeTitle') },
    description: t('homeDescription'),
    alternates: alternatesFor(locale, samePathEverywhere('/')),
  };
}

const BLOCKS: { family: Family; title: string; text: string; link: string }[] = [
  { family: 'meds', title: 'medsTitle', text: 'medsText', link: 'medsLink' },
  { family: 'food', title: 'foodTitle', text: 'foodText', link: 'foodLink' },
  { family: 'equipment', title: 'equipmentTitle', text: 'equipmentText', link: 'equipmentLink' },
];

/**
 * Homepage (spec 1, spec 2 "/{lang}"). A signed-in customer sees its home (CustomerHome: special
 * offers, standard-order selector, most ordered items with the type filter, query `filter`);
 * everybody else (guests, staff users) the guest homepage: log-in and become-a-customer buttons
 * (guests only, and only when the shop has accounts: AUTH_TYPE not `none`), and information blocks
 * about drugs, food and medical equipment linking to the three category roots. Both end with the
 * latest news (issue 6).
 */
export default async function HomePage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const user = accountsEnabled() ? await getCurrentUser(locale as Locale) : null;
  if (user?.customer) {
    const filter = parseTopOrderedFilter((await searchParams).filter);
    const [top, lists] = await Promise.all([
      loadForPage(locale, `/${locale}`, () => statisticsApi.topOrdered(locale, filter, HOME_TOP_ORDERED)),
      loadForPage(locale, `/${locale}`, async () => (await wishlistsApi.list(locale)).items),
    ]);
    const t = await getTranslations({ locale, namespace: 'dashboard' });
    return (
      <div className="space-y-10">
        <section
          aria-labelledby="home-title"
          className="rounded-lg bg-surface px-6 py-8"
          data-testid="customer-home"
        >
          <h1 id="home-title" className="text-3xl font-bold text-brand">
            {t('homeTitle', { name: user.name })}
          </h1>
          <p className="mt-3 max-w-2xl text-lg">{t('homeIntro')}</p>
          <Link
            href={`/${locale}/account`}
            className="mt-4 inline-block font-semibold text-brand underline"
            data-testid="home-dashboard-link"
          >
            {t('homeDashboardLink')}
          </Link>
          <DeliveryTermsNote className="mt-4 max-w-2xl text-sm text-muted" />
        </section>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <StandardOrderSelector locale={locale} lists={lists} />
          <SpecialOffers locale={locale} limit={HOME_SPECIAL_OFFERS} headingLevel={2} />
        </div>
        <MostOrdered locale={locale} data={top} filter={filter} pathname={`/${locale}`} />
        <LatestNews locale={locale} />
      </div>
    );
  }
  const t = await getTranslations({ locale, namespace: 'home' });
  const roots = await loadCategoryRoots(locale as Locale);
  // Log-in and become-a-customer buttons: for guests of a shop that has accounts.
  const showAccountButtons = accountsEnabled() && !user;
  const rootHref = (family: Family) => {
    const root = roots.find((r) => r.family === family);
    return root ? `/${locale}/c/${root.url_key}` : `/${locale}/search?family=${family}`;
  };
  return (
    <div className="space-y-10">
      <section aria-labelledby="home-title" className="rounded-lg bg-surface px-6 py-10">
        <h1 id="home-title" className="text-3xl font-bold text-brand">
          {t('title')}
        </h1>
        <p className="mt-3 max-w-2xl text-lg">{t('intro')}</p>
        <DeliveryTermsNote className="mt-3 max-w-2xl text-sm text-muted" />
        {showAccountButtons ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              href={`/${locale}/account/login`}
              className="rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
            >
              {t('login')}
            </Link>
            <Link
              href={`/${locale}/account/register`}
              className="rounded border-2 border-brand bg-white px-5 py-2 font-semibold text-brand hover:bg-surface"
            >
              {t('register')}
            </Link>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="home-blocks">
        <h2 id="home-blocks" className="mb-4 text-2xl font-bold">
          {t('blocksTitle')}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {BLOCKS.map((b) => (
            <li key={b.family} className="flex flex-col rounded-lg border border-line p-5">
              <h3 className="text-xl font-semibold">{t(b.title)}</h3>
              <p className="mt-2 flex-1 text-muted">{t(b.text)}</p>
              <Link href={rootHref(b.family)} className="mt-4 font-semibold text-brand underline">
                {t(b.link)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <LatestNews locale={locale as Locale} />
    </div>
  );
}
