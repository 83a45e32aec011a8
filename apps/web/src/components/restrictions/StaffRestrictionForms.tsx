'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { LinkedProduct } from '@vetshop/domain';
import { StaffAction } from '@/components/staff/StaffAction';

const fieldClass = 'w-full rounded border border-line px-3 py-2';

/** A product code field (SKU, CNK or GTIN; docs/decisions/staff-product-codes.md). */
function ProductCodeInput({ id, name, testId }: { id: string; name: string; testId?: string }) {
  return (
    <input
      id={id}
      name={name}
      required
      maxLength={50}
      autoComplete="off"
      spellCheck={false}
      className={fieldClass}
      data-testid={testId}
    />
  );
}

/**
 * Grant form of the staff restriction page (docs/decisions/regulated-products.md): the product's
 * code (SKU, CNK or GTIN) and a note → POST /staff/customers/{id}/restriction-exceptions
 * `{product_code, note}`; an unknown code is answered 404 `unknown_product_code`, shown in the
 * form's alert; emptied once granted. Test ids `exception-grant`, `exception-grant-product`.
 */
export function GrantExceptionForm({ customerId }: { customerId: number }) {
  const t = useTranslations('regulated.staff');
  const id = useId();
  return (
    <StaffAction
      path={`/staff/customers/${customerId}/restriction-exceptions`}
      body={(form) => ({
        product_code: String(form.get('product_code') ?? ''),
        note: String(form.get('note') ?? ''),
      })}
      label={t('grant')}
      done={t('granted')}
      testId="exception-grant"
      reset
    >
      <div className="w-full sm:w-64">
        <label htmlFor={`${id}-product`} className="mb-1 block text-sm font-medium">
          {t('productCode')}
        </label>
        <ProductCodeInput id={`${id}-product`} name="product_code" testId="exception-grant-product" />
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
 * Add-a-link form of product `productId` (docs/decisions/product-links.md): the new link (the
 * linked product's SKU, CNK or GTIN, its kind and sequence) and the current `links` → PUT
 * /staff/products/{id}/links; the new link comes first, so that adding a product already linked
 * with that kind changes its sequence; emptied once added. Test ids `link-add`, `link-add-product`.
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
          linked_product_code: String(form.get('linked') ?? ''),
          kind: String(form.get('kind')),
          sequence: Number(form.get('sequence') || 0),
        };
        return { links: [added, ...linksBody(links).links] };
      }}
      label={t('addLink')}
      done={t('linkAdded')}
      testId="link-add"
      reset
    >
      <div className="w-full sm:w-64">
        <label htmlFor={`${id}-linked`} className="mb-1 block text-sm font-medium">
          {t('linkedCode')}
        </label>
        <ProductCodeInput id={`${id}-linked`} name="linked" testId="link-add-product" />
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
