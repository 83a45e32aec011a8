'use client';

import { useEffect } from 'react';
import { ErrorScreen } from '@/components/StatusScreens';
import { reloadAfterChunkError } from '@/lib/shell/chunk-reload';

/**
 * Error boundary of the locale pages (docs/product/web-app-shell.md#error-screens / docs/product/errors.md#pages "Generic failure"). Server errors reach the
 * browser without their status, so they show as 500 with Next's (sanitised in production) message;
 * api failures with a known status are rendered by the pages themselves with <ErrorScreen>.
 */
export default function LocaleError({ error }: { error: Error & { digest?: string; status?: number } }) {
  useEffect(() => {
    // A chunk of a replaced build failed to load: reload once (at most every 10 s per path).
    if (reloadAfterChunkError(error)) return;
    console.error(error);
  }, [error]);
  const status = typeof error.status === 'number' ? error.status : 500;
  return <ErrorScreen status={status} message={error.message} />;
}
