import type { ReactNode } from 'react';
import { errorClass, hintClass, labelClass } from '../styles';

/** What every field of the kit takes besides its control's own props. */
export type FieldChrome = {
  /** Id of the control; the label points at it, the hint is `<id>-hint`, the error `<id>-error`. */
  id: string;
  /** Visible label text. */
  label: ReactNode;
  /** Help text under the control (referenced by aria-describedby). */
  hint?: ReactNode;
  /** Error text under the control (role alert, aria-describedby, and aria-invalid on the control). */
  error?: ReactNode;
  /** Required field: the label shows the `*` mark (hidden from screen readers) and the control is `required`. */
  required?: boolean;
  /** Class names of the field's box (label, control, hint, error), e.g. a grid span `md:col-span-2`. */
  fieldClassName?: string;
  /** Test id of the error line (`data-testid`), when the journeys look for it. */
  errorTestId?: string;
};

/**
 * The accessibility attributes of the control of field `id` (docs/decisions/design-system.md):
 * `aria-describedby` lists `<id>-hint` and `<id>-error` when those are shown, `aria-invalid` is
 * true when there is an error. Spread them on a custom control placed inside {@link Field}.
 */
export function fieldAria(
  id: string,
  hint?: ReactNode,
  error?: ReactNode,
): { 'aria-describedby'?: string; 'aria-invalid'?: true } {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    ...(described ? { 'aria-describedby': described } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
  };
}

/** The visual required mark after a label (`*`, hidden from screen readers: the control is `required`). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-bad">
      *
    </span>
  );
}

/**
 * A labelled form field (docs/decisions/design-system.md): the label above `children` (the
 * control, whose id is `id`; with the required mark when `required`), then the hint
 * (`<id>-hint`) and the error (`<id>-error`, role alert). The control carries {@link fieldAria};
 * TextInput, TextArea and Select do it themselves.
 */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  fieldClassName = '',
  errorTestId,
  children,
}: FieldChrome & { children: ReactNode }) {
  return (
    <div className={`space-y-1 ${fieldClassName}`.trim()}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} errorTestId={errorTestId} />
    </div>
  );
}

/**
 * The hint (`<id>-hint`) and error (`<id>-error`, role alert, test id `errorTestId`) lines under a
 * control, when given.
 */
export function FieldMessages({
  id,
  hint,
  error,
  errorTestId,
}: Pick<FieldChrome, 'id' | 'hint' | 'error' | 'errorTestId'>) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className={errorClass} data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </>
  );
}
