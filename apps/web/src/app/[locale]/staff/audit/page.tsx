import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { formatDateTime } from '@/lib/format';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffApi } from '@/lib/api/staff';
import { param, StaffFilters, staffPaging } from '@/components/staff/StaffFilters';
import { keepWithinPages } from '@/lib/list-pages';
import { StaffPages } from '@/components/staff/StaffPages';
import { StaffTable } from '@/components/staff/StaffTable';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('staff.audit', 'title');

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for an action its handler refused in a 200 answer (`details.outcome.applied` false, apps/api/src/modules/audit/hook.ts). */
function refusedIn200(details: Record<string, unknown>): boolean {
  const outcome = details.outcome;
  return (
    typeof outcome === 'object' && outcome !== null && (outcome as { applied?: unknown }).applied === false
  );
}

/** A date-time in the locale, Brussels time. */
function dateTime(iso: string, locale: Locale): string {
  return formatDateTime(iso, locale, { seconds: true });
}

/**
 * /{lang}/staff/audit (docs/decisions/staff-audit-log.md "Every staff action is written to an audit log (who, what, when)"):
 * GET /staff/audit_log newest first with the filters user (id or login), action (contained) and
 * the date range from / to (YYYY-MM-DD, inclusive; a malformed date is ignored), paged. Each row:
 * when, who, the action, its target, the HTTP status (failed actions highlighted) and the details.
 * Staff only. Test ids `audit-log-row` (data-action, data-status).
 */
export default async function StaffAuditPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/audit';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const query = await searchParams;
  const user = param(query.user).slice(0, 100);
  const action = param(query.action).slice(0, 200);
  const from = ISO_DATE.test(param(query.from)) ? param(query.from) : '';
  const to = ISO_DATE.test(param(query.to)) ? param(query.to) : '';
  const { page, perPage } = staffPaging(query);
  const list = await loadForPage(locale, pathname, () =>
    staffApi.auditLog(locale, { user, action, from, to, page, per_page: perPage }),
  );
  keepWithinPages(pathname, query, { page, perPage }, list.count);
  const t = await getTranslations({ locale, namespace: 'staff.audit' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <StaffFilters
        locale={locale}
        action={pathname}
        idPrefix="audit-log"
        page={page}
        perPage={perPage}
        total={list.count}
        fields={[
          { kind: 'text', name: 'user', label: t('user'), value: user },
          { kind: 'text', name: 'action', label: t('action'), value: action },
          { kind: 'date', name: 'from', label: t('from'), value: from },
          { kind: 'date', name: 'to', label: t('to'), value: to },
        ]}
      />
      <StaffTable
        caption={t('title')}
        testId="audit-log"
        empty={t('empty')}
        rows={list.items}
        rowKey={(r) => r.id}
        rowAttributes={(r) => ({ 'data-action': r.action, 'data-status': String(r.status) })}
        columns={[
          { key: 'when', header: t('when'), cell: (r) => dateTime(r.created_at, locale) },
          { key: 'who', header: t('who'), cell: (r) => r.user_login },
          { key: 'action', header: t('action'), cell: (r) => <code className="text-xs">{r.action}</code> },
          {
            key: 'target',
            header: t('target'),
            cell: (r) => (r.target_type ? `${r.target_type}${r.target_id ? ` #${r.target_id}` : ''}` : ''),
          },
          {
            key: 'status',
            header: t('status'),
            numeric: true,
            cell: (r) =>
              r.status >= 400 ? (
                <span className="font-semibold text-red-700">
                  {r.status}
                  <span className="sr-only"> {t('failed')}</span>
                </span>
              ) : refusedIn200(r.details) ? (
                // A stock file refused as a whole answers 200 with its report (docs/decisions/staff-audit-log.md).
                <span className="font-semibold text-red-700">
                  {r.status} · {t('refused')}
                </span>
              ) : (
                <span className="text-green-800">
                  {r.status}
                  <span className="sr-only"> {t('succeeded')}</span>
                </span>
              ),
          },
          {
            key: 'details',
            header: t('details'),
            cell: (r) =>
              Object.keys(r.details).length ? (
                <code className="block max-w-md text-xs break-all">{JSON.stringify(r.details)}</code>
              ) : null,
          },
        ]}
      />
      <StaffPages
        locale={locale}
        href={href}
        params={{ user, action, from, to }}
        page={page}
        perPage={perPage}
        total={list.count}
      />
    </div>
  );
}
