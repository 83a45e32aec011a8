/**
 * The form kit of the web shop (docs/decisions/design-system.md): new forms use it — `Field` (a
 * label, the control, a hint and an error wired with aria-describedby / aria-invalid; `fieldAria`
 * for a custom control), `TextInput`, `TextArea`, `Select`, `Checkbox` and `SubmitButton`, all in
 * the one form style of `components/ui/styles.ts` (`inputClass`, `labelClass`, `hintClass`,
 * `errorClass`, `checkboxClass`, `buttonClass`); the controls take `ref`, so react-hook-form's
 * `{...register('name')}` spreads onto them, and `useFieldError` turns an error code into the
 * field's `error` text. `FormMessage` is a form-level alert or status, `RequiredNote` explains the
 * `*` mark of `required` fields. The staff content forms (components/cms/staff) and the customer
 * forms (account, contact, small ads, coupons, back-order cancelling) use it; the other forms of
 * the site move to it as they are touched.
 */
export { Field, FieldMessages, RequiredMark, fieldAria, type FieldChrome } from './Field';
export { Checkbox, Select, SubmitButton, TextArea, TextInput, type SelectOption } from './controls';
export { FormMessage, RequiredNote, useFieldError, useValidationMessage } from './FormMessage';
