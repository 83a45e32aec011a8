'use client';

import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-component';

/** What `confirm()` shows; labels default to the shell's "Confirm" / "Cancel". Texts are translated by the caller. */
export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` colours the confirm button red (deletions, cancellations). */
  tone?: 'default' | 'danger';
}

/** Props of the presentational confirm dialog (ConfirmDialogBox.tsx). */
export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The dialog's code arrives the first time `confirm()` is called, not with every page's first-load
 * JavaScript (docs/decisions/web-page-performance.md, "Browser bundle"); nothing of it shows before.
 */
const ConfirmDialogLazy = lazyComponent(() => import('./ConfirmDialogBox').then((m) => m.ConfirmDialog), {
  clientOnly: true,
});

type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

/**
 * Hook returning `confirm(options) → Promise<boolean>`: true when the user confirms, false on
 * cancel or Escape. Needs {@link ConfirmProvider} (mounted in the locale layout by ShellProviders).
 */
export function useConfirm(): ConfirmFn {
  const fn = useContext(ConfirmContext);
  if (!fn) throw new Error('useConfirm() needs <ConfirmProvider> (ShellProviders in the locale layout)');
  return fn;
}

/** Provides {@link useConfirm}: one shared dialog; a second request while one is open cancels the first. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null);
  // Mounted from the first request on, then kept (closing it returns the focus to the opener).
  const [used, setUsed] = useState(false);

  const confirm = useCallback<ConfirmFn>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setUsed(true);
        setRequest((previous) => {
          previous?.resolve(false);
          return { ...options, resolve };
        });
      }),
    [],
  );

  const settle = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {used ? (
        <ConfirmDialogLazy
          open={request !== null}
          title={request?.title ?? ''}
          message={request?.message}
          confirmLabel={request?.confirmLabel}
          cancelLabel={request?.cancelLabel}
          tone={request?.tone}
          onConfirm={() => settle(true)}
          onCancel={() => settle(false)}
        />
      ) : null}
    </ConfirmContext.Provider>
  );
}
