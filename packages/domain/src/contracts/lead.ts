/**
 * zod contracts of contact forms and leads (docs/product/community-and-content.md#forms and Contact request, docs/product/community-and-content.md#lead-calls "Registrations
 * and leads" POST leads, "Forms" GET form and POST form/{id}). Shared by apps/api (validation of the
 * stored definitions and of the answers, OpenAPI) and apps/web (the contact page renders a form from
 * its definition and validates it with `answersSchema`, the same schema the api applies).
 *
 * A form definition is `{fields: FormField[]}`; each field has a `name` (the answer key), a `type`,
 * a label per locale, `required`, and per type a `max_length` (texts), `min`/`max` (numbers) or
 * `options` (select). Field names that are contact-request fields (subject, email, name, phone,
 * mobile, company, address, description) fill the lead's columns; the others stay in the lead's
 * `data`. Every definition has a field `email` of type email (the acknowledgement goes there).
 * Field error codes: 'required', 'too_long', 'invalid_email', 'invalid_number', 'too_small',
 * 'too_big', 'invalid_option', 'invalid_date', 'invalid_type', 'unknown_field'.
 */
import { z } from 'zod';
import { LEAD_SUBJECTS } from '../reference.ts';
import { localeSchema } from './catalog.ts';
import { LOCALES, type Locale } from '../constants/catalog.ts';
import { emailSchema, text } from './account.ts';

/** Field types a form definition may use. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'tel',
  'number',
  'select',
  'checkbox',
  'date',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Contact-request fields (docs/product/community-and-content.md#contact-request) stored in the lead's own columns. */
export const LEAD_FIELDS = [
  'subject',
  'email',
  'name',
  'phone',
  'mobile',
  'company',
  'address',
  'description',
] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** Lead states: `new` until staff mark it `handled`. */
export const LEAD_STATES = ['new', 'handled'] as const;
export type LeadState = (typeof LEAD_STATES)[number];

/** Attachments of a lead: at most 5 files of at most 10 MB each (the files module's `lead` rule). */
export const LEAD_MAX_FILES = 5;
export const LEAD_MAX_FILE_MB = 10;
/**
 * Attachment types accepted, as an `accept` attribute: PDF, office documents (docx, xlsx, odt, ods)
 * and images. The api checks the real type on the content, not the name.
 */
export const LEAD_FILE_ACCEPT = '.pdf,.docx,.xlsx,.odt,.ods,.png,.jpg,.jpeg,.webp,.gif,.avif';

/** Default maximum length (characters) of a text answer per field type. */
export const DEFAULT_MAX_LENGTH: Record<'text' | 'textarea' | 'email' | 'tel', number> = {
  text: 200,
  textarea: 5000,
  email: 254,
  tel: 40,
};

/** Text per locale; `fr` (the default locale) is required. */
export const formLabelSchema = z.strictObject({
  fr: z.string().trim().min(1).max(300),
  nl: z.string().trim().max(300).optional(),
  en: z.string().trim().max(300).optional(),
});
export type LocalizedLabel = z.infer<typeof formLabelSchema>;

/** The label in `locale`, else fr. */
export function labelIn(label: LocalizedLabel, locale: Locale): string {
  return label[locale] || label.fr;
}

/** One field of a stored form definition. */
export const formFieldSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'invalid_name' }),
  type: z.enum(FORM_FIELD_TYPES),
  label: formLabelSchema,
  required: z.boolean().default(false),
  /** Texts: maximum characters (default DEFAULT_MAX_LENGTH of the type). */
  max_length: z.number().int().min(1).max(10_000).optional(),
  /** Numbers: bounds. */
  min: z.number().optional(),
  max: z.number().optional(),
  /** Select: the choices. */
  options: z
    .array(z.strictObject({ value: z.string().trim().min(1).max(60), label: formLabelSchema }))
    .max(50)
    .optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** A stored form definition: its fields (unique names, an `email` field of type email, selects with options). */
