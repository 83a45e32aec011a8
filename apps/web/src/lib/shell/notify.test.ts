import { afterEach, describe, expect, it } from 'vitest';
import { notify, receiveNotifications, type NotifyInput } from './notify';

let release: (() => void) | null = null;
afterEach(() => release?.());

describe('notify (lib/shell/notify.ts)', () => {
  it('keeps what is asked before the area is mounted and shows it, in order, when it mounts', () => {
    notify({ message: 'Préférences enregistrées', kind: 'success' });
    notify({ message: 'Hors ligne' });
    const shown: NotifyInput[] = [];
    release = receiveNotifications((n) => shown.push(n));
    expect(shown).toEqual([
      { message: 'Préférences enregistrées', kind: 'success' },
      { message: 'Hors ligne' },
    ]);
    notify({ message: 'Ensuite', kind: 'error' });
    expect(shown.at(-1)).toEqual({ message: 'Ensuite', kind: 'error' });
  });

  it('queues again once the area let go, and a second area takes over', () => {
    const first: NotifyInput[] = [];
    receiveNotifications((n) => first.push(n))();
    notify({ message: 'Après' });
    expect(first).toEqual([]);
    const second: NotifyInput[] = [];
    release = receiveNotifications((n) => second.push(n));
    expect(second).toEqual([{ message: 'Après' }]);
  });
});
