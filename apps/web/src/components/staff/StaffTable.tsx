import type { ReactNode } from 'react';
import { phoneCards } from '@/lib/phone-cards';

/** One column of a StaffTable: header text and the cell of a row. */
export interface StaffColumn<R> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
  /** Right-aligned numbers, kept on one line. */
  numeric?: boolean;
  /** Kept on one line (dates: "4 mars 2026" does not break after the month on a phone). */
  nowrap?: boolean;
}

/**
 * A staff list table (docs/product/back-office.md#staff-back-office staff screens; reusable): a captioned table (caption for screen
 * readers) with column headers (scope=col); each row gets `data-testid=<testId>-row` and the
 * attributes of `rowAttributes`. Numbers and `nowrap` columns keep to one line. Below 640 px each
 * row is a card, each value with its column's header beside it, in the columns' order
 * (docs/decisions/responsive-shell.md "Tables on a phone"): no column is left off the screen to the
 * right. `empty` is shown instead of the table when there is no row.
 */
export function StaffTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  testId,
  rowAttributes,
}: {
  caption: string;
  columns: StaffColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  empty: string;
  testId: string;
  rowAttributes?: (row: R) => Record<string, string>;
}) {
  // On a phone, values are left-aligned and wrap in their card.
  const card = { ...phoneCards, cell: `${phoneCards.cell} max-sm:text-left max-sm:whitespace-normal` };
  if (rows.length === 0)
    return (
      <p className="rounded border border-line bg-surface p-4" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  return (
    <div className="relative overflow-x-auto">
      <table className={`w-full border-collapse text-left text-sm ${card.table}`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={card.head}>
          <tr className="border-b border-line text-muted">
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`px-2 py-2 ${c.numeric ? 'text-right' : ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={card.body}>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={`border-b border-line align-top ${card.row}`}
              data-testid={`${testId}-row`}
              {...(rowAttributes?.(row) ?? {})}
            >
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={`px-2 py-2 ${c.numeric ? 'text-right tabular-nums' : ''} ${c.numeric || c.nowrap ? 'whitespace-nowrap' : ''} ${card.cell}`}
                >
                  <span className={card.label}>{c.header}</span>
                  <div className="min-w-0 max-sm:break-words">{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
