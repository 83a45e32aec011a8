/**
 * Shows a notification of the shell (docs/product/web-app-shell.md#global-interface-pieces global
 * "notifications"; docs/product/constants.md#content-limits: 5000 ms, bottom right) from anywhere
 * in the browser. Apart from the notification area (components/shell/Notifications.tsx), which
 * arrives after hydration as an island, so that callers and every page's first load carry only
 * this module.
 */

/** Kind of a notification: colours it; errors are also announced assertively. */
export type NotificationKind = 'success' | 'info' | 'error';

/** What callers pass: an already translated message and its kind (default info). */
export interface NotifyInput {
  message: string;
  kind?: NotificationKind;
}

/** Notifications asked for before the area was mounted, shown when it mounts. */
const waiting: NotifyInput[] = [];
let receiver: ((input: NotifyInput) => void) | null = null;

/** Shows `input` in the notification area, or as soon as the area is mounted. */
export function notify(input: NotifyInput): void {
  if (receiver) receiver(input);
  else waiting.push(input);
}

/**
 * Makes `show` the receiver of every {@link notify} (the mounted notification area), first with
 * those that waited; returns the function that lets go of it.
 */
export function receiveNotifications(show: (input: NotifyInput) => void): () => void {
  receiver = show;
  for (const input of waiting.splice(0)) show(input);
  return () => {
    if (receiver === show) receiver = null;
  };
}
