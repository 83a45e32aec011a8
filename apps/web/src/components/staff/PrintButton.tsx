'use client';

/**
 * A button that opens the browser's print dialog (window.print) for a printable staff page; hidden
 * on paper. `label` is the visible text; test id `print-button`.
 */
export function PrintButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark print:hidden"
      data-testid="print-button"
    >
      {label}
    </button>
  );
}
