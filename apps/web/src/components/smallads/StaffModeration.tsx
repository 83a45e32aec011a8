'use client';

import { useId, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CLASSIFIED_AD_REASON_MAX, type ClassifiedAdState, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import {
  FormMessage,
  dangerButtonClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '@/components/account/fields';

/**
 * Staff moderation of one small ad (docs/product/accounts.md#moderation): "Publish" (pending → published, POST
 * staff/classified_ads/{id}/publish) and "Refuse" which opens a reason field (1-500 characters,
 * shown to the author) and POSTs staff/classified_ads/{id}/refuse. After a success the item
 * shows the outcome (the queue is up to date on the next visit). Both actions send the ad's
 * `version` shown on the page (docs/decisions/small-ads.md): when the author changed the ad since,
 * the api answers 409 `ad_changed`, nothing happens, and the item says so with a button that
 * reloads the page (the new version). Test ids: staff-smallad-publish, staff-smallad-refuse,
 * staff-smallad-reason, staff-smallad-refuse-confirm, staff-smallad-error, staff-smallad-changed,
 * staff-smallad-reload.
 */
export function StaffModeration({
  locale,
  id,
  state,
  version,
}: {
  locale: Locale;
  id: number;
  state: ClassifiedAdState;
  /** The ad's `version` as shown on the page (the one staff review). */
  version: number;
}) {
  const t = useTranslations('smallads.staff');
  const router = useRouter();
  const [changed, setChanged] = useState(false);
  const reasonId = useId();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const run = (path: string, body: unknown, doneText: string) =>
    startTransition(async () => {
      setFailure(null);
      const result = await callApi('POST', path, { locale, body });
      if (result.ok) {
        setDone(doneText);
        setRefusing(false);
      } else if (result.problem.code === 'ad_changed') {
        setChanged(true);
        setRefusing(false);
      } else setFailure(t('failed', { detail: result.problem.detail ?? result.problem.code }));
    });

  if (done) return <FormMessage kind="success">{done}</FormMessage>;
  if (changed)
    return (
      <div className="space-y-2">
        <FormMessage kind="error" testId="staff-smallad-changed">
          {t('versionConflict.message')}
        </FormMessage>
        <button
          type="button"
          className={secondaryButtonClass}
          data-testid="staff-smallad-reload"
          onClick={() => router.refresh()}
        >
          {t('versionConflict.reload')}
        </button>
      </div>
    );
  return (
    <div className="space-y-2">
      {failure ? (
        <FormMessage kind="error" testId="staff-smallad-error">
          {failure}
        </FormMessage>
      ) : null}
      {refusing ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim())
              run(`/staff/classified_ads/${id}/refuse`, { reason: reason.trim(), version }, t('refusedDone'));
          }}
        >
          <label htmlFor={reasonId} className="block text-sm font-medium">
            {t('reason')}
          </label>
          <textarea
            id={reasonId}
            required
            aria-required
            rows={3}
            maxLength={CLASSIFIED_AD_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="staff-smallad-reason"
            className={inputClass}
          />
          <div className="flex gap-2">
            <button
              type="submit"
              className={dangerButtonClass}
              disabled={pending || !reason.trim()}
              data-testid="staff-smallad-refuse-confirm"
            >
              {t('confirmRefuse')}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setRefusing(false)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          {state === 'pending' ? (
            <button
              type="button"
              className={primaryButtonClass}
              disabled={pending}
              data-testid="staff-smallad-publish"
              onClick={() => run(`/staff/classified_ads/${id}/publish`, { version }, t('publishedDone'))}
            >
              {t('publish')}
            </button>
          ) : null}
          {state === 'pending' || state === 'published' ? (
            <button
              type="button"
              className={dangerButtonClass}
              disabled={pending}
              data-testid="staff-smallad-refuse"
              onClick={() => setRefusing(true)}
            >
              {t('refuse')}
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
