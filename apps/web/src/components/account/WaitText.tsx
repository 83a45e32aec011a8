'use client';

import { useTranslations } from 'next-intl';
import type { WaitFailure } from '@/lib/form-errors';

/**
 * The text of a refusal that asks the user to wait (`WaitFailure` of lib/form-errors.ts: 429 or a
 * full password-hashing queue; docs/decisions/password-hashing-queue.md): how many minutes when the
 * api said so in Retry-After, and that the form keeps what was typed. Put inside the form's error
 * `FormMessage`; messages `formWait.*` (fr/nl/en). Used by the sign-in, registration, password
 * reset and password change forms.
 */
export function WaitText({ failure }: { failure: WaitFailure }) {
  const t = useTranslations('formWait');
  const text =
    failure.kind === 'busy'
      ? t('busy')
      : failure.minutes
        ? t('tooManyRequestsWait', { minutes: failure.minutes })
        : t('tooManyRequests');
  return <p data-testid="form-wait">{text}</p>;
}
