/**
 * HTTP routes of contact forms and leads (docs/product/community-and-content.md#forms "Forms" GET form, POST form/{id}; "Registrations
 * and leads" POST leads; docs/product/back-office.md#contact-forms-and-leads staff back office /staff/leads and /staff/forms). Guests and
 * signed-in users may send; anonymous posts are rate-limited per client address (429
 * `too_many_requests` with Retry-After). Staff routes: 401 guest, 403 customer.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_LOCALE,
  formInputSchema,
  LEAD_MAX_FILES,
  LEAD_STATES,
  leadCreatedSchema,
  leadFormDataSchema,
  leadInputSchema,
  leadListSchema,
  leadSchema,
  localeSchema,
  problemSchema,
  publicFormSchema,
  staffFormSchema,
  type Locale,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest, fieldError } from '../../errors.ts';
import { idParams, idSchema, pageQueryFields, problemReplies, requireStaff } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { readMultipart, registerUploads, serveStoredFile, type UploadedPart } from '../files/index.ts';
import {
  checkAttachments,
  checkLeadLimit,
  createForm,
  deleteForm,
  getLead,
  getStaffForm,
  isLeadFile,
  listLeads,
  listPublicForms,
  listStaffForms,
  setLeadHandled,
  storeLead,
  TooManyLeadsError,
  updateForm,
  validateFormAnswers,
  zodProblem,
  type LeadSettings,
} from './service.ts';

const langQuery = z.object({ lang: localeSchema.optional() });
const errors = problemReplies(400, 401, 403, 404, 413, 429);

/** Registers the public form/lead routes (and the staff routes when `staff` is true). */
export const leadRoutes: FastifyPluginAsync<{ db: Db; settings: LeadSettings; staff: boolean }> = async (
  instance,
  { db, settings, staff },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  await registerUploads(instance, { maxFiles: LEAD_MAX_FILES, maxFields: 5 });
  const tags = ['leads'];

  const siteUrl = () => instance.authOptions?.siteUrl;
  /** Language of the acknowledgement: `lang` (data or query), else the user's, else Accept-Language, else fr. */
  const localeOf = (request: FastifyRequest, lang: Locale | undefined): Locale =>
    lang ??
    localeSchema.safeParse(request.auth?.user.locale).data ??
    localeSchema.safeParse((request.headers['accept-language'] ?? '').slice(0, 2).toLowerCase()).data ??
    DEFAULT_LOCALE;

  app.get(
    '/form',
    {
      schema: {
        tags,
        summary: 'Contact forms (JSON form definitions)',
        description:
          'docs/product/community-and-content.md#forms GET form / docs/product/community-and-content.md#forms: the active forms by sequence, each `{id, code, name, sequence, subject (fixed lead subject or null), attachments (files allowed), fields[{name, type (text|textarea|email|tel|number|select|checkbox|date), label, required, max_length (texts, characters), min, max (numbers), options[{value, label}] (select)}]}` with every label in `lang` (fr, nl or en; default fr).',
        querystring: langQuery,
        response: { 200: z.array(publicFormSchema), 400: problemSchema },
      },
    },
    async (request) => listPublicForms(db, request.query.lang ?? DEFAULT_LOCALE),
  );

  /** Rate limit of anonymous posts, counted before the body is read (signed-in users are not limited). */
  const limitGuest = async (guest: boolean, ip: string) => {
    if (guest) await checkLeadLimit(db, ip);
  };

  app.post(
    '/form/:id',
    {
      schema: {
        tags,
        summary: 'Answer a contact form',
        description:
          'docs/product/community-and-content.md#forms POST form/{id}: JSON body = the answers `{<field name>: string | number | boolean}`, checked against the stored definition (required fields, types, max_length in characters, number bounds, select options, email format; unknown field names refused) → 400 with `errors[{field: "answers.<name>", code}]` (required, too_long, invalid_email, invalid_number, too_small, too_big, invalid_option, invalid_date, invalid_type, unknown_field). Stores a lead, mails staff and acknowledges to the sender in `lang`. 201 `{id, files: 0}`. 404 unknown or inactive form. Guests: at most 5 posts per hour per address → 429 `too_many_requests` with Retry-After (seconds).',
        params: idParams,
        querystring: langQuery,
        body: z.record(z.string().max(40), z.unknown()),
        response: { 201: leadCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const guest = !request.auth;
      await limitGuest(guest, request.ip).catch((err: unknown) => retryAfter(reply, err));
      const answers = await validateFormAnswers(db, request.params.id, request.body, 0);
      const created = await storeLead(
        db,
        instance.mailer,
        request.log,
        { ...settings, siteUrl: siteUrl() },
        {
          formId: request.params.id,
          answers,
          locale: localeOf(request, request.query.lang),
          userId: request.auth?.user.id ?? null,
          files: [],
        },
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/leads',
    {
      schema: {
        tags,
        summary: 'Send a contact request (multipart: data + files)',
        description: `docs/product/community-and-content.md#lead-calls POST leads, multipart/form-data: a text part \`data\` holding JSON, and up to ${LEAD_MAX_FILES} file parts \`files\` (PDF, office documents or images, checked on the content, at most 10 MB each: 400 \`file_type_refused\`, 413 \`file_too_large\`, 400 \`too_many_files\`). \`data\` is either a contact request (docs/product/community-and-content.md#small-ad-rules) \`{subject (one of the lead subjects of GET settings), email, name, phone?, mobile?, company?, address?, description, lang?}\` or the answers to a stored form \`{form_id, lang?, answers}\` (checked as in POST form/{id}; files only when the form allows attachments, else 400 \`attachments_not_allowed\`). Missing \`data\` → 400 \`data_missing\`; not JSON → 400 \`invalid_json\`; field errors → 400 with \`errors[{field, code}]\`. Stores the lead with its files, mails staff (MAIL_STAFF_TO, else the staff users) and acknowledges to the sender in their language. 201 \`{id, files}\`. Guests: at most 5 per hour per address → 429 \`too_many_requests\` with Retry-After.`,
        consumes: ['multipart/form-data'],
        querystring: langQuery,
        response: { 201: leadCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const guest = !request.auth;
      await limitGuest(guest, request.ip).catch((err: unknown) => retryAfter(reply, err));
      const { fields, files } = await readMultipart(request, { purpose: 'lead', maxFiles: LEAD_MAX_FILES });
      const raw = fields.data;
      if (raw === undefined)
        throw fieldError('data', 'data_missing', 'The multipart part `data` is missing.');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw fieldError('data', 'invalid_json', 'The part `data` is not JSON.');
      }
      const attachments: UploadedPart[] = files.filter((f) => f.field === 'files' || f.field === 'file');
      if (attachments.length !== files.length)
        throw badRequest('File parts must be named `files`.', 'unknown_field');
      let formId: number | null = null;
      let answers: Record<string, string | number | boolean>;
      let lang: Locale | undefined;
      if (json && typeof json === 'object' && 'form_id' in json) {
        const parsed = leadFormDataSchema.safeParse(json);
        if (!parsed.success) throw zodProblem(parsed.error, 'data');
        formId = parsed.data.form_id;
        lang = parsed.data.lang;
        answers = await validateFormAnswers(db, formId, parsed.data.answers, attachments.length);
      } else {
        const parsed = leadInputSchema.safeParse(json);
        if (!parsed.success) throw zodProblem(parsed.error, 'data');
        const { lang: l, ...rest } = parsed.data;
        lang = l;
        answers = {};
        for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== '') answers[k] = v;
      }
      await checkAttachments(attachments);
      const created = await storeLead(
        db,
        instance.mailer,
        request.log,
        { ...settings, siteUrl: siteUrl() },
        {
          formId,
          answers,
          locale: localeOf(request, lang ?? request.query.lang),
          userId: request.auth?.user.id ?? null,
          files: attachments,
        },
      );
      return reply.status(201).send(created);
    },
  );

  if (!staff) return;
  const staffTags = ['staff', 'leads'];

  app.get(
    '/staff/leads',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Contact requests (staff)',
        description:
          "`state` new, handled or all (default all), newest first, `page` from 1, `per_page` (default 20, max 100): `{count, items}` with each lead's files (id, filename, content_type, size in bytes). 401 guest, 403 non-staff.",
        querystring: z
          .object({
            state: z.enum([...LEAD_STATES, 'all']).default('all'),
            ...pageQueryFields,
            lang: localeSchema.optional(),
          })
          .strict(),
        response: { 200: leadListSchema, ...errors },
      },
    },
    async (request) => listLeads(db, request.query.state, request.query.page, request.query.per_page),
  );

  app.get(
    '/staff/leads/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'One contact request with its files (staff)',
        description:
          'The lead (contact fields, other answers in `data`, state, handled by/at) and its files. 404 unknown.',
        params: idParams,
        querystring: langQuery,
        response: { 200: leadSchema, ...errors },
      },
    },
    async (request) => getLead(db, request.params.id),
  );

  app.get(
    '/staff/leads/:id/files/:fileId',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Download a file of a contact request (staff)',
        description:
          "The bytes with the stored (detected) content type, as an attachment, sandboxed (CSP sandbox, nosniff). 404 when the file is not one of this lead's.",
        params: z.object({ id: idSchema, fileId: idSchema }),
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) =>
      serveStoredFile(
        db,
        reply,
        request.params.fileId,
        () => isLeadFile(db, request.params.id, request.params.fileId),
        {
          disposition: 'attachment',
        },
      ),
  );

  app.post(
    '/staff/leads/:id/handle',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Mark a contact request handled (or new again) (staff)',
        description:
          'Body `{handled: boolean}` (default true): handled records the staff user and the time (kept when already handled); false puts it back to new. Answers the lead. 404 unknown.',
        params: idParams,
        body: z.strictObject({ handled: z.boolean().default(true) }).nullish(),
        response: { 200: leadSchema, ...errors },
      },
    },
    async (request) =>
      setLeadHandled(db, request.params.id, requireStaff(request).user.id, request.body?.handled ?? true),
  );

  app.get(
    '/staff/forms',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Contact forms, active or not (staff)',
        description: 'Every form by sequence with its labels in every locale and its number of leads.',
        response: { 200: z.array(staffFormSchema), ...errors },
      },
    },
    async () => listStaffForms(db),
  );

  app.get(
    '/staff/forms/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'One contact form (staff)',
        description: 'The form with its definition and options. 404 unknown.',
        params: idParams,
        response: { 200: staffFormSchema, ...errors },
      },
    },
    async (request) => getStaffForm(db, request.params.id),
  );

  const formDescription =
    'Body `{code (a-z, 0-9, _ and -), name {fr, nl?, en?}, definition {fields[{name, type, label {fr, nl?, en?}, required, max_length?, min?, max?, options?}]}, options {subject?, attachments}, sequence, active}`. The definition needs unique field names, options for selects and a required `email` field of type email (400 `email_field_required`). 400 `code_taken` on `code` when another form has it.';

  app.post(
    '/staff/forms',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Create a contact form (staff)',
        description: `${formDescription} 201 with the form.`,
        body: formInputSchema,
        response: { 201: staffFormSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createForm(db, request.body)),
  );

  app.post(
    '/staff/forms/:id/update',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Replace a contact form (staff)',
        description: `${formDescription} Leads already sent keep their answers. 404 unknown.`,
        params: idParams,
        body: formInputSchema,
        response: { 200: staffFormSchema, ...errors },
      },
    },
    async (request) => updateForm(db, request.params.id, request.body),
  );

  app.delete(
    '/staff/forms/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Delete a contact form (staff)',
        description: 'Deletes the form; its leads stay (without form). 204. 404 unknown.',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteForm(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** Adds Retry-After to a 429 and rethrows every error. */
function retryAfter(reply: { header(name: string, value: string): unknown }, err: unknown): never {
  if (err instanceof TooManyLeadsError) reply.header('retry-after', String(err.retryAfterSeconds));
  throw err instanceof ApiError ? err : (err as Error);
}
