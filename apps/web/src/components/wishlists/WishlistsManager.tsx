'use client';

import { useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { wishlistSchema, type Locale, type WishlistSummary } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { formatDate } from '@/lib/format';
import {
  FormMessage,
  dangerButtonClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '@/components/account/fields';
import { useNameCheck, useWishlistProblem } from './shared';
import { Link } from '@/i18n/navigation';

type Message = { kind: 'success' | 'error'; text: string } | null;

/**
 * The list part of /{lang}/account/wishlists (docs/product/orders-and-documents.md#screens "Standard orders list", docs/product/customer-area.md#standard-order-rules):
 * a form that creates a standard order (the name is checked for existence by exact name against
 * `lists` before POST /wishlists, which checks again: 409 `wishlist_name_exists`), and a table of
 * `lists` (name linking to /{lang}/account/wishlists/{id}, number of products, last change) with
 * a delete action confirmed inline (DELETE /wishlists/{id}). After each change the page is
 * refreshed from the server.
 *
 * testids: `wishlist-create-form`, `wishlist-create-name`, `wishlist-create-submit`,
 * `wishlists-message`, `wishlists-table`, `wishlist-row` (data-wishlist-name), `wishlist-link`,
 * `wishlist-delete`, `wishlist-delete-confirm`, `wishlists-empty`.
 */
export function WishlistsManager({ locale, lists }: { locale: Locale; lists: WishlistSummary[] }) {
  const t = useTranslations('wishlists');
  const problemText = useWishlistProblem();
  const checkName = useNameCheck();
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [message, setMessage] = useState<Message>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ defaultValues: { name: '' } });

  const show = (next: Message) => {
    setMessage(next);
    requestAnimationFrame(() => messageRef.current?.focus());
  };

  const onCreate = handleSubmit(async ({ name }) => {
    setMessage(null);
    const error = checkName(name, lists);
    if (error) {
      setError('name', { type: 'validate', message: error });
      return;
    }
    const result = await callApi('POST', '/wishlists', {
      locale,
      body: { name: name.trim() },
      schema: wishlistSchema,
    });
    if (!result.ok) {
      if (result.problem.code === 'wishlist_name_exists')
        setError('name', { type: 'server', message: problemText(result.problem) });
      else show({ kind: 'error', text: problemText(result.problem) });
      return;
    }
    reset({ name: '' });
    show({ kind: 'success', text: t('created', { name: name.trim() }) });
    startTransition(() => router.refresh());
  });

  const remove = async (list: WishlistSummary) => {
    setConfirming(null);
    const result = await callApi('DELETE', `/wishlists/${list.id}`, { locale });
    if (!result.ok && result.problem.code !== 'not_found') {
      show({ kind: 'error', text: problemText(result.problem) });
      return;
    }
    show({ kind: 'success', text: t('deleted', { name: list.name }) });
    startTransition(() => router.refresh());
  };

  return (
    <div className="space-y-8">
      {message ? (
        <FormMessage kind={message.kind} ref={messageRef} testId="wishlists-message">
          {message.text}
        </FormMessage>
      ) : null}

      <section aria-labelledby="wishlist-create-title" className="rounded-lg border border-line p-4">
        <h2 id="wishlist-create-title" className="mb-3 text-xl font-semibold">
          {t('createTitle')}
        </h2>
        <form
          noValidate
          onSubmit={onCreate}
          className="flex flex-wrap items-end gap-3"
          data-testid="wishlist-create-form"
        >
          <div className="min-w-0 flex-1">
            <label htmlFor="wishlist-create-name" className="block text-sm font-medium">
              {t('newName')}
              <span aria-hidden="true" className="ml-0.5 text-bad">
                *
              </span>
            </label>
            <input
              id="wishlist-create-name"
              type="text"
              autoComplete="off"
              aria-required="true"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'wishlist-create-name-error' : undefined}
              className={inputClass}
              data-testid="wishlist-create-name"
              {...register('name')}
            />
            {errors.name?.message ? (
              <p
                id="wishlist-create-name-error"
                className="mt-1 text-sm text-bad"
                data-testid="wishlist-create-error"
              >
                {errors.name.message}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            disabled={isSubmitting}
            className={primaryButtonClass}
            data-testid="wishlist-create-submit"
          >
            {t('create')}
          </button>
        </form>
      </section>

      <section aria-labelledby="wishlists-list-title">
        <h2 id="wishlists-list-title" className="mb-3 text-xl font-semibold">
          {t('listCaption')}
        </h2>
        {lists.length === 0 ? (
          <p data-testid="wishlists-empty">{t('empty')}</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full border-collapse text-left" data-testid="wishlists-table">
              <caption className="sr-only">{t('listCaption')}</caption>
              <thead>
                <tr className="border-b border-line text-sm text-muted">
                  <th scope="col" className="py-2 pr-4">
                    {t('name')}
                  </th>
                  {/* Below 640 px the count and the date go under the name. */}
                  <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
                    {t('lines')}
                  </th>
                  <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
                    {t('updated')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lists.map((list) => (
                  <tr
                    key={list.id}
                    className="border-b border-line"
                    data-testid="wishlist-row"
                    data-wishlist-name={list.name}
                  >
                    <td className="py-2 pr-4">
                      <Link
                        href={`/account/wishlists/${list.id}`}
                        className="font-semibold text-brand underline"
                        data-testid="wishlist-link"
                      >
                        {list.name}
                      </Link>
                      <span
                        className="block text-sm text-muted sm:hidden"
                        data-testid="wishlist-row-phone-facts"
                      >
                        {t('linesCount', { count: list.lines_count })}
                        <span className="block">
                          {t('updatedOn', { date: formatDate(list.updated_at, locale) })}
                        </span>
                      </span>
                    </td>
                    <td className="hidden py-2 pr-4 sm:table-cell">
                      {t('linesCount', { count: list.lines_count })}
                    </td>
                    <td className="hidden py-2 pr-4 sm:table-cell">{formatDate(list.updated_at, locale)}</td>
                    <td className="py-2">
                      {confirming === list.id ? (
                        <div
                          role="group"
                          aria-label={t('deleteList', { name: list.name })}
                          className="space-y-2"
                        >
                          <p className="text-sm">{t('confirmDelete', { name: list.name })}</p>
                          <div className="flex gap-2">
                            <button
                              type="button"
                              className={dangerButtonClass}
                              onClick={() => void remove(list)}
                              data-testid="wishlist-delete-confirm"
                            >
                              {t('delete')}
                            </button>
                            <button
                              type="button"
                              className={secondaryButtonClass}
                              onClick={() => setConfirming(null)}
                            >
                              {t('cancel')}
                            </button>
                          </div>
                        </div>
                      ) : (
                        <button
                          type="button"
                          className={dangerButtonClass}
                          onClick={() => setConfirming(list.id)}
                          aria-label={t('deleteList', { name: list.name })}
                          data-testid="wishlist-delete"
                        >
                          {t('delete')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
