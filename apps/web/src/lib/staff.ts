/**
 * Entry check of the staff back office pages (docs/decisions/staff-pages-404.md: "/{lang}/staff for the staff role only"):
 * a guest goes to the login page (with the page as target), a signed-in user who is not staff
 * gets the 404 page (the back office does not reveal itself; docs/decisions/staff-pages-404.md),
 * AUTH_TYPE none answers 404. Every staff page calls it (the layout too: pages and layouts render
 * in parallel, so the layout's check alone would not stop a page's data loads).
 */
import { notFound } from 'next/navigation';
import type { Locale, UserProfile } from '@vetshop/domain';
import { getPathname } from '../i18n/navigation';
import { ApiError } from './api/errors';
import { staffApi } from './api/staff';
import { loadForPage, requireUser } from './session';

/** The signed-in staff user; guests → login with `path` as target; non-staff → notFound(). */
export async function requireStaff(locale: Locale, path: string): Promise<UserProfile> {
  const user = await requireUser(locale, path);
  if (user.role !== 'staff') notFound();
  return user;
}

/** True for a staff user (e.g. the header link to /{lang}/staff). */
export function isStaff(user: Pick<UserProfile, 'role'> | null | undefined): boolean {
  return user?.role === 'staff';
}

/**
 * The order of a staff page under /{lang}/staff/orders/{id}{suffix} (GET /staff/sales/{id}): the
 * staff entry check first; an id that is not a positive 32-bit integer, or an unknown order, gives
 * the 404 page. Errors: what `loadForPage` throws (sign-in when the session expired, the error page).
 */
export async function staffSaleForPage(locale: Locale, rawId: string, suffix = '') {
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  const pathname = getPathname({ href: `/staff/orders/${id}${suffix}`, locale });
  await requireStaff(locale, pathname);
  return loadForPage(locale, pathname, async () => {
    try {
      return await staffApi.sale(locale, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    }
  });
}
