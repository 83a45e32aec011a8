'use client';

import { useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { ClassifiedAdState, Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import {
  FormMessage,
  dangerButtonClass,
  secondaryButtonClass,
  primaryButtonClass,
} from '@/components/account/fields';
import { messageOr } from '@/i18n/keys';
import { useRouter } from '@/i18n/navigation';

/**
 * Owner actions of a small ad (docs/product/community-and-content.md#small-ad-states, docs/product/community-and-content.md#small-ads): "Submit for moderation" (draft →
 * pending, POST classified_ads/{id}/submit), "Back to draft" (pending, published or refused →
 * draft, POST …/update_set_to_draft) and "Delete" (confirmed in the shell's dialog, DELETE classified_ads/{id}, then
 * back to the list). Failures show a message (role alert). Test ids: smallad-submit,
 * smallad-set-draft, smallad-delete, smallad-action-error.
 */
export function AdActions({ locale, id, state }: { locale: Locale; id: number; state: ClassifiedAdState }) {
  const t = useTranslations('smallads');
  const router = useRouter();
  const confirm = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const run = (method: 'POST' | 'DELETE', path: string, done: () => void) =>
    startTransition(async () => {
      setFailure(null);
      const result = await callApi(method, path, { locale });
      if (result.ok) done();
      else {
        const code = result.problem.code;
        setFailure(messageOr(t, `errors.${code}`, t('errors.generic')));
      }
    });

  return (
    <div className="space-y-3">
      {failure ? (
        <FormMessage kind="error" testId="smallad-action-error">
          {failure}
        </FormMessage>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {state === 'draft' ? (
          <button
            type="button"
            className={primaryButtonClass}
            disabled={pending}
            data-testid="smallad-submit"
            onClick={() =>
              run('POST', `/classified_ads/${id}/submit`, () => {
                router.replace(`/account/smallads/${id}?done=submitted`);
                router.refresh();
              })
            }
          >
            {t('submit')}
          </button>
        ) : (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={pending}
            data-testid="smallad-set-draft"
            onClick={() =>
              run('POST', `/classified_ads/${id}/update_set_to_draft`, () => {
                router.replace(`/account/smallads/${id}?done=draft`);
                router.refresh();
              })
            }
          >
            {t('setDraft')}
          </button>
        )}
        <button
          type="button"
          className={dangerButtonClass}
          disabled={pending}
          data-testid="smallad-delete"
          onClick={async () => {
            if (!(await confirm({ title: t('deleteConfirm'), confirmLabel: t('delete'), tone: 'danger' })))
              return;
            run('DELETE', `/classified_ads/${id}`, () => {
              router.push('/account/smallads?view=mine');
              router.refresh();
            });
          }}
        >
          {t('delete')}
        </button>
      </div>
    </div>
  );
}
