import type { ButtonHTMLAttributes, ComponentPropsWithRef, ReactNode } from 'react';
import { buttonClass, checkboxClass, inputClass } from '../styles';
import { Field, FieldMessages, RequiredMark, fieldAria, type FieldChrome } from './Field';

/*
 * The controls take their element's props with `ref` (React 19 passes it as a prop), so
 * react-hook-form's `{...register('name')}` spreads onto them like onto a plain input.
 */

/**
 * Splits a control's props into the {@link Field} chrome and the props of the element, and gives
 * the attributes every control of the kit carries: its id, `required`, the kit's input style after
 * the caller's `className`, and the hint and error wiring of {@link fieldAria}.
 */
function splitChrome<P extends FieldChrome & { className?: string }>(props: P) {
  const { id, label, hint, error, required, fieldClassName, errorTestId, className = '', ...rest } = props;
  const chrome: FieldChrome = { id, label, hint, error, required, fieldClassName, errorTestId };
  const control = {
    id,
    required,
    className: `${inputClass} ${className}`.trim(),
    ...fieldAria(id, hint, error),
  };
  return { chrome, control, rest };
}

/**
 * A labelled `<input>` (text, number, date, datetime-local…; docs/decisions/design-system.md):
 * {@link Field} around an input of the kit's style with id `id`, hint and error wired through
 * aria-describedby / aria-invalid. Other props (name, type, defaultValue, ref, data-testid…, or
 * react-hook-form's `register()`) go to the input.
 */
export function TextInput(props: FieldChrome & Omit<ComponentPropsWithRef<'input'>, 'id'>) {
  const { chrome, control, rest } = splitChrome(props);
  return (
    <Field {...chrome}>
      <input {...control} {...rest} />
    </Field>
  );
}

/** A labelled `<textarea>` of the kit (same wiring as {@link TextInput}); other props go to the textarea. */
export function TextArea(props: FieldChrome & Omit<ComponentPropsWithRef<'textarea'>, 'id'>) {
  const { chrome, control, rest } = splitChrome(props);
  return (
    <Field {...chrome}>
      <textarea {...control} {...rest} />
    </Field>
  );
}

/** One choice of a {@link Select}: the submitted `value` and the visible `label`. */
export type SelectOption = { value: string; label: ReactNode };

/**
 * A labelled `<select>` of the kit over `options` (same wiring as {@link TextInput}), after an
 * empty first option showing `placeholder` when given ("Choose…"); other props (name,
 * defaultValue, ref, `register()`…) go to the select.
 */
export function Select(
  props: FieldChrome & { options: readonly SelectOption[]; placeholder?: string } & Omit<
      ComponentPropsWithRef<'select'>,
      'id' | 'children'
    >,
) {
  const {
    chrome,
    control,
    rest: { options, placeholder, ...select },
  } = splitChrome(props);
  return (
    <Field {...chrome}>
      <select {...control} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
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
 * A checkbox with its label beside it (the label after the box, with the required mark when
 * `required`), then the hint and error lines; other props (name, defaultChecked, ref,
 * `register()`…) go to the input.
 */
export function Checkbox({
  id,
  label,
  hint,
  error,
  required,
  fieldClassName = '',
  errorTestId,
  className = '',
  ...props
}: FieldChrome & Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'>) {
  return (
    <div className={`space-y-1 ${fieldClassName}`.trim()}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          required={required}
          className={`${checkboxClass} ${className}`.trim()}
          {...fieldAria(id, hint, error)}
          {...props}
        />
        <label htmlFor={id} className="text-sm">
          {label}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      <FieldMessages id={id} hint={hint} error={error} errorTestId={errorTestId} />
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
