'use client';

import { useCallback, useEffect, useId, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { Locale, ProductOnOrder } from '@vetshop/domain';
import { CancelBackorderForm } from './CancelBackorderForm';

/**
 * The cancel-backorder dialog over the products-on-order list (docs/product/orders-and-documents.md#screens
 * /{lang}/account/products_on_order/{id}/cancel "dialog or page"), rendered by the intercepting
 * route of the list's @modal slot when the user follows a "Cancel" link. A native modal `<dialog>`
 * (focus kept inside, Escape closes, the page behind inert); closing goes back in history to the
 * list, which was refreshed after a successful cancellation.
 */
export function CancelBackorderDialog({
  locale,
  line,
  listHref,
}: {
  locale: Locale;
  line: ProductOnOrder;
  listHref: string;
}) {
  const t = useTranslations('backorders');
  const router = useRouter();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const closed = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = useCallback(() => {
    if (closed.current) return;
    closed.current = true;
    ref.current?.close();
    router.back();
  }, [router]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-line p-6 shadow-xl backdrop:bg-black/40"
      data-testid="backorder-cancel-dialog"
    >
      <h2 id={`${id}-title`} className="mb-4 text-xl font-semibold text-brand">
        {t('cancelTitle')}
      </h2>
      <CancelBackorderForm locale={locale} line={line} listHref={listHref} onClose={close} />
    </dialog>
  );
}
