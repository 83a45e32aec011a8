'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { NOTIFICATION_DURATION_MS } from '@/lib/shell/constants';
import { receiveNotifications, type NotificationKind, type NotifyInput } from '@/lib/shell/notify';

interface Notice extends Required<NotifyInput> {
  id: number;
}

/**
 * Notification area of the shell (docs/product/web-app-shell.md#global-interface-pieces global "notifications"): a live region fixed at the bottom
 * right (above the bottom navigation bar on small screens) showing what `notify()`
 * (lib/shell/notify.ts) asks for; every notification disappears after 5000 ms or when closed.
 * Mounted once by ShellChrome as an island loaded after hydration (NotificationsLazy, browser
 * only): nothing shows before the first notification, and those asked for before it mounts wait
 * for it.
 */
export function Notifications() {
  const t = useTranslations('shell.notifications');
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());

  const dismiss = useCallback((id: number) => {
    setNotices((list) => list.filter((n) => n.id !== id));
    const timer = timers.current.get(id);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const push = useCallback(
    ({ message, kind = 'info' }: NotifyInput) => {
      const id = nextId.current++;
      setNotices((list) => [...list, { id, message, kind }]);
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), NOTIFICATION_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const release = receiveNotifications(push);
    const pending = timers.current;
    return () => {
      release();
      pending.forEach((timer) => window.clearTimeout(timer));
    };
  }, [push]);

  const colours: Record<NotificationKind, string> = {
    success: 'border-green-700 bg-green-50 text-green-900',
    info: 'border-brand bg-white text-gray-900',
    error: 'border-red-700 bg-red-50 text-red-900',
  };

  const item = (n: Notice) => (
    <NoticeItem key={n.id} notice={n} className={colours[n.kind]} onClose={dismiss} closeLabel={t('close')} />
  );

  return (
    <div
      aria-label={t('region')}
      role="region"
      className="pointer-events-none fixed right-4 bottom-20 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 md:bottom-4"
    >
      <div
        aria-live="polite"
        aria-atomic="false"
        className="flex flex-col gap-2"
        data-testid="shell-notifications"
      >
        {notices.filter((n) => n.kind !== 'error').map(item)}
      </div>
      <div aria-live="assertive" className="flex flex-col gap-2">
        {notices.filter((n) => n.kind === 'error').map(item)}
      </div>
    </div>
  );
}

function NoticeItem({
  notice,
  className,
  onClose,
  closeLabel,
}: {
  notice: Notice;
  className: string;
  onClose: (id: number) => void;
  closeLabel: string;
}) {
  return (
    <div
      data-testid="shell-notification"
      data-kind={notice.kind}
      className={`pointer-events-auto flex items-start gap-3 rounded border-l-4 px-4 py-3 shadow-lg ${className}`}
    >
      <p className="flex-1 text-sm">{notice.message}</p>
      <button
        type="button"
        onClick={() => onClose(notice.id)}
        aria-label={closeLabel}
        className="rounded px-1 text-lg leading-none hover:bg-black/10"
      >
        ×
      </button>
    </div>
  );
}
