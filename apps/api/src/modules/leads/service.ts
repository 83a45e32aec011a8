/**
 * Contact forms and leads (docs/product/community-and-content.md#forms and Contact request; docs/product/community-and-content.md#forms GET form, POST form/{id},
 * POST leads; docs/product/back-office.md#contact-forms-and-leads "the lead reaches staff by mail and in the back office").
 *
 * - Forms: stored definitions (contracts/lead.ts `formDefinitionSchema`); GET form serves the active
 *   ones with labels in the request's locale; answers are checked with `answersSchema` of the stored
 *   definition. Staff create, update and delete them.
 * - Leads: a stored contact request (subject, email, name, phone, mobile, company, address,
 *   description + the other answers in `data`) with its attachments (stored files of purpose
 *   `lead`, through modules/files), then a mail to staff (MAIL_STAFF_TO, else every active staff
 *   user) and an acknowledgement to the sender in their language. A mail that cannot be sent is
 *   logged; the lead stays stored (staff see it in the back office).
 * - Anonymous posts are limited per client address: LEAD_LIMIT (5 per hour), key `lead:<address>`,
 *   counted atomically BEFORE the post is read (auth/rate-limit.ts `takeLimits`): parallel posts
 *   cannot pass the limit together; every post counts, refused (400) ones too.
 * - The acknowledgement to the sender's (unverified) address is a fixed template with the lead
 *   number only: none of the sender's text, so the form cannot relay mail (mails.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  answersSchema,
  DEFAULT_LOCALE,
  formDefinitionSchema,
  formOptionsSchema,
  LEAD_FIELDS,
  LEAD_STATES,
  LEAD_SUBJECTS,
  leadSubjectName,
  formLabelSchema,
  toPublicForm,
  type AnswerValue,
  type FormDefinition,
  type FormInput,
  type FormOptions,
  type Lead,
  type LeadField,
  type LeadList,
  type LeadState,
  type Locale,
  type LocalizedLabel,
  type PublicForm,
  type StaffForm,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { forms, leadFiles, leads, storedFiles, users } from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';
import { takeLimits, type Limit } from '../auth/index.ts';
import { checkUpload, storeFile, type UploadedPart } from '../files/index.ts';
import type { Mailer } from '../mail/index.ts';
import { acknowledgementMail, staffLeadMail, type LeadMailValues } from './mails.ts';

/** Anonymous leads per client address: 5 per hour. */
export const LEAD_LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };

/** Settings of the leads module (config: MAIL_STAFF_TO; SITE_URL for the back-office link). */
export interface LeadSettings {
  /** Comma-separated staff addresses; when empty the active staff users' emails are used. */
  staffTo?: string;
}

// ---------------------------------------------------------------------------------------------
// Errors

/** 400 `bad_request` naming each failing field (`prefix.path`) with its stable code. */
export function zodProblem(error: z.ZodError, prefix: string): ApiError {
  const errors = error.issues.slice(0, 50).flatMap((issue) => {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const code = /^[a-z][a-z0-9_]{1,40}$/.test(issue.message)
      ? issue.message
      : issue.code === 'unrecognized_keys'
        ? 'unknown_field'
        : issue.code === 'too_big'
          ? 'too_long'
          : 'invalid';
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((k) => ({ field: [base, k].filter(Boolean).join('.'), code: 'unknown_field' }));
    return [{ field: base || prefix, code }];
  });
  const detail = errors.map((e) => `${e.field}: ${e.code}`).join('; ');
  return new ApiError(400, 'bad_request', 'Bad request', detail.slice(0, 1000), errors);
}

