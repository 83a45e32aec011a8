/**
 * What info banners and advertisements share (docs/product/community-and-content.md#info-banners,
 * docs/product/community-and-content.md#advertisements): the text of a locale, the "valid now"
 * condition on their dates (open-ended when null) and the check of the dates' order.
 */
import { and, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';
import { advertisements, infoBanners, type LocalizedText } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

/** Text of `locale`, else fr, else the first present, else ''. */
export function localized(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.fr ?? Object.values(text).find((v) => typeof v === 'string') ?? '';
}

/** Drizzle condition: now inside [dateStart, dateEnd] (null = open). */
export function activeAt(
  start: typeof infoBanners.dateStart | typeof advertisements.dateStart,
  end: typeof infoBanners.dateEnd | typeof advertisements.dateEnd,
  now: Date,
): SQL | undefined {
  return and(or(isNull(start), lte(start, now)), or(isNull(end), gte(end, now)));
}

/** 400 `cms_dates_order` when the end is before the start. */
export function checkDates(start: string | null, end: string | null): void {
  if (start && end && Date.parse(end) < Date.parse(start))
    throw new ApiError(400, 'cms_dates_order', 'Bad request', 'The end date is before the start date.', [
      { field: 'date_end', code: 'cms_dates_order' },
    ]);
}

/** A picture the sanitiser kept (sanitize.ts: an own file or an https url): something to show. */
const PICTURE = /<img\b/i;

/**
 * 400 `cms_translation_required` (field `field`) when no locale of `html` (sanitised) has anything
 * to show, text or picture: every one empty, or markup only (`<p></p>`, `<p><br></p>`, `&nbsp;`),
 * which the rich-text editor sends for a cleared field. Such a banner would be saved and listed, but
 * never shown.
 */
export function requireVisibleText(html: LocalizedText, field: string): void {
  const visible = Object.values(html).some(
    (v) =>
      typeof v === 'string' &&
      (PICTURE.test(v) ||
        v
          .replace(/<[^>]*>/g, '')
          .replace(/&nbsp;|&#160;/g, ' ')
          .trim() !== ''),
  );
  if (!visible)
    throw new ApiError(400, 'cms_translation_required', 'Bad request', 'No language has a text to show.', [
      { field, code: 'cms_translation_required' },
    ]);
}
