/**
 * Classes of a table whose rows become cards below 640 px (docs/decisions/responsive-shell.md
 * "Tables on a phone"): the header row left out, each row a two-column grid card, each cell a
 * label-and-value line of it (its phone-only label first, `label`). Used by the order page's
 * deliveries (`SalePickings.tsx`) and `StaffTable`'s `phoneCards`.
 */
export const phoneCards = {
  table: 'max-sm:block',
  head: 'max-sm:hidden',
  body: 'max-sm:block max-sm:space-y-3',
  row: 'max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:rounded max-sm:border max-sm:p-3',
  cell: 'max-sm:col-span-2 max-sm:grid max-sm:grid-cols-subgrid max-sm:p-0',
  label: 'text-muted sm:hidden',
} as const;
