import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { MessageKey } from '@/i18n/keys';
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
import { ShopPromises } from '@/components/home/ShopPromises';
import { SelectedProducts } from '@/components/home/SelectedProducts';
import { buttonClass } from '@/components/ui/styles';
import { Card } from '@/components/ui/Card';
import { localePath } from '@/i18n/paths';
import { AppLink } from '@/components/nav/AppLink';
import { AppAnchor } from '@/components/nav/AppAnchor';

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

const BLOCKS: {
  family: Family;
  title: MessageKey<'home'>;
  text: MessageKey<'home'>;
  link: MessageKey<'home'>;
}[] = [
  { family: 'meds', title: 'medsTitle', text: 'medsText', link: 'medsLink' },
  { family: 'food', title: 'foodTitle', text: 'foodText', link: 'foodLink' },
  { family: 'equipment', title: 'equipmentTitle', text: 'equipmentText', link: 'equipmentLink' },
];

/**
 * Homepage /{lang}. A signed-in customer sees its home (special offers,
 * standard-order selector, most ordered items with the type filter, query `filter`) after the
 * shop's promises (ShopPromises, figures from DELIVERY_TERMS). Everybody else (guests, staff
 * users) sees the guest homepage: title, whose prices are shown (the public list for guests,
 * docs/decisions/price-types.md), log-in and become-a-customer buttons (guests only, and only when
 * the shop has accounts: AUTH_TYPE not `none`), the shop's promises, special offers, selected
 * products as product cards (SelectedProducts), and information blocks about drugs, food and
 * medical equipment linking to the three category roots. Both end with the latest news.
 */
export default async function HomePage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const user = accountsEnabled() ? await getCurrentUser(locale as Locale) : null;
  if (user?.customer) {
    const filter = parseTopOrderedFilter((await searchParams).filter);
    const home = localePath(locale, '/');
    const [top, lists] = await Promise.all([
      loadForPage(locale, home, () => statisticsApi.topOrdered(locale, filter, HOME_TOP_ORDERED)),
      loadForPage(locale, home, async () => (await wishlistsApi.list(locale)).items),
    ]);
    const t = await getTranslations({ locale, namespace: 'dashboard' });
    const tw = await getTranslations({ locale, namespace: 'wishlists' });
    return (
      <div className="space-y-10">
        <section
          aria-labelledby="home-title"
          className="rounded-lg bg-surface px-6 py-8"
          data-testid="customer-home"
        >
          <h1 id="home-title" className="text-3xl font-bold break-words text-brand">
            {t('homeTitle', { name: user.name })}
          </h1>
          <p className="mt-3 max-w-2xl text-lg">{t('homeIntro')}</p>
          <AppLink
            locale={locale}
            href="/account"
            className="mt-4 inline-block font-semibold text-brand underline"
            data-testid="home-dashboard-link"
          >
            {t('homeDashboardLink')}
          </AppLink>
        </section>
        <ShopPromises locale={locale} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <StandardOrderSelector locale={locale} lists={lists}>
            <p className="text-sm">
              <AppAnchor href={localePath(locale, '/account/wishlists')} className="text-brand underline">
                {tw('selectorManage')}
              </AppAnchor>
            </p>
          </StandardOrderSelector>
          <SpecialOffers locale={locale} limit={HOME_SPECIAL_OFFERS} headingLevel={2} />
        </div>
        <MostOrdered locale={locale} data={top} filter={filter} href="/" />
        <LatestNews locale={locale} />
      </div>
    );
  }
  const t = await getTranslations({ locale, namespace: 'home' });
  const tp = await getTranslations({ locale, namespace: 'prices' });
  const tl = await getTranslations({ locale, namespace: 'priceLists' });
  const roots = await loadCategoryRoots(locale as Locale);
  // Log-in and become-a-customer buttons: for guests of a shop that has accounts.
  const showAccountButtons = accountsEnabled() && !user;
  const rootHref = (family: Family) => {
    const root = roots.find((r) => r.family === family);
    return root ? `/c/${root.url_key}` : `/search?family=${family}`;
  };
  return (
    <div className="space-y-10">
      <section aria-labelledby="home-title" className="rounded-card bg-surface px-6 py-8 sm:py-10">
        <h1 id="home-title" className="text-3xl font-bold break-words text-brand">
          {t('title')}
        </h1>
        <p className="mt-3 max-w-2xl text-lg">{t('intro')}</p>
        <p className="mt-2 max-w-2xl text-sm text-muted" data-testid="home-price-note">
          {user ? tp('customerNote', { list: tl('default') }) : tp('guestNote', { list: tl('default') })}
        </p>
        {showAccountButtons ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <AppLink locale={locale} href="/account/login" className={buttonClass('primary', 'lg')}>
              {t('login')}
            </AppLink>
            <AppLink locale={locale} href="/account/register" className={buttonClass('secondary', 'lg')}>
              {t('register')}
            </AppLink>
          </div>
        ) : null}
      </section>
      <ShopPromises locale={locale as Locale} />
      <SpecialOffers locale={locale as Locale} limit={HOME_SPECIAL_OFFERS} headingLevel={2} />
      <SelectedProducts locale={locale as Locale} />
      <section aria-labelledby="home-blocks">
        <h2 id="home-blocks" className="mb-4 text-2xl font-bold">
          {t('blocksTitle')}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {BLOCKS.map((b) => (
            <Card as="li" key={b.family} className="flex flex-col p-5">
              <h3 className="text-xl font-semibold">{t(b.title)}</h3>
              <p className="mt-2 flex-1 text-muted">{t(b.text)}</p>
              <AppLink
                locale={locale}
                href={rootHref(b.family)}
                className="mt-4 font-semibold text-brand underline"
              >
                {t(b.link)}
              </AppLink>
            </Card>
          ))}
        </ul>
      </section>
      <LatestNews locale={locale as Locale} />
    </div>
  );
}
