'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { LinkedProduct } from '@vetshop/domain';
import { StaffAction } from '@/components/staff/StaffAction';

const fieldClass = 'w-full rounded border border-line px-3 py-2';

/**
 * Grant form of the staff restriction page (docs/decisions/regulated-products.md): the product
 * id and a note → POST /staff/customers/{id}/restriction-exceptions. Test id `exception-grant`.
 */
export function GrantExceptionForm({ customerId }: { customerId: number }) {
  const t = useTranslations('regulated.staff');
  const id = useId();
  return (
    <StaffAction
      path={`/staff/customers/${customerId}/restriction-exceptions`}
      body={(form) => ({ product_id: Number(form.get('product_id')), note: String(form.get('note') ?? '') })}
      label={t('grant')}
      done={t('granted')}
      testId="exception-grant"
    >
      <div className="w-40">
        <label htmlFor={`${id}-product`} className="mb-1 block text-sm font-medium">
          {t('productId')}
        </label>
        <input
          id={`${id}-product`}
          name="product_id"
          type="number"
          min={1}
          required
          className={fieldClass}
          data-testid="exception-grant-product"
        />
      </div>
      <div className="min-w-0 flex-1 sm:min-w-64">
        <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium">
          {t('note')}
        </label>
        <input id={`${id}-note`} name="note" maxLength={500} className={fieldClass} />
      </div>
    </StaffAction>
  );
}

/** Revoke button of one exception → DELETE …/restriction-exceptions/{productId}. Test id `exception-revoke-<productId>`. */
export function RevokeExceptionButton({ customerId, productId }: { customerId: number; productId: number }) {
  const t = useTranslations('regulated.staff');
  return (
    <StaffAction
      path={`/staff/customers/${customerId}/restriction-exceptions/${productId}`}
      method="DELETE"
      label={t('revoke')}
      done={t('revoked')}
      variant="secondary"
      testId={`exception-revoke-${productId}`}
    />
  );
}

/** The PUT body of a link list. */
function linksBody(links: readonly LinkedProduct[]) {
  return { links: links.map((l) => ({ linked_product_id: l.id, kind: l.kind, sequence: l.sequence })) };
}

/**
 * Add-a-link form of product `productId` (docs/decisions/product-links.md): the current `links`
 * plus the new one → PUT /staff/products/{id}/links. Test id `link-add`.
 */
export function AddLinkForm({ productId, links }: { productId: number; links: LinkedProduct[] }) {
  const t = useTranslations('regulated.staff');
  const id = useId();
  return (
    <StaffAction
      path={`/staff/products/${productId}/links`}
      method="PUT"
      body={(form) => {
        const added = {
          linked_product_id: Number(form.get('linked')),
          kind: String(form.get('kind')),
          sequence: Number(form.get('sequence') || 0),
        };
        const kept = linksBody(links).links.filter(
          (l) => !(l.linked_product_id === added.linked_product_id && l.kind === added.kind),
        );
        return { links: [...kept, added] };
      }}
      label={t('addLink')}
      done={t('linkAdded')}
      testId="link-add"
    >
      <div className="w-40">
        <label htmlFor={`${id}-linked`} className="mb-1 block text-sm font-medium">
          {t('linkedId')}
        </label>
        <input id={`${id}-linked`} name="linked" type="number" min={1} required className={fieldClass} />
      </div>
      <div className="w-40">
        <label htmlFor={`${id}-kind`} className="mb-1 block text-sm font-medium">
          {t('kind')}
        </label>
        <select id={`${id}-kind`} name="kind" className={fieldClass}>
          {(['cross', 'up', 'related'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="w-24">
        <label htmlFor={`${id}-sequence`} className="mb-1 block text-sm font-medium">
          {t('sequence')}
        </label>
        <input
          id={`${id}-sequence`}
          name="sequence"
          type="number"
          min={0}
          max={10000}
          defaultValue={links.length}
          className={fieldClass}
        />
      </div>
    </StaffAction>
  );
}

/** Remove button of one link (PUT of the list without it). Test id `link-remove-<kind>-<id>`. */
export function RemoveLinkButton({
  productId,
  links,
  link,
}: {
  productId: number;
  links: LinkedProduct[];
  link: LinkedProduct;
}) {
  const t = useTranslations('regulated.staff');
  return (
    <StaffAction
      path={`/staff/products/${productId}/links`}
      method="PUT"
      body={() => linksBody(links.filter((l) => !(l.id === link.id && l.kind === link.kind)))}
      label={t('removeLink')}
      done={t('linkRemoved')}
      variant="secondary"
      testId={`link-remove-${link.kind}-${link.id}`}
    />
  );
}
