import { getTranslations } from 'next-intl/server';
import type { ClassifiedAd, ClassifiedAdState, Locale } from '@vetshop/domain';
import { formatDate, textParagraphs } from '@/lib/format';
import { Link } from '@/i18n/navigation';

/** Badge colours per state (docs/product/community-and-content.md#small-ad-states; cancel is shown as refused). */
const STATE_CLASS: Record<ClassifiedAdState | 'new', string> = {
  new: 'border-line bg-surface text-ink',
  draft: 'border-line bg-surface text-ink',
  pending: 'border-amber-600 bg-amber-50 text-amber-800',
  published: 'border-ok bg-green-50 text-ok',
  cancel: 'border-bad bg-red-50 text-bad',
};

/** The state label of an ad ('new' = an ad being created: 'in the making'). Test id smallad-state. */
export async function AdStateBadge({ locale, state }: { locale: Locale; state: ClassifiedAdState | 'new' }) {
  const t = await getTranslations({ locale, namespace: 'smallads' });
  return (
    <span
      className={`inline-block rounded border px-2 py-0.5 text-sm font-semibold ${STATE_CLASS[state]}`}
      data-testid="smallad-state"
      data-state={state}
    >
      {t(`states.${state}`)}
    </span>
  );
}

/**
 * The refusal notice of a refused ad (state cancel) with the staff's reason (docs/product/community-and-content.md: "shown as
 * refused or rejected, with its rejection reason"). Test id smallad-refused.
 */
export async function RefusedNotice({ locale, ad }: { locale: Locale; ad: ClassifiedAd }) {
  if (ad.state !== 'cancel') return null;
  const t = await getTranslations({ locale, namespace: 'smallads' });
  return (
    <div
      role="status"
      className="rounded border-l-4 border-bad bg-red-50 px-4 py-3 text-bad"
      data-testid="smallad-refused"
    >
      <p className="font-semibold">{t('refusedTitle')}</p>
      {ad.rejection_reason ? (
        <p data-testid="smallad-reason">{t('refusedReason', { reason: ad.rejection_reason })}</p>
      ) : null}
    </div>
  );
}

/**
 * Read-only view of a small ad (docs/product/community-and-content.md#small-ad-fields): title, category, region, period, text, contact
 * (person, phone, email) and the PDF link through the /api proxy. `headingLevel` 2 on the detail
 * page, 3 in lists. `href` makes the title a link (lists). Test ids smallad-card, smallad-title.
 */
export async function AdView({
  locale,
  ad,
  href,
  headingLevel = 2,
  fileBase = '/api',
}: {
  locale: Locale;
  ad: ClassifiedAd;
  href?: string;
  headingLevel?: 2 | 3;
  /** Prefix of the PDF url (the same-origin api proxy). */
  fileBase?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'smallads' });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className="space-y-3 rounded-lg border border-line bg-white p-5"
      data-testid="smallad-card"
      data-ad-id={ad.id}
      data-ad-name={ad.name}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="text-xl font-semibold text-brand" data-testid="smallad-title">
          {href ? (
            <Link href={href} className="underline">
              {ad.name}
            </Link>
          ) : (
            ad.name
          )}
        </Heading>
        {ad.is_owner || ad.state !== 'published' ? <AdStateBadge locale={locale} state={ad.state} /> : null}
      </div>
      <p className="text-sm text-muted">
        <span data-testid="smallad-category">{t(`categories.${ad.category}`)}</span> ·{' '}
        <span data-testid="smallad-region">{t(`regions.${ad.country_state_code}`)}</span> ·{' '}
        {t('period', { start: formatDate(ad.date_start, locale), end: formatDate(ad.date_end, locale) })}
      </p>
      {ad.customer_name ? <p className="text-sm">{ad.customer_name}</p> : null}
      <div className="space-y-2 whitespace-pre-line" data-testid="smallad-body-text">
        {textParagraphs(ad.body).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t('fields.contact')}</dt>
        <dd>{ad.contact}</dd>
        <dt className="font-semibold">{t('fields.phone')}</dt>
        <dd>
          <a href={`tel:${ad.phone.replace(/[^+0-9]/g, '')}`} className="text-brand underline">
            {ad.phone}
          </a>
        </dd>
        <dt className="font-semibold">{t('fields.email')}</dt>
        <dd>
          <a href={`mailto:${ad.email}`} className="text-brand underline">
            {ad.email}
          </a>
        </dd>
      </dl>
      {ad.file ? (
        <p>
          <a
            href={`${fileBase}${ad.file.url}`}
            className="text-brand underline"
            data-testid="smallad-download"
            download={ad.file.filename}
          >
            {t('download', { size: Math.max(1, Math.round(ad.file.size / 1024)) })}
          </a>
        </p>
      ) : null}
    </article>
  );
}
