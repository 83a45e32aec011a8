import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { buttonClass, inputClass, labelClass } from '../styles';
import { Field, FieldMessages, fieldAria, type FieldChrome } from './Field';

/**
 * A labelled `<input>` (text, number, date, datetime-local…; docs/decisions/design-system.md):
 * {@link Field} around an input of the kit's style with id `id`, hint and error wired through
 * aria-describedby / aria-invalid. Other props (name, type, defaultValue, required…) go to the input.
 */
export function TextInput({
  id,
  label,
  hint,
  error,
  className = '',
  ...props
}: FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className={`${inputClass} ${className}`.trim()}
        {...fieldAria(id, hint, error)}
        {...props}
      />
    </Field>
  );
}

/** A labelled `<textarea>` of the kit (same wiring as {@link TextInput}); other props go to the textarea. */
export function TextArea({
  id,
  label,
  hint,
  error,
  className = '',
  ...props
}: FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        className={`${inputClass} ${className}`.trim()}
        {...fieldAria(id, hint, error)}
        {...props}
      />
    </Field>
  );
}

/** One choice of a {@link Select}: the submitted `value` and the visible `label`. */
export type SelectOption = { value: string; label: ReactNode };

/**
 * A labelled `<select>` of the kit over `options` (same wiring as {@link TextInput}); other props
 * (name, defaultValue…) go to the select.
 */
export function Select({
  id,
  label,
  hint,
  error,
  options,
  className = '',
  ...props
}: FieldChrome & { options: readonly SelectOption[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'children'
  >) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className={`${inputClass} ${className}`.trim()}
        {...fieldAria(id, hint, error)}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * A checkbox with its label beside it (the label after the box), then the hint and error lines;
 * other props (name, defaultChecked…) go to the input.
 */
export function Checkbox({
  id,
  label,
  hint,
  error,
  ...props
}: FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" {...fieldAria(id, hint, error)} {...props} />
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * The submit button of a form (primary button of the design system): disabled and aria-busy while
 * `busy`. Other props (data-testid…) go to the button.
 */
export function SubmitButton({
  busy = false,
  className = '',
  ...props
}: { busy?: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'>) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className={`${buttonClass('primary', 'md')} ${className}`.trim()}
      {...props}
    />
  );
}