export const formDefinitionSchema = z
  .strictObject({ fields: z.array(formFieldSchema).min(1).max(40) })
  .superRefine((def, ctx) => {
    const seen = new Set<string>();
    def.fields.forEach((f, i) => {
      if (seen.has(f.name))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: 'duplicate_field' });
      seen.add(f.name);
      if (f.type === 'select' && !f.options?.length)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: 'options_required' });
    });
    const email = def.fields.find((f) => f.name === 'email');
    if (!email || email.type !== 'email' || !email.required)
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'email_field_required' });
  });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** Options of a form: a fixed lead `subject` (when the form has no subject field) and whether files may be attached. */
export const formOptionsSchema = z.strictObject({
  subject: z.enum(LEAD_SUBJECTS.map((s) => s.code) as [string, ...string[]]).optional(),
  attachments: z.boolean().default(false),
});
export type FormOptions = z.infer<typeof formOptionsSchema>;

/** Staff create/update body of a form (POST /staff/forms, POST /staff/forms/{id}/update). */
export const formInputSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, { error: 'invalid_code' }),
  name: formLabelSchema,
  definition: formDefinitionSchema,
  options: formOptionsSchema.default({ attachments: false }),
  sequence: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});
export type FormInput = z.infer<typeof formInputSchema>;

/** A form as staff see it (every locale). */
export const staffFormSchema = formInputSchema.extend({ id: z.number().int(), leads: z.number().int() });
export type StaffForm = z.infer<typeof staffFormSchema>;

/** A field as GET form serves it: labels in the request's locale. */
export const publicFormFieldSchema = z.object({
  name: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  required: z.boolean(),
  max_length: z.number().int().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type PublicFormField = z.infer<typeof publicFormFieldSchema>;

/** A form as GET form serves it (active forms, by sequence). */
export const publicFormSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sequence: z.number().int(),
  subject: z.string().nullable(),
  attachments: z.boolean(),
  fields: z.array(publicFormFieldSchema),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

/** The public view of a stored form in `locale`. */
export function toPublicForm(
  form: {
    id: number;
    code: string;
    name: LocalizedLabel;
    sequence: number;
    definition: FormDefinition;
    options: FormOptions;
  },
  locale: Locale,
): PublicForm {
  return {
    id: form.id,
    code: form.code,
    name: labelIn(form.name, locale),
    sequence: form.sequence,
    subject: form.options.subject ?? null,
    attachments: form.options.attachments,
    fields: form.definition.fields.map((f) => ({
      name: f.name,
      type: f.type,
      label: labelIn(f.label, locale),
      required: f.required,
      max_length: isTextType(f.type) ? (f.max_length ?? DEFAULT_MAX_LENGTH[f.type]) : null,
      min: f.min ?? null,
      max: f.max ?? null,
      options: (f.options ?? []).map((o) => ({ value: o.value, label: labelIn(o.label, locale) })),
    })),
  };
}

function isTextType(type: FormFieldType): type is 'text' | 'textarea' | 'email' | 'tel' {
  return type === 'text' || type === 'textarea' || type === 'email' || type === 'tel';
}

/** One answer value: text, number or boolean. */
export type AnswerValue = string | number | boolean;
export type Answers = Record<string, AnswerValue>;

function answerSchema(f: PublicFormField): z.ZodType<AnswerValue | undefined> {
  switch (f.type) {
    case 'checkbox': {
      const b = z.boolean({ error: 'invalid_type' });
      return f.required ? b.refine((v) => v, { error: 'required' }) : b.optional();
    }
    case 'number': {
      let n = z.coerce.number({ error: 'invalid_number' }).finite({ error: 'invalid_number' });
      if (f.min !== null) n = n.min(f.min, { error: 'too_small' });
      if (f.max !== null) n = n.max(f.max, { error: 'too_big' });
      const raw = z.union([z.number(), z.string().trim()], { error: 'invalid_number' });
      return raw.transform((v, ctx) => {
        if (v === '') {
          if (f.required) ctx.addIssue({ code: 'custom', message: 'required' });
          return undefined;
        }
        const parsed = n.safeParse(v);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'invalid_number' });
          return z.NEVER;
        }
        return parsed.data;
      }) as z.ZodType<AnswerValue | undefined>;
    }
    case 'select': {
      const values = f.options.map((o) => o.value);
      const s = z.string({ error: 'invalid_option' }).refine((v) => v === '' || values.includes(v), {
        error: 'invalid_option',
      });
      return f.required ? s.refine((v) => v !== '', { error: 'required' }) : s.optional();
    }
    case 'date': {
      const d = z
        .string({ error: 'invalid_date' })
        .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), {
          error: 'invalid_date',
        });
      return f.required ? d.refine((v) => v !== '', { error: 'required' }) : d.optional();
    }
    case 'email': {
      const e = text(f.max_length ?? DEFAULT_MAX_LENGTH.email, f.required)
        .refine((v) => v === '' || emailSchema.safeParse(v).success, { error: 'invalid_email' })
        .transform((v) => v.toLowerCase());
      return f.required ? e : e.optional();
    }
    default: {
      const t = text(f.max_length ?? DEFAULT_MAX_LENGTH[f.type], f.required);
      return f.required ? t : t.optional();
    }
  }
}

