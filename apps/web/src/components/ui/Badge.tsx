import type { HTMLAttributes } from 'react';
import { badgeClass, type BadgeTone } from './styles';

/** A small rounded label of `tone` (docs/decisions/design-system.md); its text carries the meaning. */
export function Badge({
  tone = 'neutral',
  className = '',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={`${badgeClass(tone)} ${className}`} {...props} />;
}
