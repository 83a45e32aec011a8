import type { HTMLAttributes } from 'react';
import { cardClass } from './styles';

/**
 * A card box (docs/decisions/design-system.md): bordered, white, card radius. `as` picks the
 * element (article by default; section, li or div); padding comes from `className`.
 */
export function Card({
  as: Tag = 'article',
  className = '',
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'article' | 'section' | 'li' | 'div' }) {
  return <Tag className={`${cardClass} ${className}`} {...props} />;
}