/**
 * The answers schema of a form (api: POST form/{id} and POST leads with `form_id`; web: the
 * contact form's zodResolver): one key per field, unknown keys refused ('unknown_field').
 */
export function answersSchema(form: Pick<PublicForm, 'fields'>) {
  const shape: Record<string, z.ZodType<AnswerValue | undefined>> = {};
  // A missing (or null) answer is an empty one: 'required' when the field is, else accepted.
  for (const f of form.fields)
    shape[f.name] = z.preprocess(
      (v) => (v === undefined || v === null ? (f.type === 'checkbox' ? false : '') : v),
      answerSchema(f),
    ) as z.ZodType<AnswerValue | undefined>;
  return z.strictObject(shape, { error: 'unknown_field' });
}

/**
 * The `data` part of POST leads without `form_id` (docs/product/community-and-content.md#contact-request): subject among the
 * requirements' lead subjects, email required, description required (at most 5000 characters).
 */
export const leadInputSchema = z.strictObject({
  subject: z.enum(LEAD_SUBJECTS.map((s) => s.code) as [string, ...string[]], { error: 'invalid_option' }),
  email: emailSchema,
  name: text(200, true),
  phone: text(40).optional(),
  mobile: text(40).optional(),
  company: text(200).optional(),
  address: text(500).optional(),
  description: text(5000, true),
  /** Language of the acknowledgement (default: the request's `lang`). */
  lang: localeSchema.optional(),
});
export type LeadInput = z.infer<typeof leadInputSchema>;

/**
 * The `data` part of POST leads: either a contact request (leadInputSchema), or `{form_id, lang?,
 * answers}` answering a stored form (checked against its definition).
 */
export const leadFormDataSchema = z.strictObject({
  form_id: z.number().int().min(1).max(2_147_483_647),
  lang: localeSchema.optional(),
  answers: z.record(z.string().max(40), z.union([z.string().max(10_000), z.number(), z.boolean()])),
});
export type LeadFormData = z.infer<typeof leadFormDataSchema>;

/** Answer of POST leads / POST form/{id}: the stored lead's id. */
export const leadCreatedSchema = z.object({ id: z.number().int(), files: z.number().int() });

/** A file attached to a lead (staff view). */
export const leadFileSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});

/** A lead as staff see it (GET /staff/leads, GET /staff/leads/{id}). */
export const leadSchema = z.object({
  id: z.number().int(),
  form_id: z.number().int().nullable(),
  form_code: z.string().nullable(),
  user_id: z.number().int().nullable(),
  locale: localeSchema,
  subject: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  mobile: z.string(),
  company: z.string(),
  address: z.string(),
  description: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  state: z.enum(LEAD_STATES),
  handled_by: z.number().int().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
  files: z.array(leadFileSchema),
});
export type Lead = z.infer<typeof leadSchema>;

/** GET /staff/leads answer. */
export const leadListSchema = z.object({ count: z.number().int(), items: z.array(leadSchema) });
export type LeadList = z.infer<typeof leadListSchema>;

/** Name of a lead subject code in `locale` (the code itself when unknown). */
export function leadSubjectName(code: string, locale: Locale): string {
  return LEAD_SUBJECTS.find((s) => s.code === code)?.names[locale] ?? code;
}

/** The locales a form label may be given in (for staff editors). */
export const FORM_LOCALES: readonly Locale[] = LOCALES;
