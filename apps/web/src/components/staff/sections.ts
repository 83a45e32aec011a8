/**
 * The sections of the staff back office (docs/product/back-office.md#staff-back-office), in navigation order:
 * `key` names the message `staff.nav.<key>` and the test id `staff-nav-<key>`; `path` is relative
 * to /{lang}/staff (empty for the staff home); `label`, when given, is the full message key of the
 * link text instead. Small ads, content, leads and forms are built by
 * their own modules under app/[locale]/staff/<path>.
 */
export const STAFF_SECTIONS = [
  { key: 'home', path: '' },
  { key: 'orders', path: 'orders' },
  // Label from the staffCustomers namespace (modules of their own keep their own messages).
  { key: 'customers', path: 'customers', label: 'staffCustomers.nav' },
  { key: 'registrations', path: 'registrations' },
  { key: 'addresses', path: 'addresses' },
  { key: 'smallads', path: 'smallads' },
  { key: 'leads', path: 'leads' },
  { key: 'forms', path: 'forms' },
  { key: 'content', path: 'content' },
  { key: 'import', path: 'import' },
  { key: 'stock', path: 'stock', label: 'stockStaff.nav' },
  { key: 'coupons', path: 'coupons', label: 'coupons.nav' },
  { key: 'images', path: 'images' },
  { key: 'restrictions', path: 'restrictions', label: 'regulated.staff.nav' },
  { key: 'audit', path: 'audit' },
] as const;

export type StaffSectionKey = (typeof STAFF_SECTIONS)[number]['key'];

/**
 * The href of a staff section, without the locale prefix (`/staff/orders`, `/staff` for the home):
 * for the Link and usePathname of i18n/navigation, which add and strip the current locale's.
 */
export function staffHref(path: string): string {
  return path ? `/staff/${path}` : '/staff';
}
