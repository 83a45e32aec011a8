/**
 * The form kit of the web shop (docs/decisions/design-system.md): new forms use it — `Field` (a
 * label, the control, a hint and an error wired with aria-describedby / aria-invalid; `fieldAria`
 * for a custom control), `TextInput`, `TextArea`, `Select`, `Checkbox` and `SubmitButton`, all in
 * the one form style of `components/ui/styles.ts` (`inputClass`, `labelClass`, `hintClass`,
 * `errorClass`, `buttonClass`). The staff content forms (components/cms/staff) use it; the other
 * forms of the site move to it as they are touched.
 */
export { Field, FieldMessages, fieldAria, type FieldChrome } from './Field';
export { Checkbox, Select, SubmitButton, TextArea, TextInput, type SelectOption } from './controls';
