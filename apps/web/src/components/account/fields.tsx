'use client';

import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useValidationMessage } from '@/components/ui/form';

/*
 * The older field set; the form kit of components/ui/form replaces it (the customer forms use the
 * kit). FormMessage, RequiredNote and useValidationMessage now live in the kit and are re-exported
 * here for the forms not moved yet.
 */
export { FormMessage, RequiredNote, useValidationMessage } from '@/components/ui/form';

/** Classes of text inputs and selects (the catalogue's look: grey border, brand focus ring). */
export const inputClass =
  'mt-1 block w-full rounded border border-line bg-white px-3 py-2 text-ink aria-[invalid=true]:border-bad';
/** Primary button (brand background). */
export const primaryButtonClass =
  'rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70';
/** Secondary button (outlined). */
export const secondaryButtonClass =
  'rounded border-2 border-brand bg-white px-4 py-1.5 font-semibold text-brand hover:bg-surface disabled:opacity-70';
/** Destructive button. */
export const dangerButtonClass =
  'rounded border-2 border-bad bg-white px-4 py-1.5 font-semibold text-bad hover:bg-red-50 disabled:opacity-70';

/** ids of a field's hint and error, joined for aria-describedby (undefined when neither is shown). */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field label with the visual required mark (the input itself carries aria-required). */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium">
      {label}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-bad">
          *
        </span>
      ) : null}
    </label>
  );
}

/** The error text of a field (id `<field id>-error`, referenced by the input's aria-describedby). */
export function FieldError({ id, code }: { id: string; code: string | undefined }) {
  const message = useValidationMessage();
  if (!code) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-bad">
      {message(code)}
    </p>
  );
}

/** Label above, hint and error text below: the frame every labelled control shares. */
function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} code={error} />
    </div>
  );
}

/** Accessibility and test attributes of a labelled control (aria-required/invalid/describedby). */
function controlProps(id: string, required?: boolean, error?: string, hint?: string, testId?: string) {
  return {
    id,
    'aria-required': required ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, Boolean(hint), Boolean(error)),
    'data-testid': testId,
    className: inputClass,
  } as const;
}

interface TextFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** Error code of the field (from zod or from the api's `errors[]`). */
  error?: string;
  required?: boolean;
  hint?: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'search';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  testId?: string;
  className?: string;
}

/**
 * Labelled text input (WCAG: visible label, required mark + aria-required, error text linked by
 * aria-describedby, aria-invalid when wrong). Works with react-hook-form's `register`.
 */
export function TextField({
  id,
  label,
  registration,
  error,
  required,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  testId,
  className,
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <input
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        {...controlProps(id, required, error, hint, testId)}
        {...registration}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps extends Omit<TextFieldProps, 'type' | 'inputMode'> {
  options: { value: string; label: string }[];
  /** Text of the empty first option ("Choose…"); none when omitted. */
  placeholder?: string;
}

/** Labelled select with the same accessibility wiring as TextField. */
export function SelectField({
  id,
  label,
  registration,
  error,
  required,
  hint,
  autoComplete,
  testId,
  className,
  options,
  placeholder,
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        autoComplete={autoComplete}
        {...controlProps(id, required, error, hint, testId)}
        {...registration}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Labelled textarea with the same accessibility wiring as TextField. */
export function TextAreaField({
  id,
  label,
  registration,
  error,
  required,
  hint,
  testId,
  className,
  rows = 4,
}: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete'> & { rows?: number }) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea rows={rows} {...controlProps(id, required, error, hint, testId)} {...registration} />
    </FieldFrame>
  );
}

/** A checkbox with its label on the right, an optional required mark and error text. */
export function CheckboxField({
  id,
  label,
  registration,
  error,
  required,
  testId,
  className,
}: {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string;
  required?: boolean;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          aria-required={required ? true : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={testId}
          className="mt-1 h-4 w-4 accent-brand"
          {...registration}
        />
        <label htmlFor={id} className="text-sm">
          {label}
          {required ? (
            <span aria-hidden="true" className="ml-0.5 text-bad">
              *
            </span>
          ) : null}
        </label>
      </div>
      <FieldError id={id} code={error} />
    </div>
  );
}