/** 429 `too_many_requests` with `retryAfterSeconds` for the Retry-After header. */
export class TooManyLeadsError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'too_many_requests',
      'Too many requests',
      `Too many messages from this address. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    );
    this.name = 'TooManyLeadsError';
  }
}

/**
 * Counts one anonymous post from address `ip` (one atomic statement) and throws TooManyLeadsError
 * (429, Retry-After in seconds) when it is beyond LEAD_LIMIT; a refused post is not counted.
 */
export async function checkLeadLimit(db: Db, ip: string): Promise<void> {
  const outcome = await takeLimits(db, [{ key: `lead:${ip}`, limit: LEAD_LIMIT }]);
  if (!outcome.allowed) throw new TooManyLeadsError(outcome.retryAfterSeconds);
}

// ---------------------------------------------------------------------------------------------
// Forms

type FormRow = typeof forms.$inferSelect;

/** A stored form with its definition and options parsed; null when the stored JSON is not valid. */
interface ParsedForm {
  id: number;
  code: string;
  name: LocalizedLabel;
  sequence: number;
  active: boolean;
  definition: FormDefinition;
  options: FormOptions;
}

function parseForm(row: FormRow): ParsedForm | null {
  const name = formLabelSchema.safeParse(row.name);
  const definition = formDefinitionSchema.safeParse(row.definition);
  const options = formOptionsSchema.safeParse(row.options);
  if (!name.success || !definition.success || !options.success) return null;
  return {
    id: row.id,
    code: row.code,
    name: name.data,
    sequence: row.sequence,
    active: row.active,
    definition: definition.data,
    options: options.data,
  };
}

/** Active forms (valid definitions only) by sequence then id, labels in `locale` (GET form). */
export async function listPublicForms(db: Db, locale: Locale): Promise<PublicForm[]> {
  const rows = await db
    .select()
    .from(forms)
    .where(eq(forms.active, true))
    .orderBy(asc(forms.sequence), asc(forms.id));
  return rows.flatMap((row) => {
    const form = parseForm(row);
    return form ? [toPublicForm(form, locale)] : [];
  });
}

/** An active form by id, or 404 `not_found`. */
async function activeForm(db: Db, id: number): Promise<ParsedForm> {
  const [row] = await db.select().from(forms).where(eq(forms.id, id));
  const form = row ? parseForm(row) : null;
  if (!form || !form.active) throw notFound(`Form ${id} not found.`);
  return form;
}

async function leadCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ formId: leads.formId, n: count() })
    .from(leads)
    .where(inArray(leads.formId, ids))
    .groupBy(leads.formId);
  return new Map(rows.map((r) => [r.formId ?? 0, Number(r.n)]));
}

function toStaffForm(row: FormRow, leadsCount: number): StaffForm {
  const parsed = parseForm(row);
  return {
    id: row.id,
    code: row.code,
    name: parsed?.name ?? { fr: row.code },
    definition: parsed?.definition ?? { fields: [] },
    options: parsed?.options ?? { attachments: false },
    sequence: row.sequence,
    active: row.active,
    leads: leadsCount,
  };
}

/** Every form (active or not) for staff, by sequence, with its number of leads. */
export async function listStaffForms(db: Db): Promise<StaffForm[]> {
  const rows = await db.select().from(forms).orderBy(asc(forms.sequence), asc(forms.id));
  const counts = await leadCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toStaffForm(r, counts.get(r.id) ?? 0));
}

/** One form for staff, or 404. */
export async function getStaffForm(db: Db, id: number): Promise<StaffForm> {
  const [row] = await db.select().from(forms).where(eq(forms.id, id));
  if (!row) throw notFound(`Form ${id} not found.`);
  return toStaffForm(row, (await leadCounts(db, [id])).get(id) ?? 0);
}

async function codeTaken(db: Db, code: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db.select({ id: forms.id }).from(forms).where(eq(forms.code, code));
  return Boolean(row && row.id !== exceptId);
}

/** Creates a form; 400 `code_taken` on `code` when another form has the code. */
export async function createForm(db: Db, input: FormInput): Promise<StaffForm> {
  if (await codeTaken(db, input.code, null)) throw fieldError('code', 'code_taken');
  const [row] = await db
    .insert(forms)
    .values({
      code: input.code,
      name: input.name,
      definition: input.definition,
      options: input.options,
      sequence: input.sequence,
      active: input.active,
    })
    .returning();
  if (!row) throw new Error('forms insert returned no row');
  return toStaffForm(row, 0);
}

/** Replaces a form; 404 when unknown; 400 `code_taken`. Leads already sent keep their answers. */
export async function updateForm(db: Db, id: number, input: FormInput): Promise<StaffForm> {
  await getStaffForm(db, id);
  if (await codeTaken(db, input.code, id)) throw fieldError('code', 'code_taken');
  await db
    .update(forms)
    .set({
      code: input.code,
      name: input.name,
      definition: input.definition,
      options: input.options,
      sequence: input.sequence,
      active: input.active,
    })
    .where(eq(forms.id, id));
  return getStaffForm(db, id);
}

/** Deletes a form (its leads stay, without form); 404 when unknown. */
export async function deleteForm(db: Db, id: number): Promise<void> {
  const gone = await db.delete(forms).where(eq(forms.id, id)).returning({ id: forms.id });
  if (!gone.length) throw notFound(`Form ${id} not found.`);
}

// ---------------------------------------------------------------------------------------------
// Submitting a lead

/** Labels of the contact-request fields (docs/product/community-and-content.md) in the staff and acknowledgement mails. */
const FIELD_LABELS: Record<LeadField, Record<Locale, string>> = {
  subject: { fr: 'Sujet', nl: 'Onderwerp', en: 'Subject' },
  email: { fr: 'E-mail', nl: 'E-mail', en: 'Email' },
  name: { fr: 'Nom', nl: 'Naam', en: 'Name' },
  phone: { fr: 'Téléphone', nl: 'Telefoon', en: 'Phone' },
  mobile: { fr: 'GSM', nl: 'Gsm', en: 'Mobile' },
  company: { fr: 'Société', nl: 'Bedrijf', en: 'Company' },
  address: { fr: 'Adresse', nl: 'Adres', en: 'Address' },
  description: { fr: 'Message', nl: 'Bericht', en: 'Message' },
};

/** A validated submission: the answers, keyed by field name. */
export interface Submission {
  /** The form answered, or null for a plain contact request (POST leads without form_id). */
  formId: number | null;
  answers: Record<string, AnswerValue>;
  locale: Locale;
  userId: number | null;
  files: UploadedPart[];
}

/**
 * Validates the `data` of POST leads or the body of POST form/{id} for form `formId` against its
 * stored definition; returns the answers. 404 when the form is unknown or inactive; 400 with
 * `errors[{field: 'answers.<name>', code}]`; 400 `attachments_not_allowed` when files are sent to a
 * form without attachments.
 */
export async function validateFormAnswers(
  db: Db,
  formId: number,
  answers: Record<string, unknown>,
  fileCount: number,
): Promise<Record<string, AnswerValue>> {
  const form = await activeForm(db, formId);
  if (fileCount > 0 && !form.options.attachments)
    throw fieldError('files', 'attachments_not_allowed', 'This form takes no attachments.');
  const parsed = answersSchema(toPublicForm(form, DEFAULT_LOCALE)).safeParse(answers);
  if (!parsed.success) throw zodProblem(parsed.error, 'answers');
  const out: Record<string, AnswerValue> = {};
  for (const [k, v] of Object.entries(parsed.data)) if (v !== undefined && v !== '') out[k] = v;
  return out;
}

/** Checks every attachment (real type by content, size) before anything is stored. */
export async function checkAttachments(files: UploadedPart[]): Promise<void> {
  for (const file of files)
    await checkUpload('lead', { filename: file.filename, bytes: file.bytes }, 'files');
}

function answerText(value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return String(value);
}

/**
 * Stores a validated submission (the lead, its files) and sends the staff mail and the
 * acknowledgement. Returns the lead id and its number of files.
 */
export async function storeLead(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  settings: LeadSettings & { siteUrl?: string },
  sub: Submission,
): Promise<{ id: number; files: number }> {
  const form = sub.formId ? await activeForm(db, sub.formId) : null;
  const column = (k: LeadField) => answerText(sub.answers[k]).slice(0, 10_000);
  const subject = column('subject') || form?.options.subject || '';
  const data: Record<string, AnswerValue> = {};
  for (const [k, v] of Object.entries(sub.answers))
    if (!(LEAD_FIELDS as readonly string[]).includes(k)) data[k] = v;
  const [lead] = await db
    .insert(leads)
    .values({
      formId: sub.formId,
      userId: sub.userId,
      locale: sub.locale,
      subject,
      email: column('email'),
      name: column('name'),
      phone: column('phone'),
      mobile: column('mobile'),
      company: column('company'),
      address: column('address'),
      description: column('description'),
      data,
    })
    .returning({ id: leads.id });
  if (!lead) throw new Error('leads insert returned no row');
  const names: string[] = [];
  for (const file of sub.files) {
    const stored = await storeFile(db, {
      purpose: 'lead',
      filename: file.filename,
      bytes: file.bytes,
      ownerUserId: sub.userId,
      field: 'files',
    });
    await db.insert(leadFiles).values({ leadId: lead.id, fileId: stored.id });
    names.push(`${stored.filename} (${Math.ceil(stored.size / 1024)} KB)`);
  }

  const valuesIn = (locale: Locale): LeadMailValues => {
    const fields = form
      ? form.definition.fields
          .filter((f) => sub.answers[f.name] !== undefined && sub.answers[f.name] !== '')
          .map((f) => {
            const value = sub.answers[f.name];
            const option = f.options?.find((o) => o.value === value);
            const shown =
              f.name === 'subject' && typeof value === 'string'
                ? leadSubjectName(value, locale)
                : option
                  ? (option.label[locale] ?? option.label.fr)
                  : answerText(value);
            return { label: f.label[locale] ?? f.label.fr, value: shown };
          })
      : LEAD_FIELDS.filter((k) => column(k)).map((k) => ({
          label: FIELD_LABELS[k][locale],
          value: k === 'subject' ? leadSubjectName(column(k), locale) : column(k),
        }));
    return {
      id: lead.id,
      subject,
      formName: form ? (form.name[locale] ?? form.name.fr) : null,
      email: column('email'),
      name: column('name'),
      fields,
      files: names,
      link: settings.siteUrl ? `${settings.siteUrl.replace(/\/$/, '')}/${locale}/staff/leads/${lead.id}` : '',
    };
  };

  try {
    for (const { to, locale } of await staffRecipients(db, settings)) {
      const mail = staffLeadMail(valuesIn(locale), locale);
      await mailer.send({ to, ...mail });
    }
    if (column('email')) {
      const mail = acknowledgementMail(lead.id, sub.locale);
      await mailer.send({ to: column('email'), ...mail });
    }
  } catch (err) {
    log.error({ err, leadId: lead.id }, 'lead mail not sent');
  }
  return { id: lead.id, files: names.length };
}

/**
 * Who receives the staff notification: MAIL_STAFF_TO (one mail, in the default locale fr), else
 * the active staff users grouped by their locale (one mail per locale).
 */
export async function staffRecipients(
  db: Db,
  settings: LeadSettings,
): Promise<{ to: string; locale: Locale }[]> {
  const configured = (settings.staffTo ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (configured.length) return [{ to: configured.join(', '), locale: DEFAULT_LOCALE }];
  const rows = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.active, true)))
    .orderBy(asc(users.id));
  const byLocale = new Map<Locale, string[]>();
  for (const r of rows) {
    if (!r.email) continue;
    const locale = (['fr', 'nl', 'en'] as const).find((l) => l === r.locale) ?? DEFAULT_LOCALE;
    byLocale.set(locale, [...(byLocale.get(locale) ?? []), r.email]);
  }
  return [...byLocale].map(([locale, emails]) => ({ to: emails.join(', '), locale }));
}

// ---------------------------------------------------------------------------------------------
// Staff: leads

type LeadRow = typeof leads.$inferSelect;

function isLeadState(s: string): s is LeadState {
  return (LEAD_STATES as readonly string[]).includes(s);
}

async function filesOf(db: Db, ids: number[]): Promise<Map<number, Lead['files']>> {
  const out = new Map<number, Lead['files']>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      leadId: leadFiles.leadId,
      id: storedFiles.id,
      filename: storedFiles.filename,
      content_type: storedFiles.contentType,
      size: storedFiles.size,
    })
    .from(leadFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, leadFiles.fileId))
    .where(inArray(leadFiles.leadId, ids))
    .orderBy(asc(storedFiles.id));
  for (const { leadId, ...file } of rows) out.set(leadId, [...(out.get(leadId) ?? []), file]);
  return out;
}

function toLead(row: LeadRow & { formCode: string | null }, files: Lead['files']): Lead {
  const data: Lead['data'] = {};
  for (const [k, v] of Object.entries(row.data ?? {}))
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') data[k] = v;
  return {
    id: row.id,
    form_id: row.formId,
    form_code: row.formCode,
    user_id: row.userId,
    locale: (['fr', 'nl', 'en'] as const).find((l) => l === row.locale) ?? DEFAULT_LOCALE,
    subject: row.subject,
    email: row.email,
    name: row.name,
    phone: row.phone,
    mobile: row.mobile,
    company: row.company,
    address: row.address,
    description: row.description,
    data,
    state: isLeadState(row.state) ? row.state : 'new',
    handled_by: row.handledBy,
    handled_at: row.handledAt ? row.handledAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    files,
  };
}

const leadColumns = {
  id: leads.id,
  formId: leads.formId,
  userId: leads.userId,
  locale: leads.locale,
  subject: leads.subject,
  email: leads.email,
  name: leads.name,
  phone: leads.phone,
  mobile: leads.mobile,
  company: leads.company,
  address: leads.address,
  description: leads.description,
  data: leads.data,
  state: leads.state,
  handledBy: leads.handledBy,
  handledAt: leads.handledAt,
  createdAt: leads.createdAt,
  formCode: forms.code,
};

/** Leads newest first; `state` new, handled or all; `page` from 1. */
export async function listLeads(
  db: Db,
  state: LeadState | 'all',
  page: number,
  perPage: number,
): Promise<LeadList> {
  const where = state === 'all' ? undefined : eq(leads.state, state);
  const [total] = await db.select({ n: count() }).from(leads).where(where);
  const rows = await db
    .select(leadColumns)
    .from(leads)
    .leftJoin(forms, eq(forms.id, leads.formId))
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const files = await filesOf(
    db,
    rows.map((r) => r.id),
  );
  return { count: Number(total?.n ?? 0), items: rows.map((r) => toLead(r, files.get(r.id) ?? [])) };
}

/** One lead with its files, or 404. */
export async function getLead(db: Db, id: number): Promise<Lead> {
  const [row] = await db
    .select(leadColumns)
    .from(leads)
    .leftJoin(forms, eq(forms.id, leads.formId))
    .where(eq(leads.id, id));
  if (!row) throw notFound(`Lead ${id} not found.`);
  return toLead(row, (await filesOf(db, [id])).get(id) ?? []);
}

/** Marks a lead handled by `staffId` (or back to new with `handled` false); idempotent; 404 when unknown. */
export async function setLeadHandled(db: Db, id: number, staffId: number, handled: boolean): Promise<Lead> {
  const updated = await db
    .update(leads)
    .set(
      handled
        ? { state: 'handled', handledBy: staffId, handledAt: sql`coalesce(${leads.handledAt}, now())` }
        : { state: 'new', handledBy: null, handledAt: null },
    )
    .where(eq(leads.id, id))
    .returning({ id: leads.id });
  if (!updated.length) throw notFound(`Lead ${id} not found.`);
  return getLead(db, id);
}

/** True when stored file `fileId` is attached to lead `leadId`. */
export async function isLeadFile(db: Db, leadId: number, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: leadFiles.fileId })
    .from(leadFiles)
    .where(and(eq(leadFiles.leadId, leadId), eq(leadFiles.fileId, fileId)));
  return Boolean(row);
}

/** Codes of the requirements' lead subjects (for the general contact form's subject select). */
export const LEAD_SUBJECT_CODES = LEAD_SUBJECTS.map((s) => s.code);
