import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { ContentNav } from '@/components/cms/staff/ContentNav';
import { DeleteButton } from '@/components/cms/staff/shared';
import { cmsStaffTranslations, type ContentTypeDescriptor } from './types';

/**
 * The list page of a staff content type, /{lang}/staff/content/<section>
 * (docs/product/back-office.md#website-content): heading, content navigation, every item of the type
 * (`type.list`) in a table of `type.columns` plus state-independent "actions" (edit link to
 * `<section>/<id>`, delete button on `<apiPath>/<id>`), or the "empty" note; the create link
 * (above) or form (below) of `type.create`. Unknown locale → 404; staff only (`requireStaff`).
 */
export async function ContentListPage<T extends { id: number }>({
  locale,
  type,
}: {
  locale: string;
  type: ContentTypeDescriptor<T>;
}) {
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = `/staff/content/${type.section}`;
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const items = await loadForPage(locale, pathname, () => type.list(locale));
  const t = await cmsStaffTranslations(locale);
  const { create } = type;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t(type.title)}</h1>
      <ContentNav locale={locale} current={type.section} />
      {create.kind === 'link' ? (
        <p>
          <Link
            href={`${href}/new`}
            className="inline-block rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
            data-testid={create.testId}
          >
            {t(create.label)}
          </Link>
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded border border-line bg-surface p-4">{t('empty')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t(type.title)}</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                {type.columns.map((c) => (
                  <th key={c.header} scope="col" className="px-2 py-2">
                    {t(c.header)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2">
                  {t('columns.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr
                  key={item.id}
                  className="border-b border-line align-top"
                  data-testid={type.testIds.row}
                  {...type.rowData(item)}
                >
                  {type.columns.map((c) => (
                    <td key={c.header} className={c.cellClass ?? 'px-2 py-2'}>
                      {c.cell(item, { locale, t })}
                    </td>
                  ))}
                  <td className="space-x-3 px-2 py-2">
                    <Link
                      href={`${href}/${item.id}`}
                      className="text-brand underline"
                      data-testid={type.testIds.edit}
                    >
                      {t('edit')}
                    </Link>
                    <DeleteButton path={`${type.apiPath}/${item.id}`} testId={type.testIds.delete} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {create.kind === 'form' ? (
        <section aria-labelledby={create.headingId} className="rounded border border-line p-4">
          <h2 id={create.headingId} className="mb-3 text-xl font-semibold">
            {t(create.heading)}
          </h2>
          {create.form}
        </section>
      ) : null}
    </div>
  );
}
