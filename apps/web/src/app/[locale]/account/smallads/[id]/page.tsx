import { addDays, businessDate, type UserProfile } from '@vetshop/domain';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireCustomer } from '@/lib/session';
import { ApiError } from '@/lib/api/errors';
import { FormMessage } from '@/components/account/fields';
import { smalladsApi } from '@/components/smallads/api';
import { AdForm, type NewAdDefaults } from '@/components/smallads/AdForm';
import { AdActions } from '@/components/smallads/AdActions';
import { AdStateBadge, AdView, RefusedNotice } from '@/components/smallads/AdView';
import { Link, getPathname } from '@/i18n/navigation';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('smallads', 'metaTitle');

const DONE = ['created', 'saved', 'submitted', 'draft'] as const;
const DONE_KEY = {
  created: 'created',
  saved: 'saved',
  submitted: 'submittedDone',
  draft: 'draftDone',
} as const;

/** Days a new ad's expiry date lies after its publication date, as the form proposes them. */
const NEW_AD_DAYS = 30;

/**
 * A new ad's form starts published today (Brussels' business day) for NEW_AD_DAYS, with the poster's
 * name, phone (else mobile) and email as contact (docs/decisions/small-ads.md "A new ad's form is
 * filled in").
 */
function newAdDefaults(user: UserProfile): NewAdDefaults {
  const today = businessDate();
  return {
    date_start: today,
    date_end: addDays(today, NEW_AD_DAYS),
    contact: user.name,
    phone: user.phone ?? user.mobile ?? '',
    email: user.email,
  };
}

/**
 * /{lang}/account/smallads/{id} (docs/product/community-and-content.md#small-ads "Small ad form and detail"): `new` shows the creation form
 * with the state 'in the making' (docs/product/community-and-content.md); an ad of the user's practice shows its state, the
 * refusal reason when refused, the detail, the owner actions (submit, back to draft, delete) and the
 * edit form (any change puts it back to draft); another customer's published ad shows the detail
 * only; anything else is the 404 page. `done` (created, saved, submitted, draft) shows the
 * confirmation of the last action. Customers only (guests → login).
 */
export default async function SmallAdPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const pathname = getPathname({ href: `/account/smallads/${id}`, locale });
  const user = await requireCustomer(locale, pathname);
  const t = await getTranslations({ locale, namespace: 'smallads' });
  const back = (
    <Link href="/account/smallads" className="text-brand underline">
      {t('back')}
    </Link>
  );

  if (id === 'new') {
    return (
      <div className="space-y-6">
        {back}
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-brand">{t('newTitle')}</h1>
          <AdStateBadge locale={locale} state="new" />
        </div>
        <AdForm locale={locale} ad={null} defaults={newAdDefaults(user)} />
      </div>
    );
  }

  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  const ad = await loadForPage(locale, pathname, async () => {
    try {
      return await smalladsApi.get(locale, Number(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    }
  });
  const { done: doneParam } = await searchParams;
  const done = DONE.find((d) => d === doneParam);

  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-brand" data-testid="smallad-heading">
          {ad.name}
        </h1>
        {ad.is_owner ? <AdStateBadge locale={locale} state={ad.state} /> : null}
      </div>
      {done && ad.is_owner ? (
        <FormMessage kind="success" testId="smallad-done">
          {t(DONE_KEY[done])}
        </FormMessage>
      ) : null}
      {ad.is_owner ? <RefusedNotice locale={locale} ad={ad} /> : null}
      {ad.is_owner ? <AdActions locale={locale} id={ad.id} state={ad.state} /> : null}
      <section aria-labelledby="smallad-detail-title" className="space-y-2">
        <h2 id="smallad-detail-title" className="sr-only">
          {t('detailTitle')}
        </h2>
        <AdView locale={locale} ad={ad} headingLevel={3} />
      </section>
      {ad.is_owner ? (
        <section aria-labelledby="smallad-edit-title" className="space-y-4">
          <h2 id="smallad-edit-title" className="text-2xl font-semibold">
            {t('editTitle')}
          </h2>
          <AdForm key={ad.updated_at} locale={locale} ad={ad} />
        </section>
      ) : null}
    </div>
  );
}
