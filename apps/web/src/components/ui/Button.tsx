import type { ButtonHTMLAttributes } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './styles';

/**
 * A button of the design system (docs/decisions/design-system.md). `variant` primary (default),
 * secondary or quiet; `size` sm, md (default) or lg; `type` defaults to "button" (never submits a
 * form by accident). Other props go to the `<button>`.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={`${buttonClass(variant, size)} ${className}`} {...props} />;
}
