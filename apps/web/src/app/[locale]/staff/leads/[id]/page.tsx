import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { labelIn, leadSubjectName, LEAD_FIELDS } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { contactApi } from '@/lib/api/contact';
import { formatDate, formatInt } from '@/lib/format';
import { LeadActions } from '@/components/contact/LeadActions';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('contact.staff', 'leadTitle');

/**
 * /{lang}/staff/leads/{id} (docs/product/back-office.md#staff-back-office back office): one contact request — date, language, state
 * (handled by whom and when), the contact fields of docs/product/back-office.md#staff-back-office (subject, email, name, phone, mobile,
 * company, address, description), the form's other answers (labelled as in the form), the attached files (downloaded through
 * GET /staff/leads/{id}/files/{fileId}, sizes in KB) — and the action to mark it handled or reopen
 * it. Staff only; unknown id → 404 page. Test ids `lead-detail` (data-state), `lead-file`.
 */
export default async function StaffLeadPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  const href = `/staff/leads/${id}`;
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const lead = await loadForPage(locale, pathname, () => contactApi.lead(locale, id));
  // Labels of the form's other answers (the raw field name when the form was deleted since).
  const form = lead.form_id ? await contactApi.staffForm(locale, lead.form_id).catch(() => null) : null;
  const answerLabel = (name: string) => {
    const field = form?.definition.fields.find((f) => f.name === name);
    return field ? labelIn(field.label, locale) : name;
  };
  /** A select answer shows its option's label. */
  const answerText = (name: string, value: string) => {
    const option = form?.definition.fields
      .find((f) => f.name === name)
      ?.options?.find((o) => o.value === value);
    return option ? labelIn(option.label, locale) : value;
  };
  const t = await getTranslations({ locale, namespace: 'contact.staff' });
  const ts = await getTranslations({ locale, namespace: 'staff' });
  const shown = LEAD_FIELDS.filter((f) => lead[f] !== '');
  return (
    <div className="space-y-6" data-testid="lead-detail" data-state={lead.state}>
      <p>
        <Link href="/staff/leads" className="text-brand underline">
          {t('backToLeads')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand">{t('leadHeading', { id: lead.id })}</h1>
      <p className="text-muted">
        {t('received', { date: formatDate(lead.created_at, locale), lang: lead.locale.toUpperCase() })}
        {lead.form_code ? ` · ${t('viaForm', { code: lead.form_code })}` : ''}
      </p>
      <p data-testid="lead-state">
        <span className="font-semibold">{ts('labelled', { label: t('state') })}</span>{' '}
        {t(`states.${lead.state}`)}
        {lead.handled_at ? ` — ${t('handledAt', { date: formatDate(lead.handled_at, locale) })}` : ''}
      </p>
      <LeadActions id={lead.id} state={lead.state} />
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
        {shown.map((f) => (
          <div key={f} className="contents">
            <dt className="font-semibold">{t(`fields.${f}`)}</dt>
            <dd className="whitespace-pre-wrap" data-testid={`lead-${f}`}>
              {f === 'subject' ? leadSubjectName(lead.subject, locale) : lead[f]}
            </dd>
          </div>
        ))}
        {Object.entries(lead.data).map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold">{answerLabel(k)}</dt>
            <dd className="whitespace-pre-wrap">
              {typeof v === 'boolean' ? (v ? t('yes') : t('no')) : answerText(k, String(v))}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="lead-files-title" className="space-y-2">
        <h2 id="lead-files-title" className="text-xl font-semibold">
          {t('files')}
        </h2>
        {lead.files.length === 0 ? (
          <p>{t('noFiles')}</p>
        ) : (
          <ul className="list-disc pl-6">
            {lead.files.map((f) => (
              <li key={f.id} data-testid="lead-file">
                <a
                  href={`/api/staff/leads/${lead.id}/files/${f.id}`}
                  className="text-brand underline"
                  download={f.filename}
                >
                  {f.filename}
                </a>{' '}
                <span className="text-muted">
                  ({f.content_type}, {formatInt(Math.ceil(f.size / 1024), locale)} KB)
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
