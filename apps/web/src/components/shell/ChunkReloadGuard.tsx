'use client';

import { useEffect } from 'react';
import { reloadAfterChunkError } from '@/lib/shell/chunk-reload';

/**
 * Reloads the page when an on-demand chunk fails to load (a new build replaced the files the page
 * was loaded with), at most once per 10 s per path (lib/shell/chunk-reload.ts). Listens to window
 * errors and unhandled rejections; the locale error boundary calls the same helper.
 */
export function ChunkReloadGuard() {
  useEffect(() => {
    const onError = (e: ErrorEvent) => {
      if (reloadAfterChunkError(e.error ?? e.message)) e.preventDefault();
    };
    const onRejection = (e: PromiseRejectionEvent) => {
      if (reloadAfterChunkError(e.reason)) e.preventDefault();
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
