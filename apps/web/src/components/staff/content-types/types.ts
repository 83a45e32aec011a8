import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import type { MessageKey } from '@/i18n/keys';
import type { ContentSection } from '@/components/cms/staff/ContentNav';

/** The `cms.staff` translator of `locale` (server side): what the generic pages and the descriptors use. */
export function cmsStaffTranslations(locale: Locale) {
  return getTranslations({ locale, namespace: 'cms.staff' });
}

/** The `cms.staff` translator, as {@link cmsStaffTranslations} gives it. */
export type CmsStaffT = Awaited<ReturnType<typeof cmsStaffTranslations>>;

/** A message key of the `cms.staff` namespace. */
export type CmsStaffKey = MessageKey<'cms.staff'>;

/** What a cell or a heading of a content type is rendered with: the page's locale and translator. */
export type ContentTypeContext = { locale: Locale; t: CmsStaffT };

/** One column of a content type's list: the header message and the cell of an item. */
export type ContentColumn<T> = {
  /** Header text, a `cms.staff` message key. */
  header: CmsStaffKey;
  /** Class names of the cell (`px-2 py-2` when absent). */
  cellClass?: string;
  /** The cell of `item`. */
  cell: (item: T, ctx: ContentTypeContext) => ReactNode;
};

/**
 * How items of the type are created on the list page: a link to `/staff/content/<section>/new`
 * above the table (`label` message, test id `testId`), or a form in a section under the table
 * (heading `heading` with id `headingId`).
 */
export type ContentCreate =
  | { kind: 'link'; label: CmsStaffKey; testId: string }
  | { kind: 'form'; heading: CmsStaffKey; headingId: string; form: ReactNode };

/**
 * A staff content type of /{lang}/staff/content/<section> (docs/product/back-office.md#website-content):
 * what the generic ContentListPage and ContentEditPage need to render its list and edit pages.
 * `T` is the item as the staff api answers it (it has a numeric `id`).
 */
export type ContentTypeDescriptor<T extends { id: number }> = {
  /** The sub-section: URL segment under /{lang}/staff/content and the ContentNav entry. */
  section: ContentSection;
  /** Heading (h1) and table caption of the list, a `cms.staff` message key. */
  title: CmsStaffKey;
  /** Api path of the items (`<apiPath>/<id>` is one item: GET, PUT, DELETE). */
  apiPath: string;
  /** Every item of the type (GET on the api; errors as `staffGet` throws them). */
  list: (locale: Locale) => Promise<T[]>;
  /** One item by id (GET `<apiPath>/<id>`; errors as `staffGet` throws them, ApiError 404 for an unknown id). */
  item: (locale: Locale, id: string) => Promise<T>;
  /** The list's columns before the "actions" one. */
  columns: readonly ContentColumn<T>[];
  /** Test ids of a row, its edit link and its delete button. */
  testIds: { row: string; edit: string; delete: string };
  /** The data attributes of an item's row (`data-id`, …). */
  rowData: (item: T) => Record<`data-${string}`, string | number>;
  /** How the list page offers to create an item. */
  create: ContentCreate;
  /** The edit page: whether an item belongs here (else 404), its heading, its form, a delete button after the form. */
  edit: {
    accepts?: (item: T) => boolean;
    heading: (item: T, ctx: ContentTypeContext) => string;
    form: (item: T) => ReactNode;
    deleteButton: boolean;
  };
};
