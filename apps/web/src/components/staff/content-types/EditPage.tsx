import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { ApiError } from '@/lib/api/errors';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { ContentNav } from '@/components/cms/staff/ContentNav';
import { DeleteButton } from '@/components/cms/staff/shared';
import { cmsStaffTranslations, type ContentTypeDescriptor } from './types';

/**
 * The edit page of one item of a staff content type, /{lang}/staff/content/<section>/<id>
 * (docs/product/back-office.md#website-content): loads the item (`type.item`, GET
 * `<apiPath>/<id>`), shows `type.edit.heading`, the content navigation and `type.edit.form` (which
 * saves with PUT), then a delete button back to the list when `type.edit.deleteButton`. Unknown
 * locale, an id that is not 1 to 9 digits, an unknown item (api 404) or one `type.edit.accepts`
 * refuses → 404. Staff only (`requireStaff`).
 */
export async function ContentEditPage<T extends { id: number }>({
  locale,
  id,
  type,
}: {
  locale: string;
  id: string;
  type: ContentTypeDescriptor<T>;
}) {
  if (!hasLocale(routing.locales, locale) || !/^\d{1,9}$/.test(id)) notFound();
  setRequestLocale(locale);
  const list = `/staff/content/${type.section}`;
  const pathname = getPathname({ href: `${list}/${id}`, locale });
  await requireStaff(locale, pathname);
  const item = await loadForPage(locale, pathname, async () => {
    try {
      return await type.item(locale, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  });
  if (!item || (type.edit.accepts && !type.edit.accepts(item))) notFound();
  const t = await cmsStaffTranslations(locale);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{type.edit.heading(item, { locale, t })}</h1>
      <ContentNav locale={locale} current={type.section} />
      {type.edit.form(item)}
      {type.edit.deleteButton ? (
        <DeleteButton path={`${type.apiPath}/${item.id}`} next={list} testId={type.testIds.delete} />
      ) : null}
    </div>
  );
}
