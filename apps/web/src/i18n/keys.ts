import type { Messages, MessageKeys, NamespaceKeys, NestedKeyOf, NestedValueOf } from 'next-intl';

/** A namespace of the catalogue (`'orders'`, `'staff.orders'`…): what `useTranslations` accepts. */
export type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** The message keys inside namespace `N` (`MessageKey<'orders'>` is `'title' | 'channels.web' | …`). */
export type MessageKey<N extends Namespace> = MessageKeys<
  NestedValueOf<Messages, N>,
  NestedKeyOf<NestedValueOf<Messages, N>>
>;

/** What the helpers need of a translator (`useTranslations` / `getTranslations`): its `has`. */
type KeyChecker<K extends string> = { has: (key: K) => boolean };

/**
 * Whether `key`, built at run time from data (an api code, a stored value), names a message of the
 * translator `t`; narrows `key` to the translator's key type, so `t(key)` type-checks after it.
 */
export function hasMessage<K extends string>(t: KeyChecker<K>, key: string): key is K {
  return t.has(key as K);
}

/** `key` when the translator `t` has such a message, else undefined (for `t(found ?? fallback)`). */
export function messageKey<K extends string>(t: KeyChecker<K>, key: string): K | undefined {
  return hasMessage(t, key) ? key : undefined;
}

/** The message `key` of translator `t` when it exists (a label known to the catalogue), else `fallback`. */
export function messageOr<K extends string>(
  t: KeyChecker<K> & ((key: K) => string),
  key: string,
  fallback: string,
): string {
  return hasMessage(t, key) ? t(key) : fallback;
}
